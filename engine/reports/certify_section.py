"""The report's certification section (issue #21 item 5): per verify run, what the expert labels
prove about the verifier (sensitivity, specificity) and the run's error rate three ways.

`ReportData.certification` maps a run to services.certify's JSON, or to {"missing": reason} when the
run has no labelled units; html.py passes `html_context` to certify_section.html.j2."""
from __future__ import annotations

from typing import Any

from factaudit.engine.reports.lang import Fixed, Interval, Words

Table = tuple[list[str], list[list[Any]]]


def _ci(e: dict[str, Any]) -> str:
    ci = e.get("ci")
    return Interval(100 * ci[0], 100 * ci[1], 1) if ci else "—"


def _pct(v: float | None) -> str:
    return "—" if v is None else Fixed(100 * v, 1)


def certification_table(cert: dict[str, dict[str, Any]]) -> Table:
    head = ["run", "labelled", "unlabelled", "sensitivity", "95% CI", "specificity", "95% CI",
            "error rate: labels only", "Wilson 95%", "verifier alone", "prediction-powered", "PPI 95%", "notes"]
    rows = []
    for run, c in cert.items():
        if "missing" in c:
            continue
        er = c["error_rate"]
        rows.append([run, c["n_labelled"], c["n_unlabelled"], _pct(c["sensitivity"]["value"]), _ci(c["sensitivity"]),
                     _pct(c["specificity"]["value"]), _ci(c["specificity"]), _pct(er["labels_only"]["value"]),
                     _ci(er["labels_only"]), _pct(er["verifier_only"]["value"]), _pct(er["ppi"]["value"]),
                     _ci(er["ppi"]), Words(c.get("notes", []), "; ")])
    return head, rows


def html_context(cert: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    if not cert:
        return None
    first = next(iter(cert.values()))
    return {"table": certification_table(cert), "missing": {r: c["missing"] for r, c in cert.items() if "missing" in c},
            "mapping": first.get("mapping"), "level": first.get("level")}
