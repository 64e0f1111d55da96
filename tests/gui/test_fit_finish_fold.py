"""Content that sat outside the window at 1280×720 (issue #35 item 7): the Labeling reveal below the fold
of its side panel, and the raters' codes past the right edge of Agreement › Disagreements."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt

from factaudit.engine import services
from factaudit.engine.project import runs
from test_audit_labeling import ANNOTATOR, make_audit_data


def in_view(scroll, widget, lines: int = 2) -> bool:
    """The widget's first lines lie inside the scroll area's viewport."""
    top = widget.mapTo(scroll.viewport(), QPoint(0, 0)).y()
    return top >= 0 and top + min(widget.height(), lines * widget.fontMetrics().lineSpacing()) <= scroll.viewport().height()


def test_the_reveal_comes_into_view(qtbot, demo_project, tmp_path):
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import LabelingView, set_annotator_name

    data = make_audit_data(demo_project, tmp_path)
    set_annotator_name(ANNOTATOR)
    set_project_annotator(demo_project, ANNOTATOR)
    view = LabelingView(demo_project)
    qtbot.addWidget(view)
    view.resize(1100, 560)            # about what the page gets in a 1280×720 window
    view.show()
    qtbot.waitExposed(view)
    view.select_runs(data["retrieval_run"], data["verify_run"])
    assert view.flush()
    # the case the issue saw: the codes' descriptions fill the panel and the reveal is under the fold (the
    # card is built a turn after the view, so its panel's layout settles over a few turns)
    qtbot.waitUntil(lambda: view.side_scroll.verticalScrollBar().maximum() > 0
                    and not in_view(view.side_scroll, view.reveal_title), timeout=30_000)
    qtbot.keyClick(view.card, Qt.Key.Key_R)
    assert "Refuted" in view.reveal_label.text()
    qtbot.waitUntil(lambda: in_view(view.side_scroll, view.reveal_title, 1)
                    and in_view(view.side_scroll, view.reveal_label, 3), timeout=30_000)
    # the next unit opens on its codes again
    for _ in view.dims:
        qtbot.keyClick(view.card, Qt.Key.Key_1)
        qtbot.keyClick(view.card, Qt.Key.Key_Return)
    assert view.index == 1 and view.side_scroll.verticalScrollBar().value() == 0
    assert view.flush()


def two_raters(project, tmp_path):
    """Two people who disagree on two dimensions of four evidence units; long names make long cells."""
    data = make_audit_data(project, tmp_path)
    hits = runs.get_hits(project, data["retrieval_run"])
    book = services.audit.codebook(project)
    units = [(c, h.passage_id) for c in data["claims"] for h in hits[c]][:4]
    for claim, passage in units:
        for who, pick in (("Alexandra Müller-Lüdenscheidt", 0), ("Bartholomew Okonkwo-Smith", -1)):
            for d in book.evidence[:2]:
                services.audit.annotate(project, target="evidence", claim_id=claim, passage_id=passage,
                                        dimension=d.id, code=d.codes[pick].id, annotator=who)
    return units, book


def test_the_raters_codes_fit_beside_the_card(qtbot, demo_project, tmp_path):
    from factaudit.gui.views.raters.adjudication import AdjudicationView

    units, _book = two_raters(demo_project, tmp_path)
    view = AdjudicationView(demo_project)
    qtbot.addWidget(view)
    view.resize(1100, 600)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: len(view.rows) == 2 * len(units), timeout=30_000)
    t = view.table
    codes = t.columnCount() - 1
    assert t.columnViewportPosition(codes) + t.columnWidth(codes) <= t.viewport().width()
    for r in range(t.rowCount()):
        text = t.item(r, codes).text()
        # each cell names both codes (who gave which is in its tooltip) and wraps within its row
        d = view.rows[r]
        assert text == " · ".join(view._code_name(d, c) for c in d.codes.values())
        assert all(f"{who}: " in t.item(r, codes).toolTip() for who in d.codes)
        need = t.fontMetrics().boundingRect(QRect(0, 0, t.columnWidth(codes) - 8, 10_000),
                                            int(Qt.TextFlag.TextWordWrap), text)
        assert need.height() <= t.rowHeight(r), (text, t.columnWidth(codes))


def test_taxonomy_marginals_name_dimensions_and_codes(qtbot, demo_project, tmp_path):
    """The per-dimension marginals showed codebook ids ("entity_match", "exact 4"), not names."""
    from factaudit.gui.views.taxonomy_view import TaxonomyView

    units, book = two_raters(demo_project, tmp_path)
    view = TaxonomyView(demo_project)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.marginal_table.rowCount() > 0, timeout=30_000)
    t = view.marginal_table
    shown = {t.item(r, 1).text(): t.item(r, 4).text() for r in range(t.rowCount())}
    for d in book.evidence[:2]:
        assert d.name in shown and d.id not in shown
        # the most recent label wins: the second rater's last code of each dimension, on every unit
        want = ", ".join(f"{c.name} {len(units) if c is d.codes[-1] else 0}" for c in d.codes)
        assert shown[d.name] == want
