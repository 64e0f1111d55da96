"""Evidence selection for the verifier: BM25 over a passage's own sentences (checked against bm25s),
passage order kept, a token budget across passages respected, and the spec parsed with a clear error."""
from __future__ import annotations

import random

import bm25s
import pytest

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.pipeline.evidence import bm25_scores, parse_evidence, select_budget, select_sentences
from factaudit.engine.retrieval.tokenize import Tokenizer


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
    assert parse_evidence(None) == ("whole", None) and parse_evidence("whole") == ("whole", None)
    assert parse_evidence("sentences:3") == ("sentences", 3)
    assert parse_evidence("tokens:300") == ("tokens", 300)
    for bad in ("sentences:0", "sentences", "tokens:0", "tokens:x", "lines:2"):
        with pytest.raises(InvalidArgument, match="whole, sentences:N or tokens:B"):
            parse_evidence(bad)


PASSAGES = [
    "Aspirin was given to 120 adults. Aspirin lowered fever within two hours. The trial ran in 2019.",
    "Paracetamol is widely used. Fever fell in most children. Aspirin lowered fever less than ibuprofen did. "
    "Side effects were rare.",
    "The hospital opened in 1950. It has 300 beds.",
]
CLAIM = "Aspirin lowers fever."


def words(text: str) -> int:
    return len(text.split())


def kept_sentences(out: str) -> list[str]:
    from factaudit.engine.ingest.sentences import split_sentences

    return [s for _, _, s in split_sentences(out.replace("…", " "))]


def test_token_budget_is_kept_and_sentences_stay_in_passage_order():
    from factaudit.engine.ingest.sentences import split_sentences

    for budget in (4, 10, 18, 25, 40):
        out = select_budget(CLAIM, PASSAGES, budget, words)
        assert len(out) == len(PASSAGES)
        spent = 0
        for text, source in zip(out, PASSAGES):
            originals = [s for _, _, s in split_sentences(source)]
            kept = [s for s in originals if s in text]
            spent += sum(words(s) for s in kept)
            # passage order: the kept sentences appear in the order of the source
            assert [text.index(s) for s in kept] == sorted(text.index(s) for s in kept)
        assert spent <= budget


def test_each_passage_gets_its_best_sentence_first_then_the_best_overall():
    tok = Tokenizer()
    from factaudit.engine.ingest.sentences import split_sentences

    sentences = [[s for _, _, s in split_sentences(p)] for p in PASSAGES]
    flat = [s for ss in sentences for s in ss]
    scores = bm25_scores(tok.tokens(CLAIM), [tok.tokens(s) for s in flat])
    best = {}
    for s, sc in zip(flat, scores):
        p = next(i for i, ss in enumerate(sentences) if s in ss)
        best.setdefault(p, (sc, s))
        best[p] = max(best[p], (sc, s), key=lambda x: x[0])
    firsts = sum(words(best[p][1]) for p in best)
    out = select_budget(CLAIM, PASSAGES, firsts, words)
    for p, (_, s) in best.items():
        assert s in out[p]
    assert "Aspirin lowered fever within two hours." in out[0]
    # a budget as large as everything keeps every passage whole
    assert select_budget(CLAIM, PASSAGES, 10_000, words) == PASSAGES
