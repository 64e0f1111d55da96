"""Answer correctness against the reference answer (issue #33 item 6).

An answer is correct when it matches its item's `reference` by the first of these rules that holds:

- **exact**: equal after `normalize.fold` (case, full-width forms, punctuation, whitespace, Chinese
  numerals, thousands separators) — the normalised exact match (EM) of SQuAD-style evaluations;
- **lexicon**: equal after the equivalence lexicon maps each side to its canonical term;
- **numeric**: the reference carries quantities, every one of them has an answer quantity within it
  (`text.quantities`: same unit after conversion, the answer's interval inside the reference's), and
  every word of the reference outside its quantities and hedges occurs in the answer ("约4小时"
  against "3.5–4.5小时" is correct; "半衰期约4小时" against "半衰期3.5–4.5小时" too; "约5小时" is not);
- **contains**: the folded reference, or one of its lexicon equivalents, occurs in the answer as a
  whole term (a long answer that states the short reference).

`exact_match` counts the first rule alone, `correct` any of them. Items without a reference, or
without an answer text, are left out and counted.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.answer_audit import contains_term
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.text import quantities as qty
from factaudit.engine.text.normalize import fold

RULES = ("exact", "lexicon", "numeric", "contains")
# words that only soften a number ("about 4 h", "约4小时", "4小时左右"): not required of the answer
HEDGES = frozenset({"about", "around", "approximately", "approx", "roughly", "nearly", "almost", "some",
                    "circa", "ca", "约", "大约", "大概", "左右", "上下", "近", "约为", "为", "是"})


@dataclass
class AnswerInput:
    item_id: str
    answer: str | None
    reference: str | None
    category: str | None = None


@dataclass
class AnswerMatch:
    item_id: str
    category: str | None
    correct: bool
    rule: str | None            # the first rule that matched, None when none did
    answer: str
    reference: str


def _words_present(answer_folded: str, reference: str) -> bool:
    rest = fold(qty.remainder(reference))
    for word in rest.split():
        if word in HEDGES:
            continue
        if not contains_term(answer_folded, word):
            return False
    return True


def match_rule(answer: str, reference: str, lexicon: Lexicon | None = None) -> str | None:
    """The first rule under which `answer` matches `reference`, or None."""
    lex = lexicon or Lexicon()
    a, r = fold(answer), fold(reference)
    if not r:
        return None
    if a == r:
        return "exact"
    if lex.canon(answer) == lex.canon(reference):
        return "lexicon"
    if qty.within(answer, reference) and _words_present(a, reference):
        return "numeric"
    if any(contains_term(a, v) for v in lex.variants(reference) if v):
        return "contains"
    return None


def match_answers(items: Sequence[AnswerInput], lexicon: Lexicon | None = None) -> list[AnswerMatch]:
    """A match per item with both an answer and a reference."""
    out = []
    for it in items:
        if not (it.reference or "").strip() or not (it.answer or "").strip():
            continue
        rule = match_rule(it.answer or "", it.reference or "", lexicon)
        out.append(AnswerMatch(it.item_id, it.category, rule is not None, rule, it.answer or "", it.reference or ""))
    return out


def _rates(matches: Sequence[AnswerMatch]) -> dict[str, Any]:
    n = len(matches)
    k = sum(m.correct for m in matches)
    em = sum(m.rule == "exact" for m in matches)
    return {"n": n, "n_correct": k, "correct": k / n if n else None, "correct_ci": stats.wilson(k, n),
            "n_exact_match": em, "exact_match": em / n if n else None, "exact_match_ci": stats.wilson(em, n),
            "by_rule": {rule: sum(m.rule == rule for m in matches) for rule in RULES}}


def summarise(matches: Sequence[AnswerMatch], n_items: int) -> dict[str, Any]:
    """Run-level answer correctness: shares with Wilson 95 % intervals, per rule and per category;
    `n_without_reference` counts the items of `n_items` left out."""
    cats = sorted({m.category for m in matches if m.category})
    return {**_rates(matches), "n_without_reference": n_items - len(matches),
            "by_category": {c: _rates([m for m in matches if m.category == c]) for c in cats},
            "items": [asdict(m) for m in matches]}
