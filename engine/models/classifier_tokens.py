"""Tokenising (evidence, claim) pairs for a classifier with the `tokenizers` package (no transformers).

Truncation is switched off whatever tokenizer.json says: lengths are measured and long evidence is
split by engine.pipeline.classify_windows, never cut here. Two copies of the tokenizer: `plain`
counts tokens and offsets, `padded` pads a batch to its longest pair.

tokenizer.json is untrusted input: before any evidence is encoded, its size, its vocabulary (not
empty) and what it makes of a probe text are checked against limits (`check_bounds`), so a normalizer
that turns "." into 200,000 characters is refused in one line instead of allocating gigabytes.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models.classifier_folder import PAIR_ORDERS

MAX_TOKENIZER_BYTES = 256 * 1024 * 1024   # the largest real tokenizer.json files are a few tens of MB
# Every printable ASCII character, digits and letters, and a little non-ASCII text: what evidence holds.
PROBE = "".join(chr(c) for c in range(32, 127)) + " The 3rd trial (n=120) reduced risk by 4.5%. Ärzte; 研究; naïve café."
# A real normalizer changes a character into at most a few (NFKD of a ligature, a spaced CJK
# character); a real tokenizer gives at most a few tokens per character of the normalized text.
MAX_GROWTH = 8


MAX_RULE_CHARS = 1024   # a Replace/Prepend string of a real normalizer is a few characters


def check_rules(data: dict, where: str) -> None:
    """Refuse a normalizer, pre-tokenizer or decoder holding a string longer than MAX_RULE_CHARS: a
    Replace rule's content is allocated once per match, so a long one multiplies any text's size."""
    stack = [data.get(k) for k in ("normalizer", "pre_tokenizer", "post_processor", "decoder")]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and len(node) > MAX_RULE_CHARS:
            raise ModelNotFound(f"{where}: tokenizer.json has a rule string of {len(node):,} characters "
                                f"(at most {MAX_RULE_CHARS:,} is accepted)")


def check_bounds(tok, where: str) -> None:
    """ModelNotFound when the tokenizer has no vocabulary or blows a short text up (see MAX_GROWTH)."""
    if tok.get_vocab_size() == 0:
        raise ModelNotFound(f"{where}: tokenizer.json has an empty vocabulary")
    normalizer = tok.normalizer
    grown = len(PROBE)
    for ch in (*PROBE, PROBE):   # each character alone first: one blow-up is refused before it multiplies
        try:
            out = normalizer.normalize_str(ch) if normalizer is not None else ch
        except Exception as exc:  # noqa: BLE001 - the Rust side's errors are not one type
            raise ModelNotFound(f"{where}: tokenizer.json's normalizer fails on ordinary text ({exc})") from exc
        if len(out) > MAX_GROWTH * len(ch) + 8:
            raise ModelNotFound(f"{where}: tokenizer.json's normalizer turns {ch[:20]!r} into {len(out):,} "
                                f"characters (at most {MAX_GROWTH} per character is accepted)")
        grown = len(out)
    try:
        ids = tok.encode(PROBE, add_special_tokens=False).ids
    except Exception as exc:  # noqa: BLE001
        raise ModelNotFound(f"{where}: tokenizer.json cannot encode ordinary text ({exc})") from exc
    if len(ids) > MAX_GROWTH * grown + 8:
        raise ModelNotFound(f"{where}: tokenizer.json makes {len(ids):,} tokens of a {len(PROBE)}-character text")


def load_checked(folder: Path):
    """The folder's tokenizer.json, loaded only after its size and rule strings are checked and kept
    only if it passes check_bounds; ModelNotFound (one line) otherwise."""
    from tokenizers import Tokenizer

    path = Path(folder) / "tokenizer.json"
    try:
        if path.stat().st_size > MAX_TOKENIZER_BYTES:
            raise ModelNotFound(f"{folder}: tokenizer.json is {path.stat().st_size:,} bytes, more than "
                                f"the {MAX_TOKENIZER_BYTES:,} accepted")
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ModelNotFound(f"{folder}: tokenizer.json is not a JSON object")
        check_rules(raw, str(folder))   # before the Rust loader builds anything from it
        tok = Tokenizer.from_file(str(path))
    except ModelNotFound:
        raise
    except Exception as exc:  # noqa: BLE001 - the Rust loader's errors are not one type
        raise ModelNotFound(f"{folder}: tokenizer.json cannot be read ({exc})") from exc
    check_bounds(tok, str(folder))
    return tok


class PairEncoder:
    def __init__(self, folder: str | Path, pair_order: str = "evidence_first"):
        from tokenizers import Tokenizer

        if pair_order not in PAIR_ORDERS:
            raise ModelNotFound(f"pair order must be one of {', '.join(PAIR_ORDERS)}, got {pair_order!r}")
        self.folder, self.pair_order = Path(folder), pair_order
        self.padded = load_checked(self.folder)
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
