"""The Review page's triage vocabulary: the three outcomes, the engine's pre-fill reasons as the
interface shows them, and the disagreement list that turns the keys 1-3 and Enter into triage decisions
(the page itself is gui.views.review_view)."""
from __future__ import annotations

import re
from types import SimpleNamespace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QTableView

from factaudit.gui.views.attribution import attribution_text

TRIAGE = (("retrieval_error", QT_TRANSLATE_NOOP("DisagreementModel", "Retrieval error")),
          ("verification_error", QT_TRANSLATE_NOOP("DisagreementModel", "Verification error")),
          ("wrong_gold", QT_TRANSLATE_NOOP("DisagreementModel", "Wrong gold label")))
TRIAGE_NAMES = dict(TRIAGE)
# the engine's pre-fill reasons (engine/audit/triage.py), shown translated; a reason that ends in a
# parenthesis of figures keeps it as it is
PREFILL_REASONS = {
    "a top-k passage is high quality and verdict-bearing":
        QT_TRANSLATE_NOOP("ReviewView", "a top-k passage is high quality and verdict-bearing"),
    "no top-k passage is high quality and verdict-bearing":
        QT_TRANSLATE_NOOP("ReviewView", "no top-k passage is high quality and verdict-bearing"),
    "no claims to judge": QT_TRANSLATE_NOOP("ReviewView", "no claims to judge"),
    "label the retrieved passages to pre-fill (some are not rated on every quality dimension)":
        QT_TRANSLATE_NOOP("ReviewView", "label the retrieved passages to pre-fill (some are not rated on every quality dimension)"),
    "no retrieved sentence bears on the claim by the classifier":
        QT_TRANSLATE_NOOP("ReviewView", "no retrieved sentence bears on the claim by the classifier"),
    "label the passage the verdict rests on first":
        QT_TRANSLATE_NOOP("ReviewView", "label the passage the verdict rests on first"),
}


# services.Attribution.text(), as a pre-fill reason quotes it: rebuilt in the interface language
ATTRIBUTION = re.compile(r"^P\((?P<label>[\w ]+)\) = (?P<prob>[\d.]+), passage (?P<passage>\S+), "
                         r"(?:sentence (?P<one>\d+)|sentences (?P<first>\d+)-(?P<last>\d+)|a window)$")


def _attribution(text: str) -> str:
    m = ATTRIBUTION.match(text)
    if m is None:
        return text
    first = m["one"] or m["first"]
    last = m["one"] or m["last"]
    return attribution_text(SimpleNamespace(failure=None, passage_id=m["passage"], prob=float(m["prob"]),
                                            label=m["label"], first=int(first) if first else None,
                                            last=int(last) if last else None))


def prefill_reason_text(reason: str | None) -> str:
    reason = reason or ""
    head, sep, rest = reason.partition(" (")
    for key in (reason, head):
        if key in PREFILL_REASONS:
            text = QCoreApplication.translate("ReviewView", PREFILL_REASONS[key])
            if key == reason:
                return text
            inner = rest[:-1] if rest.endswith(")") else rest
            return f"{text}{sep}{_attribution(inner)})" if rest.endswith(")") else text + sep + rest
    return reason


class DisagreementList(QTableView):
    """The disagreement list: forwards the triage keys to the view. A one-column table with fixed row
    heights costs nothing per row on insert (a QListView or QTreeView walks every row on each insert,
    which is seconds of blocked UI at 30,000 disagreements)."""

    triageKey = Signal(int)

    def keyPressEvent(self, e) -> None:
        key = e.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_3:
            self.triageKey.emit(key - Qt.Key.Key_1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.triageKey.emit(-1)
        else:
            super().keyPressEvent(e)
