"""Answer-level audit of a choices run (issue #13): where each missed gold option was lost, whether
wrong options were made up or misread, refusals and citations.

An option's evidence is *present* for an item when
- the item's `option_evidence` names passages for it: one of them is among the passages the system
  saw (the choices record's `passages`);
- otherwise: the option's text, or any equivalent the lexicon lists, occurs in a seen passage after
  the normalisation of `text.normalize.fold` (case, full-width forms, punctuation, whitespace;
  Chinese included). Latin-script terms must match whole words ("aspirin" is not in "aspirinate");
  a term that starts or ends with a CJK character matches anywhere, as Chinese has no spaces.

A missed gold option (gold, not chosen) was lost in
- **retrieval** when its evidence is not among the seen passages,
- **terminology** when its evidence was seen and the system chose, instead, a term that is not one
  of the item's listed options (an equivalent the lexicon lacks); each such term explains one miss
  (off-list terms and such misses are paired in the order chosen and the gold order),
- **generation** otherwise (seen, not chosen).
A wrong option (chosen, not gold) is **unsupported** when its evidence is absent from the seen
passages (made up) and **in_evidence** when it is there (misread).
An off-list term is counted once: paired with a miss, it is that terminology miss only (not a wrong
option, and not in faithfulness's chosen options); unpaired, it is a wrong option like any other.

Rates are shares of options pooled over items with Wilson 95 % intervals (options of one item are
treated as independent draws; the per-item table is in `ItemAudit`). Items whose record does not
say what the system saw are left out of the evidence figures and counted in `n_without_passages`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.multi_answer import Lexicon, numeric_canons
from factaudit.engine.text.normalize import fold

MISS_CAUSES = ("retrieval", "generation", "terminology")
WRONG_CAUSES = ("unsupported", "in_evidence")
# The pharma study's warning: high strict scores with almost no refusals suggest overconfidence.
WARN_STRICT = 0.85
WARN_REFUSAL = 0.02



def _word_char(ch: str) -> bool:
    # letters and digits of alphabetic scripts; CJK (from U+2E80 on) has no word boundaries
    return ch.isalnum() and ord(ch) < 0x2E80


def contains_term(haystack: str, term: str) -> bool:
    """Whether folded `term` occurs in folded `haystack`, as a whole word for alphabetic scripts."""
    if not term:
        return False
    start = haystack.find(term)
    while start >= 0:
        end = start + len(term)
        before_ok = start == 0 or not (_word_char(term[0]) and _word_char(haystack[start - 1]))
        after_ok = end == len(haystack) or not (_word_char(term[-1]) and _word_char(haystack[end]))
        if before_ok and after_ok:
            return True
        start = haystack.find(term, start + 1)
    return False


class EvidenceFinder:
    """Decides whether an option's evidence is among the passages a system saw."""

    def __init__(self, passage_text: Callable[[str], str | None], lexicon: Lexicon | None = None):
        self._text = passage_text
        self._folded: dict[str, str] = {}
        self.lexicon = lexicon or Lexicon()

    def _fold(self, pid: str) -> str:
        if pid not in self._folded:
            self._folded[pid] = fold(self._text(pid) or "")
        return self._folded[pid]

    def present(self, option: str, seen: Sequence[str], option_evidence: Mapping[str, Sequence[str]] | None) -> bool:
        canon = self.lexicon.canon(option)
        if option_evidence:
            named = [pid for key, ids in option_evidence.items() if self.lexicon.canon(key) == canon for pid in ids]
            if named:
                seen_set = set(seen)
                return any(pid in seen_set for pid in named)
        terms = self.lexicon.variants(option)
        return any(contains_term(self._fold(pid), t) for pid in seen for t in terms)


@dataclass
class ItemAudit:
    item_id: str
    risk_tier: str | None
    category: str | None
    has_passages: bool                 # the record lists the passages the system saw
    refused: bool | None               # None: the run records no refusals
    n_gold: int = 0
    gold_present: int = 0              # gold options whose evidence was seen
    n_chosen: int = 0                  # chosen options, less off-list terms counted as terminology misses
    chosen_present: int = 0            # those whose evidence was seen
    missed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MISS_CAUSES, 0))
    wrong: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WRONG_CAUSES, 0))
    cited: bool | None = None          # an answer (not a refusal) citing at least one passage; None: not recorded
    causes: list[dict[str, str]] = field(default_factory=list)   # [{option, kind: missed|wrong, cause}]
    failed: bool = False               # not strictly correct, or refused
    layers: list[str] = field(default_factory=list)              # failure attribution (see `attribute`)


def audit_item(item_id: str, gold: Iterable[str], chosen: Iterable[str], seen: Sequence[str] | None,
               finder: EvidenceFinder, *, options: Iterable[str] | None = None,
               option_evidence: Mapping[str, Sequence[str]] | None = None, refused: bool | None = None,
               citations: Sequence[str] | None = None, risk_tier: str | None = None,
               category: str | None = None) -> ItemAudit:
    lex = finder.lexicon
    gold = list(dict.fromkeys(gold))
    chosen = list(dict.fromkeys(chosen))
    g = {lex.canon(o): o for o in gold}
    # a chosen quantity inside a gold range is that gold option, as in strict (multi_answer.numeric_canons)
    p = dict(zip(numeric_canons(chosen, gold, lex), chosen))
    out = ItemAudit(item_id, risk_tier, category, seen is not None, refused,
                    cited=None if citations is None else (None if refused else bool(citations)))
    if seen is None:
        return out
    listed = None if options is None else lex.canon_set(options)
    present = {c: finder.present(o, seen, option_evidence) for c, o in {**g, **p}.items()}
    wrong = [c for c in p if c not in g]
    # unlisted wrong terms, in the order chosen: each may stand for one missed option (a synonym)
    stand_ins = [c for c in wrong if listed is not None and c not in listed]
    paired: set[str] = set()
    for c, o in g.items():
        if c in p:
            continue
        entry = {"option": o, "kind": "missed"}
        if not present[c]:
            cause = "retrieval"
        elif stand_ins:
            term = stand_ins.pop(0)
            paired.add(term)
            cause = "terminology"
            entry["chosen_instead"] = p[term]
        else:
            cause = "generation"
        out.missed[cause] += 1
        out.causes.append({**entry, "cause": cause})
    # a term that stood in for a missed option is that miss only: counted once, not also as a wrong
    # option and a chosen option without evidence
    counted = [c for c in p if c not in paired]
    out.n_gold, out.n_chosen = len(g), len(counted)
    out.gold_present = sum(present[c] for c in g)
    out.chosen_present = sum(present[c] for c in counted)
    for c in wrong:
        if c in paired:
            continue
        cause = "in_evidence" if present[c] else "unsupported"
        out.wrong[cause] += 1
        out.causes.append({"option": p[c], "kind": "wrong", "cause": cause})
    return out


def _rate(k: int, n: int) -> tuple[float | None, tuple[float, float] | None]:
    return (k / n if n else None), stats.wilson(k, n)


def summarise(items: Sequence[ItemAudit]) -> dict[str, Any]:
    """The audit figures of a group of items (a run or one tier), JSON-ready."""
    seen = [i for i in items if i.has_passages]
    n_gold = sum(i.n_gold for i in seen)
    n_chosen = sum(i.n_chosen for i in seen)
    coverage, coverage_ci = _rate(sum(i.gold_present for i in seen), n_gold)
    faith, faith_ci = _rate(sum(i.chosen_present for i in seen), n_chosen)
    known_refusal = [i for i in items if i.refused is not None]
    refusal, refusal_ci = _rate(sum(bool(i.refused) for i in known_refusal), len(known_refusal))
    answered = [i for i in items if i.cited is not None]
    cited, cited_ci = _rate(sum(bool(i.cited) for i in answered), len(answered))
    return {
        "n_with_passages": len(seen), "n_without_passages": len(items) - len(seen),
        "n_gold_options": n_gold, "n_chosen_options": n_chosen,
        "evidence_coverage": coverage, "evidence_coverage_ci": coverage_ci,
        "missed_options": {c: sum(i.missed[c] for i in seen) for c in MISS_CAUSES},
        "wrong_options": {c: sum(i.wrong[c] for i in seen) for c in WRONG_CAUSES},
        "faithfulness": faith, "faithfulness_ci": faith_ci,
        "n_refusal_recorded": len(known_refusal), "refusal_rate": refusal, "refusal_rate_ci": refusal_ci,
        "n_cited_recorded": len(answered), "cited_rate": cited, "cited_rate_ci": cited_ci,
    }


def by_tier(items: Sequence[ItemAudit]) -> dict[str, dict[str, Any]]:
    return {t: summarise([i for i in items if i.risk_tier == t]) for t in ("A", "B", "C")}


def refusal_warnings(strict: float | None, refusal_rate: float | None, where: str = "the run") -> list[str]:
    if strict is None or refusal_rate is None or strict < WARN_STRICT or refusal_rate >= WARN_REFUSAL:
        return []
    return [f"{where}: strict {100 * strict:.1f}% with refusals at {100 * refusal_rate:.1f}% (under "
            f"{100 * WARN_REFUSAL:.0f}%): the system may answer when the sources cannot confirm"]


def item_rows(items: Sequence[ItemAudit]) -> list[dict[str, Any]]:
    return [asdict(i) for i in items]


def mean_interval(values: Sequence[float], n_resamples: int = stats.DEFAULT_RESAMPLES,
                  seed: int = stats.DEFAULT_SEED) -> tuple[float, float] | None:
    """Percentile bootstrap interval of a mean of per-item scores (items resampled with replacement)."""
    if not values:
        return None
    x = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    means = np.empty(n_resamples)
    step = max(1, 2_000_000 // len(x))          # bounded memory: resample in blocks
    for lo in range(0, n_resamples, step):
        hi = min(n_resamples, lo + step)
        means[lo:hi] = x[rng.integers(0, len(x), size=(hi - lo, len(x)))].mean(axis=1)
    return stats.percentile_interval(means)


# ---- failure attribution (the report's table) ---------------------------------------------------------
LAYERS = ("retrieval", "generation", "terminology", "data", "unknown")


def attribute(item: ItemAudit, strict: float, in_corpus: Callable[[str], bool]) -> ItemAudit:
    """Set `failed` and `layers` of an item. A failed item (strict < 1 or refused) is lost in
    - retrieval / terminology / generation: the causes of its missed options, wrong options counting
      as generation (made up or misread by the answering step);
    - data: a missed option whose evidence is nowhere in the corpus (`in_corpus(option)` is false):
      no retriever could have found it, so the gold or the corpus is wrong or incomplete;
    - unknown: the record does not say which passages the system saw.
    """
    item.failed = strict < 1.0 or bool(item.refused)
    if not item.failed:
        item.layers = []
        return item
    if not item.has_passages:
        item.layers = ["unknown"]
        return item
    layers = []
    for c in item.causes:
        layer = c["cause"] if c["kind"] == "missed" else "generation"
        if layer == "retrieval" and not in_corpus(c["option"]):
            layer = "data"
        c["layer"] = layer
        if layer not in layers:
            layers.append(layer)
    item.layers = layers or ["generation"]
    return item


def layer_counts(items: Sequence[ItemAudit]) -> dict[str, int]:
    """Failed items per layer (an item with several layers counts under each) and in all."""
    failed = [i for i in items if i.failed]
    return {"n_failed": len(failed), **{layer: sum(layer in i.layers for i in failed) for layer in LAYERS}}
