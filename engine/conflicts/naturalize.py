"""The `naturalized` stress test of conflict-aware answering (issue #33 item 3): documents whose answer
sits in a template are rewritten so the same fact reads as running text, and a variant is scored on
both versions; the drop says how much of its score came from the templates.

RAMDocs-style documents state their answer verbatim in a few fixed shapes (a census line "there were
3,559 people", a life span "(February 8, 1900 – March 2, 1977)", "founded in 1856", "directed by
Mahesh Bhatt"); a misinformation document is the same text with another answer substituted. The
rule rewrites each verbatim mention of a document's own answer (`Doc.gold`; noise documents and
"unknown" answers are left alone), by the answer's shape, keeping the fact and its digits:

1. an English date "Month D, YYYY" or "D Month YYYY" -> "the D<ordinal> of Month YYYY";
2. a Chinese date "YYYY年M月D日" -> "YYYY年M月D号";
3. a quantity "N <word>" (digits, then one word: people, residents, km …) -> "<word> numbering N";
   a Chinese quantity "N人" -> "人数达N";
4. a year alone, after "in", "on" or "of" -> "in the year YYYY" (the preposition kept); "YYYY年" -> "公元YYYY年";
5. any other answer (a name, a sport, a party) keeps its words; the cue before it is rewritten:
   "directed by X" -> "with X directing", "born in X" -> "a native of X", "born on X" -> "whose birth
   fell on X".

Only the document text changes; the gold answers, the document types and answers stay, so the metrics
(engine.conflicts.metrics) score both versions against the same truth. A document with no mention in
these shapes is kept as it is and counted as untouched.

Example: "As of the census of 2010, there were 3,559 people, 1,575 households" with answer "3,559
people" becomes "As of the census of 2010, there were people numbering 3,559, 1,575 households";
`rules` (engine.conflicts.rules) found "3,559 people" before and finds nothing after.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from factaudit.engine.conflicts.records import Doc, Item
from factaudit.engine.conflicts.variants import NO_ANSWER

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
_MONTH = "(" + "|".join(MONTHS) + r")\.?"
_EN_MDY = re.compile(rf"^{_MONTH} (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})$")
_EN_DMY = re.compile(rf"^(\d{{1,2}}) {_MONTH} (\d{{4}})$")
_ZH_DATE = re.compile(r"^(\d{4})年(\d{1,2})月(\d{1,2})日$")
_QUANTITY = re.compile(r"^(\d[\d,.]*) ([^\W\d_]+)$")
_ZH_PEOPLE = re.compile(r"^(\d[\d,]*)人$")
_YEAR = re.compile(r"^\d{4}$")
_ZH_YEAR = re.compile(r"^(\d{4})年$")
# rule 5: the cue before a name-like answer, and what it becomes ({a} = the answer as written)
_CUES = ((re.compile(r"\bdirected by $"), "with {a} directing"),
         (re.compile(r"\bborn in $", re.I), "a native of {a}"),
         (re.compile(r"\bborn on $", re.I), "whose birth fell on {a}"))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rewrite_answer(answer: str) -> str | None:
    """The answer's own running-text form by rules 1-3 (None: its shape is not one of them)."""
    a = answer.strip()
    if m := _EN_MDY.match(a):
        return f"the {ordinal(int(m.group(2)))} of {m.group(1)} {m.group(3)}"
    if m := _EN_DMY.match(a):
        return f"the {ordinal(int(m.group(1)))} of {m.group(2)} {m.group(3)}"
    if m := _ZH_DATE.match(a):
        return f"{m.group(1)}年{m.group(2)}月{m.group(3)}号"
    if m := _QUANTITY.match(a):
        return f"{m.group(2)} numbering {m.group(1)}"
    if m := _ZH_PEOPLE.match(a):
        return f"人数达{m.group(1)}"
    if m := _ZH_YEAR.match(a):
        return f"公元{m.group(1)}年"
    return None


@dataclass(frozen=True)
class Naturalized:
    doc: Doc
    n_rewritten: int        # mentions of the answer rewritten in this document


def naturalize_doc(doc: Doc) -> Naturalized:
    answer = (doc.gold or "").strip()
    if doc.type == "noise" or answer.casefold() in NO_ANSWER:
        return Naturalized(doc, 0)
    text, n = doc.text, 0
    form = rewrite_answer(answer)
    if form is not None:
        text, n = re.subn(re.escape(answer), lambda _m: form, text)
    elif _YEAR.match(answer):
        text, n = re.subn(rf"\b(in|on|of) {answer}\b", lambda m: f"{m.group(1)} the year {answer}", text)
    else:
        out, last = [], 0
        for m in re.finditer(re.escape(answer), text):
            before = text[last:m.start()]
            for cue, said in _CUES:
                c = cue.search(before)
                if c:
                    out.append(before[:c.start()] + said.format(a=m.group(0)))
                    n += 1
                    break
            else:
                out.append(before + m.group(0))
            last = m.end()
        text = "".join(out) + text[last:]
    return Naturalized(replace(doc, text=text) if n else doc, n)


@dataclass(frozen=True)
class NaturalizedItem:
    item: Item
    n_docs_rewritten: int
    n_mentions: int


def naturalize_item(item: Item) -> NaturalizedItem:
    done = [naturalize_doc(d) for d in item.docs]
    return NaturalizedItem(replace(item, docs=[x.doc for x in done]), sum(1 for x in done if x.n_rewritten),
                           sum(x.n_rewritten for x in done))
