"""The paths beside the expert's (issue #35 item 2).

The paths (answer audits, conflicts, judge evaluation, taxonomy induction, run comparison, a second
rater) are shown on the Workflow page and in `factaudit status` only when the project holds data for
them; none is ever "next" (Next follows the expert's path), and a path is done once its analysis has
an output in the file.
"""
from __future__ import annotations

from factaudit.engine.project import status_store as store
from factaudit.engine.project.db import Project

# the states, as engine/services/status.py names them (it imports this module, so not the other way)
TODO, PARTIAL, DONE = "todo", "partial", "done"

# name -> (title, what the path is for); the engine catalogue translates them
PATHS: dict[str, tuple[str, str]] = {
    "answers": ("Answer audits", "Score whole answers (choices or free text) and review a sample of them."),
    "conflicts": ("Conflicts", "Items whose sources disagree: how the aggregate answer handles them."),
    "judge_evaluation": ("Judge evaluation", "How far the LLM pre-labeller agrees with people."),
    "induction": ("Taxonomy induction", "Grow the error taxonomy from the disagreements until it saturates."),
    "comparison": ("Run comparison", "Compare verify runs on the same claims, with paired tests."),
    "second_rater": ("Second rater", "Send units to a colleague, merge their labels, adjudicate."),
}


def other_paths(project: Project) -> list[tuple[str, str, str]]:
    """(name, state, detail) of the paths the project holds data for, in PATHS order (details as
    "what: count", so one template per line translates them whatever the count)."""
    n = store.path_counts(project)
    c = {k: f"{v:,}" for k, v in n.items()}
    out: list[tuple[str, str, str]] = []
    if n["answer_runs"]:
        out.append(("answers", DONE if n["review_samples"] else TODO,
                        f"runs with answers: {c['answer_runs']}; review samples: {c['review_samples']}"))
    if n["conflict_items"]:
        out.append(("conflicts", TODO, f"items with conflicting sources: {c['conflict_items']}"))
    if n["judge_runs"]:
        out.append(("judge_evaluation", DONE, f"judge runs: {c['judge_runs']} (human–LLM agreement)"))
    if n["induction_rounds"] or n["triaged"]:
        out.append(("induction", DONE if n["induction_rounds"] else TODO,
                        f"induction rounds: {c['induction_rounds']}"))
    if n["verify_runs"] >= 2:
        out.append(("comparison", TODO, f"verify runs to compare: {c['verify_runs']}"))
    if n["packages"]:
        out.append(("second_rater", DONE if n["returns"] else PARTIAL,
                        f"packages sent: {c['packages']}; returns merged: {c['returns']}"))
    return out


__all__ = ["PATHS", "other_paths"]
