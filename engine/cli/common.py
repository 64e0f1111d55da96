"""Shared CLI plumbing: error handling, JSON output, terminal progress bars."""
from __future__ import annotations

import contextlib
import functools
import sys
from typing import Any, Callable, Iterator

import click

from factaudit.engine import jsonsafe
from factaudit.engine.errors import FactAuditError, ImportFailed


def emit_json(value: Any) -> None:
    """Every `--json` output: one document through the NaN-safe writer (undefined figures are null)."""
    click.echo(jsonsafe.dumps(value, indent=2))


def handle_errors(fn: Callable) -> Callable:
    """Bad input and known failures end with a one-line reason and a non-zero exit."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
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
def progress_bar(description: str, enabled: bool | None = None) -> Iterator[Callable[[int, int | None, str], None]]:
    """A rich progress bar on a terminal (stderr), silent otherwise."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield lambda done, total, message="": None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int | None, message: str = "") -> None:
            bar.update(task, completed=done, total=total, description=message or description)

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


def fail_with_run(exc: Exception, kept: str) -> None:
    """A run that stopped part-way: say what was kept and how to continue, then exit non-zero."""
    from factaudit.engine.errors import JobCancelled

    run_id = getattr(exc, "run_id", None)
    if run_id is None:
        raise exc
    verb = "was cancelled" if isinstance(exc, (JobCancelled, KeyboardInterrupt)) else "failed"
    reason = "" if isinstance(exc, KeyboardInterrupt) else f": {exc}"
    click.echo(f"error: {run_id} {verb}{reason} ({kept} so far are kept; continue with --resume {run_id})", err=True)
    sys.exit(130 if isinstance(exc, KeyboardInterrupt) else 2)
