"""A cold command imports only what it needs: `factaudit info` and `status` load no model runtime, no
GUI, no scientific stack (issue #16 item 7; sqlite-utils' optional pandas import alone cost 1.2 s)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from factaudit.engine import services

HEAVY = ("torch", "llama_cpp", "PySide6", "sentence_transformers", "faiss", "onnxruntime", "scipy", "pandas",
         "statsmodels", "sklearn", "matplotlib", "openpyxl", "jieba", "bm25s")

PROBE = """
import json, sys
from factaudit.launcher import cli
try:
    cli.main(sys.argv[1:], standalone_mode=False)
finally:
    print(json.dumps(sorted(m for m in %r if m in sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("command", ["info", "status"])
def test_a_cold_command_loads_no_heavy_library(tmp_path, command):
    path = tmp_path / "p.faproj"
    services.create_project(path).close()
    done = subprocess.run([sys.executable, "-c", PROBE % (HEAVY,), command, str(path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert loaded == [], f"`factaudit {command}` imported {loaded}"
