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
