"""Run details (double-click a run): settings and pins, status, counts, and the run's figures —
retrieval metrics for a retrieval run with gold evidence, scores for a run with verdicts — with links
to the Review and Results pages showing that run."""
from __future__ import annotations

import json

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError, InvalidArgument
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.run_names import run_kind, run_state
from factaudit.gui.screen import resize_to_fit

MAPPING_TIPS = {"R": QT_TRANSLATE_NOOP("run_details", "only Refuted counts as an error"),
                "R+NE": QT_TRANSLATE_NOOP("run_details", "Refuted or No Evidence count as errors"),
                "R+NE+A": QT_TRANSLATE_NOOP("run_details", "Refuted, No Evidence or Ambiguous count as errors")}


# a run's summary keys (engine/services: the lifecycle's summary and finish(...) extras) as the table names them;
# a context of their own: "passages" here is a row name, in run_details a count's noun
SUMMARY_KEYS = {
    "documents": QT_TRANSLATE_NOOP("run_summary", "documents"),
    "passages": QT_TRANSLATE_NOOP("run_summary", "passages"),
    "items": QT_TRANSLATE_NOOP("run_summary", "items"),
    "sentences": QT_TRANSLATE_NOOP("run_summary", "sentences"),
    "claims": QT_TRANSLATE_NOOP("run_summary", "claims"),
    "hits": QT_TRANSLATE_NOOP("run_summary", "retrieval hits"),
    "verdicts": QT_TRANSLATE_NOOP("run_summary", "verdicts"),
    "predictions": QT_TRANSLATE_NOOP("run_summary", "predictions"),
    "n_queries": QT_TRANSLATE_NOOP("run_summary", "queries"),
    "k": QT_TRANSLATE_NOOP("run_summary", "k"),
    "retriever": QT_TRANSLATE_NOOP("run_summary", "retriever"),
    "merge": QT_TRANSLATE_NOOP("run_summary", "merge"),
    "seconds": QT_TRANSLATE_NOOP("run_summary", "seconds"),
    "index_seconds": QT_TRANSLATE_NOOP("run_summary", "index seconds"),
    "cache": QT_TRANSLATE_NOOP("run_summary", "index cache"),
    "n_items": QT_TRANSLATE_NOOP("run_summary", "items"),
    "n_sentences": QT_TRANSLATE_NOOP("run_summary", "sentences"),
    "n_claims": QT_TRANSLATE_NOOP("run_summary", "claims"),
    "n_fallbacks": QT_TRANSLATE_NOOP("run_summary", "sentences kept whole (reply did not parse)"),
    "n_retired": QT_TRANSLATE_NOOP("run_summary", "claims retired"),
    "n_verdicts": QT_TRANSLATE_NOOP("run_summary", "verdicts"),
    "n_parse_failures": QT_TRANSLATE_NOOP("run_summary", "parse failures"),
    "n_repaired": QT_TRANSLATE_NOOP("run_summary", "outputs repaired"),
    "n_trimmed": QT_TRANSLATE_NOOP("run_summary", "prompts trimmed"),
    "verdict_counts": QT_TRANSLATE_NOOP("run_summary", "verdicts by label"),
    "prompt_tokens": QT_TRANSLATE_NOOP("run_summary", "prompt tokens"),
    "completion_tokens": QT_TRANSLATE_NOOP("run_summary", "completion tokens"),
    "seconds_last_session": QT_TRANSLATE_NOOP("run_summary", "seconds (last session)"),
    "n_units": QT_TRANSLATE_NOOP("run_summary", "units"),
    "n_done": QT_TRANSLATE_NOOP("run_summary", "units done"),
    "n_labels": QT_TRANSLATE_NOOP("run_summary", "labels"),
    "code_counts": QT_TRANSLATE_NOOP("run_summary", "codes by dimension"),
    "n_items_done": QT_TRANSLATE_NOOP("run_summary", "items done"),
    "model_calls": QT_TRANSLATE_NOOP("run_summary", "model calls"),
    "parse_failures": QT_TRANSLATE_NOOP("run_summary", "parse failures"),
    "n_conflict_outputs": QT_TRANSLATE_NOOP("run_summary", "conflict outputs"),
    "n_abstentions": QT_TRANSLATE_NOOP("run_summary", "abstentions"),
    "metrics": QT_TRANSLATE_NOOP("run_summary", "metrics"),
    "intervals": QT_TRANSLATE_NOOP("run_summary", "intervals"),
    "n_conflict": QT_TRANSLATE_NOOP("run_summary", "conflict items"),
}


def summary_key(key: str) -> str:
    """A summary key as the table names it; a key not listed reads as its words."""
    return QCoreApplication.translate("run_summary", SUMMARY_KEYS[key]) if key in SUMMARY_KEYS else key.replace("_", " ")


def summary_value(value) -> str:
    """Counts by the locale; verdict counts with the verdicts' names; other structures as JSON."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return i18n.number(value)
    if isinstance(value, float):
        return i18n.number(value, 3)
    if isinstance(value, dict) and value and all(k in i18n.VERDICTS for k in value) \
            and all(isinstance(v, int) for v in value.values()):
        return ", ".join(f"{i18n.verdict_name(k)} {i18n.number(v)}" for k, v in value.items())
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    if value == "none":         # "merge none": no fusion (issue #35: the word stayed English)
        return QCoreApplication.translate("run_summary", "none")
    return str(value)


def _tr(text: str) -> str:
    return QCoreApplication.translate("run_details", text)


def _pct(v) -> str:
    return QCoreApplication.translate("run_details", "n/a") if v is None else i18n.number(100 * v, 1)


def _f3(v: float) -> str:
    return i18n.number(v, 3)


def _when(iso: str | None) -> str:
    """A stored UTC timestamp in local time, in the locale's short form (gui.i18n.date converts)."""
    return i18n.date(iso) if iso else ""


def run_figures(project, run_id: str, cancel) -> dict:
    """Worker: the figures that fit the run (missing ones say why). Computing them marks the
    Workflow's "Evaluate retrieval" / "Score" step as seen."""
    out: dict = {"retrieval": None, "retrieval_note": None, "scores": None, "scores_note": None}
    counts = services.project_info(project).counts
    info = services.get_run(project, run_id)
    if info.kind in ("retrieve", "imported"):
        try:
            out["retrieval"] = services.eval_retrieval(project, run_id)
        except InvalidArgument as exc:
            out["retrieval_note"] = error_text(exc)
    cancel.check()
    if info.status == "done" and run_id in services.scorable_runs(project):
        try:
            out["scores"] = services.run_metrics(project, run_id, n_resamples=1000)
        except FactAuditError as exc:
            out["scores_note"] = error_text(exc)
    out["counts"] = counts
    return out


def details_markdown(info, figures: dict | None) -> str:
    head = (QCoreApplication.translate("run_details", "**{kind}** run, **{status}**; started {started}, finished {finished}.")
            if info.finished else QCoreApplication.translate("run_details", "**{kind}** run, **{status}**; started {started}."))
    lines = [f"## {info.id}", "", head.format(kind=run_kind(info.kind), status=run_state(info.status),
                                              started=_when(info.created), finished=_when(info.finished)), ""]
    if info.error:
        lines += [QCoreApplication.translate("run_details", "Error: {error}").format(error=info.error), ""]
    if info.summary:
        lines += ["### " + QCoreApplication.translate("run_details", "Counts"), "", "| | |", "|---|---|"]
        lines += [f"| {summary_key(k)} | {summary_value(v)} |" for k, v in info.summary.items()]
        lines.append("")
    if figures is None:
        lines += ["*" + QCoreApplication.translate("run_details", "Computing the figures…") + "*", ""]
    else:
        ev = figures.get("retrieval")
        if ev is not None:
            ks = sorted({int(key.split("@")[1]) for key in ev.metrics})
            lines += ["### " + QCoreApplication.translate("run_details", "Retrieval against gold evidence"), "",
                      QCoreApplication.translate("run_details", "{n} claims evaluated, {excluded} without gold left out.")
                      .format(n=i18n.number(ev.n_evaluated), excluded=i18n.number(ev.n_excluded)), "",
                      *[QCoreApplication.translate("run_details", "**Warning:** {warning}").format(warning=w) + "\n"
                        for w in ev.warnings],
                      QCoreApplication.translate("run_details", "| k | recall | MRR | nDCG | full coverage |"),
                      "|---|---|---|---|---|"]
            lines += [f"| {k} | {_f3(ev.metrics[f'recall@{k}'])} | {_f3(ev.metrics[f'mrr@{k}'])} | "
                      f"{_f3(ev.metrics[f'ndcg@{k}'])} | {_f3(ev.metrics[f'full_coverage@{k}'])} |" for k in ks]
            lines.append("")
        elif figures.get("retrieval_note"):
            lines += ["### " + QCoreApplication.translate("run_details", "Retrieval"), "", figures["retrieval_note"], ""]
        m = figures.get("scores")
        if m is not None:
            lines += ["### " + QCoreApplication.translate("run_details", "Scores"), ""]
            levels = ((QCoreApplication.translate("run_details", "Sentence level (an error is the positive class):"),
                       m.sentence, QCoreApplication.translate("run_details", "{n} sentences")),
                      (QCoreApplication.translate("run_details", "Claim level (an error is the positive class):"),
                       m.claim, QCoreApplication.translate("run_details", "{n} claims")))
            for title, scores, unit in levels:
                if not any(s.n for s in scores.values()):
                    continue
                lines += [title, "", QCoreApplication.translate("run_details", "| mapping | precision | recall | F1 | n |"),
                          "|---|---|---|---|---|"]
                lines += [f"| {name} ({_tr(MAPPING_TIPS[name]) if name in MAPPING_TIPS else ''}) | {_pct(s.precision)} | "
                          f"{_pct(s.recall)} | {_pct(s.f1)} | {unit.format(n=i18n.number(s.n))} |"
                          for name, s in scores.items()]
                lines.append("")
            if m.closed is not None:
                lines += [QCoreApplication.translate("run_details", "Closed regime (gold verdicts): accuracy {accuracy}, macro-F1 {macro_f1} over {n} claims.")
                          .format(accuracy=_pct(m.closed.accuracy), macro_f1=_pct(m.closed.macro_f1),
                                  n=i18n.number(m.closed.n)), ""]
            if m.n_parse_failures:
                lines += [QCoreApplication.translate("run_details", "{n} outputs did not parse and are left out.")
                          .format(n=i18n.number(m.n_parse_failures)), ""]
        elif figures.get("scores_note"):
            lines += ["### " + QCoreApplication.translate("run_details", "Scores"), "", figures["scores_note"], ""]
    lines += ["### " + QCoreApplication.translate("run_details", "Settings and pins"), "", "```",
              json.dumps(info.config, indent=2, ensure_ascii=False), "```", ""]
    if info.provenance:
        lines += ["### " + QCoreApplication.translate("run_details", "Provenance"), "", "```",
                  json.dumps(info.provenance, indent=2, ensure_ascii=False), "```"]
    return "\n".join(lines) + "\n"


class RunDetailsDialog(QDialog):
    openPage = Signal(str, str)           # (page name, run id)

    def __init__(self, project, parent: QWidget | None = None, run_id: str = ""):
        super().__init__(parent)
        self.project = project
        self.run_id = run_id
        self.setWindowTitle(self.tr("Run {run_id}").format(run_id=run_id))
        self.setObjectName("runDetailsDialog")
        resize_to_fit(self, 760, 620)
        self.figures: dict | None = None
        root = QVBoxLayout(self)
        self.browser = QTextBrowser()
        root.addWidget(self.browser, 1)
        self.note = QLabel()
        self.note.setObjectName("muted")
        root.addWidget(self.note)
        buttons = QDialogButtonBox()
        self.review_button = QPushButton(self.tr("Open in Review"))
        self.review_button.clicked.connect(lambda: self._open("Review"))
        self.results_button = QPushButton(self.tr("Open in Results"))
        self.results_button.clicked.connect(lambda: self._open("Reports"))
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        for b in (self.review_button, self.results_button, close):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        root.addWidget(buttons)
        self.info = None
        self.op = None
        # the dialog opens at once and says it is reading; the run is read off the UI thread
        self.review_button.setEnabled(False)
        self.results_button.setEnabled(False)
        self.browser.setPlainText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (services.get_run(project, run_id), run_id in services.scorable_runs(project)),
                success=self._run_read).failure(lambda exc: self.browser.setPlainText(error_text(exc))) \
            .title("reading the run").run_in_background()

    def _run_read(self, read) -> None:
        self.info, has_verdicts = read
        project, run_id = self.project, self.run_id
        self.review_button.setEnabled(has_verdicts)
        self.results_button.setEnabled(has_verdicts)
        self.browser.setMarkdown(details_markdown(self.info, None))
        self.op = (Op(self, lambda job: run_figures(project, run_id, job.cancel)).title(self.tr("Reading {run_id}").format(run_id=run_id)).quiet()
                   .success(self._shown).failure(lambda exc: self.note.setText(error_text(exc))).run())

    def _shown(self, figures: dict) -> None:
        self.figures = figures
        self.browser.setMarkdown(details_markdown(self.info, figures))

    def _open(self, page: str) -> None:
        self.openPage.emit(page, self.run_id)
        window = self.parentWidget().window() if self.parentWidget() else None
        opener = getattr(window, "show_run_in", None)
        if callable(opener):
            opener(page, self.run_id)
        self.accept()
