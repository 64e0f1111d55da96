"""Every page fits a laptop: the project window's minimum width stays at or under 1,100 logical pixels
with each page (and each tab of a tabbed page) shown. A 1920×1080 screen at QT_SCALE_FACTOR=1.5 is
1280×720 logical pixels, the same budget."""
from __future__ import annotations

from factaudit.engine import services

MAX_MIN_WIDTH = 1100


def test_every_page_fits_1280_wide(qtbot, demo_copy, closer):
    from factaudit.gui import main_window
    from factaudit.gui.ops import Op

    project = services.open_project(demo_copy)
    window = main_window.ProjectWindow(project)
    closer(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    widths = {}
    for index, name in enumerate(main_window.PAGES):
        window.show_page(index)
        Op.wait_all(30_000)
        page = window.pages.currentWidget()
        tabs = getattr(page, "tabs", None)
        for tab in range(tabs.count()) if tabs is not None else [None]:
            if tab is not None:
                tabs.setCurrentIndex(tab)
                Op.wait_all(30_000)
            qtbot.wait(10)
            label = name if tab is None else f"{name} › {tabs.tabText(tab)}"
            widths[label] = window.minimumSizeHint().width()
    assert len(widths) >= len(main_window.PAGES)
    too_wide = {k: w for k, w in widths.items() if w > MAX_MIN_WIDTH}
    assert not too_wide, f"pages wider than {MAX_MIN_WIDTH} px at minimum: {too_wide}"
    # and the window really can be that narrow
    window.resize(MAX_MIN_WIDTH, 720)
    qtbot.wait(10)
    assert window.width() <= MAX_MIN_WIDTH
