"""Deterministic grouping of candidate answers across Chinese and English.

Every candidate gets a canonical key; candidates with the same key form one group. The key is made by
the first rule that recognises the answer, in this order:

- `lexicon`: the project's equivalence lexicon maps it to a canonical entry (美式橄榄球 -> american football);
- `date`: a full or month-level date in a common English or Chinese form ("December 8, 1987",
  "8 Dec 1987", "1987-12-08", "1987年12月8日", "一九八七年十二月八日") -> date:1987-12-08;
- `number`: a number with separators and an optional unit ("3,559 people", "3559人", "1.2万人",
  "35 km", "三十五公里"); counting words (people, residents, 人, 名) are dropped, measure units kept;
- `article`: a leading English article dropped after folding ("The Beatles" = "Beatles");
- `fold`: case, full-width forms, Chinese and Western punctuation, thousands separators, Chinese
  numerals (engine.text.normalize.fold).

A candidate joining a group records the rule that made it equal to the group's first member
(`identical` when the two strings are the same), so an auditor sees why two answers were merged.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.text.normalize import fold

RULES = ("identical", "lexicon", "date", "number", "article", "fold")

_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_MONTHS.update({name[:3]: n for name, n in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MON = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_PATTERNS = (
    (re.compile(rf"^(?:on )?({_MON}) (\d{{1,2}})(?:st|nd|rd|th)? (\d{{3,4}})$"), ("m", "d", "y")),
    (re.compile(rf"^(?:on )?(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({_MON}) (\d{{3,4}})$"), ("d", "m", "y")),
    (re.compile(r"^(\d{4}) (\d{1,2}) (\d{1,2})$"), ("y", "m", "d")),            # 1987-12-08 after folding
    (re.compile(r"^(\d{3,4}) ?年 ?(\d{1,2}) ?月 ?(\d{1,2}) ?[日号]$"), ("y", "m", "d")),
    (re.compile(rf"^(?:in )?({_MON}) (\d{{3,4}})$"), ("m", "y")),
    (re.compile(r"^(\d{3,4}) ?年 ?(\d{1,2}) ?月(?:份)?$"), ("y", "m")),
    (re.compile(r"^(?:in )?(?:the year )?(\d{3,4}) ?年$"), ("y",)),
)
# Counting words carry no information beyond "how many": 3,559 people = 3559人 = 3,559.
_COUNT_WORDS = {"people", "persons", "person", "residents", "inhabitants", "individuals", "人", "名", "位", "个",
                "位居民", "名居民", "居民", "人口"}
_UNITS = {"km": "km", "kilometres": "km", "kilometers": "km", "公里": "km", "千米": "km",
          "m": "m", "metres": "m", "meters": "m", "米": "m", "kg": "kg", "kilograms": "kg", "公斤": "kg",
          "千克": "kg", "%": "%", "percent": "%", "per cent": "%", "years": "years", "year": "years", "岁": "years",
          "年": "years", "miles": "mi", "mi": "mi", "英里": "mi", "dollars": "usd", "美元": "usd", "usd": "usd",
          "hectares": "ha", "公顷": "ha", "feet": "ft", "ft": "ft", "英尺": "ft"}
_SCALE = {"万": 10 ** 4, "萬": 10 ** 4, "亿": 10 ** 8, "億": 10 ** 8, "thousand": 10 ** 3, "million": 10 ** 6,
          "billion": 10 ** 9}
_NUMBER = re.compile(r"^(?:about |approximately |around |约|大约)?(-?\d+(?:\.\d+)?) ?"
                     r"(万|萬|亿|億|thousand|million|billion)? ?(.*?)$")
_ARTICLE = re.compile(r"^(?:the|a|an) (?=\S)")
_DIGIT_SCALE = re.compile(r"(\d+(?:\.\d+)?)\s*([万萬亿億])")


@dataclass(frozen=True)
class Key:
    key: str
    rule: str          # the rule that produced the key (not "identical")


def _prefold(text: str) -> str:
    # "2 万" -> "2万"; fold then reads digits and Chinese numerals with their units as one number
    # (turning 两 into 2 here first made fold read "2万" as "2" + "10000")
    return _DIGIT_SCALE.sub(lambda m: f"{m.group(1)}{m.group(2)}", str(text))


def _date_key(f: str) -> str | None:
    for pattern, order in _DATE_PATTERNS:
        m = pattern.match(f)
        if not m:
            continue
        parts = dict(zip(order, m.groups()))
        month = parts.get("m")
        if month is not None:
            month = _MONTHS.get(month, None) if not month.isdigit() else int(month)
            if not month or not 1 <= month <= 12:
                return None
        day = int(parts["d"]) if "d" in parts else None
        if day is not None and not 1 <= day <= 31:
            return None
        year = int(parts["y"])
        if order == ("y",):
            return f"date:{year:04d}"
        return f"date:{year:04d}-{month:02d}" + (f"-{day:02d}" if day else "")
    return None


def _number_key(raw: str, f: str) -> str | None:
    m = _NUMBER.match(f)
    if not m:
        return None
    value = float(m.group(1)) * _SCALE.get(m.group(2) or "", 1)
    unit = (m.group(3) or "").strip()
    if unit in _COUNT_WORDS or unit == "":
        unit = ""
    elif unit in _UNITS:
        unit = _UNITS[unit]
    else:
        return None      # "1987 film" or "3 doors down": a number inside a name, not a quantity
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return f"num:{text}" + (f" {unit}" if unit else "")


def answer_key(answer: str, lexicon: Lexicon | None = None) -> Key:
    raw = str(answer)
    f = fold(_prefold(raw))
    if lexicon is not None:
        canon = lexicon.canon(raw)
        if canon != f:
            # the synonym takes the canonical entry's own key, so it meets the entry however written
            return Key(answer_key(canon).key, "lexicon")
    date = _date_key(f)
    if date:
        return Key(date, "date")
    number = _number_key(raw, f)
    if number:
        return Key(number, "number")
    stripped = _ARTICLE.sub("", f)
    if stripped != f:
        return Key(stripped, "article")
    return Key(f, "fold")


@dataclass
class Decision:
    doc_id: str
    answer: str
    key: str
    rule: str            # why it joined its group (the first member's decision is "first")


@dataclass
class Group:
    key: str
    label: str           # the first member's answer as written
    doc_ids: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"key": self.key, "label": self.label, "doc_ids": self.doc_ids, "answers": self.answers,
                "decisions": [d.__dict__ for d in self.decisions]}

    @classmethod
    def from_json(cls, d: dict) -> "Group":
        return cls(d["key"], d["label"], list(d["doc_ids"]), list(d["answers"]),
                   [Decision(**x) for x in d.get("decisions", [])])


def group_candidates(candidates: Iterable[tuple[str, str]], lexicon: Lexicon | None = None) -> list[Group]:
    """(doc id, answer) pairs -> groups in order of first appearance; empty answers are skipped."""
    groups: dict[str, Group] = {}
    first_rule: dict[str, str] = {}
    for doc_id, answer in candidates:
        if answer is None or not str(answer).strip():
            continue
        k = answer_key(answer, lexicon)
        g = groups.get(k.key)
        if g is None:
            g = groups[k.key] = Group(k.key, str(answer).strip())
            first_rule[k.key] = k.rule
            rule = "first"
        elif str(answer).strip() == g.label:
            rule = "identical"
        else:
            # whichever side needed more than folding says why they are equal (高尔夫球 -> lexicon <- Golf)
            rule = k.rule if k.rule != "fold" else first_rule[k.key]
        g.doc_ids.append(doc_id)
        g.answers.append(str(answer).strip())
        g.decisions.append(Decision(doc_id, str(answer).strip(), k.key, rule))
    return list(groups.values())


def keys(answers: Sequence[str], lexicon: Lexicon | None = None) -> frozenset[str]:
    """The set of canonical keys of some answers (how metrics compare answer sets)."""
    return frozenset(answer_key(a, lexicon).key for a in answers if a is not None and str(a).strip())
