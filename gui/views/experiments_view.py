"""The Experiments view (Analyses › Experiments, issue #34 item 6): an ablation grid chosen from what the
project has (retrievers, k values, corpora, verifiers, prompts, a claim limit), how long it would take
before it starts, the run with progress and cancel, and the table of each cell's accuracy with its
interval, the omnibus Cochran's Q, Holm-adjusted McNemar p against the baseline cell and the cost; then
one look at the test split for the pick.

A grid is a chain of ordinary runs per cell, which the engine finds again: a grid stopped (cancelled,
or the app killed) resumes where it stopped when run again, and the table says which cells are done
before it starts. The last grid chosen in a project is kept in the user's settings, so the view opens
on it after a restart."""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox, QFormLayout, QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QProgressBar,
    QPushButton, QSpinBox, QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text, on_changes
from factaudit.gui.query_op import QueryOp
from factaudit.gui.settings import settings
from factaudit.gui.views.page_parts import muted_label, refresh_button, section_head
from factaudit.gui.views.tables import fit_rows, read_only_table

K_VALUES = (1, 2, 3, 5, 10, 20)
EMBEDDED = services.DEFAULT_CLASSIFIER
TEST = "test"
RETRIEVAL = QT_TRANSLATE_NOOP("ExperimentsView", "retrieval")     # a kind of run the estimate may lack
COLUMNS = (QT_TRANSLATE_NOOP("ExperimentsView", "Cell"), QT_TRANSLATE_NOOP("ExperimentsView", "Retriever"),
           QT_TRANSLATE_NOOP("ExperimentsView", "k"), QT_TRANSLATE_NOOP("ExperimentsView", "Corpus"),
           QT_TRANSLATE_NOOP("ExperimentsView", "Verifier"), QT_TRANSLATE_NOOP("ExperimentsView", "Prompt"),
           QT_TRANSLATE_NOOP("ExperimentsView", "State"), QT_TRANSLATE_NOOP("ExperimentsView", "Accuracy [95% CI]"),
           QT_TRANSLATE_NOOP("ExperimentsView", "Holm p vs baseline"), QT_TRANSLATE_NOOP("ExperimentsView", "Cost"))
ACCURACY_COL, HOLM_COL = 7, 8
FIGURE = Qt.ItemDataRole.UserRole        # the unformatted figure behind a cell of the table


@dataclass
class Choices:
    """What the project offers for each axis."""
    retrievers: list[str]
    corpora: list[str]                                   # corpus datasets
    verifiers: list[tuple[str, str | None, bool]]        # (label, name or None: the embedded classifier, endpoint)
    prompts: list[str]                                   # project prompts that stand in for a verify template
    splits: dict[str, int] = field(default_factory=dict)  # split -> claims in it


@dataclass
class GridState:
    """A spec's cells, which are done (their runs) and the estimate for the rest."""
    cells: list[dict]
    done: list[list[str] | None]
    estimate: dict
    n_claims: int


def load_choices(project) -> Choices:
    """Worker-thread read of the axes' values."""
    datasets = services.list_datasets(project)
    classifiers = services.classifier_choices()
    verifiers = [(e.name, None if e.name == EMBEDDED else e.name, False) for e in classifiers]
    # saved endpoints too: a grid's LLM steps may run on an OpenAI-compatible server
    verifiers += [(e.name, e.name, e.is_endpoint) for e in services.llm_models()]
    prompts = sorted({i.name for i in services.list_prompts(project)
                      if i.source == "project" and i.base.startswith("verify")})
    splits: dict[str, int] = {}
    for d in datasets:
        if d.split and d.counts.get("claims"):
            splits[d.split] = splits.get(d.split, 0) + d.counts["claims"]
    return Choices(services.retriever_choices(), sorted(d.name for d in datasets if d.kind == "corpus"),
                   verifiers, prompts, splits)


def load_state(project, axes: dict, split: str, n_claims: int) -> GridState:
    """Worker-thread read: the cells, those whose runs exist, the estimate."""
    spec = services.GridSpec(**axes)
    return GridState(spec.cells(), services.grid_done(project, spec, split), services.grid_estimate(project, spec),
                     min(n_claims, spec.limit) if spec.limit else n_claims)


def remaining_seconds(state: GridState) -> tuple[float | None, list[str]]:
    """Seconds the cells still to run would take from the measured per-claim times, and the kinds of
    run with no measurement yet (then the seconds are None: no guess)."""
    todo = [c for c, d in zip(state.cells, state.done) if d is None]
    rates = state.estimate["seconds_per_claim"]
    unmeasured, seconds = [], 0.0
    retrievals = {(c["retriever"], c.get("merge"), str(c["corpus"])) for c in todo}
    if retrievals:
        if rates.get("retrieve") is None:
            unmeasured.append(RETRIEVAL)
        else:
            seconds += len(retrievals) * rates["retrieve"] * state.n_claims
    for c in todo:
        name = c["verifier"] or EMBEDDED
        if rates.get(name) is None:
            unmeasured.append(name)
        else:
            seconds += rates[name] * state.n_claims
    return (None if unmeasured else seconds), sorted(set(unmeasured))


def _settings_key(project) -> str:
    return "experiments/" + hashlib.sha256(str(project.path).encode("utf-8")).hexdigest()[:16]


class ExperimentsView(QWidget):
    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.choices: Choices | None = None
        self.state: GridState | None = None
        self.result = None               # the last GridResult shown
        self.confirmation: dict | None = None
        self.op: Op | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)
        head = section_head(self.tr("Experiments"))
        head.addStretch(1)
        self.refresh_button = refresh_button(head, self.refresh)
        root.addLayout(head)
        root.addWidget(muted_label(self.tr(
            "An ablation grid on a tuning split: every combination of the values checked below is one cell "
            "(a retrieval and a verify run, reused when they exist). Pick on the tuning split, then confirm the "
            "pick once on test.")))

        axes = QGridLayout()
        self.retriever_list, self.k_list, self.corpus_list = QListWidget(), QListWidget(), QListWidget()
        self.verifier_list, self.prompt_list, self.merge_list = QListWidget(), QListWidget(), QListWidget()
        for col, (title, lst) in enumerate(((self.tr("Retrievers"), self.retriever_list),
                                            (self.tr("Sub-query merge"), self.merge_list),
                                            (self.tr("Passages per claim (k)"), self.k_list),
                                            (self.tr("Corpora"), self.corpus_list),
                                            (self.tr("Verifiers"), self.verifier_list),
                                            (self.tr("Prompts (LLM verifiers)"), self.prompt_list))):
            axes.addWidget(QLabel(title), 0, col)
            lst.setMaximumHeight(110)
            lst.itemChanged.connect(lambda _item: self.spec_changed())
            axes.addWidget(lst, 1, col)
        root.addLayout(axes)

        form = QFormLayout()
        row = QHBoxLayout()
        self.split_combo = QComboBox()
        self.split_combo.activated.connect(lambda _=0: self.spec_changed())
        row.addWidget(self.split_combo)
        row.addWidget(QLabel(self.tr("Claim limit")))
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("all claims"))
        self.limit_spin.valueChanged.connect(lambda _v: self.spec_changed())
        row.addWidget(self.limit_spin)
        row.addWidget(QLabel(self.tr("Baseline cell")))
        self.baseline_spin = QSpinBox()
        self.baseline_spin.setRange(0, 0)
        row.addWidget(self.baseline_spin)
        row.addStretch(1)
        form.addRow(self.tr("Tuning split"), row)
        root.addLayout(form)

        self.estimate_label = QLabel()
        self.estimate_label.setObjectName("experimentsEstimate")
        self.estimate_label.setWordWrap(True)
        root.addWidget(self.estimate_label)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("Run grid"))
        self.run_button.clicked.connect(self.run_grid)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.confirm_button = QPushButton(self.tr("Confirm on test"))
        self.confirm_button.setToolTip(self.tr("Evaluate the picked cell once on the test split (logged; a "
                                               "second look is refused)"))
        self.confirm_button.clicked.connect(self.confirm)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        for w in (self.run_button, self.cancel_button, self.confirm_button):
            buttons.addWidget(w)
        buttons.addWidget(self.progress, 1)
        root.addLayout(buttons)
        self.status = muted_label()
        root.addWidget(self.status)
        self.table = read_only_table([self.tr(c) for c in COLUMNS])
        self.table.setObjectName("experimentsTable")
        fit_rows(self.table, 4)
        root.addWidget(self.table, 1)
        self.tests_label = QLabel()
        self.tests_label.setObjectName("experimentsTests")
        self.tests_label.setWordWrap(True)
        self.tests_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.tests_label)
        self._set_busy(False)
        on_changes(self, lambda _changes: self.refresh_state(), "runs", "datasets", project=project)
        self.refresh()

    # ---- reading ---------------------------------------------------------------------------------
    @property
    def loading(self) -> bool:
        return self.choices is None

    def refresh(self) -> None:
        project = self.project
        QueryOp(self, op=lambda: load_choices(project), success=self.show_choices) \
            .title("reading the experiment choices").run_in_background()

    def show_choices(self, choices: Choices) -> None:
        saved = self._saved_spec()
        first = self.choices is None
        self.choices = choices

        def fill(lst: QListWidget, entries, chosen) -> None:
            before = {lst.item(i).data(FIGURE) for i in range(lst.count())
                      if lst.item(i).checkState() == Qt.CheckState.Checked}
            keep = chosen if first else before
            lst.blockSignals(True)
            lst.clear()
            for label, value in entries:
                item = QListWidgetItem(label)
                item.setData(FIGURE, value)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if value in keep else Qt.CheckState.Unchecked)
                lst.addItem(item)
            lst.blockSignals(False)
        corpora = [(self.tr("all corpora"), None)] + [(n, n) for n in choices.corpora]
        corpora += [(f"{a}+{b}", f"{a}+{b}") for i, a in enumerate(choices.corpora) for b in choices.corpora[i + 1:]]
        fill(self.retriever_list, [(r, r) for r in choices.retrievers], set(saved.get("retrievers", ["bm25"])))
        fill(self.merge_list, [(self.tr("no merge"), "none"), (self.tr("conservative merge"), "conservative")],
             set(saved.get("merges", ["none"])))
        fill(self.k_list, [(str(k), k) for k in sorted(set(K_VALUES) | set(saved.get("ks", [])))],
             set(saved.get("ks", [services.DEFAULT_K])))
        fill(self.corpus_list, corpora, {"+".join(c) if c else None for c in saved.get("corpora", [None])})
        fill(self.verifier_list, [(label + (" · " + self.tr("endpoint") if endpoint else ""), name)
                                  for label, name, endpoint in choices.verifiers], set(saved.get("verifiers", [None])))
        fill(self.prompt_list, [(self.tr("shipped template"), None)] + [(p, p) for p in choices.prompts],
             set(saved.get("prompts", [None])))
        current = self.split_combo.currentData() or saved.get("split", "dev")
        self.split_combo.clear()
        for split, n in sorted(choices.splits.items()):
            if split != TEST:       # the grid never tunes on test
                self.split_combo.addItem(self.tr("{split} ({n} claims)").format(split=split, n=n), split)
        self.split_combo.setCurrentIndex(max(0, self.split_combo.findData(current)))
        if first and saved.get("limit"):
            self.limit_spin.blockSignals(True)
            self.limit_spin.setValue(saved["limit"])
            self.limit_spin.blockSignals(False)
        self.spec_changed()

    def spec(self) -> dict | None:
        """The GridSpec's fields from the checked values, or None while an axis has none checked."""
        def checked(lst: QListWidget) -> list:
            return [lst.item(i).data(FIGURE) for i in range(lst.count())
                    if lst.item(i).checkState() == Qt.CheckState.Checked]
        axes = [checked(lst) for lst in (self.retriever_list, self.k_list, self.corpus_list, self.verifier_list,
                                         self.prompt_list, self.merge_list)]
        if not all(axes):
            return None
        retrievers, ks, corpora, verifiers, prompts, merges = axes
        return {"retrievers": retrievers, "ks": ks, "corpora": [c.split("+") if c else None for c in corpora],
                "verifiers": verifiers, "prompts": prompts, "merges": merges, "limit": self.limit_spin.value() or None}

    def spec_changed(self) -> None:
        self.result = self.confirmation = None
        self.tests_label.clear()
        self.refresh_state()

    def refresh_state(self) -> None:
        if self.choices is None or (self.op is not None and self.op.running):
            return
        spec, split = self.spec(), self.split_combo.currentData()
        if spec is None or split is None:
            self.state = None
            self.table.setRowCount(0)
            self.estimate_label.setText(self.tr("Check at least one value of each axis.") if split else
                                        self.tr("No claims dataset has a tuning split: set one (other than test) when importing the claims."))
            self._set_busy(False)
            return
        project, n = self.project, self.choices.splits.get(split, 0)
        self.estimate_label.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: load_state(project, spec, split, n), success=self.show_state) \
            .failure(self._state_failed).title("reading the grid's cells").run_in_background()

    def _state_failed(self, exc: BaseException) -> None:
        self.state = None
        self.table.setRowCount(0)
        self.estimate_label.setText(error_text(exc))
        self._set_busy(False)

    def show_state(self, state: GridState) -> None:
        self.state = state
        n_done = sum(d is not None for d in state.done)
        est = state.estimate
        seconds, unmeasured = remaining_seconds(state)
        if n_done == len(state.cells):
            when = self.tr("every cell is done: running shows the table at once")
        elif seconds is not None:
            when = self.tr("about {n} min for the rest").format(n=i18n.number(max(1, math.ceil(seconds / 60))))
        else:
            when = self.tr("time unknown: no earlier run measured {what}").format(
                what=", ".join(self.tr(RETRIEVAL) if u == RETRIEVAL else u for u in unmeasured))
        self.estimate_label.setText(self.tr(
            "{cells} cells over {claims} claims ({retrieve} retrieve and {verify} verify runs); {done} done; {when}").format(
            cells=est["n_cells"], claims=state.n_claims, retrieve=est["retrieve_runs"],
            verify=sum(est["verify_runs"].values()), done=n_done, when=when))
        self.baseline_spin.setRange(0, max(0, len(state.cells) - 1))
        self.show_cells()
        self._set_busy(self.op is not None and self.op.running)

    # ---- the table -------------------------------------------------------------------------------
    def show_cells(self) -> None:
        cells = self.result.cells if self.result is not None else (self.state.cells if self.state else [])
        holm = {p["cell"]: p["p_holm"] for p in self.result.pairwise} if self.result is not None else {}
        self.table.setRowCount(len(cells))
        for j, c in enumerate(cells):
            if self.result is not None:
                state = self.tr("pick") if j == self.result.pick["cell"] else self.tr("done")
            else:
                state = self.tr("done") if self.state.done[j] is not None else self.tr("to run")
            if j == self.baseline_spin.value():
                state += " · " + self.tr("baseline")
            merge = "" if c.get("merge", "none") == "none" else " · " + self.tr("conservative merge")
            texts = [str(j), c["retriever"] + merge, str(c["k"]), "+".join(c["corpus"]) if c["corpus"] else self.tr("all"),
                     c["verifier"] or EMBEDDED, c["prompt"] or self.tr("shipped"), state, "", "", ""]
            figures: dict[int, object] = {}
            if "accuracy" in c:
                ci = c["interval"]
                texts[ACCURACY_COL] = i18n.number(c["accuracy"], 3) + (" " + i18n.interval(*ci) if ci else "")
                figures[ACCURACY_COL] = (c["accuracy"], tuple(ci) if ci else None)
                if j in holm:
                    texts[HOLM_COL] = i18n.number(holm[j], 4)
                    figures[HOLM_COL] = holm[j]
                texts[9] = self._cost_text(c["cost"])
            for col, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if col in figures:
                    item.setData(FIGURE, figures[col])
                self.table.setItem(j, col, item)

    def _cost_text(self, cost: dict) -> str:
        cpu = i18n.number(cost["cpu_s"], 1)
        if cost["local"]:
            return self.tr("local, CPU {s} s").format(s=cpu)
        if cost["money"] is not None:
            return self.tr("{money}, CPU {s} s").format(money=i18n.number(cost["money"], 4), s=cpu)
        return self.tr("CPU {s} s, price unknown").format(s=cpu)

    def show_result(self, result) -> None:
        self.result = result
        self.confirmation = None
        self.show_cells()
        lines = []
        if result.omnibus:
            o = result.omnibus
            lines.append(self.tr("Cochran's Q = {q} (df {df}), p = {p} (χ²), {pp} (permutation)").format(
                q=i18n.number(o["q"], 3), df=o["df"], p=i18n.number(o["p_asymptotic"], 4),
                pp=i18n.number(o["p_permutation"], 4)))
        lines.append(self.tr("Pick: cell {cell}, accuracy {acc} over {n} claims of {split} (grid {id})").format(
            cell=result.pick["cell"], acc=i18n.number(result.pick["accuracy"], 3), n=result.n_claims,
            split=result.split, id=result.sweep_id))
        self.tests_label.setText("\n".join(lines))
        self.status.setText(self.tr("Done."))
        self._set_busy(False)

    # ---- running ---------------------------------------------------------------------------------
    def _set_busy(self, busy: bool) -> None:
        writable = not self.project.readonly
        self.run_button.setEnabled(writable and not busy and self.state is not None)
        self.cancel_button.setEnabled(busy)
        self.confirm_button.setEnabled(writable and not busy and self.result is not None
                                       and self.confirmation is None
                                       and bool(self.choices and self.choices.splits.get(TEST)))
        for w in (self.retriever_list, self.merge_list, self.k_list, self.corpus_list, self.verifier_list,
                  self.prompt_list, self.split_combo, self.limit_spin, self.baseline_spin):
            w.setEnabled(not busy)
        if not busy:
            self.progress.setRange(0, 1)
            self.progress.setValue(0)

    def _save_spec(self, spec: dict, split: str) -> None:
        settings().setValue(_settings_key(self.project), json.dumps({**spec, "split": split}))

    def _saved_spec(self) -> dict:
        try:
            return json.loads(settings().value(_settings_key(self.project), "") or "{}")
        except (TypeError, ValueError):      # a hand-edited settings file: start from the defaults
            return {}

    def run_grid(self) -> Op | None:
        spec, split, baseline = self.spec(), self.split_combo.currentData(), self.baseline_spin.value()
        if spec is None or split is None or (self.op is not None and self.op.running):
            return None
        self._save_spec(spec, split)
        project = self.project
        self.status.setText(self.tr("Running the grid…"))
        self.progress.setRange(0, len(self.state.cells) if self.state else 0)
        self._set_busy(True)
        self.op = (Op(self, lambda job: services.run_grid(project, services.GridSpec(**spec), split, baseline,
                                                          progress=job.progress, cancel=job.cancel))
                   .title(self.tr("Running the grid"))
                   .progress(self._progressed)
                   .success(self.show_result)
                   .failure(lambda exc: self._stopped(self.tr("The grid stopped: {why}").format(why=error_text(exc))))
                   .cancelled(lambda: self._stopped(self.tr("Cancelled: the finished cells are kept; Run grid resumes "
                                                            "where it stopped.")))
                   .run())
        return self.op

    def _progressed(self, done: int, total: int | None, _message: str) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress.setFormat(self.tr("%v of %m cells"))

    def _stopped(self, message: str) -> None:
        self._set_busy(False)
        self.status.setText(message)
        self.refresh_state()            # which cells are done now

    def cancel(self) -> None:
        if self.op is not None and self.op.running:
            self.op.cancel()

    def confirm(self) -> Op | None:
        if self.result is None or (self.op is not None and self.op.running):
            return None
        project, sweep_id = self.project, self.result.sweep_id
        self._set_busy(True)
        self.status.setText(self.tr("Evaluating the pick on test…"))
        self.op = (Op(self, lambda job: services.confirm_grid(project, sweep_id, TEST, cancel=job.cancel))
                   .title(self.tr("Confirming on test"))
                   .success(self.show_confirmation)
                   .failure(lambda exc: self._stopped(error_text(exc)))
                   .cancelled(lambda: self._stopped(self.tr("Cancelled.")))
                   .run())
        return self.op

    def show_confirmation(self, conf: dict) -> None:
        self.confirmation = conf
        ci = conf["interval"]
        self.tests_label.setText(self.tests_label.text() + "\n" + self.tr(
            "Confirmed on {split}: accuracy {acc} {ci} over {n} claims (logged; no second look)").format(
            split=conf["split"], acc=i18n.number(conf["accuracy"], 3) if conf["accuracy"] is not None else "–",
            ci=i18n.interval(*ci) if ci else "", n=conf["n"]))
        self.status.setText(self.tr("Done."))
        self._set_busy(False)
