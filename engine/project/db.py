"""Open, create, lock and migrate `.faproj` project files (SQLite).

One writer connection guarded by a lock, and one reader connection per thread. A second writer gets
ProjectLocked, never a corrupt file: the lock is an OS lock on the database file itself, so every name
of the file (hard links, symbolic links) shares it (writer_lock.py). Read-only opens take no lock but
are refused through a name other than the one a writer uses.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import os
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Iterator

from factaudit.engine.errors import (
    DiskFull, ProjectCorrupt, ProjectNotFound, ProjectTooNew, ReadOnlyProject,
)
from factaudit.engine import changes as _changes
from factaudit.engine.project import change_log, integrity_cache
from factaudit.engine.project.migrations import MIGRATIONS, SCHEMA_VERSION, apply_migrations, current_version
from factaudit.engine.project.paths import creation_problem, file_problem, write_blocker
from factaudit.engine.project.writer_lock import WriterLock, acquire_writer, reader_guard

BUSY_TIMEOUT_MS = 10_000
PROJECT_SUFFIX = ".faproj"
# Space held in `<project>.reserve` while the project is open for writing, freed when the disk fills,
# so that the write saying why a run stopped ("failed: disk full") still fits on a full disk.
RESERVE_BYTES = 256 * 1024
# SQLite's header field application_id (offset 68, big-endian), so `file` and shared-mime-info
# (packaging/linux/factaudit-mime.xml) tell a project from a rater package by content, whatever the
# file is called. ASCII "FAPJ" and "FARP". Files made before these ids have 0 there and still open.
PROJECT_APPLICATION_ID = 0x4641504A
RATER_PACKAGE_APPLICATION_ID = 0x46415250


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _schema_text_decodes(conn: sqlite3.Connection) -> None:
    """UnicodeDecodeError when a schema text is not UTF-8 (SQLite itself reads it as bytes)."""
    cur = conn.cursor()
    cur.row_factory = None
    for (sql,) in cur.execute("SELECT CAST(coalesce(sql, '') || name || tbl_name AS BLOB) FROM sqlite_master"):
        bytes(sql).decode("utf-8")


def _connect(path: Path, *, readonly: bool, immutable: bool = False) -> sqlite3.Connection:
    if readonly:
        flags = "mode=ro" + ("&immutable=1" if immutable else "")
        uri = f"{path.resolve().as_uri()}?{flags}"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    else:
        # The real path, so a writer through a symbolic link keeps its -wal beside the real file,
        # where every reader looks for it.
        conn = sqlite3.connect(os.path.realpath(path), isolation_level=None, check_same_thread=False,
                               factory=change_log.LoggedConnection)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


class Project:
    """An open project file. Use `Project.create`, `Project.open`, or the `open_project` helper."""

    def __init__(self, path: Path, *, readonly: bool, immutable: bool = False):
        self.path = Path(path)
        self.readonly = readonly
        self.immutable = immutable
        self._lock: WriterLock | None = None
        self._reader_guard: contextlib.ExitStack | None = None
        self._write_lock = threading.RLock()
        self._depth = 0
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_guard = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self.backup_path: Path | None = None
        # Set when a write-open fell back to read-only by itself (read-only media, unwritable file).
        self.readonly_reason: str | None = None

    # ---- lifecycle -------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike) -> "Project":
        path = Path(path)
        if os.path.lexists(path):
            raise InvalidPath(f"{path} already exists; open it instead")
        problem = creation_problem(path)
        if problem:
            raise InvalidPath(f"cannot create {path}: {problem}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidPath(f"cannot create {path}: {exc.strerror or exc}") from exc
        proj = cls(path, readonly=False)
        try:
            # The file must exist to be locked by identity; SQLite takes an empty file for a new database.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except OSError as exc:
            raise InvalidPath(f"cannot create {path}: {exc.strerror or exc}") from exc
        try:
            proj._acquire_lock()
        except Exception:
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        try:
            conn = _connect(path, readonly=False)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            apply_migrations(conn, 0)
            conn.execute(f"PRAGMA application_id = {PROJECT_APPLICATION_ID}")
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('created', ?)", (now_iso(),))
            change_log.install(conn)
            proj._conn = conn
        except sqlite3.Error as exc:
            proj._release_lock()
            with contextlib.suppress(OSError):
                path.unlink()
            raise InvalidPath(f"cannot create {path}: {_sqlite_reason(exc)}") from exc
        except Exception:
            proj._release_lock()
            raise
        _changes.note(proj, _changes.PROJECT_AREAS)   # a new file: everything in it is new
        return proj

    @classmethod
    def open(cls, path: str | os.PathLike, *, readonly: bool = False, immutable: bool = False) -> "Project":
        path = Path(path)
        problem = file_problem(path)
        if problem == "file not found":
            raise ProjectNotFound(f"no project file at {path}")
        if problem:
            raise ProjectNotFound(f"{path} {problem}" if problem.startswith("is ") else f"{path}: {problem}")
        if path.stat().st_size == 0:
            # SQLite would take an empty file for a new database and we would silently migrate it.
            raise ProjectCorrupt(f"{path} is an empty file (0 bytes), not a factaudit project; "
                                 "create a new project instead")
        blocked = None if immutable else write_blocker(path)
        if blocked is not None and readonly:
            # SQLite needs to create the -shm file to read a WAL database; where nobody can create
            # files, only an immutable open reads it (and nobody can change it under us there).
            proj = cls(path, readonly=True, immutable=blocked[1])
        elif blocked is not None:
            # Read-only media or an unwritable file: open it read-only by ourselves instead of failing
            # on the lock file; writes then say why they cannot happen.
            reason, frozen = blocked
            proj = cls(path, readonly=True, immutable=frozen)
            proj.readonly_reason = reason
        else:
            proj = cls(path, readonly=readonly or immutable, immutable=immutable)
        try:
            if proj.readonly:
                proj._reader_guard = contextlib.ExitStack()
                proj._reader_guard.enter_context(reader_guard(path))
            else:
                proj._acquire_lock()
            proj._open_checked()
        except Exception:
            proj.close()
            raise
        return proj

    def _open_checked(self) -> None:
        try:
            conn = _connect(self.path, readonly=self.readonly, immutable=self.immutable)
            if integrity_cache.unchanged_since_check(self.path):
                # a big file as this app left it after checking it (integrity_cache says when); reading
                # the schema still fails on a file that is not a database
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
                ok = "ok"
            else:
                ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            _schema_text_decodes(conn)
        except UnicodeDecodeError as exc:
            # A flipped bit in sqlite_master makes SQLite's own error message (or the schema text)
            # invalid UTF-8, which Python's sqlite3 raises as a decode error, not a DatabaseError.
            integrity_cache.forget(self.path)
            raise ProjectCorrupt(f"{self.path} is not a readable project file: its schema is damaged "
                                 f"(text that is not UTF-8 at byte {exc.start})") from exc
        except sqlite3.DatabaseError as exc:
            integrity_cache.forget(self.path)
            raise ProjectCorrupt(f"{self.path} is not a readable project file: {exc}") from exc
        if ok != "ok":
            conn.close()
            integrity_cache.forget(self.path)
            raise ProjectCorrupt(f"{self.path} failed its integrity check: {ok}")
        self._checked = True
        if not self.readonly and conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'seal'"
        ).fetchone():
            conn.close()
            # Writing would switch a shipped file to WAL and break its seal.
            raise ReadOnlyProject(
                f"{self.path} is a sealed project: open it read-only, or make a working copy to edit"
            )
        try:
            version = current_version(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise ProjectCorrupt(f"{self.path} is not a factaudit project: {exc}") from exc
        if version > SCHEMA_VERSION:
            conn.close()
            raise ProjectTooNew(
                f"{self.path} was written by a newer factaudit (schema {version}, this app knows "
                f"{SCHEMA_VERSION}); update factaudit to open it"
            )
        if version < SCHEMA_VERSION:
            if self.readonly:
                conn.close()
                raise ReadOnlyProject(
                    f"{self.path} uses an older schema ({version}); open it for writing once to upgrade it"
                )
            conn.close()
            self.backup_path = self._backup(version)
            conn = _connect(self.path, readonly=False)
            apply_migrations(conn, version)
        if not self.readonly:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            change_log.install(conn)
        self._conn = conn

    def _backup(self, version: int) -> Path:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.v{version}-{stamp}.bak")
        src = sqlite3.connect(str(self.path))
        try:
            dst = sqlite3.connect(str(target))
            with dst:
                src.backup(dst)
            dst.close()
        finally:
            src.close()
        return target

    def _acquire_lock(self) -> None:
        try:
            self._lock = acquire_writer(self.path)
        except OSError as exc:
            raise InvalidPath(f"cannot use {self.path}: {exc.strerror or exc}") from exc
        self._hold_reserve()

    def _reserve_path(self) -> Path:
        return Path(os.path.realpath(self.path) + ".reserve")

    def _hold_reserve(self) -> None:
        target = self._reserve_path()
        try:
            with open(target, "wb") as fh:
                fh.write(bytes(RESERVE_BYTES))  # written, not sparse: the blocks are really taken
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            with contextlib.suppress(OSError):  # an almost full disk: work without a reserve
                target.unlink()

    def _free_reserve(self) -> bool:
        try:
            self._reserve_path().unlink()
            return True
        except OSError:
            return False

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._free_reserve()
            self._lock.release()
            self._lock = None
        if self._reader_guard is not None:
            self._reader_guard.close()
            self._reader_guard = None

    def close(self) -> None:
        with self._readers_guard:
            for r in self._readers:
                with contextlib.suppress(Exception):
                    r.close()
            self._readers.clear()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                if not self.readonly:
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()
            self._conn = None
            if getattr(self, "_checked", False):
                # before the lock goes, so no other writer of ours changes it in between
                with contextlib.suppress(Exception):
                    integrity_cache.remember(self.path)
        self._release_lock()

    def __enter__(self) -> "Project":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    # ---- connections and transactions ------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ProjectNotFound("project is closed")
        return self._conn

    def reader(self) -> sqlite3.Connection:
        """A connection for the calling thread. The writer's own thread reads through the writer,
        so it sees its uncommitted work."""
        if self._conn is None:
            raise ProjectNotFound("project is closed")
        if self.readonly or threading.get_ident() == getattr(self, "_writer_thread", None):
            return self._conn
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = _connect(self.path, readonly=True, immutable=self.immutable)
            self._local.conn = conn
            with self._readers_guard:
                self._readers.append(conn)
        return conn

    @contextlib.contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """A transaction; nested calls become savepoints, so an inner failure rolls back only itself."""
        if self.readonly:
            why = f" ({self.readonly_reason})" if self.readonly_reason else ""
            raise ReadOnlyProject(f"{self.path} is open read-only{why}; nothing was changed")
        with self._write_lock:
            conn = self.conn
            depth = self._depth
            name = f"sp{depth}"
            with self._translated():
                if depth == 0:
                    conn.execute("BEGIN IMMEDIATE")
                    self._writer_thread = threading.get_ident()
                else:
                    conn.execute(f"SAVEPOINT {name}")
            change_log.begin(conn)
            self._depth += 1
            try:
                yield conn
            except BaseException as exc:
                self._depth -= 1
                if depth == 0:
                    self._writer_thread = None
                # SQLite may already have rolled the whole transaction back by itself (disk full, I/O
                # error); a second ROLLBACK would then raise "no transaction is active" and hide the
                # real error, so roll back only what is still open and keep the original exception.
                change_log.rolled_back(conn)
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        if depth == 0:
                            conn.execute("ROLLBACK")
                        else:
                            conn.execute(f"ROLLBACK TO {name}")
                            conn.execute(f"RELEASE {name}")
                if isinstance(exc, sqlite3.Error):
                    translated = self._translate(exc)
                    if translated is not None:
                        raise translated from exc
                raise
            else:
                self._depth -= 1
                if depth == 0:
                    self._writer_thread = None
                    try:
                        conn.execute("COMMIT")
                    except sqlite3.Error as exc:
                        change_log.rolled_back(conn)
                        if conn.in_transaction:
                            with contextlib.suppress(sqlite3.Error):
                                conn.execute("ROLLBACK")
                        translated = self._translate(exc)
                        if translated is not None:
                            raise translated from exc
                        raise
                    areas = change_log.committed(conn)
                    if areas:
                        _changes.note(self, areas)    # what this commit wrote, to whoever records
                else:
                    with self._translated():
                        conn.execute(f"RELEASE {name}")
                    change_log.released(conn)

    def _translate(self, exc: sqlite3.Error) -> Exception | None:
        """Storage failures the user can act on, as one-line engine errors (None: leave it alone)."""
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF  # primary code of an extended one
        text = str(exc).lower()
        if code == sqlite3.SQLITE_FULL or "disk is full" in text:
            self._free_reserve()  # room for the next small write: the run's "failed: disk full" status
            return DiskFull(f"disk full while writing {self.path}: free some space and try again "
                            "(the change was rolled back)")
        if code == sqlite3.SQLITE_READONLY or "readonly database" in text:
            return ReadOnlyProject(f"{self.path} is read-only; nothing was changed")
        if code == sqlite3.SQLITE_IOERR or "disk i/o error" in text:
            self._free_reserve()
            return DiskFull(f"cannot write {self.path}: {exc} (disk full or removed? the change was rolled back)")
        return None

    @contextlib.contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            translated = self._translate(exc)
            if translated is not None:
                raise translated from exc
            raise

    @property
    def schema_version(self) -> int:
        return current_version(self.conn)

    def checkpoint(self) -> None:
        if not self.readonly:
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


class InvalidPath(ProjectNotFound):
    pass


def _sqlite_reason(exc: sqlite3.Error) -> str:
    if (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF == sqlite3.SQLITE_FULL or "disk is full" in str(exc).lower():
        return "disk full"
    return str(exc)


def copy_project(src: Path, dst: Path) -> None:
    """Copy a closed project (database only; WAL checkpointed by close())."""
    shutil.copy2(src, dst)


__all__ = ["Project", "SCHEMA_VERSION", "MIGRATIONS", "now_iso", "PROJECT_SUFFIX"]
