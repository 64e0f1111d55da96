"""Workflow's button column at 1366x768 (issue #35 item 7): a step showing "Enough for now" beside its
own button squeezed both into a fixed 300 px, so the real window read "how retrieval metric" and
"eview disagreement". Every shown button must get at least the width its text asks for, and the
column stays one width for every row (the states line up)."""
from __future__ import annotations

import pytest

from factaudit.engine import services
from factaudit.gui.main_window import ProjectWindow


def _buttons(row):
    return [b for b in (row.button, row.enough_button, row.extra) if b is not None and not b.isHidden()]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_workflow_button_is_cut(qtbot, qapp, demo_copy, closer, lang):
    from factaudit.gui import i18n

    if lang != "en" and i18n.qm_path(lang) is None:
        pytest.skip("pyside6-lrelease is not installed")
    try:
        i18n.install(qapp, lang)
        window = ProjectWindow(services.open_project(demo_copy))
        closer(window)
        window.resize(1366, 768)
        window.show()
        view = window.workflow_view
        qtbot.waitUntil(lambda: view.status is not None, timeout=60_000)
        rows = [r for r in [*view.rows.values(), *view.path_rows.values()] if not r.isHidden()]
        # the case that was cut: two buttons side by side in some row
        assert any(len(_buttons(r)) >= 2 for r in rows)
        qtbot.waitUntil(lambda: all(b.width() >= b.sizeHint().width() for r in rows for b in _buttons(r)),
                        timeout=10_000)
        assert len({r.holder.width() for r in rows}) == 1
    finally:
        i18n.install(qapp, "en")


@pytest.fixture
def german_locale():
    from PySide6.QtCore import QLocale

    before = QLocale()
    QLocale.setDefault(QLocale("de_DE"))
    yield
    QLocale.setDefault(before)


def test_step_counts_take_the_locales_grouping(german_locale):
    """The engine's detail says "1,201 passages"; German shows 1.201 (the status bar's grouping)."""
    from factaudit.gui.views.workflow_view import local_numbers

    for n in (1201, 1_234_567, 999, 100_000):
        german = f"{n:,}".replace(",", ".")
        assert local_numbers(f"3 datasets: 11 answers, {n:,} passages") == f"3 datasets: 11 answers, {german} passages"
    # a list of small numbers, a decimal, an id with digits: not counts, left alone
    for text in ("codes 1,2,3", "F1 0.5,1", "run c1,201"):
        assert local_numbers(text) == text


def test_results_per_verdict_rows_are_named_in_the_language(qtbot, qapp):
    """The closed regime's table named its rows Supported/Refuted/No Evidence in zh_CN and de while the
    confusion matrix beside it was translated, and wrote 50.0 in German where the Models page writes
    1,0 GB (seen in the real-window walk, #35 item 9)."""
    from types import SimpleNamespace

    from PySide6.QtCore import Qt

    from factaudit.gui import i18n
    from factaudit.gui.views.results_parts import PlotCanvas, show_closed
    from factaudit.gui.views.tables import read_only_table

    if i18n.qm_path("de") is None:
        pytest.skip("pyside6-lrelease is not installed")
    labels = ["Supported", "Refuted", "No Evidence"]
    closed = SimpleNamespace(labels=labels, confusion_matrix=[[2, 1, 0], [0, 1, 1], [1, 0, 2]],
                             per_class={lab: {"support": 3, "precision": 0.5, "recall": 0.5, "f1": 0.5} for lab in labels})
    try:
        i18n.install(qapp, "de")
        table = read_only_table(["", "n", "P", "R", "F1"])
        canvas = PlotCanvas(3, 3)
        qtbot.addWidget(table)
        qtbot.addWidget(canvas)
        show_closed(table, canvas, closed)
        shown = [table.item(r, 0).text() for r in range(3)]
        assert shown == [i18n.verdict_name(lab) for lab in labels]
        assert not set(shown) & set(labels)            # German names, not the stored values
        assert [table.item(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(3)] == labels
        # precision, recall, F1 of 0.5 with the German decimal comma (the engine's own text reads 50.0)
        assert [table.item(0, c).text() for c in (2, 3, 4)] == ["50,0"] * 3
    finally:
        i18n.install(qapp, "en")
