"""Thin command layer over engine.services (`factaudit --help`).

Each command's module is imported only when that command runs (or when `--help` lists them all), so
`factaudit --version` loads click and nothing else of the engine, and `factaudit info` loads the
project layer and not the models, the metrics or the GUI (tests/engine/test_cli_imports.py).

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

from factaudit.engine.version import APP_VERSION  # noqa: E402

# One module per capability (engine/cli/<module>.py), each listing its commands in COMMANDS; here each
# command's name points at its module. A new command needs its name here:
# tests/engine/test_services_facade.py checks this table against every module's COMMANDS.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "project_cmds": ("new", "info", "demo"),
    "import_cmds": ("import",),
    "retrieval_cmds": ("retrieve", "eval-retrieval"),
    "lang_cmds": ("lang",),
    "verify_cmds": ("decompose", "verify", "models"),
    "scoring_cmds": ("metrics", "compare", "report"),
    "audit_cmds": ("annotations", "agreement", "taxonomy", "codebook", "triage"),
    "judge_cmds": ("judge", "induce", "induction"),
    "seal_cmds": ("seal", "verify-seal", "working-copy", "export-key", "trust-key", "connections"),
    "status_cmds": ("status",),
    "network_cmds": ("allow-host",),
    "conflict_cmds": ("aggregate",),
    "stress_cmds": ("stress",),
    "answer_cmds": ("review-sample", "review-mark", "price", "sweep", "answer-figures"),
    "certify_cmds": ("certify",),
    "rater_cmds": ("rater-package", "rater-return", "rater-merge", "adjudicate"),
    "prompt_cmds": ("prompts",),
    "cost_cmds": ("cost",),
    "rerank_cmds": ("rerank",),
    "grid_cmds": ("grid",),
    "gold_option_cmds": ("gold-options",),
}
COMMAND_MODULE = {name: module for module, names in COMMAND_MODULES.items() for name in names}


def command_module(module: str):
    """The command module engine/cli/<module>.py, imported on first use by a literal import statement
    (the import graph and the bundler see each one)."""
    match module:
        case "project_cmds":
            from factaudit.engine.cli import project_cmds as loaded
        case "import_cmds":
            from factaudit.engine.cli import import_cmds as loaded
        case "retrieval_cmds":
            from factaudit.engine.cli import retrieval_cmds as loaded
        case "lang_cmds":
            from factaudit.engine.cli import lang_cmds as loaded
        case "verify_cmds":
            from factaudit.engine.cli import verify_cmds as loaded
        case "scoring_cmds":
            from factaudit.engine.cli import scoring_cmds as loaded
        case "audit_cmds":
            from factaudit.engine.cli import audit_cmds as loaded
        case "judge_cmds":
            from factaudit.engine.cli import judge_cmds as loaded
        case "seal_cmds":
            from factaudit.engine.cli import seal_cmds as loaded
        case "status_cmds":
            from factaudit.engine.cli import status_cmds as loaded
        case "network_cmds":
            from factaudit.engine.cli import network_cmds as loaded
        case "conflict_cmds":
            from factaudit.engine.cli import conflict_cmds as loaded
        case "stress_cmds":
            from factaudit.engine.cli import stress_cmds as loaded
        case "answer_cmds":
            from factaudit.engine.cli import answer_cmds as loaded
        case "certify_cmds":
            from factaudit.engine.cli import certify_cmds as loaded
        case "rater_cmds":
            from factaudit.engine.cli import rater_cmds as loaded
        case "prompt_cmds":
            from factaudit.engine.cli import prompt_cmds as loaded
        case "cost_cmds":
            from factaudit.engine.cli import cost_cmds as loaded
        case "rerank_cmds":
            from factaudit.engine.cli import rerank_cmds as loaded
        case "grid_cmds":
            from factaudit.engine.cli import grid_cmds as loaded
        case "gold_option_cmds":
            from factaudit.engine.cli import gold_option_cmds as loaded
        case _:
            raise KeyError(module)
    return loaded


class LazyGroup(click.Group):
    """A click group whose commands are imported from their module when first asked for by name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULE))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULE:
            for command in command_module(COMMAND_MODULE[cmd_name]).COMMANDS:
                self.add_command(command)
        return self.commands.get(cmd_name)


def _self_test(ctx: click.Context, _param, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from factaudit.engine.selftest import CHECKS, Check, run_self_test

    extra = ctx.obj.get("self_test_checks", ()) if isinstance(ctx.obj, dict) else ()
    extra = [c if isinstance(c, Check) else Check(*c) for c in extra]   # the launcher passes (name, check)
    ctx.exit(run_self_test(click.echo, [*CHECKS, *extra]))


@click.group(cls=LazyGroup, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(APP_VERSION, prog_name="factaudit")
@click.option("--self-test", is_flag=True, expose_value=False, is_eager=True, callback=_self_test,
              help="Run quick offline checks of this installation and exit.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """factaudit: audit retrieve-then-verify fact-checking pipelines, offline."""
    from factaudit.engine import i18n

    # messages follow LANG (or FACTAUDIT_LANG) for the languages with a catalogue; --json never changes.
    # The desktop app sets its own choice again when its window starts (gui/i18n.py).
    i18n.set_language(i18n.from_environment())
    if ctx.invoked_subcommand is None:
        # A bare `factaudit` opens the desktop app when the launcher registered it, else shows help.
        gui = cli.get_command(ctx, "gui")
        if gui is None:
            click.echo(ctx.get_help())
            return
        ctx.invoke(gui)


def main() -> None:
    cli(prog_name="factaudit")
