"""The garbage collector's schedule in the app: no automatic full collections; full ones only while
idle (no background work, no recent input), after which the survivors are frozen."""
from __future__ import annotations

import gc
import time
import weakref

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

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
    qapp.removeEventFilter(c)
    c.timer.stop()
    gc.set_threshold(*saved)


def test_full_collections_wait_for_idle_and_free_cycles(collector, qtbot):
    assert gc.get_threshold()[2] == NEVER
    field = QLineEdit()
    qtbot.addWidget(field)
    qtbot.keyClick(field, Qt.Key.Key_A)                     # the user is typing
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
