"""The rerank stage (issue #34 item 3): a BM25 run's top N passages per claim rescored by the embedded
classifier verifier, stored as a new retrieve run with its pins; each stored score checked against the
model scoring each passage's windows on its own, the order against the scores, recall against a hand count
from the gold evidence, and the CLI."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.queries import gold_evidence, list_claims

N_CLAIMS, TOP_N, K = 2, 4, 2


@pytest.fixture
def first_stage(demo_project):
    gold = gold_evidence(demo_project)
    claims = [c.id for c in list_claims(demo_project, "scifact-demo") if gold.get(c.id)][:N_CLAIMS]
    res = services.retrieve(demo_project, services.RetrievalRequest(retriever="bm25", k=TOP_N, claim_ids=claims))
    return demo_project, res.run_id, claims


def _alone(model, claim: str, passage) -> float:
    """A passage's evidence score with the model run on that passage's windows only."""
    from factaudit.engine.pipeline.classify import NO_EVIDENCE
    from factaudit.engine.pipeline.classify_windows import passage_windows

    spec = model.spec
    ws = passage_windows(model, passage.id, passage.text, claim, max_length=spec.max_length, window=spec.window,
                         stride=spec.stride, spans=getattr(passage, "sentence_spans", None), lang="en",
                         positions=getattr(spec, "positions", None))
    probs = model.score([(w.text, claim) for w in ws])
    return float(np.max(1.0 - model.verdict_columns(probs)[NO_EVIDENCE]))


@pytest.mark.slow
def test_rerank_reorders_the_top_n_by_evidence_as_a_new_pinned_run(first_stage):
    from factaudit.engine.models import classifier_registry
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.project.queries import get_passages

    project, first, claims = first_stage
    res = services.rerank_run(project, services.RerankRequest(retrieval_run=first, top_n=TOP_N, k=K, n_threads=1))
    run = run_store.get_run(project, res.run_id)
    assert run.kind == "retrieve" and run.status == "done" and res.n_queries == N_CLAIMS
    pin = run.config["rerank"]
    assert pin["source_run"] == first and pin["top_n"] == TOP_N and run.config["k"] == K
    assert pin["source_config_hash"] == run_store.get_run(project, first).config_hash and pin["model"]["name"]
    before, after = run_store.get_hits(project, first), run_store.get_hits(project, res.run_id)
    entry = classifier_registry.resolve_classifier(None)
    model = open_classifier(entry.path, name=entry.name, origin=entry.source, threads=1)
    texts = {c.id: c.text for c in list_claims(project, ids=claims)}
    changed = 0
    for cid in claims:
        hits = after[cid]
        assert [h.rank for h in hits] == list(range(1, K + 1))
        assert {h.passage_id for h in hits} <= {h.passage_id for h in before[cid][:TOP_N]}
        rows = get_passages(project, [h.passage_id for h in before[cid]])
        alone = {h.passage_id: _alone(model, texts[cid], rows[h.passage_id]) for h in before[cid]}
        for h in hits:
            assert h.score == pytest.approx(alone[h.passage_id], abs=1e-5)
        # the kept passages are the K best by the independent scores
        best = sorted(alone.values(), reverse=True)[:K]
        assert [h.score for h in hits] == pytest.approx(best, abs=1e-5)
        changed += [h.passage_id for h in hits] != [h.passage_id for h in before[cid][:K]]
    assert changed >= 1     # a rerank that never moves a passage would test nothing
    # eval-retrieval reads it like any retrieve run: recall@K by hand from the gold evidence
    gold = gold_evidence(project)
    by_hand = np.mean([len({h.passage_id for h in after[c]} & {g.passage_id for g in gold[c]})
                       / len({g.passage_id for g in gold[c]}) for c in claims])
    ev = services.eval_retrieval(project, res.run_id, (K,), log_test=False, n_resamples=100)
    recall = next(v for key, v in ev.metrics.items() if key.startswith("recall") and key.endswith(str(K)))
    assert recall == pytest.approx(by_hand, abs=1e-6)


def test_rerank_refuses_k_above_n_and_a_run_that_is_not_retrieval(first_stage):
    project, first, _ = first_stage
    with pytest.raises(InvalidArgument, match="k ≤ N"):
        services.rerank_run(project, services.RerankRequest(retrieval_run=first, top_n=3, k=5))
    verify = run_store.create_run(project, "verify", {})
    with pytest.raises(InvalidArgument, match="not a finished retrieval run"):
        services.rerank_run(project, services.RerankRequest(retrieval_run=verify))


@pytest.mark.slow
def test_cli_rerank(first_stage):
    project, first, claims = first_stage
    path = str(project.path)
    project.close()
    res = CliRunner().invoke(cli, ["rerank", path, "--retrieval-run", first, "--top-n", "2", "--k", "1",
                                   "--threads", "1", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["source_run"] == first and out["k"] == 1 and out["n_queries"] == N_CLAIMS
