"""Shared CLI plumbing: error handling, JSON output, terminal progress bars."""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from typing import Any, Callable, Iterator

import click

from factaudit.engine import i18n, jsonsafe, services
from factaudit.engine.cli import error_render
from factaudit.engine.errors import FactAuditError, ImportFailed, RunStopped, SealError
from factaudit.engine.i18n import N_


def emit_json(value: Any) -> None:
    """Every `--json` output: one document through the NaN-safe writer (undefined figures are null).
    Never translated: a script reads the same bytes whatever LANG says."""
    click.echo(jsonsafe.dumps(value, indent=2))


def say(message: Any = "", err: bool = False, nl: bool = True) -> None:
    """A human-readable line in the command line's language (LANG / FACTAUDIT_LANG, set by the `factaudit`
    group): the English line, built as before, is matched against the catalogue when it is shown."""
    click.echo(i18n.localize(message) if isinstance(message, str) else message, err=err, nl=nl)


def error_line(err: BaseException, hint: str = "") -> str:
    """`error: ` and the error in the CLI's words: its message, then the flags of the settings it names
    (engine/cli/error_render.py)."""
    return i18n.t(N_("error: {message}"), message=error_render.cli_text(err) + hint)


def handle_errors(fn: Callable) -> Callable:
    """Bad input and known failures end with a one-line reason and a non-zero exit."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RunStopped as err:
            # One line naming the run (engine.jobs.stopped_text), plus how to continue it here.
            hint = i18n.t(N_("; continue with --resume {run}"), run=err.run_id) if err.resumable else ""
            click.echo(error_line(err, hint), err=True)
            sys.exit(130 if isinstance(err.__cause__, KeyboardInterrupt) else 2)
        except ImportFailed as err:
            click.echo(error_line(err), err=True)
            if len(err.problems) > 1:
                click.echo(error_render.import_report(err), err=True)
            sys.exit(2)
        except FactAuditError as err:
            click.echo(error_line(err), err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo(i18n.gettext(N_("interrupted")), err=True)
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
    from factaudit.engine.errors import ProjectLocked, ReadOnlyProject

    try:
        return services.open_project(path)
    except (ProjectLocked, ReadOnlyProject):
        return services.open_project(path, readonly=True)


def run_job(project, job: Callable, request, *, label: str, noun: str, as_json: bool, retries: bool = False,
            to_json: Callable[[Any], Any] = lambda res: res.to_json()):
    """What every run command does around its job: open the project, run `job(project, request)` under a
    progress bar (saying each endpoint retry on stderr when `retries`), and with --json print the
    result's JSON. Returns the result for the command's summary, or None once the JSON is printed."""
    extra = {"on_retry": say_retry} if retries else {}
    with services.open_project(project) as p, progress_bar(label, noun=noun) as bar:
        res = job(p, request, progress=bar, **extra)
    if as_json:
        emit_json(to_json(res))
        return None
    return res


def read_project(project, read: Callable, as_json: bool):
    """What a command that only reads does: open read-only, `read(project)`, and with --json print the
    result's JSON. Returns the result for the summary, or None once the JSON is printed."""
    with services.open_project(project, readonly=True) as p:
        result = read(p)
    if as_json:
        emit_json(result.to_json())
        return None
    return result


def say_retry(attempt: int, delay: float, reason: str) -> None:
    say(f"retry {attempt} in {delay:.1f} s: {reason}", err=True)


def ask_passphrase(confirm: bool) -> str:
    """Ask on a terminal; without one, read FACTAUDIT_PASSPHRASE."""
    if sys.stdin.isatty():
        return click.prompt("Passphrase", hide_input=True, confirmation_prompt=confirm)
    value = os.environ.get("FACTAUDIT_PASSPHRASE")
    if not value:
        raise SealError("no terminal to ask for the passphrase: set FACTAUDIT_PASSPHRASE")
    return value


def parse_map(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for v in values:
        if "=" not in v:
            raise click.BadParameter(f"expected FIELD=COLUMN, got {v!r}", param_hint="--map")
        k, col = v.split("=", 1)
        out[k.strip()] = col.strip()
    return out
