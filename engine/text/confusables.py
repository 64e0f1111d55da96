"""Undo the disguises an injected instruction wears before the injection heuristic reads it.

"Ignore previous instructions" written with a zero-width space inside a word, a Cyrillic "о", a Greek
"Ι" or full-width letters reads the same to a language model but matched none of the heuristic's
patterns (issue #26). `skeleton()` gives the text the patterns see:

1. Unicode TAG characters (U+E0020-U+E007E, invisible, yet read by models) become the ASCII they
   shadow; other format characters (Unicode category Cf: zero-width space/joiners, bidi embeddings and isolates,
   the soft hyphen, the BOM) are dropped;
2. each character is NFKC-normalised (full-width and other compatibility forms become ASCII);
   a combining mark is composed onto the letter before it (NFC), as NFKC of the whole string would;
3. a remaining non-ASCII character that Unicode's confusables table (UTS #39 `confusables.txt`, as
   packaged by `confusable_homoglyphs`) maps to a single ASCII letter or one of ``: < > / | [ ] #``
   is replaced by it. The table's prototype for capital I-like letters is "l"; an upper-case source
   becomes "I" instead, so a Greek "Ι" folds to the letter it imitates.

ASCII is never changed, and neither are characters the table does not map to ASCII (CJK text, most
Greek and Cyrillic letters that have no Latin look-alike), so Chinese and other patterns still match.
`skeleton()` also returns, for every output character, the index of the input character it came
from, so a match can be reported and withheld in the original text.
"""
from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from importlib import resources

_ASCII_TARGETS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:<>/|[]#")


@lru_cache(maxsize=1)
def fold_table() -> dict[str, str]:
    """Non-ASCII character -> the ASCII character it imitates (from Unicode's confusables data)."""
    raw = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json")
                     .read_text(encoding="utf-8"))
    table: dict[str, str] = {}
    for source, entries in raw.items():
        if len(source) != 1 or source.isascii():
            continue
        targets = [e.get("c") for e in entries if isinstance(e, dict)]
        ascii_targets = [t for t in targets if isinstance(t, str) and len(t) == 1 and t in _ASCII_TARGETS]
        if not ascii_targets:
            continue
        target = ascii_targets[0]
        if target == "l" and unicodedata.category(source) == "Lu":
            target = "I"
        table[source] = target
    return table


def skeleton(text: str) -> tuple[str, list[int]]:
    """(the folded text, origin[i] = index in `text` of the character that produced output i)."""
    table = fold_table()
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch.isascii():
            out.append(ch)
            origin.append(i)
            continue
        if 0xE0020 <= ord(ch) <= 0xE007E:
            # A Unicode TAG character is invisible but a model reads it as the ASCII it shadows:
            # hidden "ignore all previous instructions" must read as that phrase.
            out.append(chr(ord(ch) - 0xE0000))
            origin.append(i)
            continue
        if unicodedata.category(ch) == "Cf":
            continue
        for c in unicodedata.normalize("NFKC", ch):
            if unicodedata.combining(c) and out:
                composed = unicodedata.normalize("NFC", out[-1] + c)
                if len(composed) == 1:
                    out[-1] = composed
                    continue
            out.append(c if c.isascii() else table.get(c, c))
            origin.append(i)
    return "".join(out), origin
