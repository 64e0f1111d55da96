"""The Qt binding must not take references it does not own. PySide6 6.12.0's Signal.emit() returns
True/False without a reference of its own, so every emit takes one from the interpreter's bool: after a
few thousand emits (a long verify run's progress, a long test session) Python deallocates True or False
and the app dies in whatever processEvents() comes next (the "segfault in Op.wait_all" of earlier CI
runs). pyproject.toml keeps PySide6 below 6.12; this test fails on a binding with the defect.

It runs in a child process, since the defect kills the process that shows it."""
from __future__ import annotations

import subprocess
import sys
import textwrap

EMITS = 20_000

CHILD = textwrap.dedent(f"""
    import sys
    from PySide6.QtCore import QCoreApplication, QObject, Signal

    app = QCoreApplication(sys.argv)

    class Bridge(QObject):
        bare = Signal()
        progressed = Signal(object, object, str)

    bridge = Bridge()
    received = [0]

    def count(done, total, message):
        received[0] += 1

    bridge.progressed.connect(count)
    counts = [sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)]
    for n in range({EMITS}):
        bridge.bare.emit()                       # no receiver: emit returns False
        bridge.progressed.emit(None, None, "")   # one receiver: emit returns True
    after = [sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)]
    assert received[0] == {EMITS}, received
    print(*[a - b for a, b in zip(after, counts)])
""")


def test_signal_emit_leaves_the_refcounts_of_true_false_and_none_alone():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"the child died after at most {EMITS} emits: {out.stderr.strip()[-400:]}"
    drift = [int(x) for x in out.stdout.split()]
    # a few references may come or go with the objects the loop made; one lost per emit is 20,000
    assert all(abs(d) < 100 for d in drift), drift
