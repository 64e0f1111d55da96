"""Bounded rendering of user content: passage text, claims and model output come from files anyone
can write, and Qt's rich-text layout is quadratic in the length of an unbroken word (a 300 KB word
blocked the verdict view for 26 s, 2 MB for over 5 minutes; issue 36). So every view renders an
elided copy: a run of more than MAX_TOKEN characters without a break keeps its head and tail around
an ellipsis, and a text longer than MAX_CHARS is cut. The full text stays a click away: the elided
copy ends in a link that opens it in a plain-text window, whose layout wraps anywhere (linear).
"""
from __future__ import annotations

import html
import re
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from factaudit.gui import i18n

MAX_TOKEN = 120           # the longest URL or chemical name a passage holds runs to about this
TOKEN_HEAD, TOKEN_TAIL = 60, 20
MAX_CHARS = 20_000        # a view shows at most this much of one text (an abstract is ~2,000)
ELLIPSIS = "…"
LINK_SCHEME = "fulltext"
_LONG = re.compile(r"\S{%d,}" % (MAX_TOKEN + 1))


def elide(text: str) -> tuple[str, bool]:
    """(the text as a view shows it, whether anything was left out)."""
    short = _LONG.sub(lambda m: m.group(0)[:TOKEN_HEAD] + ELLIPSIS + m.group(0)[-TOKEN_TAIL:], text)
    if len(short) > MAX_CHARS:   # after the words are shortened, so a long word keeps its end
        short = short[:MAX_CHARS] + ELLIPSIS
    return short, short != text


def bounded(value: Any) -> str:
    """`value` escaped for rich text and bounded like `elide`, for views that show a text without a link to
    the whole of it (the page beside them, or the verdict view, shows it in full)."""
    return html.escape(elide("" if value is None else str(value))[0])


def full_text_link(key: str, text: str) -> str:
    label = QCoreApplication.translate("LongText", "show the full text ({n} characters)").format(n=i18n.number(len(text)))
    return f" <a href='{LINK_SCHEME}:{html.escape(key)}'>{html.escape(label)}</a>"


class FullTexts:
    """The texts a view elided, by link key; `open(url)` shows one in a FullTextDialog."""

    def __init__(self, parent: QWidget):
        self.parent, self.texts, self.dialog = parent, {}, None

    def clear(self) -> None:
        self.texts.clear()

    def esc(self, value: Any, newlines: bool = False) -> str:
        """`value` escaped and bounded, with the link to its full text when it was shortened."""
        text = "" if value is None else str(value)
        shown, cut = elide(text)
        out = html.escape(shown)
        if newlines:
            out = out.replace("\n", "<br>")
        if cut:
            key = str(len(self.texts))
            self.texts[key] = text
            out += full_text_link(key, text)
        return out

    def highlighted(self, text: str, start: int | None, end: int | None, style: str) -> str:
        """`text` with [start, end) marked, each part bounded; one link to the whole text if shortened."""
        if start is None or end is None or not 0 <= start < end <= len(text):
            return self.esc(text)
        parts = [elide(text[:start]), elide(text[start:end]), elide(text[end:])]
        out = (html.escape(parts[0][0]) + f"<span style='{style}'>" + html.escape(parts[1][0]) + "</span>"
               + html.escape(parts[2][0]))
        if any(cut for _, cut in parts):
            key = str(len(self.texts))
            self.texts[key] = text
            out += full_text_link(key, text)
        return out

    def open(self, url) -> bool:
        """Open the text a link names; False for any other link."""
        raw = url.toString() if hasattr(url, "toString") else str(url)
        if not raw.startswith(LINK_SCHEME + ":"):
            return False
        text = self.texts.get(raw[len(LINK_SCHEME) + 1:])
        if text is None:
            return False
        self.dialog = FullTextDialog(text, self.parent)
        self.dialog.show()
        return True


class FullTextDialog(QDialog):
    """The whole text, read-only and selectable; wrapping anywhere keeps a long word's layout linear."""

    def __init__(self, text: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("fullTextDialog")
        self.setWindowTitle(QCoreApplication.translate("LongText", "Full text"))
        self.resize(720, 480)
        layout = QVBoxLayout(self)
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.view.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
        self.view.setPlainText(text)
        layout.addWidget(self.view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
