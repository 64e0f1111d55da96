"""The Taxonomy view: failure patterns R1–R6 per retrieval run and V1–V6 per verify run (counts and
shares of the labelled units), and the high-quality evidence rate with its per-dimension marginals."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox, QLabel, QPushButton, QTableWidget, QTableWidgetItem,
    QTabWidget, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import FactAuditError
from factaudit.engine.i18n import language
from factaudit.gui import i18n
from factaudit.gui.ops import error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.tables import read_only_table
from factaudit.gui.views.page_parts import section_head


def _cell(count: int, share: float | None) -> str:
    return i18n.number(count) if share is None else f"{i18n.number(count)} ({i18n.percent(share, 0)})"


def _fill(table: QTableWidget, header: list[str], rows: list[list[str]]) -> None:
    table.clear()
    table.setColumnCount(len(header))
    table.setHorizontalHeaderLabels(header)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            it = QTableWidgetItem(text)
            if c > 0 and (text[:1].isdigit() or text == "–"):
                it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, it)


def _namer(book, dim_id: str):
    """A dimension's name and a function naming its codes, from the codebook in the interface language
    (issue #35: the marginals showed the ids); the ids where the codebook does not know them."""
    try:
        dim = book.dimension(dim_id) if book is not None else None
    except FactAuditError:
        dim = None
    if dim is None:
        return dim_id, lambda c: c
    lang = language()

    def code_name(code_id: str) -> str:
        code = dim.code(code_id)
        return book.text(code, "name", lang, dim) if code is not None else code_id
    return book.text(dim, "name", lang), code_name


def _pattern_names(project):
    """The codebook that names the patterns, or None: without it the columns keep the taxonomy's own
    English names (the figures do not depend on it)."""
    try:
        return services.codebook(project)
    except FactAuditError:
        return None


class TaxonomyView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.taxonomy = None
        self.loading = False            # a read of the taxonomy is running
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Failure taxonomy"))
        head.addStretch(1)
        self.llm_box = QCheckBox(self.tr("Count LLM pre-labels too"))
        self.llm_box.toggled.connect(lambda _on: self.refresh())
        head.addWidget(self.llm_box)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        head.addWidget(self.refresh_button)
        root.addLayout(head)
        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        root.addWidget(self.status)
        # one table at a time, each with the page's full height: stacked, the three left the marginals
        # fewer than three rows at 1.5x on a laptop screen
        self.tables = QTabWidget()
        self.tables.setDocumentMode(True)
        self.retrieval_table = read_only_table([self.tr("Run")], select_rows=False, stretch_last=False)
        self.tables.addTab(self.retrieval_table, self.tr("Retrieval runs (per claim × passage; R6 per claim)"))
        self.verify_table = read_only_table([self.tr("Run")], select_rows=False, stretch_last=False)
        self.tables.addTab(self.verify_table, self.tr("Verify runs (per claim × verification)"))
        self.marginal_table = read_only_table([self.tr("Run")], select_rows=False, stretch_last=False)
        self.tables.addTab(self.marginal_table, self.tr("Per-dimension marginals"))
        root.addWidget(self.tables, 1)
        self.refresh()

    def refresh(self) -> None:
        # counting every labelled unit is a project-wide read: off the UI thread, the page says it reads
        project, include_llm = self.project, self.llm_box.isChecked()
        self.loading = True
        self.status.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (services.taxonomy(project, include_llm=include_llm), _pattern_names(project)),
                success=self._read).failure(self._failed).title("reading the taxonomy").run_in_background()

    def _failed(self, exc: BaseException) -> None:
        self.loading = False
        self.status.setText(error_text(exc))

    def _read(self, read) -> None:
        self.loading = False
        tax, book = read
        self.taxonomy = tax
        retrieval = [r for r in tax.retrieval if r.n_labelled]
        verify = [v for v in tax.verify if v.n_labelled]
        # columns carry the pattern's name, not a bare code ("R1 Entity mismatch")
        if book is not None:        # pattern names in the interface language (the codebook carries zh and de names)
            named = lambda p: f"{p.pattern} {book.pattern_name(p.pattern, language())}".strip()  # noqa: E731
        else:
            named = lambda p: f"{p.pattern} {p.name}".strip()  # noqa: E731
        r_patterns = [named(p) for p in (retrieval[0].patterns if retrieval else [])]
        _fill(self.retrieval_table, [self.tr("Run"), self.tr("Pairs"), self.tr("Labelled"), *r_patterns, self.tr("High quality"), self.tr("HQ decided")],
              [[r.run_id, str(r.n_pairs), str(r.n_labelled), *[_cell(p.count, p.share) for p in r.patterns],
                "–" if r.high_quality_rate is None else i18n.percent(r.high_quality_rate), str(r.n_quality_decided)]
               for r in retrieval])
        v_patterns = [named(p) for p in (verify[0].patterns if verify else [])]
        _fill(self.verify_table, [self.tr("Run"), self.tr("Verdicts"), self.tr("Labelled"), *v_patterns],
              [[v.run_id, str(v.n_verdicts), str(v.n_labelled), *[_cell(p.count, p.share) for p in v.patterns]]
               for v in verify])
        rows = []
        for run in [*retrieval, *verify]:
            for m in run.marginals:
                if not m.n:
                    continue
                dim_name, code_name = _namer(book, m.dimension)
                codes = ", ".join(f"{code_name(c)} {i18n.number(n)}" for c, n in m.codes.items())
                hq = "" if m.high_quality_share is None else i18n.percent(m.high_quality_share, 0)
                rows.append([run.run_id, dim_name, i18n.number(m.n), hq, codes])
        _fill(self.marginal_table, [self.tr("Run"), self.tr("Dimension / step"), self.tr("Labelled"), self.tr("In high-quality set"), self.tr("Codes")], rows)
        if not retrieval and not verify:
            self.status.setText(self.tr("No labelled units yet: label evidence pairs or reasoning traces first."))
        else:
            who = self.tr("human raters and LLM pre-labelers") if self.llm_box.isChecked() else self.tr("human raters")
            self.status.setText(self.tr("Codebook v{codebook_version}; current first-pass labels of the {who} (the most recent label wins where several raters labelled a unit). Shares are over the run's labelled units.").format(codebook_version=tax.codebook_version, who=who))
