"""The annotator name is per project (issue #23 item 4): the first label in a project asks who labels,
the name is kept for that project and shown in the status bar, and opening another project never
labels with the last project's name unasked."""
from __future__ import annotations

import shutil

from factaudit.engine import services
from factaudit.engine.project import audit_store
from factaudit.gui.views.labeling_annotator import AnnotatorChoice
from factaudit.gui.views.labeling_parts import project_annotator


def _window(qtbot, closer, path):
    from factaudit.gui import main_window

    window = main_window.ProjectWindow(services.open_project(path))
    closer(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _labeling(qtbot, window, tmp_path):
    from factaudit.gui.ops import Op

    project = window.project
    claims = [r[0] for r in services.page_rows(project, "claims", 0, 3, dataset="scifact-demo")]
    services.retrieve(project, services.RetrievalRequest("bm25", k=2, claim_ids=claims))
    window.show_page(window.page_index("Labeling"))
    view = window.page_widget("Labeling").labeling
    view.refresh()
    qtbot.waitUntil(lambda: view.unit is not None and not view.loading, timeout=30_000)
    Op.wait_all(10_000)
    return view


def test_the_first_label_asks_and_the_name_stays_with_the_project(qtbot, closer, demo_copy, tmp_path, monkeypatch):
    other = tmp_path / "other.faproj"
    shutil.copy2(demo_copy, other)
    asked = []
    answers = iter(["Dana", None, "Eve"])
    monkeypatch.setattr(AnnotatorChoice, "ask_annotator", lambda self: (asked.append(1), next(answers))[1])

    window = _window(qtbot, closer, demo_copy)
    assert "labeller: asked at the first label" in window.project_label.text()
    view = _labeling(qtbot, window, tmp_path)
    assert view.annotator_edit.text() == ""
    view.choose(0)
    view.flush()
    assert len(asked) == 1 and project_annotator(window.project) == "Dana"
    labels = [a for a in audit_store.list_annotations(window.project) if a.target == "evidence"]
    assert [a.annotator for a in labels] == ["Dana"]
    qtbot.waitUntil(lambda: "labelling as Dana" in window.project_label.text(), timeout=10_000)
    view.choose(0)                               # the next label does not ask again
    view.flush()
    assert len(asked) == 1
    window.close()

    window = _window(qtbot, closer, other)       # another project: not Dana unasked
    view = _labeling(qtbot, window, tmp_path)
    assert view.annotator_edit.text() == "" and project_annotator(window.project) is None
    view.choose(0)                               # the question is cancelled: nothing is written
    view.flush()
    assert len(asked) == 2 and "give your name first" in view.status.text()
    assert not [a for a in audit_store.list_annotations(window.project) if a.target == "evidence"]
    view.choose(0)
    view.flush()
    assert len(asked) == 3 and project_annotator(window.project) == "Eve"
    assert {a.annotator for a in audit_store.list_annotations(window.project) if a.target == "evidence"} == {"Eve"}
    window.close()

    window = _window(qtbot, closer, demo_copy)   # back in the first project: Dana again, without asking
    assert project_annotator(window.project) == "Dana" and "labelling as Dana" in window.project_label.text()
    assert len(asked) == 3
    window.close()
