"""One verify run, claim by claim: the verdict and the model's reasoning beside the evidence it saw
(passages in rank order, the ones it relied on marked, per-passage stances, the raw output). A
classifier run has no reasoning: its verdict shows the sentence that drove it, highlighted in its
passage, with its probability.
Passage text is shown verbatim, so an instruction planted in a passage is visible to the auditor;
user content is bounded (gui/views/long_text.py: a long unbroken word is elided, the full text is a
link away), since Qt's rich-text layout is quadratic in a word's length."""
from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QSplitter, QTableWidget, QTableWidgetItem, QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services as vs
from factaudit.gui.i18n import number, verdict_name
from factaudit.gui.views.attribution import MARK_STYLE, attribution_line, attribution_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.views.long_text import FullTexts

VERDICT_COLOURS = {"Supported": "#2e7d32", "Refuted": "#c62828", "No Evidence": "#6d6d6d", "Ambiguous": "#ef6c00"}


class VerdictView(QWidget):
    def __init__(self, project, run_id: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.setObjectName("verdictView")
        self.run_id: str | None = None
        self.contradicted: dict[str, str] = {}
        self._reading: set[str] = set()
        self._shown_since_reload = False     # the reads still running: "runs", "run", "claim"
        root = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Verify run")))
        self.run_combo = QComboBox()
        self.run_combo.currentIndexChanged.connect(lambda _: self.show_run(self.run_combo.currentData()))
        top.addWidget(self.run_combo, 1)
        self.summary_label = QLabel()
        self.summary_label.setObjectName("muted")
        self.summary_label.setWordWrap(True)     # a long summary must not widen the window
        top.addWidget(self.summary_label, 2)
        root.addLayout(top)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("Claim"), self.tr("Verdict"), self.tr("Parse")])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.itemSelectionChanged.connect(self._selected)
        split.addWidget(self.table)
        self.full_texts = FullTexts(self)
        self.reasoning = QTextBrowser()
        self.reasoning.setObjectName("verdictReasoning")
        self.evidence = QTextBrowser()
        self.evidence.setObjectName("verdictEvidence")
        for browser in (self.reasoning, self.evidence):
            browser.setOpenLinks(False)
            browser.anchorClicked.connect(self.full_texts.open)
        split.addWidget(self.reasoning)
        split.addWidget(self.evidence)
        split.setSizes([260, 360, 480])
        root.addWidget(split, 1)
        self.reload(run_id)

    @property
    def loading(self) -> bool:
        """True while the runs, a run's verdicts or a claim's detail are being read."""
        return bool(self._reading)

    def _reading_text(self) -> str:
        return QCoreApplication.translate("PageRead", "Reading…")

    def _start(self, stage: str, query: QueryOp) -> None:
        """Starts one of the page's reads; its success handler ends the stage, a failure shows in the
        banner at the page's top (not an empty table)."""
        self._reading.add(stage)
        query.failure(lambda exc: self._failed(stage, exc)).key(stage) \
            .title(f"reading the verdicts ({stage})").run_in_background()

    def _failed(self, stage: str, exc: BaseException) -> None:
        self._reading.discard(stage)
        ReadFailure.of(self).show_error(exc)
        if stage == "claim":
            self.reasoning.clear()
        else:
            self.summary_label.clear()

    def reload(self, run_id: str | None = None) -> None:
        self.summary_label.setText(self._reading_text())
        self._shown_since_reload = False    # a run shown while the list is read keeps its place
        project = self.project
        self._start("runs", QueryOp(self, op=lambda: vs.verify_runs(project),
                                    success=lambda runs: self._runs_read(runs, run_id)))

    def _runs_read(self, runs: list, run_id: str | None) -> None:
        self._reading.discard("runs")
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for r in runs:
            self.run_combo.addItem(f"{r.id} ({r.status}, {r.config.get('mode')}, k={r.config.get('k')})", r.id)
        self.run_combo.blockSignals(False)
        ids = [r.id for r in runs]
        if self._shown_since_reload and self.run_id:
            if self.run_id in ids:
                self.run_combo.blockSignals(True)
                self.run_combo.setCurrentIndex(ids.index(self.run_id))
                self.run_combo.blockSignals(False)
            return
        if not runs:
            self.summary_label.setText(self.tr("No verify runs yet."))
            return
        chosen = run_id if run_id in ids else ids[-1]
        self.run_combo.setCurrentIndex(ids.index(chosen))
        self.show_run(chosen)

    def show_run(self, run_id: str | None) -> None:
        self._shown_since_reload = True
        self.run_id = run_id
        self.table.setRowCount(0)
        self.reasoning.clear()
        self.evidence.clear()
        if not run_id:
            return
        self.summary_label.setText(self._reading_text())
        project = self.project
        self._start("run", QueryOp(self, op=lambda: (vs.verdicts(project, run_id),
                                                     vs.suspect_verdicts(project, run_id).claims,
                                                     vs.reasoning_contradictions(project, run_id)),
                                   success=lambda read: self._run_read(run_id, *read)))

    def _run_read(self, run_id: str, verdicts: dict, suspect, contradicted: dict) -> None:
        self._reading.discard("run")
        if run_id != self.run_id:
            return
        self.contradicted = contradicted
        self.table.setRowCount(len(verdicts))
        failures = 0
        for row, (cid, v) in enumerate(verdicts.items()):
            self.table.setItem(row, 0, QTableWidgetItem(cid))
            item = QTableWidgetItem(verdict_name(v.verdict) if v.verdict else self.tr("— (no verdict)"))
            if v.verdict in VERDICT_COLOURS:
                item.setForeground(QColor(VERDICT_COLOURS[v.verdict]))
            self.table.setItem(row, 1, item)
            status = self._parse_status(v.parse_status) + (self.tr(" · trimmed") if v.trimmed else "")
            if cid in suspect:
                status += self.tr(" · ⚠ suspected instructions in evidence")
            if cid in self.contradicted:
                status += self.tr(" · ⚠ reasoning says {verdict}").format(verdict=verdict_name(self.contradicted[cid]))
            self.table.setItem(row, 2, QTableWidgetItem(status))
            failures += v.parse_status == "failed"
        self.summary_label.setText(self.tr("{v0} verdicts, {failures} parse failures (shown, never counted as a verdict); verdicts whose evidence contains suspected instructions: {v1}; verdicts their own reasoning contradicts: {v2}").format(v0=len(verdicts), failures=failures, v1=len(suspect), v2=len(self.contradicted)))
        if verdicts:
            self.table.selectRow(0)

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows or not self.run_id:
            return
        claim_id = self.table.item(rows[0].row(), 0).text()
        self.show_claim(claim_id)

    def show_claim(self, claim_id: str) -> None:
        project, run_id = self.project, self.run_id
        if not run_id:
            return
        self.reasoning.setPlainText(self._reading_text())
        self.evidence.clear()

        def read_claim():
            d = vs.verdict_detail(project, run_id, claim_id)
            return d, vs.passage_findings(project, [p.passage_id for p in d.evidence])
        self._start("claim", QueryOp(self, op=read_claim,
                                     success=lambda got: self._claim_read(run_id, claim_id, *got)))

    def _claim_read(self, run_id: str, claim_id: str, d, flagged: dict) -> None:
        self._reading.discard("claim")
        if run_id != self.run_id:
            return
        v = d.verdict
        e = html.escape
        self.full_texts.clear()
        b = self.full_texts.esc      # user content: bounded, the full text a link away
        claim = self.tr("claim {id}").format(id=b(d.claim_id))
        parts = [f"<h3>{b(d.claim_text)}</h3>", f"<p><small>{claim} · {e(d.mode)} · {e(d.model or '')}</small></p>"]
        if v is None:
            parts.append("<p>" + self.tr("No verdict recorded for this claim.") + "</p>")
        else:
            colour = VERDICT_COLOURS.get(v.verdict or "", "#000")
            label = verdict_name(v.verdict) if v.verdict else self.tr("parse failure — no verdict")
            trimmed = self.tr(", evidence trimmed to fit the context") if v.trimmed else ""
            parts.append(f"<p><b style='color:{colour}'>{e(label)}</b> ({e(self._parse_status(v.parse_status))}"
                         f"{trimmed})</p>")
            if d.attribution is not None:
                driver = next((p.text for p in d.evidence if p.passage_id == d.attribution.passage_id), None)
                parts.append(attribution_line(d.attribution, driver))
                parts.append("<p><small>" + self.tr("{seconds} s · scores: {scores}").format(
                    seconds=number((v.latency_ms or 0) / 1000, 2), scores=b(v.raw_output or '')) + "</small></p>")
            else:
                said = self.contradicted.get(claim_id)
                if said is not None:
                    parts.append("<p style='color:#8f1d1d'>" + self.tr(
                        "<b>⚠ The reasoning contradicts the verdict:</b> it concludes {said}, the verdict is {verdict}. "
                        "Neither is corrected; review this claim.").format(said=e(verdict_name(said)),
                                                                           verdict=e(verdict_name(v.verdict))) + "</p>")
                if v.reasoning:
                    parts.append("<p>" + b(v.reasoning, newlines=True) + "</p>")
                parts.append("<p><small>" + self.tr("{prompt} prompt + {completion} completion tokens, {seconds} s").format(
                    prompt=number(v.prompt_tokens or 0), completion=number(v.completion_tokens or 0),
                    seconds=number((v.latency_ms or 0) / 1000, 1)) + "</small></p>")
                parts.append("<p><small>" + self.tr("raw output:") + f"</small></p><pre>{b(v.raw_output or '')}</pre>")
        self.reasoning.setHtml("".join(parts))
        ev = []
        for n, p in enumerate(d.evidence, start=1):
            mark = " <b>" + self.tr("[used]") + "</b>" if p.used else ""
            stance = " · " + self.tr("stance: <b>{stance}</b>").format(stance=e(self._stance(p.stance))) if p.stance else ""
            title = f"<i>{b(p.title)}</i><br>" if p.title else ""
            warn = (f"<span style='color:#8f1d1d'>{e(vs.passage_warning(flagged[p.passage_id]))}</span><br>"
                    if p.passage_id in flagged else "")
            a = d.attribution
            driving = a is not None and a.passage_id == p.passage_id
            if driving:
                mark = " <b>" + self.tr("[drove the verdict: {what}]").format(what=e(attribution_text(a))) + "</b>"
            body = self.full_texts.highlighted(p.text, a.start, a.end, MARK_STYLE) if driving else b(p.text)
            rank = self.tr("(rank {rank})").format(rank=p.rank)
            ev.append(f"<p><b>[{n}]</b> {b(p.passage_id)} {rank}{mark}{stance}<br>{warn}{title}{body}</p>")
        self.evidence.setHtml("".join(ev) or "<p>" + self.tr("No passages.") + "</p>")

    def _stance(self, stance: str) -> str:
        """A passage's stance as shown (engine/pipeline/aggregate.STANCES; others as stored)."""
        names = {"supports": self.tr("supports"), "refutes": self.tr("refutes"), "neutral": self.tr("neutral")}
        return names.get(stance, stance)

    def _parse_status(self, status: str) -> str:
        """A verdict's parse status as shown (engine values: ok, repaired, failed; others as stored)."""
        names = {"ok": self.tr("ok"), "repaired": self.tr("repaired"), "failed": self.tr("failed")}
        return names.get(status, status)
