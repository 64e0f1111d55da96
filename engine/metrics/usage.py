"""Latency and cost of a run's calls (issue #13 item 7).

P50 / P95 latency over the calls that report one (linear interpolation between order statistics).
Cost = tokens_in × price_in / 10⁶ + tokens_out × price_out / 10⁶. Reasoning tokens are recorded and
summed but not added: OpenAI-compatible endpoints count them inside the completion (output) tokens
(`completion_tokens_details.reasoning_tokens`), so adding them would bill them twice. A cost
is only computed when a price is set AND every call reports its token counts: an unknown price or a
missing count leaves the cost unknown (None), never guessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np


@dataclass(frozen=True)
class Price:
    endpoint: str
    in_per_million: float
    out_per_million: float


@dataclass
class Call:
    latency_ms: float | None
    tokens_in: int | None
    tokens_out: int | None
    tokens_reasoning: int | None = None


def usage(calls: Sequence[Call], price: Price | None) -> dict[str, Any]:
    lat = np.asarray([c.latency_ms for c in calls if c.latency_ms is not None], dtype=float)
    counted = [c for c in calls if c.tokens_in is not None and c.tokens_out is not None]
    tin = sum(c.tokens_in or 0 for c in counted)
    tout = sum(c.tokens_out or 0 for c in counted)
    reasoning = [c.tokens_reasoning for c in calls if c.tokens_reasoning is not None]
    out: dict[str, Any] = {
        "n_calls": len(calls), "n_with_latency": int(lat.size),
        "latency_p50_ms": float(np.percentile(lat, 50)) if lat.size else None,
        "latency_p95_ms": float(np.percentile(lat, 95)) if lat.size else None,
        "n_with_tokens": len(counted), "tokens_in": tin if counted else None,
        "tokens_out": tout if counted else None, "tokens_reasoning": sum(reasoning) if reasoning else None,
        "price": None if price is None else {"endpoint": price.endpoint, "in_per_million": price.in_per_million,
                                             "out_per_million": price.out_per_million},
        "cost": None, "cost_per_call": None, "cost_note": None,
    }
    if price is None:
        out["cost_note"] = "unknown: no price set for this run's endpoint"
    elif not calls or len(counted) < len(calls):
        out["cost_note"] = f"unknown: {len(calls) - len(counted)} of {len(calls)} calls report no token counts"
    else:
        cost = tin * price.in_per_million / 1e6 + tout * price.out_per_million / 1e6
        out["cost"] = cost
        out["cost_per_call"] = cost / len(calls)
    return out
