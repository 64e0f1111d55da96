"""Read the metadata header of a GGUF file without loading the model (no llama.cpp needed).

Layout (GGUF v2/v3): magic "GGUF", uint32 version, uint64 tensor count, uint64 metadata count, then
key/value pairs. Version 1 used uint32 counts and lengths. Large arrays (the tokenizer vocabulary)
are skipped rather than kept, so reading stays fast and small.
"""
from __future__ import annotations

import struct
from pathlib import Path
from typing import Any, BinaryIO

from factaudit.engine.errors import ModelNotFound

# llama_ftype values (general.file_type) → the usual quantization names.
FILE_TYPES = {
    0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
    11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S", 17: "Q5_K_M",
    18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS", 23: "IQ3_XXS", 24: "IQ1_S",
    25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S", 29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M",
    32: "BF16", 36: "TQ1_0", 37: "TQ2_0",
}

_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
MAX_KEPT_ARRAY = 64


class _Reader:
    def __init__(self, fh: BinaryIO, version: int):
        self.fh = fh
        self.len_fmt = "<I" if version == 1 else "<Q"

    def read(self, fmt: str):
        size = struct.calcsize(fmt)
        data = self.fh.read(size)
        if len(data) != size:
            raise ValueError("file ends inside the metadata header")
        return struct.unpack(fmt, data)[0]

    def string(self) -> str:
        n = self.read(self.len_fmt)
        if n > 1 << 24:
            raise ValueError(f"implausible string length {n}")
        return self.fh.read(n).decode("utf-8", errors="replace")

    def value(self, vtype: int) -> Any:
        if vtype in _SCALARS:
            return self.read(_SCALARS[vtype])
        if vtype == _STRING:
            return self.string()
        if vtype == _ARRAY:
            item_type = self.read("<I")
            count = self.read(self.len_fmt)
            if item_type in _SCALARS and count > MAX_KEPT_ARRAY:
                self.fh.seek(struct.calcsize(_SCALARS[item_type]) * count, 1)
                return f"<array of {count}>"
            items = [self.value(item_type) for _ in range(count)]
            return items if count <= MAX_KEPT_ARRAY else f"<array of {count}>"
        raise ValueError(f"unknown GGUF value type {vtype}")


def read_metadata(path: str | Path) -> dict[str, Any]:
    """All scalar metadata and short arrays of a GGUF file, plus `gguf.version` and `gguf.tensor_count`."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            if fh.read(4) != b"GGUF":
                raise ModelNotFound(f"{path} is not a GGUF file")
            version = struct.unpack("<I", fh.read(4))[0]
            r = _Reader(fh, version)
            n_tensors = r.read(r.len_fmt)
            n_kv = r.read(r.len_fmt)
            meta: dict[str, Any] = {"gguf.version": version, "gguf.tensor_count": n_tensors}
            for _ in range(n_kv):
                key = r.string()
                meta[key] = r.value(r.read("<I"))
            return meta
    except OSError as exc:
        raise ModelNotFound(f"cannot read {path}: {exc}") from exc
    except (ValueError, struct.error) as exc:
        raise ModelNotFound(f"{path} has a damaged GGUF header: {exc}") from exc


def quantization(meta: dict[str, Any], filename: str = "") -> str | None:
    ft = meta.get("general.file_type")
    if isinstance(ft, int) and ft in FILE_TYPES:
        return FILE_TYPES[ft]
    upper = filename.upper()
    for name in sorted(FILE_TYPES.values(), key=len, reverse=True):
        if name in upper:
            return name
    return None


def architecture_value(meta: dict[str, Any], suffix: str) -> Any:
    arch = meta.get("general.architecture")
    return meta.get(f"{arch}.{suffix}") if arch else None


def kv_cache_bytes(meta: dict[str, Any], n_ctx: int) -> int | None:
    """f16 K and V caches for n_ctx tokens: 2 × layers × n_ctx × (head_dim × kv_heads) × 2 bytes."""
    layers = architecture_value(meta, "block_count")
    embd = architecture_value(meta, "embedding_length")
    heads = architecture_value(meta, "attention.head_count")
    kv_heads = architecture_value(meta, "attention.head_count_kv") or heads
    if not all(isinstance(v, int) and v > 0 for v in (layers, embd, heads, kv_heads)):
        return None
    return 2 * layers * n_ctx * (embd // heads) * kv_heads * 2
