"""Results › Certify (issue #21 item 5): what the expert labels that exist prove about the verifier
and the run's error rate.

For the Results page's run, mapping and level: the verifier's sensitivity and specificity for
"error" (Clopper–Pearson 95 %), the run's error rate three ways side by side (labels only with
Wilson 95 %; the verifier alone, share flagged, no interval; prediction-powered with its CLT 95 %
interval), how many more labels bring the PPI half-width to a target, and a button that draws that
stratified sample to a file, to label or to send to a rater (File › Send to a rater… with exactly
those units). Computed in a worker (services.certify) whenever the panel is shown on new inputs.

The gold chooser (issue #33) says which labels count: certify's default (adjudicated, else the expert's,
else a merged rater's; the expert's and the claims' gold labels at claim level), the expert's, the
adjudicated ones, or one rater's; the summary names the gold the figures used."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QDoubleSpinBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QTableWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.i18n import localize
from factaudit.gui import i18n
from factaudit.gui.ops import Op, error_text
from factaudit.gui.views.results_parts import fill_choices
from factaudit.gui.views.tables import fit_rows, read_only_table

COLUMNS = (QT_TRANSLATE_NOOP("CertifyPanel", "Figure"), QT_TRANSLATE_NOOP("CertifyPanel", "Estimate [95% CI]"),
           QT_TRANSLATE_NOOP("CertifyPanel", "From"), QT_TRANSLATE_NOOP("CertifyPanel", "Interval"))
# a certified level: (its name, one unit, several units)
LEVELS = {"sentence": (QT_TRANSLATE_NOOP("CertifyPanel", "sentence"), QT_TRANSLATE_NOOP("CertifyPanel", "sentences")),
          "claim": (QT_TRANSLATE_NOOP("CertifyPanel", "claim"), QT_TRANSLATE_NOOP("CertifyPanel", "claims"))}
# the fixed gold sources (engine.metrics.gold_source); a rater's is shown as "rater:NAME"
GOLD_NAMES = {"expert": QT_TRANSLATE_NOOP("CertifyPanel", "expert"),
              "adjudicated": QT_TRANSLATE_NOOP("CertifyPanel", "adjudicated")}


def _tr(text: str) -> str:
    return QCoreApplication.translate("CertifyPanel", text)


def _level(level: str, plural: bool = False) -> str:
    return _tr(LEVELS[level][1 if plural else 0]) if level in LEVELS else level


def percent_text(value: float | None, ci=None) -> str:
    """0.8532 with (0.80, 0.90) -> "85.3 [80.0, 90.0]" in the locale's digits (engine.metrics.display's
    form); None -> "n/a"."""
    return i18n.percent_ci(value, ci, missing=QCoreApplication.translate("CertifyPanel", "n/a"))


def compute_certification(project, run_id: str, mapping: str, level: str, half_width: float | None,
                          gold: str | None = None):
    """Worker-thread function: the certification as its JSON document (gold None: certify's default)."""
    return services.certify(project, run_id, mapping, level, target_half_width=half_width, gold=gold).to_json()


def certification_and_choices(project, run_id: str, mapping: str, level: str, half_width: float | None,
                              gold: str | None) -> tuple[dict, list[str]]:
    """Worker: the certification and the gold sources the project offers (its raters join the chooser)."""
    return compute_certification(project, run_id, mapping, level, half_width, gold), services.gold_choices(project)


def gold_name(gold: str) -> str:
    return _tr(GOLD_NAMES[gold]) if gold in GOLD_NAMES else gold


def draw_sample(project, run_id: str, n: int, mapping: str, level: str, out: str,
                gold: str | None = None) -> tuple[str, int]:
    ids = services.draw_certify_sample(project, run_id, n, mapping, level, gold=gold)
    services.write_certify_sample(out, level, ids)
    return out, len(ids)


def _counts(e: dict) -> str:
    return QCoreApplication.translate("CertifyPanel", "{k} of {n}").format(k=i18n.number(e["k"]), n=i18n.number(e["n"])) \
        if e.get("n") is not None else ""


class CertifyPanel(QWidget):
    sampleDrawn = Signal(str)       # the file of units drawn to label: the Results page offers it as a subset

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self.inputs: tuple[str | None, str, str] = (None, "R+NE", "sentence")
        self.shown_for: tuple | None = None
        self.result: dict | None = None
        self.result_gold: str | None = None
        self.op: Op | None = None
        self.sample_op: Op | None = None
        self.sample_path: str | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 4, 0, 0)
        root.setSpacing(4)
        row = QHBoxLayout()
        self.summary = QLabel("")
        self.summary.setObjectName("certifySummary")
        self.summary.setWordWrap(True)
        row.addWidget(self.summary, 1)
        row.addWidget(QLabel(self.tr("Gold:")))
        self.gold_combo = QComboBox()
        self.gold_combo.setObjectName("certifyGold")
        self.gold_combo.setToolTip(self.tr("The labels that count as truth: certify's default (adjudicated, else the expert's, else a "
                                           "merged rater's; at claim level the expert's and the claims' gold labels), the "
                                           "expert's, the adjudicated ones, or one rater's"))
        self.gold_combo.addItem(self.tr("default"), None)
        for g in GOLD_NAMES:
            self.gold_combo.addItem(gold_name(g), g)
        self.gold_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.gold_combo.currentIndexChanged.connect(lambda _=0: self.compute())
        row.addWidget(self.gold_combo)
        row.addWidget(QLabel(self.tr("Target half-width ±")))
        self.half_spin = QDoubleSpinBox()
        self.half_spin.setObjectName("certifyHalfWidth")
        self.half_spin.setRange(0.5, 50.0)
        self.half_spin.setSingleStep(0.5)
        self.half_spin.setDecimals(1)
        self.half_spin.setValue(5.0)
        self.half_spin.setSuffix(" %")
        self.half_spin.setToolTip(self.tr("The prediction-powered interval's half-width to reach: says how many more labels it takes"))
        self.half_spin.editingFinished.connect(lambda: self.compute(force=True))
        row.addWidget(self.half_spin)
        self.draw_button = QPushButton(self.tr("Draw these units…"))
        self.draw_button.setToolTip(self.tr("Write that many unlabelled units (stratified by the verifier's flag and the dataset) to a file, to label or to send to a rater"))
        self.draw_button.clicked.connect(lambda _=False: self.draw())
        self.draw_button.setEnabled(False)
        row.addWidget(self.draw_button)
        self.send_button = QPushButton(self.tr("Send them to a rater…"))
        self.send_button.clicked.connect(lambda _=False: self.send_sample())
        self.send_button.setEnabled(False)
        row.addWidget(self.send_button)
        root.addLayout(row)
        self.table = read_only_table([self.tr(c) for c in COLUMNS])
        self.table.setObjectName("certifyTable")
        fit_rows(self.table, 5)      # the five figures (the Results page scrolls on a small screen)
        root.addWidget(self.table, 1)
        self.needed_label = QLabel("")
        self.needed_label.setObjectName("certifyNeeded")
        self.needed_label.setWordWrap(True)
        root.addWidget(self.needed_label)
        self.notes_label = QLabel("")
        self.notes_label.setObjectName("muted")
        self.notes_label.setWordWrap(True)
        root.addWidget(self.notes_label)
        # room for the texts from the start: a wrapped label that grows after the page was laid out
        # would be drawn over the table instead of growing the page
        lines = self.fontMetrics().lineSpacing()
        for label, n in ((self.summary, 3), (self.needed_label, 2), (self.notes_label, 2)):
            label.setMinimumHeight(n * lines + 2)

    # ---- inputs from the Results page ---------------------------------------------------------------
    def set_inputs(self, run_id: str | None, mapping: str, level: str) -> None:
        self.inputs = (run_id, mapping, level)
        if self.isVisible():
            self.compute()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.compute()

    @property
    def half_width(self) -> float:
        return self.half_spin.value() / 100

    @property
    def gold(self) -> str | None:
        return self.gold_combo.currentData()

    def compute(self, force: bool = False) -> Op | None:
        run_id, mapping, level = self.inputs
        key = (*self.inputs, self.half_width, self.gold)
        if not force and key == self.shown_for:
            return None
        if run_id is None:
            self._show_missing(self.tr("No finished verify run to certify: verify claims or import verdicts first."))
            self.shown_for = key
            return None
        if self.op is not None and self.op.running:
            self.op.cancel()
        self.summary.setText(self.tr("Certifying…"))
        project, h, gold = self.project, self.half_width, self.gold
        self.shown_for = key
        self.op = (Op(self, lambda job: certification_and_choices(project, run_id, mapping, level, h, gold))
                   .title(self.tr("Certifying the run")).quiet()
                   .success(lambda got, key=key: key == self.shown_for and self._certified(*got, gold=key[-1]))
                   .failure(lambda exc, key=key: key == self.shown_for and self._show_missing(error_text(exc)))
                   .run())
        return self.op

    # ---- display -------------------------------------------------------------------------------------
    def _certified(self, doc: dict, choices: list[str], gold: str | None) -> None:
        self.result_gold = gold
        fill_choices(self.gold_combo, [(g, g) for g in choices if g not in GOLD_NAMES], fixed=1 + len(GOLD_NAMES))
        self.show_result(doc)

    def _show_missing(self, why: str) -> None:
        self.result = None
        self.table.setRowCount(0)
        self.summary.setText(why)
        self.needed_label.setText("")
        self.notes_label.setText("")
        self.draw_button.setEnabled(False)

    def show_result(self, doc: dict) -> None:
        self.result = doc
        er = doc["error_rate"]
        self.summary.setText(
            self.tr("<b>{run}</b> ({mapping}, {level} level): {n} labelled {units} ({source}, {errors} errors) and {unlabelled} unlabelled. \"Error\" = the expert says the {unit} contains one; the verifier flags it under {mapping}.").format(
                run=doc['run_id'], mapping=doc['mapping'], level=_level(doc['level']), n=i18n.number(doc['n_labelled']),
                units=_level(doc['level'], True), source=localize(doc['label_source']),
                errors=i18n.number(doc['n_labelled_errors']), unlabelled=i18n.number(doc['n_unlabelled']),
                unit=_level(doc['level'])) + " " + self.tr("Gold: {gold}.").format(gold=gold_name(doc.get("gold") or "adjudicated")))
        rows = (
            (self.tr("Sensitivity (flags a real error)"), doc["sensitivity"], _counts(doc["sensitivity"]), "Clopper–Pearson"),
            (self.tr("Specificity (passes a correct unit)"), doc["specificity"], _counts(doc["specificity"]), "Clopper–Pearson"),
            (self.tr("Error rate, labels only"), er["labels_only"], _counts(er["labels_only"]), "Wilson"),
            (self.tr("Error rate, verifier alone"), er["verifier_only"],
             self.tr("{n} units").format(n=i18n.number(doc['n_labelled'] + doc['n_unlabelled'])),
             self.tr("none: share flagged, carries the verifier's bias")),
            (self.tr("Error rate, prediction-powered"), er["ppi"],
             self.tr("{labels} labels + {verdicts} verdicts").format(labels=i18n.number(doc['n_labelled']),
                                                                      verdicts=i18n.number(doc['n_unlabelled'])),
             self.tr("CLT (PPI)")),
        )
        self.table.setRowCount(len(rows))
        for r, (name, e, source, kind) in enumerate(rows):
            cells = (name, percent_text(e.get("value"), e.get("ci")), source, kind)
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if r == len(rows) - 1:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        more = doc.get("labels_needed")
        target = "±" + i18n.percent(self.half_width)
        now = doc.get("ppi_half_width")
        now_text = self.tr("now {value}").format(value="±" + i18n.percent(now)) if now is not None else self.tr("no interval yet")
        if more:
            self.needed_label.setText(self.tr("To bring the prediction-powered half-width to {target} ({now_text}): <b>{more} more labelled {units}</b>.").format(
                target=target, now_text=now_text, more=i18n.number(more), units=_level(doc['level'], True)))
        elif more == 0 and now is None:     # every unit labelled: no PPI half-width to compare with
            self.needed_label.setText(self.tr("Every unit is labelled: the error rate is the labels' own, {value}; there is nothing left to draw.").format(
                value=percent_text(er["ppi"].get("value"), er["ppi"].get("ci"))))
        elif more == 0:
            self.needed_label.setText(self.tr("The prediction-powered half-width is already within {target} ({now_text}).").format(target=target, now_text=now_text))
        else:
            self.needed_label.setText(self.tr("Half-width {target}: {v0}.").format(target=target, v0=localize(doc.get('labels_needed_reason') or '') or self.tr('not reachable')))
        self.draw_button.setEnabled(bool(more))
        notes = [self.tr("Note: {note}").format(note=localize(n)) for n in doc.get("notes") or []]
        ppi, alone = er["ppi"].get("ci"), er["labels_only"].get("ci")
        if ppi and alone and ppi[1] - ppi[0] > alone[1] - alone[0]:
            notes.append(self.tr("Note: the prediction-powered interval is wider than the labels' own: the verifier's flags disagree with the labels too often to help here, so more labels (or a better verifier) narrow it, not more verdicts."))
        self.notes_label.setText(" ".join(notes))

    # ---- drawing the labels it takes -------------------------------------------------------------
    def draw(self, out: str | None = None) -> Op | None:
        doc = self.result
        if not doc or not doc.get("labels_needed"):
            return None
        if out is None:
            suggested = Path(self.project.path).with_name(f"{Path(self.project.path).stem}-certify-sample.jsonl")
            out, _ = QFileDialog.getSaveFileName(self, self.tr("Units to label"), str(suggested), self.tr("JSON lines (*.jsonl)"))
            if not out:
                return None
        project, run_id, n, mapping, level = self.project, doc["run_id"], doc["labels_needed"], doc["mapping"], \
            doc["level"]
        gold = self.result_gold   # the draw leaves out the units the result's gold labels
        self.needed_label.setText(self.tr("Drawing {n} {units}…").format(n=i18n.number(n), units=_level(level, True)))
        self.sample_op = (Op(self, lambda job: draw_sample(project, run_id, n, mapping, level, out, gold))
                          .title(self.tr("Drawing units to label")).quiet()
                          .success(self._drawn)
                          .failure(lambda exc: self.needed_label.setText(self.tr("Not drawn: {v0}").format(v0=error_text(exc))))
                          .run())
        return self.sample_op

    def _drawn(self, value) -> None:
        out, n = value
        self.sample_path = out
        level = self.result["level"] if self.result else "sentence"
        self.needed_label.setText(self.tr("Wrote {n} {units} to label to {name} (stratified by the verifier's flag and the dataset). Label them, or send them to a rater.").format(
            n=i18n.number(n), units=_level(level, True), name=Path(out).name))
        self.send_button.setEnabled(True)
        self.sampleDrawn.emit(out)

    def send_sample(self):
        if not self.sample_path:
            return None
        from factaudit.gui.dialogs.rater_send import SendToRaterDialog

        level = self.result["level"] if self.result else "sentence"
        dialog = SendToRaterDialog(self.project, self, units_from=self.sample_path,
                                   target="sentences" if level == "sentence" else "evidence")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog


__all__ = ["CertifyPanel", "compute_certification"]
