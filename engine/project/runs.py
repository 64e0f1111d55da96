"""Runs and their outputs: creation, status, resume, retrieval hits and verdicts.

A run is `running` while its process works, then `done`, `cancelled` or `failed`. A `running` run
whose process is gone is reported as `interrupted`. Finished runs are immutable (triggers enforce it).
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
from typing import Any, Iterable

from factaudit.engine.errors import NotFound, RunImmutable
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.project.records import HitRecord, RunInfo, VerdictRecord
from factaudit.engine.redact import redact_obj, redact_text
from factaudit.engine.version import APP_VERSION

RESUMABLE = ("interrupted", "cancelled", "failed")

# Runs this process works on (created or reopened here, not finished), by (project file, run id): a
# `running` run of this process that is not among them was given up without its end being stored
# (the file refused even that write, e.g. a full disk) and reads as interrupted, so it can be resumed.
_WORKED: set[tuple[str, str]] = set()


def _key(project: Project, run_id: str) -> tuple[str, str]:
    return (os.path.realpath(project.path), run_id)
RETRIEVAL_KINDS = ("retrieve", "imported")  # runs whose hits verify and judge runs read


def config_hash(config: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def create_run(project: Project, kind: str, config: dict[str, Any], provenance: dict[str, Any] | None = None) -> str:
    # No key or URL credential is ever stored (engine/redact.py); the hash is of what is stored.
    config = redact_obj(config)
    prov = redact_obj({"app_version": APP_VERSION, **(provenance or {})})
    with project.atomic() as conn:
        cur = conn.execute(
            "INSERT INTO runs(id, kind, status, config, config_hash, provenance, created, pid, host)"
            " VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?)",
            (f"pending-{os.getpid()}-{id(config)}", kind, dumps(config), config_hash(config), dumps(prov),
             now_iso(), os.getpid(), socket.gethostname()),
        )
        run_id = f"{kind}-{cur.lastrowid}"
        conn.execute("UPDATE runs SET id = ? WHERE seq = ?", (run_id, cur.lastrowid))
    _WORKED.add(_key(project, run_id))
    return run_id


def _pid_alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _effective_status(project: Project, row) -> str:
    status = row["status"]
    if status != "running":
        return status
    if row["pid"] == os.getpid() and row["host"] == socket.gethostname():
        return "running" if _key(project, row["id"]) in _WORKED else "interrupted"
    # We hold the write lock, so no other process can be writing this run.
    if not project.readonly:
        return "interrupted"
    if row["host"] == socket.gethostname() and not _pid_alive(row["pid"]):
        return "interrupted"
    return "running"


def _to_info(project: Project, row) -> RunInfo:
    return RunInfo(
        id=row["id"], kind=row["kind"], status=_effective_status(project, row), config=loads(row["config"], {}),
        config_hash=row["config_hash"], provenance=loads(row["provenance"], {}), created=row["created"],
        finished=row["finished"], error=row["error"], summary=loads(row["summary"], {}),
    )


def get_run(project: Project, run_id: str) -> RunInfo:
    row = project.reader().execute("SELECT * FROM runs WHERE id = ?", (run_id,)).fetchone()
    if row is None:
        raise NotFound(f"no run {run_id!r} in {project.path.name}")
    return _to_info(project, row)


def list_runs(project: Project, kind: str | None = None) -> list[RunInfo]:
    sql, args = "SELECT * FROM runs", ()
    if kind:
        sql, args = sql + " WHERE kind = ?", (kind,)
    return [_to_info(project, r) for r in project.reader().execute(sql + " ORDER BY seq", args)]


def finish_run(project: Project, run_id: str, status: str, *, summary: dict | None = None, error: str | None = None) -> None:
    assert status in ("done", "cancelled", "failed")
    error = redact_text(error) if error else error
    summary = redact_obj(summary) if summary is not None else None
    with project.atomic() as conn:
        conn.execute(
            "UPDATE runs SET status = ?, finished = ?, error = ?, summary = coalesce(?, summary) WHERE id = ?",
            (status, now_iso(), error, dumps(summary) if summary is not None else None, run_id),
        )
    _WORKED.discard(_key(project, run_id))


def release_run(project: Project, run_id: str) -> None:
    """This process stops working the run without storing its end (the file refused the write): from
    now on it reads as interrupted here too, and --resume can take it up."""
    _WORKED.discard(_key(project, run_id))


def update_summary(project: Project, run_id: str, summary: dict) -> None:
    with project.atomic() as conn:
        conn.execute("UPDATE runs SET summary = ? WHERE id = ?", (dumps(summary), run_id))


def reopen_run(project: Project, run_id: str) -> RunInfo:
    """Mark an interrupted, cancelled or failed run as running again in this process (for --resume)."""
    run = get_run(project, run_id)
    if run.status == "done":
        raise RunImmutable(f"{run_id} is finished; running again makes a new run")
    if run.status not in RESUMABLE:
        raise RunImmutable(f"{run_id} is {run.status} in another process; it cannot be resumed now")
    with project.atomic() as conn:
        conn.execute(
            "UPDATE runs SET status = 'running', finished = NULL, error = NULL, pid = ?, host = ? WHERE id = ?",
            (os.getpid(), socket.gethostname(), run_id),
        )
    _WORKED.add(_key(project, run_id))
    return get_run(project, run_id)


# ---- retrieval hits ----------------------------------------------------------------------------
def add_hits(project: Project, run_id: str, hits: Iterable[HitRecord]) -> None:
    hits = list(hits)
    with project.atomic() as conn:
        conn.executemany(
            "INSERT INTO retrieval_hits(run_id, claim_id, rank, passage_id, score) VALUES (?, ?, ?, ?, ?)",
            ((run_id, h.claim_id, h.rank, h.passage_id, float(h.score)) for h in hits),
        )
        # Retrieved passages not yet scanned (older projects, a newer heuristic) are flagged here.
        from factaudit.engine.project import injection_store  # the scanner loads only when hits are written

        injection_store.scan_unscanned(conn, (h.passage_id for h in hits))


def add_query_latencies(project: Project, run_id: str, latencies: Iterable[tuple[str, float]]) -> None:
    with project.atomic() as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO retrieval_queries(run_id, claim_id, latency_ms) VALUES (?, ?, ?)",
            ((run_id, c, float(ms)) for c, ms in latencies),
        )


def query_latencies(project: Project, run_id: str) -> dict[str, float]:
    rows = project.reader().execute(
        "SELECT claim_id, latency_ms FROM retrieval_queries WHERE run_id = ?", (run_id,))
    return {r[0]: r[1] for r in rows}


def get_hits(project: Project, run_id: str, claim_id: str | None = None) -> dict[str, list[HitRecord]]:
    """Hits grouped by claim, in rank order."""
    sql = "SELECT claim_id, rank, passage_id, score FROM retrieval_hits WHERE run_id = ?"
    args: tuple = (run_id,)
    if claim_id is not None:
        sql += " AND claim_id = ?"
        args += (claim_id,)
    out: dict[str, list[HitRecord]] = {}
    for r in project.reader().execute(sql + " ORDER BY claim_id, rank", args):
        out.setdefault(r[0], []).append(HitRecord(r[0], r[1], r[2], r[3]))
    return out


# ---- verdicts ----------------------------------------------------------------------------------
def add_verdict(project: Project, run_id: str, v: VerdictRecord) -> None:
    """One claim's verdict in its own transaction, so a killed run loses at most the claim in flight."""
    with project.atomic() as conn:
        conn.execute(
            "INSERT INTO verdicts(run_id, claim_id, verdict, reasoning, evidence_used, stances, raw_output,"
            " parse_status, prompt_tokens, completion_tokens, latency_ms, trimmed, created, reasoning_tokens)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (run_id, v.claim_id, v.verdict, v.reasoning, dumps(v.evidence_used), dumps(v.stances), v.raw_output,
             v.parse_status, v.prompt_tokens, v.completion_tokens, v.latency_ms, int(v.trimmed), now_iso(),
             v.reasoning_tokens),
        )


def get_verdicts(project: Project, run_id: str, claim_ids: Iterable[str] | None = None) -> dict[str, VerdictRecord]:
    """The run's verdicts by claim; `claim_ids` reads only those (by primary key), for pages of a big run."""
    out = {}
    if claim_ids is None:
        rows = project.reader().execute("SELECT * FROM verdicts WHERE run_id = ? ORDER BY claim_id", (run_id,))
    else:
        rows = rows_in(project.reader(), "SELECT * FROM verdicts WHERE run_id = ? AND claim_id IN ({marks})"
                       " ORDER BY claim_id", claim_ids, before=[run_id])
    for r in rows:
        out[r["claim_id"]] = VerdictRecord(
            claim_id=r["claim_id"], verdict=r["verdict"], parse_status=r["parse_status"], reasoning=r["reasoning"],
            evidence_used=loads(r["evidence_used"]), stances=loads(r["stances"]), raw_output=r["raw_output"],
            prompt_tokens=r["prompt_tokens"], completion_tokens=r["completion_tokens"],
            latency_ms=r["latency_ms"], trimmed=bool(r["trimmed"]), reasoning_tokens=r["reasoning_tokens"],
        )
    return out


def verdict_claim_ids(project: Project, run_id: str) -> set[str]:
    return {r[0] for r in project.reader().execute("SELECT claim_id FROM verdicts WHERE run_id = ?", (run_id,))}


# ---- calls a run made, for its cost -------------------------------------------------------------
_CALL_TABLES = {"verify": "verdicts", "judge": "judge_units", "aggregate": "conflict_items"}


_REASONING = {"verdicts": "reasoning_tokens", "judge_units": "reasoning_tokens", "conflict_items": "NULL"}


def run_calls(project: Project, run_id: str, kind: str) -> list[tuple[float | None, int | None, int | None, int | None]]:
    """(latency_ms, prompt_tokens, completion_tokens, reasoning_tokens) of each model call a verify, judge or
    aggregate run stored (empty for a kind that stores none; reasoning None where none was reported)."""
    table = _CALL_TABLES.get(kind)
    if table is None:
        return []
    return [tuple(r) for r in project.reader().execute(
        f"SELECT latency_ms, prompt_tokens, completion_tokens, {_REASONING[table]} FROM {table} WHERE run_id = ?"
        " ORDER BY rowid", (run_id,))]
