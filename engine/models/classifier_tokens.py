"""Tokenising (evidence, claim) pairs for a classifier with the `tokenizers` package (no transformers).

Truncation is switched off whatever tokenizer.json says: lengths are measured and long evidence is
split by engine.pipeline.classify_windows, never cut here. Two copies of the tokenizer: `plain`
counts tokens and offsets, `padded` pads a batch to its longest pair.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models.classifier_folder import PAIR_ORDERS


class PairEncoder:
    def __init__(self, folder: str | Path, pair_order: str = "evidence_first"):
        from tokenizers import Tokenizer

        if pair_order not in PAIR_ORDERS:
            raise ModelNotFound(f"pair order must be one of {', '.join(PAIR_ORDERS)}, got {pair_order!r}")
        self.folder, self.pair_order = Path(folder), pair_order
        try:
            self.padded = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
        except Exception as exc:  # noqa: BLE001 - the Rust loader's errors are not one type
            raise ModelNotFound(f"{self.folder}: tokenizer.json cannot be read ({exc})") from exc
        self.padded.no_truncation()
        self.plain = Tokenizer.from_str(self.padded.to_str())
        self.plain.no_padding()
        self.pad_id, self.pad_token = self._pad()
        self.padded.enable_padding(pad_id=self.pad_id, pad_token=self.pad_token)
        self.special_tokens = len(self.plain.encode("evidence", "claim").ids) - self.count_tokens("evidence") \
            - self.count_tokens("claim")

    def _pad(self) -> tuple[int, str]:
        """The pad token tokenizer_config.json names, else [PAD] or <pad> if the vocabulary has one."""
        token = None
        cfg_file = self.folder / "tokenizer_config.json"
        if cfg_file.is_file():
            try:
                token = json.loads(cfg_file.read_text(encoding="utf-8")).get("pad_token")
            except (OSError, ValueError, AttributeError):
                token = None
            token = token.get("content") if isinstance(token, dict) else token
        for candidate in (token, "[PAD]", "<pad>"):
            if isinstance(candidate, str) and self.plain.token_to_id(candidate) is not None:
                return self.plain.token_to_id(candidate), candidate
        return 0, token if isinstance(token, str) else "[PAD]"

    def ordered(self, evidence: str, claim: str) -> tuple[str, str]:
        return (evidence, claim) if self.pair_order == "evidence_first" else (claim, evidence)

    def token_offsets(self, text: str) -> list[tuple[int, int]]:
        """Character spans of the text's tokens (no special tokens), for splitting evidence by tokens."""
        return [tuple(o) for o in self.plain.encode(text, add_special_tokens=False).offsets]

    def count_tokens(self, text: str) -> int:
        return len(self.plain.encode(text, add_special_tokens=False).ids)

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        """Tokens of each (evidence, claim) pair as the model sees it, special tokens included."""
        if not pairs:
            return []
        return [len(e.ids) for e in self.plain.encode_batch([self.ordered(*p) for p in pairs])]

    def encode_batch(self, pairs: Sequence[tuple[str, str]]):
        """Encodings of (evidence, claim) pairs padded to the longest of them."""
        return self.padded.encode_batch([self.ordered(*p) for p in pairs])
