"""Calling a step "enough for now", and the paths beside the expert's (issue #35 item 2).

The paths (answer audits, conflicts, judge evaluation, taxonomy induction, run comparison, a second
rater) are shown on the Workflow page and in `factaudit status` only when the project holds data for
them; none is ever "next" (Next follows the expert's path), and a path is done once its analysis has
an output in the file.
"""
from __future__ import annotations

from factaudit.engine.project import status_store as store
from factaudit.engine.project.db import Project
from factaudit.engine.services.status import DONE, ENOUGH_STEPS, PARTIAL, TODO, Step, workflow_status

# name -> (title, what the path is for); the engine catalogue translates them
PATHS: dict[str, tuple[str, str]] = {
    "answers": ("Answer audits", "Score whole answers (choices or free text) and review a sample of them."),
    "conflicts": ("Conflicts", "Items whose sources disagree: how the aggregate answer handles them."),
    "judge_evaluation": ("Judge evaluation", "How far the LLM pre-labeller agrees with people."),
    "induction": ("Taxonomy induction", "Grow the error taxonomy from the disagreements until it saturates."),
    "comparison": ("Run comparison", "Compare verify runs on the same claims, with paired tests."),
    "second_rater": ("Second rater", "Send units to a colleague, merge their labels, adjudicate."),
}


def other_paths(project: Project) -> list[Step]:
    """The paths the project holds data for, in PATHS order (details as "what: count", so one template
    per line translates them whatever the count)."""
    n = store.path_counts(project)
    c = {k: f"{v:,}" for k, v in n.items()}
    out: list[Step] = []
    if n["answer_runs"]:
        out.append(Step("answers", DONE if n["review_samples"] else TODO,
                        f"runs with answers: {c['answer_runs']}; review samples: {c['review_samples']}"))
    if n["conflict_items"]:
        out.append(Step("conflicts", TODO, f"items with conflicting sources: {c['conflict_items']}"))
    if n["judge_runs"]:
        out.append(Step("judge_evaluation", DONE, f"judge runs: {c['judge_runs']} (human–LLM agreement)"))
    if n["induction_rounds"] or n["triaged"]:
        out.append(Step("induction", DONE if n["induction_rounds"] else TODO,
                        f"induction rounds: {c['induction_rounds']}"))
    if n["verify_runs"] >= 2:
        out.append(Step("comparison", TODO, f"verify runs to compare: {c['verify_runs']}"))
    if n["packages"]:
        out.append(Step("second_rater", DONE if n["returns"] else PARTIAL,
                        f"packages sent: {c['packages']}; returns merged: {c['returns']}"))
    return out


def mark_enough(project: Project, step: str, enough: bool = True, progress: object = None,
                cancel: object = None) -> Step:
    """Call a step enough for now (Next moves on; its count is kept with the mark), or take that back.
    Returns the step as it stood when marked."""
    from factaudit.engine.errors import InvalidArgument

    if step not in ENOUGH_STEPS:
        raise InvalidArgument(f"{step!r} cannot be marked enough for now; steps that can: {', '.join(ENOUGH_STEPS)}")
    now = workflow_status(project).step(step)
    if not enough:
        store.remove_mark(project, "enough", step)
    elif now.state in (TODO, PARTIAL):
        detail = now.detail.split("; enough for now (marked at: ")[0]
        store.add_mark(project, "enough", step, detail)
    return now


__all__ = ["PATHS", "mark_enough", "other_paths"]
