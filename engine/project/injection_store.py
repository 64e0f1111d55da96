"""SQL for suspected-injection flags on passages (table passage_scan, migration passage_scan).

Passages are scanned when imported (in the import's transaction) and when a retrieval run stores
hits for them (in the same transaction as the hits), so a project made before the scan existed gets
its retrieved passages flagged by the next retrieval. Readers that meet a passage without a current
scan (an old read-only file) scan it in memory and write nothing.
"""
from __future__ import annotations

import sqlite3
from typing import Iterable

from factaudit.engine.project.chunked import rows_in
from factaudit.engine.text.injection import DETECTOR, scan_passage
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.db import Project, now_iso

_CHUNK = 500


def _scan_row(pid: str, title: str | None, text: str | None, when: str) -> tuple:
    found = scan_passage(text, title)
    return (pid, DETECTOR, int(bool(found)), dumps([f.to_json() for f in found]) if found else None, when)


def store_scans(conn: sqlite3.Connection, passages: Iterable[tuple[str, str | None, str | None]]) -> int:
    """Scan (id, title, text) triples and store the result; the caller holds the transaction.
    Returns how many were flagged."""
    when = now_iso()
    rows = [_scan_row(pid, title, text, when) for pid, title, text in passages]
    conn.executemany(
        "INSERT OR REPLACE INTO passage_scan(passage_id, detector, suspect, findings, scanned) VALUES (?, ?, ?, ?, ?)",
        rows)
    return sum(r[2] for r in rows)


def scan_unscanned(conn: sqlite3.Connection, passage_ids: Iterable[str]) -> int:
    """Scan the passages among `passage_ids` that have no scan by the current detector (inside the
    caller's transaction). Returns how many of those were flagged."""
    ids = list(dict.fromkeys(passage_ids))
    flagged = 0
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start:start + _CHUNK]
        marks = ",".join("?" * len(chunk))
        todo = conn.execute(
            f"SELECT p.id, p.title, p.text FROM passages p LEFT JOIN passage_scan s ON s.passage_id = p.id"
            f" WHERE p.id IN ({marks}) AND (s.passage_id IS NULL OR s.detector IS NOT ?)", [*chunk, DETECTOR]
        ).fetchall()
        if todo:
            flagged += store_scans(conn, ((r[0], r[1], r[2]) for r in todo))
    return flagged


def findings(project: Project, passage_ids: Iterable[str]) -> dict[str, list[dict]]:
    """{passage id: findings} for the flagged passages among `passage_ids` (unflagged ones are absent).
    A passage without a current scan is scanned in memory; nothing is written (read-only safe)."""
    out: dict[str, list[dict]] = {}
    rows = rows_in(project.reader(), "SELECT p.id, p.title, p.text, s.detector, s.suspect, s.findings FROM passages p"
                   " LEFT JOIN passage_scan s ON s.passage_id = p.id WHERE p.id IN ({marks})", passage_ids)
    for pid, title, text, detector, suspect, stored in rows:
        if detector == DETECTOR:
            if suspect:
                out[pid] = loads(stored, [])
            continue
        found = scan_passage(text, title)
        if found:
            out[pid] = [f.to_json() for f in found]
    return out


def flagged_count(project: Project) -> int:
    """Passages flagged by the current detector (stored scans only)."""
    row = project.reader().execute(
        "SELECT count(*) FROM passage_scan WHERE suspect = 1 AND detector = ?", (DETECTOR,)).fetchone()
    return int(row[0])
