"""The detail pane: the full text of the selected row, as read-only rich text. Values are bounded
(gui/views/long_text.py): an unbroken run of hundreds of KB would stall Qt's layout, so it is elided
and its full text opens from a link."""
from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QTextBrowser, QWidget

from factaudit.gui.i18n import verdict_name
from factaudit.gui.qtmodels.table_model import LABEL_COLORS, header_text
from factaudit.gui.views.long_text import FullTexts

KIND_TITLES = {"items": QT_TRANSLATE_NOOP("DetailPane", "Item"), "sentences": QT_TRANSLATE_NOOP("DetailPane", "Sentence"), "claims": QT_TRANSLATE_NOOP("DetailPane", "Claim"), "passages": QT_TRANSLATE_NOOP("DetailPane", "Passage")}
# expert sentence labels as shown (stored values stay English; verdicts go through gui.i18n)
LABEL_NAMES = {"correct": QT_TRANSLATE_NOOP("DetailPane", "correct"), "error": QT_TRANSLATE_NOOP("DetailPane", "error")}
# The field shown as body text per kind; the rest become a small facts table.
BODY_FIELDS = {"items": ("question", "answer"), "sentences": ("text", "reason"), "claims": ("text",),
               "passages": ("title", "text")}


def _esc(value: Any, texts: FullTexts | None = None) -> str:
    if value is None:
        return "<span class='muted'>—</span>"
    if isinstance(value, (list, dict)):
        value = json.dumps(value, ensure_ascii=False)
    if texts is not None:
        return texts.esc(value, newlines=True)
    return html.escape(str(value)).replace("\n", "<br>")


def _label(value: str | None) -> str:
    if not value:
        return "<span class='muted'>" + QCoreApplication.translate("DetailPane", "unlabelled") + "</span>"
    bg, fg = LABEL_COLORS.get(value, ("#eef0f3", "#333"))
    shown = QCoreApplication.translate("DetailPane", LABEL_NAMES[value]) if value in LABEL_NAMES else verdict_name(value)
    return f"<span style='background:{bg}; color:{fg};'>&nbsp;{html.escape(shown)}&nbsp;</span>"


class DetailPane(QTextBrowser):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("detailPane")
        self.setOpenLinks(False)
        self.full_texts = FullTexts(self)
        self.anchorClicked.connect(self.full_texts.open)
        self.document().setDefaultStyleSheet(
            "h2 { margin: 0 0 6px 0; } .muted { color: #8a919c; } .key { color: #5b6472; padding-right: 10px; }"
            " p.body { margin: 4px 0 12px 0; } h4 { margin: 12px 0 4px 0; color: #3b4350; }"
        )
        self.show_empty()

    def show_empty(self) -> None:
        self.setHtml("<p class='muted'>" + self.tr("Select a row to see its full text.") + "</p>")

    def show_record(self, kind: str, record: dict[str, Any], detail=None) -> None:
        """`record` is the table row; `detail` an engine RowDetail with the complete record if available."""
        fields = dict(record)
        if detail is not None:
            fields.update(detail.fields)
        self.full_texts.clear()
        t = self.full_texts
        title = QCoreApplication.translate("DetailPane", KIND_TITLES[kind]) if kind in KIND_TITLES else kind
        parts = [f"<h2>{title} <span class='muted'>{_esc(fields.get('id'), t)}</span></h2>"]
        facts = []
        body_keys = BODY_FIELDS.get(kind, ())
        for key, value in fields.items():
            if key in body_keys or key == "id" or value in (None, "", [], False):
                continue
            shown = _label(value) if key in ("label", "gold_label") else _esc(value, t)
            facts.append(f"<tr><td class='key'>{html.escape(header_text(key))}"
                         f"</td><td>{shown}</td></tr>")
        if facts:
            parts.append("<table cellspacing='0' cellpadding='2'>" + "".join(facts) + "</table>")
        has_sentences = kind == "items" and detail is not None and bool(detail.children)
        for key in body_keys:
            if key == "answer" and has_sentences:
                continue  # shown below, sentence by sentence with the expert labels
            value = fields.get(key)
            if value:
                name = header_text(key)
                parts.append(f"<h4>{html.escape(name)}</h4><p class='body'>{_esc(value, t)}</p>")
        if detail is not None and detail.children:
            if kind == "items":
                parts.append("<h4>" + self.tr("Answer, {n} sentences").format(n=len(detail.children)) + "</h4>")
                for s in detail.children:
                    parts.append(f"<p class='body'>{_label(s.get('label'))} {_esc(s.get('text'), t)}"
                                 + (f"<br><span class='muted'>{_esc(s['reason'], t)}</span>" if s.get("reason") else "")
                                 + "</p>")
            elif kind == "claims":
                parts.append("<h4>" + self.tr("Gold evidence ({n})").format(n=len(detail.children)) + "</h4>")
                for g in detail.children:
                    parts.append(f"<p class='body'><b>{_esc(g.get('passage_id'), t)}</b> {_label(g.get('stance'))}"
                                 f"<br>{_esc(g.get('title'), t)}</p>")
        self.setHtml("".join(parts))

    @property
    def plain_text(self) -> str:
        return self.toPlainText()
