"""The cascade's cheap LLM step and token-exact scoring (issue #32): which windows the LLM reads (each
passage's best, gated by the classifier's evidence bar or not), the window cut to a token budget, and the
answer's last token summed over the vocabulary entries that end the word the same way — checked with
SmolLM2's real tokenizer, which writes `",` as one token."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from factaudit.engine.models import registry
from factaudit.engine.models.logprob import word_end_tokens
from factaudit.engine.pipeline import cascade
from factaudit.engine.pipeline.classify import ClaimResult


def _result(pairs):
    return ClaimResult(claim_id="c", verdict="Supported", maxima={}, pairs=pairs)


def test_the_llm_reads_each_passages_best_window_and_the_gate_drops_those_without_evidence():
    # [passage, start, end, P(S), P(R), P(NE)]: evidence = 1 - P(NE)
    pairs = [["a", 0, 5, 0.1, 0.1, 0.8], ["a", 5, 9, 0.5, 0.3, 0.2], ["b", 0, 4, 0.3, 0.3, 0.4],
             ["c", 0, 3, 0.05, 0.05, 0.9], ["d", 0, 3, 0.6, 0.35, 0.05]]
    th = SimpleNamespace(rule="evidence_stance", evidence=0.5, supported=0.5, refuted=0.5)
    assert cascade.pick_windows(_result(pairs), th) == [4, 1, 2]           # by evidence: d .95, a .8, b .6
    th.evidence = 0.7
    assert cascade.pick_windows(_result(pairs), th) == [4, 1]              # b's best window (.6) is below the bar
    ungated = cascade.pick_windows(_result(pairs), th, gate=False)
    assert ungated == [4, 1, 2] and len(ungated) == cascade.MAX_PASSAGES   # c (4th passage) is never read
    # a passage's best window either bears or not: the gated pick is the ungated one less what does not bear
    assert [i for i in ungated if 1 - pairs[i][5] >= th.evidence] == cascade.pick_windows(_result(pairs), th)


class WordCounter:
    """A tokenizer of whitespace-separated words, so the budget can be checked by hand."""

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def test_a_window_is_cut_to_the_token_budget_and_says_so():
    text = " ".join(f"w{i}" for i in range(500))
    cut = cascade.cut_to_budget(WordCounter(), text, budget=100)
    assert cut.endswith("…") and text.startswith(cut[:-1])
    assert len(cut[:-1].split()) <= 99
    short = "a short window"
    assert cascade.cut_to_budget(WordCounter(), short, budget=100) == short
    assert cascade.cut_to_budget(object(), text, budget=10) == text        # no tokenizer to count with: as is


@pytest.fixture(scope="module")
def smollm2_vocab():
    from llama_cpp import Llama

    llm = Llama(model_path=registry.resolve_llm("smollm2-135m").path, vocab_only=True, verbose=False)
    yield llm
    llm.close()


def test_the_closing_quote_counts_every_token_that_ends_the_answer(smollm2_vocab):
    llm = smollm2_vocab
    tok = lambda s: llm.tokenize(s.encode(), add_bos=False, special=False)  # noqa: E731
    quote, = tok('"')
    quote_comma = tok('{"verdict": "Supported",')[-1]
    assert llm.detokenize([quote_comma]) == b'",'          # the defect: `",` is one token, not `"` then `,`
    ends = set(word_end_tokens(llm, quote).tolist())
    assert {quote, quote_comma} <= ends
    # independently: every vocabulary entry that is `"` followed by anything but a letter or digit
    expected = {t for t in range(llm.n_vocab()) if re.fullmatch(rb'"(?![A-Za-z0-9]).*', llm.detokenize([t]), re.S)}
    assert ends == expected
    # the cascade's answers end inside a word: `ED` may be followed by `.` but not continue as `EDIT`
    ed = tok(" REFUTED")[-1]
    assert llm.detokenize([ed]) == b"ED"
    for t in word_end_tokens(llm, ed).tolist():
        text = llm.detokenize([t])
        assert text.startswith(b"ED") and not text[2:3].isalnum()
