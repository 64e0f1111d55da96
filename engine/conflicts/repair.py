"""Repair of missing or unusable candidates, from what the extraction stage itself saw: the parsed
fields, the raw output and the document text (never the document's type or gold answer).

Rules, in order (the first that applies is recorded with the repair):
- `raw_output`: the reply did not parse, but an `"answer": "..."` field can be read from its text;
- `placeholder`: the answer is a placeholder ("unknown", "not mentioned", "未知", …) -> no candidate;
- `rules_on_quote`: no answer, but the supporting quote is in the document and the rule patterns find
  one value in it;
- `rules_on_answer`: the answer is a sentence (over 12 words); the rule patterns find one value in it;
- `rules_on_document`: the answer is not in the document; the rule patterns find one value in the document.
"""
from __future__ import annotations

import json
import re

from factaudit.engine.conflicts.records import Doc, Extraction, Repair
from factaudit.engine.conflicts.rules import rules_answer
from factaudit.engine.text.normalize import fold

PLACEHOLDERS = frozenset({"unknown", "none", "null", "n a", "na", "not mentioned", "not stated", "no answer",
                          "not found", "not given", "not specified", "unclear", "未知", "无", "没有", "不详", "未提及"})
MAX_ANSWER_WORDS = 12
_RAW_ANSWER = re.compile(r'"answer"\s*:\s*"((?:[^"\\]|\\.){1,200})"')


def _raw_answer(raw: str | None) -> str | None:
    m = _RAW_ANSWER.search(raw or "")
    if not m:
        return None
    try:
        return json.loads(f'"{m.group(1)}"').strip() or None
    except json.JSONDecodeError:
        return m.group(1).strip() or None


def repair(question: str, doc: Doc, ex: Extraction) -> tuple[Extraction, Repair | None]:
    answer = ex.answer.strip() if isinstance(ex.answer, str) else None
    if ex.status == "failed":
        found = _raw_answer(ex.raw)
        if found:
            return _fixed(ex, found, "raw_output")
        return ex, None
    if answer is not None and fold(answer) in PLACEHOLDERS:
        return _fixed(ex, None, "placeholder")
    doc_f = fold(doc.text)
    if not answer:
        if ex.quote and fold(ex.quote) and fold(ex.quote) in doc_f:
            found = rules_answer(question, ex.quote)
            if found:
                return _fixed(ex, found, "rules_on_quote")
        return ex, None
    if len(answer.split()) > MAX_ANSWER_WORDS:
        found = rules_answer(question, answer)
        if found:
            return _fixed(ex, found, "rules_on_answer")
    if fold(answer) not in doc_f:
        found = rules_answer(question, doc.text)
        if found and fold(found) != fold(answer):
            return _fixed(ex, found, "rules_on_document")
    return ex, None


def _fixed(ex: Extraction, answer: str | None, rule: str) -> tuple[Extraction, Repair]:
    new = Extraction(ex.doc_id, answer, ex.quote, ex.source, "ok" if answer else "none", ex.raw)
    return new, Repair(ex.doc_id, ex.answer, answer, rule)
