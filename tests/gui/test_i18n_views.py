"""Interface languages (issue #24 item 3), the working pages: Labeling (evidence and reasoning mode, a
revealed unit, the codebook forms), Review (disagreements with their pre-fills), Review › Answers (a
choices run's figures and review sample), Reports (with its chart), the Models and connection-log
dialogs, the endpoint dialog, the menus and the sidebar, walked under zh_CN and de over a demo project
with runs.

What a page shows of the project (claim texts, codebook names and definitions, the project's file name,
the labeller's name) is data and is taken out before the check; the rest must be in the language.
The checks themselves (what counts as English) are tests/gui/test_i18n.py's.
"""
from __future__ import annotations

import html
import json
import warnings

import pytest
from PySide6.QtWidgets import QComboBox, QTreeWidget, QWidget

from factaudit.gui import i18n
from test_i18n import MODEL_NAMES, PENDING, english_in, settle, translated, visible_texts  # noqa: F401  (translated: a fixture)


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def with_runs(project, tmp_path) -> dict:
    """Claims from the demo's MedExpert sentences, a BM25 run over them, imported verdicts (half of them
    disagreeing with the expert) and a small choices run, so every page has something to show."""
    from factaudit.engine import services
    from factaudit.engine.project import queries
    from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

    rows = queries.page_rows(project, "sentences", 0, 12, dataset="medexpert-demo")
    assert rows, "the demo project carries the MedExpert sample"
    claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
              for sid, item, _o, text, _l, _r in rows]
    services.import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims", dataset="me-claims")
    ids = [c["id"] for c in claims]
    rr = retrieve(project, RetrievalRequest("bm25", k=3, claim_ids=ids)).run_id
    verdicts = [{"claim_id": c, "verdict": ("Refuted", "Supported", "No Evidence")[n % 3], "reasoning": f"R {n}"}
                for n, c in enumerate(ids)]
    vr = services.import_files(project, [_jsonl(tmp_path / "verdicts.jsonl", verdicts)], kind="verdicts").run_id
    corpus = [{"id": "i18n-p1", "text": "Warfarin interacts with aspirin."}]
    services.import_files(project, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus", dataset="i18n-corpus")
    items = [{"id": f"i18n-q{k}", "question": f"Q{k}?", "answer": "-", "options": ["aspirin", "heparin"],
              "gold_options": ["aspirin"] if k % 2 else ["heparin"], "risk_tier": "ABC"[k % 3]} for k in range(6)]
    services.import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers", dataset="i18n-items")
    choices = [{"item_id": f"i18n-q{k}", "chosen": ["aspirin"], "passages": ["i18n-p1"], "refused": False}
               for k in range(6)]
    cr = services.import_files(project, [_jsonl(tmp_path / "choices.jsonl", choices)], kind="choices").run_id
    return {"claims": [c["claim"] for c in claims], "retrieval_run": rr, "verify_run": vr, "choices_run": cr}


def data_texts(project, extra=()) -> list[str]:
    """The project's own words a page may show: codebook names, questions and definitions, and `extra`."""
    from factaudit.engine import services

    book = services.audit.codebook(project)
    # the languages' own names (the language choice) and the codebook versions' notes are data too
    out = [*extra, *i18n.LANGUAGES.values(), *(v.get("note") or "" for v in services.audit.codebook_versions(project))]
    for d in (*book.evidence, *book.reasoning):
        out += [d.name or "", d.question or "", d.id]
        for c in d.codes:
            out += [c.name or "", c.definition or "", c.id, *(c.examples or ())]
    # longest first, so a name inside a longer definition does not leave the rest behind
    out += [html.escape(t) for t in out]        # as rich-text labels show them
    return sorted({t for t in out if t}, key=len, reverse=True)


def owner(w: QWidget) -> str:
    while w is not None:
        if type(w).__module__.startswith("factaudit.gui"):
            return type(w).__module__
        w = w.parentWidget()
    return "?"


def extra_texts(top: QWidget):
    """What test_i18n.visible_texts leaves out and these pages have: combo box entries (modes, levels)
    and tree headers."""
    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisibleTo(top) and w is not top:
            continue
        if isinstance(w, QComboBox) and not w.isEditable():
            for i in range(w.count()):
                yield w, w.itemText(i)
        if isinstance(w, QTreeWidget) and not w.isHeaderHidden():
            head = w.headerItem()
            for c in range(head.columnCount()):
                yield w, head.text(c)


class Walk:
    def __init__(self, lang: str, data: list[str]):
        self.lang, self.data, self.found = lang, data, {}

    def text(self, module: str, where: str, text: str) -> None:
        for d in self.data:
            text = text.replace(d, " ")
        if english_in(text, self.lang):
            self.found.setdefault(module, []).append(f"{where}: {text[:90]!r}")

    def widget(self, top: QWidget, where: str) -> None:
        for w, text in [*visible_texts(top), *extra_texts(top)]:
            if text and w.objectName() != "recentList":
                self.text(owner(w), f"{where} {type(w).__name__}", text)

    def left(self) -> dict:
        return {m: v for m, v in self.found.items() if m not in PENDING}


@pytest.mark.parametrize("translated", list(i18n.TRANSLATED), indirect=True)
def test_labeling_review_answers_and_models_speak_the_language(qtbot, translated, demo_copy, tmp_path):
    from factaudit.engine import services
    from factaudit.gui import main_window
    from factaudit.gui.ops import Op
    from factaudit.gui.views.labeling_parts import annotator_for
    from factaudit.gui.views.models_view import EndpointDialog

    project = services.open_project(demo_copy)
    runs = with_runs(project, tmp_path)
    window = main_window.ProjectWindow(project)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    # the model folders' paths are data: a checkout path may hold any words (CI's did)
    # and the embedded models' names are proper nouns
    walk = Walk(translated, data_texts(project, [window.project_name, annotator_for(project), *runs["claims"],
                                                 *services.models.local_models_folders(), *MODEL_NAMES]))

    # the sidebar and every menu entry
    for i in range(window.sidebar.count()):
        walk.text("factaudit.gui.main_window", "sidebar", window.sidebar.item(i).text())
    for menu_action in window.menuBar().actions():
        walk.text("factaudit.gui.main_window", "menu bar", menu_action.text())
        for action in menu_action.menu().actions():
            walk.text("factaudit.gui.main_window", f"menu {menu_action.text()}", action.text() + " " + action.statusTip())

    # Review: the disagreements of the verify run, the first one selected with its pre-fill
    window.show_page(main_window.PAGES.index("Review"))
    review_page = window.page_widget("Review")
    review = review_page.widget("Disagreements")
    review.select(runs["verify_run"], runs["retrieval_run"], level="claim")
    assert review.flush()
    settle(6)
    assert review.row_count() > 0, "the imported verdicts disagree with the expert on some claims"
    walk.widget(window, "Review")

    # Review › Answers: the choices run's figures, then with a review sample drawn
    answers = review_page.show_tab("Answers")
    qtbot.waitUntil(lambda: answers.bundle is not None and answers.bundle.run_id == runs["choices_run"],
                    timeout=60_000)
    settle(4)
    walk.widget(window, "Answers")
    answers.draw_sample()
    qtbot.waitUntil(lambda: answers.bundle is not None and answers.bundle.sample_id is not None, timeout=60_000)
    settle(4)
    walk.widget(window, "Answers (sample)")

    # Labeling: an evidence pair before and after R reveals the system verdict, then reasoning mode
    window.show_page(main_window.PAGES.index("Labeling"))
    labeling = window.page_widget("Labeling").labeling
    labeling.select_runs(runs["retrieval_run"], runs["verify_run"])
    assert labeling.flush()
    settle(4)
    assert labeling.unit is not None, "the BM25 run gives evidence pairs to label"
    walk.data = data_texts(project, [*walk.data, labeling.unit.claim_text])
    walk.widget(window, "Labeling (blind)")
    # the dimensions are named in the language, from the seed codebook's own translations
    first = labeling.dims[0]
    shown = services.audit.codebook(project).text(first, "name", translated)
    assert shown != first.name and labeling.dim_rows[0][0].text() == f"1. {html.escape(shown)}"
    labeling.reveal()
    settle(2)
    walk.widget(window, "Labeling (revealed)")
    labeling.set_mode("reasoning")
    labeling.select_runs(runs["verify_run"])
    assert labeling.flush()
    settle(4)
    if labeling.unit is not None:
        walk.data = data_texts(project, [*walk.data, labeling.unit.claim_text])
    walk.widget(window, "Labeling (reasoning)")

    # Labeling › Codebook: the codebook, a dimension's and a code's form
    editor = window.page_widget("Labeling").show_tab("Codebook")
    settle(4)
    walk.widget(window, "Codebook")
    root = editor.tree.topLevelItem(0)
    dimension = root.child(0).child(0)
    for item, where in ((dimension, "Codebook dimension"), (dimension.child(0), "Codebook code")):
        editor.tree.setCurrentItem(item)
        settle(2)
        walk.widget(window, where)

    # Reports: the interval chart's title and labels in the language, drawn without a missing glyph
    window.show_page(main_window.PAGES.index("Reports"))
    results = window.page_widget("Reports")
    qtbot.waitUntil(lambda: results.bundle is not None and results.bundle.metrics is not None, timeout=60_000)
    settle(4)
    walk.widget(window, "Reports")
    qtbot.waitUntil(lambda: not results.interval_plot.rendering)   # the worker renders it (#35 item 4)
    axes = results.interval_plot.figure.axes
    assert axes, "the imported verify run has sentence-level scores to chart"
    for text in [axes[0].get_title(), *(label.get_text() for label in axes[0].get_yticklabels())]:
        walk.text("factaudit.gui.views.results_view", "Reports chart", text)
    from factaudit.engine.reports.plotfont import cjk_family

    if cjk_family() is not None:        # (a machine without any CJK font cannot draw Chinese at all)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            results.interval_plot.figure.canvas.draw()
        assert not [w for w in caught if "missing from font" in str(w.message)]

    # View › Models…, its endpoint dialog, View › Connection log…
    models = window.show_models()
    settle(6)
    walk.widget(models, "Models")
    endpoint = EndpointDialog(models)
    endpoint.show()
    settle(2)
    walk.widget(endpoint, "Add endpoint")
    endpoint.reject()
    models.close()
    log = window.show_connection_log()
    settle(4)
    walk.widget(log, "Connection log")
    log.close()

    Op.wait_all(60_000)
    left = walk.left()
    assert not left, "\n".join(x for v in left.values() for x in v[:8])


def test_no_literal_goes_through_a_translate_helper():
    """pyside6-lupdate reads only literal tr()/translate()/QT_TRANSLATE_NOOP calls: a helper such as
    `def _tr(text): return QCoreApplication.translate("Ctx", text)` called with a literal hides that text
    from the .ts, so it stays English. Such helpers may take only names (QT_TRANSLATE_NOOP-marked tables).
    (A helper given the context too only looks up texts marked elsewhere, and is not counted.)"""
    import ast
    from pathlib import Path

    def text_param(fn: ast.FunctionDef) -> int | None:
        """The position of the parameter fn passes as the text of translate() with a fixed context."""
        params = [a.arg for a in fn.args.args]
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "translate" \
                    and len(n.args) == 2 and isinstance(n.args[0], ast.Constant) \
                    and isinstance(n.args[1], ast.Name) and n.args[1].id in params:
                return params.index(n.args[1].id)
        return None

    gui = Path(i18n.__file__).resolve().parent
    found, helpers_seen = [], 0
    for path in sorted(gui.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {f.name: i for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                   and (i := text_param(f)) is not None}
        helpers_seen += len(helpers)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers:
                i = helpers[node.func.id]
                if len(node.args) > i and isinstance(node.args[i], (ast.Constant, ast.JoinedStr)):
                    found.append(f"{path.relative_to(gui.parent)}:{node.lineno} {node.func.id}(...)")
    assert helpers_seen > 0            # the check sees the helpers it is about
    assert not found, found
