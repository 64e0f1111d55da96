"""The services façade is the one surface of the engine for the CLI (and the GUI): one sorted
`__all__`, every command module registered by a plain import, no private names reached for, and a
demo step that fails stops the demo."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
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


def _submodules() -> set[str]:
    return {m.name for m in pkgutil.iter_modules(services.__path__)}


def test_all_is_sorted_unique_and_every_name_resolves_to_a_function_class_or_constant():
    names = services.__all__
    assert names == sorted(names) and len(names) == len(set(names))
    for name in names:
        value = getattr(services, name)
        assert not isinstance(value, types.ModuleType), name
    assert callable(services.verify) and callable(services.decompose) and callable(services.judge)


def test_no_module_has_the_name_of_a_facade_name():
    """Importing a submodule binds it on the package: a module named like a function would shadow it."""
    assert _submodules() & set(services.__all__) == set()
    assert {"verification", "decomposition", "judging", "certification", "sweeps"} <= _submodules()


def test_each_name_is_what_its_module_defines_and_nothing_else_is_public():
    for public, (module, attr) in services._WHERE.items():
        full = module if module.startswith("factaudit.") else f"factaudit.engine.services.{module}"
        assert getattr(importlib.import_module(full), attr) is getattr(services, public), public
    stray = {n for n, v in vars(services).items() if not n.startswith("_") and n not in services.__all__
             and not (isinstance(v, types.ModuleType) and n in _submodules())}
    assert stray == set()
    with pytest.raises(AttributeError):
        services.no_such_name  # noqa: B018


def test_the_facade_imports_a_module_only_when_one_of_its_names_is_used():
    probe = ("import sys\nfrom factaudit.engine import services\n"
             "before = sorted(m for m in sys.modules if m.startswith('factaudit.engine.services.'))\n"
             "import factaudit.engine.services.verification\n"
             "print(before, services.verify.__module__, callable(services.verify))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]", "factaudit.engine.services.verification", "True"]


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


def _gui_reaches(path: Path) -> list[tuple[str | None, str]]:
    """(capability module or None, name) for every name a GUI file takes from engine.services: through
    the package (`services.x`, `services.audit.x`), an imported module (`from factaudit.engine.services
    import status as wf; wf.x`) or a `from factaudit.engine.services.status import x`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package, modules, out = set(), {}, []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "factaudit.engine":
            package |= {a.asname or a.name for a in node.names if a.name == "services"}
        elif isinstance(node, ast.ImportFrom) and node.module == "factaudit.engine.services":
            for a in node.names:
                if a.name in _submodules():
                    modules[a.asname or a.name] = a.name
                else:
                    out.append((None, a.name))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("factaudit.engine.services."):
            out += [(node.module.rsplit(".", 1)[1], a.name) for a in node.names]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in package and node.attr not in _submodules():
            out.append((None, node.attr))
        elif isinstance(node.value, ast.Name) and node.value.id in modules:
            out.append((modules[node.value.id], node.attr))
        elif (isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name)
              and node.value.value.id in package and node.value.attr in _submodules()):
            out.append((node.value.attr, node.attr))
    return out


def test_the_gui_is_held_to_the_facade():
    """Every name the GUI reaches is on the façade: directly, or through a capability module as the same
    object the façade publishes (so a view still written `services.audit.codebook` calls what
    `services.codebook` is, and nothing the façade leaves out)."""
    published = {id(getattr(services, n)) for n in services.__all__}
    seen = 0
    for path in sorted(GUI_DIR.rglob("*.py")):
        for module, name in _gui_reaches(path):
            seen += 1
            where = f"{path.relative_to(ROOT)}: services.{module + '.' if module else ''}{name}"
            if module is None:
                assert name in services.__all__, f"{where} is not on the façade"
            else:
                value = getattr(importlib.import_module(f"factaudit.engine.services.{module}"), name)
                assert id(value) in published, f"{where} is not on the façade"
    assert seen > 100                              # the walk found the GUI's calls


def test_every_command_module_is_registered():
    """engine/cli/__init__.py names each command's module (it imports only the one a command needs)."""
    from factaudit.engine import cli

    modules = {p.stem for p in CLI_DIR.glob("*_cmds.py")}
    assert set(cli.COMMAND_MODULES) == modules
    for module, names in cli.COMMAND_MODULES.items():
        commands = cli.command_module(module).COMMANDS
        assert tuple(c.name for c in commands) == names, module
        for command in commands:
            assert cli.cli.get_command(None, command.name) is command


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
