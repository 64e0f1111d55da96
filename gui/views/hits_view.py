"""A retrieval run claim by claim: the ranked passages with scores, gold passages marked, and the
claim's query terms highlighted (matched by the BM25 tokenization, so word forms match too)."""
from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QLabel, QListView, QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui.i18n import number
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp, ReadFailure
from factaudit.gui.views.labeling_parts import natural_key
from factaudit.gui.views.long_text import bounded
from factaudit.gui.views.page_parts import section_head

MARK = '<span style="background-color:#ffe58a">'


def highlighted(text: str, spans: list[tuple[int, int]]) -> str:
    """HTML of `text` with the spans marked; everything else escaped."""
    out, pos = [], 0
    for start, end in spans:
        out.append(bounded(text[pos:start]))
        out.append(MARK + bounded(text[start:end]) + "</span>")
        pos = end
    out.append(bounded(text[pos:]))
    return "".join(out)


def _claim_ids(project, run_id: str) -> list[str]:
    return sorted(services.retrieval_claim_ids(project, run_id), key=natural_key)


class HitsView(QWidget):
    claimChanged = Signal(str)

    def __init__(self, project, parent: QWidget | None = None, run_id: str | None = None):
        super().__init__(parent)
        self.project = project
        self.current: services.ClaimHits | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        head = section_head(self.tr("Retrieved evidence"))
        head.addStretch(1)
        head.addWidget(QLabel(self.tr("Run")))
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(260)
        self.run_combo.currentIndexChanged.connect(self._run_changed)
        head.addWidget(self.run_combo)
        root.addLayout(head)

        split = QSplitter(Qt.Orientation.Horizontal)
        # a string-list model with uniform rows: 100,000 claim ids cost nothing to show
        self.claim_model = QStringListModel(self)
        self.claim_list = QListView()
        self.claim_list.setObjectName("hitsClaims")
        self.claim_list.setUniformItemSizes(True)
        self.claim_list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.claim_list.setModel(self.claim_model)
        self.claim_list.selectionModel().currentChanged.connect(lambda cur, _prev: self._claim_changed(cur))
        self._op = None
        self.browser = QTextBrowser()
        self.browser.setObjectName("hitsBrowser")
        self.browser.setOpenLinks(False)
        split.addWidget(self.claim_list)
        split.addWidget(self.browser)
        split.setSizes([320, 900])
        root.addWidget(split, 1)
        self.empty_label = QLabel(self.tr("No finished retrieval runs yet."))
        self._reading: set[str] = set()     # "runs", "hits": reads still running
        self.empty_label.setObjectName("muted")
        root.addWidget(self.empty_label)
        self.refresh(run_id)

    def refresh(self, run_id: str | None = None) -> None:
        """Re-read the runs off the UI thread; a failed read says so above the page (it used to look
        like a project without runs)."""
        keep, project = run_id or self.run_combo.currentData(), self.project
        self._reading.add("runs")
        if not self.run_combo.count():
            self.empty_label.setText(QCoreApplication.translate("PageRead", "Reading…"))
            self.empty_label.show()
        QueryOp(self, op=lambda: services.hit_runs(project), success=lambda found: self._runs_read(found, keep)) \
            .failure(self._runs_failed).title("reading the retrieval runs").run_in_background()

    def _runs_failed(self, exc: BaseException) -> None:
        self._reading.discard("runs")
        self.empty_label.hide()
        ReadFailure.of(self).show_error(exc)

    def _runs_read(self, found: list, keep: str | None) -> None:
        self._reading.discard("runs")
        self.empty_label.setText(self.tr("No finished retrieval runs yet."))
        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for r in found:
            label = r.config.get("retriever") or "imported"
            self.run_combo.addItem(f"{r.id} · {label} · k={r.config.get('k')}", r.id)
        self.run_combo.blockSignals(False)
        self.empty_label.setVisible(not found)
        index = max(0, self.run_combo.findData(keep)) if keep else 0
        if found:
            self.run_combo.setCurrentIndex(index)
            self._run_changed(index)
        else:
            self.claim_model.setStringList([])
            self.browser.clear()

    @property
    def run_id(self) -> str | None:
        return self.run_combo.currentData()

    def _run_changed(self, _index: int) -> None:
        """The run's claim ids are read (and sorted naturally: c2 before c10) in a worker."""
        self.claim_model.setStringList([])
        self.browser.clear()
        if self._op is not None and self._op.running:
            self._op.cancel()
        if not self.run_id:
            return
        run = self.run_id
        self._op = (Op(self, lambda job, p=self.project: _claim_ids(p, run)).title(self.tr("Reading the run's claims")).quiet()
                    .success(lambda ids: run == self.run_id and self._claims_read(ids))
                    .failure(lambda exc: self.browser.setPlainText(error_text(exc))).run())

    def _claims_read(self, ids: list[str]) -> None:
        self.claim_model.setStringList(ids)
        if ids:
            self.claim_list.setCurrentIndex(self.claim_model.index(0))

    def claim_count(self) -> int:
        return self.claim_model.rowCount()

    def flush(self, msecs: int = 60_000) -> bool:
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer

        deadline = QDeadlineTimer(msecs)
        while self.loading and not deadline.hasExpired():
            Op.wait_all(20)
            QCoreApplication.processEvents()
        return not self.loading

    @property
    def loading(self) -> bool:
        """True while the runs, a run's claims or a claim's hits are being read."""
        return bool(self._reading) or (self._op is not None and self._op.running)

    def show_claim(self, claim_id: str) -> None:
        ids = self.claim_model.stringList()
        if claim_id in ids:
            self.claim_list.setCurrentIndex(self.claim_model.index(ids.index(claim_id)))

    def _claim_changed(self, index) -> None:
        claim_id = index.data() if index is not None and index.isValid() else None
        if claim_id is None or not self.run_id:
            return
        project, run = self.project, self.run_id
        self._reading.add("hits")
        self.browser.setPlainText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: services.claim_hits(project, run, claim_id),
                success=lambda ch: self._hits_read(ch, claim_id)).failure(self._hits_failed) \
            .title("reading the claim's hits").run_in_background()

    def _hits_failed(self, exc: BaseException) -> None:
        self._reading.discard("hits")
        self.browser.setPlainText(error_text(exc))

    def _hits_read(self, ch, claim_id: str) -> None:
        self._reading.discard("hits")
        self.current = ch
        self.browser.setHtml(self.render(ch))
        self.claimChanged.emit(claim_id)

    @staticmethod
    def render(ch: "services.ClaimHits") -> str:
        found = sum(h.gold for h in ch.hits)
        parts = [f"<h3>{html.escape(ch.claim_text)}</h3>",
                 "<p style='color:#666'>" + QCoreApplication.translate(
                     "HitsView", "claim {id} · {n} passages · {found} of {gold} gold passages retrieved").format(
                     id=html.escape(ch.claim_id), n=len(ch.hits), found=found, gold=len(ch.gold_passages)) + "</p>"]
        gold_mark = " <b style='color:#1d6435'>" + QCoreApplication.translate("HitsView", "[gold]") + "</b>"
        for h in ch.hits:
            gold = gold_mark if h.gold else ""
            score = QCoreApplication.translate("HitsView", "score {score}").format(score=number(h.score, 4))
            parts.append(
                f"<p><b>#{h.rank}</b> &nbsp; {score} &nbsp; <code>{html.escape(h.passage_id)}</code>{gold}"
                f"<br><b>{highlighted(h.title, h.title_spans)}</b><br>{highlighted(h.text, h.text_spans)}</p>")
        missing = [g for g in ch.gold_passages if g not in {h.passage_id for h in ch.hits}]
        if missing:
            parts.append("<p style='color:#8f1d1d'>" + QCoreApplication.translate(
                "HitsView", "Gold passages not retrieved: {ids}").format(ids=html.escape(', '.join(missing))) + "</p>")
        return "".join(parts)
