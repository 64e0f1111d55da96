"""The report's test-set section for multi-answer items (issue #34 item 7): the profile of the items
(source mix, multi-choice and negation shares, distractors) and the agreement of a second rater's gold
option sets with the imported gold. `ReportData.answer_sets` holds services.answer_set_figures' JSON;
html.py passes `html_context` to answer_set_section.html.j2 and xlsx.py calls `add_sheets`."""
from __future__ import annotations

from typing import Any, Callable

from factaudit.engine.i18n import N_
from factaudit.engine.metrics.option_sets import MAX_LISTED
from factaudit.engine.reports.lang import Words, ci as _ci

Table = tuple[list[str], list[list[Any]]]
# figure names of the profile table (cells: translated on their own)
ITEMS = N_("items with gold options")
MULTI = N_("more than one gold option")
NEGATED = N_("negation in the question")
DISTRACTORS = N_("wrong options per item (mean)")
SOURCE = N_("source: {name}")


def profile_table(figures: dict[str, Any]) -> Table:
    head = ["figure", "items", "share"]
    p = figures.get("profile")
    if not p:
        return head, []
    rows = [[ITEMS, p["n_items"], None], [MULTI, p["n_multi"], p["multi_share"]],
            [NEGATED, p["n_negation"], p["negation_share"]],
            [DISTRACTORS, p["n_with_options"], p["distractors_mean"]]]
    rows += [[SOURCE.format(name=s), n, n / p["n_items"]] for s, n in p["sources"].items()]
    return head, rows


def agreement_table(figures: dict[str, Any]) -> Table:
    head = ["first rater", "second rater", "items", "option decisions", "Cohen's kappa", "same set", "share",
            "95% CI", "items without an option list"]
    rows = [[a["first"], a["second"], a["n_items"], a["n_decisions"], a["kappa"], a["n_exact"], a["exact"],
             _ci(a["exact_ci"]), a["n_without_options"]] for a in (figures.get("gold_agreement") or {}).values()]
    return head, rows


def differences_table(figures: dict[str, Any]) -> Table:
    head = ["second rater", "item", "only the first rater", "only the second rater"]
    rows = []
    for a in (figures.get("gold_agreement") or {}).values():
        rows += [[a["second"], d["item_id"], Words(d["only_first"]), Words(d["only_second"])]
                 for d in a["differences"][:MAX_LISTED]]
    return head, rows


def html_context(figures: dict[str, Any]) -> dict[str, Any] | None:
    if not figures:
        return None
    p = figures["profile"]
    return {"profile": profile_table(figures), "negation_words": ", ".join(p["negation_words"]),
            "agreement": agreement_table(figures), "differences": differences_table(figures),
            "n_differences": sum(len(a["differences"]) for a in figures["gold_agreement"].values()),
            "max_listed": MAX_LISTED}


def add_sheets(wb, figures: dict[str, Any], sheet: Callable[[Any, str, Table], None]) -> None:
    for title, table in ((N_("Test-set profile"), profile_table(figures)),
                         (N_("Gold option agreement"), agreement_table(figures)),
                         (N_("Gold option differences"), differences_table(figures))):
        if table[1]:
            sheet(wb, title, table)
