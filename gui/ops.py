"""Background operations: long work never runs on the UI thread.

Usage (the one builder every dialog and view uses for engine work; the shape of Anki's
``CollectionOp(parent, lambda col: ...)``)::

    from factaudit.gui.ops import Op, OpChanges

    op = (Op(self, lambda job: services.import_files(project, files, fmt="jsonl", kind="claims",
                                                      progress=job.progress))
          .title("Importing claims")
          .progress(lambda done, total, message: ...)   # optional, UI thread
          .success(lambda result: ...)                  # UI thread, receives the work's return value
          .failure(lambda exc: ...)                     # UI thread, receives the exception
          .cancelled(lambda: ...)                       # UI thread, after job.cancel.check() raised
          .finished(lambda: ...)                        # UI thread, always, after the above
          .run())
    op.cancel()                                         # ask the worker to stop

Contract:

- ``work(job)`` runs on a worker thread of the ops pool (up to MAX_THREADS at once, so a long
  job never holds up a short one). ``job`` is a ``Job``: ``job.progress(done, total, message)``
  (total may be None) reports progress, ``job.cancel`` is an ``engine.jobs.CancelToken``; the work
  hands them on to the engine function only where it takes them. Long functions call
  ``cancel.check()`` between units of work, which raises ``JobCancelled``. Cancelling is
  cooperative: a function that never checks runs to its end.
- Callbacks always run on the UI thread (queued signals), so they may touch widgets. Progress
  reports are throttled to about 20 per second; the first and the final one always get through.
- ``JobCancelled`` is not an error: it calls the ``cancelled`` callbacks, never ``failure``.
  Any other exception goes to ``failure``. Without a failure callback a non-blocking message box
  shows a ``FactAuditError`` in the app's words (gui/error_render.py: the message in the interface
  language, the settings it names, a button for its action) and the type and message for anything
  else (the traceback goes to the log).
- Progress is shown in a status-bar ``JobArea`` (progress bar, done/total, message, rate, ETA and a
  Cancel button that calls ``cancel.cancel()``): the one passed to ``.show_in(area)``, else the one
  of the parent's top-level window (an attribute named ``job_area``), else nowhere. ``.quiet()``
  turns that off.
- The Op keeps itself alive until the work ends; keep the returned handle only to cancel or query
  it (``op.running``, ``op.token``). If the parent widget is destroyed first, callbacks are dropped.
- ``Op.wait_all(ms)`` blocks until every running op ended (for shutdown and tests).

Change announcements (pages never go stale; in the spirit of Anki's ``OpChanges``)::

    from factaudit.gui.ops import OpChanges, announce, on_changes

    # a write says nothing: the engine's write path records what it committed (engine/changes.py:
    # every row written logs its area), and the Op announces exactly that once it ended, however it
    # ended (a cancelled run committed units). Here: OpChanges(triage=True), from the annotations row.
    Op(self, lambda job: services.set_triage(project, run, unit, code, who)).run()
    op.changed                                  # the same, merged over projects, once the op ended

    # a page: refresh when something it shows changed (areas: datasets, runs, verdicts, annotations,
    # codebook, triage, reports, seal, workflow, raters, settings; app-wide ones, announced with
    # project None: models, network). A hidden page is refreshed once, when it is next shown.
    on_changes(self, lambda changes: self.refresh(), "runs", "verdicts", project=project)

    announce(project, OpChanges.everything())   # e.g. another process wrote the file

- Every GUI write goes through an Op (or a ``SerialWriter``, gui/serial_writer.py, for writes that
  must reach the project in order); the announcement goes out on the UI thread after the ending's
  callbacks. tests/gui/test_write_path.py fails on a services write called anywhere else in gui/,
  tests/gui/test_write_changes.py on a change declared by hand.
- ``on_changes(widget, callback, *areas, project=None, when_hidden="defer")``: the callback gets the
  ``OpChanges`` (merged, if several arrived while the page was hidden). With no areas it hears every
  change; with ``project`` only that project's. The subscription ends when the widget is destroyed.
  ``when_hidden="call"`` calls even while hidden (for windows that track state in the background).
- The project window announces ``OpChanges.everything()`` when it regains focus and the file's
  SQLite ``PRAGMA data_version`` moved (another process, such as the command line, wrote it).
"""
from __future__ import annotations

import logging
import threading
import time
import traceback
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot
from PySide6.QtWidgets import QWidget

from factaudit.engine import changes as engine_changes
from factaudit.engine.errors import FactAuditError, JobCancelled
from factaudit.engine.jobs import CancelToken
from factaudit.gui.changes import OpChanges, announce, on_changes  # noqa: F401 - part of this module's API
from factaudit.gui.error_render import error_box, error_text  # noqa: F401 - error_text is part of this module's API

log = logging.getLogger(__name__)

PROGRESS_INTERVAL_S = 0.05
# Our own pool, larger than the core count: a long verify run must not hold up a quick import.
MAX_THREADS = 8
_pool: QThreadPool | None = None


def pool() -> QThreadPool:
    global _pool, _reaper
    if _pool is None:
        _reaper = _Reaper()     # first called on the UI thread (an Op's run), so it lives there
        _pool = QThreadPool()
        _pool.setMaxThreadCount(MAX_THREADS)
    return _pool


class _Reaper(QObject):
    """Lets go, on the UI thread, of every Python object a worker held for an Op (its work function,
    result, error, bridge). Were a worker to drop the last reference to a widget (a work function's
    closure holds its page), shiboken would delete the widget later from the main thread's pending
    calls, whatever Qt did to it meanwhile: a segfault seen in the GUI tests after a failed test."""

    parcel = Signal(object)

    def __init__(self):
        super().__init__()
        self.parcel.connect(self._release, Qt.ConnectionType.QueuedConnection)

    @Slot(object)
    def _release(self, parcel: list) -> None:
        parcel.clear()


_reaper: _Reaper | None = None


class _Bridge(QObject):
    """Lives on the UI thread; the worker emits, the Op receives through queued connections."""

    progressed = Signal(object, object, str)
    succeeded = Signal(object)
    failed = Signal(object)
    was_cancelled = Signal()
    recorded = Signal(object)        # [(project, Changes)]: what the work committed, before it ends


class Job:
    """The worker's handle, given to the work function: `progress(done, total, message)` and `cancel`
    (a CancelToken). Pass on only what the engine function takes."""

    __slots__ = ("progress", "cancel")

    def __init__(self, progress: Callable[..., None], cancel: CancelToken):
        self.progress = progress
        self.cancel = cancel


class _Runner(QRunnable):
    def __init__(self, bridge: _Bridge, work: Callable[[Job], Any], token: CancelToken):
        super().__init__()
        self.setAutoDelete(True)
        # everything of Python's that the work needs, emptied by the reaper (see _Reaper)
        self._parcel = [bridge, work]
        self._token = token
        self._last = 0.0
        self._lock = threading.Lock()

    def _progress(self, done: int, total: int | None = None, message: str = "") -> None:
        now = time.monotonic()
        final = total is not None and done >= total
        with self._lock:
            if not final and self._last and now - self._last < PROGRESS_INTERVAL_S:
                return
            self._last = now
        parcel = self._parcel
        if parcel:
            self._emit(parcel[0].progressed, done, total, message or "")

    def _emit(self, signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the bridge is already deleted: nobody is listening any more
            log.debug("an op ended after its owner was deleted; its result is dropped")

    def run(self) -> None:
        # the worker holds the parcel alone (no local names the work, its result or its error), and hands
        # it to the reaper last, so whatever it holds is let go on the UI thread
        parcel = self._parcel
        rec = None
        try:
            # what the work commits is noted at the engine's write path (engine/changes.py); this
            # recording is the Op's own, whatever other ops commit on other threads meanwhile
            with engine_changes.recording() as rec:
                parcel.append(parcel[1](Job(self._progress, self._token)))
            ending = "succeeded"
        except JobCancelled:
            ending = "was_cancelled"
        except BaseException as exc:  # noqa: BLE001 - every failure must reach the UI
            # engine errors are expected and shown to the user; anything else is a bug worth a traceback
            level = logging.WARNING if isinstance(exc, FactAuditError) else logging.ERROR
            log.log(level, "background operation failed:\n%s", "".join(traceback.format_exception(exc)))
            parcel.append(exc)
            ending = "failed"
        # first what was committed (a failed or cancelled run may have committed units), then the ending:
        # queued signals from one thread arrive in order, so the Op knows its changes when it ends
        bridge = parcel[0]
        if rec is not None and rec.items():
            self._emit(bridge.recorded, rec.items())
        self._emit(getattr(bridge, ending), *parcel[2:])
        del bridge
        _reaper.parcel.emit(parcel)


class Op(QObject):
    """A background operation; see the module docstring for the contract."""

    # For the job area and anyone else who wants Qt signals rather than callbacks.
    progressed = Signal(object, object, str)
    ended = Signal(str)          # "done" | "failed" | "cancelled"

    _running: set["Op"] = set()

    def __init__(self, parent: QObject | None, work: Callable[[Job], Any]):
        super().__init__(parent)
        if not callable(work):
            raise TypeError("Op takes a callable work(job)")
        self._work = work
        name = getattr(work, "__name__", "")
        self._title = name.strip("_").replace("_", " ") if name.isidentifier() else "working"
        self._on_progress: list[Callable] = []
        self._on_success: list[Callable] = []
        self._on_failure: list[Callable] = []
        self._on_cancelled: list[Callable] = []
        self._on_finished: list[Callable] = []
        self._area = None
        self._quiet = False
        self._recorded: list[tuple[Any, OpChanges]] = []
        self.token = CancelToken()
        self.running = False
        self.status: str | None = None     # set when the op ends
        self.result: Any = None
        self.error: BaseException | None = None
        self._bridge: _Bridge | None = None
        # a parent destroyed mid-run takes this Op with it: stop counting it as running
        self.destroyed.connect(lambda *_, me=self: Op._running.discard(me))

    # ---- builder -----------------------------------------------------------------------------
    def title(self, text: str) -> "Op":
        self._title = text
        return self

    def progress(self, cb: Callable[[int, int | None, str], None]) -> "Op":
        self._on_progress.append(cb)
        return self

    def success(self, cb: Callable[[Any], None]) -> "Op":
        self._on_success.append(cb)
        return self

    def failure(self, cb: Callable[[BaseException], None]) -> "Op":
        self._on_failure.append(cb)
        return self

    def cancelled(self, cb: Callable[[], None]) -> "Op":
        self._on_cancelled.append(cb)
        return self

    def finished(self, cb: Callable[[], None]) -> "Op":
        self._on_finished.append(cb)
        return self

    def show_in(self, area) -> "Op":
        self._area = area
        return self

    def quiet(self) -> "Op":
        self._quiet = True
        return self

    @property
    def label(self) -> str:
        return self._title

    # ---- running -----------------------------------------------------------------------------
    def run(self) -> "Op":
        if self.running or self.status is not None:
            raise RuntimeError("an Op runs once; build a new one")
        bridge = _Bridge()  # created here, so it lives on the UI thread
        queued = Qt.ConnectionType.QueuedConnection
        bridge.progressed.connect(self._deliver_progress, queued)
        bridge.succeeded.connect(self._deliver_success, queued)
        bridge.failed.connect(self._deliver_failure, queued)
        bridge.was_cancelled.connect(self._deliver_cancelled, queued)
        bridge.recorded.connect(self._deliver_recorded, queued)
        self._bridge = bridge
        self.running = True
        Op._running.add(self)
        area = None if self._quiet else (self._area or self._find_area())
        if area is not None:
            area.attach(self)
        work, self._work = self._work, None
        pool().start(_Runner(bridge, work, self.token))
        return self

    def cancel(self) -> None:
        self.token.cancel()

    def _find_area(self):
        parent = self.parent()
        if isinstance(parent, QWidget):
            window = parent.window()
            area = getattr(window, "job_area", None)
            if area is not None:
                return area
            # a dialog's own window has no job area: try the window it belongs to
            owner = window.parentWidget()
            if owner is not None:
                return getattr(owner.window(), "job_area", None)
        return None

    @classmethod
    def _forget_deleted(cls) -> None:
        """Drop ops whose Qt object is gone. An op's `destroyed` hook discards it when its parent is
        deleted, but a test run saw deleted ops left in the set (the first page built in a fresh worker
        process), and wait_all then waited out its whole limit at every teardown."""
        from shiboken6 import isValid

        for op in [op for op in cls._running if not isValid(op)]:
            cls._running.discard(op)

    @classmethod
    def running_under(cls, widget: QObject) -> list["Op"]:
        """The running ops whose parent chain reaches `widget` (a window cancels its own on close)."""
        def under(obj) -> bool:
            while obj is not None:
                if obj is widget:
                    return True
                obj = obj.parent()
            return False
        cls._forget_deleted()
        return [op for op in list(cls._running) if under(op.parent())]

    @classmethod
    def wait_all(cls, msecs: int = 30_000) -> bool:
        """Block until every running op and background read (QueryOp, same pool) ended; delivers their
        callbacks. True if all ended. A project must not close under a read still running on a worker:
        closing its reader connection mid-query crashes the sqlite3 module."""
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer

        deadline = QDeadlineTimer(msecs)
        cls._forget_deleted()
        while (cls._running or pool().activeThreadCount()) and not deadline.hasExpired():
            pool().waitForDone(20)
            QCoreApplication.processEvents()
            cls._forget_deleted()
        return not cls._running and not pool().activeThreadCount()

    @classmethod
    def busy(cls) -> bool:
        """Any background operation still running."""
        cls._forget_deleted()
        return bool(cls._running)

    @classmethod
    def cancel_all(cls) -> None:
        cls._forget_deleted()
        for op in list(cls._running):
            op.cancel()

    # ---- delivery (UI thread) ----------------------------------------------------------------
    @Slot(object, object, str)
    def _deliver_progress(self, done, total, message: str) -> None:
        if not self.running:
            return
        self.progressed.emit(done, total, message)
        for cb in self._on_progress:
            cb(done, total, message)

    @Slot(object)
    def _deliver_success(self, result) -> None:
        self.result = result
        self._end("done", self._on_success, result)

    @Slot(object)
    def _deliver_failure(self, exc) -> None:
        self.error = exc
        if not self._on_failure:
            self._show_error(exc)
        self._end("failed", self._on_failure, exc)

    @Slot()
    def _deliver_cancelled(self) -> None:
        self._end("cancelled", self._on_cancelled)

    def _end(self, status: str, callbacks: list[Callable], *args) -> None:
        self.running = False
        self.status = status
        try:
            for cb in callbacks:
                cb(*args)
            for cb in self._on_finished:
                cb()
        finally:
            self._announce(status)
            self.ended.emit(status)
            Op._running.discard(self)
            self._bridge = None     # deleted when the reaper lets go of the worker's parcel

    @Slot(object)
    def _deliver_recorded(self, items) -> None:
        self._recorded = list(items)

    @property
    def changed(self) -> OpChanges:
        """What the work committed, over every project it wrote (known once the op ended)."""
        out = OpChanges()
        for _project, changes in self._recorded:
            out = out | changes
        return out

    def _announce(self, status: str) -> None:
        # however the op ended: a failed or cancelled run still committed what it recorded
        for project, changes in self._recorded:
            try:
                announce(project, changes)
            except Exception as exc:  # noqa: BLE001 - a listener's bug must not break the op's ending
                log.exception("a page failed to take in a change announcement")
                self._show_error(exc)

    def _show_error(self, exc: BaseException) -> None:
        parent = self.parent()
        while parent is not None and not isinstance(parent, QWidget):   # e.g. a SerialWriter's owner
            parent = parent.parent()
        # with a button for the error's action where the window offers it ("Open Models")
        box = error_box(parent, self._title.capitalize(), exc)
        box.open()  # non-blocking: an error must never stall the event loop

