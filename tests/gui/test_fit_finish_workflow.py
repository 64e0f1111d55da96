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
