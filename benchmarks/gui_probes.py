"""What benchmarks/bench_gui_scale.py measures a window with: a watchdog for UI-thread blocks (and the
stacks behind them), the first paint of a widget, garbage-collection pauses, CPU time per phase, and a
wait on a condition that serves the event loop. Qt is imported late (the bench sets the platform first)."""
from __future__ import annotations

import os
import sys
import threading
import time

HEARTBEAT_MS = 10
STACK_AFTER_S = 0.05


class GcPauses:
    """The longest cyclic garbage collection (it holds the GIL, so it stalls the UI thread too)."""

    def __init__(self):
        import gc

        self.longest = (0.0, None)
        self._t = 0.0
        gc.callbacks.append(self._cb)

    def _cb(self, phase, info) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        else:
            took = time.perf_counter() - self._t
            if took > self.longest[0]:
                self.longest = (took, info.get("generation"))


class Watchdog:
    """A QTimer on the UI thread stamps a heartbeat; a plain thread samples how old the stamp is. The
    largest age seen is the longest UI block, whether or not the block has ended yet."""

    def __init__(self):
        from PySide6.QtCore import QTimer

        self.last = time.perf_counter()
        self.max_gap = 0.0
        self.phase = "start"
        self.worst_phase = None
        self.by_phase: dict[str, float] = {}     # the longest block within each phase
        self.timer = QTimer()
        self.timer.setInterval(HEARTBEAT_MS)
        self.timer.timeout.connect(self._beat)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        # FACTAUDIT_BENCH_STACKS=1: every thread's stack at each block over STACK_AFTER_S, to find what holds
        # the UI thread (or the GIL it waits for); written beside the result as block_stacks
        self.stacks: list[dict] | None = [] if os.environ.get("FACTAUDIT_BENCH_STACKS") else None

    def _sample(self, phase: str, gap: float) -> None:
        import traceback

        names = {t.ident: t.name for t in threading.enumerate()}
        self.stacks.append({"phase": phase, "gap_ms": round(gap * 1000, 1), "threads": {
            names.get(ident, str(ident)): traceback.format_stack(frame, limit=10)
            for ident, frame in sys._current_frames().items() if ident != threading.get_ident()}})

    def _beat(self) -> None:
        self.last = time.perf_counter()

    def _watch(self) -> None:
        sampled = None          # the heartbeat stamp whose block has been sampled already
        while not self._stop.wait(0.002):
            gap = time.perf_counter() - self.last
            phase = self.phase
            if self.stacks is not None and gap > STACK_AFTER_S and sampled != self.last:
                sampled = self.last
                self._sample(phase, gap)
            if gap > self.by_phase.get(phase, 0.0):
                self.by_phase[phase] = gap
            if gap > self.max_gap:
                self.max_gap, self.worst_phase = gap, self.phase

    def start(self) -> None:
        self.last = time.perf_counter()
        self.timer.start()
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self.timer.stop()


class FirstPaint:
    """time.time() of the first paint event a widget that `wanted` accepts receives (the window's own
    widgets by default): in a real window that comes after the X server exposed it."""

    def __init__(self, window):
        self.at: float | None = None
        self._wanted = lambda w: w is window or window.isAncestorOf(w)
        self.filter = _PaintFilter(self)

    def reset(self, wanted) -> None:
        from PySide6.QtWidgets import QApplication

        self.at, self._wanted = None, wanted
        QApplication.instance().installEventFilter(self.filter)

    def seen(self, obj) -> None:
        from PySide6.QtWidgets import QApplication, QWidget

        if self.at is None and isinstance(obj, QWidget) and self._wanted(obj):
            self.at = time.time()
            # the filter is called for every event of the app: left installed it slowed the UI thread
            # it measures (page builds by a third in a real window)
            QApplication.instance().removeEventFilter(self.filter)


def _PaintFilter(owner):                       # noqa: N802 - a class made on first use (Qt imported late)
    from PySide6.QtCore import QEvent, QObject

    class PaintFilter(QObject):
        def eventFilter(self, obj, event):     # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                owner.seen(obj)
            return False

    return PaintFilter()


def wait_until(app, condition, timeout: float = 600.0) -> float:
    """Serve the event loop until condition() holds; returns the seconds it took. The loop blocks in Qt
    between events (as the app's own event loop does) and a 2 ms timer asks the condition: a busy
    processEvents() poll would hold the GIL the workers being timed need."""
    from PySide6.QtCore import QEventLoop, QTimer

    started = time.perf_counter()
    if condition():
        return 0.0
    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(2)

    def check() -> None:
        if condition() or time.perf_counter() - started > timeout:
            loop.quit()

    timer.timeout.connect(check)
    timer.start()
    loop.exec()
    timer.stop()
    if not condition():
        raise TimeoutError("condition not reached")
    return time.perf_counter() - started


class Cpu:
    """CPU seconds of a phase, all threads and the UI thread: what the wall clock would be on an idle
    machine, roughly (the wall-clock figures stretch with the load of the shared machine)."""

    def __init__(self):
        self.process, self.ui = time.process_time(), time.thread_time()

    def record(self, out: dict, name: str) -> None:
        out[f"{name}_cpu_s"] = round(time.process_time() - self.process, 3)
        out[f"{name}_ui_cpu_s"] = round(time.thread_time() - self.ui, 3)
