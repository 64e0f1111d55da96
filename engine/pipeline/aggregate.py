"""The deterministic per-passage aggregation of DESIGN.md: support only → Supported; refute only →
Refuted; both → Ambiguous (a conflict); neither → No Evidence."""
from __future__ import annotations

from typing import Iterable

STANCES = ("supports", "refutes", "neutral")

_ALIASES = {
    "supports": "supports", "support": "supports", "supported": "supports",
    "refutes": "refutes", "refute": "refutes", "refuted": "refutes", "contradict": "refutes",
    "neutral": "neutral", "no evidence": "neutral", "not enough info": "neutral", "nei": "neutral",
}


def normalize_stance(stance: str) -> str:
    key = stance.strip().lower()
    if key not in _ALIASES:
        raise ValueError(f"unknown stance {stance!r}")
    return _ALIASES[key]


def aggregate_stances(stances: Iterable[str]) -> str:
    seen = {normalize_stance(s) for s in stances}
    support, refute = "supports" in seen, "refutes" in seen
    if support and refute:
        return "Ambiguous"
    if support:
        return "Supported"
    if refute:
        return "Refuted"
    return "No Evidence"
