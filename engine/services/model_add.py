"""Models page › Add model…: a GGUF file or a classification folder is checked first (engine.models.
model_check: opened, one pair run, RAM fit) and only then copied or linked into the first writable
local_models/ folder. A model that is not usable is refused with the check's one sentence and nothing
is written (a truncated GGUF, a folder that is not a classifier, an unknown labels map)."""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from factaudit.engine import changes
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import classifier_registry, registry
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.services.models import check_model

HOW = ("copy", "link")


@dataclass
class CheckedModel:
    entry: ModelEntry            # the model as the registry now lists it (source "local")
    message: str                 # the check's sentence (kind, labels or quantization, RAM fit)
    how: str                     # copy | link
    sha256: str | None           # a GGUF's (what verify runs pin); a folder's files are pinned per run


def _place(src: Path, how: str) -> Path:
    for folder in registry.local_models_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            dst = folder / src.name
            if dst.exists() or dst.is_symlink():
                raise InvalidArgument(f"{dst} already exists: remove it or rename the model first")
            if how == "link":
                os.symlink(src.resolve(), dst, target_is_directory=src.is_dir())
            elif src.is_dir():
                shutil.copytree(src, dst)
            else:
                shutil.copy2(src, dst)
            return dst
        except PermissionError:
            continue
    raise InvalidArgument("no writable local_models folder: " + ", ".join(map(str, registry.local_models_dirs())))


def add_checked_model(path: str, how: str = "copy", progress: ProgressCallback = no_progress,
                      cancel: CancelToken | None = None) -> CheckedModel:
    """Check the GGUF file or classification folder at `path`, then copy (or symlink, `how="link"`) it
    into local_models/. InvalidArgument carries the check's sentence when the model is not usable."""
    if how not in HOW:
        raise InvalidArgument(f"unknown way to add a model {how!r}; expected copy or link")
    cancel = cancel or CancelToken()
    src = Path(path).expanduser()
    progress(0, 3, "checking: opening it and running one pair")
    check = check_model(str(src))
    if not check.ok:
        raise InvalidArgument(check.message)
    cancel.check()
    progress(1, 3, "linking" if how == "link" else "copying")
    dst = _place(src, how)
    changes.note(None, ("models",))    # the file is in local_models/: the registry lists it from now on
    if check.kind == "classifier":
        entry, digest = classifier_registry.classifier_entry(dst, source="local"), None
    else:
        progress(2, 3, "hashing")
        entry, digest = registry.gguf_entry(dst, source="local"), registry.file_sha256(dst)
    progress(3, 3, "added")
    return CheckedModel(entry, check.message, how, digest)
