"""Append-only annotation records: evidence labels per (claim, passage), reasoning labels per
(claim, verify run), and triage decisions per disagreement.

A label is never edited: a correction is a new record that supersedes the old one, and undo is a
record that supersedes the undone one and carries the code it replaced (or a tombstone when there was
none). The current label of (target, dimension, annotator, pass) is its latest non-superseded record.
"""
from __future__ import annotations

import datetime as _dt
import json
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from factaudit.engine.audit import codebook as cb
from factaudit.engine.errors import ImportFailed, InvalidArgument, NotFound, Problem
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.ingest.readers import read_jsonl
from factaudit.engine.project import audit_store as store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.db import Project, now_iso

PASSES = ("first", "retest")
TRIAGE_CODES = ("retrieval_error", "verification_error", "wrong_gold")
TRIAGE_LEVELS = ("sentence", "claim")
TOMBSTONE = "_undo"             # never a codebook id (those start with a letter)
LLM_PREFIX = "llm:"
ADJUDICATOR_PREFIX = "adjudicator:"   # adjudication records (audit/raters.py): merged_labels applies them last
RECORD_FIELDS = ("id", "target", "claim_id", "passage_id", "run_id", "dimension", "code", "annotator", "pass",
                 "blind", "supersedes", "codebook_version", "note", "created")


def new_id() -> str:
    return f"ann-{uuid.uuid4()}"


def is_llm(annotator: str) -> bool:
    return annotator.startswith(LLM_PREFIX)


def llm_annotator(model: str, prompt_sha: str) -> str:
    return f"{LLM_PREFIX}{model}@{prompt_sha}"


def infer_target(passage_id: str | None, run_id: str | None) -> str:
    return "evidence" if passage_id else "reasoning" if run_id else ""


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
def _normalise_created(value: Any) -> str:
    if value is None or value == "":
        return now_iso()
    if not isinstance(value, str):
        raise ValueError(f"expected an ISO 8601 time, got {value!r}")
    try:
        parsed = _dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(f"expected an ISO 8601 time, got {value!r}") from exc
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=_dt.timezone.utc)
    return parsed.astimezone(_dt.timezone.utc).isoformat(timespec="seconds")


class _Validator:
    """Checks records against the project (ids exist, codebook codes, supersedes chains)."""

    def __init__(self, project: Project):
        self.project = project
        self.codebooks: dict[int, cb.Codebook] = {}
        self.latest = cb.ensure_seed(project).version
        self.run_kinds = store.run_kinds(project)

    def codebook(self, version: int | None) -> cb.Codebook:
        version = version or self.latest
        if version not in self.codebooks:
            self.codebooks[version] = cb.current(self.project, version)
        return self.codebooks[version]

    def check_code(self, target: str, dimension: str, code: str, version: int | None) -> tuple[str | None, str]:
        """(field, reason) of the first problem, or (None, "") when the code is allowed."""
        if target == "triage":
            if dimension not in TRIAGE_LEVELS:
                return "dimension", f"a triage record's dimension is its level ({', '.join(TRIAGE_LEVELS)}), got {dimension!r}"
            if code not in TRIAGE_CODES and code != TOMBSTONE:
                return "code", f"{code!r} is not a triage outcome ({', '.join(TRIAGE_CODES)})"
            return None, ""
        book = self.codebook(version)
        dims = {d.id: d for d in book.dimensions(target)}
        if dimension not in dims:
            kind = "an evidence dimension" if target == "evidence" else "a reasoning step"
            return "dimension", (f"{dimension!r} is not {kind} "
                                 f"of codebook v{book.version} (known: {', '.join(dims)})")
        if code != TOMBSTONE and dims[dimension].code(code) is None:
            return "code", (f"{code!r} is not a code of {dimension} in codebook v{book.version} "
                            f"(allowed: {', '.join(dims[dimension].code_ids)})")
        return None, ""


def annotate(project: Project, *, target: str, claim_id: str, dimension: str, code: str, annotator: str,
             passage_id: str | None = None, run_id: str | None = None, blind: bool = False, pass_: str = "first",
             note: str | None = None, codebook_version: int | None = None,
             supersedes: str | None = None) -> Annotation:
    """Record one label. A new label for a key that already has one supersedes it (a correction)."""
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
    any bad record fails the whole file with file:line:field problems. Records whose id is already
    here with the same content are skipped, so re-importing an export changes nothing."""
    path = Path(path)
    name = path.name
    problems = Problems()
    if not path.is_file():
        raise ImportFailed([Problem(str(path), None, None, "file not found")])
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
    problems.raise_if_any()
    # Superseded rows must exist before the rows that point at them (foreign key).
    order = {a.id: i for i, a in enumerate(fresh)}
    fresh_sorted = _topological(fresh, order)
    store.insert_annotations(project, fresh_sorted)
    return ImportSummary(file=name, added=len(fresh_sorted), unchanged=unchanged,
                         total_after=store.count_annotations(project),
                         annotators=sorted({a.annotator for _, a in parsed}))


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


def _parse_record(r: dict, line: int, file: str, v: _Validator, problems: Problems) -> Annotation | None:
    before = len(problems.items)

    def bad(field: str | None, reason: str) -> None:
        problems.add(file, line, field, reason)

    def opt_str(key: str) -> str | None:
        value = r.get(key)
        if value is None or value == "":
            return None
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            bad(key, f"expected a string, got {type(value).__name__}")
            return None
        return str(value).strip()

    unknown = sorted(set(r) - set(RECORD_FIELDS))
    if unknown:
        bad(unknown[0], f"unknown field (known: {', '.join(RECORD_FIELDS)})")
    claim_id = opt_str("claim_id")
    if not claim_id:
        bad("claim_id", "missing required field")
    passage_id = opt_str("passage_id")
    run_id = opt_str("run_id")
    target = opt_str("target") or infer_target(passage_id, run_id)
    if not target:
        bad("passage_id", "a record needs passage_id (evidence labels) or run_id (reasoning labels)")
    elif target not in store.TARGET_KINDS:
        bad("target", f"expected one of {', '.join(store.TARGET_KINDS)}, got {target!r}")
    elif target == "evidence" and not passage_id:
        bad("passage_id", "an evidence label needs passage_id")
    elif target in ("reasoning", "triage") and not run_id:
        bad("run_id", f"a {target} label needs run_id (the verify run)")
    elif target == "reasoning" and passage_id:
        bad("passage_id", "a reasoning label is per (claim, run); leave passage_id out")
    dimension = opt_str("dimension")
    if not dimension:
        bad("dimension", "missing required field")
    code = opt_str("code")
    if not code:
        bad("code", "missing required field")
    annotator = opt_str("annotator")
    if not annotator:
        bad("annotator", "missing required field")
    pass_ = opt_str("pass") or "first"
    if pass_ not in PASSES:
        bad("pass", f"expected one of {', '.join(PASSES)}, got {pass_!r}")
    blind = r.get("blind", False)
    if blind is None:
        blind = False
    if not isinstance(blind, bool):
        bad("blind", f"expected true or false, got {blind!r}")
    version = r.get("codebook_version")
    if version is not None:
        if not isinstance(version, int) or isinstance(version, bool):
            bad("codebook_version", f"expected an integer, got {version!r}")
            version = None
        elif version < 1 or version > v.latest:
            bad("codebook_version", f"no codebook version {version} in this project (latest is {v.latest})")
            version = None
    ann_id = opt_str("id") or new_id()
    supersedes = opt_str("supersedes")
    note = r.get("note")
    if note is not None and not isinstance(note, str):
        bad("note", "expected a string")
        note = None
    try:
        created = _normalise_created(r.get("created"))
    except ValueError as exc:
        bad("created", str(exc))
        created = now_iso()
    if len(problems.items) > before or problems.full:
        return None
    version = version or v.latest
    try:
        field, reason = v.check_code(target, dimension, code, version)
    except NotFound as exc:
        field, reason = "codebook_version", str(exc)
    if field:
        bad(field, reason)
        return None
    return Annotation(id=ann_id, target=target, claim_id=claim_id, passage_id=passage_id, run_id=run_id,
                      dimension=dimension, code=code, annotator=annotator, codebook_version=version,
                      pass_=pass_, blind=blind, supersedes=supersedes, note=note, created=created)
