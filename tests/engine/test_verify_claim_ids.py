"""VerifyRequest.claim_ids: an LLM verify run over only the named claims (the Labeling page asks the
LLM for reasoning on the units it is about to label), pinned in the config so a resume keeps them."""
from __future__ import annotations

import pytest

from factaudit.engine import services
from factaudit.engine.project import runs as run_store


class _AllSupported:
    """Every claim Supported, citing nothing (no model, no network)."""

    context_length = 4096
    max_concurrency = 1

    def __init__(self):
        from factaudit.engine.models.registry import ModelEntry

        self.entry = ModelEntry(name="stand-in", kind="llm", source="path")

    def count_tokens(self, text):
        return len(text.split())

    def count_message_tokens(self, messages):
        return sum(self.count_tokens(m["content"]) for m in messages)

    def complete_json(self, messages, schema, max_tokens=256, seed=None, temperature=None):
        import json

        from factaudit.engine.models.llm import LLMResult, parse_reply

        parsed, status, _ = parse_reply(json.dumps({"verdict": "Supported", "reasoning": "ok",
                                                    "evidence_used": []}), schema)
        return LLMResult("{}", parsed, status, self.count_message_tokens(messages), 5, 1.0)

    def provenance(self):
        return {}


@pytest.fixture
def retrieval(demo_project):
    return services.retrieve(demo_project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id


def test_only_the_named_claims_are_verified_and_the_set_is_pinned(demo_project, retrieval):
    every = [c for c, _ in services.claims_for_run(demo_project, retrieval)]
    wanted = [every[4], every[1], "no-such-claim"]          # order and unknown ids do not matter
    res = services.verify(demo_project, services.VerifyRequest(retrieval_run=retrieval, k=2, claim_ids=wanted),
                          llm=_AllSupported())
    assert set(run_store.get_verdicts(demo_project, res.run_id)) == {every[1], every[4]}
    assert res.n_claims == 2
    assert run_store.get_run(demo_project, res.run_id).config["claim_ids"] == wanted


def test_a_run_without_claim_ids_verifies_every_claim_and_pins_no_such_key(demo_project, retrieval):
    res = services.verify(demo_project, services.VerifyRequest(retrieval_run=retrieval, k=2, limit=3),
                          llm=_AllSupported())
    assert len(run_store.get_verdicts(demo_project, res.run_id)) == 3
    assert "claim_ids" not in run_store.get_run(demo_project, res.run_id).config
