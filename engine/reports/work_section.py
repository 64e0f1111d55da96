"""The report's section on the work behind the verdicts (issue #23 item 4): retrieval metrics of the
retrieval runs used and the triage outcomes of the disagreements. `ReportData.retrieval` and
`ReportData.triage` hold services.report_work's JSON; html.py passes `html_context` to
work_section.html.j2 and xlsx.py writes the two tables."""
from __future__ import annotations

from typing import Any

from factaudit.engine.i18n import N_
from factaudit.engine.reports.lang import Percent

Table = tuple[list[str], list[list[Any]]]
TRIAGE_NAMES = {"retrieval_error": N_("retrieval error"), "verification_error": N_("verification error"),
                "wrong_gold": N_("wrong gold label")}


def retrieval_table(retrieval: dict[str, Any]) -> Table:
    names: list[str] = []
    for r in retrieval.values():
        for name in r.get("metrics", {}):
            if name not in names:
                names.append(name)
    head = ["retrieval run", "used by", "claims evaluated", "claims without gold", *names]
    rows = [[run, ", ".join(r["used_by"]), r["n_evaluated"], r["n_excluded"], *(r["metrics"].get(n) for n in names)]
            for run, r in retrieval.items() if "missing" not in r]
    return head, rows


def triage_table(triage: dict[str, Any]) -> Table:
    codes = list(next((t["outcomes"] for t in triage.values() if "outcomes" in t), {}))
    head = ["verify run", "mapping", "level", "disagreements", "triaged",
            *(TRIAGE_NAMES.get(c, c.replace("_", " ")) for c in codes), "pre-fill kept"]
    rows = []
    for run, t in triage.items():
        if "missing" in t:
            continue
        kept = t.get("prefill_kept_share")
        rows.append([run, t["mapping"], t["level"], t["n_disagreements"], t["n_decided"],
                     *(t["outcomes"].get(c, 0) for c in codes), "—" if kept is None else Percent(kept)])
    return head, rows


def html_context(retrieval: dict[str, Any], triage: dict[str, Any]) -> dict[str, Any] | None:
    if not retrieval and not triage:
        return None
    missing = {r: v["missing"] for r, v in {**retrieval, **triage}.items() if "missing" in v}
    return {"retrieval": retrieval_table(retrieval), "triage": triage_table(triage), "missing": missing}
