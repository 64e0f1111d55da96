"""HotpotQA in two shapes, told apart by file content (and name for the corpus):

- IRCoT JSONL (`question_id, question_text, answers_objects, contexts[{id, title, paragraph_text,
  is_supporting}]`): per question an item (gold answers) and a claim whose text is the question and
  whose gold passages are the supporting paragraphs.
- The original schema (a JSON list of `_id, question, answer, type, level, supporting_facts[[title,
  sent_id]], context[[title, [sentences]]]`), optionally with its corpus file (`*_corpus.json`:
  title → sentences): passages per title with sentence spans; gold = supporting titles with their
  sentence indexes.

Paragraphs recur across questions, so a passage is content-addressed: `hp-<12 hex of
sha256(title + "\\n" + text)>`, kept once per project.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import read_json_entries, read_jsonl
from factaudit.engine.project.records import ClaimRecord, DocumentRecord, GoldEvidence, ItemRecord, PassageRecord

SOURCE = "HotpotQA (Wikipedia)"
_TITLES = "hotpotqa_titles"  # builder.state key: title -> passage id, across the files of one import


def passage_id(title: str, text: str) -> str:
    return "hp-" + hashlib.sha256(f"{title}\n{text}".encode("utf-8")).hexdigest()[:12]


def detect(path: Path) -> str:
    """"ircot", "original" or "corpus"."""
    name = path.name.lower()
    if path.suffix.lower() in (".jsonl", ".ndjson"):
        return "ircot"
    if "corpus" in name:
        return "corpus"
    with open(path, "rb") as fh:
        head = fh.read(1 << 16).decode("utf-8-sig", errors="replace").lstrip()
    if head.startswith("["):
        return "original"
    first = head.split("\n", 1)[0]
    if head.startswith("{") and ('"question_id"' in first or '"question_text"' in first):
        return "ircot"
    return "corpus"


def load(path: Path, builder: BatchBuilder, kind: str | None = None) -> None:
    if kind in ("verdicts", "run"):
        builder.problems.add(path.name, None, None,
                             f"HotpotQA files hold questions and paragraphs; the kind {kind} does not apply",
                             setting="kind")
        return
    shape = detect(path)  # the content says what the file is; --kind corpus|claims|answers adds nothing
    titles: dict[str, str] = builder.state.setdefault(_TITLES, {})  # type: ignore[assignment]
    if shape == "ircot":
        for row in read_jsonl(path, builder.problems):
            _guard(builder, path.name, row.line, _ircot, row.data, titles)
            if builder.problems.full:
                return
        return
    read = read_json_entries(path, builder.problems)
    if read is None:
        return
    container, entries = read
    if shape == "original" and container != "list":
        builder.problems.add(path.name, 1, None, "expected a JSON list of HotpotQA questions")
        return
    for line, key, value in entries:
        if key is not None:
            _guard(builder, path.name, line, _corpus_entry, key, value, titles)
        elif isinstance(value, dict) and "question" not in value and "title" in value:
            _guard(builder, path.name, line, _corpus_record, value, titles)
        else:
            _guard(builder, path.name, line, _original, value, titles)
        if builder.problems.full:
            return


def _guard(b: BatchBuilder, file: str, line: int, fn, *args) -> None:
    try:
        fn(*args, b, file, line)
    except RecordError as err:
        b.problems.add(file, line, err.field, err.reason)


def _add_paragraph(title: str, text: str, spans: list[tuple[int, int]] | None, titles: dict[str, str],
                   b: BatchBuilder, file: str, line: int) -> str:
    pid = passage_id(title, text)
    b.add_document(DocumentRecord(id=pid, title=title, source=SOURCE), file, line, shared=True)
    b.add_passage(PassageRecord(id=pid, doc_id=pid, title=title, text=text, lang="en", source=SOURCE,
                                sentence_spans=spans), file, line, shared=True)
    titles.setdefault(title, pid)
    return pid


def _sentence_paragraph(sentences: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """HotpotQA sentences carry their leading space; joined as-is they give the paragraph text."""
    text = "".join(sentences)
    spans, pos = [], 0
    for s in sentences:
        lead = len(s) - len(s.lstrip())
        spans.append((pos + lead, pos + len(s.rstrip())))
        pos += len(s)
    return text, spans


def _sentences(value: Any, field: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        raise RecordError(field, "expected a non-empty list of sentence strings")
    if not "".join(value).strip():
        raise RecordError(field, "empty paragraph")
    return value


def _answers(objs: Any) -> list[str]:
    if not isinstance(objs, list):
        raise RecordError("answers_objects", "expected a list of answer objects")
    out: list[str] = []
    for n, o in enumerate(objs):
        if not isinstance(o, dict):
            raise RecordError(f"answers_objects[{n}]", "expected an object {spans, number, date}")
        spans = o.get("spans") or []
        if not isinstance(spans, list) or not all(isinstance(s, str) for s in spans):
            raise RecordError(f"answers_objects[{n}].spans", "expected a list of strings")
        out.extend(s for s in spans if s.strip())
        if isinstance(o.get("number"), (str, int, float)) and str(o["number"]).strip():
            out.append(str(o["number"]).strip())
        date = o.get("date")
        if isinstance(date, dict):
            parts = [str(date.get(k) or "").strip() for k in ("day", "month", "year")]
            if any(parts):
                out.append(" ".join(p for p in parts if p))
    return list(dict.fromkeys(out))


def _ircot(r: dict, titles: dict[str, str], b: BatchBuilder, file: str, line: int) -> None:
    qid = F.ident(r, "question_id")
    question = F.text(r, "question_text")
    gold_answers = _answers(r.get("answers_objects", []))
    contexts = r.get("contexts")
    if not isinstance(contexts, list) or not contexts:
        raise RecordError("contexts", "expected a non-empty list of {id, title, paragraph_text, is_supporting}")
    paragraphs = []
    for n, c in enumerate(contexts):
        at = f"contexts[{n}]"
        if not isinstance(c, dict):
            raise RecordError(at, "expected an object {id, title, paragraph_text, is_supporting}")
        try:
            title = F.text(c, "title", empty_ok=True)
            text = F.text(c, "paragraph_text")
            supporting = F.boolean(c, "is_supporting")
        except RecordError as err:
            raise RecordError(f"{at}.{err.field}", err.reason) from None
        paragraphs.append((title, text, supporting))
    gold = []
    for title, text, supporting in paragraphs:
        pid = _add_paragraph(title, text, None, titles, b, file, line)
        if supporting and all(g.passage_id != pid for g in gold):
            gold.append(GoldEvidence(passage_id=pid))
    b.add_item(ItemRecord(id=qid, question=question, gold_answers=gold_answers or None,
                          meta={"source": "ircot"}), file, line)
    b.add_claim(ClaimRecord(id=qid, text=question, item_id=qid, gold=gold, meta={"question": True}), file, line)


def _original(r: Any, titles: dict[str, str], b: BatchBuilder, file: str, line: int) -> None:
    if not isinstance(r, dict):
        raise RecordError(None, f"expected a question object, got {type(r).__name__}")
    qid = F.ident(r, "_id")
    question = F.text(r, "question")
    answer = F.text(r, "answer", required=False, empty_ok=True)
    qtype = F.text(r, "type", required=False)
    level = F.text(r, "level", required=False)
    own: dict[str, str] = {}
    spans_of: dict[str, int] = {}
    context = r.get("context", [])
    if context is None:
        context = []
    if not isinstance(context, list):
        raise RecordError("context", "expected a list of [title, [sentences]]")
    for n, entry in enumerate(context):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
            raise RecordError(f"context[{n}]", "expected [title, [sentences]]")
        sentences = _sentences(entry[1], f"context[{n}]")
        text, spans = _sentence_paragraph(sentences)
        own[entry[0]] = _add_paragraph(entry[0], text, spans, titles, b, file, line)
        spans_of[entry[0]] = len(sentences)
    facts = r.get("supporting_facts", [])
    if not isinstance(facts, list):
        raise RecordError("supporting_facts", "expected a list of [title, sentence index]")
    by_title: dict[str, list[int]] = {}
    for n, fact in enumerate(facts):
        if not (isinstance(fact, list) and len(fact) == 2 and isinstance(fact[0], str)
                and isinstance(fact[1], int) and not isinstance(fact[1], bool)):
            raise RecordError(f"supporting_facts[{n}]", "expected [title, sentence index]")
        title, sid = fact
        if title not in own and title not in titles:
            raise RecordError(f"supporting_facts[{n}]",
                              f"title {title!r} is in neither the question's context nor an earlier corpus file")
        n_sent = spans_of.get(title, b.state.get(f"hotpotqa_len:{titles.get(title)}"))
        if isinstance(n_sent, int) and not 0 <= sid < n_sent:
            raise RecordError(f"supporting_facts[{n}]", f"sentence {sid} is out of range for {title!r} ({n_sent} sentences)")
        by_title.setdefault(title, []).append(sid)
    gold = [GoldEvidence(passage_id=own.get(t) or titles[t], sentences=sorted(set(s))) for t, s in by_title.items()]
    b.add_item(ItemRecord(id=qid, question=question, gold_answers=[answer] if answer and answer.strip() else None,
                          category=qtype, meta={"type": qtype, "level": level, "source": "hotpotqa"}), file, line)
    b.add_claim(ClaimRecord(id=qid, text=question, item_id=qid, gold=gold, meta={"question": True}), file, line)


def _corpus_entry(title: str, value: Any, titles: dict[str, str], b: BatchBuilder, file: str, line: int) -> None:
    sentences = _sentences(value, title)
    text, spans = _sentence_paragraph(sentences)
    pid = _add_paragraph(title, text, spans, titles, b, file, line)
    b.state[f"hotpotqa_len:{pid}"] = len(sentences)


def _corpus_record(r: dict, titles: dict[str, str], b: BatchBuilder, file: str, line: int) -> None:
    title = F.text(r, "title", empty_ok=True)
    value = r.get("sentences", r.get("text"))
    _corpus_entry(title, _sentences(value, "sentences" if "sentences" in r else "text"), titles, b, file, line)
