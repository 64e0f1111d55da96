"""Figures as the CLI and the desktop app print them (one wording for both)."""
from __future__ import annotations


def percent_text(value: float | None, ci: tuple[float, float] | list[float] | None = None) -> str:
    """0.8532 with (0.80, 0.90) -> "85.3 [80.0, 90.0]"; None -> "n/a"."""
    if value is None:
        return "n/a"
    text = f"{100 * value:.1f}"
    if ci:
        text += f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"
    return text
