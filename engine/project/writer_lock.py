"""One writer per project file, whatever name it is reached by (issue #26).

The old lock was `<name>.lock`: a hard link or a symbolic link to an open project got a second lock,
SQLite a second `-wal`, and two writers corrupted the file. The lock now sits on the database file
itself: `flock()` on an open file description of its inode, which every name of the file shares.

Why flock and not fcntl: SQLite's unix VFS holds POSIX (fcntl) locks on the same file, and on Linux
flock and POSIX locks do not interact on local file systems. But POSIX semantics drop *all* of a
process's fcntl locks on an inode when *any* descriptor of it is closed, SQLite's included. So this
module keeps one descriptor per inode for the whole process and closes it only when no project in
this process has that inode open any more (SQLite's own connections closed first).

Readers take no lock (they may read while a writer works), but a reader that comes through another
name than the writer's would read a different `-wal`, i.e. stale or torn pages: while a writer holds
the lock, a reader is let in only when the writer's name marker `<real path>.lock` exists for the
name it used. A writer does not see readers through other names (they leave no trace); the README
says to open a project by one name.

Where `fcntl` does not exist (Windows) the old per-name lock file is kept, on the resolved path.
"""
from __future__ import annotations

import contextlib
import errno
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from factaudit.engine.errors import ProjectLocked

_GUARD = threading.Lock()
# A writer writes its marker just after it takes the lock; a reader that finds the lock taken waits
# this long for the marker before it concludes the writer uses another name.
MARKER_GRACE_S = 0.5


@dataclass
class _Inode:
    fd: int
    users: int = 0
    writer: "WriterLock | None" = None
    names: set[str] = field(default_factory=set)


_INODES: dict[tuple[int, int], _Inode] = {}


def identity(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_dev, st.st_ino


def marker_path(path: Path) -> Path:
    return Path(str(Path(os.path.realpath(path))) + ".lock")


def _other_name(path: Path) -> str:
    return (f"{path} is open for writing in another factaudit process under another name (a hard link "
            "or symbolic link to the same file); use the name that process uses, or close it")


def _busy(path: Path) -> str:
    return (f"{path} is open for writing in another factaudit process; open it read-only or close the "
            "other one")


class WriterLock:
    """Held by a project open for writing; `release()` is idempotent."""

    def __init__(self, path: Path, key: tuple[int, int] | None, fallback=None):
        self.path = path
        self.key = key
        self.marker = marker_path(path)
        self._fallback = fallback

    def release(self) -> None:
        if self._fallback is not None:
            self._fallback.release()
            with contextlib.suppress(OSError):
                self.marker.unlink()
            self._fallback = None
            return
        if self.key is None:
            return
        with _GUARD:
            entry = _INODES.get(self.key)
            if entry is not None and entry.writer is self:
                with contextlib.suppress(OSError):
                    self.marker.unlink()  # before the lock goes: a reader never sees lock without marker
                fcntl.flock(entry.fd, fcntl.LOCK_UN)
                entry.writer = None
            _leave(self.key)
        self.key = None


def _enter(path: Path) -> tuple[tuple[int, int], _Inode]:
    """Register one more user of `path`'s inode in this process (opening the shared descriptor)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino)  # of what we opened, not of a name that may have moved meanwhile
    entry = _INODES.get(key)
    if entry is None:
        entry = _INODES[key] = _Inode(fd=fd)
    else:
        os.close(fd)  # safe: another descriptor of this inode stays open in this process
    entry.users += 1
    return key, entry


def _leave(key: tuple[int, int]) -> None:
    entry = _INODES.get(key)
    if entry is None:
        return
    entry.users -= 1
    if entry.users <= 0 and entry.writer is None:
        del _INODES[key]
        os.close(entry.fd)


def acquire_writer(path: Path) -> WriterLock:
    """Take the one-writer lock of the file at `path` (which must exist), or raise ProjectLocked."""
    if fcntl is None:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout
        lock = FileLock(str(marker_path(path)), timeout=0)
        try:
            lock.acquire()
        except Timeout as exc:
            raise ProjectLocked(_busy(path)) from exc
        return WriterLock(path, None, fallback=lock)
    with _GUARD:
        key, entry = _enter(path)
        if entry.writer is not None:
            other = entry.writer.path
            same = entry.writer.marker == marker_path(path)
            _leave(key)
            raise ProjectLocked(_busy(path) if same else
                                f"{path} is already open for writing as {other} (the same file under "
                                "another name); use that name, or close it first")
        try:
            fcntl.flock(entry.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            _leave(key)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise ProjectLocked(_busy(path) if marker_path(path).exists() else _other_name(path)) from exc
            raise
        lock = WriterLock(path, key)
        entry.writer = lock
    # The marker names the writer's file for readers; losing it (unwritable folder) only makes
    # readers through any name wait and be refused while the writer works, never corrupt anything.
    with contextlib.suppress(OSError):
        with open(lock.marker, "w", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()}\n")
    return lock


@contextlib.contextmanager
def reader_guard(path: Path):
    """Around a read-only project's life: refuses a name other than the active writer's."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    with _GUARD:
        key, entry = _enter(path)
        try:
            _check_reader(path, entry)
        except BaseException:
            _leave(key)
            raise
    try:
        yield
    finally:
        with _GUARD:
            _leave(key)


def _check_reader(path: Path, entry: _Inode) -> None:
    if entry.writer is not None:  # a writer in this process: never flock its descriptor (it would
        if entry.writer.marker != marker_path(path):  # convert the writer's lock to a shared one)
            raise ProjectLocked(f"{path} is open for writing in this process as {entry.writer.path}; "
                                "open it by that name")
        return
    deadline = time.monotonic() + MARKER_GRACE_S
    while True:
        try:
            fcntl.flock(entry.fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return  # a file system without flock: nothing to learn here
        else:
            fcntl.flock(entry.fd, fcntl.LOCK_UN)
            return  # no writer anywhere
        if marker_path(path).exists():
            return  # the writer uses this very file name (or a symlink resolving to it)
        if time.monotonic() >= deadline:
            raise ProjectLocked(_other_name(path).replace("is open for writing", "is being written"))
        time.sleep(0.05)
