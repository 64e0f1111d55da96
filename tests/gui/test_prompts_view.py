"""The Prompts view (issue #34 item 1, desktop part): the templates by task, a template that would break
its run refused in the view with the engine's own reasons, a bad name refused at save with the reason,
and a version added in the view listed and stored by services with its text."""
from __future__ import annotations

from importlib import resources

from factaudit.engine import services


def _wait_checked(qtbot, view) -> None:
    qtbot.waitUntil(lambda: view.problems is not None, timeout=10_000)


def test_a_prompt_added_in_the_view_is_listed_by_services(qtbot, project):
    from factaudit.gui.views.prompts_view import PromptsView

    shipped = resources.files("factaudit.resources").joinpath("prompts", "verify_joint.txt").read_text(encoding="utf-8")
    view = PromptsView(project)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    assert view.table.rowCount() == len(services.list_prompts(project))
    view.task_combo.setCurrentIndex(view.task_combo.findData("verify_joint"))
    assert view.table.rowCount() == 1 and view.table.item(0, 0).text() == "verify_joint"
    qtbot.waitUntil(lambda: view.current is not None and view.current.info.name == "verify_joint", timeout=10_000)
    assert view.editor.toPlainText() == shipped and "<evidence>" in view.preview.toPlainText()
    assert not view.save_button.isEnabled()

    view.edit_button.click()
    assert view.editing and view.name_edit.text() == "verify_joint-edit"
    broken = shipped.replace("{{evidence}}", "the passages")
    view.editor.setPlainText(broken)
    _wait_checked(qtbot, view)
    reasons = services.prompt_problems(broken, "verify_joint")
    assert reasons and view.problems == reasons
    assert all(r in view.check_label.text() for r in reasons) and not view.save_button.isEnabled()

    text = shipped.replace("You are a careful fact-checker.", "You are a meticulous, sceptical fact-checker.")
    assert text != shipped
    view.editor.setPlainText(text)
    _wait_checked(qtbot, view)
    assert view.problems == [] and view.save_button.isEnabled()
    view.name_edit.setText("Bad Name")            # the engine refuses the name: the reason in the view
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=10_000)
    assert "Not saved" in view.check_label.text() and "Bad Name" in view.check_label.text()
    assert not [i for i in services.list_prompts(project) if i.source == "project"]

    view.name_edit.setText("sceptic")
    view.note_edit.setText("stricter")
    view.save_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=10_000)
    saved = [i for i in services.list_prompts(project) if i.source == "project"]
    assert [(i.name, i.version, i.base, i.note) for i in saved] == [("sceptic", 1, "verify_joint", "stricter")]
    assert services.show_prompt(project, "sceptic").body == text
    qtbot.waitUntil(lambda: view.table.rowCount() == 2 and view.current is not None
                    and view.current.info.name == "sceptic", timeout=10_000)
    assert [view.table.item(r, 0).text() for r in range(2)] == ["verify_joint", "sceptic"]
    assert view.editor.toPlainText() == text and not view.editing


def test_the_analyses_page_has_experiments_and_prompts_tabs(qtbot, project):
    from factaudit.gui.views.analyses_page import AnalysesPage
    from factaudit.gui.views.experiments_view import ExperimentsView
    from factaudit.gui.views.prompts_view import PromptsView

    page = AnalysesPage(project)
    qtbot.addWidget(page)
    prompts = page.show_tab("Prompts")
    assert isinstance(prompts, PromptsView) and isinstance(page.widget("Experiments"), ExperimentsView)
    qtbot.waitUntil(lambda: not prompts.loading, timeout=10_000)


def test_the_verify_dialog_offers_the_projects_verify_prompts(qtbot, project):
    from factaudit.gui.dialogs.verify_dialog import LLM, VerifyDialog

    text = resources.files("factaudit.resources").joinpath("prompts", "verify_joint.txt").read_text(encoding="utf-8")
    services.add_prompt(project, "sceptic", text.replace("careful", "sceptical"), base="verify_joint")
    services.add_prompt(project, "sceptic", text.replace("careful", "doubtful"))          # v2: listed once
    services.add_prompt(project, "extract-x", resources.files("factaudit.resources").joinpath(
        "prompts", "conflict_extract.txt").read_text(encoding="utf-8") + "\n", base="conflict_extract")
    dialog = VerifyDialog(project)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.prompt_combo.count() == 2, timeout=10_000)
    assert [dialog.prompt_combo.itemData(i) for i in range(2)] == [None, "sceptic"]
    dialog.set_kind(LLM)
    assert dialog.request().prompt is None                      # the shipped template by default
    dialog.prompt_combo.setCurrentIndex(1)
    assert dialog.request().prompt == "sceptic"
