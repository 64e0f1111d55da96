"""What runs cost: `factaudit cost` (issue #34 item 5)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say


@click.command("cost")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_ids", multiple=True, help="only this run (repeatable; default: every run)")
@click.option("--endpoint", help="the saved endpoint whose price applies (default: the one the run pinned)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def cost_cmd(project: Path, run_ids: tuple[str, ...], endpoint: str | None, as_json: bool) -> None:
    """Tokens, wall time, CPU seconds and (with a price) money of each run; local runs say local."""
    with services.open_project(project, readonly=True) as p:
        costs = ([services.run_cost(p, r, endpoint) for r in run_ids] if run_ids else services.run_costs(p))
    if as_json:
        emit_json([c.to_json() for c in costs])
        return
    for c in costs:
        tokens = "-" if c.tokens_in is None else f"{c.tokens_in}+{c.tokens_out}"
        wall = "-" if c.wall_s is None else f"{c.wall_s:.1f} s"
        say(f"{c.run_id:<14} {c.kind:<9} tokens {tokens:<14} wall {wall:<10} {c.label}")


COMMANDS = [cost_cmd]
