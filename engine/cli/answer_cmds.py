"""Answer-level audit commands (issue #13): the expert review sample and its marks."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import click

from factaudit.engine.cli.common import emit_json, handle_errors, say


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
    say(f"review sample {sample.id} of {run_id}: {len(sample.items)} items "
               f"(fraction {sample.fraction}, strata {sample.strata or 'none'}, seed {sample.seed})")
    say("  " + ", ".join(sample.items))


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
    say(f"{item_id}: {'acceptable' if mark.acceptable else 'not acceptable'} ({reviewer})"
               + (f", supersedes mark {mark.supersedes}" if mark.supersedes else ""))


@click.command("price")
@click.argument("endpoint", required=False)
@click.option("--in", "price_in", type=float, help="price per million input tokens")
@click.option("--out", "price_out", type=float, help="price per million output tokens")
@click.option("--remove", is_flag=True, help="forget the endpoint's price (its costs become unknown)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def price_cmd(endpoint: str | None, price_in: float | None, price_out: float | None, remove: bool,
              as_json: bool) -> None:
    """Set, remove or list the per-endpoint prices that turn token counts into cost (unset = unknown)."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    if endpoint is not None and remove:
        services.remove_price(endpoint)
    elif endpoint is not None and (price_in is not None or price_out is not None):
        if price_in is None or price_out is None:
            raise InvalidArgument("give both --in and --out (prices per million tokens)")
        services.set_price(endpoint, price_in, price_out)
    rows = {n: asdict(p) for n, p in services.prices().items() if endpoint is None or n == endpoint}
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say("no prices set: costs are unknown" if endpoint is None else f"{endpoint}: no price (cost unknown)")
    for n, p in rows.items():
        say(f"{n}: {p['in_per_million']:g} per million input tokens, "
                   f"{p['out_per_million']:g} per million output")


@click.command("sweep")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--split", default="dev", show_default=True, help="the split to tune on (never test)")
@click.option("--retrievers", default="bm25", show_default=True,
              help="comma-separated retriever specs; an rrf: spec takes the rest, e.g. bm25,dense,rrf:bm25,dense")
@click.option("--k", "ks", default="5,10", show_default=True, help="comma-separated cut-offs")
@click.option("--pick", default="ndcg@5", show_default=True, help="the metric that picks (ndcg, recall, mrr, ...[@k])")
@click.option("--confirm-on", default=None, help="evaluate the pick once on this split (e.g. test), logged")
@click.option("--confirm", "confirm_sweep", type=int, default=None,
              help="instead of sweeping, confirm an earlier sweep's pick (with --confirm-on, default test)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def sweep_cmd(project: Path, split: str, retrievers: str, ks: str, pick: str, confirm_on: str | None,
              confirm_sweep: int | None, as_json: bool) -> None:
    """Choose on dev, confirm once on test: evaluate a grid of retrievers and cut-offs on a split, record
    the pick, and evaluate only the pick on the test split (every look at test is logged)."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    try:
        cutoffs = [int(x) for x in ks.split(",") if x.strip()]
    except ValueError:
        raise InvalidArgument(f"--k expects comma-separated integers, got {ks!r}") from None
    with services.open_project(project) as p:
        if confirm_sweep is not None:
            result = services.confirm_sweep(p, confirm_sweep, confirm_on or "test")
            if as_json:
                emit_json(result)
            else:
                say(f"sweep {confirm_sweep}'s pick {result['retriever']} k={result['k']} on "
                           f"{result['split']}: {result['value']}")
            return
        res = services.sweep(p, split, services.parse_retrievers(retrievers), cutoffs, pick, confirm_on)
    if as_json:
        emit_json(res.to_json())
        return
    say(f"sweep {res.sweep_id} on {res.split} by {res.pick_metric}:")
    for r in res.results:
        mark = " <- pick" if (r["retriever"], r["k"]) == (res.pick["retriever"], res.pick["k"]) else ""
        say(f"  {r['retriever']:<24} k={r['k']:<3} {r['value'] if r['value'] is not None else 'n/a'}{mark}")
    if res.confirmation:
        c = res.confirmation
        say(f"confirmed on {c['split']}: {c['value']} (run {c['run_id']})")
    say("looks at test per family: " + (", ".join(f"{f} {n}" for f, n in res.test_looks.items()) or "none"))


COMMANDS = [review_sample_cmd, review_mark_cmd, price_cmd, sweep_cmd]
