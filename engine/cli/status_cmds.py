"""`factaudit status`: where a project stands on the expert's path (the Workflow page's steps)."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import click

from factaudit.engine import i18n, services
from factaudit.engine.i18n import N_
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
    # the steps' titles, states and details in the command line's language (engine.i18n; --json stays English)
    titles = {st.name: i18n.gettext(st.title) for st in result.steps}
    states = {st.state: i18n.gettext(st.state) for st in result.steps}
    width = max(_columns(t) for t in titles.values())
    state_width = max([8, *(_columns(t) for t in states.values())])
    for st in result.steps:
        arrow = "->" if st.next else "  "
        title, state = titles[st.name], states[st.state]
        click.echo(f"{arrow} {MARKS[st.state]} {_pad(title, width)}  {_pad(state, state_width)} "
                   f"{i18n.localize(st.detail)}")
    for st in result.paths:      # the paths beside the expert's with data here, as on the Workflow page
        click.echo(f"   {MARKS[st.state]} {i18n.gettext(st.title)}  {i18n.gettext(st.state)} "
                   f"{i18n.localize(st.detail)}")
    nxt = result.next_step
    if nxt:
        click.echo(i18n.t(N_("next: {title} — {purpose}"), title=titles[nxt.name], purpose=i18n.gettext(nxt.purpose)))
    else:
        say("every step is done or skipped")


def _columns(text: str) -> int:
    """Terminal columns: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _columns(text))


COMMANDS = [status_cmd]
