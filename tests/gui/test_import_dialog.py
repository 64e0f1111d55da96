"""The import dialog: preview, field mapping, problems listed with line and field, refresh on success."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.gui.dialogs.import_dialog import ImportDialog
from factaudit.gui.main_window import ProjectWindow


@pytest.fixture
def window(qtbot, demo_copy, closer):
    project = services.open_project(demo_copy)
    w = ProjectWindow(project)
    closer(w)
    w.show()
    w.show_page(1)       # the Data page (the window opens on the Workflow page)
    yield w
    if project.is_open:
        project.close()


def _write_jsonl(path, records):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records), encoding="utf-8")
    return path


def _click_import(qtbot, dialog):
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)


def test_malformed_file_lists_problems_and_imports_nothing(qtbot, window, tmp_path):
    bad = _write_jsonl(tmp_path / "bad.jsonl", [
        {"id": "n1", "claim": "Aspirin lowers fever."},
        {"id": "n2", "label": "Supported"},                       # line 2: no claim
        '{"id": "n3", "claim": "broken',                          # line 3: not JSON
        {"id": "n4", "claim": "Statins cut LDL.", "label": "maybe"},   # line 4: bad label
    ])
    before = services.count_rows(window.project, "claims")
    dialog = window.import_data(files=[str(bad)])
    assert dialog.fmt == "jsonl" and dialog.kind == "claims"       # inferred from extension and columns
    dialog.grab()
    _click_import(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.errors.isHidden(), timeout=10_000)
    lines = dialog.error_lines
    assert any(line.startswith("bad.jsonl:2:claim:") for line in lines), lines
    assert any(line.startswith("bad.jsonl:3") for line in lines), lines
    assert any(line.startswith("bad.jsonl:4:label:") and "maybe" in line for line in lines), lines
    assert dialog.isVisible() and dialog.import_button.isEnabled()
    assert services.count_rows(window.project, "claims") == before
    assert [d.name for d in services.list_datasets(window.project)] == ["scifact-demo", "medexpert-demo"]
    dialog.reject()


def test_good_file_with_mapping_imports_and_refreshes_the_data_view(qtbot, window, tmp_path, screenshots):
    good = tmp_path / "trial_claims.csv"
    good.write_text("claim_id,statement,verdict_gold,notes\n"
                    "t1,Vitamin D prevents fractures in older adults.,Refuted,x\n"
                    "t2,Metformin lowers HbA1c.,Supported,y\n"
                    "t3,\"Zinc, taken early, shortens colds.\",,z\n", encoding="utf-8")
    view = window.data_view
    before = view.models["claims"].rowCount()
    dialog = window.import_data(files=[str(good)])
    dialog.set_kind("claims")
    assert dialog.preview.rowCount() == 3 and dialog.preview.columnCount() == 4
    assert dialog.preview.item(2, 1).text() == "Zinc, taken early, shortens colds."
    fields = [dialog.mapping.item(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(dialog.mapping.rowCount())]
    assert fields == [f for f, _ in services.import_fields("claims")]
    # prefilled from common names; the unusual one is left to the user
    assert dialog.field_map() == {"id": "claim_id", "claim": "statement"}
    dialog.set_mapping("label", "verdict_gold")
    assert dialog.field_map() == {"id": "claim_id", "claim": "statement", "label": "verdict_gold"}
    dialog.dataset_edit.setText("trial")
    dialog.resize(980, 640)
    assert dialog.grab().save(str(screenshots / "import_dialog.png"))

    with qtbot.waitSignal(dialog.imported, timeout=10_000) as blocker:
        _click_import(qtbot, dialog)
    result = blocker.args[0]
    assert result.dataset.name == "trial" and result.counts == {"claims": 3}
    qtbot.waitUntil(lambda: view.models["claims"].rowCount() == before + 3, timeout=5000)
    assert view.models["claims"].rowCount() == services.count_rows(window.project, "claims")
    names = [view.datasets.topLevelItem(i).text(0) for i in range(view.datasets.topLevelItemCount())]
    assert "trial" in names
    view.dataset_filter.setCurrentIndex(view.dataset_filter.findData("trial"))
    model = view.models["claims"]
    assert [model.row_record(r)["id"] for r in range(model.rowCount())] == ["t1", "t2", "t3"]
    assert model.row_record(0)["gold_label"] == "Refuted"


def test_collision_needs_an_id_prefix(qtbot, window, tmp_path):
    first_id = services.page_rows(window.project, "claims", 0, 1)[0][0]
    dup = _write_jsonl(tmp_path / "dup.jsonl", [{"id": first_id, "claim": "A claim whose id already exists."}])
    dialog = ImportDialog(window.project, window, files=[str(dup)])
    dialog.set_kind("claims")
    _click_import(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.errors.isHidden(), timeout=10_000)
    assert any(first_id in line for line in dialog.error_lines), dialog.error_lines
    dialog.prefix_edit.setText("again-")
    with qtbot.waitSignal(dialog.imported, timeout=10_000) as blocker:
        _click_import(qtbot, dialog)
    assert blocker.args[0].counts == {"claims": 1}
    assert services.count_rows(window.project, "claims", search="whose id already") == 1


def test_adapter_format_needs_no_mapping(qtbot, window, tmp_path):
    dialog = ImportDialog(window.project, window, files=[str(tmp_path / "corpus.jsonl")])
    dialog.set_format("scifact")
    assert dialog.mapping.rowCount() == 0 and "adapter" in dialog.note.text()
