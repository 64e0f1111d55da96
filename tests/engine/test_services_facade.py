"""The services façade is the one surface of the engine for the CLI (and the GUI): one sorted
`__all__`, every command module registered by a plain import, no private names reached for, and a
demo step that fails stops the demo."""
from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

from factaudit.engine import services

ROOT = Path(__file__).resolve().parents[2]
CLI_DIR = ROOT / "engine" / "cli"
GUI_DIR = ROOT / "gui"


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from X import name` and ("", module) for every `import X`."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out += [(node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            out += [("", a.name) for a in node.names]
    return out


def test_all_is_sorted_unique_and_every_name_resolves_to_a_function_class_or_constant():
    names = services.__all__
    assert names == sorted(names) and len(names) == len(set(names))
    for name in names:
        value = getattr(services, name)
        assert not isinstance(value, types.ModuleType), name
    # The module/function homonyms resolve to the functions.
    assert callable(services.verify) and callable(services.decompose) and callable(services.judge)


def test_all_lists_every_public_name_the_package_imports():
    public = {n for n, v in vars(services).items()
              if not n.startswith("_") and not isinstance(v, types.ModuleType) and n != "annotations"}
    assert public == set(services.__all__)


def test_the_cli_reaches_the_engine_only_through_public_names():
    for path in sorted(CLI_DIR.glob("*.py")):
        for module, name in _imports(path):
            full = f"{module}.{name}" if module else name
            assert not name.startswith("_") or name == "__future__", f"{path.name} imports private {full}"
            assert not full.startswith("factaudit.engine.services.") or module == "factaudit.engine", \
                f"{path.name} imports {full}: use the façade"
            assert not full.startswith("factaudit.engine.project"), \
                f"{path.name} imports {full}: SQL stays behind the services"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "services":
                assert node.attr in services.__all__, f"{path.name} uses services.{node.attr}, not in __all__"


def test_the_gui_imports_no_private_engine_name():
    for path in sorted(GUI_DIR.rglob("*.py")):
        for module, name in _imports(path):
            if module.startswith("factaudit.engine"):
                assert not name.startswith("_"), f"{path.relative_to(ROOT)} imports {module}.{name}"


def test_every_command_module_is_registered():
    from factaudit.engine import cli

    modules = {p.stem for p in CLI_DIR.glob("*_cmds.py")}
    registered = {m.__name__.rsplit(".", 1)[-1] for m in cli.COMMAND_MODULES}
    assert modules == registered
    for module in cli.COMMAND_MODULES:
        for command in module.COMMANDS:
            assert cli.cli.commands[command.name] is command


def test_a_failing_demo_step_stops_the_demo(tmp_path, monkeypatch):
    from factaudit.engine.services import demo

    seen = []

    def first(project, summary, progress):
        seen.append("first")

    def broken(project, summary, progress):
        raise RuntimeError("step broke")

    def never(project, summary, progress):
        seen.append("never")

    monkeypatch.setattr(demo, "DEMO_STEPS", [first, broken, never])
    with pytest.raises(RuntimeError, match="step broke"):
        demo.build_demo(tmp_path)
    assert seen == ["first"]
