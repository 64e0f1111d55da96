"""The engine must never import Qt: it runs headless in the CLI, in tests and in CI."""
import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
QT_MODULES = ("PySide6", "PyQt5", "PyQt6", "shiboken6")


def test_no_engine_module_imports_qt_in_source():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] in QT_MODULES for n in names):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}")
    assert offenders == []


def test_importing_the_whole_engine_loads_no_qt():
    code = (
        "import sys, pkgutil, importlib, factaudit.engine as engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'factaudit.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(','.join(sorted(k for k in sys.modules if k.split('.')[0] in %r)))\n" % (QT_MODULES,)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
