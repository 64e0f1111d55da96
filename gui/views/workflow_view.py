"""The Workflow page: the expert's path from import to seal, each step's state, and the button that
does it. The states come from engine.services.status (the same function as `factaudit status`),
computed in a worker; the page refreshes on every change announcement and whenever it is shown.
A step the expert may leave part-done has an "Enough for now" button (issue #35): the step keeps its
count, shows "Enough for now", and Next moves on; the same button takes the mark back."""
from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.i18n import gettext, localize
from factaudit.gui import i18n as gui_i18n
from factaudit.gui.ops import Op, error_text, on_changes
from factaudit.gui.views.page_parts import section_head

# the engine writes stored UTC times into step details ("written 2026-03-01T09:30:00+00:00")
_ISO_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?")


def local_dates(text: str) -> str:
    """A step detail with each ISO timestamp in the locale's short form, in local time."""
    return _ISO_TIME.sub(lambda m: gui_i18n.date(m.group(0)), text)


# the engine groups counts the English way ("1,201 passages"); German read "1,201" beside "1.201" (#35)
_EN_COUNT = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w,]|\.\d)")


def local_numbers(text: str) -> str:
    """A step detail with each English-grouped count in the locale's grouping."""
    return _EN_COUNT.sub(lambda m: gui_i18n.number(int(m.group(0).replace(",", ""))), text)


STATE_TEXT = {"todo": QT_TRANSLATE_NOOP("StepRow", "To do"), "partial": QT_TRANSLATE_NOOP("StepRow", "Partly done"),
              "done": QT_TRANSLATE_NOOP("StepRow", "Done"), "skipped": QT_TRANSLATE_NOOP("StepRow", "Skipped"),
              "enough": QT_TRANSLATE_NOOP("StepRow", "Enough for now")}
STATE_COLOR = {"todo": "#5b6573", "partial": "#7a4d00", "done": "#1d6435", "skipped": "#8a8f98", "enough": "#3b5b7a"}
# the pre-label step has its own way out ("Skip pre-labels"); the others in the engine's list get a button
ENOUGH_BUTTON_STEPS = tuple(s for s in services.WORKFLOW_ENOUGH_STEPS if s != "prelabel")
# step -> (button text, does the step write to the project?)
BUTTONS = {
    "import": (QT_TRANSLATE_NOOP("StepRow", "Import data…"), True),
    "decompose": (QT_TRANSLATE_NOOP("StepRow", "Decompose…"), True),
    "retrieve": (QT_TRANSLATE_NOOP("StepRow", "Retrieve…"), True),
    "evaluate_retrieval": (QT_TRANSLATE_NOOP("StepRow", "Show retrieval metrics"), False),
    "verify": (QT_TRANSLATE_NOOP("StepRow", "Verify…"), True),
    "score": (QT_TRANSLATE_NOOP("StepRow", "Open results"), False),
    "review": (QT_TRANSLATE_NOOP("StepRow", "Review disagreements"), False),
    "prelabel": (QT_TRANSLATE_NOOP("StepRow", "Pre-label…"), True),
    "label_evidence": (QT_TRANSLATE_NOOP("StepRow", "Label evidence"), False),
    "label_reasoning": (QT_TRANSLATE_NOOP("StepRow", "Label reasoning"), False),
    "agreement": (QT_TRANSLATE_NOOP("StepRow", "Agreement && taxonomy"), False),   # "&&": a single & would be taken as a mnemonic
    "report": (QT_TRANSLATE_NOOP("StepRow", "Write report…"), False),
    "seal": (QT_TRANSLATE_NOOP("StepRow", "Seal…"), False),
    # the paths beside the expert's, shown when the project holds data for them
    "answers": (QT_TRANSLATE_NOOP("StepRow", "Open answers"), False),
    "conflicts": (QT_TRANSLATE_NOOP("StepRow", "Open conflicts"), False),
    "judge_evaluation": (QT_TRANSLATE_NOOP("StepRow", "Open agreement"), False),
    "induction": (QT_TRANSLATE_NOOP("StepRow", "Open taxonomy"), False),
    "comparison": (QT_TRANSLATE_NOOP("StepRow", "Open results"), False),
    "second_rater": (QT_TRANSLATE_NOOP("StepRow", "Send to a rater…"), True),
}
BUTTONS_WIDTH = 300        # at least; widened to the widest row's buttons (WorkflowView.fit_buttons)
STYLE = """
#workflowStep { border: 1px solid #d9dde3; border-radius: 6px; background: palette(base); }
#workflowStep[next="true"] { border: 2px solid #2f6fd0; background: #eef4fd; }
#workflowState { font-weight: 600; min-width: 84px; }
#workflowTitle { font-weight: 600; }
#workflowNumber { color: #8a8f98; min-width: 22px; }
"""


class StepRow(QFrame):
    def __init__(self, number: int, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.name = name
        self.setObjectName("workflowStep")
        self.setProperty("next", False)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 8, 12, 8)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        self.number = QLabel(f"{number}.")
        self.number.setObjectName("workflowNumber")
        self.state = QLabel("…")
        self.state.setObjectName("workflowState")
        texts = services.WORKFLOW_STEPS.get(name) or services.WORKFLOW_PATHS[name]
        title, purpose = (gettext(text) for text in texts)   # the engine's catalogue
        self.title = QLabel(title)
        self.title.setObjectName("workflowTitle")
        self.purpose = QLabel(purpose)
        self.purpose.setObjectName("muted")
        self.purpose.setWordWrap(True)
        self.detail = QLabel("")
        self.detail.setObjectName("workflowDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button = QPushButton(QCoreApplication.translate("StepRow", BUTTONS[name][0]))
        self.button.setObjectName(f"workflow_{name}")
        self.extra: QPushButton | None = None
        self.enough_button: QPushButton | None = None
        self.enough = False
        grid.addWidget(self.number, 0, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.state, 0, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.purpose, 1, 1, 1, 2)
        grid.addWidget(self.detail, 2, 1, 1, 2)
        holder = QWidget()
        holder.setFixedWidth(BUTTONS_WIDTH)   # one column for every row's buttons, so the states line up
        self.holder = holder
        buttons = QHBoxLayout(holder)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addStretch(1)
        buttons.addWidget(self.button)
        self.button_box = buttons
        grid.addWidget(holder, 0, 3, 3, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.setColumnStretch(1, 1)

    def add_enough_button(self) -> QPushButton:
        self.enough_button = QPushButton(self.tr("Enough for now"))
        self.enough_button.setObjectName(f"workflow_{self.name}_enough")
        self.enough_button.setToolTip(self.tr("Move on: Next skips this step; its count is kept and you can come back"))
        self.enough_button.hide()
        self.button_box.insertWidget(1, self.enough_button)
        return self.enough_button

    def show_step(self, step: services.Step) -> None:
        state = "enough" if step.enough else step.state
        self.enough = step.enough
        self.state.setText(QCoreApplication.translate("StepRow", STATE_TEXT[state]))
        self.state.setStyleSheet(f"color: {STATE_COLOR[state]};")
        if self.enough_button is not None:
            self.enough_button.setVisible(step.state in ("todo", "partial"))
            self.enough_button.setText(self.tr("Back to the list") if step.enough else self.tr("Enough for now"))
        self.detail.setText(local_numbers(local_dates(localize(step.detail))))  # the engine's sentence, in the interface language
        self.setProperty("next", step.next)
        self.setToolTip(self.tr("The next step") if step.next else "")
        self.style().unpolish(self)
        self.style().polish(self)
        self.button.setDefault(step.next)


class WorkflowView(QWidget):
    """Emits stepRequested(name) when a step's button is pressed; the window decides what opens."""

    stepRequested = Signal(str)
    prelabelsWanted = Signal(bool)
    statusShown = Signal(object)          # the WorkflowStatus just displayed (for the window and tests)

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.status: services.WorkflowStatus | None = None
        self._op: Op | None = None
        self._again = False
        self.setStyleSheet(STYLE)
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Workflow"))
        head.addStretch(1)
        root.addLayout(head)
        self.next_label = QLabel(self.tr("Reading the project…"))
        self.next_label.setObjectName("workflowNext")
        self.next_label.setWordWrap(True)
        root.addWidget(self.next_label)

        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 6, 0)
        column.setSpacing(6)
        self.rows: dict[str, StepRow] = {}
        for n, name in enumerate(services.WORKFLOW_STEP_NAMES, start=1):
            row = StepRow(n, name)
            row.button.clicked.connect(lambda _=False, s=name: self.stepRequested.emit(s))
            if project.readonly and BUTTONS[name][1]:
                row.button.setEnabled(False)
                row.button.setToolTip(self.tr("The project is open read-only"))
            if name in ENOUGH_BUTTON_STEPS:
                row.add_enough_button().clicked.connect(lambda _=False, s=name: self.toggle_enough(s))
                row.enough_button.setEnabled(not project.readonly)
            self.rows[name] = row
            column.addWidget(row)
        self.paths_title = QLabel(self.tr("Other paths in this project"))
        self.paths_title.setObjectName("subsectionTitle")
        self.paths_title.hide()
        column.addWidget(self.paths_title)
        self.paths_box = QVBoxLayout()
        self.paths_box.setSpacing(6)
        column.addLayout(self.paths_box)
        self.path_rows: dict[str, StepRow] = {}
        column.addStretch(1)
        prelabel = self.rows["prelabel"]
        prelabel.extra = QPushButton(self.tr("Skip pre-labels"))
        prelabel.extra.setObjectName("workflow_prelabel_skip")
        prelabel.extra.setToolTip(self.tr("Work without LLM suggestions; you can turn them back on here"))
        prelabel.extra.setEnabled(not project.readonly)
        prelabel.extra.clicked.connect(self._toggle_prelabels)
        prelabel.button_box.addWidget(prelabel.extra)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        root.addWidget(scroll, 1)
        on_changes(self, lambda _changes: self.refresh(), project=project)

    # ---- refreshing ----------------------------------------------------------------------------
    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.refresh()   # marks (metrics seen, retrieval evaluated) leave no announcement of their own

    def refresh(self) -> None:
        if self._op is not None and self._op.running:
            self._again = True       # one more pass once this one ends, so the last change is shown
            return
        project = self.project
        self._op = (Op(self, lambda job: services.workflow_status(project, job.progress, job.cancel))
                    .title(self.tr("Reading the workflow status")).quiet()
                    .success(self._show).failure(self._failed).finished(self._ended).run())

    def _ended(self) -> None:
        if self._again:
            self._again = False
            self.refresh()

    def _failed(self, exc: BaseException) -> None:
        self.next_label.setText(self.tr("Cannot read the project's status: {v0}").format(v0=error_text(exc)))

    def _show(self, result: services.WorkflowStatus) -> None:
        self.status = result
        for step in result.steps:
            self.rows[step.name].show_step(step)
        self._show_paths(result.paths)
        self.fit_buttons()
        nxt = result.next_step
        if nxt is None:
            self.next_label.setText(self.tr("<b>Every step is done, skipped or enough for now.</b> Seal again after further changes."))
        else:
            self.next_label.setText(self.tr("<b>Next: {title}.</b> {purpose}").format(title=gettext(nxt.title), purpose=gettext(nxt.purpose)))
        skipped = result.step("prelabel").state == "skipped" and "turned off" in result.step("prelabel").detail
        extra = self.rows["prelabel"].extra
        extra.setText(self.tr("Use pre-labels") if skipped else self.tr("Skip pre-labels"))
        extra.setProperty("skipped", skipped)
        self.statusShown.emit(result)

    def fit_buttons(self) -> None:
        """The button column as wide as the widest row's buttons: a step with "Enough for now" beside
        its own button cut both texts at a fixed 300 px (seen in the real window at 1366x768, #35)."""
        rows = [*self.rows.values(), *self.path_rows.values()]
        for row in rows:
            row.button_box.invalidate()          # a button just shown or hidden, or a new text
        width = max([BUTTONS_WIDTH] + [row.button_box.sizeHint().width() for row in rows])
        for row in rows:
            row.holder.setFixedWidth(width)

    def _show_paths(self, paths: list) -> None:
        """A row per path the project holds data for, numbered after the steps; rows of paths whose
        data went away are hidden."""
        shown = {p.name for p in paths}
        for name, row in self.path_rows.items():
            row.setVisible(name in shown)
        for p in paths:
            row = self.path_rows.get(p.name)
            if row is None:
                row = StepRow(len(self.rows) + len(self.path_rows) + 1, p.name)
                row.number.setText("·")
                row.button.clicked.connect(lambda _=False, s=p.name: self.stepRequested.emit(s))
                if self.project.readonly and BUTTONS[p.name][1]:
                    row.button.setEnabled(False)
                self.path_rows[p.name] = row
                self.paths_box.addWidget(row)
            row.show_step(p)
            row.setVisible(True)          # added to a page already shown: a new child stays hidden otherwise
        self.paths_title.setVisible(bool(shown))

    def toggle_enough(self, name: str) -> Op:
        """Mark a step enough for now, or take the mark back (a write, through an Op; the change it
        announces refreshes the page)."""
        project, enough = self.project, not self.rows[name].enough
        return (Op(self, lambda job: services.mark_enough(project, name, enough))
                .title(self.tr("Marking a step enough for now")).quiet()
                .failure(self._failed).run())

    def _toggle_prelabels(self) -> None:
        self.prelabelsWanted.emit(bool(self.rows["prelabel"].extra.property("skipped")))
