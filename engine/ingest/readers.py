"""Read JSONL, JSON and CSV files into (line number, record) pairs.

Handles UTF-8 with BOM, CRLF, quoted CSV fields with newlines and very long lines; invalid UTF-8,
bad JSON and truncated files become located problems instead of exceptions.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from engine.ingest.problems import Problems
from engine.project.records import SourceFile

csv.field_size_limit(sys.maxsize)


@dataclass
class Row:
    line: int
    data: dict[str, Any]


def source_file(path: Path) -> SourceFile:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return SourceFile(path=path.name, sha256=h.hexdigest(), bytes=path.stat().st_size)


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
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            truncated = number == len(lines) and not text.endswith("\n")
            reason = "truncated JSON record (file ends mid-record)" if truncated and "Expecting" in exc.msg or (
                truncated and "Unterminated" in exc.msg) else f"invalid JSON: {exc.msg} at column {exc.colno}"
            problems.add(path.name, number, None, reason)
            if problems.full:
                return
            continue
        if not isinstance(obj, dict):
            problems.add(path.name, number, None, f"expected a JSON object, got {type(obj).__name__}")
            continue
        yield Row(number, obj)


def read_json(path: Path, problems: Problems) -> Any:
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        problems.add(path.name, exc.lineno, None, f"invalid JSON: {exc.msg} at column {exc.colno}")
        return None


def read_csv(path: Path, problems: Problems, required_header: bool = True) -> Iterator[Row]:
    text = read_text(path, problems)
    if text is None:
        return
    reader = csv.reader(io.StringIO(text, newline=""))
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
            yield Row(start, dict(zip(header, values)))
        if problems.full:
            return
        start = reader.line_num + 1
