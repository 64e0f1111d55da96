"""The bundle drops torch (issue #16 item 4): the spec excludes torch and the libraries only it needs,
ships the ONNX MiniLM where the engine looks for it in a frozen app, and nothing the bundle runs by
default imports torch at module level."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

from factaudit.engine.models import embedders

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "factaudit.spec"


def _list_assigned(name: str) -> list[str]:
    for node in ast.walk(ast.parse(SPEC.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"{name} not found in the spec")


def test_spec_excludes_torch_and_what_only_torch_needs():
    excluded = set(_list_assigned("TORCH_ONLY"))
    assert {"torch", "sentence_transformers", "transformers", "sympy", "networkx"} <= excluded
    assert "TORCH_ONLY" in SPEC.read_text(encoding="utf-8").split("excludes=", 1)[1].split("\n", 1)[0]
    # onnxruntime and tokenizers are what the embedded embedder runs on: never excluded.
    assert not {"onnxruntime", "tokenizers"} & excluded


def test_the_bundle_destination_is_where_a_frozen_app_looks(monkeypatch, tmp_path):
    text = SPEC.read_text(encoding="utf-8")
    assert 'os.path.join("factaudit_models", "minilm-l6-onnx")' in text
    assert embedders.BUNDLED_ONNX.as_posix() == "factaudit_models/minilm-l6-onnx"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert embedders.bundled_onnx_folder() == tmp_path / "factaudit_models" / "minilm-l6-onnx"


def test_engine_modules_import_torch_only_inside_functions():
    """A module-level `import torch` / sentence_transformers / transformers anywhere in engine/ or gui/
    would fail in the bundle at import time."""
    heavy = {"torch", "sentence_transformers", "transformers"}
    offenders = []
    for folder in ("engine", "gui"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in heavy for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
