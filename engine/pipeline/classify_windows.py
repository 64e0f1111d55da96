"""Evidence windows for a classifier verifier: a passage's sentences, W at a time with stride S, each
(window, claim) pair within the model's max_length — split further when it is not, never truncated.

Sentences: the passage's stored sentence spans when the caller gives them (SciFact and HotpotQA
imports store them), else the project's sentence splitter (engine.ingest.sentences). Text outside
the given spans that is not whitespace becomes a sentence of its own, so no text is dropped. The
title is not part of the evidence. An empty (or all-whitespace) passage has no windows.

Windows: starts 0, S, 2S, … while a full window fits, plus one window ending at the last sentence
when the stride would leave it out; a passage shorter than W is one window. A window whose pair
exceeds max_length is split by sentences (greedy packing); a sentence that alone exceeds it is cut
into runs of tokens (contiguous character spans, so the pieces still cover the sentence). Each window
keeps its character span in the passage text, for attribution.

A claim too long for max_length beside MIN_EVIDENCE_TOKENS of evidence is not refused while the
model's position limit has room: its pairs may grow to the claim plus LONG_CLAIM_EVIDENCE_TOKENS of
evidence (never past the position limit), and the evidence windows are cut to fit. Only a claim that
leaves fewer than MIN_EVIDENCE_TOKENS even at the position limit is ClaimTooLong.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Protocol, Sequence

# Fewer evidence tokens than this beside a claim is no window at all: the claim is reported too long.
MIN_EVIDENCE_TOKENS = 32
# Evidence tokens a long claim's pair holds when it outgrows max_length: windows of a sentence or two,
# the stride the model was trained near (128-token pairs), rather than one long pair per passage.
LONG_CLAIM_EVIDENCE_TOKENS = 64
_MAX_REFITS = 16


class PairTokenizer(Protocol):
    special_tokens: int

    def token_offsets(self, text: str) -> list[tuple[int, int]]: ...
    def count_tokens(self, text: str) -> int: ...
    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]: ...


@dataclass(frozen=True)
class Window:
    passage_id: str
    start: int               # characters in the passage text
    end: int
    first: int               # 1-based sentence numbers (in sentence_units order) the window spans
    last: int
    text: str


class ClaimTooLong(Exception):
    """Not an engine error: the pipeline turns it into the claim's failure record."""

    def __init__(self, tokens: int, limit: int):
        super().__init__(f"claim longer than the model's window: {tokens} tokens > {limit}")
        self.tokens, self.limit = tokens, limit


def sentence_units(text: str, spans: Sequence[Sequence[int]] | None = None, lang: str = "en") -> list[tuple[int, int]]:
    """(start, end) of the passage's sentences, in order, covering all its non-whitespace text."""
    if not text or not text.strip():
        return []
    if spans:
        given = sorted((max(0, int(a)), min(len(text), int(b))) for a, b in spans)
    else:
        from factaudit.engine.ingest.sentences import split_sentences

        given = [(a, b) for a, b, _ in split_sentences(text, lang)]
    out: list[tuple[int, int]] = []
    pos = 0
    for a, b in given:
        a = max(a, pos)   # overlapping spans: the overlap belongs to the earlier sentence
        if b <= a:
            continue
        if text[pos:a].strip():
            out.append(_strip(text, pos, a))
        out.append((a, b))
        pos = b
    if text[pos:].strip():
        out.append(_strip(text, pos, len(text)))
    return out


def _strip(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def window_ranges(n: int, window: int, stride: int) -> list[tuple[int, int]]:
    """[first, last) sentence index ranges: every sentence is in at least one (stride <= window)."""
    if n == 0:
        return []
    if n <= window:
        return [(0, n)]
    starts = list(range(0, n - window + 1, stride))
    if starts[-1] + window < n:
        starts.append(n - window)
    return [(s, s + window) for s in starts]


class _Tokens:
    """Token character offsets of one passage text, to count tokens in a character range."""

    def __init__(self, offsets: list[tuple[int, int]]):
        self.offsets = [o for o in offsets if o[1] > o[0]]
        self.starts = [o[0] for o in self.offsets]

    def inside(self, a: int, b: int) -> list[int]:
        i = bisect.bisect_left(self.starts, a)
        out = []
        while i < len(self.offsets) and self.offsets[i][0] < b:
            out.append(i)
            i += 1
        return out

    def count(self, a: int, b: int) -> int:
        return len(self.inside(a, b))


def _token_pieces(toks: _Tokens, a: int, b: int, budget: int) -> list[tuple[int, int]]:
    """A sentence cut into runs of at most `budget` tokens, as contiguous spans covering [a, b). Cuts
    fall where a word starts (a gap before the token), so no word is cut into pieces the tokenizer
    would read differently; a single word longer than the budget is cut between its sub-word tokens."""
    idx = toks.inside(a, b)
    if len(idx) <= budget:
        return [(a, b)]
    offs = [toks.offsets[i] for i in idx]
    word_start = [k == 0 or offs[k][0] > offs[k - 1][1] for k in range(len(offs))]
    cuts, first = [], 0
    while len(offs) - first > budget:
        cut = next((k for k in range(first + budget, first, -1) if word_start[k]), first + budget)
        cuts.append(offs[cut][0])
        first = cut
    bounds = [a, *cuts, b]
    return [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)]


def _fit(units: list[tuple[int, int]], first: int, toks: _Tokens, budget: int) -> list[tuple[int, int, int, int]]:
    """(start, end, first, last) pieces of one window, each with at most `budget` evidence tokens."""
    a, b = units[0][0], units[-1][1]
    if toks.count(a, b) <= budget:
        return [(a, b, first, first + len(units) - 1)]
    out: list[tuple[int, int, int, int]] = []
    group: list[int] = []

    def flush():
        if group:
            out.append((units[group[0]][0], units[group[-1]][1], first + group[0], first + group[-1]))
            group.clear()

    for i, (ua, ub) in enumerate(units):
        if toks.count(ua, ub) > budget:
            flush()
            out.extend((pa, pb, first + i, first + i) for pa, pb in _token_pieces(toks, ua, ub, budget))
        elif group and toks.count(units[group[0]][0], ub) > budget:
            flush()
            group.append(i)
        else:
            group.append(i)
    flush()
    return out


def claim_budget(tok: PairTokenizer, claim: str, max_length: int) -> int:
    """Evidence tokens a pair with this claim may hold; ClaimTooLong when fewer than the minimum."""
    n = tok.count_tokens(claim)
    budget = max_length - tok.special_tokens - n
    if budget < MIN_EVIDENCE_TOKENS:
        raise ClaimTooLong(n, max_length - tok.special_tokens - MIN_EVIDENCE_TOKENS)
    return budget


def pair_limit(tok: PairTokenizer, claim: str, max_length: int, positions: int | None = None) -> int:
    """The longest (window, claim) pair this claim may make: max_length while the claim leaves at least
    MIN_EVIDENCE_TOKENS of evidence; beyond that the claim plus LONG_CLAIM_EVIDENCE_TOKENS, up to the
    model's position limit (`positions`; None: max_length is the limit). ClaimTooLong when even the
    position limit leaves fewer than MIN_EVIDENCE_TOKENS."""
    n = tok.count_tokens(claim)
    if max_length - tok.special_tokens - n >= MIN_EVIDENCE_TOKENS:
        return max_length
    top = max(max_length, positions or max_length)
    limit = min(top, n + tok.special_tokens + LONG_CLAIM_EVIDENCE_TOKENS)
    if limit - tok.special_tokens - n < MIN_EVIDENCE_TOKENS:
        raise ClaimTooLong(n, top - tok.special_tokens - MIN_EVIDENCE_TOKENS)
    return limit


def passage_windows(tok: PairTokenizer, passage_id: str, text: str, claim: str, *, max_length: int, window: int,
                    stride: int, spans: Sequence[Sequence[int]] | None = None, lang: str = "en",
                    positions: int | None = None) -> list[Window]:
    """The passage's evidence windows for this claim, every (window, claim) pair within the claim's
    pair_limit (checked on the real pair encoding; a window still over is cut again with a smaller budget)."""
    units = sentence_units(text, spans, lang)
    if not units:
        return []
    max_length = pair_limit(tok, claim, max_length, positions)
    budget = claim_budget(tok, claim, max_length)
    toks = _Tokens(tok.token_offsets(text))
    pieces: dict[tuple[int, int], tuple[int, int]] = {}
    for lo, hi in window_ranges(len(units), window, stride):
        for a, b, f, last in _fit(units[lo:hi], lo + 1, toks, budget):
            pieces.setdefault((a, b), (f, last))   # overlapping windows may cut the same piece twice
    out = [Window(passage_id, a, b, f, last, text[a:b]) for (a, b), (f, last) in pieces.items()]
    for _ in range(_MAX_REFITS):
        lengths = tok.pair_lengths([(w.text, claim) for w in out])
        over = [(w, n) for w, n in zip(out, lengths) if n > max_length]
        if not over:
            return sorted(out, key=lambda w: (w.start, w.end))
        keep = [w for w, n in zip(out, lengths) if n <= max_length]
        for w, n in over:
            # the estimate from the passage's own tokenisation was off at the edges: cut by tokens again
            tighter = max(1, budget - (n - max_length) - 1)
            sub = _Tokens(tok.token_offsets(w.text))   # offsets within the window's text
            for pa, pb in _token_pieces(sub, 0, len(w.text), tighter):
                keep.append(Window(passage_id, w.start + pa, w.start + pb, w.first, w.last, text[w.start + pa:w.start + pb]))
        out = keep
    raise ClaimTooLong(tok.count_tokens(claim), max_length - tok.special_tokens - MIN_EVIDENCE_TOKENS)
