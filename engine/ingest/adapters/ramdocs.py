"""RAMDocs: RAMDocs_test.jsonl with `question, documents[{text, type, answer}], disambig_entity,
gold_answers, wrong_answers`.

The file has no question ids, so an item is `ramdocs-<line>` (stable for a given file) and each of its
documents is a document and a passage `ramdocs-<line>-d<n>` (1-based) carrying its type
(correct | misinfo | noise) and the answer it supports. An item is a conflict item when its documents
support more than one answer after normalisation (noise documents and "unknown" support none).
"""
from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import read_jsonl
from factaudit.engine.project.records import DocumentRecord, ItemRecord, PassageRecord

DOC_TYPES = ("correct", "misinfo", "noise")
_PUNCT = str.maketrans({c: " " for c in string.punctuation})


def normalize_answer(text: str) -> str:
    """Case, punctuation and whitespace folded, as the conflict metrics compare answers."""
    return re.sub(r"\s+", " ", text.lower().translate(_PUNCT)).strip()


def supported_answers(documents: list[dict[str, Any]]) -> set[str]:
    out = set()
    for d in documents:
        if d.get("type") == "noise":
            continue
        a = normalize_answer(str(d.get("answer") or ""))
        if a and a != "unknown":
            out.add(a)
    return out


def _lang(text: str) -> str:
    """RAMDocs is English; a document mostly in Han characters (a translated X-RAMDocs-ZHEN style
    item) is Chinese, so conflict-aware answering can tag and group documents by language."""
    letters = [c for c in text if c.isalpha()]
    han = sum(1 for c in letters if "\u4e00" <= c <= "\u9fff")
    return "zh" if letters and han / len(letters) > 0.3 else "en"


def load(path: Path, builder: BatchBuilder, kind: str | None = None) -> None:
    if kind not in (None, "answers"):
        builder.problems.add(path.name, None, None,
                             f"a RAMDocs file holds questions with their documents; the kind {kind} does not apply",
                             setting="kind")
        return
    for row in read_jsonl(path, builder.problems):
        try:
            _question(row.data, builder, path.name, row.line)
        except RecordError as err:
            builder.problems.add(path.name, row.line, err.field, err.reason)
        if builder.problems.full:
            return


def _question(r: dict, b: BatchBuilder, file: str, line: int) -> None:
    item_id = f"ramdocs-{line}"
    question = F.text(r, "question")
    gold = F.str_list(r, "gold_answers")
    if not gold:
        raise RecordError("gold_answers", "expected a non-empty list of answers")
    wrong = F.str_list(r, "wrong_answers") or []
    entity = r.get("disambig_entity")
    if isinstance(entity, str):
        entity = [entity]
    if entity is not None and not (isinstance(entity, list) and all(isinstance(e, str) for e in entity)):
        raise RecordError("disambig_entity", "expected a list of strings")
    docs = r.get("documents")
    if not isinstance(docs, list) or not docs:
        raise RecordError("documents", "expected a non-empty list of {text, type, answer}")
    parsed = []
    for n, d in enumerate(docs):
        at = f"documents[{n}]"
        if not isinstance(d, dict):
            raise RecordError(at, "expected an object {text, type, answer}")
        try:
            text = F.text(d, "text")
            dtype = F.text(d, "type").strip().lower()
            answer = F.text(d, "answer", required=False, empty_ok=True)
        except RecordError as err:
            raise RecordError(f"{at}.{err.field}", err.reason) from None
        if dtype not in DOC_TYPES:
            raise RecordError(f"{at}.type", f"unknown document type {d['type']!r}; expected {', '.join(DOC_TYPES)}")
        parsed.append({"text": text, "type": dtype, "answer": answer})
    supported = supported_answers(parsed)
    conflict = len(supported) > 1
    b.add_item(ItemRecord(
        id=item_id, question=question, gold_answers=gold,
        meta={"wrong_answers": wrong, "disambig_entity": entity or [], "conflict": conflict,
              "document_answers": sorted(supported), "line": line},
    ), file, line)
    for n, d in enumerate(parsed, start=1):
        pid = f"{item_id}-d{n}"
        meta = {"item_id": item_id, "type": d["type"], "answer": d["answer"]}
        b.add_document(DocumentRecord(id=pid, source="RAMDocs", meta=meta), file, line)
        b.add_passage(PassageRecord(id=pid, doc_id=pid, text=d["text"], ord=0, lang=_lang(d["text"]), source="RAMDocs",
                                    meta=meta), file, line)
