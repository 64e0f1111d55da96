"""The report's study sections (issue #33): reasoning figures and the answers' factual precision and
correctness per verify run, evidence judge runs against gold relevance, aggregate runs (conflict-aware
answering, with the breakdowns by evidence condition, conflict type and question language) and the paired
comparison of retrieval runs. `ReportData` holds the services' JSON (services.report_figures); html.py
passes `html_context` to study_sections.html.j2 and xlsx.py calls `add_sheets`."""
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


def reasoning_table(reasoning: dict[str, Any]) -> Table:
    head = ["verify run", "complete traces", "every step correct", "share", "95% CI", "right for the wrong reasons",
            "wrong despite sound reasoning", "verdict unknown"]
    rows = [[run, f["n_complete"], f["n_all_correct"], f["all_correct"], _ci(f["all_correct_ci"]),
             len(f["right_for_wrong_reasons"]), len(f["wrong_despite_sound_reasoning"]), f["n_verdict_unknown"]]
            for run, f in reasoning.items()]
    return head, rows


def first_failure_table(reasoning: dict[str, Any]) -> Table:
    head = ["verify run", "step", "traces whose first failed step it is", "share"]
    rows = [[run, step, n, f["first_failure_share"].get(step)]
            for run, f in reasoning.items() for step, n in f["first_failure"].items()]
    return head, rows


def precision_table(answers: dict[str, Any]) -> Table:
    head = ["verify run", "answers scored", "claims", "not verifiable (filtered)", "verifiable", "supported",
            "factual precision (mean per answer)", "95% CI", "pooled precision", "95% CI", "K", "VeriScore F1@K",
            "95% CI", "expert precision (labelled claims)", "label-free precision (same claims)"]
    rows = []
    for run, a in answers.items():
        f = a["factual_precision"]
        e = f.get("expert") or {}
        rows.append([run, f["n_answers_scored"], f["n_claims"], f["n_filtered"], f["n_verifiable"], f["n_supported"],
                     f["factscore"], _ci(f["factscore_ci"]), f["pooled_precision"], _ci(f["pooled_precision_ci"]),
                     f["k"], f["veriscore"], _ci(f["veriscore_ci"]), e.get("expert_precision"),
                     e.get("label_free_precision")])
    return head, rows


def correctness_table(answers: dict[str, Any]) -> Table:
    head = ["verify run", "answers with a reference", "correct", "share", "95% CI", "exact match", "95% CI"]
    rows = [[run, c["n"], c["n_correct"], c["correct"], _ci(c["correct_ci"]), c["exact_match"],
             _ci(c["exact_match_ci"])]
            for run, a in answers.items() if (c := a["answer_correctness"])]
    return head, rows


def judge_table(judge: dict[str, Any]) -> Table:
    head = ["judge run", "mode", "gold answer shown", "pairs", "gold relevant", "accuracy", "95% CI", "precision",
            "95% CI", "recall", "95% CI", "F1", "95% CI"]
    rows = []
    for run, j in judge.items():
        o = j["overall"]
        rows.append([run, j["mode"], j["with_gold"], o["n"], o["n_gold_relevant"], o["accuracy"], _ci(o["accuracy_ci"]),
                     o["precision"], _ci(o["precision_ci"]), o["recall"], _ci(o["recall_ci"]), o["f1"],
                     _ci(o["f1_ci"])])
    return head, rows


def judge_breakdown_table(judge: dict[str, Any]) -> Table:
    head = ["judge run", "breakdown", "group", "n", "accuracy", "precision", "recall", "F1", "95% CI"]
    names = {"by_k": N_("first K passages"), "by_question_type": N_("question type"),
             "by_difficulty": N_("difficulty")}
    rows = [[run, names[b], group, f["n"], f["accuracy"], f["precision"], f["recall"], f["f1"], _ci(f["f1_ci"])]
            for run, j in judge.items() for b in names for group, f in j.get(b, {}).items()]
    return head, rows


def html_context(aggregate: dict[str, Any], comp: dict[str, Any] | None, notes: dict[str, str],
                 reasoning: dict[str, Any] | None = None, answers: dict[str, Any] | None = None,
                 judge: dict[str, Any] | None = None) -> dict[str, Any] | None:
    reasoning, answers, judge = reasoning or {}, answers or {}, judge or {}
    if not any((aggregate, comp, notes, reasoning, answers, judge)):
        return None
    return {"reasoning": reasoning_table(reasoning), "first_failure": first_failure_table(reasoning),
            "precision": precision_table(answers), "correctness": correctness_table(answers),
            "judge": judge_table(judge), "judge_breakdown": judge_breakdown_table(judge),
            "aggregate": aggregate_table(aggregate), "breakdown": breakdown_table(aggregate),
            "privileged": {r: a["note"] for r, a in aggregate.items() if a.get("note")},
            "comparison": comp, "deltas": retrieval_comparison_table(comp), "regressions": regressions_table(comp),
            "notes": notes}


def add_sheets(wb, aggregate: dict[str, Any], comp: dict[str, Any] | None, sheet: Callable,
               reasoning: dict[str, Any] | None = None, answers: dict[str, Any] | None = None,
               judge: dict[str, Any] | None = None) -> None:
    for title, table in ((N_("Reasoning figures"), reasoning_table(reasoning or {})),
                         (N_("First failed step"), first_failure_table(reasoning or {})),
                         (N_("Factual precision"), precision_table(answers or {})),
                         (N_("Answer correctness"), correctness_table(answers or {})),
                         (N_("Judge relevance"), judge_table(judge or {})),
                         (N_("Judge breakdown"), judge_breakdown_table(judge or {}))):
        if table[1]:
            sheet(wb, title, table)
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
