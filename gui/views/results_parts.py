"""Pieces of the Results page: number formatting, tables and matplotlib canvases."""
from __future__ import annotations

import threading

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget


_RENDER_LOCK = threading.Lock()


def _pvalue(p) -> str:
    if p is None:
        return ""
    from factaudit.gui.i18n import number

    return number(p, 4) if p >= 0.0001 else f"{p:.1e}"


def _empty(canvas, why: str) -> None:
    """An empty chart says why it is empty (never axes with "n/a" drawn over them)."""
    import textwrap

    text = textwrap.fill(why.replace("$", r"\$"), 48)
    canvas.plot(lambda fig: fig.text(0.5, 0.5, text, ha="center", va="center", fontsize=9, color="#52606d"))


def percent_text(value: float | None, ci=None) -> str:
    """The engine's "85.3 [80.0, 90.0]" (engine.metrics.display) in the locale's digits; None -> "n/a".
    German read "33.3" on this page beside "1,0 GB" and "1.201" elsewhere (issue #35 item 9)."""
    from factaudit.gui import i18n

    return i18n.percent_ci(value, ci, missing=QCoreApplication.translate("ResultsView", "n/a"))


class PlotCanvas(QWidget):
    """A matplotlib figure built and rendered with Agg in a worker and shown as an image: the UI thread
    never imports or touches matplotlib. Drawing on the UI thread (the QtAgg canvas) blocked "Open
    results" 0.33-0.46 s in a real window, and building the axes there still took 70-140 ms under load
    (#35 item 4). plot(build) hands the worker a function that fills a fresh figure from plain data
    (texts already translated); `figure` is the last figure drawn, for tests to read."""

    def __init__(self, width: float, height: float, parent: QWidget | None = None):
        super().__init__(parent)
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QSizePolicy

        self._size = (width, height)
        self.figure = None            # the last figure drawn (built in the worker)
        self.rendering = False        # a drawing is in the worker
        self.renders = 0              # drawings shown (what tests wait for)
        self._pending = None          # the newest drawing asked for while one was rendering
        self._drawn_for = None        # (size, pixel ratio) the drawing in flight or shown was made for
        self.image = QLabel(self)
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.image.setMinimumSize(int(width * 40), int(height * 40))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.image)

    def sizeHint(self):
        from PySide6.QtCore import QSize

        return QSize(int(self._size[0] * 100), int(self._size[1] * 100))   # as the QtAgg canvas asked

    def plot(self, build) -> None:
        """Draw a new figure that build(figure) fills, in a worker; the newest request wins."""
        size = self._size
        self._request(lambda: _built_figure(build, size))

    def _request(self, make) -> None:
        if self.rendering:
            self._pending = make
        else:
            self._render(make)

    def _target(self) -> tuple:
        """(size in inches at 100 dpi, device pixel ratio) a drawing should have now; before the first
        layout the widget has no size yet: None, the figure's own size then."""
        w, h = self.width(), self.height()
        size = (w / 100, h / 100) if self.isVisible() and w > 20 and h > 20 else None
        return size, self.devicePixelRatioF()

    def _render(self, make) -> None:
        from factaudit.gui.ops import Op

        self._drawn_for = (size, ratio) = self._target()
        self.rendering = True
        Op(self, lambda _job: _render_rgba(make, size, 100 * ratio)).title("chart").quiet() \
            .success(lambda out, r=ratio: self._rendered(out, r)).finished(self._render_ended).run()

    def _rendered(self, out, ratio: float) -> None:
        from PySide6.QtGui import QImage, QPixmap

        data, w, h, self.figure = out
        img = QImage(data, w, h, 4 * w, QImage.Format.Format_RGBA8888).copy()
        pix = QPixmap.fromImage(img)
        pix.setDevicePixelRatio(ratio)
        self.image.setPixmap(pix)
        self.renders += 1

    def _render_ended(self) -> None:
        self.rendering = False
        pending, self._pending = self._pending, None
        if pending is None and self.figure is not None and self._target() != self._drawn_for:
            # resized (or laid out) while this drawing was in the worker: draw the figure again at the new
            # size, else a chart drawn before the first layout stays larger than its place and is cut
            pending = lambda fig=self.figure: fig      # noqa: E731 - the figure is only read by the worker
        if pending is not None:
            self._render(pending)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.figure is not None and not self.rendering:     # (a drawing in flight checks its size when it ends)
            self._request(lambda fig=self.figure: fig)


def _built_figure(build, size: tuple[float, float]):
    """A fresh Agg figure filled by build(); in a worker, under the render lock."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from factaudit.engine import services

    # texts take their font when created: Chinese labels need the CJK fallback before the first one
    matplotlib.rcParams["font.family"] = services.plot_font_families()
    fig = Figure(figsize=size, layout="constrained")
    FigureCanvasAgg(fig)
    build(fig)
    return fig


def _render_rgba(make, size, dpi: float) -> tuple[bytes, int, int, object]:
    """(RGBA bytes, width, height, figure) of the figure make() returns, drawn with Agg; in a worker.
    One render at a time across the page: matplotlib's font cache is not safe for threads drawing together."""
    with _RENDER_LOCK:
        fig = make()
        if size is not None:
            fig.set_size_inches(*size)
        fig.set_dpi(dpi)
        fig.canvas.draw()
        buf = fig.canvas.buffer_rgba()
        return bytes(buf), buf.shape[1], buf.shape[0], fig


def closed_figures_text(m) -> str:
    """What a closed-regime figure is worth, under the Results page's closed-regime line: balanced
    accuracy beside the majority baseline, a note when the run does no better than that baseline or
    its verifier is demo-grade, and the grounding control paired with the run."""
    from PySide6.QtCore import QCoreApplication

    from factaudit.gui import i18n

    c, lines = m.closed, []
    if c.balanced_accuracy is not None:
        lines.append(QCoreApplication.translate("ResultsView", "Balanced accuracy {v} (mean recall of Supported and Refuted).").format(
            v=percent_text(c.balanced_accuracy)))
    if c.majority:
        maj = c.majority
        lines.append(QCoreApplication.translate("ResultsView", "Majority baseline (always {label}): accuracy {acc}, balanced accuracy {bal}.").format(
            label=i18n.verdict_name(maj["label"]), acc=percent_text(maj["accuracy"], maj.get("accuracy_ci")),
            bal=percent_text(maj["balanced_accuracy"])))
    if c.within_majority:
        lines.append(QCoreApplication.translate("ResultsView", "Note: accuracy is within the majority baseline's interval."))
    if m.demo_grade:
        lines.append(QCoreApplication.translate("ResultsView", "Note: this run's verifier is marked demo-grade."))
    g = m.grounding_control
    if g:
        lines.append(QCoreApplication.translate("ResultsView", "Grounding control {control} of {real}: {same} of {n} verdicts stay the same without "
                        "evidence; balanced accuracy {b1} with evidence, {b0} without.").format(
            control=g["control_run"], real=g["real_run"], same=i18n.number(g["n_same"]), n=i18n.number(g["n_compared"]),
            b1=percent_text(g["real_balanced_accuracy"]), b0=percent_text(g["control_balanced_accuracy"])))
    return " ".join(lines)


def show_closed(table, canvas, c) -> None:
    """The closed regime's per-verdict table and its confusion matrix (the Results page's lower left and
    right; `c` is RunMetrics.closed)."""
    import numpy as np
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableWidgetItem

    from factaudit.gui import i18n

    table.setRowCount(len(c.per_class))
    for row, (label, v) in enumerate(c.per_class.items()):
        support = v.get("support", "")
        values = (i18n.verdict_name(label), i18n.number(support) if isinstance(support, (int, float)) else support,
                  *(percent_text(v.get(k)) for k in ("precision", "recall", "f1")))
        for col, value in enumerate(values):
            item = QTableWidgetItem(str(value))
            if col == 0:
                item.setData(Qt.ItemDataRole.UserRole, label)      # the stored (English) verdict
            if col > 0:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, col, item)
    mat = np.array(c.confusion_matrix)
    cells = [[i18n.number(int(v)) for v in row] for row in mat]
    short = [QCoreApplication.translate("ResultsView", "NE") if lab == "No Evidence" else i18n.verdict_name(lab)
             for lab in c.labels]
    axis_names = (QCoreApplication.translate("ResultsView", "predicted"), QCoreApplication.translate("ResultsView", "gold"))
    canvas.plot(lambda fig: _confusion_axes(fig, mat, cells, short, axis_names))


def interval_axes(fig, rows: list[tuple], title: str, missing: str) -> None:
    """Precision, recall and F1 with their 95% intervals: rows of (name, value, interval, value text)."""
    ax = fig.add_subplot()
    for y, (_name, v, ci, text) in enumerate(rows):
        if v is None:
            ax.text(0.5, y, missing, va="center", ha="center", color="#52606d")
            continue
        if ci:
            ax.plot(ci, [y, y], color="#1d3557", linewidth=3, solid_capstyle="butt")
        ax.plot([v], [y], "o", color="#e63946", markersize=8)
        ax.text(1.02, y, text, va="center", fontsize=8, transform=ax.get_yaxis_transform())
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize=9)


def _confusion_axes(fig, mat, cells: list[list[str]], short: list[str], axis_names: tuple[str, str]) -> None:
    ax = fig.add_subplot()
    ax.imshow(mat, cmap="Blues")
    for i in range(mat.shape[0]):
        for j in range(mat.shape[1]):
            ax.text(j, i, cells[i][j], ha="center", va="center", fontsize=8,
                    color="white" if mat[i, j] > mat.max() / 2 else "black")
    # the verdict names side by side overlap in a narrow canvas (and in German): slant them
    ax.set_xticks(range(len(short)), short, fontsize=8, rotation=30, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(short)), short, fontsize=8)
    ax.set_xlabel(axis_names[0], fontsize=8)
    ax.set_ylabel(axis_names[1], fontsize=8)


class WrapLabel(QLabel):
    """A word-wrapped label whose minimum height follows its wrapped text, so a long line (a 100k run's
    figures, a longer translation) pushes the page into its scroll area instead of squeezing the table
    below it: layouts ask a wrapped QLabel for one line's height."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def _fit(self) -> None:
        h = self.heightForWidth(max(1, self.width()))
        if h > 0 and h != self.minimumHeight():
            self.setMinimumHeight(h)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()


# ---- the study figures beside a run's scores (issue #33: gold, severity, reasoning, answers) ------
FIGURE_COLUMNS = (QT_TRANSLATE_NOOP("ResultsFigures", "Figure"), "n", QT_TRANSLATE_NOOP("ResultsFigures", "Value [95% CI]"))
GRADE_NAMES = {"Mild": QT_TRANSLATE_NOOP("ResultsFigures", "Mild"),
               "Moderate": QT_TRANSLATE_NOOP("ResultsFigures", "Moderate"),
               "Severe": QT_TRANSLATE_NOOP("ResultsFigures", "Severe")}


def _t(text: str) -> str:
    """A text marked with QT_TRANSLATE_NOOP("ResultsFigures", ...) elsewhere, translated now."""
    return QCoreApplication.translate("ResultsFigures", text)


def _n(v) -> str:
    from factaudit.gui.i18n import number

    return "" if v is None else number(v)


def subset_name(subset: str) -> str:
    """A subset as the figures name it; a unit list by its file's name, not its whole path."""
    from pathlib import Path

    if subset.startswith("units:"):
        return QCoreApplication.translate("ResultsView", "unit list {name}").format(name=Path(subset[6:]).name)
    return subset


def figure_rows(extras: dict | None, mapping: str) -> list[tuple[str, str, str]]:
    """(figure, n, value) rows of the figures a run has: the gold it is scored against, the gold
    subset, recall by severity, reasoning, answer correctness and label-free factual precision."""

    pct = percent_text
    if not extras:
        return []
    rows: list[tuple[str, str, str]] = []
    g = extras.get("gold")
    if g:
        said = QCoreApplication.translate("ResultsFigures", "{source}: {adj} from adjudication, {rated} from raters; {changed} differ from the expert's")
        rows.append((QCoreApplication.translate("ResultsFigures", "Gold source"), _n(g["n_labels"]), said.format(
            source=g["source"], adj=_n(g["from_adjudication"]), rated=_n(g["from_rater"]), changed=_n(g["changed_from_expert"]))))
    sub = extras.get("gold_subset")
    if sub:
        for level, name in (("sentence", QCoreApplication.translate("ResultsFigures", "sentence level")), ("claim", QCoreApplication.translate("ResultsFigures", "claim level"))):
            s = sub[level][mapping]
            rows.append((QCoreApplication.translate("ResultsFigures", "Subset {subset}, {level} ({mapping})").format(subset=subset_name(sub["subset"]), level=name, mapping=mapping),
                         _n(s["n"]), QCoreApplication.translate("ResultsFigures", "P {p}  R {r}  F1 {f1}").format(p=pct(s["precision"], s["precision_ci"]),
                                                                       r=pct(s["recall"], s["recall_ci"]), f1=pct(s["f1"], s["f1_ci"]))))
    sev = (extras.get("severity") or {}).get(mapping)
    if sev:
        rows.append((QCoreApplication.translate("ResultsFigures", "Severity-weighted recall ({mapping}; weights 1, 2, 3)").format(mapping=mapping),
                     _n(sev["n_graded"]), pct(sev["weighted_recall"])))
        for grade, r in sev["by_severity"].items():
            if r["n"]:
                rows.append((QCoreApplication.translate("ResultsFigures", "Recall of {grade} errors").format(grade=_t(GRADE_NAMES.get(grade, grade))), _n(r["n"]),
                             QCoreApplication.translate("ResultsFigures", "{v} ({k} of {n})").format(v=pct(r["recall"], r["recall_ci"]), k=_n(r["tp"]), n=_n(r["n"]))))
    rf = extras.get("reasoning")
    if rf and rf.get("n_complete"):
        t = rf["table"]
        rows.append((QCoreApplication.translate("ResultsFigures", "Traces correct on all six reasoning steps"), _n(rf["n_complete"]),
                     pct(rf["all_correct"], rf["all_correct_ci"])))
        first = ", ".join(f"{step} {_n(k)}" for step, k in rf["first_failure"].items() if k)
        rows.append((QCoreApplication.translate("ResultsFigures", "First failing step"), _n(sum(rf["first_failure"].values())), first or "—"))
        rows.append((QCoreApplication.translate("ResultsFigures", "Verdict × reasoning ({mapping})").format(mapping=rf["mapping"]),
                     _n(sum(t.values())), QCoreApplication.translate("ResultsFigures", "right/sound {a}, right/wrong {b}, wrong/sound {c}, wrong/wrong {d}").format(
                         a=_n(t["right_verdict_sound_reasoning"]), b=_n(t["right_verdict_wrong_reasoning"]),
                         c=_n(t["wrong_verdict_sound_reasoning"]), d=_n(t["wrong_verdict_wrong_reasoning"]))))
    ac = (extras.get("answers") or {}).get("answer_correctness")
    if ac and ac.get("n"):
        rows.append((QCoreApplication.translate("ResultsFigures", "Answers correct against the reference"), _n(ac["n"]), pct(ac["correct"], ac["correct_ci"])))
        rows.append((QCoreApplication.translate("ResultsFigures", "Answers matching the reference exactly"), _n(ac["n"]), pct(ac["exact_match"], ac["exact_match_ci"])))
    fp = (extras.get("answers") or {}).get("factual_precision")
    if fp and fp.get("n_answers_scored"):
        rows.append((QCoreApplication.translate("ResultsFigures", "Factual precision, label-free (FActScore)"), _n(fp["n_answers_scored"]),
                     pct(fp["factscore"], fp["factscore_ci"])))
        rows.append((QCoreApplication.translate("ResultsFigures", "VeriScore F1@K"), _n(fp["n_answers"]), pct(fp["veriscore"], fp["veriscore_ci"])))
        e = fp.get("expert")
        if e:
            rows.append((QCoreApplication.translate("ResultsFigures", "Expert-labelled precision on the same claims"), _n(e["n_claims"]),
                         pct(e["expert_precision"], e["expert_precision_ci"])))
    return rows


class FiguresPanel(QWidget):
    """The Results page's "Study figures" tab: figure_rows as a table, with a line saying what is missing."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from factaudit.gui.views.tables import read_only_table

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.note = WrapLabel("")
        layout.addWidget(self.note)
        self.table = read_only_table([_t(c) for c in FIGURE_COLUMNS])
        self.table.setObjectName("figuresTable")
        layout.addWidget(self.table, 1)

    def show_figures(self, extras: dict | None, mapping: str) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QTableWidgetItem

        rows = figure_rows(extras, mapping)
        self.table.setRowCount(len(rows))
        for r, values in enumerate(rows):
            for c, v in enumerate(values):
                item = QTableWidgetItem(v)
                if c == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        notes = (extras or {}).get("notes") or []
        self.note.setText(" ".join(notes) if rows or notes else QCoreApplication.translate("ResultsFigures", "Choose a finished verify run."))


def gold_controls(layout, changed) -> tuple:
    """The Results page's gold-source and subset choosers, added to `layout`; `changed()` on a choice.
    The first two entries of each are fixed; fill_choices adds the project's raters and categories."""
    from PySide6.QtWidgets import QComboBox

    layout.addWidget(QLabel(QCoreApplication.translate("ResultsView", "Gold:")))
    gold = QComboBox()
    gold.setObjectName("goldCombo")
    gold.setToolTip(QCoreApplication.translate("ResultsView", "The sentence labels every figure is scored against: the expert's, the adjudicated ones (else the expert's), or one rater's"))
    gold.addItem(QCoreApplication.translate("ResultsView", "expert"), "expert")
    gold.addItem(QCoreApplication.translate("ResultsView", "adjudicated"), "adjudicated")
    layout.addWidget(gold)
    layout.addWidget(QLabel(QCoreApplication.translate("ResultsView", "Subset:")))
    subset = QComboBox()
    subset.setObjectName("subsetCombo")
    subset.setToolTip(QCoreApplication.translate("ResultsView", "A subset scored beside the full set, each with its n (Study figures tab)"))
    subset.addItem(QCoreApplication.translate("ResultsView", "none"), None)
    subset.addItem(QCoreApplication.translate("ResultsView", "adjudicated sentences"), "adjudicated")
    layout.addWidget(subset)
    # a saved unit list (certify's drawn sample, a study's gold subset) is a file: the project keeps none
    subset.unit_lists = []
    # a narrow "…" button: the row sits outside the page's scroll area, so its width is the window's minimum
    pick = QToolButton()
    pick.setText("…")
    pick.setAccessibleName(QCoreApplication.translate("ResultsView", "Unit list…"))
    pick.setObjectName("unitListButton")
    pick.setToolTip(QCoreApplication.translate("ResultsView", "Score a saved unit list beside the full set: a file of sentence or claim ids, one a line, or the JSON lines Certify's \"Draw these units…\" writes"))
    pick.clicked.connect(lambda _=False: choose_unit_list(subset))
    layout.addWidget(pick)
    subset.unit_list_button = pick
    for combo in (gold, subset):
        # shown whole where there is room; a long rater or category name never widens the page past
        # the 1,100 px a laptop leaves it (an explicit minimum width overrides the contents' one)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        combo.setMinimumWidth(combo.fontMetrics().horizontalAdvance("adjudicated") + 40)
        combo.currentIndexChanged.connect(lambda _=0: changed())
    return gold, subset


def unit_list_items(subset) -> list[tuple[str, str]]:
    """The subset chooser's entries for the unit lists added so far (after the categories)."""
    from pathlib import Path

    return [(QCoreApplication.translate("ResultsView", "unit list {name}").format(name=Path(p).name), f"units:{p}")
            for p in subset.unit_lists]


def add_unit_list(subset, path: str, select: bool = True) -> None:
    """Offer the unit list file `path` in the subset chooser (once), chosen when `select`."""
    if path not in subset.unit_lists:
        subset.unit_lists.append(path)
        text, data = unit_list_items(subset)[-1]
        subset.blockSignals(True)
        subset.addItem(text, data)
        subset.blockSignals(False)
    if select:
        subset.setCurrentIndex(subset.findData(f"units:{path}"))


def choose_unit_list(subset, path: str | None = None) -> None:
    """Ask for a unit list file (`path` given: no dialog) and score it as the subset."""
    if path is None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(subset.window(), QCoreApplication.translate("ResultsView", "Unit list to score as a subset"),
                                              "", QCoreApplication.translate("ResultsView", "Unit lists (*.jsonl *.txt);;All files (*)"))
        if not path:
            return
    add_unit_list(subset, path)


def fill_choices(combo, items: list[tuple[str, str]], fixed: int = 2) -> None:
    """Replace the entries after the first `fixed` by `items` (text, data), keeping the choice, quietly."""
    if [combo.itemData(i) for i in range(fixed, combo.count())] == [d for _t, d in items]:
        return
    combo.blockSignals(True)
    current = combo.currentData()
    while combo.count() > fixed:
        combo.removeItem(fixed)
    for text, data in items:
        combo.addItem(text, data)
    combo.setCurrentIndex(max(0, combo.findData(current)))
    combo.blockSignals(False)


def keep_columns_in_view(table) -> None:
    """A table's minimum width is its columns' content width, so a layout shrinks the plot beside it
    rather than cutting off its last column (the metrics table's "F1 [95% CI]" on a 1366-px or a
    150 %-scaled screen, issue #35 item 7)."""
    header = table.horizontalHeader()
    need = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(table.columnCount()))
    table.setMinimumWidth(need + 2 * table.frameWidth() + 2)
