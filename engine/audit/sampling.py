"""A seeded, stratified draw of k units (rater packages and certification's "label these next").

Allocation is proportional with the largest-remainder rule, so the strata add up to exactly k; a
stratum with units never gets a negative share and ties go to the larger stratum, then its name.
Within a stratum, ids are sorted and shuffled with `random.Random(f"{seed}:{stratum}")` (string
seeding is stable across Python runs), so the same seed and units give the same sample anywhere.
"""
from __future__ import annotations

import math
import random
from typing import Iterable

from factaudit.engine.errors import InvalidArgument


def allocate(sizes: dict[str, int], k: int) -> dict[str, int]:
    total = sum(sizes.values())
    if k > total:
        raise InvalidArgument(f"asked for {k} units but only {total} are available")
    if total == 0:
        return {s: 0 for s in sizes}
    quotas = {s: k * n / total for s, n in sizes.items()}
    out = {s: math.floor(q) for s, q in quotas.items()}
    left = k - sum(out.values())
    order = sorted(sizes, key=lambda s: (-(quotas[s] - out[s]), -sizes[s], s))
    for s in order[:left]:
        out[s] += 1
    return out


def stratified_sample(units: Iterable[tuple[str, str]], k: int, seed: int) -> list[str]:
    """Ids of k units from (id, stratum) pairs, strata in sorted order, each in draw order."""
    if k < 0:
        raise InvalidArgument(f"the number of units must be positive, got {k}")
    groups: dict[str, list[str]] = {}
    for uid, stratum in units:
        groups.setdefault(stratum, []).append(uid)
    shares = allocate({s: len(v) for s, v in groups.items()}, k)
    out: list[str] = []
    for stratum in sorted(groups):
        ids = sorted(groups[stratum])
        random.Random(f"{seed}:{stratum}").shuffle(ids)
        out.extend(ids[:shares[stratum]])
    return out
