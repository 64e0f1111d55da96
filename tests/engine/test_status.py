"""`factaudit status` / services.status.workflow_status: the expert's path, computed from the file alone.

Counts in the details are checked against direct SQL on the project file, states against the rules
of DESIGN.md "The expert's path", and each step is taken with the real services in turn.
"""
from __future__ import annotations

import json
import sqlite3
import time

from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook_versions
from factaudit.engine.cli import cli
from factaudit.engine.services import retrieval, status
from factaudit.engine import services as vs

NAMES = ["import", "decompose", "retrieve", "evaluate_retrieval", "verify", "score", "review", "prelabel",
         "label_evidence", "label_reasoning", "agreement", "report", "seal"]


def states(result) -> dict[str, str]:
    return {s.name: s.state for s in result.steps}


def check_next(result) -> None:
    """Exactly one step is next, the first todo/partial one, unless every step is done or skipped."""
    open_steps = [s.name for s in result.steps if s.state in ("todo", "partial")]
    nexts = [s.name for s in result.steps if s.next]
    assert nexts == open_steps[:1]


def sql(path, query, *args):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(query, args).fetchone()[0]
    finally:
        conn.close()


def test_empty_project(project):
    result = status.workflow_status(project)
    assert [s.name for s in result.steps] == NAMES
    st = states(result)
    assert st["import"] == "todo" and result.next_step.name == "import"
    assert st["decompose"] == "skipped" and "no answers" in result.step("decompose").detail
    assert st["evaluate_retrieval"] == "skipped"
    assert all(s.state in status.STATES for s in result.steps)
    check_next(result)
    assert set(result.to_json()["steps"][0]) == {"name", "state", "detail", "next"}


def test_cli_json_on_demo(demo_project_path):
    res = CliRunner().invoke(cli, ["status", str(demo_project_path), "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert [s["name"] for s in doc["steps"]] == NAMES
    assert all(set(s) == {"name", "state", "detail", "next"} for s in doc["steps"])
    assert sum(s["next"] for s in doc["steps"]) == 1
    by = {s["name"]: s for s in doc["steps"]}
    n_sentences = sql(demo_project_path, "SELECT count(*) FROM sentences")
    assert by["import"]["state"] == "done"
    assert by["decompose"] == {"name": "decompose", "state": "todo", "next": True,
                               "detail": f"0 of {n_sentences:,} sentences have claims"}
    human = CliRunner().invoke(cli, ["status", str(demo_project_path)])
    assert human.exit_code == 0 and "next: Decompose answers" in human.output


def test_cli_bad_project(tmp_path):
    res = CliRunner().invoke(cli, ["status", str(tmp_path / "missing.faproj")])
    assert res.exit_code == 2 and "no project file" in res.output


def _label_all(project, target, claim_id, other, annotator, dims, pass_="first"):
    for d in dims:
        code = d.codes[0].id
        kw = {"passage_id": other} if target == "evidence" else {"run_id": other}
        ann.annotate(project, target=target, claim_id=claim_id, dimension=d.id, code=code, annotator=annotator,
                     pass_=pass_, **kw)


def test_each_step_in_turn(demo_project, tmp_path):
    p = demo_project
    path = str(p.path)

    vs.decompose(p, vs.DecomposeRequest(method="sentence", dataset="medexpert-demo"))
    r = status.workflow_status(p)
    n_sent = sql(path, "SELECT count(*) FROM sentences")
    assert states(r)["decompose"] == "done" and f"{n_sent:,} sentences" in r.step("decompose").detail
    assert r.next_step.name == "retrieve"
    check_next(r)

    run = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3)).run_id
    r = status.workflow_status(p)
    n_claims = sql(path, "SELECT count(*) FROM claims WHERE active = 1")
    assert states(r)["retrieve"] == "done" and r.step("retrieve").detail == f"{run} covers all {n_claims:,} claims"
    assert r.next_step.name == "evaluate_retrieval"

    retrieval.eval_retrieval(p, run)
    r = status.workflow_status(p)
    assert states(r)["evaluate_retrieval"] == "done" and r.next_step.name == "verify"

    # Verdicts made elsewhere count as the verify step (the embedded model is too slow for a unit test).
    claim_ids = [row[0] for row in p.reader().execute("SELECT id FROM claims WHERE active = 1 ORDER BY rowid")]
    cycle = ["Supported", "Refuted", "No Evidence", "Ambiguous"]
    vfile = tmp_path / "verdicts.jsonl"
    vfile.write_text("".join(json.dumps({"claim_id": c, "verdict": cycle[i % 4]}) + "\n"
                             for i, c in enumerate(claim_ids)))
    vrun = services.import_files(p, [vfile], kind="verdicts").run_id
    r = status.workflow_status(p)
    assert states(r)["verify"] == "done" and r.step("verify").detail == f"{vrun}: {len(claim_ids):,} verdicts"
    assert r.next_step.name == "score"

    services.run_metrics(p, vrun, n_resamples=200)
    r = status.workflow_status(p)
    assert states(r)["score"] == "done" and r.next_step.name == "review"

    ds = services.disagreements(p, vrun, level="sentence")
    total = len(ds.disagreements)
    assert total > 1
    assert r.step("review").detail == f"{vrun}: 0 of {total:,} disagreements triaged"
    for d in ds.disagreements[:-1]:
        services.audit.set_triage(p, vrun, d.unit_id, "verification_error", "alice")
    r = status.workflow_status(p)
    assert states(r)["review"] == "partial" and f"{total - 1:,} of {total:,}" in r.step("review").detail
    services.audit.set_triage(p, vrun, ds.disagreements[-1].unit_id, "retrieval_error", "alice")
    r = status.workflow_status(p)
    assert states(r)["review"] == "done" and r.next_step.name == "prelabel"

    status.set_prelabels_wanted(p, False)
    r = status.workflow_status(p)
    assert states(r)["prelabel"] == "skipped" and r.next_step.name == "label_evidence"

    book = codebook_versions.current(p)
    n_hits = sql(path, "SELECT count(*) FROM retrieval_hits WHERE run_id = ?", run)
    assert r.step("label_evidence").detail == f"{run}: 0 of {n_hits:,} passages labelled"
    c0, p0 = p.reader().execute("SELECT claim_id, passage_id FROM retrieval_hits WHERE run_id = ? LIMIT 1",
                                (run,)).fetchone()
    _label_all(p, "evidence", c0, p0, "alice", book.evidence[:-1])       # not every dimension: not finished
    _label_all(p, "evidence", c0, p0, "llm:x@1", book.evidence)          # a pre-label is not a person's label
    assert status.workflow_status(p).step("label_evidence").state == "todo"
    _label_all(p, "evidence", c0, p0, "alice", book.evidence[-1:])
    r = status.workflow_status(p)
    assert r.step("label_evidence").state == "partial"
    assert r.step("label_evidence").detail == f"{run}: 1 of {n_hits:,} passages labelled"

    n_parsed = sql(path, "SELECT count(*) FROM verdicts WHERE run_id = ? AND parse_status != 'failed'", vrun)
    _label_all(p, "reasoning", claim_ids[0], vrun, "alice", book.reasoning)
    r = status.workflow_status(p)
    assert r.step("label_reasoning").detail == f"{vrun}: 1 of {n_parsed:,} verdicts labelled"
    assert r.step("agreement").state == "todo"

    _label_all(p, "reasoning", claim_ids[0], vrun, "bob", book.reasoning[:1])
    r = status.workflow_status(p)
    assert r.step("agreement").state == "done" and "second rater" in r.step("agreement").detail
    assert r.step("report").state == "todo"

    services.write_report(p, tmp_path / "report", formats=("json",), n_resamples=200)
    r = status.workflow_status(p)
    assert r.step("report").state == "done" and r.step("seal").state == "todo"

    out = tmp_path / "shipped.faproj"
    services.seal_project(p, out)
    r = status.workflow_status(p)
    assert r.step("seal").state == "done" and "shipped.faproj" in r.step("seal").detail
    assert sql(str(out), "SELECT count(*) FROM workflow_marks WHERE step = 'seal'") == 0  # the mark stays home

    # A later change makes the report and the seal out of date. Times have one-second resolution.
    time.sleep(1.1)
    _label_all(p, "evidence", c0, p0, "bob", book.evidence[:1])
    r = status.workflow_status(p)
    assert r.step("report").state == "todo" and r.step("seal").state == "todo"
    assert "predates" in r.step("report").detail


def test_retrieval_runs_per_dataset_cover_the_claims_together(demo_project):
    p = demo_project
    path = str(p.path)
    vs.decompose(p, vs.DecomposeRequest(method="sentence", dataset="medexpert-demo"))
    n_claims = sql(path, "SELECT count(*) FROM claims WHERE active = 1")
    n_scifact = sql(path, "SELECT count(*) FROM claims c JOIN datasets d ON d.id = c.dataset_id"
                          " WHERE c.active = 1 AND d.name = 'scifact-demo'")
    first = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    step = status.workflow_status(p).step("retrieve")
    assert step.state == "partial" and step.detail == f"{first} covers {n_scifact:,} of {n_claims:,} claims"
    retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=3, dataset="medexpert-demo"))
    r = status.workflow_status(p)
    assert states(r)["retrieve"] == "done" and r.step("retrieve").detail == f"2 retrieval runs cover all {n_claims:,} claims"
    assert r.next_step.name != "retrieve"


def test_readonly_project_records_nothing(demo_project_path):
    with services.open_project(demo_project_path, readonly=True) as p:
        assert status.mark_step(p, "score", "verify-1") is False
        assert status.workflow_status(p).step("score").state == "todo"
    assert sql(str(demo_project_path), "SELECT count(*) FROM workflow_marks") == 0


def test_sealed_file_status(demo_project, tmp_path):
    """A sealed file opens immutable and read-only; status still answers from it."""
    out = tmp_path / "sealed.faproj"
    services.seal_project(demo_project, out)
    with services.open_project(out, readonly=True) as p:
        result = status.workflow_status(p)
    assert result.step("import").state == "done"
    check_next(result)
