"""One way to hash files: sha256 with `hashlib.file_digest`, and one on-disk cache for big files.

Model files (GGUF verifiers, sentence-transformers weights) are hundreds of MB and hashed every
time a run pins its model, so their digests are cached by (resolved path, size, mtime): a changed
file gets a new key and is hashed again. Small files (imports, reports) are hashed directly.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
from pathlib import Path

from factaudit.engine import config

_lock = threading.Lock()


def sha256_file(path: str | Path) -> str:
    """The sha256 hex digest of a file's bytes."""
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _cache_file() -> Path:
    return config.cache_dir() / "file_hashes.json"


def cached_sha256(path: str | Path) -> str:
    """sha256_file, remembered in the user cache folder by (path, size, mtime)."""
    path = Path(path).resolve()
    st = path.stat()
    key = f"{path}|{st.st_size}|{st.st_mtime_ns}"
    with _lock:
        cache_file = _cache_file()
        try:
            disk = json.loads(cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            disk = {}
        digest = disk.get(key) if isinstance(disk, dict) else None
        if not isinstance(digest, str):
            digest = sha256_file(path)
            # Drop stale entries for the same path (the file changed since they were written).
            disk = {k: v for k, v in (disk if isinstance(disk, dict) else {}).items()
                    if not k.startswith(f"{path}|")}
            disk[key] = digest
            tmp = cache_file.with_suffix(f".{os.getpid()}.tmp")
            try:
                cache_file.parent.mkdir(parents=True, exist_ok=True)
                tmp.write_text(json.dumps(disk, indent=1, sort_keys=True), encoding="utf-8")
                os.replace(tmp, cache_file)
            except OSError:
                # a read-only or full cache folder only costs a re-hash next time; no half-written file stays
                with contextlib.suppress(OSError):
                    tmp.unlink()
        return digest


def sha256_tree(folder: str | Path) -> str:
    """One digest for a folder of files (a sentence-transformers model): the sha256 of each file's
    relative path and content digest, in path order, so renaming or changing any file changes it."""
    folder = Path(folder)
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(f.relative_to(folder).as_posix().encode("utf-8"))
        h.update(b"\x00")
        h.update(cached_sha256(f).encode("ascii"))
        h.update(b"\n")
    return h.hexdigest()
