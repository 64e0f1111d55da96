"""The Pre-label dialog asks for the labeling queue's next units by default (issue #23 item 4)."""
from __future__ import annotations

import json

from factaudit.engine import services


def test_the_prelabel_dialog_orders_by_the_labeling_queue(qtbot, demo_project, tmp_path):
    from factaudit.gui.dialogs.prelabel_dialog import PrelabelDialog

    claims = [r[0] for r in services.page_rows(demo_project, "claims", 0, 4, dataset="scifact-demo")]
    rr = services.retrieve(demo_project, services.RetrievalRequest("bm25", k=2, claim_ids=claims)).run_id
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c, "verdict": "Supported"}) + "\n" for c in claims))
    vr = services.import_files(demo_project, [path], kind="verdicts").run_id
    dialog = PrelabelDialog(demo_project)
    qtbot.addWidget(dialog)
    assert dialog.run_combo.count() == 0 and dialog.status_label.text()       # opens at once, reading
    qtbot.waitUntil(lambda: dialog.run_combo.findData(rr) >= 0, timeout=10_000)     # the runs are read off the UI thread
    dialog.run_combo.setCurrentIndex(dialog.run_combo.findData(rr))
    assert dialog.run_combo.currentData() == rr
    req = dialog.request()
    assert req.order_by == vr and "disagreements of " + vr in dialog.order_combo.currentText()
    dialog.order_combo.setCurrentIndex(dialog.order_combo.findData(None))
    assert dialog.request().order_by is None
