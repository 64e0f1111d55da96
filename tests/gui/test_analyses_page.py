"""The Analyses page: each tab's writes reach the project (read back through services)."""
from __future__ import annotations

import struct

import pytest

from factaudit.engine import services
from factaudit.gui.ops import Op


@pytest.fixture
def project(demo_copy):
    p = services.open_project(demo_copy)
    yield p
    Op.cancel_all()
    Op.wait_all(30_000)
    p.close()


@pytest.fixture
def make_page(project, qtbot):
    """The page, built once the test has written what it should read."""
    from factaudit.gui.views.analyses_page import AnalysesPage

    def make():
        page = AnalysesPage(project)
        qtbot.addWidget(page)
        return page
    return make


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def _select(table, column: int, text: str) -> None:
    row = next(r for r in range(table.rowCount()) if table.item(r, column).text() == text)
    table.selectRow(row)


def test_induction_decide_close_and_start(make_page, project, qtbot):
    proposals = [
        {"target": "evidence", "dimension": "credibility", "code_id": "retracted_trial", "name": "Retracted trial",
         "definition": "the passage reports a trial later retracted", "examples": ["c1"]},
        {"target": "evidence", "dimension": "polarity", "code_id": "hedged", "name": "Hedged",
         "definition": "the passage only hedges", "examples": ["c2"]},
        {"target": "reasoning", "dimension": "inference", "code_id": "guess", "name": "Guess",
         "definition": "a guess", "examples": []},
    ]
    before = services.codebook(project).version
    rnd = services.add_round(project, proposals, proposer="alice")
    ids = {p.code_id: p.id for p in rnd.proposals}
    page = make_page()
    view = page.show_tab("Induction")
    qtbot.waitUntil(lambda: view.state is not None and view.proposals_table.rowCount() == 3, timeout=30_000)
    assert view.current_round_id() == rnd.round_id

    _select(view.proposals_table, 2, "retracted_trial")
    view.accept_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    _select(view.proposals_table, 2, "hedged")
    view.merge_combo.setCurrentIndex(view.merge_combo.findData("neutral"))
    view.merge_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    _select(view.proposals_table, 2, "guess")
    view.reject_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    decided = {p.code_id: (p.decision, p.merge_into) for p in services.induction_rounds(project)[-1].proposals}
    assert decided == {"retracted_trial": ("accept", None), "hedged": ("merge", "neutral"), "guess": ("reject", None)}
    assert all(p.id == ids[p.code_id] for p in services.induction_rounds(project)[-1].proposals)

    qtbot.waitUntil(lambda: view.close_button.isEnabled(), timeout=30_000)
    view.close_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    closed = services.induction_rounds(project)[-1]
    assert closed.closed and closed.n_new_codes == 1
    book = services.codebook(project)
    assert book.version == closed.new_version > before
    assert book.dimension("credibility", "evidence").code("retracted_trial") is not None
    assert book.dimension("inference", "reasoning").code("guess") is None
    # the saturation plot the engine drew for the closed round (the engine's figure: 5.5 × 3.2 in at 110 dpi)
    qtbot.waitUntil(lambda: view.plot_png is not None and not view.plot.pixmap().isNull(), timeout=60_000)
    assert _png_size(view.plot_png) == (round(5.5 * 110), round(3.2 * 110))

    # A new round: the demo has no notes, "other" codes nor verify runs, so nothing is uncovered and the
    # round records saturation without a model.
    assert services.uncovered_cases(project, None) == []
    qtbot.waitUntil(lambda: view.uncovered == (0, 0), timeout=30_000)
    n = len(services.induction_rounds(project))
    qtbot.waitUntil(lambda: view.start_button.isEnabled(), timeout=30_000)
    view.run_combo.setCurrentIndex(0)
    view.start_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    rounds = services.induction_rounds(project)
    assert len(rounds) == n + 1 and rounds[-1].proposer == "none" and rounds[-1].cases == []
    qtbot.waitUntil(lambda: view.rounds_table.rowCount() == n + 1, timeout=30_000)
    # a label with a note is a case the codebook does not cover: the tab counts it for the next round
    claim = services.page_rows(project, "claims", 0, 1)[0][0]
    passage = services.page_rows(project, "passages", 0, 1)[0][0]
    services.annotate(project, target="evidence", claim_id=claim, passage_id=passage, dimension="polarity",
                      code="neutral", annotator="alice", note="a retraction notice, not a study")
    assert [c.kind for c in services.uncovered_cases(project, None)] == ["note"]
    view.refresh()
    qtbot.waitUntil(lambda: view.uncovered == (1, 0), timeout=30_000)

    # an "other" code in every dimension and step, as a new codebook version
    version = services.codebook(project).version
    qtbot.waitUntil(lambda: view.other_button.isEnabled(), timeout=30_000)
    view.other_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    assert services.dimensions_without_other(project) == [] and services.codebook(project).version == version + 1
    qtbot.waitUntil(lambda: view.state.without_other == [] and not view.other_button.isEnabled(), timeout=30_000)


def test_lexicon_add_remove_and_save(make_page, project, qtbot):
    path = services.default_lexicon_path(project)
    services.save_lexicon(path, {"aspirin": ["ASA"], "ibuprofen": ["Advil"]})
    page = make_page()
    view = page.show_tab("Lexicon")
    qtbot.waitUntil(lambda: not view.loading and view.table.rowCount() == 2, timeout=30_000)
    assert view.path == path and view.table.item(0, 1).text() == "ASA"
    view.option_edit.setText("paracetamol")
    view.synonyms_edit.setText("acetaminophen, APAP")
    view.add_button.click()
    _select(view.table, 0, "ibuprofen")
    view.remove_button.click()
    assert view.dirty and view.save_button.isEnabled()
    assert services.lexicon_entries(path) == {"aspirin": ["ASA"], "ibuprofen": ["Advil"]}     # nothing saved yet
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running and not view.loading, timeout=30_000)
    assert services.lexicon_entries(path) == {"aspirin": ["ASA"], "paracetamol": ["acetaminophen", "APAP"]}
    lex = services.Lexicon.load(path)
    assert lex.canon("apap") == lex.canon("Paracetamol") != lex.canon("advil")
    # an entry the scorer would refuse is refused at the save, and the file keeps what it had
    view.option_edit.setText("acetylsalicylic acid")
    view.synonyms_edit.setText("asa")
    view.add_button.click()
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    assert "asa" in view.status.text().lower() and view.dirty
    assert services.lexicon_entries(path) == {"aspirin": ["ASA"], "paracetamol": ["acetaminophen", "APAP"]}


def test_gates_set_remove_and_save(make_page, project, qtbot):
    path = services.default_gates_path(project)
    page = make_page()
    view = page.show_tab("Gates")
    qtbot.waitUntil(lambda: view.path == path and not view.loading, timeout=30_000)
    n_defaults = sum(len(c) for c in services.DEFAULT_GATES.values())
    assert view.table.rowCount() == n_defaults and not path.exists()
    view.tier_combo.setCurrentIndex(view.tier_combo.findData("A"))
    view.metric_combo.setCurrentIndex(view.metric_combo.findData("strict"))
    view.value_spin.setValue(0.95)
    view.set_button.click()
    view.tier_combo.setCurrentIndex(view.tier_combo.findData("C"))
    view.metric_combo.setCurrentIndex(view.metric_combo.findData("faithfulness"))
    view.value_spin.setValue(0.8)
    view.set_button.click()
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running and not view.loading and path.exists(), timeout=30_000)
    expected = {t: dict(c) for t, c in services.DEFAULT_GATES.items()}
    expected["A"]["strict"] = 0.95
    expected["C"]["faithfulness"] = 0.8
    assert services.load_gates(path) == expected
    assert view.table.rowCount() == n_defaults + 1          # strict on A replaced a default, faithfulness is new
    # removing the file's A condition brings the default back
    row = next(r for r in range(view.table.rowCount())
               if view.table.item(r, 0).data(0x0100) == ("A", "strict", True))
    view.table.selectRow(row)
    assert view.remove_button.isEnabled()
    view.remove_button.click()
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running and not view.loading, timeout=30_000)
    assert services.gate_entries(path) == {"C": {"faithfulness": 0.8}}
    assert services.load_gates(path)["A"] == services.DEFAULT_GATES["A"]


def test_prices_set_and_remove(make_page, project, qtbot):
    # an endpoint is only saved here (config folder of the test), nothing is contacted
    services.add_endpoint("lab-vllm", "http://127.0.0.1:9/v1", "qwen-test")
    page = make_page()
    view = page.show_tab("Prices")
    qtbot.waitUntil(lambda: view.endpoint_combo.findData("lab-vllm") >= 0, timeout=30_000)
    assert "lab-vllm" not in services.prices()
    view.endpoint_combo.setCurrentIndex(view.endpoint_combo.findData("lab-vllm"))
    view.in_spin.setValue(0.15)
    view.out_spin.setValue(0.6)
    view.set_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    price = services.prices()["lab-vllm"]
    assert (price.in_per_million, price.out_per_million) == (0.15, 0.6)
    qtbot.waitUntil(lambda: any(p.endpoint == "lab-vllm" and p.in_per_million == 0.15 for p in view.rows or []),
                    timeout=30_000)
    _select(view.table, 0, "lab-vllm")
    assert view.remove_button.isEnabled()
    view.remove_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=30_000)
    assert "lab-vllm" not in services.prices()


def test_the_page_sits_in_the_sidebar_and_the_workflow_induction_step_opens_it(demo_copy, qtbot, closer):
    from factaudit.gui import main_window, workflow_actions
    from factaudit.gui.views.analyses_page import AnalysesPage
    from factaudit.gui.views.induction_view import InductionView

    pages = list(main_window.PAGES)
    assert pages.index("Labeling") < pages.index("Analyses") < pages.index("Reports")
    window = main_window.ProjectWindow(services.open_project(demo_copy))
    closer(window)
    page = workflow_actions.do_step(window, "induction")
    assert window.current_page == "Analyses" and isinstance(page, AnalysesPage)
    assert isinstance(page.tabs.currentWidget(), InductionView)
    assert window.page_actions[pages.index("Analyses")].shortcut().toString() == f"Ctrl+{pages.index('Analyses') + 1}"


def test_a_note_on_a_label_from_the_labeling_page_is_a_case_for_induction(qtbot, demo_project, tmp_path, monkeypatch):
    from test_audit_labeling import ANNOTATOR, make_audit_data

    from factaudit.gui.views import labeling_note
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import LabelingView, set_annotator_name
    from PySide6.QtCore import Qt

    data = make_audit_data(demo_project, tmp_path, n_claims=1)
    set_annotator_name(ANNOTATOR)
    set_project_annotator(demo_project, ANNOTATOR)
    view = LabelingView(demo_project)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.select_runs(data["retrieval_run"], data["verify_run"])
    assert view.flush()
    unit = view.entry
    asked = []
    monkeypatch.setattr(labeling_note, "ask_note", lambda _v, dim, note: asked.append((dim, note)) or "  a retraction notice  ")
    qtbot.keyClick(view.card, Qt.Key.Key_N)                 # no label yet: nothing to annotate, nothing asked
    assert asked == [] and view.flush()
    qtbot.keyClick(view.card, Qt.Key.Key_1)                 # entity_match = exact
    assert view.flush()
    qtbot.keyClick(view.card, Qt.Key.Key_N)
    assert view.flush() and asked == [("Entity match", "")]

    def mine():
        return [a for a in services.current_annotations(demo_project, target="evidence", annotator=ANNOTATOR)
                if (a.claim_id, a.passage_id) == (unit.claim_id, unit.passage_id)]
    [label] = mine()
    assert (label.dimension, label.code, label.note) == ("entity_match", "exact", "a retraction notice")
    history = [a for a in services.annotation_history(demo_project, unit.claim_id) if a.annotator == ANNOTATOR]
    assert [(a.code, a.note) for a in history] == [("exact", None), ("exact", "a retraction notice")]
    assert history[1].supersedes == history[0].id
    notes = [c for c in services.uncovered_cases(demo_project, None) if c.kind == "note"]
    assert [(c.key, c.note, c.dimension) for c in notes] == [(f"note:{label.id}", "a retraction notice", "entity_match")]
    # Backspace undoes the label, and its note with it
    qtbot.keyClick(view.card, Qt.Key.Key_Backspace)
    assert view.flush() and mine() == []
