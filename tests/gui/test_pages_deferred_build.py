"""The Results and Labeling pages draw before their heavy parts are built, and the Results page draws no
chart on the UI thread; it builds only the lower tab that is shown (#35 item 4: "Open results" froze the UI thread over a second at 100k claims)."""
from __future__ import annotations

import threading


def test_charts_render_in_a_worker_and_lower_tabs_wait_for_first_show(qtbot, project, monkeypatch):
    from PySide6.QtGui import QColor

    from factaudit.gui.views import results_parts
    from factaudit.gui.views.results_view import ResultsView

    threads: list[int] = []
    real = results_parts._render_rgba

    def recording(fig, size, dpi):
        threads.append(threading.get_ident())
        return real(fig, size, dpi)

    monkeypatch.setattr(results_parts, "_render_rgba", recording)
    v = ResultsView(project, n_resamples=200)
    qtbot.addWidget(v)
    # construction returns before the tables and charts are built (the next turn of the event loop
    # builds them), before any chart is rendered, and with only the shown lower tab built
    assert not v._body_built
    v._build_body()            # every part at once, no turn of the event loop between: building renders nothing
    assert not threads and v.interval_plot.renders == 0 and v.interval_plot.image.pixmap().isNull()
    assert [v._lazy.built(k) for k in ("certify", "figures", *v._study_keys)] == [None] * 5
    titles = [v.lower_tabs.tabText(i) for i in range(v.lower_tabs.count())]
    assert titles == ["Compare runs", "Certify", "Study figures", "Retrieval runs", "Judge runs", "Conflict runs"]

    v.resize(1000, 700)
    v.show()
    # an empty project: both charts say why they are empty, rendered by the worker
    qtbot.waitUntil(lambda: v.interval_plot.renders >= 1 and v.confusion_plot.renders >= 1
                    and not v.interval_plot.rendering and not v.confusion_plot.rendering, timeout=30_000)
    assert threads and threading.get_ident() not in threads
    texts = " ".join(t.get_text() for t in v.interval_plot.figure.texts)
    assert "No scores yet" in texts
    image = v.interval_plot.image.pixmap().toImage()
    assert image.width() > 50 and image.height() > 50
    # some pixel is drawn text (dark), not the white background alone
    dark = any(QColor(image.pixel(x, y)).lightness() < 160
               for x in range(0, image.width(), 2) for y in range(0, image.height(), 2))
    assert dark, "the rendered chart shows its text"

    # showing a lower tab builds it (once), under the same title and at the same place
    v.lower_tabs.setCurrentIndex(1)
    certify = v._lazy.built("certify")
    assert certify is not None and v.lower_tabs.widget(1) is certify and v.certify_panel is certify
    assert v.lower_tabs.tabText(1) == "Certify" and v.lower_tabs.currentIndex() == 1
    assert v._lazy.built("figures") is None


def test_labeling_page_is_drawn_before_its_label_view_is_built(qtbot, project):
    from factaudit.gui.views.labeling_page import LabelingPage
    from factaudit.gui.views.labeling_view import LabelingView

    page = LabelingPage(project)
    qtbot.addWidget(page)
    # the constructor leaves the heavy view to the next turn of the event loop, showing Reading… meanwhile
    assert not page.is_built("Label") and page.tabs.widget(0).text() == "Reading…"
    qtbot.waitUntil(lambda: page.is_built("Label"))
    view = page._built[0]
    assert isinstance(view, LabelingView) and page.tabs.widget(0) is view and page.labeling is view
    assert page.tabs.tabText(0) == "Label" and page.tabs.currentIndex() == 0


def test_labeling_page_builds_its_view_when_asked_before_the_deferred_turn(qtbot, project):
    from factaudit.gui.views.labeling_page import LabelingPage

    page = LabelingPage(project)
    qtbot.addWidget(page)
    view = page.labeling                     # asked at once (workflow actions, the bench): built now, once
    qtbot.wait(50)
    assert page._built == {0: view} and page.tabs.widget(0) is view


def test_results_body_is_built_a_part_a_turn_and_runs_read_early_wait_for_it(qtbot, project, monkeypatch):
    from factaudit.engine import services
    from factaudit.gui.views.results_view import ResultsView

    runs = {"run-a": "verdicts", "run-b": "verdicts"}
    monkeypatch.setattr(services, "scorable_runs", lambda _project: runs)
    monkeypatch.setattr(ResultsView, "recompute", lambda self, metrics=True: None)   # no run to score here
    v = ResultsView(project, n_resamples=200)
    qtbot.addWidget(v)
    assert len(v._body_parts) >= 4 and "gold_combo" not in v.__dict__
    v._build_next_part()                     # one turn builds one part: the buttons, not the tables yet
    assert "gold_combo" in v.__dict__ and "metrics_table" not in v.__dict__ and not v._body_built
    # runs read before the body is there wait for its turns: taking them now built the rest in this turn
    v._runs_read(runs)
    assert "metrics_table" not in v.__dict__ and "compare_list" not in v.__dict__ and v.loading
    qtbot.waitUntil(lambda: v._body_built and not v.loading)
    assert [v.run_combo.itemText(i) for i in range(v.run_combo.count())] == ["run-a", "run-b"]
    assert v.compare_list.count() == 2 and v.lower_tabs.count() == 6
    # the buttons row sits under the header, above the status line
    assert v._root.itemAt(1).layout().indexOf(v.refresh_button) >= 0 and v._root.itemAt(2).widget() is v.status


def test_labeling_card_is_built_a_turn_after_the_view_and_the_runs_wait_for_it(qtbot, project):
    from factaudit.gui.views.labeling_page import LabelingPage
    from factaudit.gui.views.labeling_view import LabelingView

    view = LabelingView(project)
    qtbot.addWidget(view)
    assert "card" not in view.__dict__ and "status" in view.__dict__
    view._runs_read(([], []))                # the runs arrive first: the queue waits for the card's turn
    assert "card" not in view.__dict__ and view._reading
    qtbot.waitUntil(lambda: "card" in view.__dict__ and not view._reading)
    # the card sits between the progress line and the status line
    root = view._root
    assert root.indexOf(view.card.parentWidget()) == root.indexOf(view.status) - 1

    page = LabelingPage(project)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.is_built("Label") and "card" in page._built[0].__dict__)
    assert page.focusProxy() is page._built[0].card       # digits reach the card when the page is opened


def test_a_chart_resized_while_its_first_drawing_is_in_the_worker_is_drawn_again_at_the_new_size(qtbot):
    """The first drawing also imports matplotlib in the worker: a layout that resized the canvas meanwhile
    left a chart larger than its place, cut at the top and bottom (the 1.5x German Results screenshot)."""
    from factaudit.gui.views.results_parts import PlotCanvas

    canvas = PlotCanvas(3.6, 3.0)
    qtbot.addWidget(canvas)
    canvas.resize(700, 600)
    canvas.show()
    canvas.plot(lambda fig: fig.add_subplot().plot([0, 1], [0, 1]))
    assert canvas.rendering
    canvas.resize(400, 300)                  # while the first drawing is in the worker
    qtbot.waitUntil(lambda: not canvas.rendering and canvas.renders >= 1, timeout=60_000)
    pixmap = canvas.image.pixmap()
    ratio = pixmap.devicePixelRatio()
    assert (round(pixmap.width() / ratio), round(pixmap.height() / ratio)) == (400, 300)
