"""Answer-level audit commands (issue #13): the expert review sample and its marks."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import click

from factaudit.engine.cli.common import emit_json, handle_errors


@click.command("review-sample")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a choices run")
@click.option("--fraction", default=0.15, show_default=True, type=click.FloatRange(0, 1, min_open=True),
              help="share of the run's items, per stratum (at least one per stratum)")
@click.option("--strata", default="risk_tier", show_default=True, type=click.Choice(("risk_tier", "category", "none")),
              help="item field the draw is stratified by")
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def review_sample_cmd(project: Path, run_id: str, fraction: float, strata: str, seed: int, as_json: bool) -> None:
    """Draw a stratified, reproducible sample of a choices run's answers for expert review
    (the same settings find the same sample again)."""
    from factaudit.engine import services

    with services.open_project(project) as p:
        sample = services.draw_review_sample(p, run_id, fraction, None if strata == "none" else strata, seed)
    if as_json:
        emit_json(asdict(sample))
        return
    click.echo(f"review sample {sample.id} of {run_id}: {len(sample.items)} items "
               f"(fraction {sample.fraction}, strata {sample.strata or 'none'}, seed {sample.seed})")
    click.echo("  " + ", ".join(sample.items))


@click.command("review-mark")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--sample", "sample_id", required=True, type=int, help="the review sample's number")
@click.option("--item", "item_id", required=True, help="a sampled item")
@click.option("--acceptable/--not-acceptable", required=True, help="acceptable for the business or not")
@click.option("--note", default=None, help="the reviewer's note")
@click.option("--reviewer", required=True, help="who judged it")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def review_mark_cmd(project: Path, sample_id: int, item_id: str, acceptable: bool, note: str | None, reviewer: str,
                    as_json: bool) -> None:
    """Record a reviewer's judgement of one sampled answer (append-only: a new mark supersedes the old)."""
    from factaudit.engine import services

    with services.open_project(project) as p:
        mark = services.mark_review(p, sample_id, item_id, acceptable, note, reviewer)
    if as_json:
        emit_json(asdict(mark))
        return
    click.echo(f"{item_id}: {'acceptable' if mark.acceptable else 'not acceptable'} ({reviewer})"
               + (f", supersedes mark {mark.supersedes}" if mark.supersedes else ""))


COMMANDS = [review_sample_cmd, review_mark_cmd]
