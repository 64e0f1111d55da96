"""Writes report their changes (issue #31): the engine records what a write committed, the Op announces
exactly that, and no GUI call site declares changes by hand."""
from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtWidgets import QWidget

from factaudit.engine import services
from factaudit.gui.dialogs import dataset_actions
from factaudit.gui.ops import Op, OpChanges, on_changes
from factaudit.gui.serial_writer import SerialWriter

GUI = Path(__file__).resolve().parents[2] / "gui"
# where announcing by hand is the job itself: the hub, and the window that hears another process
# (PRAGMA data_version moved: nothing in this process wrote, so nothing recorded it)
ANNOUNCERS = {"gui/changes.py": "the announcement hub", "gui/ops.py": "the Op announces what its work recorded",
              "gui/main_window.py": "another process wrote the file: announce(project, OpChanges.everything())"}


def hand_declared(sources: dict[str, str]) -> list[str]:
    """`file:line what` for each change declared at a call site: a `.changes(...)` call, a `changes=`
    keyword, an `OpChanges(...)`/`OpChanges.of/everything` built or `announce(...)` called outside
    the announcers."""
    found = []
    for path, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name == "changes" and isinstance(f, ast.Attribute):
                found.append(f"{path}:{node.lineno} .changes()")
            for kw in node.keywords:
                if kw.arg == "changes":
                    found.append(f"{path}:{node.lineno} changes=")
            if path in ANNOUNCERS:
                continue
            built = (name == "OpChanges" and isinstance(f, ast.Name)) or (
                isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "OpChanges")
            if built or name == "announce":
                found.append(f"{path}:{node.lineno} {'OpChanges' if built else name}")
    return sorted(found)


def test_no_gui_call_site_declares_changes():
    sources = {str(p.relative_to(GUI.parent)): p.read_text(encoding="utf-8") for p in sorted(GUI.rglob("*.py"))}
    assert len(sources) > 40
    assert hand_declared(sources) == []
    # and the builder no longer takes them: a declaration could not even run
    assert not hasattr(Op, "changes")
    assert "changes" not in SerialWriter.submit.__code__.co_varnames


BAD = '''
from factaudit.gui.ops import Op, OpChanges, announce

def save(self, project):
    Op(self, lambda job: services.rename_dataset(project, "a", "b")).changes(project, OpChanges(datasets=True)).run()
    self.writer.submit(lambda job: 1, changes=(project, OpChanges.of("annotations")))
    announce(project, OpChanges(runs=True))
'''


def test_the_checker_finds_declarations():
    assert hand_declared({"bad.py": BAD}) == [
        "bad.py:5 .changes()", "bad.py:5 OpChanges", "bad.py:6 OpChanges", "bad.py:6 changes=",
        "bad.py:7 OpChanges", "bad.py:7 announce"]
    good = "def save(self, project):\n    Op(self, lambda job: services.rename_dataset(project, 'a', 'b')).run()\n"
    assert hand_declared({"good.py": good}) == []


def test_a_rename_announces_the_note_it_also_wrote(qtbot, demo_copy):
    # the case issue #31 names: the rename writes a workflow note too, and pages that show the
    # Workflow step hear of it (the hand declaration said only `datasets`)
    project = services.open_project(demo_copy)
    try:
        page = QWidget()
        qtbot.addWidget(page)
        page.show()
        heard: list[OpChanges] = []
        on_changes(page, heard.append, project=project)
        name = services.list_datasets(project)[0].name
        op = dataset_actions.rename(page, project, name, "renamed")
        qtbot.waitUntil(lambda: op.status is not None, timeout=20_000)
        assert op.status == "done"
        assert heard == [OpChanges(datasets=True, workflow=True)] == [op.changed]
        # a rename that fails commits nothing and announces nothing
        failed = dataset_actions.rename(page, project, "no such dataset", "other")
        qtbot.waitUntil(lambda: failed.status is not None, timeout=20_000)
        assert failed.status == "failed" and len(heard) == 1 and failed.changed == OpChanges()
        for child in page.findChildren(QWidget):       # the failure's message box
            child.close()
    finally:
        Op.wait_all(10_000)
        project.close()


def test_app_wide_writes_are_announced_to_every_project(qtbot, tmp_path):
    page = QWidget()
    qtbot.addWidget(page)
    page.show()
    heard: list[OpChanges] = []
    on_changes(page, heard.append, "network", project=object())     # a page of some project
    writer = SerialWriter(page)
    writer.submit(lambda job: services.set_offline(True, ["example.org"]), title="saving the network settings")
    assert writer.wait(10_000)
    assert heard == [OpChanges(network=True)]
