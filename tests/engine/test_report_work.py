"""The report holds the work behind the verdicts (issue #23 item 4): the retrieval metrics of the
retrieval run a reported verify run used (the same figures as `eval_retrieval`) and the triage outcomes
of its disagreements (counted here from the decisions made), in summary.json, the HTML and the XLSX."""
from __future__ import annotations

import json

from factaudit.engine import services
from factaudit.engine.audit import triage as tri
from factaudit.engine.project import queries
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord
from factaudit.engine.services.retrieval import RetrievalRequest, eval_retrieval, retrieve


def test_retrieval_and_triage_are_in_the_report(demo_project, tmp_path):
    gold = [c for c in queries.list_claims(demo_project, dataset="scifact-demo") if c.gold_label][:20]
    rr = retrieve(demo_project, RetrievalRequest("bm25", k=5, claim_ids=[c.id for c in gold])).run_id
    vr = run_store.create_run(demo_project, "verify", {"retrieval_run": rr, "k": 5, "mode": "joint"})
    for n, c in enumerate(gold):       # every third verdict wrong: those are the disagreements
        verdict = c.gold_label if n % 3 else ("Refuted" if c.gold_label == "Supported" else "Supported")
        run_store.add_verdict(demo_project, vr, VerdictRecord(claim_id=c.id, verdict=verdict, parse_status="ok",
                                                               reasoning="r"))
    run_store.finish_run(demo_project, vr, "done")
    ds = tri.disagreements(demo_project, vr, level="claim")
    assert len(ds.disagreements) >= 2
    decided = {ds.disagreements[0].unit_id: "retrieval_error", ds.disagreements[1].unit_id: "verification_error"}
    for unit, code in decided.items():
        services.set_triage(demo_project, vr, unit, code, "alice", level="claim")

    services.write_report(demo_project, tmp_path / "rep", formats=("html", "xlsx", "json"), run_ids=[vr],
                          level="claim", n_resamples=200)
    summary = json.loads((tmp_path / "rep" / "json" / "summary.json").read_text())
    expected = eval_retrieval(demo_project, rr, log_test=False).to_json()
    assert summary["retrieval"][rr] == {"used_by": [vr], **expected}
    t = summary["triage"][vr]
    assert (t["n_disagreements"], t["n_decided"]) == (len(ds.disagreements), 2)
    assert t["outcomes"]["retrieval_error"] == 1 and t["outcomes"]["verification_error"] == 1
    page = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "The work behind the verdicts: retrieval and triage" in page and rr in page
    from openpyxl import load_workbook

    wb = load_workbook(tmp_path / "rep" / "report.xlsx")
    assert {"Retrieval", "Triage"} <= set(wb.sheetnames)
    triage_rows = [[c.value for c in row] for row in wb["Triage"].iter_rows(min_row=2)]
    assert triage_rows[0][:5] == [vr, "R+NE", "claim", len(ds.disagreements), 2]
