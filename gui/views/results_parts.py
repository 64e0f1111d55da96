"""Pieces of the Results page: number formatting, tables and matplotlib canvases."""
from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget




def _pvalue(p) -> str:
    if p is None:
        return ""
    from factaudit.gui.i18n import number

    return number(p, 4) if p >= 0.0001 else f"{p:.1e}"


def _empty(canvas, why: str) -> None:
    """An empty chart says why it is empty (never axes with "n/a" drawn over them)."""
    import textwrap

    fig = canvas.figure
    fig.clear()
    fig.text(0.5, 0.5, textwrap.fill(why.replace("$", r"\$"), 48), ha="center", va="center", fontsize=9,
             color="#52606d")
    canvas.draw()


class PlotCanvas(QWidget):
    """A matplotlib figure on the QtAgg canvas (imported lazily: matplotlib is slow to load)."""

    def __init__(self, width: float, height: float, parent: QWidget | None = None):
        super().__init__(parent)
        import matplotlib
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
        from matplotlib.figure import Figure

        from factaudit.engine import services

        # texts take their font when created: Chinese labels need the CJK fallback before the first one
        matplotlib.rcParams["font.family"] = services.plot_font_families()
        self.figure = Figure(figsize=(width, height), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.canvas)

    def draw(self) -> None:
        self.canvas.draw_idle()


def closed_figures_text(m) -> str:
    """What a closed-regime figure is worth, under the Results page's closed-regime line: balanced
    accuracy beside the majority baseline, a note when the run does no better than that baseline or
    its verifier is demo-grade, and the grounding control paired with the run."""
    from PySide6.QtCore import QCoreApplication

    from factaudit.engine import services
    from factaudit.gui import i18n

    c, lines = m.closed, []
    if c.balanced_accuracy is not None:
        lines.append(QCoreApplication.translate("ResultsView", "Balanced accuracy {v} (mean recall of Supported and Refuted).").format(
            v=services.percent_text(c.balanced_accuracy)))
    if c.majority:
        maj = c.majority
        lines.append(QCoreApplication.translate("ResultsView", "Majority baseline (always {label}): accuracy {acc}, balanced accuracy {bal}.").format(
            label=i18n.verdict_name(maj["label"]), acc=services.percent_text(maj["accuracy"], maj.get("accuracy_ci")),
            bal=services.percent_text(maj["balanced_accuracy"])))
    if c.within_majority:
        lines.append(QCoreApplication.translate("ResultsView", "Note: accuracy is within the majority baseline's interval."))
    if m.demo_grade:
        lines.append(QCoreApplication.translate("ResultsView", "Note: this run's verifier is marked demo-grade."))
    g = m.grounding_control
    if g:
        lines.append(QCoreApplication.translate("ResultsView", "Grounding control {control} of {real}: {same} of {n} verdicts stay the same without "
                        "evidence; balanced accuracy {b1} with evidence, {b0} without.").format(
            control=g["control_run"], real=g["real_run"], same=i18n.number(g["n_same"]), n=i18n.number(g["n_compared"]),
            b1=services.percent_text(g["real_balanced_accuracy"]), b0=services.percent_text(g["control_balanced_accuracy"])))
    return " ".join(lines)
