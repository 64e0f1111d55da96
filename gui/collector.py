"""When Python's cyclic garbage collector may walk the whole heap: only while the app is idle.

A full (generation 2) collection walks every live container object and holds the GIL while it does,
so it stalls the UI thread even when a worker thread triggered it. On a 100,000-claim project the
heap holds millions of such objects (a Review list, a labeling queue, a worker's verdict table), and a
full walk took 340 ms in the middle of a labeling session (benchmarks/bench_gui_scale.py). The young
generations stay automatic (their walks are bounded by the threshold, a few thousand objects); full
collections run from a timer when no background work is running and the user has not touched the
keyboard or mouse for a while, and what survives them is frozen out of later walks. Almost all of our garbage is acyclic and is freed by reference counting at once;
only cycles wait for the idle collection.

"Touched" is read from the window system's own events (a native event filter: key presses, clicks,
pointer motion, focus), not from an application-wide QObject event filter: that one is called in Python
for every Qt event of every object, and building a page's widgets sends thousands of them (it doubled the
Results and Labeling build times in the GUI bench, issue #35 item 4)."""
from __future__ import annotations

import gc
import time

from PySide6.QtCore import QAbstractNativeEventFilter, QObject, QTimer

from factaudit.gui.ops import Op

YOUNG_THRESHOLDS = (700, 10)        # CPython's defaults for generations 0 and 1
NEVER = 2**31 - 1                   # generation 2 is never collected automatically
IDLE_CHECK_MS = 15_000
QUIET_S = 10.0                      # no window-system event for this long counts as idle


def freeze_survivors() -> None:
    """A full collection, then what survived moves out of the collector's future walks."""
    gc.collect()
    gc.freeze()


class WindowSystemActivity(QAbstractNativeEventFilter):
    """The time of the window system's last event to this app; never filters anything out."""

    def __init__(self):
        super().__init__()
        self.last = time.monotonic()

    def nativeEventFilter(self, event_type, message):
        self.last = time.monotonic()
        return False, 0


class IdleCollector(QObject):
    """Owns the collector's schedule for the life of the app (see the module docstring)."""

    def __init__(self, app: QObject, interval_ms: int = IDLE_CHECK_MS, quiet_s: float = QUIET_S):
        super().__init__(app)
        self.full_collections = 0
        self.quiet_s = quiet_s
        self.activity = WindowSystemActivity()
        app.installNativeEventFilter(self.activity)
        freeze_survivors()
        gc.set_threshold(*YOUNG_THRESHOLDS, NEVER)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect_if_idle)
        self.timer.start()

    def remove(self, app: QObject) -> None:
        """Hand the schedule back (tests): no filter, no timer."""
        app.removeNativeEventFilter(self.activity)
        self.timer.stop()

    def collect_if_idle(self) -> bool:
        if Op.busy() or time.monotonic() - self.activity.last < self.quiet_s:
            return False
        freeze_survivors()
        self.full_collections += 1
        return True
