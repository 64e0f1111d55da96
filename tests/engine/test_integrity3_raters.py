"""Rater files are data, never paths or identities by assertion (issue #36 items 2 and 3): the attack
steps of the issue, each of which succeeded before the fix. One data folder per simulated person."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_raters import _as_user, _jsonl, _label_everything, source  # noqa: F401  (same folder, a fixture)

from factaudit.engine import services
from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import raters as rt
from factaudit.engine.errors import FactAuditError, InvalidArgument, SealError
from factaudit.engine.project import audit_store, rater_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.rater_side import UntrustedSender, workspace_path


def _forged(pkg: Path, out: Path, tmp: Path, **changes) -> Path:
    """The package's content with its manifest changed, sealed again by whoever runs this."""
    work = tmp / f"forge-{out.stem}.faproj"
    services.make_working_copy(pkg, work)
    with Project.open(work) as p:
        data = json.loads(rater_store.get_meta(p, rt.PACKAGE_KEY))
        data.update(changes)
        rater_store.set_meta(p, rt.PACKAGE_KEY, json.dumps(data))
    services.seal_project(work, out)
    return out


def _faprojs(root: Path) -> set[Path]:
    return set(root.rglob("*.faproj"))


@pytest.mark.parametrize("bad_id", ["{tmp}/victim", "../../../x/rel", "pkg-../../x", "pkg-%s\x00" % ("0" * 8)])
def test_a_package_id_never_names_a_file(source, monkeypatch, bad_id):
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    bad_id = bad_id.format(tmp=tmp)
    _as_user(monkeypatch, tmp, "mallory")              # anyone: the forger signs with their own key
    mallory = services.export_public_key().fingerprint
    evil = _forged(pkg, tmp / "evil.faproj", tmp, package_id=bad_id, sender=mallory)
    _as_user(monkeypatch, tmp, "rater")               # who even trusts mallory (the exchange above)
    before = _faprojs(tmp)
    with pytest.raises(InvalidArgument, match="package id .* is not one factaudit writes"):
        services.open_rater_package(evil)
    with pytest.raises(InvalidArgument, match="not one factaudit writes"):
        services.import_package_labels(evil, _jsonl(tmp / "l.jsonl", []))
    assert _faprojs(tmp) == before and not Path(f"{tmp}/victim.faproj").exists()
    assert not (tmp / "x").exists() and not (tmp.parent / "x").exists()


def test_the_workspace_path_is_derived_and_stays_in_its_folder(tmp_path):
    good = "pkg-0f8fad5b-d9cb-469f-a165-70867728950e"
    assert workspace_path(good).parent.name == "rater-workspaces"
    for bad in ("pkg-0f8fad5b-d9cb-469f-a165-70867728950e/../../x", "/tmp/x", "pkg-0F8FAD5B-D9CB-469F-A165-70867728950E",
                "pkg-0f8fad5b-d9cb-469f-a165-70867728950e\n", "", None, 7):
        with pytest.raises(InvalidArgument):
            workspace_path(bad)


def test_an_untrusted_or_mismatched_sender_is_refused_until_confirmed(source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    sender = services.export_public_key().fingerprint
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp / "stranger" / "config"))   # no fingerprint exchange
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp / "stranger" / "data"))
    with pytest.raises(UntrustedSender) as err:
        services.open_rater_package(pkg)
    assert err.value.fingerprint == sender and sender in str(err.value) and "\n" not in str(err.value)
    assert not (tmp / "stranger" / "data" / "rater-workspaces").exists()          # nothing was opened
    with pytest.raises(UntrustedSender):
        services.open_rater_package(pkg, trust_sender="ed25519:0000000000000000")   # another fingerprint
    with services.open_rater_package(pkg, trust_sender=sender) as ws:              # the rater confirmed it
        assert services.rater_progress(ws) == (0, 2)
    assert sender in services.trusted_keys()
    with services.open_rater_package(pkg):                                         # no second question
        pass
    # a package that names someone else as its sender than the key that signed it
    _as_user(monkeypatch, tmp, "mallory")
    liar = _forged(pkg, tmp / "liar.faproj", tmp, sender=sender)
    _as_user(monkeypatch, tmp, "rater")
    with pytest.raises(SealError, match="names .* as its sender but is signed by"):
        services.open_rater_package(liar)


def _return(pkg: Path, tmp: Path, monkeypatch, who: str) -> Path:
    """`who` opens the package, labels every unit under the package's rater name and returns it."""
    _as_user(monkeypatch, tmp, who)
    with services.open_rater_package(pkg) as ws:
        labels = _jsonl(tmp / f"{who}.jsonl", _label_everything(ws, services.codebook(ws.project)))
    services.import_package_labels(pkg, labels)
    ret = tmp / f"ret-{who}-{len(list(tmp.glob('ret-*')))}.faproj"
    services.rater_return(pkg, ret)
    return ret


def test_a_return_from_another_key_is_refused_after_the_first(source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    real = _return(pkg, tmp, monkeypatch, "bob")
    bob = services.export_public_key().fingerprint
    forged = _return(pkg, tmp, monkeypatch, "mallory")   # holds the package, answers as Bob
    mallory = services.export_public_key().fingerprint
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp / "sender" / "config"))    # the owner, no exchange
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp / "sender" / "data"))
    before = audit_store.count_annotations(project)
    # the first return of a package: its key must be trusted or confirmed, never taken silently
    with pytest.raises(UntrustedSender) as err:
        services.rater_merge(project, forged)
    assert err.value.fingerprint == mallory
    assert audit_store.count_annotations(project) == before
    m = services.rater_merge(project, real, trust=bob)
    assert m.added > 0 and m.key_fingerprint == bob
    # Bob's key is now pinned for this package: Mallory is refused even when the owner "trusts" her
    for trust in (None, mallory):
        with pytest.raises(SealError, match="only the rater's own key may answer it"):
            services.rater_merge(project, forged, trust=trust)
    assert audit_store.count_annotations(project) == before + m.added
    assert services.rater_merge(project, real).added == 0     # Bob's own file again: pinned, idempotent


def _tampered_return(source, monkeypatch, sql: str, params=()) -> tuple[Project, Path]:
    """Bob's return with one record changed the way a hostile rater could (any SQL, foreign keys off),
    sealed again with Bob's own key: only the merge's checks stand in the way."""
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    ret = _return(pkg, tmp, monkeypatch, "bob")
    work = tmp / "ret-work.faproj"
    services.make_working_copy(ret, work)
    conn = sqlite3.connect(work)
    conn.execute("PRAGMA foreign_keys = OFF")
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')          # the append-only guards are the sender's to drop
    assert conn.execute(sql, params).rowcount == 1
    conn.commit()
    conn.close()
    out = tmp / "ret-tampered.faproj"
    services.seal_project(work, out)
    _as_user(monkeypatch, tmp, "sender")
    return project, out


FIRST = "WHERE rowid = (SELECT min(rowid) FROM annotations)"


@pytest.mark.parametrize("sql, message", [
    (f"UPDATE annotations SET code = 'NOT_A_CODE' {FIRST}", "is not a code of"),
    (f"UPDATE annotations SET dimension = 'not_a_dimension' {FIRST}", "is not among the evidence dimensions"),
    (f"UPDATE annotations SET note = printf('%.*c', 3000000, 'x') {FIRST}", "a note of 3,000,000 characters"),
    (f"UPDATE annotations SET supersedes = 'owner-label' {FIRST}", "not one of Bob's own labels"),
])
def test_returned_records_are_checked_like_an_import(source, monkeypatch, sql, message):
    project = source[0]
    book = services.codebook(project)
    owner = services.annotate(project, target="evidence", claim_id="a0:s1#1", passage_id="p1",
                              dimension=book.evidence[0].id, code=book.evidence[0].codes[0].id, annotator="expert")
    project, ret = _tampered_return(source, monkeypatch, sql)
    before = audit_store.count_annotations(project)
    with pytest.raises(FactAuditError, match=message):
        services.rater_merge(project, ret)
    assert audit_store.count_annotations(project) == before
    assert owner.id in audit_store.get_annotations(project, [owner.id])


def test_a_correction_may_not_hide_the_owners_label(source, monkeypatch):
    project = source[0]
    book = services.codebook(project)
    owner = services.annotate(project, target="evidence", claim_id="a0:s1#1", passage_id="p1",
                              dimension=book.evidence[0].id, code=book.evidence[0].codes[0].id, annotator="expert")
    project, ret = _tampered_return(source, monkeypatch, f"UPDATE annotations SET supersedes = ? {FIRST}", (owner.id,))
    with pytest.raises(FactAuditError, match="not one of Bob's own labels"):
        services.rater_merge(project, ret)
    heads = ann.current_labels(audit_store.list_annotations(project))
    assert owner.id in {a.id for a in heads.values()}


def test_returned_times_are_the_merges(source, monkeypatch):
    project, ret = _tampered_return(source, monkeypatch,
                                    f"UPDATE annotations SET created = '9999-12-31T23:59:59+00:00' {FIRST}")
    from factaudit.engine.project.db import now_iso

    start = now_iso()
    m = services.rater_merge(project, ret)
    stored = audit_store.list_annotations(project, annotator="Bob")
    assert len(stored) == m.added and m.added > 1
    assert all(start <= a.created <= now_iso() for a in stored), {a.created for a in stored}
    assert not any(a.created.startswith("9999") for a in audit_store.list_annotations(project))


def test_the_cli_shows_the_fingerprint_and_merges_only_with_trust(source, monkeypatch):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    ret = _return(pkg, tmp, monkeypatch, "bob")
    bob = services.export_public_key().fingerprint
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp / "sender" / "config"))    # the owner, no exchange
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp / "sender" / "data"))
    path = project.path
    project.close()
    refused = CliRunner().invoke(cli, ["rater-merge", str(path), str(ret)])
    assert refused.exit_code != 0 and refused.output.count("\n") == 1, refused.output
    assert bob in refused.output and "--trust" in refused.output and "nothing was written" in refused.output
    merged = CliRunner().invoke(cli, ["rater-merge", str(path), str(ret), "--trust", bob, "--json"])
    assert merged.exit_code == 0, merged.output
    assert json.loads(merged.output)["key_fingerprint"] == bob and json.loads(merged.output)["added"] > 0
    # the rater's side: a package from a sender this person never trusted is one line, with the fingerprint
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp / "stranger" / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp / "stranger" / "data"))
    out = CliRunner().invoke(cli, ["annotations", "import", str(pkg), str(_jsonl(tmp / "none.jsonl", []))])
    assert out.exit_code != 0 and out.output.count("\n") == 1 and "not among your trusted keys" in out.output


def test_package_units_are_in_a_seeded_order_that_says_nothing_of_the_verdicts(source):
    project, _, _, tmp = source
    claims = sorted({u for u, in project.reader().execute("SELECT id FROM claims")})
    verdicts = ["Supported", "Refuted", "No Evidence"]
    vrun = services.import_files(project, [_jsonl(tmp / "v3.jsonl", [
        {"claim_id": c, "verdict": verdicts[i % 3], "reasoning": "r"} for i, c in enumerate(claims)])],
        kind="verdicts").run_id
    of = {c: verdicts[i % 3] for i, c in enumerate(claims)}
    orders = []
    for n, seed in enumerate((5, 5, 6)):
        res = services.make_rater_package(project, tmp / f"r{n}.faproj", "Bob", target="reasoning", units=9,
                                          seed=seed, run=vrun)
        orders.append([u[1] for u in rater_store.get_package(project, res.package_id).units])
    assert orders[0] == orders[1] and sorted(orders[0]) != orders[0]        # reproducible, not by id
    assert orders[2] != orders[0]                                            # another seed, another draw
    for order in orders:
        runs = 1 + sum(of[a] != of[b] for a, b in zip(order, order[1:]))
        assert runs > 3, [of[c] for c in order]     # not three blocks of one verdict each (the draw's order)


def _forged_text(pkg: Path, out: Path, tmp: Path, key: str, text: str) -> Path:
    work = tmp / f"forge-{out.stem}.faproj"
    services.make_working_copy(pkg, work)
    with Project.open(work) as p:
        rater_store.set_meta(p, key, text)
    services.seal_project(work, out)
    return out


HOSTILE = {
    "null": "null", "list": "[1, 2]", "number": "7", "not json": "{",
    "long id": None, "nul in rater": None, "units not lists": None, "version text": None, "rater number": None,
}


def test_hostile_package_descriptions_are_one_line(source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    with services.open_sealed(pkg) as sealed:
        good = json.loads(rater_store.get_meta(sealed.project, rt.PACKAGE_KEY))
    variants = {"long id": {**good, "package_id": "pkg-" + "a" * 5000}, "nul in rater": {**good, "rater": "B\x00ob"},
                "units not lists": {**good, "units": ["evidence"]}, "version text": {**good, "codebook_version": "1"},
                "rater number": {**good, "rater": 7}}
    for n, (what, text) in enumerate(HOSTILE.items()):
        text = text if text is not None else json.dumps(variants[what])
        bad = _forged_text(pkg, tmp / f"bad{n}.faproj", tmp, rt.PACKAGE_KEY, text)
        for attempt in (lambda: services.open_rater_package(bad), lambda: services.package_manifest(bad)):
            with pytest.raises(FactAuditError) as err:
                attempt()
            assert "\n" not in str(err.value) and len(str(err.value)) < 300, (what, str(err.value)[:300])
        assert services.is_rater_package(bad) in (True, False)
    assert not workspace_path(good["package_id"]).exists()


def test_hostile_return_descriptions_are_one_line(source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "pkg.faproj"
    services.make_rater_package(project, pkg, "Bob", units=2, k=1)
    ret = _return(pkg, tmp, monkeypatch, "bob")
    with services.open_sealed(ret) as sealed:
        good = json.loads(rater_store.get_meta(sealed.project, rt.RETURN_KEY))
    variants = {"long id": {**good, "package_id": "pkg-" + "a" * 5000}, "nul in rater": {**good, "rater": "B\x00ob"},
                "units not lists": {**good, "rater_key": ["x"]}, "version text": {**good, "codebook_version": "1"},
                "rater number": {**good, "rater": 7}}
    bad_files = []
    for n, (what, text) in enumerate(HOSTILE.items()):
        text = text if text is not None else json.dumps(variants[what])
        bad_files.append(_forged_text(ret, tmp / f"badret{n}.faproj", tmp, rt.RETURN_KEY, text))
    _as_user(monkeypatch, tmp, "sender")
    before = audit_store.count_annotations(project)
    for bad in bad_files:
        with pytest.raises(FactAuditError) as err:
            services.rater_merge(project, bad)
        assert "\n" not in str(err.value) and len(str(err.value)) < 300, str(err.value)[:300]
    assert audit_store.count_annotations(project) == before
