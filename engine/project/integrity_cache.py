"""Which big project files passed `PRAGMA quick_check` and are byte for byte as this app left them.

quick_check reads every page: about half a CPU second for a 100 MB project (100,000 claims with their
hits), which was a quarter of the 2 s a warm launch may take (issue #23 item 2). A file that passed
the check when it was opened and was then only written through SQLite by this app needs no second
check, as long as nothing else touched it: the file's identity (device, inode), size and modification
time are remembered when the project closes, and the next open checks again whenever any of them
changed (a copy is a new inode; a truncation or an edit by another program changes size or mtime) or
a write-ahead log is pending beside it. Files under SMALL_FILE_BYTES are always checked (it costs
milliseconds there), so this never hides anything on the files tests and most users have.
"""
from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path

SMALL_FILE_BYTES = 16 * 1024 * 1024
KEEP = 200                              # entries kept (the most recently closed files)
_lock = threading.Lock()


def _cache_file() -> Path:
    from factaudit.engine import config

    return config.cache_dir() / "checked_projects.json"


def _identity(path: Path) -> list[int] | None:
    """(device, inode, size, mtime ns) of a big file with no pending write-ahead log, else None."""
    try:
        st = os.stat(path)
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None
    except OSError:
        return None
    if st.st_size < SMALL_FILE_BYTES:
        return None
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def _read() -> dict:
    try:
        data = json.loads(_cache_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def unchanged_since_check(path: Path) -> bool:
    """True when `path` is a big file this app checked or wrote, unchanged since it closed it."""
    ident = _identity(path)
    if ident is None:
        return False
    with _lock:
        return _read().get(str(Path(path).resolve())) == ident


def remember(path: Path) -> None:
    """Record the file as it is now (call after it passed the check and was closed cleanly). A
    read-only or full cache folder only costs a check next time."""
    ident = _identity(path)
    key = str(Path(path).resolve())
    with _lock:
        data = _read()
        had = data.pop(key, None) is not None
        if ident is None and not had:
            return
        if ident is not None:
            data[key] = ident                 # insertion order: the newest last
        data = dict(list(data.items())[-KEEP:])
        cache = _cache_file()
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()


def forget(path: Path) -> None:
    """The file failed a check (or is not trusted any more): check it at the next open."""
    key = str(Path(path).resolve())
    with _lock:
        data = _read()
        if data.pop(key, None) is None:
            return
        cache = _cache_file()
        with contextlib.suppress(OSError):
            cache.write_text(json.dumps(data), encoding="utf-8")
