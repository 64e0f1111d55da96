"""The report's sections on aggregate runs (conflict-aware answering, with the breakdowns by evidence
condition, conflict type and question language) and on the paired comparison of retrieval runs (issue #33
items 3 and 4). `ReportData.aggregate` and `ReportData.retrieval_comparison` hold the services' JSON;
html.py passes `html_context` to study_sections.html.j2 and xlsx.py calls `add_sheets`."""
from __future__ import annotations

from typing import Any, Callable

from factaudit.engine.i18n import N_
from factaudit.engine.reports.lang import ci as _ci

Table = tuple[list[str], list[list[Any]]]
CONFLICT_METRICS = ("strict_accuracy", "conflict_aware_success", "conflict_f1", "conflict_awareness",
                    "unsupported_ratio")
BREAKDOWN_NAMES = {"evidence_condition": N_("evidence condition"), "conflict_type": N_("conflict type"),
                   "language": N_("question language")}


def aggregate_table(aggregate: dict[str, Any]) -> Table:
    head = ["run", "variant", "n", "conflict items", "strict accuracy", "95% CI", "conflict-aware success", "95% CI",
            "conflict F1", "95% CI", "conflict awareness", "95% CI", "unsupported ratio", "95% CI"]
    rows = []
    for run, a in aggregate.items():
        row = [run, a.get("variant") or "", a["n_items"], a["n_conflict"]]
        for m in CONFLICT_METRICS:
            row += [a["metrics"][m], _ci(a["intervals"].get(m))]
        rows.append(row)
    return head, rows


def breakdown_table(aggregate: dict[str, Any]) -> Table:
    head = ["run", "breakdown", "group", "n", "strict accuracy", "95% CI", "conflict-aware success", "95% CI",
            "conflict awareness", "unsupported ratio"]
    rows = []
    for run, a in aggregate.items():
        for name, by_group in a.get("breakdown", {}).items():
            for group, g in by_group.items():
                m, ci = g["metrics"], g["intervals"]
                rows.append([run, BREAKDOWN_NAMES.get(name, name), group, g["n_items"], m["strict_accuracy"],
                             _ci(ci.get("strict_accuracy")), m["conflict_aware_success"],
                             _ci(ci.get("conflict_aware_success")), m["conflict_awareness"], m["unsupported_ratio"]])
    return head, rows


def retrieval_comparison_table(comp: dict[str, Any] | None) -> Table:
    head = ["run", "metric", "baseline", "run's value", "Δ", "95% CI", "p", "p (Holm)", "claims worse",
            "claims better"]
    if not comp:
        return head, []
    rows = [[d["run_id"], d["metric"], d["baseline"], d["value"], d["delta"], _ci(d["delta_ci"]), d["p"], d["p_holm"],
             d["n_regressed"], d["n_improved"]] for d in comp["deltas"]]
    return head, rows


def regressions_table(comp: dict[str, Any] | None) -> Table:
    head = ["run", "metric", "claim", "baseline", "run's value"]
    if not comp:
        return head, []
    rows = [[run, metric, r["claim_id"], r["baseline"], r["value"]]
            for run, by_metric in comp["regressions"].items() for metric, listed in by_metric.items() for r in listed]
    return head, rows


def html_context(aggregate: dict[str, Any], comp: dict[str, Any] | None,
                 notes: dict[str, str]) -> dict[str, Any] | None:
    if not aggregate and not comp and not notes:
        return None
    return {"aggregate": aggregate_table(aggregate), "breakdown": breakdown_table(aggregate),
            "privileged": {r: a["note"] for r, a in aggregate.items() if a.get("note")},
            "comparison": comp, "deltas": retrieval_comparison_table(comp), "regressions": regressions_table(comp),
            "notes": notes}


def add_sheets(wb, aggregate: dict[str, Any], comp: dict[str, Any] | None, sheet: Callable) -> None:
    if aggregate:
        sheet(wb, N_("Aggregate runs"), aggregate_table(aggregate))
        table = breakdown_table(aggregate)
        if table[1]:
            sheet(wb, N_("Conflict breakdown"), table)
    if comp:
        sheet(wb, N_("Retrieval comparison"), retrieval_comparison_table(comp))
        table = regressions_table(comp)
        if table[1]:
            sheet(wb, N_("Retrieval regressions"), table)
