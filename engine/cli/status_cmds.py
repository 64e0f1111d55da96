"""`factaudit status`: where a project stands on the expert's path (the Workflow page's steps)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import handle_errors, read_project, say

MARKS = {"todo": "[ ]", "partial": "[~]", "done": "[x]", "skipped": "[-]"}


@click.command("status")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def status_cmd(project: Path, as_json: bool) -> None:
    """Each step from import to seal: todo, partial, done or skipped, and which one is next."""
    result = read_project(project, services.workflow_status, as_json)
    if result is None:
        return
    width = max(len(s.title) for s in result.steps)
    for s in result.steps:
        arrow = "->" if s.next else "  "
        say(f"{arrow} {MARKS[s.state]} {s.title:<{width}}  {s.state:<8} {s.detail}")
    nxt = result.next_step
    say(f"next: {nxt.title} — {nxt.purpose}" if nxt else "every step is done or skipped")


COMMANDS = [status_cmd]
