"""Retrieval indexes cached beside the project:
`<project dir>/.factaudit-cache/<corpus_hash[:16]>-<model key>/`.

The folder name carries the corpus hash and the model key, so a changed corpus or model looks in a
new folder and rebuilds; `meta.json` repeats the full hashes and is checked before reuse. Folders
are written into a temporary sibling and renamed into place, so a crash or a cancel never leaves a
half-written index that a later run would trust. A full disk while saving is a one-line DiskFull
(nothing of the new index is left behind); any other failure to save works without the cache.
"""
from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import shutil
import uuid
from pathlib import Path
from typing import Any, Callable, TypeVar

from factaudit.engine.errors import DiskFull

CACHE_DIRNAME = ".factaudit-cache"
META_FILE = "meta.json"
T = TypeVar("T")
# errno values that mean "no room": the disk or the user's quota is full, or the file grew too big.
NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def cache_root(project_path: str | os.PathLike) -> Path:
    return Path(project_path).resolve().parent / CACHE_DIRNAME


def cache_dir(project_path: str | os.PathLike, corpus_hash: str, model_key: str) -> Path:
    return cache_root(project_path) / f"{corpus_hash[:16]}-{model_key}"


def read_meta(folder: Path) -> dict[str, Any] | None:
    try:
        return json.loads((folder / META_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def load_or_build(folder: Path, meta: dict[str, Any], build: Callable[[], T], save: Callable[[T, Path], None],
                  load: Callable[[Path], T]) -> tuple[T, str]:
    """The cached object when `folder` holds one made with the same `meta`, else a freshly built one
    (saved atomically). Returns (object, "hit" | "built" | "uncached")."""
    if read_meta(folder) == meta:
        try:
            return load(folder), "hit"
        except Exception as exc:  # noqa: BLE001 - a damaged cache is rebuilt, never trusted
            logging.getLogger(__name__).warning("the cached index in %s could not be loaded (%s: %s); rebuilding it",
                                                folder, type(exc).__name__, exc)
    obj = build()
    root_existed = folder.parent.is_dir()
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = folder.parent / f".tmp-{folder.name}-{uuid.uuid4().hex[:8]}"
        tmp.mkdir()
    except OSError as exc:
        if _no_space(exc):
            _remove_empty(folder.parent, root_existed)
            raise _disk_full(folder, exc) from exc
        return obj, "uncached"   # read-only location: work without a cache
    try:
        save(obj, tmp)
        # meta.json last: a folder without it is never reused.
        (tmp / META_FILE).write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")
        if folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
        try:
            os.rename(tmp, folder)
        except OSError:
            # Another process put an index there first; theirs is as good as ours.
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        _remove_empty(folder.parent, root_existed)
        if _no_space(exc):
            raise _disk_full(folder, exc) from exc
        if isinstance(exc, OSError):
            logging.getLogger(__name__).warning("the index could not be cached in %s (%s); working without the cache",
                                                folder.parent, exc.strerror or exc)
            return obj, "uncached"
        raise
    return obj, "built"


def _no_space(exc: BaseException) -> bool:
    """Whether an error (or one it was raised from) says the disk is full."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, OSError) and exc.errno in NO_SPACE:
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def _disk_full(folder: Path, exc: BaseException) -> DiskFull:
    return DiskFull(f"disk full while caching the index in {folder.parent}: free some space and try again "
                    "(nothing of the index was kept)")


def _remove_empty(root: Path, existed: bool) -> None:
    """The cache folder this call made, when nothing is left in it."""
    if not existed:
        with contextlib.suppress(OSError):
            root.rmdir()


def clear_cache(project_path: str | os.PathLike) -> int:
    """Remove every cached index of a project; returns the number of folders removed."""
    root = cache_root(project_path)
    if not root.is_dir():
        return 0
    n = 0
    for sub in root.iterdir():
        if sub.is_dir():
            shutil.rmtree(sub, ignore_errors=True)
            n += 1
    return n
