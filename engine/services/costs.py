"""What each run cost (issue #34 item 5): tokens, wall time, CPU seconds and, with a price, money.

Every kind of run: verify, judge, decompose, aggregate, retrieve. Wall and CPU seconds are the sums over
the sessions that worked the run (engine.jobs.RunLifecycle keeps one entry per session in the run's
summary; a killed session keeps none, runs made before this kept none). Tokens are the stored calls'
counts (engine.metrics.usage sums them and prices them, never guessing a missing count). A run whose
model is local (a GGUF in-process, a classifier, a retriever) costs no money: it is labelled local with
its CPU time, never "cost unknown". An endpoint run costs money when its endpoint has a price
(`services.set_price`) and every call reports its tokens.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from factaudit.engine.metrics import usage as U
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.usage import _endpoint_of_run, prices


@dataclass(frozen=True)
class RunCost:
    run_id: str
    kind: str
    where: str                        # local | endpoint | imported
    n_calls: int                      # stored model calls (0 for a run that keeps none: retrieve, classifier)
    tokens_in: int | None
    tokens_out: int | None
    wall_s: float | None              # summed over the sessions that stored theirs
    cpu_s: float | None
    n_sessions: int
    endpoint: str | None = None       # the saved endpoint whose price applies
    cost: float | None = None         # money, in the price's currency units
    cost_note: str | None = None      # why there is no money figure
    tokens_reasoning: int | None = None   # reported apart by the endpoint; already inside tokens_out

    @property
    def label(self) -> str:
        """One cell of a cost column."""
        if self.where == "local":
            return "local" + (f", CPU {self.cpu_s:.1f} s" if self.cpu_s is not None else ", CPU time not kept")
        reasoning = f", {self.tokens_reasoning} reasoning tokens" if self.tokens_reasoning is not None else ""
        if self.cost is not None:
            return f"{self.cost:.4f} ({self.endpoint}){reasoning}"
        return (f"unknown: {self.cost_note}" if self.cost_note else "unknown") + reasoning

    def per_correct(self, n_correct: int) -> dict[str, float | None]:
        """Cost per correct verdict: money for a priced endpoint run, CPU seconds for a local one."""
        if n_correct <= 0:
            return {"cost": None, "cpu_s": None}
        return {"cost": None if self.cost is None else self.cost / n_correct,
                "cpu_s": None if self.cpu_s is None else self.cpu_s / n_correct}

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "label": self.label}


def run_cost(project: Project, run_id: str, endpoint: str | None = None) -> RunCost:
    """The cost of one run; `endpoint` names the saved endpoint whose price applies (default: the one the
    run pinned)."""
    run = run_store.get_run(project, run_id)
    sessions = run.summary.get("sessions") or []
    wall = [s["wall_s"] for s in sessions if s.get("wall_s") is not None]
    cpu = [s["cpu_s"] for s in sessions if s.get("cpu_s") is not None]
    calls = [U.Call(lat, tin, tout, rtok) for lat, tin, tout, rtok in run_store.run_calls(project, run_id, run.kind)]
    pin = (run.config or {}).get("model") or {}
    where = ("imported" if run.kind == "imported" else
             "endpoint" if pin.get("source") == "endpoint" or endpoint else "local")
    used = U.usage(calls, None)
    cost, note, name = None, None, None
    if where == "endpoint":
        name = endpoint or _endpoint_of_run(project, run_id)
        priced = U.usage(calls, prices().get(name) if name else None)
        cost, note = priced["cost"], priced["cost_note"]
    elif where == "imported":
        note = "imported: its cost was not measured here"
    return RunCost(run_id=run_id, kind=run.kind, where=where, n_calls=len(calls), tokens_in=used["tokens_in"],
                   tokens_out=used["tokens_out"], wall_s=round(sum(wall), 3) if wall else None,
                   cpu_s=round(sum(cpu), 3) if cpu else None, n_sessions=len(sessions), endpoint=name,
                   cost=cost, cost_note=note, tokens_reasoning=used["tokens_reasoning"])


def run_costs(project: Project, kind: str | None = None) -> list[RunCost]:
    """Every run's cost, in run order (the cost column of a runs listing)."""
    return [run_cost(project, r.id) for r in run_store.list_runs(project, kind)]


def verdict_cost(project: Project, run_id: str, metrics: dict[str, Any], endpoint: str | None = None) -> dict[str, Any]:
    """A verify run's cost with its cost per correct verdict (correct: the closed regime's verdicts that
    match the gold label, accuracy × n of `metrics`), for `metrics` to show beside accuracy."""
    cost = run_cost(project, run_id, endpoint)
    closed = metrics.get("closed") or {}
    n_correct = round(closed["accuracy"] * closed["n"]) if closed.get("n") else 0
    return {**cost.to_json(), "n_correct": n_correct, "per_correct": cost.per_correct(n_correct)}
