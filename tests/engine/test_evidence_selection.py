"""Evidence selection for the verifier: BM25 over a passage's own sentences (checked against bm25s),
passage order kept, and the spec parsed with a clear error."""
from __future__ import annotations

import random

import bm25s
import pytest

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.pipeline.evidence import bm25_scores, parse_evidence, select_sentences


def test_scores_equal_bm25s_lucene_on_random_collections():
    rng = random.Random(7)
    words = [f"w{i}" for i in range(30)]
    for _ in range(20):
        docs = [[rng.choice(words) for _ in range(rng.randint(1, 12))] for _ in range(rng.randint(2, 9))]
        query = [rng.choice(words) for _ in range(rng.randint(1, 5))]
        model = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
        model.index(docs, show_progress=False)
        assert bm25_scores(query, docs) == pytest.approx(list(model.get_scores(query)), rel=1e-5, abs=1e-6)


def test_the_best_sentences_are_kept_in_passage_order():
    text = ("Vitamin D was measured in 300 adults. The cohort was followed for ten years. "
            "Fractures were fewer among adults given vitamin D daily. Funding came from a public grant. "
            "Vitamin D supplements reduced hip fractures in older adults.")
    out = select_sentences("Vitamin D supplements reduce fractures in older adults.", text, 2)
    assert out == ("… Fractures were fewer among adults given vitamin D daily. … "
                   "Vitamin D supplements reduced hip fractures in older adults.")
    assert select_sentences("anything", "One sentence. Two sentences.", 2) == "One sentence. Two sentences."


def test_evidence_spec():
    assert parse_evidence(None) is None and parse_evidence("whole") is None
    assert parse_evidence("sentences:3") == 3
    for bad in ("sentences:0", "sentences", "tokens:300", "lines:2"):
        with pytest.raises(InvalidArgument, match="whole or sentences:N"):
            parse_evidence(bad)
