"""Codebook versions and append-only annotations: corrections, undo, export/import."""
from __future__ import annotations

import json
import sqlite3

import pytest
import yaml
from click.testing import CliRunner

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.cli import cli
from factaudit.engine.errors import ImportFailed, InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord


def cli_run(*args):
    return CliRunner().invoke(cli, list(map(str, args)))


def make_project(path):
    corpus = path.parent / f"{path.stem}-corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"p{i}", "text": f"passage {i}"}) + "\n" for i in range(1, 4)))
    claims = path.parent / f"{path.stem}-claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"claim {i}", "label": "Supported"}) + "\n"
                              for i in range(1, 4)))
    p = Project.create(path)
    import_files(p, [corpus], kind="corpus")
    import_files(p, [claims], kind="claims")
    rid = runs.create_run(p, "verify", {"retrieval_run": None})
    runs.add_verdict(p, rid, VerdictRecord("c1", "Supported", reasoning="because"))
    runs.finish_run(p, rid, "done")
    return p


@pytest.fixture
def proj(tmp_path):
    p = make_project(tmp_path / "a.faproj")
    yield p
    p.close()


def ev(p, claim, passage, dim, code, who="alice", **kw):
    return ann.annotate(p, target="evidence", claim_id=claim, passage_id=passage, dimension=dim, code=code,
                        annotator=who, **kw)


def current(p):
    return {(a.claim_id, a.passage_id, a.dimension, a.annotator): a.code
            for a in ann.current_labels(store.list_annotations(p)).values()}


# ---- codebook ----------------------------------------------------------------------------------
def test_seed_codebook_shape():
    book = cb.load_seed()
    assert [d.id for d in book.evidence] == ["entity_match", "clinical_scope", "credibility", "polarity",
                                            "chunk_quality"]
    assert sum(len(d.codes) for d in book.evidence) == 13
    assert [d.id for d in book.reasoning] == ["evidence_selection", "evidence_interpretation", "inference",
                                             "confidence", "label_consistency", "grounding"]
    assert sum(len(d.codes) for d in book.reasoning) == 16
    failures = [c for d in book.dimensions() for c in d.codes if c.pattern]
    assert {c.pattern for c in failures} == {f"R{i}" for i in range(1, 6)} | {f"V{i}" for i in range(1, 7)}
    assert all(c.definition and c.examples for d in book.dimensions() for c in d.codes)
    assert book.high_quality["polarity"] == ("supports", "refutes")
    assert book.is_high_quality({"entity_match": "exact", "clinical_scope": "exact", "credibility": "reliable",
                                 "polarity": "refutes", "chunk_quality": "complete"}) is True
    assert book.is_high_quality({"entity_match": "exact", "polarity": "neutral"}) is False
    assert book.is_high_quality({"entity_match": "exact"}) is None


def test_seed_becomes_version_1_and_edits_make_new_versions(proj, tmp_path):
    assert store.latest_codebook_version(proj) is None
    assert codebook_versions.current(proj).version == 1
    assert [v["version"] for v in codebook_versions.list_versions(proj)] == [1]
    data = yaml.safe_load(codebook_versions.current(proj).body)
    data["reasoning"][0]["codes"].append({"id": "cherry_picked", "definition": "picked one line", "pattern": "V1"})
    v2 = codebook_versions.save_version(proj, yaml.safe_dump(data), note="new code")
    assert v2.version == 2 and v2.has_code("evidence_selection", "cherry_picked")
    assert codebook_versions.save_version(proj, v2.body).version == 2          # unchanged: no new version
    assert codebook_versions.current(proj, 1).dimension("evidence_selection").code("cherry_picked") is None
    # the editor's structured round trip
    from factaudit.engine.services import audit

    edited = v2.to_json()
    edited["evidence"][3]["codes"][2]["definition"] = "On topic, nothing decides the claim."
    v3 = audit.save_codebook_data(proj, edited, note="reworded")
    assert v3.version == 3 and v3.dimension("polarity").code("neutral").definition.startswith("On topic, nothing")
    assert v3.to_json()["reasoning"] == v2.to_json()["reasoning"] and v3.high_quality == v2.high_quality
    assert audit.save_codebook_data(proj, v3.to_json()).version == 3
    # CLI: export the newest version and import it again (unchanged), then an older one (a new version)
    out = tmp_path / "cb.yaml"
    proj.close()
    assert cli_run("codebook", "export", proj.path, out).exit_code == 0
    res = cli_run("codebook", "import", proj.path, out, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output) == {"version": 3, "created": False, "sha256": v3.sha256}
    assert cli_run("codebook", "export", proj.path, out, "--version", "2").exit_code == 0
    assert json.loads(cli_run("codebook", "import", proj.path, out, "--json").output)["created"] is True
    shown = json.loads(cli_run("codebook", "show", proj.path, "--json").output)
    assert shown["version"] == 4 and [v["version"] for v in shown["versions"]] == [1, 2, 3, 4]
    assert shown["evidence"][3]["codes"][2]["definition"] == v2.dimension("polarity").code("neutral").definition


def test_bad_codebook_names_the_field(proj, tmp_path):
    data = yaml.safe_load(cb.load_seed().body)
    data["evidence"][1]["codes"][2]["pattern"] = "X9"
    data["high_quality"]["polarity"] = ["supports", "maybe"]
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    proj.close()
    res = cli_run("codebook", "import", proj.path, bad)
    assert res.exit_code == 2
    assert "bad.yaml:evidence[1].codes[2].pattern" in res.output
    assert "high_quality.polarity: 'maybe' is not a code of polarity" in res.output
    with Project.open(proj.path) as p:
        assert [v["version"] for v in codebook_versions.list_versions(p)] == [1]


# ---- append-only records -----------------------------------------------------------------------
def test_corrections_supersede_and_undo_restores(proj):
    a1 = ev(proj, "c1", "p1", "polarity", "supports")
    assert a1.id.startswith("ann-") and a1.codebook_version == 1 and a1.supersedes is None
    a2 = ev(proj, "c1", "p1", "polarity", "refutes", blind=True)          # relabel = correction
    assert a2.supersedes == a1.id
    a3 = ann.correct(proj, a2.id, "neutral", note="second look")
    assert a3.supersedes == a2.id
    assert current(proj)[("c1", "p1", "polarity", "alice")] == "neutral"
    u1 = ann.undo(proj, a3.id)                                           # back to refutes
    assert u1.supersedes == a3.id and u1.code == "refutes"
    assert current(proj)[("c1", "p1", "polarity", "alice")] == "refutes"
    b1 = ev(proj, "c2", "p2", "credibility", "reliable")
    ann.undo(proj, b1.id)                                                # first label undone: nothing left
    assert ("c2", "p2", "credibility", "alice") not in current(proj)
    assert store.count_annotations(proj) == 6                            # the row count only grows
    # another rater's label on the same pair is independent
    ev(proj, "c1", "p1", "polarity", "supports", who="bob")
    assert current(proj)[("c1", "p1", "polarity", "alice")] == "refutes"
    assert current(proj)[("c1", "p1", "polarity", "bob")] == "supports"


def test_database_refuses_update_and_delete(proj):
    ev(proj, "c1", "p1", "polarity", "supports")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        with proj.atomic() as conn:
            conn.execute("UPDATE annotations SET code = 'refutes'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        with proj.atomic() as conn:
            conn.execute("DELETE FROM annotations")
    assert store.count_annotations(proj) == 1


def test_codes_must_be_in_the_codebook(proj):
    with pytest.raises(InvalidArgument, match="'maybe' is not a code of polarity"):
        ev(proj, "c1", "p1", "polarity", "maybe")
    with pytest.raises(InvalidArgument, match="'grounding' is not an evidence dimension"):
        ev(proj, "c1", "p1", "grounding", "grounded")                  # a reasoning step, not evidence
    r = ann.annotate(proj, target="reasoning", claim_id="c1", run_id="verify-1", dimension="grounding",
                     code="parametric", annotator="llm:smollm2-135m@abc", blind=False)
    assert r.target == "reasoning" and r.passage_id is None
    # a code that v2 drops stays valid for labels made under v1, not for new ones under v2
    data = yaml.safe_load(codebook_versions.current(proj).body)
    data["evidence"][2]["codes"] = [c for c in data["evidence"][2]["codes"] if c["id"] != "unreliable"]
    codebook_versions.save_version(proj, yaml.safe_dump(data))
    with pytest.raises(InvalidArgument, match="codebook v2"):
        ev(proj, "c1", "p1", "credibility", "unreliable")
    assert ev(proj, "c1", "p1", "credibility", "unreliable", codebook_version=1).codebook_version == 1
    assert store.count_annotations(proj) == 2


# ---- export / import ---------------------------------------------------------------------------
def test_export_import_is_idempotent_and_merges_into_another_project(proj, tmp_path):
    a = ev(proj, "c1", "p1", "polarity", "supports")
    ann.correct(proj, a.id, "refutes")
    ev(proj, "c1", "p2", "entity_match", "related", pass_="retest", blind=True, note="retest")
    ann.annotate(proj, target="reasoning", claim_id="c1", run_id="verify-1", dimension="inference",
                 code="over_inference", annotator="alice")
    path = tmp_path / "ann.jsonl"
    proj.close()
    res = cli_run("annotations", "export", proj.path, path)
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(lines) == 4 and all(x["id"].startswith("ann-") for x in lines)
    res = cli_run("annotations", "import", proj.path, path, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["added"] == 0 and json.loads(res.output)["unchanged"] == 4
    # a second project with the same claims gets identical records and current labels
    other = make_project(tmp_path / "b.faproj")
    other.close()
    res = cli_run("annotations", "import", other.path, path, "--json")
    assert json.loads(res.output)["added"] == 4
    with Project.open(proj.path) as p1, Project.open(other.path) as p2:
        strip = lambda rs: [{k: v for k, v in ann.to_record(r).items()} for r in rs]  # noqa: E731
        assert strip(store.list_annotations(p1)) == strip(store.list_annotations(p2))
        assert current(p1) == current(p2)


def test_bad_record_fails_whole_import_naming_line_and_field(proj, tmp_path):
    good = {"claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "supports", "annotator": "bob"}
    rows = [good, {**good, "passage_id": "p2"}, {**good, "passage_id": "p3", "code": "sideways"},
            {**good, "claim_id": "nope"}, {**good, "pass": "third"}]
    path = tmp_path / "rater2.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(ImportFailed) as err:
        ann.import_jsonl(proj, path)
    where = [(p.line, p.field) for p in err.value.problems]
    assert (3, "code") in where and (5, "pass") in where
    assert str(err.value).startswith("import failed, nothing written: rater2.jsonl:3:code: 'sideways' is not a code")
    assert store.count_annotations(proj) == 0
    # the id-less records get fresh ids; a missing claim is named on its own pass over the file
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:2] + rows[3:4]))
    with pytest.raises(ImportFailed) as err:
        ann.import_jsonl(proj, path)
    assert [(p.line, p.field) for p in err.value.problems] == [(3, "claim_id")]
    proj.close()
    res = cli_run("annotations", "import", proj.path, path)
    assert res.exit_code == 2 and "rater2.jsonl:3:claim_id: no claim 'nope'" in res.output
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:2]))
    assert cli_run("annotations", "import", proj.path, path).exit_code == 0
    with Project.open(proj.path) as p:
        assert store.count_annotations(p) == 2


def test_import_checks_ids_and_supersedes(proj, tmp_path):
    a = ev(proj, "c1", "p1", "polarity", "supports")
    rec = ann.to_record(a)
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps({**rec, "code": "refutes"}) + "\n")
    with pytest.raises(ImportFailed, match="x.jsonl:1:id: .* different content"):
        ann.import_jsonl(proj, path)
    fix = {"id": "ann-fix", "claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "neutral",
           "annotator": "alice", "supersedes": a.id}
    wrong = {**fix, "id": "ann-wrong", "annotator": "bob", "supersedes": "ann-fix"}
    path.write_text(json.dumps(wrong) + "\n" + json.dumps(fix) + "\n")
    with pytest.raises(ImportFailed, match="x.jsonl:1:supersedes: ann-fix labels a different"):
        ann.import_jsonl(proj, path)
    chained = {**fix, "id": "ann-later", "code": "refutes", "supersedes": "ann-fix"}
    path.write_text(json.dumps(chained) + "\n" + json.dumps(fix) + "\n")   # child before parent in the file
    assert ann.import_jsonl(proj, path).added == 2
    assert current(proj)[("c1", "p1", "polarity", "alice")] == "refutes"


def test_llm_prelabel_keeps_its_run_as_provenance(proj, tmp_path):
    who = ann.llm_annotator("smollm2-135m", "9f86d081")
    assert who == "llm:smollm2-135m@9f86d081" and ann.is_llm(who)
    a = ev(proj, "c1", "p1", "polarity", "supports", who=who, run_id="verify-1")
    b = ev(proj, "c1", "p1", "polarity", "refutes", who=who)
    assert a.run_id == "verify-1" and a.unit == b.unit == ("evidence", "c1", "p1") and b.supersedes == a.id
    path = tmp_path / "judge.jsonl"
    path.write_text(json.dumps({"claim_id": "c1", "passage_id": "p2", "run_id": "verify-9", "dimension": "polarity",
                                "code": "neutral", "annotator": who}) + "\n")
    with pytest.raises(ImportFailed, match="judge.jsonl:1:run_id: no run 'verify-9'"):
        ann.import_jsonl(proj, path)


def _codebook_rows(p) -> int:
    return p.reader().execute("SELECT count(*) FROM codebooks").fetchone()[0]


def test_a_refused_import_or_label_leaves_no_codebook_row(proj, tmp_path):
    """#26 item 5: the checks store the seed codebook on first use; a file or a label that is refused
    must leave the project as it was, that row included."""
    assert _codebook_rows(proj) == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "sideways",
                               "annotator": "bob"}) + "\n")
    with pytest.raises(ImportFailed, match="nothing written"):
        ann.import_jsonl(proj, bad)
    assert _codebook_rows(proj) == 0 and store.count_annotations(proj) == 0
    with pytest.raises(InvalidArgument):
        ev(proj, "c1", "p1", "polarity", "sideways")
    assert _codebook_rows(proj) == 0
    proj.close()
    res = cli_run("annotations", "import", proj.path, bad)
    assert res.exit_code == 2 and "nothing written" in res.output
    with Project.open(proj.path) as p:
        assert _codebook_rows(p) == 0
        # a good label stores the seed and the label together
        ev(p, "c1", "p1", "polarity", "supports")
        assert _codebook_rows(p) == 1 and store.count_annotations(p) == 1


def test_labels_without_supersedes_for_a_labelled_unit_are_refused(proj, tmp_path):
    """#26 item 7: six labels by one annotator on one unit with no `supersedes` were all accepted and
    the newest silently counted. A label chain has one first record; the others name what they replace."""
    codes = ["supports", "refutes", "neutral", "supports", "refutes", "neutral"]
    rows = [{"id": f"ann-{n}", "claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": code,
             "annotator": "bob"} for n, code in enumerate(codes, 1)]
    path = tmp_path / "six.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(ImportFailed) as err:
        ann.import_jsonl(proj, path)
    assert [(p.line, p.field) for p in err.value.problems] == [(n, "supersedes") for n in range(2, 7)]
    assert "bob already has a label for this unit's polarity (first pass) at line 1 (ann-1)" in str(err.value)
    assert store.count_annotations(proj) == 0 and _codebook_rows(proj) == 0
    # the same records as a chain are one label with its corrections: the last one counts
    chained = [rows[0]] + [{**r, "supersedes": rows[i]["id"]} for i, r in enumerate(rows[1:])]
    path.write_text("".join(json.dumps(r) + "\n" for r in chained))
    assert ann.import_jsonl(proj, path).added == 6
    assert current(proj)[("c1", "p1", "polarity", "bob")] == "neutral"
    # another rater, another pass or another unit is a label of its own
    others = [{**rows[0], "id": "ann-carol", "annotator": "carol"}, {**rows[0], "id": "ann-re", "pass": "retest"},
              {**rows[0], "id": "ann-p2", "passage_id": "p2"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in others))
    assert ann.import_jsonl(proj, path).added == 3
    # a second first record for a label already in the project is refused, naming the record to supersede
    path.write_text(json.dumps({**rows[0], "id": "ann-again"}) + "\n")
    with pytest.raises(ImportFailed, match=r"six.jsonl:1:supersedes: bob already has a label .* in this project "
                                           r"\(ann-1\)"):
        ann.import_jsonl(proj, path)
    path.write_text(json.dumps({**rows[0], "id": "ann-again", "supersedes": "ann-6"}) + "\n")
    assert ann.import_jsonl(proj, path).added == 1
    # an export of the project still imports into an empty one, and again into itself unchanged
    out = tmp_path / "export.jsonl"
    ann.export_jsonl(proj, out)
    other = make_project(tmp_path / "b.faproj")
    try:
        assert ann.import_jsonl(other, out).added == store.count_annotations(proj) == 10
        assert current(other) == current(proj)
    finally:
        other.close()
    assert ann.import_jsonl(proj, out).added == 0
