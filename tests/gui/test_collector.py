"""The garbage collector's schedule in the app: no automatic full collections; full ones only while
idle (no background work, no recent window-system event), after which the survivors are frozen."""
from __future__ import annotations

import gc
import time
import weakref

import pytest
from factaudit.gui.collector import NEVER, IdleCollector
from factaudit.gui.ops import Op


class Node:
    def __init__(self):
        self.me = self              # a reference cycle: only the cyclic collector frees it


@pytest.fixture
def collector(qapp):
    saved = gc.get_threshold()
    c = IdleCollector(qapp, interval_ms=60_000, quiet_s=0.2)
    yield c
    c.remove(qapp)
    gc.set_threshold(*saved)


def test_full_collections_wait_for_idle_and_free_cycles(collector, qtbot):
    assert gc.get_threshold()[2] == NEVER
    # the user is typing: the window system's event reaches the native filter as Qt hands it on
    # (the offscreen platform of the tests has no window system, so the test hands it on itself)
    assert collector.activity.nativeEventFilter(b"xcb_generic_event_t", 0) == (False, 0)
    assert not collector.collect_if_idle() and collector.full_collections == 0

    cycles = [Node() for _ in range(1000)]
    del cycles                                               # 1,000 unreachable cycles remain
    probe = Node()
    gone = weakref.ref(probe)
    del probe
    assert gone() is not None                                # a cycle is not freed by reference counting
    time.sleep(0.25)                                         # quiet for longer than quiet_s
    assert collector.collect_if_idle() and collector.full_collections == 1
    assert gone() is None
    assert gc.get_freeze_count() > 0


def test_no_full_collection_while_background_work_runs(collector, qtbot):
    started = []

    def work(job):
        started.append(True)
        while True:
            job.cancel.check()
            time.sleep(0.01)

    op = Op(None, work).quiet().run()
    qtbot.waitUntil(lambda: bool(started), timeout=5_000)
    time.sleep(0.25)
    assert Op.busy() and not collector.collect_if_idle()
    op.cancel()
    qtbot.waitUntil(lambda: not op.running, timeout=5_000)
    assert not Op.busy() and collector.collect_if_idle()


def test_the_collector_adds_no_python_call_to_qt_events(collector, qtbot):
    """An application-wide QObject event filter runs Python for every Qt event of every object, and building
    a page's widgets sends thousands: it doubled the Results and Labeling build times (issue #35 item 4)."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    calls = []
    collector.eventFilter = lambda *a: calls.append(a) or False      # would be called if it were installed
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    for n in range(50):
        layout.addWidget(QLabel(f"label {n}"))
    page.show()
    qtbot.waitExposed(page)
    assert calls == []
