"""The Answers page's "Gold options" tab (issue #34 item 7): a second rater's gold option sets imported
from a file, their agreement with the imported gold (Cohen's κ over every item × option decision, the
share of items whose two sets are equal with its Wilson interval, the items that differ) and the profile
of the multi-answer test set. Reads run through QueryOp, the import through Op."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox, QFileDialog, QLabel, QLineEdit, QPushButton, QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.errors import ImportFailed
from factaudit.gui import i18n
from factaudit.gui.error_render import problem_text
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.screen import widen_to_text
from factaudit.gui.views.page_parts import muted_label, section_head
from factaudit.gui.views.tables import read_only_table


@dataclass
class GoldBundle:
    raters: list[str]
    rater: str | None
    agreement: object | None = None      # option_sets.OptionAgreement
    profile: object | None = None        # option_sets.SetProfile


def load_gold(project, rater: str | None) -> GoldBundle:
    """Worker-thread function: the second raters, the chosen one's agreement and the set's profile."""
    raters = services.gold_raters(project)
    if rater not in raters:
        rater = raters[0] if raters else None
    agreement = services.gold_agreement(project, rater) if rater else None
    return GoldBundle(raters, rater, agreement, services.answer_set_profile(project))


def share_text(share, n: int, total: int) -> str:
    """0.375 of 8 -> "37.5 % (3 of 8)"."""
    if share is None:
        return QCoreApplication.translate("AnswersGold", "n/a")
    return QCoreApplication.translate("AnswersGold", "{share} ({n} of {total})").format(share=i18n.percent(share), n=i18n.number(n),
                                                  total=i18n.number(total))


def agreement_text(a) -> str:
    kappa = QCoreApplication.translate("AnswersGold", "n/a") if a.kappa is None else i18n.number(a.kappa, 3)
    lines = [QCoreApplication.translate("AnswersGold", "Cohen's κ {kappa} over {decisions} option decisions of {items} items rated by both").format(
        kappa=kappa, decisions=i18n.number(a.n_decisions), items=i18n.number(a.n_items)),
        QCoreApplication.translate("AnswersGold", "same gold set on {share}, 95 % interval {ci}").format(
            share=share_text(a.exact, a.n_exact, a.n_items),
            ci=i18n.interval(100 * a.exact_ci[0], 100 * a.exact_ci[1], 1) if a.exact_ci else QCoreApplication.translate("AnswersGold", "n/a"))]
    if a.only_first or a.only_second:
        lines.append(QCoreApplication.translate("AnswersGold", "items not compared, set by one rater only: imported gold {first}, {rater} {second}").format(
            first=i18n.number(a.only_first), second=i18n.number(a.only_second), rater=a.second))
    if a.n_without_options:
        lines.append(QCoreApplication.translate("AnswersGold", "{n} items list no options: judged over the union of the two sets, which lowers κ").format(
            n=i18n.number(a.n_without_options)))
    return "\n".join(lines)


def profile_text(p) -> str:
    if p is None:
        return QCoreApplication.translate("AnswersGold", "No items with gold options in this project.")
    sources = ", ".join(f"{name} {i18n.number(n)}" for name, n in p.sources.items())
    mean = QCoreApplication.translate("AnswersGold", "n/a") if p.distractors_mean is None else i18n.number(p.distractors_mean, 2)
    return QCoreApplication.translate("AnswersGold", "{n} items; sources: {sources}; more than one gold option: {multi}; negated question: {negation}; "
               "mean distractors {mean} (over {listed} items that list their options)").format(
        n=i18n.number(p.n_items), sources=sources, multi=share_text(p.multi_share, p.n_multi, p.n_items),
        negation=share_text(p.negation_share, p.n_negation, p.n_items), mean=mean,
        listed=i18n.number(p.n_with_options))


def _figures_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)      # figures get copied
    return label


class GoldOptionsPanel(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.bundle: GoldBundle | None = None
        self._import: Op | None = None
        root = QVBoxLayout(self)
        head = section_head(self.tr("Gold options of two raters"))
        head.addWidget(QLabel(self.tr("Second rater:")))
        self.rater_combo = QComboBox()
        self.rater_combo.setMinimumWidth(120)
        self.rater_combo.activated.connect(lambda _=0: self.refresh())
        head.addWidget(self.rater_combo)
        head.addStretch(1)
        self.rater_name = QLineEdit()
        self.rater_name.setPlaceholderText(self.tr("name of the rater to import"))
        widen_to_text(self.rater_name, self.rater_name.placeholderText())   # the default width cut it
        head.addWidget(self.rater_name)
        self.import_button = QPushButton(self.tr("Import gold options…"))
        self.import_button.setToolTip(self.tr("A JSONL or CSV file of records {\"item_id\", \"gold_options\"} from a second rater; a new import of the same rater replaces their sets"))
        self.import_button.clicked.connect(self.choose_file)
        head.addWidget(self.import_button)
        root.addLayout(head)
        self.status = muted_label()
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.status)
        self.agreement = _figures_label()
        root.addWidget(self.agreement)
        root.addWidget(QLabel(self.tr("Items whose two gold sets differ")))
        self.table = read_only_table([self.tr("Item"), self.tr("Only in the imported gold"),
                                      self.tr("Only in the second rater's")])
        root.addWidget(self.table, 1)
        profile_head = QLabel(self.tr("Test-set profile"))
        profile_head.setObjectName("sectionTitle")
        root.addWidget(profile_head)
        self.profile = _figures_label()
        root.addWidget(self.profile)

    # ---- reading ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        project, rater = self.project, self.rater_combo.currentData()
        self.status.setText(self.tr("Reading…"))
        QueryOp(self, op=lambda: load_gold(project, rater), success=self.show_bundle) \
            .failure(lambda exc: self.status.setText(self.tr("Could not read the gold options: {v0}").format(
                v0=error_text(exc)))).title(self.tr("Reading gold options")).run_in_background()

    def show_bundle(self, bundle: GoldBundle) -> None:
        self.bundle = bundle
        self.rater_combo.clear()
        for r in bundle.raters:
            self.rater_combo.addItem(r, r)
        if bundle.rater:
            self.rater_combo.setCurrentIndex(self.rater_combo.findData(bundle.rater))
        a = bundle.agreement
        self.status.setText("" if a else self.tr("No second rater yet: name one and import their gold options to see the agreement."))
        self.agreement.setText(agreement_text(a) if a else "")
        diffs = a.differences if a else []
        self.table.setRowCount(len(diffs))
        for row, d in enumerate(diffs):
            for col, text in enumerate((d.item_id, ", ".join(d.only_first) or "∅", ", ".join(d.only_second) or "∅")):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.profile.setText(profile_text(bundle.profile))

    # ---- writing ---------------------------------------------------------------------------------
    def choose_file(self) -> None:
        if not self.rater_name.text().strip():
            self.status.setText(self.tr("Name the second rater first."))
            self.rater_name.setFocus()
            return
        path, _ = QFileDialog.getOpenFileName(self, self.tr("A second rater's gold options"), "",
                                              self.tr("Gold options (*.jsonl *.csv)"))
        if path:
            self.import_file(path)

    def import_file(self, path: str) -> Op | None:
        if self._import is not None and self._import.running:
            return None
        rater = self.rater_name.text().strip()
        self.import_button.setEnabled(False)
        self.status.setText(self.tr("Importing…"))
        self._import = Op(self, lambda job, p=self.project: services.import_gold_options(p, path, rater)) \
            .title(self.tr("Importing gold options")).quiet().success(lambda res: self._imported(res)) \
            .failure(self._failed).finished(lambda: self.import_button.setEnabled(True)).run()
        return self._import

    def _imported(self, res: dict) -> None:
        self.rater_name.clear()
        self.rater_combo.clear()
        self.rater_combo.addItem(res["rater"], res["rater"])      # the new rater is the one shown next
        self.refresh()

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, ImportFailed):       # every located problem (file:line:field), not only the first
            lines = [problem_text(p) for p in exc.problems]
            if exc.truncated:
                lines.append(self.tr("… and more"))
            self.status.setText(self.tr("Not imported, nothing written:") + "\n" + "\n".join(lines))
        else:
            self.status.setText(self.tr("Not imported: {v0}").format(v0=error_text(exc)))
