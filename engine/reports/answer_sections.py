"""Report sections of the answer-level audit (issue #13): where options were lost, faithfulness,
refusals and citations; the expert review beside strict; regression comparisons of choices runs.

Tables are (head, rows) like reports.artifacts; html.py passes `html_context` to the template
`answer_sections.html.j2` and xlsx.py calls `add_sheets`.
"""
from __future__ import annotations

from typing import Any, Callable

from factaudit.engine.i18n import N_
from factaudit.engine.reports.lang import Words, ci as _ci

Table = tuple[list[str], list[list[Any]]]
# what an item lost, one sentence per option (engine.metrics.answer_audit's causes)
LOST = {"missed": N_("missed {option}: {layer}"), "wrong": N_("wrong {option}: {layer}")}


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


def generation_table(data) -> Table:
    head = ["run", "category", "items with gold passages", "citation precision", "95% CI", "citation recall", "95% CI",
            "unanswerable items", "refused when unanswerable", "95% CI", "answerable items", "false refusals", "95% CI"]
    rows = []
    for r, res in data.multi_answer.items():
        g = (res.audit or {}).get("generation")
        if not g or "citation_precision" not in g:
            continue
        for cat, x in [("all", g), *g.get("by_category", {}).items()]:
            rows.append([r, cat, x["n_citation_items"], x["citation_precision"], _ci(x["citation_precision_ci"]),
                         x["citation_recall"], _ci(x["citation_recall_ci"]), x["n_unanswerable"],
                         x["unanswerable_refusal_rate"], _ci(x["unanswerable_refusal_rate_ci"]), x["n_answerable"],
                         x["false_refusal_rate"], _ci(x["false_refusal_rate_ci"])])
    return head, rows


def usage_table(data) -> Table:
    head = ["run", "calls", "latency P50 (ms)", "latency P95 (ms)", "tokens in", "tokens out", "reasoning tokens",
            "endpoint", "cost", "cost per call"]
    rows = []
    for r, u in (getattr(data, "usage", None) or {}).items():
        if not u:
            continue
        rows.append([r, u["n_calls"], u["latency_p50_ms"], u["latency_p95_ms"], u["tokens_in"], u["tokens_out"],
                     u["tokens_reasoning"], u["endpoint"],
                     u["cost"] if u["cost"] is not None else "unknown", u["cost_per_call"]
                     if u["cost_per_call"] is not None else "unknown"])
    return head, rows


def failure_counts_table(data) -> Table:
    from factaudit.engine.metrics.answer_audit import LAYERS

    head = ["run", "failed items", *LAYERS]
    rows = []
    for r, res in data.multi_answer.items():
        c = (res.audit or {}).get("failure_layers")
        if c and c["n_failed"]:
            rows.append([r, c["n_failed"], *(c[layer] for layer in LAYERS)])
    return head, rows


def failure_table(data) -> Table:
    head = ["run", "item", "tier", "category", "critical", "strict", "layers", "what was lost"]
    rows = []
    for r, res in data.multi_answer.items():
        strict = {i.item_id: (i.strict, i.critical) for i in res.items}
        for a in res.audit_items:
            if not a.get("failed"):
                continue
            # sentences and words the report translates (issue #35: they stayed English in zh and de); the
            # cells read as the English text in JSON
            lost = [LOST[c["kind"]].format(option=c["option"], layer=c.get("layer", c["cause"])) if c["kind"] in LOST
                    else f"{c['kind']} {c['option']}: {c.get('layer', c['cause'])}" for c in a["causes"]]
            if a.get("refused"):
                lost.insert(0, "refused")
            s, crit = strict.get(a["item_id"], (None, False))
            rows.append([r, a["item_id"], a["risk_tier"], a["category"], crit, s, Words(a["layers"]),
                         Words(lost, sep="; ")])
    return head, rows


def test_looks_table(data) -> Table:
    looks = getattr(data, "test_looks", None) or {}
    return ["configuration family", "evaluations on a test split"], [[f, n] for f, n in sorted(looks.items())]


def warnings(data) -> list[str]:
    return [f"{r}: {w}" for r, res in data.multi_answer.items() for w in res.warnings]


def html_context(data) -> dict[str, Any]:
    return {"audit": audit_table(data), "review": review_table(data), "comparison": comparison_table(data),
            "generation": generation_table(data), "usage": usage_table(data),
            "failure_counts": failure_counts_table(data), "failures": failure_table(data),
            "test_looks": test_looks_table(data),
            "warnings": warnings(data),
            "notes": [n for c in getattr(data, "answer_comparisons", None) or [] for n in c.notes]}


def add_sheets(wb, data, sheet: Callable[[Any, str, Table], None]) -> None:
    for title, table in ((N_("Answer audit"), audit_table(data)), (N_("Expert review"), review_table(data)),
                         (N_("Answer regression"), comparison_table(data)), (N_("Citations and refusals"),
                         generation_table(data)), (N_("Latency and cost"), usage_table(data)),
                         (N_("Failure layers"), failure_counts_table(data)), (N_("Failed items"), failure_table(data)),
                         (N_("Test-split looks"), test_looks_table(data))):
        if table[1]:
            sheet(wb, title, table)
