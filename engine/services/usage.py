"""Latency and cost of runs (issue #13 item 7): per-endpoint prices the user sets, P50/P95 latency.

Prices live in the user's config folder (`prices.json`, per saved endpoint name, in currency units
per million input and output tokens); they are settings of this machine, never written into a
project. A verify run finds its price through its pinned endpoint URL and model name; an imported
choices run has no endpoint of its own, so the caller names one (`metrics --endpoint NAME`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from factaudit.engine.config import config_dir
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.metrics import usage as U
from factaudit.engine.models import registry
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import scoring_store
from factaudit.engine.project.db import Project


def _prices_file() -> Path:
    return config_dir() / "prices.json"


def prices() -> dict[str, U.Price]:
    try:
        rows = json.loads(_prices_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out = {}
    for name, p in rows.items() if isinstance(rows, dict) else ():
        try:
            out[name] = U.Price(name, float(p["in_per_million"]), float(p["out_per_million"]))
        except (KeyError, TypeError, ValueError):
            continue   # a hand-edited broken entry is an unknown price, not a guessed one
    return out


def set_price(endpoint: str, in_per_million: float, out_per_million: float) -> U.Price:
    if endpoint not in {e.name for e in registry.list_endpoints()}:
        raise NotFound(f"no saved endpoint named {endpoint!r}; save it first (Settings › Models)")
    for label, v in (("input", in_per_million), ("output", out_per_million)):
        if not v >= 0:
            raise InvalidArgument(f"the {label} price must be a number ≥ 0, got {v}")
    rows = {n: {"in_per_million": p.in_per_million, "out_per_million": p.out_per_million} for n, p in prices().items()}
    rows[endpoint] = {"in_per_million": float(in_per_million), "out_per_million": float(out_per_million)}
    _prices_file().write_text(json.dumps(rows, indent=2, sort_keys=True), encoding="utf-8")
    return U.Price(endpoint, float(in_per_million), float(out_per_million))


def remove_price(endpoint: str) -> None:
    rows = {n: {"in_per_million": p.in_per_million, "out_per_million": p.out_per_million} for n, p in prices().items()}
    if rows.pop(endpoint, None) is None:
        raise NotFound(f"no price set for {endpoint!r}")
    _prices_file().write_text(json.dumps(rows, indent=2, sort_keys=True), encoding="utf-8")


def _endpoint_of_run(project: Project, run_id: str) -> str | None:
    pin = (run_store.get_run(project, run_id).config or {}).get("model") or {}
    if pin.get("source") != "endpoint":
        return None
    for e in registry.list_endpoints():
        if e.base_url == pin.get("endpoint") and e.model_name == pin.get("model_name"):
            return e.name
    return None


def run_usage(project: Project, run_id: str, kind: str, endpoint: str | None = None) -> dict[str, Any] | None:
    """Latency percentiles, token totals and cost of a verify run ("verdicts") or a choices run;
    None when no call of the run reports a latency or token count."""
    if kind == "verdicts":
        calls = [U.Call(lat, tin, tout) for lat, tin, tout in scoring_store.verdict_calls(project, run_id)]
    elif kind == "choices":
        calls = [U.Call(p.latency_ms, p.tokens_in, p.tokens_out, p.tokens_reasoning)
                 for p in scoring_store.get_predictions(project, run_id).values()]
    else:
        return None
    if not any(c.latency_ms is not None or c.tokens_in is not None or c.tokens_out is not None for c in calls):
        return None
    name = endpoint or _endpoint_of_run(project, run_id)
    if endpoint is not None and endpoint not in {e.name for e in registry.list_endpoints()}:
        raise NotFound(f"no saved endpoint named {endpoint!r}")
    result = U.usage(calls, prices().get(name) if name else None)
    result["endpoint"] = name
    return result
