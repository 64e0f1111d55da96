"""Second rater's gold options (issue #34 item 7): `gold-options import`, `gold-options agreement`,
`gold-options profile`."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say

SHOWN_DIFFERENCES = 20


@click.group("gold-options")
def gold_options_group() -> None:
    """A second rater's gold option sets, their agreement with the imported gold, and the test-set profile."""


@gold_options_group.command("import")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--rater", required=True, help="the second rater's name (re-importing a rater replaces their sets)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def gold_options_import(project: Path, file: Path, rater: str, as_json: bool) -> None:
    """Import JSONL/CSV records {"item_id", "gold_options": [...]} of a second rater."""
    with services.open_project(project) as p:
        res = services.import_gold_options(p, file, rater)
    if as_json:
        emit_json(res)
        return
    say(f"imported {res['n_items']} gold option sets of {res['rater']} from {res['file']}")


@gold_options_group.command("agreement")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--rater", default=None, help="the second rater (needed when there are several)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def gold_options_agreement(project: Path, rater: str | None, as_json: bool) -> None:
    """Per-option Cohen's kappa and exact-set agreement of the imported gold and a second rater."""
    with services.open_project(project, readonly=True) as p:
        res = services.gold_agreement(p, rater)
    if as_json:
        emit_json(res.to_json())
        return
    kappa = "n/a" if res.kappa is None else f"{res.kappa:.3f}"
    say(f"{res.first} and {res.second} on {res.n_items} items ({res.n_decisions} option decisions): "
        f"Cohen's kappa {kappa}, same set on {res.n_exact} items {services.percent_text(res.exact, res.exact_ci)}")
    if res.n_without_options:
        say(f"  {res.n_without_options} items list no options: judged over the two raters' sets only")
    if res.only_first or res.only_second:
        say(f"  not compared: {res.only_first} items only {res.first} set, {res.only_second} only {res.second}")
    for d in res.differences[:SHOWN_DIFFERENCES]:
        say(f"  {d.item_id}: only {res.first} {d.only_first}, only {res.second} {d.only_second}")
    if len(res.differences) > SHOWN_DIFFERENCES:
        say(f"  … and {len(res.differences) - SHOWN_DIFFERENCES} more items differ (--json lists all)")


@gold_options_group.command("profile")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def gold_options_profile(project: Path, as_json: bool) -> None:
    """Items, source mix, multi-choice share, negation share and distractors of the option items."""
    with services.open_project(project, readonly=True) as p:
        prof = services.answer_set_profile(p)
    if as_json:
        emit_json(prof.to_json() if prof else None)
        return
    if prof is None:
        say("no items with gold options")
        return
    say(f"{prof.n_items} items with gold options; sources: "
        + ", ".join(f"{s} {n}" for s, n in prof.sources.items()))
    say(f"  more than one gold option {services.percent_text(prof.multi_share)} ({prof.n_multi}); negation in the "
        f"question {services.percent_text(prof.negation_share)} ({prof.n_negation})")
    if prof.distractors_mean is not None:
        say(f"  wrong options per item {prof.distractors_mean:.2f} (over {prof.n_with_options} items listing options)")


COMMANDS = [gold_options_group]
