"""The Verify dialog's stance cascade choice (issue #32): it shows the model pair and the pair's τ as
resources/models/cascade.json ships it (read off the UI thread), its request is the cascade strategy with
that pair, and the gold-evidence and grounding-control choices still reach the run (SmolLM2 for speed)."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.resource_files import resource_path
from factaudit.gui.dialogs.verify_dialog import VerifyDialog


@pytest.fixture
def project(demo_copy):
    from factaudit.gui.ops import Op

    p = services.open_project(demo_copy)
    yield p
    Op.cancel_all()
    Op.wait_all(30_000)
    p.close()


def test_the_cascade_choice_shows_its_pair_and_tau(qtbot, project):
    dialog = VerifyDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=60_000)      # the model lists are read off the UI thread
    assert not dialog.cascade_box.isVisibleTo(dialog)
    dialog.set_kind("cascade")
    assert dialog.kind == "cascade"
    assert dialog.cascade_box.isVisibleTo(dialog) and not dialog.llm_box.isVisibleTo(dialog)
    assert not dialog.classifier_box.isVisibleTo(dialog)
    fits = json.loads(resource_path("models", "cascade.json").read_text(encoding="utf-8"))
    classifier, llm = next(iter(fits)).split("+", 1)
    dialog.cascade_classifier_combo.setCurrentIndex(dialog.cascade_classifier_combo.findData(classifier))
    dialog.cascade_llm_combo.setCurrentIndex(dialog.cascade_llm_combo.findData(llm))
    tau = f"{fits[f'{classifier}+{llm}']['tau']:+.2f}"
    qtbot.waitUntil(lambda: f"τ = {tau} fitted" in dialog.cascade_pair_label.text(), timeout=10_000)
    assert f"{classifier} + {llm}" in dialog.cascade_pair_label.text()
    # an endpoint gives no log-probabilities, so the cascade does not offer one
    assert all(dialog.cascade_llm_combo.itemData(i) != "__endpoint__" for i in range(dialog.cascade_llm_combo.count()))
    dialog.cascade_llm_combo.setCurrentIndex(dialog.cascade_llm_combo.findData("smollm2-135m"))
    qtbot.waitUntil(lambda: "no threshold fitted" in dialog.cascade_pair_label.text(), timeout=10_000)


@pytest.mark.parametrize("control", [False, True])
def test_the_cascade_runs_from_the_dialog_on_gold_evidence(qtbot, project, control):
    dialog = VerifyDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=60_000)      # the model lists are read off the UI thread
    dialog.set_kind("cascade")
    dialog.cascade_llm_combo.setCurrentIndex(dialog.cascade_llm_combo.findData("smollm2-135m"))
    dialog.gold_check.setChecked(True)
    dialog.control_check.setChecked(control)
    dialog.limit_spin.setValue(2)
    req = dialog.request()
    assert (req.strategy, req.model, req.llm_model) == ("cascade", dialog.cascade_classifier_combo.currentData(),
                                                        "smollm2-135m")
    assert (req.retrieval_run, req.evidence_source, req.control) == (None, "gold", "no-evidence" if control else None)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(dialog.verified, timeout=120_000) as blocker:
        pass
    cfg = services.get_run(project, blocker.args[0].run_id).config
    assert cfg["strategy"] == "cascade" and cfg["model"]["pair"] == "cascade"
    assert cfg["evidence_source"] == "gold" and cfg.get("control") == ("no-evidence" if control else None)
    assert blocker.args[0].n_verdicts == 2
