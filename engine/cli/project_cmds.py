"""Commands on whole projects: new, info, demo (`import` is import_cmds', the `gui` command is
factaudit.launcher's)."""
from __future__ import annotations

import time
from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, progress_bar, read_project, say


@click.command("new")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@handle_errors
def new_cmd(project: Path) -> None:
    """Create an empty project file."""
    with services.create_project(project) as p:
        say(f"created {p.path} (schema {p.schema_version})")


@click.command("info")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def info_cmd(project: Path, as_json: bool) -> None:
    """Describe a project: datasets, counts and runs."""
    info = read_project(project, services.project_info, as_json)
    if info is None:
        return
    say(f"{info.path}  (schema {info.schema_version}, factaudit {info.app_version})")
    c = info.counts
    say(f"  {c['passages']} passages in {c['documents']} documents; {c['items']} items, "
               f"{c['sentences']} sentences, {c['claims_active']} claims; {c['runs']} runs; {c['annotations']} annotations")
    if info.datasets:
        say("datasets:")
        for d in info.datasets:
            counts = ", ".join(f"{v} {k}" for k, v in d["counts"].items() if k != "run_id")
            frozen = " [frozen]" if d["frozen"] else ""
            say(f"  {d['name']:<24} {d['format']:<10} {counts}{frozen}")
    if info.runs:
        say("runs:")
        for r in info.runs:
            say(f"  {r['run_id']:<14} {r['kind']:<10} {r['status']:<12} "
                f"{_when(r['created'], r['finished'], _recorded_seconds(r.get('summary')))}")


def _recorded_seconds(summary) -> float | None:
    """The duration a run measured itself (summary "seconds"), if it recorded one."""
    value = summary.get("seconds") if isinstance(summary, dict) else None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0 else None


def _when(created: str, finished: str | None, recorded: float | None = None) -> str:
    """"started 2026-12-01 22:33:18 UTC, took 4.2 s": the ISO form's "+00:00" read like a duration.
    Stored times are whole seconds, so a run's own measured duration (`recorded`) is preferred: a
    1.4 s retrieval read "took 0.0 s" from its timestamps."""
    from datetime import datetime, timezone

    def parse(text: str) -> datetime | None:
        try:
            t = datetime.fromisoformat(text)
        except (TypeError, ValueError):
            return None
        return t.replace(tzinfo=t.tzinfo or timezone.utc).astimezone(timezone.utc)

    start, end = parse(created), parse(finished) if finished else None
    if start is None:
        return f"started {created}"
    text = f"started {start:%Y-%m-%d %H:%M:%S} UTC"
    if end is not None or recorded is not None:
        secs = recorded if recorded is not None else (end - start).total_seconds()
        took = f"{secs:.1f} s" if secs < 120 else (f"{secs / 60:.1f} min" if secs < 7200 else f"{secs / 3600:.1f} h")
        text += f", took {took}"
    return text


@click.command("demo")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("projects/demo"),
              show_default=True)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def demo_cmd(out: Path, as_json: bool) -> None:
    """Build the demo project and run the pipeline on the embedded defaults."""
    started = time.perf_counter()
    with progress_bar("demo") as bar:
        summary = services.build_demo(out, progress=bar)
    if as_json:
        emit_json(summary)
        return
    say(f"demo project: {summary.project}")
    for name, counts in summary.imported.items():
        say(f"  imported {name}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    for step in summary.steps:
        text = step.get("text") or ", ".join(f"{k}={v}" for k, v in step.items() if k != "step")
        say(f"  {step['step']}: {text}")
    say(f"done in {time.perf_counter() - started:.1f} s. Open it with: factaudit gui {summary.project}")


COMMANDS = [new_cmd, info_cmd, demo_cmd]
