"""The report counts people and LLM pre-labellers apart (issue #23 item 4): "N labels by M human
raters and K pre-labels by L LLM pre-labellers", corrections and undos resolved; agreement names human
raters and LLM pre-labellers apart."""
from __future__ import annotations

from factaudit.engine import services
from factaudit.engine.audit import annotations as ann
from factaudit.engine.reports.audit_sections import agreement_table
from factaudit.engine.reports.summary import plain_summary
from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

LLM = "llm:smollm2-135m@abcdef012345"


def test_humans_and_llm_prelabellers_are_counted_apart(demo_project):
    claims = [r[0] for r in services.page_rows(demo_project, "claims", 0, 3, dataset="scifact-demo")]
    run = retrieve(demo_project, RetrievalRequest("bm25", k=2, claim_ids=claims)).run_id
    from factaudit.engine.project import runs as run_store

    pairs = [(c, h.passage_id) for c, hs in run_store.get_hits(demo_project, run).items() for h in hs]
    human = [ann.annotate(demo_project, target="evidence", claim_id=c, passage_id=p, run_id=run,
                          dimension="entity_match", code="exact", annotator="alice") for c, p in pairs[:4]]
    ann.correct(demo_project, human[0].id, "related")                 # a correction: still one label
    undone = ann.annotate(demo_project, target="evidence", claim_id=pairs[4][0], passage_id=pairs[4][1], run_id=run,
                          dimension="entity_match", code="exact", annotator="alice")
    services.undo_annotation(demo_project, undone.id)                  # undone: no label
    for c, p in pairs[:3]:
        ann.annotate(demo_project, target="evidence", claim_id=c, passage_id=p, run_id=run,
                     dimension="entity_match", code="exact", annotator=LLM)
    counts = ann.label_counts(ann.store.list_annotations(demo_project))
    assert (counts.humans, counts.llms, counts.adjudications, counts.llm_annotators) == (4, 3, 0, [LLM])

    report = services.audit_report(demo_project, n_resamples=100)
    assert report.annotators == ["alice"] and report.llm_annotators == [LLM]
    assert (report.n_human_labels, report.n_llm_labels) == (4, 3)
    summary = plain_summary(type("D", (), {"metrics": {"v": _empty_metrics()}, "audit": report})())
    assert "4 labels by 1 human rater and 3 pre-labels by 1 LLM pre-labeller" in summary, summary
    assert "from 1 rater" not in summary

    dim = report.agreement["entity_match"]
    assert dim.human_raters == ["alice"] and dim.llm_raters == [LLM]
    assert dim.to_json()["n_human_raters"] == 1 and dim.to_json()["n_llm_raters"] == 1
    head, rows = agreement_table(report)
    assert head[-2:] == ["human raters", "LLM pre-labellers"]
    assert [r[-2:] for r in rows if r[0] == "entity_match"] == [[1, 1]]
    assert [p.kind for p in dim.pairs] == ["human-llm"]


def _empty_metrics():
    from factaudit.engine.metrics.classification import RunMetrics

    return RunMetrics(run_id="v", n_parse_failures=0, sentence={}, claim={})
