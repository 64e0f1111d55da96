"""Generic JSONL/CSV importers for the kinds corpus, claims, answers (and verdicts from elsewhere).

`mapping` maps our field name to the column name in the user's file (`--map claim=text`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import Row, read_csv, read_jsonl
from factaudit.engine.ingest.sentences import locate, split_sentences
from factaudit.engine.project.records import (
    ClaimRecord, DocumentRecord, GoldEvidence, ItemPrediction, ItemRecord, PassageRecord, SentenceRecord,
    VerdictRecord,
)

KINDS = ("corpus", "claims", "answers", "verdicts", "choices", "candidates")


# Kinds whose records carry their own `id`; a CSV or JSONL file of them without any id gets ids from
# the record numbers (the same rule for both formats: a JSONL export without ids was refused before).
ID_KINDS = ("corpus", "claims", "answers")


def rows(path: Path, fmt: str, builder: BatchBuilder, mapping: dict[str, str], kind: str | None = None) -> Iterator[Row]:
    reader = read_csv if fmt == "csv" else read_jsonl
    read = list(reader(path, builder.problems))
    if kind in ID_KINDS and read and "id" not in mapping and all("id" not in r.data for r in read):
        # a spreadsheet export often has no id column: the data row number names each record, and
        # the import says so (re-importing the same file gives the same ids)
        read = [Row(r.line, {**r.data, "id": f"{path.stem}-{n}"}) for n, r in enumerate(read, start=1)]
        what = ("no id column: ids are generated from the data row numbers" if fmt == "csv"
                else "no id field: ids are generated from the record numbers")
        builder.notes.append(f"{path.name} has {what} ({path.stem}-1 … {path.stem}-{len(read)})")
    if mapping and read:
        columns = list(dict.fromkeys(k for row in read for k in row.data))
        missing = [(ours, theirs) for ours, theirs in mapping.items() if theirs not in columns]
        if missing:
            # a mistyped column would otherwise be silently ignored and the field read from nowhere
            ours, theirs = missing[0]
            shown = ", ".join(columns[:30]) + (", …" if len(columns) > 30 else "")
            line = 1 if fmt == "csv" else read[0].line  # a CSV's columns are named on its header line
            builder.problems.add(path.name, line, ours,
                                 f"mapped column {theirs!r} is not in the file; its columns are: {shown}")
            return
    for row in read:
        if mapping:
            data = dict(row.data)
            for ours, theirs in mapping.items():
                if theirs in row.data:
                    data[ours] = row.data[theirs]
                    if theirs != ours and theirs not in mapping:
                        data.pop(theirs, None)
            row = Row(row.line, data)
        yield row


def load(path: Path, fmt: str, kind: str, builder: BatchBuilder, mapping: dict[str, str]) -> None:
    handler = {"corpus": _corpus, "claims": _claims, "answers": _answers, "verdicts": _verdicts,
               "choices": _choices, "candidates": _candidates}[kind]
    if kind == "verdicts" and builder.batch.run is None:
        builder.set_run("verify", {"source": "imported", "format": fmt})
    if kind in ("choices", "candidates") and builder.batch.run is None:
        builder.set_run(kind, {"source": "imported", "format": fmt})
    from_csv = fmt == "csv"
    docs_order: dict[str, int] = {}
    for row in rows(path, fmt, builder, mapping, kind):
        try:
            handler(row, builder, path.name, from_csv, docs_order)
        except RecordError as err:
            builder.problems.add(path.name, row.line, err.field, err.reason)
        if builder.problems.full:
            break


def _corpus(row: Row, b: BatchBuilder, file: str, from_csv: bool, docs_order: dict[str, int]) -> None:
    r = row.data
    pid = F.ident(r, "id")
    body = F.text(r, "text")
    title = F.text(r, "title", required=False, empty_ok=True)
    doc_id = F.ident(r, "doc_id", required=False) or pid
    if not b.has_document(doc_id):
        b.add_document(DocumentRecord(id=doc_id, title=title, source=F.text(r, "source", required=False)), file, row.line)
    order = docs_order.get(doc_id, 0)
    docs_order[doc_id] = order + 1
    b.add_passage(PassageRecord(
        id=pid, text=body, title=title, doc_id=doc_id, ord=order,
        lang=F.text(r, "lang", required=False), source=F.text(r, "source", required=False),
    ), file, row.line)


def _claims(row: Row, b: BatchBuilder, file: str, from_csv: bool, _docs: dict) -> None:
    r = row.data
    gold = F.str_list(r, "gold_passages", from_csv=from_csv) or []
    label = F.verdict(r, "label")
    b.add_claim(ClaimRecord(
        id=F.ident(r, "id"), text=F.text(r, "claim"), gold_label=label,
        item_id=F.ident(r, "item_id", required=False), sentence_id=F.ident(r, "sentence_id", required=False),
        gold=[GoldEvidence(passage_id=p, stance=label if label in ("Supported", "Refuted") else None) for p in gold],
    ), file, row.line)


def _answers(row: Row, b: BatchBuilder, file: str, from_csv: bool, _docs: dict) -> None:
    r = row.data
    item_id = F.ident(r, "id")
    answer = F.text(r, "answer")
    options = F.str_list(r, "options", from_csv=from_csv)
    gold_options = F.str_list(r, "gold_options", from_csv=from_csv)
    if gold_options and options and not set(gold_options) <= set(options):
        raise RecordError("gold_options", "gold options must be among the options")
    item = ItemRecord(
        id=item_id, question=F.text(r, "question", required=False), answer=answer,
        gold_answers=F.str_list(r, "gold_answers", from_csv=from_csv), options=options, gold_options=gold_options,
        category=F.text(r, "category", required=False), risk_tier=F.risk_tier(r), critical=F.boolean(r, "critical"),
        meta=_answer_meta(r, from_csv, options or gold_options),
    )
    given = F.json_value(r, "sentences", from_csv=from_csv)
    sentences: list[SentenceRecord] = []
    if given in (None, ""):
        for n, (start, end, sent) in enumerate(split_sentences(answer), start=1):
            sentences.append(SentenceRecord(id=f"{item_id}:s{n}", item_id=item_id, ord=n, text=sent, start=start, end=end))
    else:
        if not isinstance(given, list) or not given:
            raise RecordError("sentences", "expected a non-empty list of sentence objects")
        for n, s in enumerate(given, start=1):
            if not isinstance(s, dict):
                raise RecordError(f"sentences[{n - 1}]", "expected an object with id, text, label")
            try:
                sentences.append(SentenceRecord(
                    id=F.ident(s, "id"), item_id=item_id, ord=n, text=F.text(s, "text"),
                    label=F.sentence_label(s), reason=F.text(s, "reason", required=False),
                ))
            except RecordError as err:
                raise RecordError(f"sentences[{n - 1}].{err.field}", err.reason) from None
        for s, (start, end) in zip(sentences, locate(answer, [s.text for s in sentences])):
            s.start, s.end = start, end
    b.add_item(item, file, row.line)
    for s in sentences:
        b.add_sentence(s, file, row.line)


def _answer_meta(r: dict, from_csv: bool, options: list[str] | None) -> dict | None:
    """Answer-level audit fields (issue #13): where each option's evidence is, the passages a good
    answer cites, whether the question can be answered from the corpus, a reference answer."""
    meta = {
        "option_evidence": F.option_evidence(r, "option_evidence", from_csv=from_csv, options=options),
        "gold_passages": F.id_list(r, "gold_passages", from_csv=from_csv),
        "answerable": F.optional_boolean(r, "answerable"),
        "reference": F.text(r, "reference", required=False),
        # where the item comes from (a test-set profile counts items per source, issue #34 item 7)
        "source": F.text(r, "source", required=False),
    }
    return {k: v for k, v in meta.items() if v is not None} or None


def _verdicts(row: Row, b: BatchBuilder, file: str, from_csv: bool, _docs: dict) -> None:
    r = row.data
    claim_id = F.ident(r, "claim_id")
    # a run holds one verdict per claim; say where the first one was instead of failing at insert time
    seen = b.__dict__.setdefault("verdict_where", {})
    if claim_id in seen:
        raise RecordError("claim_id", f"second verdict for claim {claim_id!r} (first at line {seen[claim_id]})")
    seen[claim_id] = row.line
    b.add_verdict(VerdictRecord(
        claim_id=claim_id, verdict=F.verdict(r, "verdict", required=True),
        reasoning=F.text(r, "reasoning", required=False, empty_ok=True),
        evidence_used=F.str_list(r, "passages", from_csv=from_csv),
        parse_status="ok",
    ), file, row.line)


def _choices(row: Row, b: BatchBuilder, file: str, from_csv: bool, _docs: dict) -> None:
    r = row.data
    chosen = F.str_list(r, "chosen", from_csv=from_csv)
    refused = F.optional_boolean(r, "refused")
    if chosen is None:
        if "chosen" not in r and not refused:
            raise RecordError("chosen", "missing required field (a refusal may leave it out: \"refused\": true)")
        chosen = []  # an explicit empty choice is an answer too ("none of these")
    if refused and chosen:
        raise RecordError("refused", "a refused answer chooses no options")
    b.add_prediction(ItemPrediction(
        item_id=F.ident(r, "item_id"), chosen=chosen,
        passages=F.id_list(r, "passages", from_csv=from_csv), refused=refused,
        citations=F.id_list(r, "citations", from_csv=from_csv), latency_ms=F.number(r, "latency_ms"),
        tokens_in=F.number(r, "tokens_in", integer=True), tokens_out=F.number(r, "tokens_out", integer=True),
        tokens_reasoning=F.number(r, "tokens_reasoning", integer=True),
    ), file, row.line)


def _candidates(row: Row, b: BatchBuilder, file: str, from_csv: bool, _docs: dict) -> None:
    r = row.data
    answers = F.str_list(r, "answers", from_csv=from_csv)
    if answers is None:
        if "answers" not in r:
            raise RecordError("answers", "missing required field")
        answers = []
    if "conflict" not in r or r["conflict"] in (None, ""):
        raise RecordError("conflict", "missing required field (true or false)")
    b.add_prediction(ItemPrediction(item_id=F.ident(r, "item_id"), answers=answers,
                                    conflict=F.boolean(r, "conflict")), file, row.line)
