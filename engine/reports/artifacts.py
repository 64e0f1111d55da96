"""Report artifacts: the data a report shows and the flat tables every format shares.

The formats (html.py, xlsx.py, the JSON folder) read from here; writing them is reports.writer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from factaudit.engine import jsonsafe
from factaudit.engine.metrics.classification import LEVELS, RunMetrics
from factaudit.engine.metrics.compare import Comparison
from factaudit.engine.metrics.conflict import ConflictResult
from factaudit.engine.metrics.multi_answer import MultiAnswerResult
from factaudit.engine.i18n import N_
from factaudit.engine.reports.lang import Words
from factaudit.engine.reports.lang import ci as _ci
from factaudit.engine.reports.safe import valid_unicode


@dataclass
class ReportData:
    config: dict[str, Any]
    metrics: dict[str, RunMetrics] = field(default_factory=dict)
    comparison: Comparison | None = None
    comparison_note: str | None = None
    multi_answer: dict[str, MultiAnswerResult] = field(default_factory=dict)
    conflict: dict[str, ConflictResult] = field(default_factory=dict)
    per_item: list[dict[str, Any]] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)     # run -> why it could not be scored
    audit: Any = None                                         # reports.audit_sections.AuditReport, if labelled
    answer_comparisons: list = field(default_factory=list)    # metrics.answer_compare results (choices runs)
    usage: dict[str, Any] = field(default_factory=dict)       # run -> latency / tokens / cost (metrics.usage)
    test_looks: dict[str, int] = field(default_factory=dict)  # configuration family -> evaluations on test
    certification: dict[str, Any] = field(default_factory=dict)  # run -> services.certify JSON or {"missing": why}
    attribution: dict[str, Any] = field(default_factory=dict)    # classifier run -> reports.attribution_section rows
    retrieval: dict[str, Any] = field(default_factory=dict)      # retrieval run used -> metrics (report_work)
    triage: dict[str, Any] = field(default_factory=dict)         # verify run -> triage outcomes (report_work)
    aggregate: dict[str, Any] = field(default_factory=dict)      # aggregate run -> services.conflict_figures JSON
    retrieval_comparison: dict[str, Any] | None = None           # metrics.retrieval_compare JSON (2+ retrieval runs)
    reasoning: dict[str, Any] = field(default_factory=dict)      # verify run -> audit.reasoning_figures JSON
    answer_figures: dict[str, Any] = field(default_factory=dict) # verify run -> factual precision, correctness
    judge: dict[str, Any] = field(default_factory=dict)          # evidence judge run -> services.judge_scores
    study_notes: dict[str, str] = field(default_factory=dict)    # a study figure not shown -> why
    grids: dict[str, Any] = field(default_factory=dict)          # grid (sweep number) -> services.report_grids
    answer_sets: dict[str, Any] = field(default_factory=dict)    # services.answer_set_figures: profile, gold agreement

    def summary(self) -> dict[str, Any]:
        return {
            "runs": {r: m.to_json() for r, m in self.metrics.items()},
            "comparison": self.comparison.to_json() if self.comparison else None,
            "comparison_note": self.comparison_note,
            "multi_answer": {r: m.to_json() for r, m in self.multi_answer.items()},
            # candidates runs (ConflictResult) and aggregate runs (kind "aggregate") side by side
            "conflict": {**{r: c.to_json() for r, c in self.conflict.items()}, **self.aggregate},
            "retrieval_comparison": self.retrieval_comparison,
            "reasoning": self.reasoning,
            "answer_figures": self.answer_figures,
            "judge": self.judge,
            "study_notes": self.study_notes,
            "answer_comparisons": [c.to_json() for c in self.answer_comparisons],
            "usage": self.usage,
            "test_looks": self.test_looks,
            "certification": self.certification,
            "attribution": self.attribution,
            "retrieval": self.retrieval,
            "triage": self.triage,
            "skipped": self.skipped,
            "grids": self.grids,
            "answer_sets": self.answer_sets,
        }


def dump_json(value: Any, **kw) -> str:
    """Report JSON goes through the app's one NaN-safe writer (undefined figures become null);
    lone surrogates become U+FFFD first, since the UTF-8 file writer cannot encode them."""
    return valid_unicode(jsonsafe.dumps(value, **kw))


# ---- flat tables shared by HTML and XLSX ---------------------------------------------------------------
Table = tuple[list[str], list[list[Any]]]


def mapping_table(data: ReportData) -> Table:
    head = ["run", "level", "mapping", "n", "TP", "FP", "FN", "TN", "precision", "precision 95% CI",
            "recall", "recall 95% CI", "F1", "F1 95% CI"]
    rows = []
    for run_id, m in data.metrics.items():
        for level in LEVELS:
            for mapping, s in getattr(m, level).items():
                rows.append([run_id, level, mapping, s.n, s.tp, s.fp, s.fn, s.tn, s.precision, _ci(s.precision_ci),
                             s.recall, _ci(s.recall_ci), s.f1, _ci(s.f1_ci)])
    return head, rows


def exclusions_table(data: ReportData) -> Table:
    head = ["run", "scored sentences", "scored claims", "parse failures", "unscored sentences",
            "unscored: parse failed", "unscored: no claims", "unscored: missing verdict",
            "verdicts whose evidence contains suspected instructions"]
    rows = [[r, m.n_sentences, m.n_claims, m.n_parse_failures, m.n_unscored, m.unscored.get("parse_failed", 0),
             m.unscored.get("no_claims", 0), m.unscored.get("missing_verdict", 0), m.n_suspect_evidence]
            for r, m in data.metrics.items()]
    return head, rows


def closed_table(data: ReportData) -> Table:
    """Per class, with macro-F1 both ways: over the gold classes (named) and over every label
    (sklearn's default, a class only the verifier predicts counting as F1 0)."""
    head = ["run", "n", "accuracy", "accuracy 95% CI", "macro-F1 (gold classes)", "macro-F1 classes",
            "macro-F1 (all labels)", "class", "precision", "recall", "F1", "support"]
    rows = []
    for r, m in data.metrics.items():
        c = m.closed
        if c is None:
            continue
        for label in c.labels:
            pc = c.per_class[label]
            rows.append([r, c.n, c.accuracy, _ci(c.accuracy_ci), c.macro_f1, Words(c.macro_f1_classes),
                         c.macro_f1_all_labels, label, pc["precision"], pc["recall"], pc["f1"], pc["support"]])
    return head, rows


def verifier_worth_table(data: ReportData) -> Table:
    """What each closed-regime run's figures are worth: how it verified, its balanced accuracy (mean
    recall of Supported and Refuted) beside the majority baseline's, the notes `metrics` prints, and the
    grounding control paired with the run (verdicts that stay the same without evidence)."""
    head = ["run", "strategy", "evidence", "control", "balanced accuracy", "majority class", "majority accuracy",
            "majority 95% CI", "majority balanced accuracy", "within majority interval", "demo-grade",
            "control run", "same verdicts without evidence", "control balanced accuracy"]
    rows = []
    for r, m in data.metrics.items():
        c = m.closed
        if c is None:
            continue
        setup, maj, g = m.setup or {}, c.majority or {}, m.grounding_control or {}
        rows.append([r, setup.get("strategy"), setup.get("evidence_source"), setup.get("control") or "",
                     c.balanced_accuracy, maj.get("label"), maj.get("accuracy"), _ci(maj.get("accuracy_ci")),
                     maj.get("balanced_accuracy"), "yes" if c.within_majority else "no",
                     "yes" if m.demo_grade else "no", g.get("control_run" if g.get("real_run") == r else "real_run", ""),
                     f"{g['n_same']} of {g['n_compared']}" if g else "",
                     g.get("control_balanced_accuracy") if g else None])
    return head, rows


# Why a claim with a gold verdict is left out of the closed figures (services.scoring_units' reasons).
CLOSED_LEFT_OUT = {
    "claim_too_long": N_("left out: claim too long for the model"),
    "cut_off_at_max_tokens": N_("left out: reply cut off at max tokens"),
    "did_not_parse": N_("left out: reply did not parse"),
    "no_verdict": N_("left out: no verdict (the verifier failed on the claim)"),
}


def closed_denominator_table(data: ReportData) -> Table:
    """The closed regime's denominator: per run the claims with a gold verdict, those scored (n) and
    each reason for leaving one out on its own row."""
    head = ["run", "claims with a gold verdict", "row", "claims"]
    rows = []
    for r, m in data.metrics.items():
        n = m.closed.n if m.closed is not None else 0
        left_out = dict(m.closed_unscored)
        if m.closed is None and not left_out:
            continue
        total = n + sum(left_out.values())
        rows.append([r, total, N_("scored (the denominator of every closed figure)"), n])
        for reason, k in sorted(left_out.items()):
            rows.append([r, total, CLOSED_LEFT_OUT.get(reason, f"left out: {reason}"), k])
    return head, rows


def confusion_tables(data: ReportData) -> dict[str, Table]:
    out = {}
    for r, m in data.metrics.items():
        c = m.closed
        if c is None:
            continue
        head = ["gold \\ predicted", *c.labels]
        out[r] = (head, [[label, *row] for label, row in zip(c.labels, c.confusion_matrix)])
    return out


def comparison_table(data: ReportData) -> Table:
    head = ["run", "n", "accuracy", "precision", "recall", "recall 95% CI", "F1", "F1 95% CI", "ΔRecall vs first",
            "ΔRecall 95% CI", "ΔF1 vs first", "ΔF1 95% CI", "McNemar p", "McNemar p (Holm)"]
    if data.comparison is None:
        return head, []
    rows = [[t["run_id"], t["n"], t["accuracy"], t["precision"], t["recall"], _ci(t["recall_ci"]), t["f1"],
             _ci(t["f1_ci"]), t["delta_recall"], _ci(t["delta_recall_ci"]), t["delta_f1"], _ci(t["delta_f1_ci"]),
             t["mcnemar_p"], t["mcnemar_p_holm"]] for t in data.comparison.table]
    return head, rows


def pairs_table(data: ReportData) -> Table:
    head = ["run A", "run B", "n", "only A correct", "only B correct", "McNemar exact p", "Holm p",
            "ΔRecall (B−A)", "ΔRecall 95% CI", "ΔF1 (B−A)", "ΔF1 95% CI", "bootstrap p (ΔF1)", "Holm p (ΔF1)"]
    if data.comparison is None:
        return head, []
    rows = [[p.a, p.b, p.n, p.a_only_correct, p.b_only_correct, p.mcnemar_p, p.mcnemar_p_holm, p.delta_recall,
             _ci(p.delta_recall_ci), p.delta_f1, _ci(p.delta_f1_ci), p.bootstrap_p_f1, p.bootstrap_p_f1_holm]
            for p in data.comparison.pairs]
    return head, rows


def category_table(data: ReportData) -> Table:
    head = ["run", "category", "mapping", "n", "TP", "FP", "FN", "TN", "precision", "recall", "recall 95% CI",
            "F1", "F1 95% CI"]
    rows = []
    for r, m in data.metrics.items():
        for cat, ms in m.by_category.items():
            for mapping, s in ms.items():
                rows.append([r, cat, mapping, s.n, s.tp, s.fp, s.fn, s.tn, s.precision, s.recall, _ci(s.recall_ci),
                             s.f1, _ci(s.f1_ci)])
    return head, rows


def multi_answer_table(data: ReportData) -> Table:
    head = ["run", "tier", "n", "strict", "strict 95% CI", "intermediate", "intermediate 95% CI", "lenient",
            "lenient 95% CI", "lenient penalty", "acceptable (expert review)", "critical misses", "gates", "result"]
    rows = []
    for r, res in data.multi_answer.items():
        rows.append([r, "all", res.n, res.strict, _ci(res.strict_ci), res.intermediate, _ci(res.intermediate_ci),
                     res.lenient, _ci(res.lenient_ci), res.lenient_penalty, res.audit.get("acceptable_rate"), "", "", ""])
        for t in res.tiers.values():
            if not t.n and not any(i.risk_tier for i in res.items):
                continue        # no item carries a risk tier: three empty tier rows would say nothing
            gates = ", ".join(f"{k} {'≤' if k in ('critical_misses', 'max_refusal_rate') else '≥'} {v:g}"
                              for k, v in t.gates.items())
            verdict = "n/a" if t.passed is None else ("pass" if t.passed else "fail")
            rows.append([r, t.tier, t.n, t.strict, "", t.intermediate, "", t.lenient, "", "", None, t.critical_misses,
                         gates, verdict])
    return head, rows


def conflict_table(data: ReportData) -> Table:
    head = ["run", "n", "conflict items", "conflict precision", "conflict recall", "conflict F1",
            "conflict-aware success", "success (conflict items)", "success (other items)", "unsupported-candidate ratio"]
    rows = [[r, c.n, c.n_conflict, c.conflict_precision, c.conflict_recall, c.conflict_f1, c.success,
             c.success_conflict, c.success_other, c.unsupported_ratio] for r, c in data.conflict.items()]
    return head, rows


__all__ = ["ReportData", "Table", "dump_json"]
