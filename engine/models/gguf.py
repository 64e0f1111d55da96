"""Read the metadata header of a GGUF file without loading the model (no llama.cpp needed).

Layout (GGUF v2/v3): magic "GGUF", uint32 version, uint64 tensor count, uint64 metadata count, then
key/value pairs. Version 1 used uint32 counts and lengths. Large arrays (the tokenizer vocabulary)
are skipped rather than kept, so reading stays fast and small.

The header is untrusted input (a file dropped into local_models/ is listed by `models`): versions
other than 1-3 are refused, arrays nest at most MAX_DEPTH deep (5,000 nested arrays overflowed
Python's stack), and no count may promise more items than the bytes left in the file could hold, so
a damaged or hostile header ends in one ModelNotFound line, never a long loop or a large allocation.
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
MAX_DEPTH = 8          # real files nest one level (arrays of strings or numbers)
VERSIONS = (1, 2, 3)


class _Reader:
    def __init__(self, fh: BinaryIO, version: int):
        if version not in VERSIONS:
            raise ValueError(f"unsupported GGUF version {version} (this build reads versions 1-3)")
        self.fh = fh
        self.len_fmt = "<I" if version == 1 else "<Q"
        here = fh.tell()
        self.size = fh.seek(0, 2)
        fh.seek(here)

    def left(self) -> int:
        return self.size - self.fh.tell()

    def count(self, what: str, min_bytes: int) -> int:
        """A count read from the file, refused when its items could not fit in the bytes left."""
        n = self.read(self.len_fmt)
        if n * min_bytes > self.left():
            raise ValueError(f"{what} count {n} is larger than the file can hold")
        return n

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
        data = self.fh.read(n)
        if len(data) != n:
            raise ValueError("file ends inside the metadata header")
        return data.decode("utf-8", errors="replace")

    def value(self, vtype: int, depth: int = 0) -> Any:
        if vtype in _SCALARS:
            return self.read(_SCALARS[vtype])
        if vtype == _STRING:
            return self.string()
        if vtype == _ARRAY:
            if depth >= MAX_DEPTH:
                raise ValueError(f"arrays nested more than {MAX_DEPTH} deep")
            item_type = self.read("<I")
            size = struct.calcsize(_SCALARS[item_type]) if item_type in _SCALARS else struct.calcsize(self.len_fmt)
            count = self.count("array item", size)
            if item_type in _SCALARS and count > MAX_KEPT_ARRAY:
                self.fh.seek(size * count, 1)
                return f"<array of {count}>"
            if count > MAX_KEPT_ARRAY:   # read through, keep nothing
                for _ in range(count):
                    self.value(item_type, depth + 1)
                return f"<array of {count}>"
            return [self.value(item_type, depth + 1) for _ in range(count)]
        raise ValueError(f"unknown GGUF value type {vtype}")


def read_metadata(path: str | Path, fh: BinaryIO | None = None) -> dict[str, Any]:
    """All scalar metadata and short arrays of a GGUF file, plus `gguf.version` and `gguf.tensor_count`.
    `fh`, when given, is the file already open (chunks read as one); `path` then only names it."""
    path = Path(path)
    try:
        if fh is not None:
            return _read_metadata(path, fh)
        with path.open("rb") as own:
            return _read_metadata(path, own)
    except OSError as exc:
        raise ModelNotFound(f"cannot read {path}: {exc}") from exc
    except (ValueError, struct.error) as exc:
        raise ModelNotFound(f"{path} has a damaged GGUF header: {exc}") from exc


def _read_metadata(path: Path, fh: BinaryIO) -> dict[str, Any]:
    if fh.read(4) != b"GGUF":
        raise ModelNotFound(f"{path} is not a GGUF file")
    version = struct.unpack("<I", fh.read(4))[0]
    r = _Reader(fh, version)
    n_tensors = r.count("tensor", 1)
    n_kv = r.count("metadata", 12)   # a key length, a short key and a type at the least
    meta: dict[str, Any] = {"gguf.version": version, "gguf.tensor_count": n_tensors}
    for _ in range(n_kv):
        key = r.string()
        meta[key] = r.value(r.read("<I"))
    return meta


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
