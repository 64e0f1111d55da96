"""Private scratch folders for plaintext that must never sit beside an output (issue #36 item 4).

Sealing, rater packages and returns build an unencrypted project before it is signed and (maybe)
encrypted; opening an encrypted seal decrypts it. That plaintext lives only here: one folder per job
under the user data folder's `sealed-cache` (mode 0700, like every folder `mkdtemp` makes), named
`<kind>-<pid>-<random>`. A kill -9 cannot run a `finally`, so each new job first removes the folders of
processes that no longer exist; the one left by a kill lasts until the next seal, package, return or
open, and is readable by its owner only.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from factaudit.engine.config import data_dir

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


def move_into_place(src: Path, out: Path) -> None:
    """`src` becomes `out` atomically. Across file systems the bytes are copied to a hidden name beside
    `out` first (only ever a finished, unencrypted seal: nothing secret that `out` will not hold)."""
    try:
        os.replace(src, out)
        return
    except OSError:
        pass
    part = out.with_name(f".{out.name}.{os.getpid()}.part")
    try:
        shutil.copyfile(src, part)
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
