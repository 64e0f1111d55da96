"""Numbers with units in answers and references, for numeric-range equivalence (issue #33 item 6).

A *quantity* is a number or a range with an optional unit: "4小时", "3.5–4.5小时", "between 2 and 3 mg",
"50%", "百分之五十", "三个半小时". Text first goes through `normalize.numbers_folded` (NFKC, case,
thousands separators, Chinese numerals as digits), so "３．５" and "三点五" are not special cases here;
"X个半" is X.5 ("三个半小时" = 3.5 h). A range is two numbers joined by -, –, —, ~, 〜, "to", "至", "到"
or "between … and …"; a unit written after either end applies to both ("3.5 h–4.5 h"). Hedges ("约",
"about", "~4") are not part of a quantity, so "约4小时" reads as 4 h.

Units of one dimension are converted to a base (time: hours, mass: mg, volume: ml, percent), so "240
min" equals "4 h"; any other unit word is kept as written and matches only itself ("mmHg", "mg/kg").
A bare number has no unit and matches only a bare number.

`within(answer, reference)` — an answer quantity lies within a reference quantity when they have the
same unit (after conversion) and the answer's whole interval is inside the reference's (a point is an
interval of width 0; a relative slack of 1e-9 absorbs float conversion). A point reference therefore
needs the same value, and an answer range wider than the reference range is not within it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from factaudit.engine.text.normalize import numbers_folded

# unit spelling -> (dimension, factor to the dimension's base unit)
_HOUR = {"s": 1 / 3600, "sec": 1 / 3600, "secs": 1 / 3600, "second": 1 / 3600, "seconds": 1 / 3600, "秒": 1 / 3600,
         "秒钟": 1 / 3600, "min": 1 / 60, "mins": 1 / 60, "minute": 1 / 60, "minutes": 1 / 60, "分钟": 1 / 60,
         "h": 1.0, "hr": 1.0, "hrs": 1.0, "hour": 1.0, "hours": 1.0, "小时": 1.0, "个小时": 1.0, "钟头": 1.0,
         "个钟头": 1.0, "d": 24.0, "day": 24.0, "days": 24.0, "天": 24.0, "日": 24.0,
         "wk": 168.0, "week": 168.0, "weeks": 168.0, "周": 168.0, "星期": 168.0, "个星期": 168.0,
         "month": 730.5, "months": 730.5, "个月": 730.5, "月": 730.5,
         "y": 8766.0, "yr": 8766.0, "yrs": 8766.0, "year": 8766.0, "years": 8766.0, "年": 8766.0}
_MG = {"kg": 1e6, "公斤": 1e6, "千克": 1e6, "g": 1e3, "克": 1e3, "mg": 1.0, "毫克": 1.0,
       "μg": 1e-3, "mcg": 1e-3, "ug": 1e-3, "微克": 1e-3, "ng": 1e-6, "纳克": 1e-6}
_ML = {"l": 1e3, "升": 1e3, "dl": 100.0, "分升": 100.0, "ml": 1.0, "毫升": 1.0, "μl": 1e-3, "微升": 1e-3}
UNITS: dict[str, tuple[str, float]] = {
    **{u: ("time", f) for u, f in _HOUR.items()}, **{u: ("mass", f) for u, f in _MG.items()},
    **{u: ("volume", f) for u, f in _ML.items()}, "%": ("percent", 1.0), "percent": ("percent", 1.0),
    "per cent": ("percent", 1.0),
}
_CJK_UNITS = sorted((u for u in UNITS if not u.isascii() and u not in ("μg", "μl")), key=len, reverse=True)
_NUM = r"\d+(?:\.\d+)?"
# a Latin unit word (with an optional "/word" denominator), "%", μ-units, or a known CJK unit
_STOP = r"(?:and|or|to|of|in|the|a|an|per|times|x|vs)(?![a-z])"
_UNIT = (rf"(?:%|per cent|percent|(?!{_STOP})[μa-z][a-z]*(?:/[a-z]+)?(?![a-z])|"
         + "|".join(re.escape(u) for u in _CJK_UNITS) + ")")
_SEP = r"\s*(?:-|–|—|~|〜|to|至|到)\s*"
_QUANTITY = re.compile(
    rf"between\s+(?P<b1>{_NUM})\s*(?P<bu1>{_UNIT})?\s+and\s+(?P<b2>{_NUM})\s*(?P<bu2>{_UNIT})?"
    rf"|(?P<a1>{_NUM})\s*(?P<u1>{_UNIT})?(?:{_SEP}(?P<a2>{_NUM})\s*(?P<u2>{_UNIT})?)?")
_HALF = re.compile(r"(\d+)个半")
# "百分之" is read before the numerals are, or its "百" would become 100
_PERCENT_MARK = "\x00"
_PERCENT_PREFIX = re.compile(rf"{_PERCENT_MARK}\s*({_NUM})")
REL_SLACK = 1e-9


@dataclass(frozen=True)
class Quantity:
    lo: float
    hi: float
    unit: str | None          # the base unit's dimension ("time", "mass", ...), a unit as written, or None
    text: str                 # the span it was read from

    def within(self, other: "Quantity") -> bool:
        if self.unit != other.unit:
            return False
        slack = REL_SLACK * max(abs(other.lo), abs(other.hi), 1.0)
        return other.lo - slack <= self.lo and self.hi <= other.hi + slack


def _unit(word: str | None) -> tuple[str | None, float]:
    if not word:
        return None, 1.0
    word = word.strip()
    if word in UNITS:
        return UNITS[word]
    return word, 1.0


def prepared(text: str) -> str:
    """The text as the reader sees it: numerals as digits, "X个半" as X.5, "百分之N" as N%."""
    text = numbers_folded(str(text).replace("百分之", _PERCENT_MARK))
    text = _HALF.sub(lambda m: f"{m.group(1)}.5个", text)
    return _PERCENT_PREFIX.sub(lambda m: f"{m.group(1)}%", text)


def quantities(text: str) -> list[Quantity]:
    """Every quantity in `text`, in order."""
    text = prepared(text)
    out = []
    for m in _QUANTITY.finditer(text):
        if m.group("b1") is not None:
            lo, hi = float(m.group("b1")), float(m.group("b2"))
            words = [w for w in (m.group("bu2"), m.group("bu1")) if w]
        else:
            lo = float(m.group("a1"))
            hi = float(m.group("a2")) if m.group("a2") is not None else lo
            words = [w for w in (m.group("u2"), m.group("u1")) if w]
        # "3.5 h-4.5 h": the unit after the second number names both; "3.5 h-4.5" the first one does
        unit, factor = _unit(words[0] if words else None)
        if lo > hi:
            lo, hi = hi, lo
        out.append(Quantity(lo * factor, hi * factor, unit, m.group(0).strip()))
    return out


def remainder(text: str) -> str:
    """`text` (prepared) with its quantities taken out: the words a numeric match must still find."""
    return _QUANTITY.sub(" ", prepared(text))


def within(answer: str, reference: str) -> bool:
    """Whether every quantity of `reference` has an answer quantity within it (False when the reference
    has none)."""
    ref = quantities(reference)
    if not ref:
        return False
    got = quantities(answer)
    return all(any(a.within(r) for a in got) for r in ref)
