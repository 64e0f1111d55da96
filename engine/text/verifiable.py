"""Which claims can be checked at all: the verifiable-claim filter of the label-free factual precision
(issue #33 item 7; VeriScore drops such claims with its extraction prompt, we do it by a stated rule).

A claim is **not verifiable** when it is
- a **question**: it ends with "?" / "？", or (Chinese) with the particles 吗 / 呢;
- **advice**: it tells the reader what to do instead of stating what is so — it starts with (or, for
  the phrases marked, contains) a recommendation: "you should", "you must", "we recommend", "it is
  recommended", "it is advisable", "it is important to", "make sure", "be sure to", "please",
  "consult", "talk to", "ask your", "seek", "consider", "remember to", "don't forget"; Chinese 建议 /
  推荐 / 请 / 应咨询 / 务必 / 最好 / 切记 / 记得 / 一定要 / 需要咨询 at the start;
- a **hedge**: it commits to nothing checkable — "it depends", "I am not sure", "I don't know",
  "it is unclear", "cannot be determined", "may or may not", "everyone is different", "results vary";
  Chinese 因人而异 / 视情况而定 / 不确定 / 不清楚 / 说不准 / 可能会也可能不会.
Everything else is verifiable, including claims with "may" ("Aspirin may cause bleeding" states a
known risk). The rule looks at the claim's words only (after NFKC and case folding), so it is the same
on every run and its filtered claims can be listed with the reason.
"""
from __future__ import annotations

import re
import unicodedata

REASONS = ("question", "advice", "hedge")

_ADVICE_START = re.compile(
    r"^(?:you\s+(?:should|must|need\s+to|ought\s+to|may\s+want\s+to)|we\s+(?:recommend|suggest|advise)|"
    r"it\s+is\s+(?:recommended|advisable|advised|important\s+to|best\s+to|wise\s+to)|"
    r"make\s+sure|be\s+sure\s+to|please|consult|talk\s+to|speak\s+(?:to|with)|ask\s+your|seek|consider|"
    r"remember\s+to|don'?t\s+forget|always\s+(?:consult|check|ask)|"
    r"建议|推荐|请|应咨询|应当咨询|务必|最好|切记|记得|一定要|需要咨询)(?![a-z])")
_ADVICE_ANYWHERE = re.compile(r"\b(?:consult (?:a|your) (?:doctor|physician|pharmacist|healthcare provider))\b")
_HEDGES = re.compile(
    r"(?:\bit\s+depends\b|\bi\s+am\s+not\s+sure\b|\bi'?m\s+not\s+sure\b|\bi\s+don'?t\s+know\b|"
    r"\bit\s+is\s+unclear\b|\bit'?s\s+unclear\b|\bcannot\s+be\s+determined\b|\bmay\s+or\s+may\s+not\b|"
    r"\beveryone\s+is\s+different\b|\bresults\s+(?:may\s+)?vary\b|"
    r"因人而异|视情况而定|不确定|不清楚|说不准|可能会也可能不会)")
_QUESTION_END = re.compile(r"(?:\?|吗|呢)\s*[\"'”’)）]*\s*$")


def _prepared(text: str) -> str:
    text = unicodedata.normalize("NFKC", str(text)).casefold().strip()
    return re.sub(r"[’`]", "'", text)


def unverifiable_reason(claim: str) -> str | None:
    """`question`, `advice` or `hedge` when the claim is not verifiable (in that order of checking),
    None when it is."""
    t = _prepared(claim)
    if not t:
        return "hedge"          # an empty claim states nothing
    if _QUESTION_END.search(t):
        return "question"
    if _ADVICE_START.match(t) or _ADVICE_ANYWHERE.search(t):
        return "advice"
    if _HEDGES.search(t):
        return "hedge"
    return None
