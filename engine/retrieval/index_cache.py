"""Retrieval indexes cached beside the project:
`<project dir>/.factaudit-cache/<corpus_hash[:16]>-<model key>/`.

The folder name carries the corpus hash and the model key, so a changed corpus or model looks in a
new folder and rebuilds; `meta.json` repeats the full hashes and is checked before reuse. Folders
are written into a temporary sibling and renamed into place, so a crash or a cancel never leaves a
half-written index that a later run would trust.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import uuid
from pathlib import Path
from typing import Any, Callable, TypeVar

CACHE_DIRNAME = ".factaudit-cache"
META_FILE = "meta.json"
T = TypeVar("T")


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
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = folder.parent / f".tmp-{folder.name}-{uuid.uuid4().hex[:8]}"
        tmp.mkdir()
    except OSError:
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
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return obj, "built"


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
