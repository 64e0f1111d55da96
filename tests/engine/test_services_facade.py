"""The services façade is the one surface of the engine for the CLI and the GUI: one sorted `__all__`,
no side door past it (a capability module imported or reached through the package), one public name per
function and one object per name, every command module registered by a plain import, no private names
reached for, and a demo step that fails stops the demo."""
from __future__ import annotations

import ast
import importlib
import inspect
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


def _services_aliases(tree: ast.AST) -> set[str]:
    """Names a file binds to the façade package (`from factaudit.engine import services [as vs]`)."""
    return {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module == "factaudit.engine" and not node.level for a in node.names if a.name == "services"}


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a `from … import` names, relative ones resolved against the file's package."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


# What the GUI and the CLI may import from the engine beside the façade: the ground every layer stands
# on (the error tree, the language, a job's progress and cancel, the network guard that starts first,
# the version, the JSON writer, the change record a write returns), the self-test (it calls the
# services, so it stands beside the CLI, not behind the façade) and, for the CLI, its own package.
FOUNDATION = frozenset(f"factaudit.engine.{m}" for m in (
    "changes", "errors", "i18n", "jobs", "jsonsafe", "netguard", "selftest", "version"))


def _past_the_facade(module: str, package: str) -> bool:
    if not (module == "factaudit.engine" or module.startswith("factaudit.engine.")):
        return False
    own = module == package or module.startswith(package + ".")
    return module not in FOUNDATION and not own


def side_doors(source: str, package: str, public: set[str], modules: set[str]) -> list[str]:
    """Every way a file of `package` reaches the engine other than `services.<public name>` and the
    FOUNDATION modules: an import of a capability module or of a name out of one (`from
    factaudit.engine.services.audit import x`, `import factaudit.engine.services.audit`, `from
    factaudit.engine.services import audit` or `… import x`: the package is imported only as `from
    factaudit.engine import services`), an import from any other engine module (`from
    factaudit.engine.metrics.display import percent_text`), a capability module reached through the
    package (`services.audit.x`, `services.audit`), and a `services.x` the façade does not publish."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            if module == "factaudit.engine":
                found += [f"{node.lineno}: from {module} import {a.name}" for a in node.names
                          if (a.name == "services" and node.level)
                          or (a.name != "services" and _past_the_facade(f"{module}.{a.name}", package))]
            elif _past_the_facade(module, package):
                found += [f"{node.lineno}: from {module} import {a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _past_the_facade(a.name, package)]
    aliases = _services_aliases(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            if node.attr in modules:
                found.append(f"{node.lineno}: services.{node.attr} (a capability module)")
            elif node.attr not in public:
                found.append(f"{node.lineno}: services.{node.attr} is not on the façade")
    return sorted(found, key=lambda d: int(d.split(":")[0]))


def _facade_users() -> list[tuple[Path, str]]:
    """(file, its package) for every module of the GUI and the CLI."""
    out = []
    for base, package in ((GUI_DIR, "factaudit.gui"), (CLI_DIR, "factaudit.engine.cli")):
        for path in sorted(base.rglob("*.py")):
            parts = path.relative_to(base).parent.parts
            out.append((path, ".".join([package, *parts])))
    return out


def test_the_gui_and_the_cli_reach_the_services_only_through_the_facade():
    """No side door: every engine service the GUI or the CLI calls is `services.<name>` with the name in
    `__all__`, so one name is one function wherever it is called (issue #31)."""
    public, modules = set(services.__all__), _submodules()
    doors, calls = [], 0
    for path, package in _facade_users():
        source = path.read_text(encoding="utf-8")
        doors += [f"{path.relative_to(ROOT)}:{d}" for d in side_doors(source, package, public, modules)]
        tree = ast.parse(source)
        aliases = _services_aliases(tree)
        calls += sum(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in aliases
                     for n in ast.walk(tree))
    assert doors == [], "side doors past the façade:\n" + "\n".join(doors)
    assert calls > 250                                # the walk saw the GUI's and the CLI's calls


def test_the_side_door_walk_sees_every_spelling():
    source = (
        "from factaudit.engine import services\n"
        "from factaudit.engine import services as vs\n"
        "from factaudit.engine.services.audit import codebook\n"          # 3
        "from factaudit.engine.services import status as wf\n"            # 4
        "from factaudit.engine.services import verify\n"                  # 5
        "import factaudit.engine.services.audit\n"                        # 6
        "from ..services import demo\n"                                   # 7 (relative, from engine/cli)
        "def f(project):\n"
        "    services.audit.verify_runs(project)\n"                       # 9
        "    vs.status.STEPS\n"                                           # 10
        "    services.no_such_name(project)\n"                            # 11
        "    return services.verify, vs.codebook\n"                       # 12: both fine
        "from factaudit.engine.metrics.display import percent_text\n"     # 13
        "from factaudit.engine import i18n, jsonsafe, seal\n"             # 14: seal is past it
        "from factaudit.engine.errors import FactAuditError\n"            # 15: fine
        "from factaudit.engine.cli.common import say\n"                   # 16: fine from the CLI
        "import factaudit.engine.pipeline.verify\n"                       # 17
    )
    found = side_doors(source, "factaudit.engine.cli", {"verify", "codebook"}, {"audit", "status", "demo"})
    assert [d.split(":")[0] for d in found] == ["3", "4", "5", "6", "7", "9", "10", "11", "13", "14", "17"], found
    assert "seal" in found[-2]
    assert side_doors("from factaudit.engine.cli.common import say\n", "factaudit.gui.views", set(), set()) != []


def _published_objects() -> dict[str, object]:
    """The façade's functions and classes by public name (constants may be equal by chance: 5 is 5)."""
    return {n: v for n in services.__all__
            if inspect.isfunction(v := getattr(services, n)) or inspect.isclass(v)}


def names_of_one_object(published: dict[str, object]) -> list[list[str]]:
    """Groups of public names that are the same function or class."""
    by_id: dict[int, list[str]] = {}
    for name, value in published.items():
        by_id.setdefault(id(value), []).append(name)
    return sorted(sorted(names) for names in by_id.values() if len(names) > 1)


def names_of_two_objects(published: dict[str, object], spellings: dict[str, set[str]],
                         definitions: dict[str, list[object]]) -> list[str]:
    """A name that means two objects: a published object known by another name (its `__name__`, or the
    module attribute the façade takes it from) that is a different public name, and a name defined
    in two capability modules as different objects one of which is published."""
    out = []
    for public, value in published.items():
        for other in sorted(spellings.get(public, set()) | {getattr(value, "__name__", public)}):
            if other != public and other in published and published[other] is not value:
                out.append(f"{public} is {other} in its module, but services.{other} is another object")
    ids = {id(v) for v in published.values()}
    for name, values in sorted(definitions.items()):
        if len({id(v) for v in values}) > 1 and any(id(v) in ids for v in values):
            out.append(f"{name} is defined in {len(values)} capability modules")
    return out


def _capability_definitions() -> dict[str, list[object]]:
    """Public functions and classes defined in each capability module, by their name."""
    out: dict[str, list[object]] = {}
    for module in sorted(_submodules()):
        loaded = importlib.import_module(f"factaudit.engine.services.{module}")
        for name, value in vars(loaded).items():
            if (not name.startswith("_") and (inspect.isfunction(value) or inspect.isclass(value))
                    and value.__module__ == loaded.__name__):
                out.setdefault(name, []).append(value)
    return out


def test_each_function_and_class_has_one_public_name():
    assert names_of_one_object(_published_objects()) == []


def test_no_name_means_two_objects():
    published = _published_objects()
    spellings = {public: {attr} for public, (_module, attr) in services._WHERE.items()}
    assert names_of_two_objects(published, spellings, _capability_definitions()) == []
    assert {"verify_runs", "verify_run_ids", "retrieval_runs", "retrieval_run_ids", "hit_runs"} <= set(published)


def test_the_name_checks_find_a_second_name_and_a_second_meaning():
    def runs(): ...
    def runs_elsewhere(): ...
    runs_elsewhere.__name__ = "runs"
    def run_ids(): ...
    published = {"runs": runs, "all_runs": runs, "run_ids": run_ids}
    assert names_of_one_object(published) == [["all_runs", "runs"]]
    published = {"runs": runs, "hit_runs": runs_elsewhere}
    assert names_of_two_objects(published, {"hit_runs": {"runs"}}, {}) == [
        "hit_runs is runs in its module, but services.runs is another object"]
    assert names_of_two_objects({"run_ids": run_ids}, {}, {"run_ids": [run_ids, runs]}) == [
        "run_ids is defined in 2 capability modules"]
    assert names_of_two_objects({"runs": runs, "run_ids": run_ids}, {"run_ids": {"run_ids"}},
                                {"runs": [runs]}) == []


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
