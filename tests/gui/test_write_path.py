"""One GUI write path: every engine write the GUI makes runs in an Op closure (gui/ops.py) or a
SerialWriter job (gui/serial_writer.py), where it leaves the UI thread and announces its OpChanges.

The writes are derived from the services façade (every public function of engine/services and its
submodules) by name: a write verb as prefix, or one of the pipeline jobs. The checker reads gui/ as
syntax (nothing is imported from gui/), so a write that slips in beside the path fails here."""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

GUI = Path(__file__).resolve().parents[2] / "gui"
SERVICES = "factaudit.engine.services"

# a write verb, then more words: set_triage, save_codebook_data, remove_endpoint ...
WRITE_PREFIX = re.compile(r"^(add|create|delete|remove|rename|set|save|import|freeze|unfreeze|mark|undo|write|seal"
                          r"|draw|make|build|accept|reject|note|ensure)_")
# the pipeline jobs, each of which makes a run (their namesakes such as verify_runs only read)
WRITE_JOBS = {"annotate", "verify", "verify_plain", "judge", "decompose", "aggregate", "retrieve", "certify",
              "sweep", "induce",
              # second raters (issue #21): opening a package makes its workspace; the rest write labels or files
              "open_rater_package", "rate_sentence", "rater_return", "rater_merge", "adjudicate", "adjudicate_sentence"}
# names a write verb starts that only read
READS = {"import_choices", "import_fields", "build_report_data"}
# where a write may run: the work given to these calls
OP_CALLS = {"Op", "submit"}


def facade_functions() -> set[str]:
    import factaudit.engine.services as services

    names = set(services.__all__)
    for info in pkgutil.iter_modules(services.__path__):
        module = importlib.import_module(f"{SERVICES}.{info.name}")
        names |= {n for n, v in vars(module).items()
                  if not n.startswith("_") and inspect.isfunction(v) and v.__module__.startswith(SERVICES)}
    return names


def write_functions(names: set[str]) -> set[str]:
    return {n for n in names if (WRITE_PREFIX.match(n) or n in WRITE_JOBS) and n not in READS}


def _services_aliases(tree: ast.AST) -> tuple[set[str], dict[str, str]]:
    """Local names bound to the services package or a submodule, and names imported from them
    (local -> original)."""
    modules, functions = set(), {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(SERVICES) and a.asname:
                    modules.add(a.asname)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                local = a.asname or a.name
                if node.module == "factaudit.engine" and a.name == "services":
                    modules.add(local)
                elif node.module == SERVICES or node.module.startswith(SERVICES + "."):
                    full = f"{node.module}.{a.name}"
                    try:
                        is_module = importlib.util.find_spec(full) is not None
                    except ModuleNotFoundError:
                        is_module = False
                    if is_module:
                        modules.add(local)
                    else:
                        functions[local] = a.name
    return modules, functions


def _gui_aliases(tree: ast.AST) -> dict[str, str]:
    """Functions imported from other gui modules under another name (index_page as _index_page)."""
    return {a.asname: a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("factaudit.gui") for a in node.names if a.asname}


def _callee_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _referenced_names(node: ast.AST) -> set[str]:
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
    return out


def unguarded_writes(sources: dict[str, str], writes: set[str]) -> list[str]:
    """`file:line name` for each reference to a services write outside an Op / SerialWriter work.

    The work is the first argument of `Op(parent, work)` or `writer.submit(work, ...)`: a lambda, or
    a function named there; a function the work calls (in any of the files) is work as well."""
    trees = {path: ast.parse(text) for path, text in sources.items()}
    defs: dict[str, list[ast.AST]] = {}
    roots: list[ast.AST] = []
    aliases: dict[str, str] = {}
    for tree in trees.values():
        aliases |= _gui_aliases(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.setdefault(node.name, []).append(node)
            elif isinstance(node, ast.Call) and _callee_name(node) in OP_CALLS:
                work = node.args[1] if _callee_name(node) == "Op" and len(node.args) > 1 else \
                    node.args[0] if _callee_name(node) == "submit" and node.args else None
                if work is not None:
                    roots.append(work)
    for local, original in aliases.items():
        defs.setdefault(local, []).extend(defs.get(original, []))
    # functions reached from the work, to a fixed point (a few levels at most in practice)
    regions: list[ast.AST] = []
    seen_defs: set[int] = set()
    todo = list(roots)
    while todo:
        node = todo.pop()
        regions.append(node)
        for name in _referenced_names(node):
            for d in defs.get(name, []):
                if id(d) not in seen_defs:
                    seen_defs.add(id(d))
                    todo.append(d)
    covered = {id(n) for region in regions for n in ast.walk(region)}

    found = []
    for path, tree in trees.items():
        modules, functions = _services_aliases(tree)
        inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Attribute) and id(node) not in inner:
                root = node.value
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in modules:
                    name = node.attr
            elif isinstance(node, ast.Name) and node.id in functions:
                name = functions[node.id]
            if name in writes and id(node) not in covered:
                found.append(f"{path}:{node.lineno} {name}")
    return sorted(found)


@pytest.fixture(scope="module")
def writes() -> set[str]:
    return write_functions(facade_functions())


def test_the_write_set_is_the_facade_writes(writes):
    # writes the GUI makes today, each named by the rule
    gui_writes = {"annotate", "set_triage", "undo_annotation", "save_codebook_data", "set_offline", "create_project",
                  "add_endpoint", "add_model_file", "remove_model", "remove_endpoint", "import_files",
                  "rename_dataset", "delete_dataset", "freeze_dataset", "set_dataset_language", "verify", "judge",
                  "decompose", "aggregate", "retrieve", "seal_project", "write_report", "mark_review",
                  "draw_review_sample", "set_prelabels_wanted", "make_working_copy", "build_demo",
                  "make_rater_package", "open_rater_package", "rate_sentence", "rater_return", "rater_merge",
                  "adjudicate", "adjudicate_sentence", "draw_certify_sample", "write_certify_sample", "certify"}
    assert gui_writes <= writes, sorted(gui_writes - writes)
    # reads the GUI calls on the UI thread stay outside the rule
    for read in ("list_runs", "codebook", "verify_runs", "judge_runs", "aggregate_runs", "import_choices",
                 "offline_settings", "project_info", "run_metrics"):
        assert read not in writes
    # every name the rule lists by hand is a façade function (the lists do not go stale)
    names = facade_functions()
    assert WRITE_JOBS - {"sweep", "induce", "certify", "verify_plain"} <= names
    assert READS <= names


def test_every_gui_write_goes_through_an_op(writes):
    sources = {str(p.relative_to(GUI.parent)): p.read_text(encoding="utf-8") for p in sorted(GUI.rglob("*.py"))}
    assert len(sources) > 40
    assert unguarded_writes(sources, writes) == []


BAD = '''
from factaudit.engine import services
from factaudit.engine.services.datasets import delete_dataset as drop

class V:
    def save(self):
        services.audit.set_triage(self.project, "r", 1, "a", "me")        # on the UI thread

    def drop(self):
        drop(self.project, "d")

    def later(self):
        return services.freeze_dataset                                     # a write handed on
'''

GOOD = '''
from factaudit.engine import services
from factaudit.gui.helpers import worker as _worker

def _seal(project, out, progress):
    return services.seal_project(project, out, progress=progress)

class V:
    def save(self):
        Op(self, lambda job: services.audit.set_triage(self.project, "r", 1, "a", "me")).run()
        self.writer.submit(lambda job: services.audit.annotate(self.project), changes=(None, None))
        Op(self, lambda job: _seal(self.project, "x", job.progress)).run()
        Op(self, lambda job: _worker(self.project)).run()

    def read(self):
        return services.list_runs(self.project)
'''

HELPER = '''
from factaudit.engine import services

def worker(project):
    return services.rename_dataset(project, "a", "b")
'''


def test_the_checker_finds_writes_beside_the_path(writes):
    assert unguarded_writes({"bad.py": BAD}, writes) == [
        "bad.py:10 delete_dataset", "bad.py:13 freeze_dataset", "bad.py:7 set_triage"]
    assert unguarded_writes({"good.py": GOOD, "gui/helpers.py": HELPER}, writes) == []
    # the helper alone is not work: nothing hands it to an Op
    assert unguarded_writes({"gui/helpers.py": HELPER}, writes) == ["gui/helpers.py:5 rename_dataset"]
