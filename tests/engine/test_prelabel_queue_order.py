"""Pre-labels run on the units the labeling queue shows next (issue #23 item 4): with `order_by` a judge
run takes its claims in the queue's order (disagreements first), so a limited run pre-labels the unit
the Labeling page opens on; without it, claim id order as before (and the pinned config is unchanged)."""
from __future__ import annotations

import json

import pytest

from factaudit.engine.audit import queues
from factaudit.engine.errors import NotFound
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import HitRecord, VerdictRecord
from factaudit.engine.services import judging

CLAIMS = [{"id": f"c{i}", "claim": f"Claim number {i}.", "label": "Supported"} for i in range(1, 7)]
CORPUS = [{"id": f"p{i}", "text": f"Passage {i} about claim {i}."} for i in range(1, 7)]


@pytest.fixture
def proj(project, tmp_path):
    from factaudit.engine.ingest import import_files

    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    claims.write_text("".join(json.dumps(r) + "\n" for r in CLAIMS))
    import_files(project, [corpus], kind="corpus")
    import_files(project, [claims], kind="claims")
    rr = run_store.create_run(project, "retrieve", {"retriever": "fixed", "k": 2})
    run_store.add_hits(project, rr, [HitRecord(c["id"], 1, f"p{c['id'][1:]}", 1.0) for c in CLAIMS])
    run_store.finish_run(project, rr, "done")
    vr = run_store.create_run(project, "verify", {"retrieval_run": rr, "k": 2, "mode": "joint"})
    for c in CLAIMS:   # gold Supported everywhere: c4 and c5 are flagged, the disagreements
        verdict = "Refuted" if c["id"] in ("c4", "c5") else "Supported"
        run_store.add_verdict(project, vr, VerdictRecord(claim_id=c["id"], verdict=verdict, parse_status="ok",
                                                         reasoning="x"))
    run_store.finish_run(project, vr, "done")
    return project, rr, vr


def test_a_limited_prelabel_run_takes_the_queues_next_claims(proj):
    project, rr, vr = proj
    queue = queues.open_evidence_queue(project, rr, "alice", verify_run=vr)
    shown = []
    for i in range(4):
        entry = queue.get(i)
        if entry is not None and entry.claim_id not in shown:
            shown.append(entry.claim_id)
    assert shown[:2] == ["c4", "c5"], shown          # the queue opens on the disagreements
    ordered = judging._units(project, judging.JudgeConfig(run=rr, order_by=vr, limit=2))
    assert [u.claim_id for u in ordered] == shown[:2]
    plain = judging._units(project, judging.JudgeConfig(run=rr, limit=2))
    assert [u.claim_id for u in plain] == ["c1", "c2"]   # claim id order, as before


def test_the_order_is_pinned_only_when_asked(proj):
    project, rr, vr = proj
    assert "order_by" not in judging.JudgeConfig(run=rr).to_config()
    cfg = judging.JudgeConfig(run=rr, order_by=vr)
    assert cfg.to_config()["order_by"] == vr
    assert judging.JudgeConfig.from_config(cfg.to_config()).order_by == vr


def test_an_unknown_order_run_is_refused_before_a_model_loads(proj):
    project, rr, _vr = proj
    with pytest.raises(NotFound):
        judging._JudgeKind.new_config(object.__new__(judging._JudgeKind), project,
                                      judging.JudgeRequest(run=rr, order_by="verify-99"))
