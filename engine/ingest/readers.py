"""Read JSONL, JSON and CSV files into (line number, record) pairs.

Handles UTF-8 with BOM, CRLF, quoted CSV fields with newlines and very long lines; invalid UTF-8,
bad JSON and truncated files become located problems instead of exceptions.
"""
from __future__ import annotations

import csv
import io
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from contextvars import ContextVar
from typing import Any, Callable, Iterator

from factaudit.engine.hashing import sha256_file
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.project.records import SourceFile

csv.field_size_limit(sys.maxsize)

# A JSON escape of a UTF-16 surrogate; json.loads joins valid pairs, so one left in a string is lone.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def loads(text: str) -> Any:
    """json.loads that turns what Python cannot hold into located one-line failures (UnreadableJSON):
    a too-deep nesting, an integer of more digits than int() converts (4,300 by default: json.loads
    raised a bare ValueError), a number beyond a float's range (1e400 became inf and later an
    OverflowError), and NaN / Infinity, which are not JSON."""
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise NestingTooDeep() from None


class UnreadableJSON(ValueError):
    reason = "JSON that cannot be read"
    literal: str | None = None

    def line_in(self, text: str) -> int | None:
        """The 1-based line of the offending literal in `text` (None when unknown)."""
        at = text.find(self.literal) if self.literal else -1
        return None if at < 0 else text.count("\n", 0, at) + 1


class NestingTooDeep(UnreadableJSON):
    reason = "JSON nested too deeply to read (more than about a thousand levels)"


class NumberOutOfRange(UnreadableJSON):
    def __init__(self, reason: str, literal: str):
        super().__init__(reason)
        self.reason = reason
        self.literal = literal


def _parse_int(s: str) -> int:
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
    digits = len(s.lstrip("-"))
    if limit and digits > limit:
        raise NumberOutOfRange(f"an integer of {digits:,} digits (more than {limit:,}) is out of range", s[:64])
    return int(s)


def _parse_float(s: str) -> float:
    value = float(s)
    if value in (float("inf"), float("-inf")):
        raise NumberOutOfRange(f"the number {s[:30]} is out of range (beyond \u00b11.8e308)", s[:64])
    return value


def _parse_constant(s: str):
    raise NumberOutOfRange(f"{s} is not a JSON number (NaN and Infinity are not JSON)", s)


def lone_surrogate(value: Any, path: str = "") -> str | None:
    """The field path of the first string holding a lone surrogate (`\\ud800`), or None.

    SQLite stores UTF-8, which has no encoding for a lone surrogate: the insert would fail mid-import.
    """
    stack = [(path, value)]
    while stack:
        where, v = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                return where or None
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and _SURROGATE.search(k):
                    return where or None
                stack.append((f"{where}.{k}" if where else str(k), x))
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", x) for i, x in enumerate(v))
    return None


def surrogate_problem(raw: str, value: Any) -> tuple[str | None, str] | None:
    """(field, reason) when a parsed JSON value holds a lone surrogate; cheap for ordinary text."""
    if not _SURROGATE_ESCAPE.search(raw):
        return None
    where = lone_surrogate(value)
    if where is None and not (isinstance(value, str) and _SURROGATE.search(value)):
        return None
    return where, "contains a lone UTF-16 surrogate escape (e.g. \\ud800), which is not valid Unicode text"


@dataclass
class Row:
    line: int
    data: dict[str, Any]


# Set by the import pipeline for the duration of one import: sees (and may rewrite) every top-level
# record any reader yields, so label value mapping and column discovery work for the generic importer
# and every adapter alike without each adapter knowing about them.
ROW_HOOK: ContextVar[Callable[[Row], Row] | None] = ContextVar("factaudit_row_hook", default=None)


def _hooked(row: Row) -> Row:
    hook = ROW_HOOK.get()
    return hook(row) if hook is not None else row


def source_file(path: Path) -> SourceFile:
    return SourceFile(path=path.name, sha256=sha256_file(path), bytes=path.stat().st_size)


def read_text(path: Path, problems: Problems) -> str | None:
    name = path.name
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.add(name, None, None, f"cannot read file: {exc.strerror or exc}")
        return None
    if not data.strip():
        problems.add(name, None, None, "file is empty")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(name, line, None, f"not valid UTF-8 (byte 0x{data[exc.start]:02x})")
        return None


def read_jsonl(path: Path, problems: Problems) -> Iterator[Row]:
    text = read_text(path, problems)
    if text is None:
        return
    lines = text.split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        try:
            obj = loads(line)
        except UnreadableJSON as exc:
            problems.add(path.name, number, None, exc.reason)
            if problems.full:
                return
            continue
        except json.JSONDecodeError as exc:
            truncated = number == len(lines) and not text.endswith("\n")
            reason = "truncated JSON record (file ends mid-record)" if truncated and "Expecting" in exc.msg or (
                truncated and "Unterminated" in exc.msg) else json_reason(exc)
            problems.add(path.name, number, None, reason)
            if problems.full:
                return
            continue
        if not isinstance(obj, dict):
            problems.add(path.name, number, None, f"expected a JSON object, got {type(obj).__name__}")
            continue
        bad = surrogate_problem(line, obj)
        if bad is not None:
            problems.add(path.name, number, bad[0], bad[1])
            continue
        yield _hooked(Row(number, obj))


def json_reason(exc: json.JSONDecodeError) -> str:
    """The decoder's message with its column: `Unterminated string starting at` already ends in
    "at", so the column follows it directly (never "starting at at column 21")."""
    msg = exc.msg.rstrip()
    joiner = " column" if msg.endswith(" at") else " at column"
    return f"invalid JSON: {msg}{joiner} {exc.colno}"


def read_json(path: Path, problems: Problems) -> Any:
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        return loads(text)
    except UnreadableJSON as exc:
        problems.add(path.name, exc.line_in(text), None, exc.reason)
        return None
    except json.JSONDecodeError as exc:
        problems.add(path.name, exc.lineno, None, json_reason(exc))
        return None


def read_csv(path: Path, problems: Problems, required_header: bool = True) -> Iterator[Row]:
    text = read_text(path, problems)
    if text is None:
        return
    # strict: an unterminated quote otherwise swallows the rest of the file into one cell silently.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as exc:
        problems.add(path.name, 1, None, f"no CSV header ({exc})" if str(exc) else "no CSV header")
        return
    header = [h.strip() for h in header]
    if required_header and (not any(header) or len(set(header)) != len(header)):
        problems.add(path.name, 1, None, "CSV header is empty or repeats a column name")
        return
    start = reader.line_num + 1
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.add(path.name, start, None, f"malformed CSV ({exc}); is a quote unterminated?")
            return
        if not any(v.strip() for v in values):
            start = reader.line_num + 1
            continue
        if len(values) != len(header):
            problems.add(path.name, start, None, f"expected {len(header)} columns, found {len(values)}")
        else:
            yield _hooked(Row(start, dict(zip(header, values))))
        if problems.full:
            return
        start = reader.line_num + 1


def read_json_entries(path: Path, problems: Problems) -> tuple[str, Iterator[tuple[int, str | None, Any]]] | None:
    """A JSON file holding one array or one object, entry by entry with the line each entry starts on.

    Returns ("list" | "object", entries) where entries yield (line, key or None, value); None when the
    file cannot be read or is not valid JSON (the problem is recorded). Whole-file JSON has no natural
    record lines, so this walks the top-level container to locate each entry for error messages.
    """
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        loads(text)
    except UnreadableJSON as exc:
        problems.add(path.name, exc.line_in(text), None, exc.reason)
        return None
    except json.JSONDecodeError as exc:
        problems.add(path.name, exc.lineno, None, json_reason(exc))
        return None
    start = len(text) - len(text.lstrip())
    opener = text[start]
    if opener not in "[{":
        problems.add(path.name, 1, None, "expected a JSON list or object at the top level")
        return None
    return ("list" if opener == "[" else "object"), _checked(_walk(text, start), text, path.name, problems)


def _checked(entries: Iterator[tuple[int, str | None, Any]], text: str, name: str,
             problems: Problems) -> Iterator[tuple[int, str | None, Any]]:
    """Entries without lone surrogates; each one that has one becomes a located problem instead."""
    check = bool(_SURROGATE_ESCAPE.search(text))
    for line, key, value in entries:
        if isinstance(value, dict):
            value = _hooked(Row(line, value)).data
        if not check:
            yield line, key, value
            continue
        where = lone_surrogate(value)
        if where is not None or (isinstance(key, str) and _SURROGATE.search(key)) or (
                isinstance(value, str) and _SURROGATE.search(value)):
            problems.add(name, line, where, "contains a lone UTF-16 surrogate escape (e.g. \\ud800), "
                                            "which is not valid Unicode text")
            continue
        yield line, key, value


def _walk(text: str, start: int) -> Iterator[tuple[int, str | None, Any]]:
    decoder = json.JSONDecoder()
    closer = "]" if text[start] == "[" else "}"
    pos, line, counted = start + 1, 1, 0

    def skip(i: int) -> int:
        while i < len(text) and text[i] in " \t\r\n,":
            i += 1
        return i

    while True:
        pos = skip(pos)
        if pos >= len(text) or text[pos] == closer:
            return
        line += text.count("\n", counted, pos)
        counted = pos
        key = None
        if closer == "}":
            key, pos = decoder.raw_decode(text, pos)
            pos = skip(pos)
            pos += 1  # the ':' (the whole text was validated above)
            while text[pos] in " \t\r\n":
                pos += 1
        value, pos = decoder.raw_decode(text, pos)
        yield line, key, value
