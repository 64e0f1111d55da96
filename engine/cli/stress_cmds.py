"""`stress`: the naturalized stress test of an aggregate run (services.naturalized_stress; the rewriting
rule is engine/conflicts/naturalize.py's). Reads the project only: the re-answered items are not stored."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine.cli.common import emit_json, handle_errors, say


@click.command("stress")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="an aggregate run (rules or oracle; a model variant needs its model)")
@click.option("--resamples", default=1000, show_default=True, type=int, help="bootstrap resamples of the intervals")
@click.option("--seed", default=13, show_default=True, type=int, help="seed of the bootstrap")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def stress_cmd(project, run_id, resamples, seed, as_json) -> None:
    """Answer an aggregate run's items again on naturalized documents and print how far each figure drops."""
    from factaudit.engine import services

    with services.open_project(project, readonly=True) as p:
        out = services.naturalized_stress(p, run_id, n_resamples=resamples, seed=seed)
    if as_json:
        emit_json(out)
        return
    say(f"{run_id} ({out['variant']}) on naturalized documents: {out['n_docs_rewritten']} of {out['n_docs']} documents "
        f"rewritten ({out['n_mentions_rewritten']} answer mentions); {out['n_items_changed']} of {out['n_items']} items "
        f"scored differently")
    for m, drop in out["drop"].items():
        o, n = out["original"]["metrics"][m], out["naturalized"]["metrics"][m]
        say(f"  {m}: {services.percent_text(o)} -> {services.percent_text(n)}, drop "
            f"{services.percent_text(drop, out['drop_intervals'][m])}")
    if out.get("note"):
        say(f"  note: {out['note']}")


COMMANDS = (stress_cmd,)
