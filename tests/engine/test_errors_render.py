"""Structured errors (issue #31 item 2): the engine says which setting and which action as fields, names no
command-line flag, and the CLI renders the settings as its flags. The GUI half and the walk over every
error class are in tests/gui/test_error_render.py."""
from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from factaudit.engine import errors, i18n, services
from factaudit.engine.cli import cli, error_render
from factaudit.engine.errors import ACTIONS, SETTINGS, ImportFailed, InvalidArgument, ModelNotFound, Problem

ENGINE = Path(errors.__file__).resolve().parent
FLAG = re.compile(r"(?<![\w-])--[a-z]")


def _cli_options() -> set[str]:
    """Every option string of every command, read from the click tree (not from FLAGS)."""
    out: set[str] = set()

    def walk(cmd: click.Command, ctx: click.Context) -> None:
        for p in cmd.params:
            if isinstance(p, click.Option):
                out.update(p.opts)
                out.update(p.secondary_opts)
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, click.Context(sub, parent=ctx, info_name=name))

    walk(cli, click.Context(cli, info_name="factaudit"))
    return out


def test_every_setting_has_a_flag_that_some_command_takes():
    assert set(error_render.FLAGS) == SETTINGS
    options = _cli_options()
    assert len(options) > 50
    assert sorted(f for f in error_render.FLAGS.values() if f not in options) == []


def _py_files(outside_cli: bool = True):
    for p in sorted(ENGINE.rglob("*.py")):
        if outside_cli and "cli" in p.relative_to(ENGINE).parts:
            continue
        yield p, ast.parse(p.read_text(encoding="utf-8"))


def _strings(node: ast.AST):
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            yield sub.value


def _messages(tree: ast.AST):
    """The user-facing texts of a module: what a raise statement says, the reason of an import problem
    (Problems.add, Problem, RecordError) and every N_() mark."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            yield node.lineno, list(_strings(node.exc))
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "N_":
                yield node.lineno, list(_strings(node))
            elif name in ("add", "Problem", "RecordError") and len(node.args) >= (1 if name == "RecordError" else 4):
                yield node.lineno, list(_strings(node.args[-1]))


def test_no_engine_message_outside_the_cli_names_a_flag():
    checked, found = 0, []
    for path, tree in _py_files():
        for line, texts in _messages(tree):
            checked += 1
            found += [f"{path.relative_to(ENGINE)}:{line}: {t!r}" for t in texts if FLAG.search(t)]
    assert checked > 500
    assert found == []


def _keyword_ids(node: ast.Call, name: str) -> list[str] | None:
    for kw in node.keywords:
        if kw.arg == name:
            if isinstance(kw.value, ast.Constant):
                return [kw.value.value]
            if isinstance(kw.value, ast.Tuple):
                return [e.value for e in kw.value.elts if isinstance(e, ast.Constant)]
            return []          # computed (e.g. the settings a request gave): checked where it runs
    return None


def test_errors_name_only_known_settings_and_actions():
    settings, actions = [], []
    for path, tree in _py_files(outside_cli=False):
        for node in ast.walk(tree):
            # an error raised, an import problem added, or a class's default action
            calls = [node.exc] if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) else []
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                    "add", "Problem"):
                calls.append(node)
            for call in calls:
                settings += [(path.name, s) for s in _keyword_ids(call, "setting") or []]
                actions += [(path.name, a) for a in _keyword_ids(call, "action") or []]
            if isinstance(node, ast.ClassDef):
                actions += [(path.name, st.value.value) for st in node.body
                            if isinstance(st, ast.Assign) and isinstance(st.value, ast.Constant)
                            and [getattr(t, "id", None) for t in st.targets] == ["action"]]
    assert len(settings) > 40 and actions
    assert [x for x in settings if x[1] not in SETTINGS] == []
    assert [x for x in actions if x[1] not in ACTIONS] == []
    # the classifier verifier names the LLM-only settings it was given by their request field names
    from factaudit.engine.services.classify_verify import _LLM_ONLY

    assert set(_LLM_ONLY) <= SETTINGS


def test_fields_survive_a_process_pool_and_an_import_gathers_its_problems_settings():
    err = InvalidArgument("k must be at least 1, got 0", setting="k", file="a.jsonl", line=3, field="k")
    again = pickle.loads(pickle.dumps(err))
    assert (again.settings, again.file, again.line, again.field, str(again)) == \
        (("k",), "a.jsonl", 3, "k", "k must be at least 1, got 0")
    assert InvalidArgument("x").settings == () and InvalidArgument("x").action is None
    assert ModelNotFound("model x is not installed").action == "open_models"
    failed = ImportFailed([Problem("a.jsonl", None, None, "a dataset named 'a' already exists; choose another "
                                   "dataset name", "dataset"),
                           Problem("a.jsonl", 2, "id", "claim id 'c1' already exists in the project "
                                   "(an id prefix keeps both)", "id_prefix"),
                           Problem("a.jsonl", 3, "id", "claim id 'c2' already exists in the project "
                                   "(an id prefix keeps both)", "id_prefix")])
    assert failed.settings == ("dataset", "id_prefix")
    assert (failed.file, failed.line, failed.field) == ("a.jsonl", None, None)


def test_the_cli_names_the_flags_of_a_failed_import_in_english_and_in_chinese(tmp_path, monkeypatch):
    proj = tmp_path / "p.faproj"
    services.create_project(proj).close()
    src = tmp_path / "claims.jsonl"
    src.write_text('{"id": "c1", "claim": "Water boils at 100 C.", "label": "SUPPORTS"}\n'
                   '{"id": "c2", "claim": "The moon is cheese.", "label": "REFUTES"}\n')
    first = CliRunner().invoke(cli, ["import", str(proj), str(src), "--kind", "claims"])
    assert first.exit_code == 0, first.output
    monkeypatch.delenv("FACTAUDIT_LANG", raising=False)
    res = CliRunner().invoke(cli, ["import", str(proj), str(src), "--kind", "claims"], env={"LANG": "C"})
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert lines[0].startswith("error: import failed, nothing written: claims.jsonl: a dataset named 'claims' "
                               "already exists; choose another dataset name")
    assert lines[0].endswith("(--dataset, --id-prefix)")
    assert "claims.jsonl: a dataset named 'claims' already exists; choose another dataset name (--dataset)" in lines
    assert "claims.jsonl:1:id: claim id 'c1' already exists in the project (an id prefix keeps both) (--id-prefix)" \
        in lines

    # the dry run says the same problems, each with its flag; its JSON stays without wording per front end
    dry = CliRunner().invoke(cli, ["import", str(proj), str(src), "--kind", "claims", "--dry-run"], env={"LANG": "C"})
    assert dry.exit_code == 2
    assert "problem: claims.jsonl: a dataset named 'claims' already exists; choose another dataset name (--dataset)" \
        in dry.output.splitlines()
    assert "problem: claims.jsonl:2:id: claim id 'c2' already exists in the project (an id prefix keeps both) " \
        "(--id-prefix)" in dry.output.splitlines()
    with services.open_project(proj, readonly=True) as opened:
        plan = services.plan_import(opened, [src], kind="claims")
    assert plan.problem_settings == ["dataset", "id_prefix", "id_prefix"] and len(plan.problems) == 3
    assert "problem_settings" not in plan.to_json() and plan.to_json()["problems"] == plan.problems

    try:
        zh = CliRunner().invoke(cli, ["import", str(proj), str(src), "--kind", "claims"],
                                env={"FACTAUDIT_LANG": "zh_CN"})
    finally:
        i18n.set_language("en")
    assert zh.exit_code == 2
    cat = i18n.catalogue("zh_CN")
    said = cat["a dataset named {spec.name!r} already exists; choose another dataset name"].replace(
        "{spec.name!r}", "'claims'")
    assert said in zh.output and "(--dataset)" in zh.output and "(--id-prefix)" in zh.output
    assert "choose another" not in zh.output            # the message in Chinese, the flags as typed


def test_a_setting_error_from_a_command_ends_with_its_flag(tmp_path):
    proj = tmp_path / "p.faproj"
    services.create_project(proj).close()
    res = CliRunner().invoke(cli, ["sweep", str(proj), "--k", "0"], env={"LANG": "C"})
    assert res.exit_code == 2, res.output
    assert res.output.strip() == "error: k needs positive values, e.g. 5,10 (--k)"


@pytest.mark.parametrize("settings, flags", [(("k",), " (--k)"), (("retrieval_run", "resume"),
                                                                  " (--retrieval-run, --resume)"), ((), "")])
def test_cli_text_appends_the_flags_in_the_order_named(settings, flags):
    err = InvalidArgument("some message", setting=settings)
    assert error_render.cli_text(err, "en") == "some message" + flags
    assert error_render.cli_text(ValueError("boom")) == "boom"
