"""Second raters offline (issue #21 items 1–4): a blind sealed package, the rater's workspace and
return file under another user's key, merge with provenance, refusals, and adjudication."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError, InvalidArgument

ENDPOINT = "http://127.0.0.1:9/v1-endpoint-marker"
OTHER = "Dr Other Rater Marker"
PRELABEL = "llm:prelabel-marker@abc123"
REASONING = "REASONING-MARKER text of the verifier"
REASON = "EXPERT-REASON-MARKER"


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _as_user(monkeypatch, root: Path, who: str) -> None:
    """Switch to another person's config and data folders (their own signing key)."""
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(root / who / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(root / who / "data"))
    # The people of a test have checked each other's key fingerprints out of band: a package from an
    # untrusted sender and an untrusted rater's first return are refused (issue #36).
    known = root / "fingerprints.txt"
    for fp in known.read_text().split() if known.exists() else []:
        services.trust_key(fp)
    with known.open("a") as fh:
        fh.write(services.export_public_key().fingerprint + "\n")


@pytest.fixture
def source(tmp_path, monkeypatch):
    _as_user(monkeypatch, tmp_path, "sender")
    passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": f"Title {i}", "text": f"Passage text {i}."} for i in range(12)]
    answers = [{"id": f"a{a}", "answer": f"Answer {a}. Second {a}.", "sentences": [
        {"id": f"a{a}:s1", "text": f"Answer {a}.", "label": "error", "reason": REASON},
        {"id": f"a{a}:s2", "text": f"Second {a}.", "label": "correct"}]} for a in range(6)]
    claims = [{"id": f"a{a}:s{k}#1", "claim": f"Claim {a}.{k}", "sentence_id": f"a{a}:s{k}", "item_id": f"a{a}",
               "label": "Refuted"} for a in range(6) for k in (1, 2)]
    project = services.create_project(tmp_path / "src.faproj")
    services.import_files(project, [_jsonl(tmp_path / "corpus.jsonl", passages)], kind="corpus")
    services.import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    services.import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    trec = tmp_path / "run.trec"
    trec.write_text("".join(f"{c['id']} Q0 p{(i + r) % 12} {r} {10 - r}.0 t\n" for i, c in enumerate(claims)
                            for r in range(1, 4)))
    rrun = services.import_files(project, [trec], fmt="trec", kind="run").run_id
    verdicts = [{"claim_id": c["id"], "verdict": "Ambiguous", "reasoning": REASONING} for c in claims]
    vrun = services.import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    book = services.codebook(project)
    c0 = claims[0]["id"]
    # another rater and an LLM pre-label already in the project: neither may reach the package
    services.annotate(project, target="evidence", claim_id=c0, passage_id="p1", dimension=book.evidence[0].id,
                      code=book.evidence[0].codes[0].id, annotator=OTHER)
    services.annotate(project, target="evidence", claim_id=c0, passage_id="p1", dimension=book.evidence[0].id,
                      code=book.evidence[0].codes[1].id, annotator=PRELABEL)
    yield project, rrun, vrun, tmp_path
    project.close()


def _label_everything(ws, book, pick=0):
    rows = []
    for unit in ws.manifest.units:
        for d in book.evidence:
            rows.append({"target": "evidence", "claim_id": unit[1], "passage_id": unit[2], "dimension": d.id,
                         "code": d.codes[pick % len(d.codes)].id, "annotator": ws.manifest.rater})
    return rows


def test_round_trip_between_two_users(source, monkeypatch):
    project, rrun, _, tmp = source
    book = services.codebook(project)
    pkg = tmp / "for-bob.faproj"
    res = services.make_rater_package(project, pkg, "Bob", target="evidence", units=4, seed=5, k=2)
    assert res.n_units == 8 and sum(res.strata.values()) == 4
    # the same seed draws the same units
    again = services.make_rater_package(project, tmp / "again.faproj", "Bob", units=4, seed=5, k=2)
    assert services.rater_packages(project)[0].units == services.rater_packages(project)[1].units
    assert again.package_id != res.package_id

    # blind: nothing the rater must not see is in the file's bytes
    data = pkg.read_bytes()
    for marker in (OTHER, PRELABEL, REASONING, REASON, ENDPOINT):
        assert marker.encode() not in data
    conn = sqlite3.connect(f"{pkg.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        assert conn.execute("SELECT count(*) FROM annotations").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM claims WHERE gold_label IS NOT NULL").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM sentences WHERE label IS NOT NULL OR reason IS NOT NULL").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM verdicts").fetchone()[0] == 0
        assert {r[0] for r in conn.execute("SELECT config FROM runs")} == {"{}"}
        # the schema's CHECK constraints and the codebook's text spell verdict names; nothing else may
        spelled = " ".join([*(r[0] for r in conn.execute("SELECT body FROM codebooks")),
                            *(r[0] for r in conn.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))])
    finally:
        conn.close()
    for word in (b"Refuted", b"Ambiguous"):
        assert data.count(word) == spelled.encode().count(word)

    # the rater: another user, another key
    _as_user(monkeypatch, tmp, "rater")
    assert services.is_rater_package(pkg)
    with services.open_rater_package(pkg) as ws:
        assert services.rater_progress(ws) == (0, 8)
        labels = _jsonl(tmp / "bob.jsonl", _label_everything(ws, book, pick=1)[:len(book.evidence) * 3])
    r = CliRunner().invoke(_cli(), ["annotations", "import", str(pkg), str(labels), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["labelled"] == 3
    with services.open_rater_package(pkg) as ws:          # reopening resumes
        assert services.rater_progress(ws) == (3, 8)
    ret = tmp / "bob-return.faproj"
    r = CliRunner().invoke(_cli(), ["rater-return", str(pkg), "--out", str(ret), "--json"])
    assert r.exit_code == 0, r.output
    rater_key = json.loads(r.output)["rater_key"]

    # back at the sender's: merge, twice
    _as_user(monkeypatch, tmp, "sender")
    assert rater_key != services.export_public_key().fingerprint
    m = services.rater_merge(project, ret)
    assert m.added == 3 * len(book.evidence) and m.key_fingerprint == rater_key and m.trusted
    m2 = services.rater_merge(project, ret)
    assert m2.added == 0 and m2.unchanged == m.added
    prov = services.merge_provenance(project)
    assert len(prov) == m.added and {p.rater for p in prov.values()} == {"Bob"}
    assert {p.package_id for p in prov.values()} == {res.package_id} and {p.key_fingerprint for p in prov.values()} == {rater_key}
    # with --trust naming another key the same file is refused
    with pytest.raises(FactAuditError, match="not by the key given"):
        services.rater_merge(project, ret, trust=services.export_public_key().fingerprint)


def _cli():
    from factaudit.engine.cli import cli

    return cli


def _count(project) -> int:
    return project.reader().execute("SELECT (SELECT count(*) FROM annotations) + (SELECT count(*) FROM rater_merges)"
                                    ).fetchone()[0]


def _returned(source, monkeypatch, rater="Bob"):
    project, _, _, tmp = source
    book = services.codebook(project)
    pkg = tmp / f"pkg-{rater}.faproj"
    services.make_rater_package(project, pkg, rater, units=2, k=1)
    _as_user(monkeypatch, tmp, f"rater-{rater}")
    with services.open_rater_package(pkg) as ws:
        labels = _jsonl(tmp / f"{rater}.jsonl", _label_everything(ws, book))
    services.import_package_labels(pkg, labels)
    ret = tmp / f"ret-{rater}.faproj"
    services.rater_return(pkg, ret)
    _as_user(monkeypatch, tmp, "sender")
    return pkg, ret


def test_bad_returns_are_refused_with_nothing_written(source, monkeypatch, tmp_path):
    project, _, _, tmp = source
    pkg, ret = _returned(source, monkeypatch)
    before = _count(project)
    # truncated
    cut = tmp / "cut.faproj"
    cut.write_bytes(ret.read_bytes()[: len(ret.read_bytes()) // 2])
    # tampered: one byte of a label changed
    bad = tmp / "tampered.faproj"
    raw = bytearray(ret.read_bytes())
    at = raw.find(b"Bob", len(raw) // 3)
    raw[at] = ord("X")
    bad.write_bytes(bytes(raw))
    for f in (cut, bad):
        with pytest.raises(FactAuditError) as err:
            services.rater_merge(project, f)
        assert "\n" not in str(err.value)
    # foreign: a project that did not send the package
    other = services.create_project(tmp / "other.faproj")
    try:
        with pytest.raises(InvalidArgument, match="another project"):
            services.rater_merge(other, ret)
    finally:
        other.close()
    assert _count(project) == before
    r = CliRunner().invoke(_cli(), ["rater-merge", str(project.path), str(cut)])
    assert r.exit_code == 2 and r.output.count("\n") == 1
    # the codebook changed since the package was made
    book = services.codebook(project)

    data = book.to_json()
    data["evidence"][0]["name"] = data["evidence"][0].get("name", "") + " (edited)"
    services.save_codebook_data(project, data, note="edited after sending")
    with pytest.raises(InvalidArgument, match="codebook changed"):
        services.rater_merge(project, ret)
    assert _count(project) == before


def test_labels_outside_the_package_and_name_collisions(source, monkeypatch):
    project, _, _, tmp = source
    book = services.codebook(project)
    with pytest.raises(InvalidArgument, match="collides"):
        services.make_rater_package(project, tmp / "x.faproj", OTHER, units=2)
    with pytest.raises(InvalidArgument, match="reserved"):
        services.make_rater_package(project, tmp / "x.faproj", "adjudicator:Ann", units=2)
    pkg = tmp / "p.faproj"
    services.make_rater_package(project, pkg, "Carol", units=2, k=1)
    _as_user(monkeypatch, tmp, "carol")
    with services.open_rater_package(pkg) as ws:
        units = {tuple(u) for u in ws.manifest.units}
        stranger = next(f"a{a}:s{k}#1" for a in range(6) for k in (1, 2)
                        if ("evidence", f"a{a}:s{k}#1", "p1") not in units)
        good = _label_everything(ws, book)
    d = book.evidence[0]
    outside = _jsonl(tmp / "out.jsonl", [*good, {"target": "evidence", "claim_id": stranger, "passage_id": "p1",
                                                 "dimension": d.id, "code": d.codes[0].id, "annotator": "Carol"}])
    with pytest.raises(InvalidArgument, match="not a unit of this package"):
        services.import_package_labels(pkg, outside)
    wrong = _jsonl(tmp / "who.jsonl", [dict(good[0], annotator="Mallory")])
    with pytest.raises(InvalidArgument, match="this package is for 'Carol'"):
        services.import_package_labels(pkg, wrong)
    with services.open_rater_package(pkg) as ws:
        assert services.rater_progress(ws)[0] == 0          # nothing partial was written


def test_newer_package_format_is_refused(source):
    from factaudit.engine.audit import raters as rt

    text = json.dumps({"kind": "rater-package", "format": rt.PACKAGE_FORMAT + 1})
    with pytest.raises(InvalidArgument, match="newer factaudit"):
        rt.load_package(text, "p.faproj")


def test_adjudication_is_used_by_figures_and_left_out_of_agreement(source, monkeypatch):
    project, _, _, tmp = source
    book = services.codebook(project)
    pkg, ret = _returned(source, monkeypatch)       # Bob picked every dimension's first code
    services.rater_merge(project, ret)
    units = services.rater_packages(project)[0].units
    d = book.evidence[0]
    _, claim, passage = units[0]
    # Alice (here) disagrees with Bob on the first unit's first dimension
    services.annotate(project, target="evidence", claim_id=claim, passage_id=passage, dimension=d.id,
                      code=d.codes[1].id, annotator="Alice")
    rows = services.rater_disagreements(project, "evidence", d.id)
    assert [(r.claim_id, r.other, r.codes) for r in rows] == [(claim, passage, {"Alice": d.codes[1].id,
                                                                                 "Bob": d.codes[0].id})]
    before = services.agreement_json(services.agreement(project, n_resamples=200))
    services.adjudicate(project, target="evidence", claim_id=claim, passage_id=passage, dimension=d.id,
                        code=d.codes[2 % len(d.codes)].id, adjudicator="Ann")
    after = services.agreement_json(services.agreement(project, n_resamples=200))
    assert before == after                                  # agreement is computed before adjudication
    assert services.rater_disagreements(project, "evidence", d.id)[0].adjudicated == d.codes[2 % len(d.codes)].id
    from factaudit.engine.audit import annotations as ann
    from factaudit.engine.project import audit_store

    merged = ann.merged_labels(audit_store.list_annotations(project))
    assert merged[("evidence", claim, passage)][d.id] == d.codes[2 % len(d.codes)].id
    r = CliRunner().invoke(_cli(), ["adjudicate", str(project.path), "--list", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)[0]["adjudicator"] == "adjudicator:Ann"


def test_reasoning_package_carries_the_reasoning_but_no_verdict(source, monkeypatch):
    project, _, vrun, tmp = source
    pkg = tmp / "reasoning.faproj"
    res = services.make_rater_package(project, pkg, "Dana", target="reasoning", all_units=True)
    assert res.n_units == 12
    conn = sqlite3.connect(f"{pkg.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        rows = conn.execute("SELECT run_id, verdict, reasoning FROM verdicts").fetchall()
    finally:
        conn.close()
    assert len(rows) == 12 and {r[0] for r in rows} == {vrun}
    assert {r[1] for r in rows} == {None} and {r[2] for r in rows} == {REASONING}
    book = services.codebook(project)
    _as_user(monkeypatch, tmp, "dana")
    with services.open_rater_package(pkg) as ws:
        step = book.reasoning[0]
        unit = ws.manifest.units[0]
        labels = _jsonl(tmp / "dana.jsonl", [{"target": "reasoning", "claim_id": unit[1], "run_id": unit[2],
                                              "dimension": step.id, "code": step.codes[0].id, "annotator": "Dana"}])
    assert services.import_package_labels(pkg, labels)["added"] == 1
    ret = tmp / "dana-ret.faproj"
    services.rater_return(pkg, ret)
    _as_user(monkeypatch, tmp, "sender")
    assert services.rater_merge(project, ret).added == 1


def test_sentence_package_round_trip(source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "sentences.faproj"
    res = services.make_rater_package(project, pkg, "Eve", target="sentences", units=4, seed=1)
    assert res.n_units == 4
    data = pkg.read_bytes()
    assert REASON.encode() not in data
    _as_user(monkeypatch, tmp, "eve")
    with services.open_rater_package(pkg) as ws:
        ids = [u[1] for u in ws.manifest.units]
        services.rate_sentence(ws, ids[0], "error")
        with pytest.raises(InvalidArgument, match="correct or error"):
            services.rate_sentence(ws, ids[1], "wrong")
    labels = _jsonl(tmp / "eve.jsonl", [{"sentence_id": i, "label": "correct", "annotator": "Eve"} for i in ids[1:]])
    got = services.import_package_labels(pkg, labels)
    assert (got["added"], got["labelled"], got["units"]) == (3, 4, 4)
    ret = tmp / "eve-ret.faproj"
    out = services.rater_return(pkg, ret)
    assert out.n_sentence_ratings == 4
    _as_user(monkeypatch, tmp, "sender")
    m = services.rater_merge(project, ret)
    assert m.sentence_ratings_added == 4
    assert services.rater_merge(project, ret).sentence_ratings_added == 0
    assert len(services.merge_provenance(project)) == 4


def test_sentence_adjudication_feeds_certify(source, monkeypatch):
    project, _, vrun, tmp = source
    pkg = tmp / "s.faproj"
    services.make_rater_package(project, pkg, "Eve", target="sentences", all_units=True)
    _as_user(monkeypatch, tmp, "eve")
    with services.open_rater_package(pkg) as ws:
        ids = [u[1] for u in ws.manifest.units]
    # Eve calls every sentence correct; the expert called every s1 sentence an error
    services.import_package_labels(pkg, _jsonl(tmp / "e.jsonl", [{"sentence_id": i, "label": "correct",
                                                                   "annotator": "Eve"} for i in ids]))
    services.rater_return(pkg, tmp / "e-ret.faproj")
    _as_user(monkeypatch, tmp, "sender")
    services.rater_merge(project, tmp / "e-ret.faproj")
    rows = services.sentence_disagreements(project)
    assert sorted(r.claim_id for r in rows) == [f"a{a}:s1" for a in range(6)]
    assert rows[0].codes == {"expert": "error", "Eve": "correct"}
    before = services.certify(project, vrun, "R+NE+A", "sentence").to_json()
    assert before["n_labelled_errors"] == 6
    services.adjudicate_sentence(project, "a0:s1", "correct", "Ann")
    after = services.certify(project, vrun, "R+NE+A", "sentence").to_json()
    assert after["n_labelled_errors"] == 5 and after["n_labelled"] == before["n_labelled"] == 12
    assert services.sentence_disagreements(project)[0].adjudicated == "correct"
    r = CliRunner().invoke(_cli(), ["adjudicate", str(project.path), "--target", "sentence", "--sentence", "a1:s1",
                                    "--code", "maybe", "--by", "Ann"])
    assert r.exit_code == 2 and "correct or error" in r.output


def test_encrypted_package_through_the_cli(source, monkeypatch):
    project, _, _, tmp = source
    path = str(project.path)
    project.close()
    monkeypatch.setenv("FACTAUDIT_PASSPHRASE", "correct horse battery staple")
    pkg = tmp / "enc.faproj"
    r = CliRunner().invoke(_cli(), ["rater-package", path, "--out", str(pkg), "--rater", "Finn", "--units", "2",
                                    "--k", "1", "--encrypt", "--json"])
    assert r.exit_code == 0, r.output
    assert services.is_encrypted(pkg) and REASON.encode() not in pkg.read_bytes()
    _as_user(monkeypatch, tmp, "finn")
    with services.open_rater_package(pkg, "correct horse battery staple") as ws:
        d = services.codebook(ws.project).evidence[0]
        rows = [{"target": "evidence", "claim_id": u[1], "passage_id": u[2], "dimension": d.id,
                 "code": d.codes[0].id, "annotator": "Finn"} for u in ws.manifest.units]
    r = CliRunner().invoke(_cli(), ["annotations", "import", str(pkg), str(_jsonl(tmp / "f.jsonl", rows))])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(_cli(), ["rater-return", str(pkg), "--out", str(tmp / "f-ret.faproj")])
    assert r.exit_code == 0, r.output
    _as_user(monkeypatch, tmp, "sender")
    r = CliRunner().invoke(_cli(), ["rater-merge", path, str(tmp / "f-ret.faproj"), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["added"] == len(rows)
