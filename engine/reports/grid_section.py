"""The report's ablation-grid section (issue #34 item 6): per grid, each cell's axes, accuracy with its
Wilson 95% interval, the exact McNemar test against the baseline cell with its Holm-adjusted p and the
cell's cost; under it Cochran's Q over all cells. `ReportData.grids` holds services.report_grids' JSON;
html.py passes `html_context` to grid_section.html.j2."""
from __future__ import annotations

from typing import Any

from factaudit.engine.i18n import N_
from factaudit.engine.models.classifier_registry import EMBEDDED_CLASSIFIER
from factaudit.engine.reports.lang import Fixed, Interval

Table = tuple[list[str], list[list[Any]]]
SHIPPED = N_("shipped template")        # a cell word: the package's own prompt, not a project one
PICK = N_("pick")


def _money(cost: dict[str, Any]) -> str | None:
    if cost.get("local"):
        return "local"
    return None if cost.get("money") is None else Fixed(cost["money"], 4)


def cell_table(grid: dict[str, Any]) -> Table:
    head = ["cell", "role", "retriever", "merge", "rerank top", "corpus", "verifier", "prompt", "k", "claims",
            "correct", "accuracy", "accuracy 95% CI", "McNemar p vs baseline", "Holm p", "CPU s", "wall s", "cost",
            "output tokens", "reasoning tokens"]
    tests = {p["cell"]: p for p in grid["pairwise"]}
    rows = []
    for j, c in enumerate(grid["cells"]):
        t = tests.get(j, {})
        role = "baseline" if j == grid["baseline"] else (PICK if j == grid["pick"] else None)
        ci = c.get("interval")
        rows.append([j, role, c["retriever"], c.get("merge") or "none", c.get("rerank"),
                     "+".join(c["corpus"]) if c.get("corpus") else "all", c.get("verifier") or EMBEDDED_CLASSIFIER,
                     c.get("prompt") or SHIPPED, c["k"], c["n"], c["correct"], c["accuracy"],
                     Interval(*ci) if ci else None, t.get("p"), t.get("p_holm"), Fixed(c["cost"]["cpu_s"], 1),
                     Fixed(c["cost"]["wall_s"], 1), _money(c["cost"]), c["cost"].get("tokens_out") or None,
                     c["cost"].get("tokens_reasoning")])
    return head, rows


def html_context(grids: dict[str, Any]) -> dict[str, Any] | None:
    if not grids:
        return None
    shown = [{"id": g, "split": v["split"], "n_claims": v["n_claims"], "omnibus": v["omnibus"], "table": cell_table(v)}
             for g, v in grids.items() if "missing" not in v]
    return {"grids": shown, "missing": {g: v["missing"] for g, v in grids.items() if "missing" in v}}
