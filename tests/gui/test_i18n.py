"""Interface languages (issue #24 item 3): the .ts sources are complete and current, they compile, the
language setting is honoured, and a walk over every page, tab and dialog under zh_CN and de finds no
English left in a visible widget of a translated module.

The walk attributes each visible text to the factaudit.gui module of its nearest factaudit widget.
PENDING names the modules whose strings are not wrapped yet; everything else must be clean.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractButton, QApplication, QGroupBox, QLabel, QLineEdit, QTableView, QTabWidget, QWidget,
)

from factaudit.engine.models.classifier_registry import EMBEDDED_CLASSIFIERS
from factaudit.engine.models.registry import EMBEDDED_LLM, SMOLLM2_LLM
from factaudit.gui import i18n

ROOT = Path(__file__).resolve().parents[2]
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")

# Modules whose strings are not wrapped in tr() yet (issue #24 item 3, in progress).
PENDING: set[str] = set()
DIALOGS = ("ReportDialog", "SealDialog", "DecomposeDialog", "RetrieveDialog", "VerifyDialog",
           "PrelabelDialog")     # the translated Workflow step dialogs the walk opens

# Proper names, units and formats that stay as they are in every language.
ALLOWED = {w.lower() for w in """
factaudit SciFact MedExpert HealthVer LLM LLMs API URL UTC BM25 Krippendorff Cohen Hugging Face localhost
example org JSON JSONL CSV XLSX HTML PDF ONNX GGUF MiniLM SmolLM NLI kappa alpha bootstrap retest name
Wilson Clopper Pearson PPI faproj Qt OpenAI Ollama llama cpp FAISS Ctrl Strg Shift Enter Tab McNemar Holm
Cochran ISO Alt Backspace choices RRF CARE CPU dense adjudicator
dev README
""".split()}
# Words that mark an English sentence left in German text (none of them is German).
ENGLISH_MARKERS = {"the", "and", "of", "to", "with", "for", "from", "yet", "not", "this", "that", "open", "close",
                   "cancel", "refresh", "save", "run", "runs", "is", "are", "your", "you", "which", "what",
                   "when", "claim", "claims", "answer", "answers", "sentence", "sentences", "step"}
TAG = re.compile(r"<[^>]+>|&\w+;")
WORD = re.compile(r"[A-Za-z]{3,}")
# file names (also "<file>.rejected.jsonl"), folders, identifiers and key fingerprints are data
PATHLIKE = re.compile(r"\S*(?:[/_\\\d]|\w\.\w)\S*")


def sources_of(ts: Path) -> list[tuple[str, str | None, str | None]]:
    out = []
    for message in ET.parse(ts).iter("message"):
        tr = message.find("translation")
        out.append((message.find("source").text or "", tr.text, tr.get("type")))
    return out


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_ts_file_is_complete_and_keeps_placeholders(lang):
    placeholders = i18n.placeholders
    entries = sources_of(i18n.ts_path(lang))
    assert len(entries) > 100
    unfinished = [s for s, _t, kind in entries if kind == "unfinished" or kind == "obsolete"]
    assert not unfinished, f"{len(unfinished)} unfinished in {lang}: {unfinished[:5]}"
    empty = [s for s, t, _k in entries if not (t or "").strip()]
    assert not empty
    broken = [(s, t) for s, t, _k in entries if placeholders(s) != placeholders(t)]
    assert not broken, broken[:5]


@pytest.mark.skipif(not LUPDATE.exists(), reason="pyside6-lupdate is not installed")
def test_ts_files_are_current_with_the_code(tmp_path):
    """lupdate over the GUI's sources adds nothing to a copy of each .ts: every tr() in the code has its
    translation (and the test is not fooled by a .ts lupdate never saw)."""
    for lang in i18n.TRANSLATED:
        copy = tmp_path / i18n.ts_path(lang).name
        shutil.copy(i18n.ts_path(lang), copy)
        done = subprocess.run([str(LUPDATE), "-no-obsolete", "-locations", "none",
                               *map(str, i18n.gui_sources()), "-ts", str(copy)],
                              capture_output=True, text=True, check=True)
        assert "(0 new" in done.stdout, done.stdout
        assert not [s for s, _t, kind in sources_of(copy) if kind == "unfinished"]


def test_the_catalogue_compiles_and_translates(tmp_path):
    qm = tmp_path / "de.qm"
    if not i18n.compile_ts(i18n.ts_path("de"), qm):
        pytest.skip("pyside6-lrelease is not installed")
    from PySide6.QtCore import QTranslator

    tr = QTranslator()
    assert tr.load(str(qm))
    assert tr.translate("SettingsDialog", "Language") == "Sprache"


def test_the_setting_and_the_system_locale_decide(monkeypatch):
    monkeypatch.delenv("FACTAUDIT_LANG", raising=False)
    i18n.set_language("de")
    assert i18n.resolve() == "de"
    i18n.set_language("")
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("zh_CN")))
    assert i18n.resolve() == "zh_CN"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("fr_FR")))
    assert i18n.resolve() == "en"
    monkeypatch.setenv("FACTAUDIT_LANG", "de")
    assert i18n.resolve() == "de"


def test_numbers_follow_the_locale():
    try:
        QLocale.setDefault(QLocale("de_DE"))
        assert i18n.number(12345) == "12.345" and i18n.number(0.5, 2) == "0,50"
        assert i18n.percent(0.125) == "12,5\u00a0%"
        QLocale.setDefault(QLocale("zh_CN"))
        assert i18n.number(12345) == "12,345" and i18n.percent(0.125) == "12.5%"
    finally:
        QLocale.setDefault(QLocale("en_US"))


# ---- the walk -----------------------------------------------------------------------------------------
def owner_module(w: QWidget) -> str:
    while w is not None:
        module = type(w).__module__
        if module.startswith("factaudit.gui"):
            return module
        w = w.parentWidget()
    return "?"


def visible_texts(top: QWidget):
    """(widget, text) for what a user reads in `top`: labels, buttons, group titles, tab names,
    placeholders, tooltips, table headers and the window title."""
    widgets = [top] + [w for w in top.findChildren(QWidget) if w.isVisibleTo(top)]
    for w in widgets:
        if w is top and w.windowTitle():
            yield w, w.windowTitle()
        if isinstance(w, (QLabel, QAbstractButton)):
            yield w, w.text()
        if isinstance(w, QGroupBox):
            yield w, w.title()
        if isinstance(w, QLineEdit):
            yield w, w.placeholderText()
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                yield w, w.tabText(i)
        if isinstance(w, QTableView) and w.model() is not None and w.horizontalHeader().isVisible():
            for c in range(w.horizontalHeader().count()):
                yield w, str(w.model().headerData(c, Qt.Orientation.Horizontal) or "")
        if w.toolTip():
            yield w, w.toolTip()


def english_in(text: str, lang: str) -> list[str]:
    words = [m.lower() for m in WORD.findall(PATHLIKE.sub(" ", TAG.sub(" ", text).replace("&", "")))]
    if lang == "zh_CN":
        return [w for w in words if w not in ALLOWED]
    return [w for w in words if w in ENGLISH_MARKERS]


def offenders(top: QWidget, lang: str, where: str, found: dict[str, list[str]], data=()) -> None:
    """`data`: the project's own words a widget may show (its file name, the labeller's name)."""
    for w, text in visible_texts(top):
        if not text or w.objectName() in DATA_WIDGETS:
            continue
        for d in (*MODEL_NAMES, *data):
            text = text.replace(d, " ") if d else text
        if english_in(text, lang):
            found.setdefault(owner_module(w), []).append(f"{where}: {type(w).__name__} {text[:70]!r}")


# the embedded models' names are proper nouns ("minilm-verifier" is no English left in a sentence)
MODEL_NAMES = (*EMBEDDED_CLASSIFIERS, EMBEDDED_LLM, SMOLLM2_LLM)
# widgets that show the user's data (recent project files), not the interface
DATA_WIDGETS = {"recentList"}


@pytest.fixture
def translated(qapp, tmp_path, request):
    """The app's own start-up path: gui.i18n.install compiles the .ts into the (test's) user cache."""
    lang = request.param
    if i18n.qm_path(lang) is None:
        pytest.skip("pyside6-lrelease is not installed")
    assert i18n.install(qapp, lang) == lang
    assert QCoreApplication.translate("ConnectionsView", "Refresh") != "Refresh"
    yield lang
    i18n.install(qapp, "en")


def settle(rounds: int = 4) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


@pytest.mark.parametrize("translated", list(i18n.TRANSLATED), indirect=True)
def test_every_page_and_dialog_speaks_the_language(qtbot, translated, demo_copy, closer):
    from factaudit.engine import services
    from factaudit.gui import main_window
    from factaudit.gui.ops import Op
    from factaudit.gui.views.connections_view import ConnectionsView
    from factaudit.gui.views.start_screen import StartScreen

    found: dict[str, list[str]] = {}
    start = StartScreen()
    qtbot.addWidget(start)
    start.show()
    settle()
    offenders(start, translated, "start screen", found)
    view = ConnectionsView()
    qtbot.addWidget(view)
    view.show()
    settle()
    offenders(view, translated, "connections", found)

    window = main_window.ProjectWindow(services.open_project(demo_copy))
    qtbot.addWidget(window)
    from factaudit.gui.views.labeling_parts import annotator_for

    data = (window.project_name, annotator_for(window.project))
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    for index, name in enumerate(main_window.PAGES):
        window.show_page(index)
        settle(8)
        page = window.pages.currentWidget()
        tabs = [t for t in page.findChildren(QTabWidget) if t.isVisibleTo(page)] or [None]
        for tab in tabs:
            for i in range(tab.count() if tab is not None else 1):
                if tab is not None:
                    tab.setCurrentIndex(i)
                    settle(4)
                offenders(window, translated, f"{name} {i}", found, data)
    from factaudit.engine.services import retrieval
    from factaudit.gui import workflow_actions
    from factaudit.gui.dialogs.aggregate_dialog import AggregateDialog
    from factaudit.gui.dialogs.import_dialog import ImportDialog
    from factaudit.gui.dialogs.rater_merge import MergeReturnDialog
    from factaudit.gui.dialogs.rater_send import SendToRaterDialog
    from factaudit.gui.dialogs.run_details import RunDetailsDialog
    from factaudit.gui.views.raters.adjudication import AdjudicationView
    from factaudit.gui.views.raters.certify import CertifyPanel

    # a finished run, so the dialogs that list runs (and the run's details) show their forms filled
    run = retrieval.retrieve(window.project, retrieval.RetrievalRequest("bm25", k=3)).run_id
    dialogs = [c for c in workflow_actions.STEP_DIALOGS.values() if c.__name__ in DIALOGS]
    dialogs += [ImportDialog, AggregateDialog, MergeReturnDialog, SendToRaterDialog,
                lambda project, parent: RunDetailsDialog(project, parent, run),
                AdjudicationView, CertifyPanel]      # two panels of Labeling and Results, on their own
    for make in dialogs:
        dialog = make(window.project, window)
        qtbot.addWidget(dialog)
        dialog.show()
        settle(6)
        Op.wait_all(60_000)
        settle(4)
        offenders(dialog, translated, type(dialog).__name__, found, data)
        dialog.close()
    Op.wait_all(60_000)
    left = {m: v for m, v in found.items() if m not in PENDING}
    assert not left, "\n".join(x for v in left.values() for x in v[:8])


def _rater_source(root: Path):
    """A small project whose texts are not English (data is not interface): answers of two sentences, one
    claim each, a TREC run of two passages per claim and Supported verdicts."""
    import json

    from factaudit.engine import services

    def jsonl(name, rows):
        path = root / name
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        return path

    passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": f"标题 {i}", "text": f"段落 {i}。"} for i in range(6)]
    answers = [{"id": f"a{a}", "question": f"问题 {a}？", "answer": f"回答 {a}。第二句 {a}。", "sentences": [
        {"id": f"a{a}:s1", "text": f"回答 {a}。", "label": "error"},
        {"id": f"a{a}:s2", "text": f"第二句 {a}。", "label": "correct"}]} for a in range(3)]
    claims = [{"id": f"a{a}:s{k}#1", "claim": f"主张 {a}.{k}", "sentence_id": f"a{a}:s{k}", "item_id": f"a{a}"}
              for a in range(3) for k in (1, 2)]
    project = services.create_project(root / "来源.faproj")
    services.import_files(project, [jsonl("corpus.jsonl", passages)], kind="corpus")
    services.import_files(project, [jsonl("answers.jsonl", answers)], kind="answers")
    services.import_files(project, [jsonl("claims.jsonl", claims)], kind="claims")
    trec = root / "run.trec"
    trec.write_text("".join(f"{c['id']} Q0 p{(i + r) % 6} {r} {10 - r}.0 t\n" for i, c in enumerate(claims)
                            for r in (1, 2)))
    services.import_files(project, [trec], fmt="trec", kind="run")
    services.import_files(project, [jsonl("v.jsonl", [{"claim_id": c["id"], "verdict": "Supported",
                                                       "reasoning": "推理。"} for c in claims])], kind="verdicts")
    return project


@pytest.mark.parametrize("target", ["evidence", "sentences"])
@pytest.mark.parametrize("translated", list(i18n.TRANSLATED), indirect=True)
def test_the_rater_window_speaks_the_language(qtbot, translated, target, tmp_path, monkeypatch):
    """The window a second rater sees (a package of each kind), its menus and its help box."""
    from PySide6.QtWidgets import QMessageBox

    from factaudit.engine import services
    from factaudit.gui.ops import Op
    from factaudit.gui.views.raters.window import RaterWindow

    for who in ("sender", "rater"):
        (tmp_path / who).mkdir()
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "sender" / "config"))
    project = _rater_source(tmp_path / "sender")
    pkg = tmp_path / "for-rater.faproj"
    # the sender writes the instructions, in the rater's language
    services.make_rater_package(project, str(pkg), "鲍勃", target=target, units=2, k=1, seed=7,
                                instructions="请逐条标注。")
    project.close()
    sender_key = services.export_public_key().fingerprint
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "rater" / "config"))
    services.trust_key(sender_key)      # the rater confirmed the sender's fingerprint (issue #36)
    window = RaterWindow(services.open_rater_package(str(pkg)))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    settle(8)
    found: dict[str, list[str]] = {}
    offenders(window, translated, f"rater window ({target})", found)
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: shown.append((title, text)))
    window._help()
    texts = [a.text() for a in window.menuBar().actions()] + [a.text() for a in window.actions()]
    texts += [t for title, text in shown for t in (title, text)]
    found.setdefault("factaudit.gui.views.raters.window", []).extend(t[:70] for t in texts if english_in(t, translated))
    window.close()
    Op.wait_all(60_000)
    left = {m: v for m, v in found.items() if m not in PENDING and v}
    assert not left, "\n".join(x for v in left.values() for x in v[:8])


def test_pending_modules_are_real():
    """Every module named PENDING exists, so the list cannot hide a typo."""
    import importlib.util

    missing = [m for m in PENDING if importlib.util.find_spec(m) is None]
    assert not missing
