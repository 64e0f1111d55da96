"""Normalisation for grouping answers and matching lexicon entries (conflicts, multi-answer).

`fold` makes two spellings of the same answer equal: NFKC (full-width letters, digits and
punctuation become their ASCII forms), case folding, Chinese numerals as Arabic digits
("三十五" -> "35", "二〇二四" -> "2024", "两万" -> "20000"), thousands separators removed
("1,000", "1 000" with a thin or no-break space, "1'000" -> "1000"), Chinese and Western
punctuation as spaces, and runs of whitespace as one space. It is applied to both sides of every
comparison, so a rule that also touches a word (统一 -> 统1) changes nothing about which strings
are equal except to make equal those that differ only in these forms.
"""
from __future__ import annotations

import re
import string
import unicodedata

_DIGITS = {"零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "三": 3, "叁": 3, "四": 4, "肆": 4,
           "五": 5, "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9}
_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_BIG = {"万": 10 ** 4, "萬": 10 ** 4, "亿": 10 ** 8, "億": 10 ** 8}
_NUMERAL_RUN = re.compile(f"[{''.join(_DIGITS)}{''.join(_UNITS)}{''.join(_BIG)}]+")
# Spaces that only ever separate thousands (before NFKC turns them into plain spaces).
_THIN_SPACE_GROUPS = re.compile(r"(?<=\d)[\u00a0\u2009\u202f](?=\d{3}(?!\d))")
_GROUPED = re.compile(r"(?<![\d.,'])\d{1,3}(?:[,'\u2019]\d{3})+(?![\d]|[.,]\d)")
_ASCII_PUNCT = set(string.punctuation)
_SPACES = re.compile(r"\s+")


def chinese_numeral(run: str) -> int:
    """The value of a run of Chinese numeral characters (positional or digit by digit)."""
    if len(run) > 1 and all(c in _DIGITS for c in run):
        return int("".join(str(_DIGITS[c]) for c in run))
    total = section = num = 0
    for c in run:
        if c in _DIGITS:
            num = _DIGITS[c]
        elif c in _UNITS:
            section += (num or 1) * _UNITS[c]
            num = 0
        else:
            total += ((section + num) or 1) * _BIG[c]
            section = num = 0
    return total + section + num


def _is_punct(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch).startswith("P")


def fold(text: str) -> str:
    text = _THIN_SPACE_GROUPS.sub("", str(text))
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _NUMERAL_RUN.sub(lambda m: str(chinese_numeral(m.group(0))), text)
    text = _GROUPED.sub(lambda m: re.sub(r"[,'\u2019]", "", m.group(0)), text)
    text = "".join(" " if _is_punct(ch) else ch for ch in text)
    return _SPACES.sub(" ", text).strip()
