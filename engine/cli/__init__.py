"""Thin command layer over engine.services (`factaudit --help`).

The engine never imports the GUI: the desktop app's `gui` command and its self-test window check are
added by factaudit.launcher (the console script), which passes the extra checks in `ctx.obj`.
"""
from __future__ import annotations

# First, before any import that may open a socket: offline mode (on unless the user turned it off).
from factaudit.engine.netguard import start_from_settings

start_from_settings()

import os  # noqa: E402

# Read at import time by huggingface_hub / transformers: set before anything imports them.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

import click  # noqa: E402

from factaudit.engine.cli import (  # noqa: E402
    answer_cmds, audit_cmds, certify_cmds, conflict_cmds, judge_cmds, lang_cmds, network_cmds, project_cmds,
    rater_cmds, retrieval_cmds, scoring_cmds, seal_cmds, status_cmds, verify_cmds,
)
from factaudit.engine.version import APP_VERSION  # noqa: E402


def _self_test(ctx: click.Context, _param, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from factaudit.engine.selftest import CHECKS, run_self_test

    extra = ctx.obj.get("self_test_checks", ()) if isinstance(ctx.obj, dict) else ()
    ctx.exit(run_self_test(click.echo, [*CHECKS, *extra]))


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(APP_VERSION, prog_name="factaudit")
@click.option("--self-test", is_flag=True, expose_value=False, is_eager=True, callback=_self_test,
              help="Run quick offline checks of this installation and exit.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """factaudit: audit retrieve-then-verify fact-checking pipelines, offline."""
    if ctx.invoked_subcommand is None:
        # A bare `factaudit` opens the desktop app when the launcher registered it, else shows help.
        gui = cli.get_command(ctx, "gui")
        if gui is None:
            click.echo(ctx.get_help())
            return
        ctx.invoke(gui)


# One module per capability, each listing its commands in COMMANDS. A new module needs its import
# above and its name here (tests/engine/test_services_facade.py checks that none is left out).
COMMAND_MODULES = (project_cmds, retrieval_cmds, lang_cmds, verify_cmds, scoring_cmds, audit_cmds, judge_cmds,
                   seal_cmds, status_cmds, network_cmds, conflict_cmds, answer_cmds, certify_cmds,
                   rater_cmds)
for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main() -> None:
    cli(prog_name="factaudit")
