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


def read(qtbot, dialog):
    """The dialog reads the first file's format and preview off the UI thread (issue #31): wait for it."""
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    return dialog


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
    dialog = read(qtbot, window.import_data(files=[str(bad)]))
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
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    before = view.models["claims"].rowCount()
    dialog = window.import_data(files=[str(good)])
    assert dialog.loading and not dialog.import_button.isEnabled()      # opens at once, reading the file
    read(qtbot, dialog)
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
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)          # the page counts off the UI thread
    model = view.models["claims"]
    assert [model.row_record(r)["id"] for r in range(model.rowCount())] == ["t1", "t2", "t3"]
    assert model.row_record(0)["gold_label"] == "Refuted"


def test_collision_needs_an_id_prefix(qtbot, window, tmp_path):
    first_id = services.page_rows(window.project, "claims", 0, 1)[0][0]
    dup = _write_jsonl(tmp_path / "dup.jsonl", [{"id": first_id, "claim": "A claim whose id already exists."}])
    dialog = read(qtbot, ImportDialog(window.project, window, files=[str(dup)]))
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
    dialog = read(qtbot, ImportDialog(window.project, window, files=[str(tmp_path / "corpus.jsonl")]))
    dialog.set_format("scifact")
    assert dialog.mapping.rowCount() == 0 and "adapter" in dialog.note.text()


def test_format_is_recognised_from_the_content_not_the_extension(qtbot, window, tmp_path):
    # a HealthVer export saved with a .txt name: the columns tell what it is
    odd = tmp_path / "export.txt"
    odd.write_text("id,evidence,claim,label,question\n"
                   "h1,Masks reduce spread.,Masks help.,Supports,q\n", encoding="utf-8")
    dialog = read(qtbot, ImportDialog(window.project, window, files=[str(odd)]))
    guess = services.detect_import_format(odd)
    assert guess.format == "healthver"
    assert dialog.fmt == "healthver" and dialog.kind is None      # the adapter reads its own layout
    assert f"Recognised as {guess.describe()}" in dialog.note.text()
    dialog.set_format("csv")                          # the user's choice wins over the recognition
    read(qtbot, dialog)
    assert dialog.fmt == "csv" and "Recognised" not in dialog.note.text()
    dialog.reject()


def test_check_shows_what_the_import_would_do_and_writes_nothing(qtbot, window, tmp_path):
    rows = [("r1", "Statins lower LDL.", "0", "a"), ("r2", "Vitamin C cures colds.", "2", "b"),
            ("r3", "Aspirin thins blood.", "0", "c"), ("r4", "Zinc shortens colds.", "1", "d"),
            ("r5", "Garlic cures flu.", "3", "e")]
    path = tmp_path / "coded.csv"
    path.write_text("id,claim,label,reviewer\n" + "".join(",".join(r) + "\n" for r in rows), encoding="utf-8")
    before = services.count_rows(window.project, "claims")
    dialog = read(qtbot, ImportDialog(window.project, window, files=[str(path)]))
    dialog.show()
    assert dialog.kind == "claims"
    dialog.values_edit.setText("label=0:Supported,1:No Evidence,2:Refuted")
    dialog.check()
    qtbot.waitUntil(lambda: dialog.plan_panel.plan is not None, timeout=20_000)
    plan = dialog.plan_panel.plan
    mapped = {"0": "Supported", "1": "No Evidence", "2": "Refuted"}
    # "3" has no mapping and is not a label: the dry run says the import would fail, and where
    assert not plan.ok and any(p.startswith("coded.csv:6:label") for p in plan.problems), plan.problems
    assert plan.unmapped_columns == ["reviewer"]
    assert plan.unmatched_values == {"label": ["3"]}
    assert "reviewer" in dialog.plan_panel.summary.text()
    assert dialog.plan_panel.problem_lines[:len(plan.problems)] == plan.problems
    assert services.count_rows(window.project, "claims") == before

    # leaving the bad record out: the plan counts what would be written, with the mapped labels
    dialog.skip_check.setChecked(True)
    assert dialog.plan_panel.plan is None                # a changed setting drops the stale summary
    dialog.check()
    qtbot.waitUntil(lambda: dialog.plan_panel.plan is not None, timeout=20_000)
    plan = dialog.plan_panel.plan
    expected = {}
    for _id, _c, code, _r in rows:
        if code in mapped:
            expected[mapped[code]] = expected.get(mapped[code], 0) + 1
    assert plan.ok and plan.counts == {"claims": 4} and plan.rejected == 1
    assert plan.labels["claims.gold_label"] == expected
    assert services.count_rows(window.project, "claims") == before

    with qtbot.waitSignal(dialog.imported, timeout=20_000) as blocker:
        _click_import(qtbot, dialog)
    result = blocker.args[0]
    assert result.counts == {"claims": 4} and result.rejected == 1
    side = next(iter(result.rejected_files.values()))
    assert str(side) in dialog.note.text() and dialog.isVisible()     # it stays open to say so
    assert len(open(side, encoding="utf-8").read().splitlines()) == 1
    assert services.count_rows(window.project, "claims") == before + 4
    dialog.reject()


def test_a_malformed_value_mapping_is_named_and_nothing_runs(qtbot, window, tmp_path):
    path = _write_jsonl(tmp_path / "c.jsonl", [{"id": "v1", "claim": "A claim.", "label": "0"}])
    dialog = read(qtbot, ImportDialog(window.project, window, files=[str(path)]))
    dialog.values_edit.setText("label=0Supported")
    dialog.check()
    assert dialog.plan_op is None and any("0Supported" in line for line in dialog.error_lines), dialog.error_lines
    dialog.reject()


def test_an_adapter_corpus_and_its_claims_import_together(qtbot, window, tmp_path):
    from factaudit.engine.resource_files import resource_path

    files = [str(resource_path("demo", "scifact_corpus_subset.jsonl")),
             str(resource_path("demo", "scifact_claims_dev100.jsonl"))]
    dialog = read(qtbot, ImportDialog(window.project, window, files=files))
    assert dialog.fmt == "scifact" and dialog.kind is None       # each file's kind comes from its adapter
    dialog.dataset_edit.setText("scifact-again")
    dialog.prefix_edit.setText("again-")
    _click_import(qtbot, dialog)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(dialog.error_lines), timeout=60_000)
    assert dialog.result is not None, dialog.error_lines
    counts = dialog.result.counts
    assert counts["passages"] > 0 and counts["claims"] > 0, counts
