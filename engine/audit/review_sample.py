"""Expert review samples (issue #13 item 3): a stratified, seeded draw of a run's items.

Each stratum (a value of the strata field, e.g. risk tier A/B/C; items without a value form their
own stratum) contributes round(fraction × its size) items, at least one, so a small high-risk tier
is never left out. The draw is reproducible: items are sorted by id within their stratum, shuffled
with `random.Random(f"{seed}:{stratum}")` (string seeding is stable across Python runs), and the
first k taken; the sample lists strata in sorted order, each in draw order.
"""
from __future__ import annotations

import math
import random
from typing import Iterable, Sequence

from factaudit.engine.errors import InvalidArgument

STRATA_FIELDS = ("risk_tier", "category")
NO_STRATUM = ""


def stratum_size(n: int, fraction: float) -> int:
    if n <= 0:
        return 0
    return min(n, max(1, math.floor(fraction * n + 0.5)))


def draw(items: Iterable[tuple[str, str | None]], fraction: float, seed: int) -> list[str]:
    """Item ids of the sample from (item id, stratum) pairs."""
    if not 0 < fraction <= 1:
        raise InvalidArgument(f"the fraction must be in (0, 1], got {fraction}", setting="fraction")
    groups: dict[str, list[str]] = {}
    for item_id, stratum in items:
        groups.setdefault(stratum or NO_STRATUM, []).append(item_id)
    out: list[str] = []
    for stratum in sorted(groups):
        ids = sorted(groups[stratum])
        random.Random(f"{seed}:{stratum}").shuffle(ids)
        out.extend(ids[:stratum_size(len(ids), fraction)])
    return out


def check_strata(field: str | None) -> str | None:
    if field is not None and field not in STRATA_FIELDS:
        raise InvalidArgument(f"the strata must be one of {', '.join(STRATA_FIELDS)}, got {field!r}", setting="strata")
    return field


def two_by_two(strict_correct: Sequence[bool], acceptable: Sequence[bool]) -> dict[str, int]:
    """The cross table of strict-correct against acceptable-to-the-reviewer."""
    pairs = list(zip(strict_correct, acceptable))
    return {
        "strict_and_acceptable": sum(s and a for s, a in pairs),
        "strict_not_acceptable": sum(s and not a for s, a in pairs),
        "not_strict_acceptable": sum((not s) and a for s, a in pairs),
        "not_strict_not_acceptable": sum((not s) and not a for s, a in pairs),
    }
