"""Models page › Add model…: check a GGUF file or a classification folder before it is added (issue #25
item 6): open it, run one pair, say whether it fits in RAM; or one sentence why not (a truncated
GGUF, a folder that is not a classifier, an unknown labels map, a missing tokenizer).

A GGUF is truncated when the file ends before the last byte of its tensor data: the header lists
every tensor's type, shape and offset, so the expected size is computed without loading it (the
block sizes are ggml's; a tensor of a type not listed here is checked by its offset alone).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from factaudit.engine.errors import FactAuditError, ModelNotFound
from factaudit.engine.models import classifier_registry, gguf, registry
from factaudit.engine.models.registry import ModelEntry

# ggml type id -> (values per block, bytes per block)
GGML_BLOCKS = {
    0: (1, 4), 1: (1, 2), 2: (32, 18), 3: (32, 20), 6: (32, 22), 7: (32, 24), 8: (32, 34), 9: (32, 36),
    10: (256, 84), 11: (256, 110), 12: (256, 144), 13: (256, 176), 14: (256, 210), 15: (256, 292),
    16: (256, 66), 17: (256, 74), 18: (256, 98), 19: (256, 50), 20: (32, 18), 21: (256, 110), 22: (256, 82),
    23: (256, 136), 24: (1, 1), 25: (1, 2), 26: (1, 4), 27: (1, 8), 28: (1, 8), 29: (256, 56), 30: (1, 2),
    34: (256, 54), 35: (256, 66), 39: (32, 17),
}
PROBE_EVIDENCE = "Aspirin is a medicine that lowers fever and relieves mild pain."
PROBE_CLAIM = "Aspirin reduces fever."


@dataclass
class ModelCheck:
    ok: bool
    message: str                          # one sentence for the dialog
    kind: str | None = None               # llm | classifier
    entry: ModelEntry | None = None
    sample: dict[str, Any] = field(default_factory=dict)   # what the test pair gave


def gguf_data_end(path: str | Path) -> tuple[int, int]:
    """(bytes the tensor data needs, bytes the file has); ModelNotFound for an unreadable header."""
    path = Path(path)
    size = path.stat().st_size
    try:
        with path.open("rb") as fh:
            if fh.read(4) != b"GGUF":
                raise ModelNotFound(f"{path} is not a GGUF file")
            version = struct.unpack("<I", fh.read(4))[0]
            r = gguf._Reader(fh, version)
            n_tensors, n_kv = r.count("tensor", 1), r.count("metadata", 12)
            alignment = 32
            for _ in range(n_kv):
                key = r.string()
                value = r.value(r.read("<I"))
                if key == "general.alignment" and isinstance(value, int) and value > 0:
                    alignment = value
            end = 0
            for _ in range(n_tensors):
                r.string()
                dims = [r.read(r.len_fmt) for _ in range(r.read("<I"))]
                ttype, offset = r.read("<I"), r.read("<Q")
                n = 1
                for d in dims:
                    n *= d
                block, nbytes = GGML_BLOCKS.get(ttype, (1, 0))
                end = max(end, offset + (n // block) * nbytes)
            header = fh.tell()
    except (ValueError, struct.error) as exc:
        raise ModelNotFound(f"{path} has a damaged GGUF header: {exc}") from exc
    data_start = -(-header // alignment) * alignment
    return data_start + end, size


def _fit_words(entry: ModelEntry) -> str:
    if entry.fits is None or entry.ram_needed_bytes is None:
        return "RAM fit unknown on this system"
    need = entry.ram_needed_bytes / 2 ** 30
    total = (entry.ram_total_bytes or 0) / 2 ** 30
    return f"needs about {need:.2f} of {total:.1f} GB RAM: " + ("fits" if entry.fits else "too large for this machine")


def _check_gguf(path: Path, run_pair: bool) -> ModelCheck:
    need, have = gguf_data_end(path)
    if have < need:
        return ModelCheck(False, f"{path.name} is truncated: the file has {have:,} bytes but its tensors need "
                                 f"{need:,} (an interrupted download or a missing part?)", "llm")
    entry = registry.gguf_entry(path, source="path")
    sample: dict[str, Any] = {}
    if run_pair:
        try:
            from llama_cpp import Llama

            llm = Llama(model_path=str(path), n_ctx=256, n_threads=1, verbose=False, seed=0)
            out = llm(f"Passage: {PROBE_EVIDENCE}\nClaim: {PROBE_CLAIM}\nVerdict:", max_tokens=4, temperature=0.0)
            sample = {"completion": out["choices"][0]["text"]}
            del llm
        except ImportError:
            sample = {"skipped": "llama-cpp-python is not installed"}
        except Exception as exc:  # noqa: BLE001 - llama.cpp reports load failures as ValueError/RuntimeError
            return ModelCheck(False, f"{path.name} could not be loaded by llama.cpp: {exc}", "llm", entry)
    arch = entry.architecture or "unknown architecture"
    return ModelCheck(bool(entry.fits) or entry.fits is None,
                      f"{path.name}: GGUF {arch}, {entry.quantization or '?'}, {_fit_words(entry)}", "llm", entry, sample)


def _check_classifier(path: Path, run_pair: bool) -> ModelCheck:
    from factaudit.engine.models.classifier import open_classifier

    entry = classifier_registry.classifier_entry(path, source="path")
    sample: dict[str, Any] = {}
    if run_pair:
        model = open_classifier(path, threads=1, batch_size=1)
        probs = model.score([(PROBE_EVIDENCE, PROBE_CLAIM)])[0]
        sample = {model.spec.id2label[i]: round(float(p), 4) for i, p in enumerate(probs)}
    labels = ", ".join(f"{k} -> {v}" for k, v in entry.extra["labels_map"].items())
    binary = " (binary: never Refuted)" if entry.extra["binary"] else ""
    return ModelCheck(bool(entry.fits) or entry.fits is None,
                      f"{path.name}: classifier, labels {labels}{binary}, {_fit_words(entry)}", "classifier",
                      entry, sample)


def check_model(path: str | Path, run_pair: bool = True) -> ModelCheck:
    """A GGUF file or a classification folder, checked; never raises for a bad model (the reason is
    the message), only for a path that does not exist."""
    path = Path(path).expanduser()
    if not path.exists():
        raise ModelNotFound(f"nothing at {path}")
    try:
        if path.is_dir():
            return _check_classifier(path, run_pair)
        with path.open("rb") as fh:
            magic = fh.read(4)
        if magic != b"GGUF":
            return ModelCheck(False, f"{path.name} is neither a GGUF file nor a classification folder")
        return _check_gguf(path, run_pair)
    except FactAuditError as exc:
        return ModelCheck(False, str(exc), "classifier" if path.is_dir() else "llm")
    except OSError as exc:
        return ModelCheck(False, f"cannot read {path}: {exc.strerror or exc}")
