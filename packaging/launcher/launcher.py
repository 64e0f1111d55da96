"""The `factaudit` command: the engine's commands plus the desktop app.

The engine (factaudit.engine) never imports the GUI. This module sits above both: it adds the `gui`
command (also what a bare `factaudit` opens) and the self-test's window check to the engine's
command group. The GUI itself is imported only when one of them runs, so the command line works
without a display.
"""
from __future__ import annotations

# First, before any import that may open a socket: offline mode (on unless the user turned it off).
from factaudit.engine.netguard import start_from_settings

start_from_settings()

from pathlib import Path  # noqa: E402

import click  # noqa: E402

from factaudit.engine.cli import cli  # noqa: E402


@click.command("gui")
@click.argument("project", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--quit-when-shown", is_flag=True, hidden=True, help="leave once the first window is shown")
def gui_cmd(project: Path | None = None, quit_when_shown: bool = False) -> None:
    """Open the desktop app."""
    from factaudit.gui.app import run

    raise SystemExit(run(str(project) if project else None, quit_when_shown))


def _window_check(state: dict) -> str:
    """The self-test's window check (the GUI is imported only when it runs)."""
    from factaudit.gui.selftest import check_window

    return check_window(state)


def _desktop_check(state: dict) -> str:
    """The self-test's check that a real window can start (libxcb-cursor0 and the other X libraries)."""
    from factaudit.gui.selftest import check_desktop_libraries

    return check_desktop_libraries(state)


cli.add_command(gui_cmd)


def main() -> None:
    # (name, check) pairs: engine.selftest's Check is built from them only when --self-test runs
    cli.main(prog_name="factaudit", obj={"self_test_checks": [("window", _window_check),
                                                                     ("desktop", _desktop_check)]})
