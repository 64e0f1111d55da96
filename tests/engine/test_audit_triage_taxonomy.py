"""Disagreement triage (the DESIGN.md pre-fill rule) and the failure taxonomy on a hand-built project."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb
from factaudit.engine.audit import taxonomy as tax
from factaudit.engine.audit import triage as tri
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.imports import write_batch
from factaudit.engine.project.records import (
    ClaimRecord, DatasetSpec, HitRecord, ImportBatch, ItemRecord, PassageRecord, SentenceRecord, SourceFile,
    VerdictRecord,
)
from factaudit.engine.services import audit

HQ = {"entity_match": "exact", "clinical_scope": "exact", "credibility": "reliable", "polarity": "supports",
      "chunk_quality": "complete"}
HITS = {"c1": ["p1", "p2"], "c2": ["p2", "p3"], "c3a": ["p3", "p4"], "c3b": ["p4", "p1"], "c4": ["p1", "p3"]}
# s1 error, s2 correct, s3 error, s4 correct; c4's verdict failed to parse
VERDICTS = {"c1": "Supported", "c2": "Refuted", "c3a": "Supported", "c3b": "No Evidence", "c4": None}


@pytest.fixture
def proj(tmp_path):
    p = Project.create(tmp_path / "t.faproj")
    sentences = [SentenceRecord(f"s{i}", "i1", i, f"sentence {i}", label=lab)
                 for i, lab in enumerate(["error", "correct", "error", "correct"], start=1)]
    owner = {"c1": "s1", "c2": "s2", "c3a": "s3", "c3b": "s3", "c4": "s4"}
    batch = ImportBatch(
        dataset=DatasetSpec("toy", "mixed", "jsonl", [SourceFile("toy.jsonl", "0" * 64, 1)]),
        passages=[PassageRecord(f"p{i}", f"passage {i}") for i in range(1, 5)],
        items=[ItemRecord("i1", question="q", answer="a")],
        sentences=sentences,
        claims=[ClaimRecord(c, f"claim {c}", item_id="i1", sentence_id=s, ord=n)
                for n, (c, s) in enumerate(owner.items())],
    )
    write_batch(p, batch)
    r = runs.create_run(p, "retrieve", {"k": 2})
    runs.add_hits(p, r, [HitRecord(c, rank, pid, 1.0 / rank) for c, ps in HITS.items()
                         for rank, pid in enumerate(ps, start=1)])
    runs.finish_run(p, r, "done")
    v = runs.create_run(p, "verify", {"retrieval_run": r, "k": 2})
    for c, verdict in VERDICTS.items():
        runs.add_verdict(p, v, VerdictRecord(c, verdict, parse_status="ok" if verdict else "failed",
                                             reasoning=f"why {c}"))
    runs.finish_run(p, v, "done")
    assert (r, v) == ("retrieve-1", "verify-2")
    yield p
    p.close()


def label(p, claim, passage, dims, who="alice"):
    for dim, code in dims.items():
        ann.annotate(p, target="evidence", claim_id=claim, passage_id=passage, dimension=dim, code=code, annotator=who)


def reason(p, claim, dims, who="alice", run="verify-2"):
    for dim, code in dims.items():
        ann.annotate(p, target="reasoning", claim_id=claim, run_id=run, dimension=dim, code=code, annotator=who)


# ---- the pre-fill rule -------------------------------------------------------------------------
def test_prefill_rule_units():
    book = cb.load_seed()
    neutral = {**HQ, "polarity": "neutral"}
    state = lambda labels: tri.evidence_state(book, list(labels), labels)  # noqa: E731
    assert state({"a": HQ, "b": {}}) == tri.HAS_HIGH_QUALITY           # one good passage decides
    assert state({"a": neutral, "b": {"entity_match": "mismatch"}}) == tri.NO_HIGH_QUALITY
    assert state({"a": neutral, "b": {"entity_match": "exact"}}) == tri.UNDECIDED
    assert state({}) == tri.NO_HIGH_QUALITY                             # nothing retrieved
    assert tri.prefill([tri.NO_HIGH_QUALITY, tri.NO_HIGH_QUALITY])[0] == "retrieval_error"
    assert tri.prefill([tri.NO_HIGH_QUALITY, tri.HAS_HIGH_QUALITY])[0] == "verification_error"
    assert tri.prefill([tri.UNDECIDED, tri.HAS_HIGH_QUALITY])[0] == "verification_error"
    assert tri.prefill([tri.UNDECIDED, tri.NO_HIGH_QUALITY])[0] is None
    # "wrong gold label" is only ever the expert's call
    assert all(tri.prefill(s)[0] != "wrong_gold" for s in ([tri.NO_HIGH_QUALITY], [tri.HAS_HIGH_QUALITY]))


def test_disagreements_under_each_mapping(proj):
    r = tri.disagreements(proj, "verify-2", mapping="R")
    assert (r.n_units, r.n_unscored) == (3, 1)                          # s4 has a parse failure
    assert {d.unit_id: d.kind for d in r.disagreements} == {"s1": "missed_error", "s2": "false_alarm",
                                                            "s3": "missed_error"}
    r = tri.disagreements(proj, "verify-2", mapping="R+NE")             # c3b's No Evidence now flags s3
    assert {d.unit_id: d.kind for d in r.disagreements} == {"s1": "missed_error", "s2": "false_alarm"}
    s2 = next(d for d in r.disagreements if d.unit_id == "s2")
    assert s2.claims[0].passages == ["p2", "p3"] and s2.claims[0].reasoning == "why c2"
    with pytest.raises(InvalidArgument):
        tri.disagreements(proj, "verify-2", mapping="R+X")
    claims = tri.disagreements(proj, "verify-2", mapping="R+NE", level="claim")
    assert {d.unit_id for d in claims.disagreements} == {"c1", "c2", "c3a"}


def test_prefill_from_labels_and_expert_triage(proj):
    label(proj, "c1", "p1", HQ)                                         # s1: good evidence was there
    label(proj, "c2", "p2", {"entity_match": "mismatch"})               # s2: nothing usable retrieved
    label(proj, "c2", "p3", {"polarity": "neutral"})
    got = {d.unit_id: d.prefill for d in tri.disagreements(proj, "verify-2", mapping="R").disagreements}
    assert got == {"s1": "verification_error", "s2": "retrieval_error", "s3": None}
    # LLM pre-labels fill what the humans left open
    label(proj, "c3b", "p4", HQ, who="llm:smollm2-135m@abc")
    got = {d.unit_id: d.prefill for d in tri.disagreements(proj, "verify-2", mapping="R").disagreements}
    assert got["s3"] == "verification_error"
    # the expert decides, then corrects to "wrong gold label"
    first = tri.set_triage(proj, "verify-2", "s1", "retrieval_error", "alice")
    ann.correct(proj, first.id, "wrong_gold")
    ds = tri.disagreements(proj, "verify-2", mapping="R")
    s1 = next(d for d in ds.disagreements if d.unit_id == "s1")
    assert (s1.triage, s1.prefill) == ("wrong_gold", "verification_error")
    summary = tri.triage_summary(ds)
    assert summary["n_decided"] == 1 and summary["outcomes"]["wrong_gold"] == 1 and summary["prefill_kept"] == 0
    with pytest.raises(InvalidArgument):
        tri.set_triage(proj, "verify-2", "s1", "retrieval", "alice")
    proj.close()
    res = CliRunner().invoke(cli, ["triage", str(proj.path), "--run", "verify-2", "--mapping", "R", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["retrieval_run"] == "retrieve-1" and len(out["disagreements"]) == 3


# ---- taxonomy ----------------------------------------------------------------------------------
def test_taxonomy_shares_by_hand(proj):
    label(proj, "c1", "p1", HQ)
    label(proj, "c1", "p2", {"clinical_scope": "different", "chunk_quality": "fragmentary"})
    label(proj, "c2", "p2", {"entity_match": "mismatch"})
    label(proj, "c2", "p3", {"entity_match": "related", "polarity": "neutral"})
    label(proj, "c4", "p1", {"entity_match": "mismatch"})
    label(proj, "c4", "p3", {"entity_match": "mismatch"})
    label(proj, "c3a", "p3", {"entity_match": "mismatch"}, who="llm:smollm2-135m@abc")   # not counted by default
    label(proj, "c3a", "p3", {"credibility": "unreliable"}, who="bob")
    reason(proj, "c1", {"evidence_selection": "selective_coverage", "inference": "over_inference"})
    reason(proj, "c2", {"grounding": "parametric"})
    reason(proj, "c3a", {"inference": "valid"})

    t = audit.taxonomy(proj)
    (r,), (v,) = t.retrieval, t.verify
    assert (r.run_id, r.n_pairs, r.n_labelled) == ("retrieve-1", 10, 7)
    shares = {p.pattern: (p.count, p.denominator) for p in r.patterns}
    # R1: c2p2, c2p3, c4p1, c4p3; R2: c1p2; R3: bob's c3a p3; R4: c2p3; R5: c1p2
    assert shares == {"R1": (4, 7), "R2": (1, 7), "R3": (1, 7), "R4": (1, 7), "R5": (1, 7), "R6": (1, 3)}
    assert r.patterns[0].share == pytest.approx(4 / 7)
    # R6: c4 has no on-topic passage; c1 and c2 have one; c3a is undecided (p4 unlabelled)
    assert r.r6_undecided == 1
    # high quality: only c1p1 among the 6 pairs whose labels decide it (c3a p3: unreliable rules it out too)
    assert (r.n_high_quality, r.n_quality_decided) == (1, 7)
    marg = {m.dimension: m for m in r.marginals}
    assert marg["entity_match"].n == 5 and marg["entity_match"].codes == {"exact": 1, "related": 1, "mismatch": 3}
    assert marg["entity_match"].high_quality_share == pytest.approx(1 / 5)
    assert marg["polarity"].codes == {"supports": 1, "refutes": 0, "neutral": 1}
    assert (v.run_id, v.n_verdicts, v.n_labelled) == ("verify-2", 5, 3)
    vshares = {p.pattern: (p.count, p.denominator) for p in v.patterns}
    assert vshares == {"V1": (1, 3), "V2": (0, 3), "V3": (1, 3), "V4": (0, 3), "V5": (0, 3), "V6": (1, 3)}

    with_llm = audit.taxonomy(proj, include_llm=True).retrieval[0]
    assert with_llm.n_labelled == 7 and dict((p.pattern, p.count) for p in with_llm.patterns)["R1"] == 5
    only_bob = audit.taxonomy(proj, annotators=["bob"]).retrieval[0]
    assert only_bob.n_labelled == 1 and only_bob.patterns[2].count == 1

    proj.close()
    res = CliRunner().invoke(cli, ["taxonomy", str(proj.path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["retrieval"][0]["patterns"][0] == {"pattern": "R1", "name": "Entity mismatch", "count": 4,
                                                   "denominator": 7, "share": pytest.approx(4 / 7)}


def test_pure_taxonomy_functions():
    book = cb.load_seed()
    t = tax.verify_taxonomy(book, "v", ["a", "b"], {})
    assert t.n_labelled == 0 and all(p.share is None for p in t.patterns)
    r = tax.retrieval_taxonomy(book, "r", {"a": ["x"]}, {("a", "x"): {"entity_match": "mismatch"}})
    assert {p.pattern: p.share for p in r.patterns}["R6"] == 1.0


def test_demo_step_reports_disagreements(proj):
    from factaudit.engine.services.demo import DemoSummary

    summary = DemoSummary(project=str(proj.path))
    audit.demo_step_audit(proj, summary, lambda *a: None)
    (step,) = summary.steps
    assert step["step"] == "audit" and step["codebook_version"] == 1
    assert (step["verify_run"], step["level"], step["n_units"], step["n_disagreements"]) == ("verify-2", "sentence", 3, 2)
    assert "2 of 3 sentences disagree" in step["text"]


def test_labeling_queues_on_a_project(proj):
    from factaudit.engine.audit import queues

    ev = queues.evidence_queue(proj, "retrieve-1", "alice", verify_run="verify-2", mapping="R")
    assert [e.claim_id for e in ev if e.pass_ == "first"][:8] == ["c1", "c1", "c2", "c2", "c3a", "c3a", "c3b", "c3b"]
    assert [e.reason for e in ev][-2:] == ["sample", "sample"] and ev[0].rank == 1 and ev[1].passage_id == "p2"
    label(proj, "c1", "p1", HQ)                                          # all five dimensions: finished
    label(proj, "c1", "p2", {"polarity": "neutral"})                     # partly labelled: still queued
    ev2 = queues.evidence_queue(proj, "retrieve-1", "alice", verify_run="verify-2", mapping="R")
    assert ("c1", "p1") not in {(e.claim_id, e.passage_id) for e in ev2} and len(ev2) == 9
    assert len(queues.evidence_queue(proj, "retrieve-1", "bob")) == 10   # another rater's own queue
    every = queues.evidence_queue(proj, "retrieve-1", "bob", share=1.0, gap=2)
    assert sum(e.pass_ == "retest" for e in every) == 10 - 2
    rq = queues.reasoning_queue(proj, "verify-2", "alice", mapping="R")
    assert [e.claim_id for e in rq] == ["c1", "c2", "c3a", "c3b"]       # c4 failed to parse: nothing to rate
    assert all(e.run_id == "verify-2" and e.passage_id is None for e in rq)
