"""One annotation record read from a file, checked against the project: its fields, its codebook code
and its time (the import in annotations.py checks ids, references and supersedes chains across records)."""
from __future__ import annotations

import datetime as _dt
import uuid
from typing import Any

from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import NotFound
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.project import audit_store as store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.db import Project, now_iso

PASSES = ("first", "retest")
TRIAGE_CODES = ("retrieval_error", "verification_error", "wrong_gold")
TRIAGE_LEVELS = ("sentence", "claim")
TOMBSTONE = "_undo"             # never a codebook id (those start with a letter)
RECORD_FIELDS = ("id", "target", "claim_id", "passage_id", "run_id", "dimension", "code", "annotator", "pass",
                 "blind", "supersedes", "codebook_version", "note", "created")


def new_id() -> str:
    return f"ann-{uuid.uuid4()}"


def infer_target(passage_id: str | None, run_id: str | None) -> str:
    return "evidence" if passage_id else "reasoning" if run_id else ""


def normalise_created(value: Any) -> str:
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


class Validator:
    """Checks records against the project (ids exist, codebook codes, supersedes chains)."""

    def __init__(self, project: Project):
        self.project = project
        self.codebooks: dict[int, cb.Codebook] = {}
        self.latest = codebook_versions.ensure_seed(project).version
        self.run_kinds = store.run_kinds(project)

    def codebook(self, version: int | None) -> cb.Codebook:
        version = version or self.latest
        if version not in self.codebooks:
            self.codebooks[version] = codebook_versions.current(self.project, version)
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



def parse_record(r: dict, line: int, file: str, v: Validator, problems: Problems) -> Annotation | None:
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
        created = normalise_created(r.get("created"))
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
