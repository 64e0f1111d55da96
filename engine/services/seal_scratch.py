"""Private scratch folders for plaintext that must never sit beside an output (issue #36 item 4).

Sealing, rater packages and returns build an unencrypted project before it is signed and (maybe)
encrypted; opening an encrypted seal decrypts it. That plaintext lives only here: one folder per job
under the user data folder's `sealed-cache` (mode 0700, like every folder `mkdtemp` makes), named
`<kind>-<pid>-<random>`. A kill -9 cannot run a `finally`, so each new job first removes the folders of
processes that no longer exist; the one left by a kill lasts until the next seal, package, return or
open, and is readable by its owner only.
"""
from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from factaudit.engine.config import data_dir
from factaudit.engine.errors import SealError

ROOT = "sealed-cache"
OLD_UNNAMED_S = 86400      # folders from before the pid was in the name: removed once a day old


def private_root() -> Path:
    root = data_dir() / ROOT
    root.mkdir(parents=True, exist_ok=True)
    os.chmod(root, 0o700)
    return root


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True            # someone else's process: not ours to judge
    return True


def _owner_pid(name: str) -> int | None:
    parts = name.split("-")
    return int(parts[1]) if len(parts) >= 3 and parts[1].isdigit() else None


def clean_stale(root: Path | None = None) -> list[str]:
    """Remove the scratch folders of processes that are gone; returns their names."""
    root = root or private_root()
    removed = []
    for entry in root.iterdir():
        pid = _owner_pid(entry.name)
        try:
            stale = (pid != os.getpid() and not _alive(pid)) if pid is not None else \
                time.time() - entry.stat().st_mtime > OLD_UNNAMED_S
        except OSError:
            continue
        if stale:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed.append(entry.name)
    return removed


def scratch_dir(kind: str) -> Path:
    """A new private folder for one job's plaintext (stale ones are cleared first)."""
    root = private_root()
    clean_stale(root)
    return Path(tempfile.mkdtemp(prefix=f"{kind}-{os.getpid()}-", dir=root))


def _part_owner(path: Path, out: Path) -> int | None:
    prefix, suffix = f".{out.name}.", ".part"
    middle = path.name[len(prefix):-len(suffix)] if path.name.startswith(prefix) and path.name.endswith(suffix) else ""
    return int(middle) if middle.isdigit() else None


def stage_beside(src: Path, out: Path) -> Path:
    """`src`, finished, moved (or copied, across file systems) to a hidden name beside `out`, from which
    `os.replace` puts it in place atomically and without needing space. It is only ever what `out` will
    hold (a sealed file, encrypted when asked for). Parts a killed run left for `out` are removed."""
    for old in out.parent.glob(f".{glob.escape(out.name)}.*.part"):
        pid = _part_owner(old, out)
        if pid is not None and pid != os.getpid() and not _alive(pid):
            old.unlink(missing_ok=True)
    part = out.with_name(f".{out.name}.{os.getpid()}.part")
    try:
        try:
            os.replace(src, part)
        except OSError:
            shutil.copyfile(src, part)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return part


def move_into_place(src: Path, out: Path) -> None:
    """`src` becomes `out` atomically (staged beside it first: see stage_beside)."""
    part = stage_beside(src, out)
    try:
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)


def _disk_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return True
    return isinstance(exc, sqlite3.OperationalError) and "full" in str(exc)


@contextlib.contextmanager
def space_checked(what: str):
    """A full disk while writing `what` is one line (the callers' `finally` has removed the partial
    files by the time it is shown), not a traceback."""
    try:
        yield
    except (OSError, sqlite3.OperationalError) as exc:
        if not _disk_full(exc):
            raise
        raise SealError(f"no space left on the disk while writing {what}; nothing was written "
                        "(free some space and run it again)") from exc
