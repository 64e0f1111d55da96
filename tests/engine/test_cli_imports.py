"""A cold command imports only what it needs (issue #22 item 1, after #16 item 7): `factaudit --version`,
`info` and `status` load no model runtime, no GUI, no scientific stack and not sqlite-utils' CLI. Checked
in a fresh interpreter through sys.modules, not by timing (benchmarks/bench_cli_start.py times them)."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from factaudit.engine import services

ROOT = Path(__file__).resolve().parents[2]
# The list, then what earlier rounds found on the start path (pandas through sqlite-utils, …).
HEAVY = ("numpy", "scipy", "torch", "onnxruntime", "llama_cpp", "bm25s", "faiss", "PySide6", "sqlite_utils.cli",
         "matplotlib", "sentence_transformers", "transformers", "pandas", "statsmodels", "sklearn", "openpyxl",
         "jieba", "yaml", "sqlite_utils")
NOT_FOR_VERSION = ("factaudit.engine.services.projects", "factaudit.engine.project.db", "importlib.metadata")

PROBE = """
import json, sys
PRE
from factaudit.launcher import main
sys.argv = ["factaudit", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"code": code, "loaded": sorted(sys.modules)}), file=sys.stderr)
"""


def _loaded(*argv: str, pre: str = "") -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE.replace("PRE", pre), *argv], capture_output=True, text=True,
                          timeout=120)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), done.stderr
    return report["loaded"]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    path = tmp_path_factory.mktemp("cold") / "p.faproj"
    services.create_project(path).close()
    return path


def test_the_version_loads_no_heavy_library_and_no_project_layer():
    loaded = _loaded("--version")
    assert [m for m in HEAVY + NOT_FOR_VERSION if m in loaded] == []
    # the probe is live: the command group itself was imported
    assert "click" in loaded and "factaudit.engine.cli" in loaded


@pytest.mark.parametrize("command", ["info", "status"])
def test_a_cold_project_command_loads_no_heavy_library(project, command):
    loaded = _loaded(command, str(project))
    assert [m for m in HEAVY if m in loaded] == [], f"`factaudit {command}` imported them"
    assert "factaudit.engine.project.db" in loaded          # it did open the project
    # only the command's own module of engine/cli was imported
    cli_modules = sorted(m for m in loaded if m.startswith("factaudit.engine.cli.") and m.endswith("_cmds"))
    assert cli_modules == [f"factaudit.engine.cli.{'project' if command == 'info' else 'status'}_cmds"]
    # a project without verify runs never needs the classifier's evidence store (status start-up, #22)
    assert "factaudit.engine.project.classifier_store" not in loaded


def test_the_probe_sees_a_heavy_import(project):
    """The checks above can fail: a library imported before the command shows in the report."""
    loaded = _loaded("info", str(project), pre="import numpy")
    assert "numpy" in loaded


def test_the_version_constant_is_the_distributions():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    from factaudit.engine.version import APP_VERSION

    assert APP_VERSION == version == metadata.version("factaudit")
    out = subprocess.run([sys.executable, "-m", "factaudit", "--version"], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == f"factaudit, version {version}"
