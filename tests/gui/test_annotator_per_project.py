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


def test_triage_asks_once_per_project_and_labeling_then_does_not(qtbot, closer, demo_project, tmp_path, monkeypatch):
    # the walk found triage saved "by root" (the login name) unasked while the status bar said the
    # labeller is asked at the first label, and Labeling showing "annotator root" beside an empty field
    import importlib.util
    from pathlib import Path

    from factaudit.gui.views import labeling_annotator
    from factaudit.gui.views.labeling_parts import annotator_name
    from factaudit.gui.views.review_view import TRIAGE, ReviewView

    spec = importlib.util.spec_from_file_location("audit_views", Path(__file__).with_name("test_audit_views.py"))
    audit_views = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(audit_views)
    data = audit_views.build(demo_project, tmp_path)
    asked = []
    answers = iter(["", "Fay"])            # the first question is cancelled
    monkeypatch.setattr(labeling_annotator, "ask_name", lambda parent: (asked.append(annotator_name()),
                                                                         next(answers) or None)[1])
    assert project_annotator(demo_project) is None

    view = ReviewView(demo_project)
    qtbot.addWidget(view)
    view.show()
    view.select(data["verify_run"], data["retrieval_run"], level="sentence", mapping="R+NE")
    assert view.flush() and view.row_count() > 1
    first = view.current.unit_id
    view.set_triage(TRIAGE[1][0])          # cancelled: nothing saved, nothing stored under the login name
    assert view.flush() and len(asked) == 1
    assert "give your name first" in view.decision_label.text()
    stored = services.disagreements(demo_project, data["verify_run"], retrieval_run=data["retrieval_run"],
                                    level="sentence", mapping="R+NE")
    assert not [d for d in stored.disagreements if d.triage]
    view.set_row(0)
    view.set_triage(TRIAGE[1][0])
    assert view.flush() and len(asked) == 2 and project_annotator(demo_project) == "Fay"
    view.set_triage(TRIAGE[2][0])          # the next decision does not ask again
    assert view.flush() and len(asked) == 2
    stored = services.disagreements(demo_project, data["verify_run"], retrieval_run=data["retrieval_run"],
                                    level="sentence", mapping="R+NE")
    decided = {d.unit_id: d.triage_annotator for d in stored.disagreements if d.triage}
    assert decided[first] == "Fay" and set(decided.values()) == {"Fay"} and len(decided) == 2

    # Labeling built after the triage: it labels as Fay without asking, and names no login name before
    monkeypatch.setattr(labeling_annotator.AnnotatorChoice, "ask_annotator",
                        lambda self: (asked.append("label"), None)[1])
    from factaudit.gui.views.labeling_view import LabelingView

    labeling = LabelingView(demo_project)
    qtbot.addWidget(labeling)
    labeling.annotator_edit.setText("")                 # as if built before the triage gave the name
    assert labeling._have_annotator() and "label" not in asked
    assert labeling.annotator_edit.text() == "Fay" and labeling.annotator == "Fay"
    assert labeling_annotator.annotator_shown(demo_project) == "Fay"


def test_labeling_names_no_login_name_before_the_first_label(qtbot, demo_project):
    from factaudit.gui.views.labeling_annotator import annotator_shown
    from factaudit.gui.views.labeling_parts import annotator_name
    from factaudit.gui.views.labeling_view import LabelingView

    assert project_annotator(demo_project) is None
    view = LabelingView(demo_project)
    qtbot.addWidget(view)
    view._update_progress()
    shown = view.progress_label.text()
    assert view.annotator_edit.text() == "" and "asked at the first label" in shown, shown
    assert f"annotator {annotator_name()}" not in shown
    view.annotator_edit.setText("Gil")
    view._update_progress()
    assert "annotator Gil" in view.progress_label.text() and annotator_shown(demo_project, "Gil") == "Gil"
