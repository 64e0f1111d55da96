"""The `rules` extractor: conservative surface patterns, zero model calls.

The question decides which patterns apply (population, a date, a sport, a director, a party); a
document yields a candidate only when the patterns find exactly one distinct value in it, otherwise
none. It is deliberately narrow: it shows what template regularity alone buys, and it is the repair
stage's way to read a quote or an over-long answer. English and Chinese forms are both covered.
"""
from __future__ import annotations

import re

from factaudit.engine.conflicts.grouping import answer_key

_EN_DATE = (r"(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)"
            r"\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{1,2} (?:January|February|March|April|May|June|July|August|"
            r"September|October|November|December) \d{4})")
_ZH_DATE = r"(?:\d{4}年\d{1,2}月\d{1,2}日)"
_DATE = f"(?:{_EN_DATE}|{_ZH_DATE})"
_ZH_NUM = "[零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟萬億]"
SPORTS = ("American football", "association football", "football", "soccer", "basketball", "baseball",
          "ice hockey", "field hockey", "hockey", "tennis", "golf", "cricket", "rugby union", "rugby league",
          "rugby", "boxing", "wrestling", "swimming", "athletics", "cycling", "volleyball", "handball",
          "badminton", "table tennis", "snooker", "motor racing", "racing", "skiing", "figure skating",
          "美式橄榄球", "橄榄球", "足球", "篮球", "棒球", "冰球", "曲棍球", "网球", "高尔夫球", "高尔夫", "板球", "拳击",
          "摔跤", "游泳", "田径", "自行车", "排球", "手球", "羽毛球", "乒乓球")

# (question pattern, [document patterns whose group 1 is the candidate])
_KINDS: list[tuple[re.Pattern, list[re.Pattern]]] = [
    (re.compile(r"\bpopulation\b|人口|多少人", re.I), [
        re.compile(r"((?:\d{1,3}(?:,\d{3})+|\d+) (?:people|residents|inhabitants))\b"),
        re.compile(r"population (?:of|was|is|of about|was about) (\d{1,3}(?:,\d{3})+|\d+)\b", re.I),
        # Arabic digits or Chinese numerals with units (三千五百五十九人 = 3,559; grouping folds both)
        re.compile(r"(?:共有|人口为|人口是|人口约为?)(\d[\d,]*(?:万|亿)?人?|" + _ZH_NUM + r"+人)"),
        re.compile(r"(" + _ZH_NUM + r"{2,}(?:名居民|位居民|人))"),
    ]),
    (re.compile(r"\bborn\b|出生|生于", re.I), [
        re.compile(rf"\bborn(?: on| in)? ({_DATE})"),
        re.compile(rf"\(({_DATE}) [–-]"),
        re.compile(rf"(?:出生于|生于)({_DATE})"),
    ]),
    (re.compile(r"\b(?:founded|established|formed|opened)\b|成立|创立|建立", re.I), [
        re.compile(rf"\b(?:founded|established|formed|opened)(?: on| in)? ({_DATE}|\d{{4}})\b"),
        re.compile(rf"(?:成立于|创立于|建立于)({_DATE}|\d{{4}}年)"),
    ]),
    (re.compile(r"\bdirect(?:ed|or|ors)\b|导演|执导", re.I), [
        re.compile(r"\bdirected by ([A-Z][\w.'-]+(?: [A-Z][\w.'-]+){0,3})"),
        re.compile(r"由(\S{2,8}?)执导"),
        re.compile(r"导演(?:是|为)(\S{2,8}?)[，。,.]"),
    ]),
    (re.compile(r"\bpolitical party\b|政党", re.I), [
        re.compile(r"\b((?:[A-Z][a-z]+ ){1,3}Party)\b"),
        re.compile(r"(\S{2,8}党)"),
    ]),
]
_SPORT_Q = re.compile(r"\bsports?\b|运动|体育", re.I)


def _sport(text: str) -> str | None:
    found: dict[str, str] = {}
    low = text.casefold()
    taken: list[tuple[int, int]] = []
    for s in SPORTS:  # longer names first within each language, so "ice hockey" hides "hockey"
        for m in re.finditer(r"(?<![a-z])" + re.escape(s.casefold()) + r"(?![a-z])", low):
            if any(a <= m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            found.setdefault(answer_key(s).key, text[m.start():m.end()])    # as the document writes it
    return next(iter(found.values())) if len(found) == 1 else None


def rules_answer(question: str, text: str) -> str | None:
    """One candidate answer for `question` from `text`, or None (no pattern, or patterns disagree)."""
    if _SPORT_Q.search(question):
        return _sport(text)
    for qpat, patterns in _KINDS:
        if not qpat.search(question):
            continue
        values: dict[str, str] = {}
        for p in patterns:
            for m in p.finditer(text):
                # a name pattern may run on into the next sentence ("Mahesh Bhatt. The film")
                value = re.split(r"(?<=[a-z])\.\s", m.group(1).strip())[0].strip()
                values.setdefault(answer_key(value).key, value)
        return next(iter(values.values())) if len(values) == 1 else None
    return None
