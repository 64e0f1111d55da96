"""MedExpert: the JSL annotation export (a JSON list of tasks).

Each task is `{data: {question, response, title}, completions: [{result: [...]}]}`. Results with
`from_name == "factuality_label"` are clinician-flagged spans of `response` (`value.start`, `value.end`,
`value.labels` = severity); an `answer_factuality` result with the same `id` holds the clinician's
reason. Each task becomes an item whose answer is the response, split into sentences with offsets; a
sentence overlapping a flagged span is an "error" (reasons joined, severities in meta), every other
sentence is "correct" (the export flags errors only, so unflagged text counts as accurate).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import read_json_entries
from factaudit.engine.ingest.sentences import split_sentences
from factaudit.engine.project.records import ItemRecord, SentenceRecord

SPAN = "factuality_label"
REASON = "answer_factuality"
# Free-text and choice fields of the export kept with the item for the audit views.
NOTES = ("general_comment", "answer_omission", "answer_ref", "completeness_opts", "llmcertainty_opts")


@dataclass
class Flag:
    start: int
    end: int
    severity: list[str]
    result_id: str | None
    reasons: list[str] = field(default_factory=list)


def load(path: Path, builder: BatchBuilder, kind: str | None = None) -> None:
    if kind not in (None, "answers"):
        builder.problems.add(path.name, None, None,
                             f"a MedExpert export holds answers with sentence labels; the kind {kind} does not apply",
                             setting="kind")
        return
    read = read_json_entries(path, builder.problems)
    if read is None:
        return
    shape, entries = read
    if shape != "list":
        builder.problems.add(path.name, 1, None, "expected a JSON list of annotation tasks")
        return
    for n, (line, _key, task) in enumerate(entries):
        try:
            _task(task, n, builder, path.name, line)
        except RecordError as err:
            builder.problems.add(path.name, line, err.field, err.reason)
        if builder.problems.full:
            return


def _task(task: Any, n: int, b: BatchBuilder, file: str, line: int) -> None:
    if not isinstance(task, dict):
        raise RecordError(None, f"expected an annotation task object, got {type(task).__name__}")
    data = task.get("data")
    if not isinstance(data, dict):
        raise RecordError("data", "missing or not an object {question, response, title}")
    try:
        response = F.text(data, "response")
        question = F.text(data, "question", required=False)
        title = F.text(data, "title", required=False)
    except RecordError as err:
        raise RecordError(f"data.{err.field}", err.reason) from None
    task_id = task.get("id")
    if task_id is None:
        task_id = n + 1
    elif isinstance(task_id, bool) or not isinstance(task_id, (int, str)) or not str(task_id).strip():
        raise RecordError("id", f"expected a task id (number or string), got {task_id!r}")
    item_id = f"medexpert-{str(task_id).strip()}"
    flags, notes, annotators = _annotations(task, len(response))

    sentences: list[SentenceRecord] = []
    for k, (start, end, text) in enumerate(split_sentences(response), start=1):
        hit = [f for f in flags if f.start < end and start < f.end]
        if hit:
            reasons = list(dict.fromkeys(r for f in hit for r in f.reasons))
            meta = {"severity": sorted({s for f in hit for s in f.severity}),
                    "spans": [[f.start, f.end] for f in hit]}
            sentences.append(SentenceRecord(id=f"{item_id}:s{k}", item_id=item_id, ord=k, text=text, start=start,
                                            end=end, label="error", reason="; ".join(reasons) or None, meta=meta))
        else:
            sentences.append(SentenceRecord(id=f"{item_id}:s{k}", item_id=item_id, ord=k, text=text, start=start,
                                            end=end, label="correct"))
    if not sentences:
        raise RecordError("data.response", "no sentences found in the response")
    meta: dict[str, Any] = {"task_id": task_id, "title": title, "annotators": annotators,
                            "flags": [{"start": f.start, "end": f.end, "severity": f.severity, "reasons": f.reasons}
                                      for f in flags]}
    if notes:
        meta["notes"] = notes
    category = title.split("-", 1)[0] if title and "-" in title else None
    b.add_item(ItemRecord(id=item_id, question=question, answer=response, category=category, meta=meta), file, line)
    for s in sentences:
        b.add_sentence(s, file, line)


def _annotations(task: dict, length: int) -> tuple[list[Flag], dict[str, list[str]], list[str]]:
    completions = task.get("completions", [])
    if completions is None:
        completions = []
    if not isinstance(completions, list):
        raise RecordError("completions", "expected a list of completions")
    flags: list[Flag] = []
    reasons: dict[str, list[str]] = {}
    notes: dict[str, list[str]] = {}
    annotators: list[str] = []
    for c, comp in enumerate(completions):
        where = f"completions[{c}]"
        if not isinstance(comp, dict):
            raise RecordError(where, "expected an object with a result list")
        results = comp.get("result", [])
        if not isinstance(results, list):
            raise RecordError(f"{where}.result", "expected a list of results")
        who = comp.get("created_username") or comp.get("updated_by")
        if isinstance(who, str) and who not in annotators:
            annotators.append(who)
        for r, res in enumerate(results):
            at = f"{where}.result[{r}]"
            if not isinstance(res, dict):
                raise RecordError(at, "expected a result object")
            name = res.get("from_name")
            value = res.get("value")
            if name not in (SPAN, REASON, *NOTES):
                continue
            if not isinstance(value, dict):
                raise RecordError(f"{at}.value", "expected an object")
            rid = res.get("id") if isinstance(res.get("id"), str) else None
            if name == SPAN:
                flags.append(_flag(value, rid, at, length))
            else:
                texts = _texts(value)
                if name == REASON:
                    if rid is not None:
                        reasons.setdefault(rid, []).extend(texts)
                elif texts:
                    notes.setdefault(name, []).extend(texts)
    for f in flags:
        f.reasons = [t.strip() for t in reasons.get(f.result_id or "", []) if t.strip()]
    return flags, notes, annotators


def _flag(value: dict, rid: str | None, at: str, length: int) -> Flag:
    start, end = value.get("start"), value.get("end")
    for name, v in (("start", start), ("end", end)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise RecordError(f"{at}.value.{name}", f"expected a character offset, got {v!r}")
    if not 0 <= start < end <= length:
        raise RecordError(f"{at}.value.end" if end > length else f"{at}.value.start",
                          f"span [{start}, {end}) is outside the response (length {length})")
    labels = value.get("labels", [])
    if labels is None:
        labels = []
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise RecordError(f"{at}.value.labels", "expected a list of severity labels")
    return Flag(start=start, end=end, severity=labels, result_id=rid)


def _texts(value: dict) -> list[str]:
    raw = value.get("text", value.get("choices", []))
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        return []
    return [t for t in raw if isinstance(t, str) and t.strip()]
