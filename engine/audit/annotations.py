"""Append-only annotation records: evidence labels per (claim, passage), reasoning labels per
(claim, verify run), and triage decisions per disagreement.

A label is never edited: a correction is a new record that supersedes the old one, and undo is a
record that supersedes the undone one and carries the code it replaced (or a tombstone when there was
none). The current label of (target, dimension, annotator, pass) is its latest non-superseded record.
"""
from __future__ import annotations

import contextlib
import errno
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

# The record-level pieces live in annotation_records.py; their names stay importable from here.
from factaudit.engine.audit.annotation_records import (  # noqa: F401
    PASSES, RECORD_FIELDS, TOMBSTONE, TRIAGE_CODES, TRIAGE_LEVELS, Validator as _Validator, infer_target, new_id,
    parse_record as _parse_record,
)
from factaudit.engine.errors import ImportFailed, InvalidArgument, NotFound, Problem
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.ingest.readers import read_jsonl
from factaudit.engine.project import audit_store as store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.db import Project, now_iso

LLM_PREFIX = "llm:"
ADJUDICATOR_PREFIX = "adjudicator:"   # adjudication records (audit/raters.py): merged_labels applies them last


def is_llm(annotator: str) -> bool:
    return annotator.startswith(LLM_PREFIX)


def llm_annotator(model: str, prompt_sha: str) -> str:
    return f"{LLM_PREFIX}{model}@{prompt_sha}"


# ---- resolution --------------------------------------------------------------------------------
def heads(records: Iterable[Annotation]) -> dict[tuple, Annotation]:
    """Latest non-superseded record per key (tombstones included)."""
    records = list(records)
    superseded = {a.supersedes for a in records if a.supersedes}
    out: dict[tuple, Annotation] = {}
    for a in sorted(records, key=lambda r: (r.created, r.seq)):
        if a.id not in superseded:
            out[a.key] = a
    return out


@dataclass(frozen=True)
class LabelCounts:
    """Evidence and reasoning labels in force (corrections and undos resolved), by whom."""
    humans: int
    llms: int
    adjudications: int
    llm_annotators: list[str]


def label_counts(records: Iterable[Annotation]) -> LabelCounts:
    """How many labels people gave, how many an LLM pre-labeller gave, how many adjudicate: a report's
    "labels from N raters" counts the people only."""
    labels = [a for a in current_labels(records).values() if a.target in ("evidence", "reasoning")]
    llm = [a for a in labels if is_llm(a.annotator)]
    adjudicated = [a for a in labels if a.annotator.startswith(ADJUDICATOR_PREFIX)]
    return LabelCounts(len(labels) - len(llm) - len(adjudicated), len(llm), len(adjudicated),
                       sorted({a.annotator for a in llm}))


def current_labels(records: Iterable[Annotation]) -> dict[tuple, Annotation]:
    """Current label per key (target, claim, passage|run, dimension, annotator, pass); undone labels drop out."""
    return {k: a for k, a in heads(records).items() if a.code != TOMBSTONE}


def merged_labels(records: Iterable[Annotation], annotators: Iterable[str] | None = None, pass_: str = "first",
                  include_llm: bool = False) -> dict[tuple, dict[str, str]]:
    """One label per (unit, dimension) from the chosen raters (default: every human rater); when several
    raters labelled the same thing, the most recent label wins. Returns {unit: {dimension: code}}."""
    wanted = set(annotators) if annotators is not None else None
    chosen = []
    for a in current_labels(records).values():
        if a.pass_ != pass_:
            continue
        if wanted is not None:
            if a.annotator not in wanted:
                continue
        elif is_llm(a.annotator) and not include_llm:
            continue
        chosen.append(a)
    out: dict[tuple, dict[str, str]] = {}
    for a in sorted(chosen, key=lambda r: (r.annotator.startswith(ADJUDICATOR_PREFIX), r.created, r.seq)):
        out.setdefault(a.unit, {})[a.dimension] = a.code
    return out


# ---- writing -----------------------------------------------------------------------------------
def annotate(project: Project, *, target: str, claim_id: str, dimension: str, code: str, annotator: str,
             passage_id: str | None = None, run_id: str | None = None, blind: bool = False, pass_: str = "first",
             note: str | None = None, codebook_version: int | None = None,
             supersedes: str | None = None) -> Annotation:
    """Record one label. A new label for a key that already has one supersedes it (a correction).
    All or nothing: a refused label leaves no trace (not even the seed codebook stored on first use)."""
    with _all_or_nothing(project):
        return _annotate(project, target=target, claim_id=claim_id, dimension=dimension, code=code,
                         annotator=annotator, passage_id=passage_id, run_id=run_id, blind=blind, pass_=pass_,
                         note=note, codebook_version=codebook_version, supersedes=supersedes)


def _all_or_nothing(project: Project):
    """One transaction around the checks and the write: the checks may store the seed codebook
    (ensure_seed), and a refused label or file must not leave it behind. A read-only project writes
    nothing anyway; its checks still run, so their problems come before 'read-only'."""
    return contextlib.nullcontext() if project.readonly else project.atomic()


def _annotate(project: Project, *, target: str, claim_id: str, dimension: str, code: str, annotator: str,
              passage_id: str | None, run_id: str | None, blind: bool, pass_: str, note: str | None,
              codebook_version: int | None, supersedes: str | None) -> Annotation:
    v = _Validator(project)
    if target not in store.TARGET_KINDS:
        raise InvalidArgument(f"unknown target {target!r}; expected one of {', '.join(store.TARGET_KINDS)}")
    if pass_ not in PASSES:
        raise InvalidArgument(f"pass is one of {', '.join(PASSES)}, got {pass_!r}")
    if not annotator or not annotator.strip():
        raise InvalidArgument("an annotation needs an annotator")
    if target == "evidence" and not passage_id:
        raise InvalidArgument("an evidence label needs a passage")
    if target in ("reasoning", "triage") and not run_id:
        raise InvalidArgument(f"a {target} label needs a verify run")
    if target != "evidence":
        passage_id = None
    version = codebook_version or v.latest
    field, reason = v.check_code(target, dimension, code, version)
    if field:
        raise InvalidArgument(reason)
    _check_targets(project, v, target, dimension, [(claim_id, passage_id, run_id)])
    record = Annotation(id=new_id(), target=target, claim_id=claim_id, passage_id=passage_id, run_id=run_id,
                        dimension=dimension, code=code, annotator=annotator.strip(), codebook_version=version,
                        pass_=pass_, blind=bool(blind), supersedes=supersedes, note=note, created=now_iso())
    head = heads(store.list_annotations(project, claim_ids=[claim_id])).get(record.key)
    if supersedes is None and head is not None:
        record = replace(record, supersedes=head.id)
    elif supersedes is not None:
        old = store.get_annotations(project, [supersedes]).get(supersedes)
        if old is None:
            raise NotFound(f"no annotation {supersedes!r} to supersede")
        if old.key != record.key:
            raise InvalidArgument(f"{supersedes} labels a different target, dimension, annotator or pass")
    store.insert_annotations(project, [record])
    return _reload(project, record.id)


def _reload(project: Project, ann_id: str) -> Annotation:
    return store.get_annotations(project, [ann_id])[ann_id]


def correct(project: Project, annotation_id: str, code: str, note: str | None = None,
            blind: bool | None = None) -> Annotation:
    """Replace a label with another code (a new record that supersedes it, made under the newest
    codebook like any label made now)."""
    old = store.get_annotations(project, [annotation_id]).get(annotation_id)
    if old is None:
        raise NotFound(f"no annotation {annotation_id!r}")
    return annotate(project, target=old.target, claim_id=old.claim_id, passage_id=old.passage_id, run_id=old.run_id,
                    dimension=old.dimension, code=code, annotator=old.annotator, pass_=old.pass_,
                    blind=old.blind if blind is None else blind, note=note, supersedes=annotation_id)


def undo(project: Project, annotation_id: str, note: str | None = "undo") -> Annotation:
    """Undo a label: a superseding record that restores the code it replaced, or a tombstone."""
    found = store.get_annotations(project, [annotation_id])
    old = found.get(annotation_id)
    if old is None:
        raise NotFound(f"no annotation {annotation_id!r}")
    previous = store.get_annotations(project, [old.supersedes]).get(old.supersedes) if old.supersedes else None
    code = previous.code if previous is not None else TOMBSTONE
    record = Annotation(id=new_id(), target=old.target, claim_id=old.claim_id, passage_id=old.passage_id,
                        run_id=old.run_id, dimension=old.dimension, code=code, annotator=old.annotator,
                        codebook_version=old.codebook_version, pass_=old.pass_, blind=old.blind,
                        supersedes=old.id, note=note, created=now_iso())
    store.insert_annotations(project, [record])
    return _reload(project, record.id)


def _check_targets(project: Project, v: _Validator, target: str, dimension: str,
                   refs: list[tuple[str, str | None, str | None]]) -> None:
    claims_needed = [c for c, _, _ in refs] if not (target == "triage" and dimension == "sentence") else []
    if claims_needed:
        missing = set(claims_needed) - store.existing_ids(project, "claims", claims_needed)
        if missing:
            raise NotFound(f"no claim {sorted(missing)[0]!r} in {project.path.name}")
    if target == "triage" and dimension == "sentence":
        ids = [c for c, _, _ in refs]
        missing = set(ids) - store.existing_ids(project, "sentences", ids)
        if missing:
            raise NotFound(f"no sentence {sorted(missing)[0]!r} in {project.path.name}")
    passages = [p for _, p, _ in refs if p]
    if passages:
        missing = set(passages) - store.existing_ids(project, "passages", passages)
        if missing:
            raise NotFound(f"no passage {sorted(missing)[0]!r} in {project.path.name}")
    for _, _, run in refs:
        if run and run not in v.run_kinds:
            raise NotFound(f"no run {run!r} in {project.path.name}")


# ---- export / import ---------------------------------------------------------------------------
def to_record(a: Annotation) -> dict[str, Any]:
    rec = {"id": a.id, "target": a.target, "claim_id": a.claim_id}
    if a.passage_id is not None:
        rec["passage_id"] = a.passage_id
    if a.run_id is not None:
        rec["run_id"] = a.run_id
    rec.update({"dimension": a.dimension, "code": a.code, "annotator": a.annotator, "pass": a.pass_,
                "blind": a.blind, "supersedes": a.supersedes, "codebook_version": a.codebook_version,
                "note": a.note, "created": a.created})
    return rec


def export_jsonl(project: Project, path: str | Path) -> int:
    records = store.list_annotations(project)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for a in records:
                fh.write(json.dumps(to_record(a), ensure_ascii=False) + "\n")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)   # a full disk left a.jsonl.tmp behind
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise InvalidArgument(f"no space left on the disk while writing {path}; nothing was written "
                                  "(free some space and run it again)") from exc
        raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from exc
    return len(records)


@dataclass
class ImportSummary:
    file: str
    added: int
    unchanged: int
    total_after: int
    annotators: list[str]


def _same(a: Annotation, b: Annotation) -> bool:
    fields = ("target", "claim_id", "passage_id", "run_id", "dimension", "code", "annotator", "codebook_version",
              "pass_", "blind", "supersedes", "note")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def import_jsonl(project: Project, path: str | Path) -> ImportSummary:
    """Merge annotation records (a second rater's work, an export of this project). All or nothing:
    any bad record fails the whole file with file:line:field problems and nothing is written (the
    seed codebook included). Records whose id is already here with the same content are skipped, so
    re-importing an export changes nothing. A label chain has one first record: a record without
    `supersedes` for a unit, dimension, annotator and pass that already has a label (earlier in the
    file or in the project) is refused, since which of the two counts would be a guess."""
    path = Path(path)
    if not path.is_file():
        raise ImportFailed([Problem(str(path), None, None, "file not found")])
    with _all_or_nothing(project):
        return _import_jsonl(project, path)


def _import_jsonl(project: Project, path: Path) -> ImportSummary:
    name = path.name
    problems = Problems()
    v = _Validator(project)
    parsed: list[tuple[int, Annotation]] = []
    if path.read_bytes().strip():
        for row in read_jsonl(path, problems):
            rec = _parse_record(row.data, row.line, name, v, problems)
            if rec is not None:
                parsed.append((row.line, rec))
            if problems.full:
                break
    problems.raise_if_any()

    # References to the project, checked in bulk.
    def need(table: str, pairs: list[tuple[int, str, str]]) -> None:
        found = store.existing_ids(project, table, [i for _, _, i in pairs])
        for line, fld, i in pairs:
            if i not in found:
                problems.add(name, line, fld, f"no {table[:-1]} {i!r} in this project")

    need("claims", [(ln, "claim_id", a.claim_id) for ln, a in parsed
                    if not (a.target == "triage" and a.dimension == "sentence")])
    need("sentences", [(ln, "claim_id", a.claim_id) for ln, a in parsed
                       if a.target == "triage" and a.dimension == "sentence"])
    need("passages", [(ln, "passage_id", a.passage_id) for ln, a in parsed if a.passage_id])
    for ln, a in parsed:
        if a.run_id and a.run_id not in v.run_kinds:
            problems.add(name, ln, "run_id", f"no run {a.run_id!r} in this project")

    in_file: dict[str, tuple[int, Annotation]] = {}
    for ln, a in parsed:
        if a.id in in_file:
            problems.add(name, ln, "id", f"duplicate id {a.id!r} (first at line {in_file[a.id][0]})")
        else:
            in_file[a.id] = (ln, a)
    existing = store.get_annotations(project, list(in_file))
    fresh: list[Annotation] = []
    unchanged = 0
    for ln, a in parsed:
        old = existing.get(a.id)
        if old is not None:
            if _same(old, a):
                unchanged += 1
            else:
                problems.add(name, ln, "id", f"{a.id} is already in this project with different content")
            continue
        fresh.append(a)
    wanted = [a.supersedes for _, a in parsed if a.supersedes and a.supersedes not in in_file]
    stored = store.get_annotations(project, wanted)
    for ln, a in parsed:
        if not a.supersedes:
            continue
        old = in_file[a.supersedes][1] if a.supersedes in in_file else stored.get(a.supersedes)
        if old is None:
            problems.add(name, ln, "supersedes", f"no annotation {a.supersedes!r} here or in the file")
        elif old.key != a.key:
            problems.add(name, ln, "supersedes",
                         f"{a.supersedes} labels a different target, dimension, annotator or pass")
    _second_roots(project, parsed, {a.id for a in fresh}, name, problems)
    problems.raise_if_any()
    # Superseded rows must exist before the rows that point at them (foreign key).
    order = {a.id: i for i, a in enumerate(fresh)}
    fresh_sorted = _topological(fresh, order)
    store.insert_annotations(project, fresh_sorted)
    return ImportSummary(file=name, added=len(fresh_sorted), unchanged=unchanged,
                         total_after=store.count_annotations(project),
                         annotators=sorted({a.annotator for _, a in parsed}))


def _second_roots(project: Project, parsed: list[tuple[int, Annotation]], fresh: set[str], name: str,
                  problems: Problems) -> None:
    """Problems for new records that start a second chain for a label already started (in the project
    or earlier in the file) instead of naming the record they replace in `supersedes`."""
    new_roots = [(ln, a) for ln, a in parsed if not a.supersedes and a.id in fresh]
    if not new_roots:
        return
    roots: dict[tuple, tuple[str, int | None]] = {}       # key -> (id, file line; None: in the project)
    for a in store.list_annotations(project, claim_ids={a.claim_id for _, a in new_roots}):
        if not a.supersedes:
            roots.setdefault(a.key, (a.id, None))
    for ln, a in parsed:
        if a.supersedes:
            continue
        first = roots.setdefault(a.key, (a.id, ln))
        if first[0] == a.id or a.id not in fresh:
            continue
        where = f"at line {first[1]} ({first[0]})" if first[1] is not None else f"in this project ({first[0]})"
        problems.add(name, ln, "supersedes",
                     f"{a.annotator} already has a label for this unit's {a.dimension} ({a.pass_} pass) {where}; "
                     "a record that replaces it names the one it replaces in supersedes")


def _topological(records: list[Annotation], order: dict[str, int]) -> list[Annotation]:
    by_id = {a.id: a for a in records}
    out, done = [], set()

    def visit(a: Annotation, depth: int = 0) -> None:
        if a.id in done:
            return
        if depth > len(records):
            raise ImportFailed([Problem("annotations", None, "supersedes", f"{a.id} is in a supersedes cycle")])
        if a.supersedes in by_id:
            visit(by_id[a.supersedes], depth + 1)
        done.add(a.id)
        out.append(a)

    for a in sorted(records, key=lambda r: order[r.id]):
        visit(a)
    return out

