"""Every engine error class rendered both ways, the CLI's (flags) and the GUI's (setting names, translated,
with a button for the action), discovered by walking the hierarchy after importing every engine module, so
a new class cannot be missed (issue #31 item 2)."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

import factaudit.engine
from factaudit.engine import errors
from factaudit.engine import i18n as engine_i18n
from factaudit.engine.cli import error_render as cli_render
from factaudit.engine.errors import (ACTIONS, SETTINGS, FactAuditError, ImportFailed, InvalidArgument, ModelNotFound,
                                     Problem, RunFailed, RunStopped)
from factaudit.gui import error_render as gui_render
from factaudit.gui import i18n
from factaudit.gui.ops import Op

FLAG = re.compile(r"(?<![\w-])--[a-z]")
CJK = re.compile(r"[\u4e00-\u9fff]")
MESSAGE = "k must be at least 1, got 0"
NAMED = ("k", "retrieval_run", "resume")


def _every_error_class() -> list[type]:
    for mod in pkgutil.walk_packages(factaudit.engine.__path__, "factaudit.engine."):
        if not mod.name.endswith("__main__"):
            importlib.import_module(mod.name)
    seen, todo = [], [FactAuditError]
    while todo:
        cls = todo.pop()
        if cls not in seen:
            seen.append(cls)
            todo += cls.__subclasses__()
    return sorted(seen, key=lambda c: (c.__module__, c.__qualname__))


def _instance(cls: type) -> FactAuditError:
    """One error of `cls` naming NAMED: through the root's fields where the class takes them, else built from
    its own constructor's required parameters (the message first) with NAMED set after."""
    if issubclass(cls, ImportFailed):
        return cls([Problem("a.jsonl", 3, "id", MESSAGE, s) for s in NAMED])
    try:
        return cls(MESSAGE, setting=NAMED)
    except TypeError:
        pass
    args: list[str] = []
    kwargs: dict[str, str] = {}
    for p in list(inspect.signature(cls.__init__).parameters.values())[1:]:
        if p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = "x"
        else:
            args.append("x" if args else MESSAGE)
    err = cls(*args, **kwargs)
    err.settings = NAMED
    return err


def _tr(text: str) -> str:
    return QCoreApplication.translate("ops", text)


def _gui_names() -> list[str]:
    return [_tr("the {name} setting").format(name=_tr(gui_render.SETTING_NAMES[s])) if s != "resume"
            else _tr(gui_render.BUTTON_SETTINGS[s]) for s in NAMED]


def test_every_error_class_renders_on_the_command_line_and_in_the_app(qapp):
    classes = _every_error_class()
    assert len(classes) > 20 and ImportFailed in classes and RunFailed in classes
    names = _gui_names()
    assert names == ["the k setting", "the retrieval run setting", "“Resume”"]
    for cls in classes:
        err = _instance(cls)
        assert isinstance(err, cls) and err.settings == NAMED, cls
        said = str(err)
        cli = cli_render.cli_text(err, "en")
        gui = gui_render.error_text(err)
        assert cli.startswith(said) and gui.startswith(said), cls
        assert cli.endswith(" (--k, --retrieval-run, --resume)"), (cls, cli)
        assert gui.endswith(" (" + ", ".join(names) + ")") and not FLAG.search(gui), (cls, gui)


def test_both_maps_cover_every_setting_and_action():
    assert set(gui_render.SETTING_NAMES) | set(gui_render.BUTTON_SETTINGS) == SETTINGS
    assert not set(gui_render.SETTING_NAMES) & set(gui_render.BUTTON_SETTINGS)
    assert set(gui_render.ACTIONS) == ACTIONS
    assert set(cli_render.FLAGS) == SETTINGS


def test_the_project_window_takes_the_open_models_action():
    from factaudit.gui.main_window import ProjectWindow

    assert callable(getattr(ProjectWindow, gui_render.ACTIONS["open_models"][1]))


@pytest.fixture
def zh(qapp):
    if i18n.qm_path("zh_CN") is None:
        pytest.skip("pyside6-lrelease is not installed")
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    yield
    i18n.install(qapp, "en")


def test_in_chinese_the_message_and_the_setting_names_are_translated_and_the_flags_stay(zh):
    cat = engine_i18n.catalogue("zh_CN")
    msgid = "name the run to judge, or an unfinished judge run to resume"
    err = InvalidArgument(msgid, setting=("run", "resume"), action="choose_run")
    gui = gui_render.error_text(err)
    run = _tr("the {name} setting").format(name=_tr("run"))
    assert CJK.search(run) and CJK.search(_tr("“Resume”"))
    assert gui == f"{cat[msgid]} ({run}, {_tr('“Resume”')})"
    assert not re.search(r"[A-Za-z]{3,}", gui), gui          # nothing English left
    assert cli_render.cli_text(err, "zh_CN") == f"{cat[msgid]} (--run, --resume)"
    assert _tr("Open Models") != "Open Models" and CJK.search(_tr("Open Models"))


class _Window(QWidget):
    """A window that offers the open_models action, as the project window does."""

    def __init__(self):
        super().__init__()
        self.opened = 0

    def show_models(self):
        self.opened += 1


def test_an_error_box_offers_the_errors_action_when_the_window_takes_it(qtbot):
    window = _Window()
    qtbot.addWidget(window)
    child = QWidget(window)
    missing = ModelNotFound("model x is not installed")
    box = gui_render.error_box(child, "Verify", missing)
    assert box.text() == "model x is not installed"
    button = gui_render.action_button(box)
    assert button.text() == "Open Models"
    button.click()
    assert window.opened == 1
    # a run that failed because its model is missing offers the same
    failed = RunFailed("verify-3 failed: model x is not installed", run_id="verify-3", status="failed", reason="x")
    failed.__cause__ = missing
    assert gui_render.action_of(failed) == "open_models"
    gui_render.action_button(gui_render.error_box(child, "Verify", failed)).click()
    assert window.opened == 2
    # no button where no widget up the chain takes the action, or the error has none
    lone = QWidget()
    qtbot.addWidget(lone)
    assert gui_render.action_button(gui_render.error_box(lone, "Verify", missing)) is None
    assert gui_render.action_button(gui_render.error_box(child, "Verify", InvalidArgument("x", setting="k"))) is None


def test_an_op_without_a_failure_callback_shows_the_box_with_the_button(qtbot):
    window = _Window()
    qtbot.addWidget(window)

    def work(job):
        raise ModelNotFound("model x is not installed")

    op = Op(window, work).title("checking the model").quiet().run()
    qtbot.waitUntil(lambda: op.status is not None, timeout=10_000)
    boxes = [b for b in window.findChildren(QMessageBox)]
    assert len(boxes) == 1 and boxes[0].text() == "model x is not installed"
    gui_render.action_button(boxes[0]).click()      # the box closes (and deletes itself) on any button
    assert window.opened == 1


def test_an_import_problem_reads_with_its_setting_name():
    p = Problem("a.jsonl", None, None, "a dataset named 'a' already exists; choose another dataset name", "dataset")
    assert gui_render.problem_text(p) == ("a.jsonl: a dataset named 'a' already exists; choose another dataset name"
                                          " (the dataset name setting)")
    assert gui_render.problem_text(Problem("a.jsonl", 2, "id", "bad id")) == "a.jsonl:2:id: bad id"
    assert gui_render.engine_text("a.jsonl:2:id: claim id 'c2' already exists in the project (an id prefix keeps "
                                  "both)", "id_prefix").endswith("keeps both) (the id prefix setting)")
    assert gui_render.engine_text("a.jsonl: bad", None) == "a.jsonl: bad"
    assert gui_render.error_text(ValueError("boom")) == "Unexpected error (ValueError): boom"
    assert errors.FactAuditError("plain").settings == ()
