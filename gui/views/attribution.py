"""Classifier attribution as HTML, for the verdict view and Review: the one line that says what drove
the verdict ("P(Supported) = 0.91, passage 12345, sentence 3") and the passage with that sentence
highlighted. Passage text stays verbatim (escaped), so a planted instruction is still visible."""
from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from factaudit.engine.i18n import localize
from factaudit.gui import i18n
from factaudit.gui.views.long_text import bounded

MARK_STYLE = "background:#ffe58f; color:#000"
ATTRIBUTION_STYLE = "background:#eef4ff; border-left:3px solid #3b6fd8; padding:4px"
CONTEXT_CHARS = 300        # characters kept either side of the span when a passage is cut for length


EXCERPT_CHARS = 600        # the driving sentence quoted in the attribution line, at most


def attribution_text(a) -> str:
    """services.Attribution.text() in the interface language: "P(Supported) = 0.91, passage 12345, sentence 3"."""
    if a.failure:
        return localize(a.failure)
    if a.passage_id is None or a.prob is None:
        return QCoreApplication.translate("attribution", "No passage had text to score.")
    if a.first is None:
        where = QCoreApplication.translate("attribution", "a window")
    elif a.first == a.last:
        where = QCoreApplication.translate("attribution", "sentence {n}").format(n=a.first)
    else:
        where = QCoreApplication.translate("attribution", "sentences {first}-{last}").format(first=a.first, last=a.last)
    return QCoreApplication.translate("attribution", "P({label}) = {prob}, passage {passage}, {where}").format(
        label=i18n.verdict_name(a.label or ""), prob=i18n.number(a.prob, 2), passage=a.passage_id, where=where)


def attribution_line(a, passage_text: str | None = None) -> str:
    """The attribution's one line in a tinted block (services.Attribution), quoting the driving
    sentence when the passage text is given (so it is read without scrolling to the passage)."""
    quote = ""
    if passage_text and a.start is not None and a.end is not None and 0 <= a.start < a.end <= len(passage_text):
        span = passage_text[a.start:a.end]
        if len(span) > EXCERPT_CHARS:
            span = span[:EXCERPT_CHARS] + "… " + QCoreApplication.translate(
                "attribution", "({n} more characters, highlighted below)").format(n=i18n.number(len(span) - EXCERPT_CHARS))
        quote = f"<br><span style='{MARK_STYLE}'>“{bounded(span)}”</span>"
    what = QCoreApplication.translate("attribution", "What drove the verdict:")
    why = QCoreApplication.translate("attribution", "A classifier verdict has no reasoning: the highlighted sentence is the evidence window with the highest probability for it.")
    return (f"<div style='{ATTRIBUTION_STYLE}'><b>{what}</b> {html.escape(attribution_text(a))}{quote}"
            f"<br><span style='color:#4a5260'>{why}</span></div>")


def highlighted(text: str, start: int | None, end: int | None, limit: int | None = None) -> str:
    """`text` escaped, with [start, end) marked. With `limit`, a longer text is cut around the span
    (never cutting the span itself), and the cuts are shown with an ellipsis."""
    has_span = start is not None and end is not None and 0 <= start < end <= len(text)
    lo, hi = 0, len(text)
    if limit is not None and len(text) > limit:
        if has_span and end > limit:
            lo, hi = max(0, start - CONTEXT_CHARS), min(len(text), end + CONTEXT_CHARS)
        else:
            hi = limit
    head = "…" if lo > 0 else ""
    tail = "…" if hi < len(text) else ""
    if not has_span:
        return head + bounded(text[lo:hi]) + tail
    return (head + bounded(text[lo:start]) + f"<span style='{MARK_STYLE}'>" + bounded(text[start:end])
            + "</span>" + bounded(text[end:hi]) + tail)
