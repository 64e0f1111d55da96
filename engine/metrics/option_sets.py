"""Figures of a multi-answer test set (issue #34 item 7): agreement of two raters' gold option sets and
the set's profile.

Agreement. Every (item, option) pair is one yes/no decision per rater ("is this option in the gold
set?"); Cohen's κ is taken over all those decisions of the items both raters set. An item's options are
its `options` list where it has one, else the union of the two gold sets (then a "no" both raters gave
cannot be seen, which lowers κ: the figure says how many items lacked a list). Exact agreement is the
share of items whose two sets are equal, with a Wilson 95 % interval. Options are compared after the
lexicon (case, spacing, synonyms), as scoring compares them.

Profile. Items, the mix of sources, the share with more than one gold option, the share whose question
contains a negation (a whole word of NEGATIONS, any case) and the mean count of wrong options
(options − gold options) per item that lists its options.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.agreement import cohen_kappa
from factaudit.engine.metrics.multi_answer import Lexicon

# Negation cues of a question stem: English and German whole words (any case, "n't" too) and Chinese
# phrases. Chinese 不 alone is left out: it is inside too many plain words (不良反应, adverse reaction).
NEGATIONS = ("not", "no", "none", "never", "except", "cannot", "without", "false", "incorrect", "n't",
             "nicht", "kein", "keine", "außer", "nie", "不是", "不正确", "没有", "除了", "错误")
_LATIN = [w for w in NEGATIONS if w.isascii() and w != "n't"] + ["außer"]
_WORD = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in _LATIN) + r")\b|n't\b", re.I)
_CJK = tuple(w for w in NEGATIONS if not w.isascii() and w != "außer")
MAX_LISTED = 50      # differing items listed in a report; the JSON lists them all


def has_negation(text: str | None) -> bool:
    if not text:
        return False
    return _WORD.search(text) is not None or any(w in text for w in _CJK)


@dataclass
class RatedItem:
    item_id: str
    options: list[str] | None      # the item's option list, if it has one
    first: list[str]               # the first rater's gold set (items.gold_options)
    second: list[str]              # the second rater's


@dataclass
class SetDifference:
    item_id: str
    only_first: list[str]
    only_second: list[str]


@dataclass
class OptionAgreement:
    first: str
    second: str
    n_items: int                         # items both raters set
    n_decisions: int                     # item × option yes/no decisions
    kappa: float | None                  # Cohen's κ over the decisions (None: undefined)
    n_exact: int
    exact: float | None                  # share of items with equal sets
    exact_ci: tuple[float, float] | None
    n_without_options: int               # items judged over the union of the two sets
    only_first: int = 0                  # items only the first rater set (not compared)
    only_second: int = 0
    differences: list[SetDifference] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def decisions(items: Sequence[RatedItem], lexicon: Lexicon | None = None) -> tuple[list[int], list[int], int, int]:
    """The two raters' yes/no decisions over every (item, option) pair, the count of items whose
    sets are equal and of those without an option list."""
    lex = lexicon or Lexicon()
    a, b, exact, without = [], [], 0, 0
    for it in items:
        first, second = lex.canon_set(it.first), lex.canon_set(it.second)
        if it.options:
            universe = list(dict.fromkeys(lex.canon(o) for o in it.options))
            # a gold option missing from the list (a typo in one file) is still a decision
            universe += sorted((first | second) - set(universe))
        else:
            without += 1
            universe = sorted(first | second)
        a += [int(o in first) for o in universe]
        b += [int(o in second) for o in universe]
        exact += first == second
    return a, b, exact, without


def option_agreement(items: Sequence[RatedItem], first: str, second: str, lexicon: Lexicon | None = None, *,
                     only_first: int = 0, only_second: int = 0) -> OptionAgreement:
    lex = lexicon or Lexicon()
    a, b, exact, without = decisions(items, lex)
    n = len(items)
    diffs = []
    for it in items:
        f, s = lex.canon_set(it.first), lex.canon_set(it.second)
        if f != s:
            diffs.append(SetDifference(it.item_id, sorted(f - s), sorted(s - f)))
    return OptionAgreement(first, second, n, len(a), cohen_kappa(a, b) if a else None, exact,
                           exact / n if n else None, stats.wilson(exact, n), without, only_first, only_second, diffs)


@dataclass
class ProfileItem:
    item_id: str
    source: str                    # the item's source field, else its dataset
    question: str | None
    options: list[str] | None
    gold: list[str] | None


@dataclass
class SetProfile:
    n_items: int
    sources: dict[str, int]               # items per source, most frequent first
    n_multi: int                          # items whose gold has more than one option
    multi_share: float | None
    n_negation: int                       # items whose question contains a negation
    negation_share: float | None
    n_with_options: int                   # items that list their options (the distractor denominator)
    distractors_mean: float | None        # mean wrong options per item that lists its options
    negation_words: list[str] = field(default_factory=lambda: list(NEGATIONS))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def profile(items: Sequence[ProfileItem], lexicon: Lexicon | None = None) -> SetProfile:
    lex = lexicon or Lexicon()
    n = len(items)
    sources = Counter(it.source for it in items)
    multi = sum(1 for it in items if len(lex.canon_set(it.gold or [])) > 1)
    negated = sum(1 for it in items if has_negation(it.question))
    listed = [it for it in items if it.options]
    wrong = [len(lex.canon_set(it.options) - lex.canon_set(it.gold or [])) for it in listed]
    return SetProfile(n, dict(sorted(sources.items(), key=lambda kv: (-kv[1], kv[0]))), multi,
                          multi / n if n else None, negated, negated / n if n else None, len(listed),
                          sum(wrong) / len(wrong) if wrong else None)
