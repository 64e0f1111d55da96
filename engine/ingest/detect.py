"""Recognise a file's format by its columns or keys, and say which rule matched.

"Automatic" used to mean "by extension", which took a HealthVer CSV for generic claims and silently
dropped its evidence column. Detection reads only the head of the file (the first record, a CSV header,
the first TREC line), so it is cheap on large files; it never raises on a broken file: it falls back
to the extension and lets the importer report the located problem.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_

HEAD_BYTES = 1 << 18

# Top-level columns or keys each adapter reads; anything else in the file is listed as unmapped.
ADAPTER_COLUMNS: dict[str, tuple[str, ...]] = {
    "healthver": ("id", "evidence", "claim", "label", "topic_ip", "question"),
    "scifact-claims": ("id", "claim", "evidence", "cited_doc_ids"),
    "scifact-corpus": ("doc_id", "title", "abstract", "structured"),
    "ramdocs": ("question", "documents", "disambig_entity", "gold_answers", "wrong_answers"),
    "hotpotqa-ircot": ("question_id", "question_text", "answers_objects", "contexts"),
    "hotpotqa-original": ("_id", "question", "answer", "type", "level", "supporting_facts", "context"),
    "medexpert": ("id", "data", "completions", "annotations", "predictions"),
}


@dataclass
class FormatGuess:
    """What a file looks like: the format (and kind, when the file tells) and why we think so."""
    format: str
    kind: str | None
    reason: str
    columns: list[str] = field(default_factory=list)
    variant: str | None = None       # e.g. "scifact-corpus": which column list applies

    def describe(self) -> str:
        kind = f" ({self.kind})" if self.kind else ""
        return f"{self.format}{kind}: {self.reason}"


def _head(path: Path) -> str:
    with open(path, "rb") as fh:
        raw = fh.read(HEAD_BYTES)
    return raw.decode("utf-8-sig", errors="replace")


def _first_json_record(text: str) -> dict | None:
    for line in text.splitlines():
        if line.strip():
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):  # ValueError: also an integer of more than 4,300 digits
                return None
            return obj if isinstance(obj, dict) else None
    return None


def _first_list_entry(text: str) -> dict | None:
    """The first object of a JSON list, decoded from the head of the file alone."""
    start = text.find("[")
    brace = text.find("{", start + 1)
    if start < 0 or brace < 0 or text[start + 1:brace].strip(" \t\r\n"):
        return None
    try:
        obj, _ = json.JSONDecoder().raw_decode(text, brace)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _first_object_value(text: str):
    """The value of the first key of a JSON object, decoded from the head of the file alone."""
    decoder = json.JSONDecoder()
    try:
        i = text.index("{") + 1
        while text[i] in " \t\r\n":
            i += 1
        _key, i = decoder.raw_decode(text, i)
        i = text.index(":", i) + 1
        while text[i] in " \t\r\n":
            i += 1
        value, _ = decoder.raw_decode(text, i)
    except (ValueError, IndexError, RecursionError):
        return None
    return value


GENERIC_KINDS = (  # (kind, keys that must all be present), most specific first
    ("verdicts", ("claim_id", "verdict")),
    ("candidates", ("item_id", "answers", "conflict")),
    ("choices", ("item_id", "chosen")),
    ("answers", ("id", "answer")),
    ("claims", ("id", "claim")),
    ("corpus", ("id", "text")),
)


# "; looks like <kind>" as whole messages: engine.i18n.localize would translate a bare kind word as a column
# header ("claims" -> "主张数") inside the reason
LOOKS_LIKE = {"verdicts": N_("looks like verdicts"), "candidates": N_("looks like candidates"),
              "choices": N_("looks like choices"), "answers": N_("looks like answers"),
              "claims": N_("looks like claims"), "corpus": N_("looks like corpus")}


def guess_kind(columns: list[str]) -> str | None:
    have = set(columns)
    for kind, keys in GENERIC_KINDS:
        if set(keys) <= have:
            return kind
    return None


def _by_keys(keys: list[str]) -> FormatGuess | None:
    k = set(keys)
    if {"question_id", "question_text", "contexts"} <= k:
        return FormatGuess("hotpotqa", None, N_("keys question_id, question_text, contexts (HotpotQA, IRCoT)"), keys,
                           "hotpotqa-ircot")
    if {"question", "documents", "gold_answers"} <= k:
        return FormatGuess("ramdocs", "answers", N_("keys question, documents, gold_answers (RAMDocs)"), keys, "ramdocs")
    if {"doc_id", "abstract"} <= k:
        return FormatGuess("scifact", "corpus", N_("keys doc_id, abstract (SciFact corpus)"), keys, "scifact-corpus")
    if {"id", "claim"} <= k and ({"evidence", "cited_doc_ids"} & k) and "label" not in k:
        return FormatGuess("scifact", "claims", N_("keys id, claim, evidence/cited_doc_ids (SciFact claims)"), keys,
                           "scifact-claims")
    return None


def detect_format(path: str | Path) -> FormatGuess:
    """The format of one input file, from its content (extension only as the last resort)."""
    path = Path(path)
    suffix = path.suffix.lower()
    try:
        text = _head(path)
    except OSError as exc:
        raise InvalidArgument(f"cannot read {path.name}: {exc.strerror or exc}") from exc
    stripped = text.lstrip()
    # TREC run: six whitespace-separated columns, the second one literally Q0
    first = stripped.split("\n", 1)[0].split()
    if len(first) == 6 and first[1] == "Q0":
        return FormatGuess("trec", "run", N_("six columns with Q0 in the second (TREC run file)"))
    if stripped.startswith("["):
        entry = _first_list_entry(stripped)
        if entry is not None:
            keys = list(entry)
            if "data" in entry and ({"completions", "annotations"} & set(keys)):
                return FormatGuess("medexpert", "answers", N_("a JSON list of tasks with data and completions "
                                      "(MedExpert annotation export)"), keys, "medexpert")
            if {"_id", "supporting_facts", "context"} <= set(keys):
                return FormatGuess("hotpotqa", None, N_("a JSON list with _id, supporting_facts, context "
                                      "(HotpotQA original)"), keys, "hotpotqa-original")
    if stripped.startswith("{") and suffix == ".json":
        value = _first_object_value(stripped)
        if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            return FormatGuess("hotpotqa", "corpus", N_("a JSON object of title → sentences (HotpotQA corpus)"))
        if isinstance(value, str):
            return FormatGuess("hotpotqa", "corpus", N_("a JSON object of title → text, read as a corpus "
                                  "(titles become passage titles)"))
    if stripped.startswith("{"):
        record = _first_json_record(stripped)
        if record is not None:
            keys = list(record)
            found = _by_keys(keys)
            if found is not None:
                return found
            kind = guess_kind(keys)
            names = ", ".join(keys[:8])
            why = N_(f"JSON lines with keys {names}; {LOOKS_LIKE[kind]}") if kind else N_(f"JSON lines with keys {names}")
            return FormatGuess("jsonl", kind, why, keys)
    if suffix == ".csv" or "," in stripped.split("\n", 1)[0]:
        try:
            header = next(csv.reader(io.StringIO(stripped)))
        except (StopIteration, csv.Error):
            header = []
        header = [h.strip() for h in header]
        if {"id", "evidence", "claim", "label"} <= set(header):
            return FormatGuess("healthver", "claims", N_("columns id, evidence, claim, label (HealthVer)"), header,
                               "healthver")
        if suffix == ".csv" and header:
            kind = guess_kind(header)
            names = ", ".join(header[:8])
            why = N_(f"CSV with columns {names}; {LOOKS_LIKE[kind]}") if kind else N_(f"CSV with columns {names}")
            return FormatGuess("csv", kind, why, header)
    if suffix in (".jsonl", ".ndjson"):
        return FormatGuess("jsonl", None, N_("by the .jsonl extension (the first record could not be read)"))
    if suffix == ".csv":
        return FormatGuess("csv", None, N_("by the .csv extension (the header could not be read)"))
    raise InvalidArgument(f"cannot tell the format of {path.name}: it matches none of the known layouts "
                          "(SciFact, HealthVer, RAMDocs, HotpotQA, MedExpert export, TREC, JSON lines, CSV)")
