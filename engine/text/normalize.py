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
_CJK_NUMERALS = f"{''.join(_DIGITS)}{''.join(_UNITS)}{''.join(_BIG)}"
# A run of Chinese numerals, possibly mixed with Arabic numbers before a unit ("2万", "3.5万",
# "1亿2千万", "3千5百"): the Arabic part is a digit of the run, so "2万" is 20000, not "2" + "10000".
_NUMERAL_RUN = re.compile(rf"(?:\d+(?:\.\d+)?)*(?:[{_CJK_NUMERALS}]+(?:\d+(?:\.\d+)?(?=[{''.join(_UNITS)}{''.join(_BIG)}]))?)+")
_TOKEN = re.compile(r"\d+(?:\.\d+)?|.", re.S)
# Spaces that only ever separate thousands (before NFKC turns them into plain spaces).
_THIN_SPACE_GROUPS = re.compile(r"(?<=\d)[\u00a0\u2009\u202f](?=\d{3}(?!\d))")
_GROUPED = re.compile(r"(?<![\d.,'])\d{1,3}(?:[,'\u2019]\d{3})+(?![\d]|[.,]\d)")
_ASCII_PUNCT = set(string.punctuation)
_SPACES = re.compile(r"\s+")


def chinese_numeral(run: str) -> int | float:
    """The value of a run of Chinese numeral characters (positional or digit by digit), in which an
    Arabic number may stand for a digit before a unit ("3.5万" = 35000, "2万3千" = 23000)."""
    if len(run) > 1 and all(c in _DIGITS for c in run):
        return int("".join(str(_DIGITS[c]) for c in run))
    total = section = num = 0
    for tok in _TOKEN.findall(run):
        if tok in _DIGITS:
            num = _DIGITS[tok]
        elif tok in _UNITS:
            section += (num or 1) * _UNITS[tok]
            num = 0
        elif tok in _BIG:
            total += ((section + num) or 1) * _BIG[tok]
            section = num = 0
        else:
            num = float(tok) if "." in tok else int(tok)
    value = total + section + num
    return int(value) if float(value).is_integer() else value


def _numeral_text(m: re.Match) -> str:
    run = m.group(0)
    if not any(c in _CJK_NUMERALS for c in run):
        return run
    return str(chinese_numeral(run))


def _is_punct(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch).startswith("P")


def numbers_folded(text: str) -> str:
    """The first steps of `fold` without the punctuation ones, so decimals and range dashes survive
    ("3.5–4.5小时", "三个半小时" -> "3个半小时") for the quantity reader in text.quantities."""
    text = _THIN_SPACE_GROUPS.sub("", str(text))
    text = unicodedata.normalize("NFKC", text).casefold()
    # separators first, so "3,000万" reads as 3000 ten-thousands
    text = _GROUPED.sub(lambda m: re.sub(r"[,'\u2019]", "", m.group(0)), text)
    return _NUMERAL_RUN.sub(_numeral_text, text)


def fold(text: str) -> str:
    text = numbers_folded(text)
    text = "".join(" " if _is_punct(ch) else ch for ch in text)
    return _SPACES.sub(" ", text).strip()
