"""Prompt versions in the project: prompts list | show | add (issue #34 item 1)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say

PROJECT = click.argument("project", type=click.Path(dir_okay=False, path_type=Path))


@click.group("prompts")
def prompts_group() -> None:
    """List, show or add prompt templates (the shipped ones and the project's versions)."""


@prompts_group.command("list")
@PROJECT
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def prompts_list(project: Path, as_json: bool) -> None:
    """The shipped templates (version 0) and every version saved in the project."""
    with services.open_project(project, readonly=True) as p:
        infos = services.list_prompts(p)
    if as_json:
        emit_json([i.to_json() for i in infos])
        return
    for i in infos:
        base = "" if i.source == "shipped" else f" for {i.base}"
        say(f"{i.name:<32} v{i.version:<3} {i.source:<8} {i.sha256[:12]}{base}" + (f"  {i.note}" if i.note else ""))


@prompts_group.command("show")
@PROJECT
@click.argument("name")
@click.option("--version", "version", type=click.IntRange(0), help="default: the newest")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def prompts_show(project: Path, name: str, version: int | None, as_json: bool) -> None:
    """A template's text, its placeholders and its sha256."""
    with services.open_project(project, readonly=True) as p:
        t = services.show_prompt(p, name, version)
    if as_json:
        emit_json(t.to_json())
        return
    say(f"{t.info.name} v{t.info.version} ({t.info.source}, for {t.info.base}) sha256 {t.info.sha256}")
    say(f"placeholders: {', '.join(t.placeholders) or 'none'}")
    click.echo(t.body)


@prompts_group.command("add")
@PROJECT
@click.argument("name")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--base", help="the shipped template this one stands in for (needed for a new name)")
@click.option("--note", help="what changed")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def prompts_add(project: Path, name: str, file: Path, base: str | None, note: str | None, as_json: bool) -> None:
    """Check a template file against the template it stands in for and save it as NAME's next version."""
    body = file.read_text(encoding="utf-8")
    with services.open_project(project) as p:
        before = {(i.name, i.version) for i in services.list_prompts(p)}
        info = services.add_prompt(p, name, body, base=base, note=note)
    created = (info.name, info.version) not in before
    if as_json:
        emit_json({**info.to_json(), "created": created})
    elif created:
        say(f"saved prompt {info.name} v{info.version} (for {info.base}) sha256 {info.sha256[:12]}")
    else:
        say(f"unchanged: prompt {info.name} v{info.version} already has this text")


COMMANDS = [prompts_group]
