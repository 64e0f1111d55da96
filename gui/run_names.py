"""A run's kind and status as the interface names them (issue #24 item 3). The stored values stay
English (they are identifiers in the project, the CLI and --json output); only what is shown changes."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

RUN_STATES = {"running": QT_TRANSLATE_NOOP("run_names", "running"),
              "interrupted": QT_TRANSLATE_NOOP("run_names", "interrupted"),
              "cancelled": QT_TRANSLATE_NOOP("run_names", "cancelled"),
              "failed": QT_TRANSLATE_NOOP("run_names", "failed"),
              "done": QT_TRANSLATE_NOOP("run_names", "done")}
RUN_KINDS = {"retrieve": QT_TRANSLATE_NOOP("run_names", "retrieval"),
             "verify": QT_TRANSLATE_NOOP("run_names", "verification"),
             "judge": QT_TRANSLATE_NOOP("run_names", "pre-label"),
             "decompose": QT_TRANSLATE_NOOP("run_names", "decomposition"),
             "aggregate": QT_TRANSLATE_NOOP("run_names", "answering from documents"),
             "imported": QT_TRANSLATE_NOOP("run_names", "imported")}


def run_state(status: str) -> str:
    return QCoreApplication.translate("run_names", RUN_STATES[status]) if status in RUN_STATES else status


def run_kind(kind: str) -> str:
    return QCoreApplication.translate("run_names", RUN_KINDS[kind]) if kind in RUN_KINDS else kind
