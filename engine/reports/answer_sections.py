"""Report sections of the answer-level audit (issue #13): where options were lost, faithfulness,
refusals and citations; the expert review beside strict; regression comparisons of choices runs.

Tables are (head, rows) like reports.artifacts; html.py passes `html_context` to the template
`answer_sections.html.j2` and xlsx.py calls `add_sheets`.
"""
from __future__ import annotations

from typing import Any, Callable

Table = tuple[list[str], list[list[Any]]]


def _ci(ci) -> str:
    return f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""


def audit_table(data) -> Table:
    head = ["run", "tier", "items with seen passages", "evidence coverage", "95% CI", "missed: retrieval",
            "missed: generation", "missed: terminology", "wrong: unsupported", "wrong: in evidence", "faithfulness",
            "95% CI", "refusal rate", "95% CI", "answers citing a source", "95% CI"]
    rows = []
    for r, res in data.multi_answer.items():
        groups = [("all", res.audit)] + [(t, tr.audit) for t, tr in res.tiers.items() if tr.n]
        for tier, a in groups:
            if not a or not (a.get("n_with_passages") or a.get("refusal_rate") is not None
                             or a.get("cited_rate") is not None):
                continue
            miss, wrong = a["missed_options"], a["wrong_options"]
            rows.append([r, tier, a["n_with_passages"], a["evidence_coverage"], _ci(a["evidence_coverage_ci"]),
                         miss["retrieval"], miss["generation"], miss["terminology"], wrong["unsupported"],
                         wrong["in_evidence"], a["faithfulness"], _ci(a["faithfulness_ci"]), a["refusal_rate"],
                         _ci(a["refusal_rate_ci"]), a["cited_rate"], _ci(a["cited_rate_ci"])])
    return head, rows


def review_table(data) -> Table:
    head = ["run", "sample", "reviewed", "strict (all items)", "strict (reviewed)", "acceptable", "95% CI",
            "strict & acceptable", "strict & not acceptable", "not strict & acceptable", "not strict & not acceptable"]
    rows = []
    for r, res in data.multi_answer.items():
        rev = res.audit.get("review") if res.audit else None
        if not rev:
            continue
        t = rev["table"]
        rows.append([r, rev["sample_id"], f"{rev['n_reviewed']} of {rev['n_sampled']}", res.strict,
                     rev["strict_on_reviewed"], res.audit["acceptable_rate"], _ci(res.audit["acceptable_rate_ci"]),
                     t["strict_and_acceptable"], t["strict_not_acceptable"], t["not_strict_acceptable"],
                     t["not_strict_not_acceptable"]])
    return head, rows


def comparison_table(data) -> Table:
    head = ["baseline", "run", "shared items", "metric", "before", "after", "Δ", "Δ 95% CI", "diverging"]
    rows = []
    for c in getattr(data, "answer_comparisons", None) or []:
        for ch in c.changes.values():
            rows.append([c.before, c.after, c.n_shared, ch.metric, ch.before, ch.after, ch.delta, _ci(ch.delta_ci),
                         c.diverging])
    return head, rows


def warnings(data) -> list[str]:
    return [f"{r}: {w}" for r, res in data.multi_answer.items() for w in res.warnings]


def html_context(data) -> dict[str, Any]:
    return {"audit": audit_table(data), "review": review_table(data), "comparison": comparison_table(data),
            "warnings": warnings(data),
            "notes": [n for c in getattr(data, "answer_comparisons", None) or [] for n in c.notes]}


def add_sheets(wb, data, sheet: Callable[[Any, str, Table], None]) -> None:
    for title, table in (("Answer audit", audit_table(data)), ("Expert review", review_table(data)),
                         ("Answer regression", comparison_table(data))):
        if table[1]:
            sheet(wb, title, table)
