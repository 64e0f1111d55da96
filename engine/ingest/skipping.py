"""`--skip-invalid`: leave out the records that have a problem, keep the rest, and write each rejected
record with its reason to a side file: `--rejected-out PATH` (one file for every input), else
`<input name>.rejected.jsonl` beside the project, never beside the input (a data folder may be
read-only, and it is not ours to write into).

All-or-nothing stays the default. A record is known by the file and line it was read from, so every
record that came from a rejected line goes (an answer and the sentences split from it leave together).
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from factaudit.engine.errors import InvalidArgument, Problem

if TYPE_CHECKING:
    from factaudit.engine.ingest.builder import BatchBuilder

MAX_RECORD_CHARS = 10_000


def drop_at(builder: "BatchBuilder", bad: set[tuple[str, int | None]]) -> None:
    """Remove from the batch every record read from one of the `bad` (file, line) locations."""
    b = builder.batch
    for kind, where in builder.where.items():
        gone = {i for i, loc in where.items() if loc in bad}
        if not gone:
            continue
        for i in gone:
            del where[i]
        setattr(b, kind, [r for r in getattr(b, kind) if r.id not in gone])
        if kind == "items":  # sentences were registered under their own lines; they follow their item
            b.sentences = [s for s in b.sentences if s.item_id not in gone]
            builder.where["sentences"] = {s.id: builder.where["sentences"][s.id] for s in b.sentences
                                          if s.id in builder.where["sentences"]}
    run = b.run
    if run is not None and builder.run_where:
        records = [*run.hits, *run.verdicts]
        keep = [(r, loc) for r, loc in zip(records, builder.run_where) if loc not in bad]
        run.hits = [r for r, _ in keep if r in run.hits]
        run.verdicts = [r for r, _ in keep if r in run.verdicts]
        builder.run_where = [loc for _, loc in keep]
    pred_where = builder.__dict__.get("pred_where")
    if run is not None and pred_where:
        gone = {i for i, loc in pred_where.items() if loc in bad}
        run.predictions = [x for x in run.predictions if x.item_id not in gone]
        for i in gone:
            del pred_where[i]


def side_file(path: Path, folder: Path | None = None) -> Path:
    return (folder if folder is not None else path.parent) / (path.name + ".rejected.jsonl")


def _line_text(path: Path, cache: dict[Path, list[str]], line: int | None) -> str | None:
    if line is None:
        return None
    if path not in cache:
        try:
            cache[path] = path.read_bytes().decode("utf-8", errors="replace").splitlines()
        except OSError:
            cache[path] = []
    lines = cache[path]
    if not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    return text if len(text) <= MAX_RECORD_CHARS else text[:MAX_RECORD_CHARS] + "…"


def by_record(rejected: list[Problem]) -> dict[tuple[str, int | None], list[Problem]]:
    """The problems of each rejected record (one record = one file and line), in reading order."""
    out: dict[tuple[str, int | None], list[Problem]] = {}
    for p in rejected:
        out.setdefault((p.file, p.line), []).append(p)
    return out


def write_rejected(files: list[Path], rejected: list[Problem], *, out: Path | None = None,
                   folder: Path | None = None) -> dict[str, Path]:
    """One side file per input file that lost records in `folder` (or all of them in `out`), one line
    per rejected record with its reasons; written atomically (temp file + rename)."""
    by_name = {f.name: f for f in files}
    grouped: dict[str, list[list[Problem]]] = {}
    for (file, _line), problems in by_record(rejected).items():
        grouped.setdefault(file, []).append(problems)
    cache: dict[Path, list[str]] = {}
    written: dict[str, Path] = {}
    targets: dict[Path, list[dict]] = {}
    for name, records in grouped.items():
        src = by_name.get(name) or Path(name)
        target = Path(out) if out is not None else side_file(src, folder)
        targets.setdefault(target, []).extend(
            {"file": ps[0].file, "line": ps[0].line, "field": ps[0].field,
             "reason": "; ".join(dict.fromkeys(p.reason for p in ps)),
             "problems": [str(p) for p in ps], "record": _line_text(src, cache, ps[0].line)} for ps in records)
        written[name] = target
    for target, rows in targets.items():
        try:
            fd, tmp = tempfile.mkstemp(prefix=".rejected-", dir=str(target.parent))
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as fh:
                for row in rows:
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            os.replace(tmp, target)
        except OSError as exc:
            for done in targets:
                if done == target:
                    break
                done.unlink(missing_ok=True)
            raise InvalidArgument(f"cannot write the rejected records to {target}: {exc.strerror or exc}; "
                                  "nothing was imported (choose another place for them)", setting="rejected_out") from exc
    return written
