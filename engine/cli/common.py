"""Shared CLI plumbing: error handling, JSON output, terminal progress bars."""
from __future__ import annotations

import contextlib
import functools
import sys
from typing import Any, Callable, Iterator

import click

from factaudit.engine import jsonsafe
from factaudit.engine.errors import FactAuditError, ImportFailed, RunStopped


def emit_json(value: Any) -> None:
    """Every `--json` output: one document through the NaN-safe writer (undefined figures are null)."""
    click.echo(jsonsafe.dumps(value, indent=2))


def handle_errors(fn: Callable) -> Callable:
    """Bad input and known failures end with a one-line reason and a non-zero exit."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RunStopped as err:
            # One line naming the run (engine.jobs.stopped_text), plus how to continue it here.
            hint = f"; continue with --resume {err.run_id}" if err.resumable else ""
            click.echo(f"error: {err}{hint}", err=True)
            sys.exit(130 if isinstance(err.__cause__, KeyboardInterrupt) else 2)
        except ImportFailed as err:
            click.echo(f"error: {err}", err=True)
            if len(err.problems) > 1:
                click.echo(err.report(), err=True)
            sys.exit(2)
        except FactAuditError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper


@contextlib.contextmanager
def progress_bar(description: str, enabled: bool | None = None,
                 noun: str = "units") -> Iterator[Callable[[int, int | None, str], None]]:
    """A rich progress bar on a terminal (stderr), silent otherwise. Rate and ETA count the units
    of this session only (a resumed run starts with some done): engine.jobs.RateMeter.text."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield lambda done, total, message="": None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from factaudit.engine.jobs import RateMeter

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=None)
        phase: dict[str, Any] = {"message": None, "meter": None, "base": 0}

        def update(done: int, total: int | None, message: str = "") -> None:
            if message != phase["message"]:  # a new phase (indexing, retrieving, …) restarts the meter
                phase.update(message=message, meter=RateMeter(total=(total - done) if total else None), base=done)
            text = message or description
            if done > phase["base"]:
                text += " · " + phase["meter"].text(done - phase["base"], noun)
            bar.update(task, completed=done, total=total, description=text)

        yield update


def open_to_record(path):
    """Open a project for a command that only reads but records that a workflow step was seen through
    (metrics, retrieval evaluation): for writing when no other process holds it, else read-only."""
    from factaudit.engine import services
    from factaudit.engine.errors import ProjectLocked, ReadOnlyProject

    try:
        return services.open_project(path)
    except (ProjectLocked, ReadOnlyProject):
        return services.open_project(path, readonly=True)


def parse_map(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for v in values:
        if "=" not in v:
            raise click.BadParameter(f"expected FIELD=COLUMN, got {v!r}", param_hint="--map")
        k, col = v.split("=", 1)
        out[k.strip()] = col.strip()
    return out
