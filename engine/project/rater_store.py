"""SQL for second raters (issue #21): the project id, packages sent, merge provenance, sentence
ratings, and the copy of a package's units into a fresh project file.

The copy writes only the columns a rater needs: texts and ids. Verdicts, gold labels, expert
sentence labels and reasons, run configs, annotations and pre-labels are never read here."""
from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Iterable

from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import RATER_PACKAGE_APPLICATION_ID, Project, now_iso

PROJECT_ID_KEY = "project_id"


# ---- identity -----------------------------------------------------------------------------------
def project_id(project: Project) -> str | None:
    row = project.reader().execute("SELECT value FROM meta WHERE key = ?", (PROJECT_ID_KEY,)).fetchone()
    return row[0] if row else None


def ensure_project_id(project: Project) -> str:
    """A stable id for this project (made on first use), so a return file names where it belongs."""
    with project.atomic() as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (PROJECT_ID_KEY,)).fetchone()
        if row:
            return row[0]
        pid = f"proj-{uuid.uuid4()}"
        conn.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (PROJECT_ID_KEY, pid))
        return pid


def set_meta(project: Project, key: str, value: str) -> None:
    with project.atomic() as conn:
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))


def mark_rater_package(project: Project) -> None:
    """Give the file the rater-package application_id (db.py), which its seal and copies keep."""
    with project.atomic() as conn:
        conn.execute(f"PRAGMA application_id = {RATER_PACKAGE_APPLICATION_ID}")


def read_meta_of_file(path, key: str) -> str | None:
    """A meta value read straight from a file (read-only, immutable: a sealed file is never opened
    as a project just to ask what it is); None also when the file is no readable database."""
    from pathlib import Path

    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        finally:
            conn.close()
    except (sqlite3.DatabaseError, OSError):
        return None
    return row[0] if row else None


def get_meta(project: Project, key: str) -> str | None:
    row = project.reader().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


# ---- packages and merges ------------------------------------------------------------------------
@dataclass(frozen=True)
class PackageRow:
    id: str
    rater: str
    target: str
    codebook_version: int
    codebook_sha256: str
    units: list[list[str]]
    source_run: str | None
    seed: int | None
    file_name: str
    sender: str
    created: str = ""


def add_package(project: Project, p: PackageRow) -> None:
    with project.atomic() as conn:
        conn.execute("INSERT INTO rater_packages(id, rater, target, codebook_version, codebook_sha256, units,"
                     " source_run, seed, file_name, sender, created) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                     (p.id, p.rater, p.target, p.codebook_version, p.codebook_sha256, json.dumps(p.units),
                      p.source_run, p.seed, p.file_name, p.sender, p.created or now_iso()))


def get_package(project: Project, package_id: str) -> PackageRow | None:
    r = project.reader().execute(
        "SELECT id, rater, target, codebook_version, codebook_sha256, units, source_run, seed, file_name, sender,"
        " created FROM rater_packages WHERE id = ?", (package_id,)).fetchone()
    return PackageRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), *r[6:]) if r else None


def list_packages(project: Project) -> list[PackageRow]:
    ids = [r[0] for r in project.reader().execute("SELECT id FROM rater_packages ORDER BY created, id")]
    return [p for i in ids if (p := get_package(project, i)) is not None]


@dataclass(frozen=True)
class MergeRow:
    annotation_id: str
    package_id: str
    rater: str
    key_fingerprint: str
    return_sha256: str
    merged: str


def add_merges(conn: sqlite3.Connection, rows: Iterable[MergeRow]) -> None:
    conn.executemany("INSERT INTO rater_merges(annotation_id, package_id, rater, key_fingerprint, return_sha256,"
                     " merged) VALUES (?,?,?,?,?,?)",
                     [(m.annotation_id, m.package_id, m.rater, m.key_fingerprint, m.return_sha256, m.merged)
                      for m in rows])


def merges(project: Project, annotation_ids: Iterable[str] | None = None) -> dict[str, MergeRow]:
    sql = "SELECT annotation_id, package_id, rater, key_fingerprint, return_sha256, merged FROM rater_merges"
    conn = project.reader()
    rows = (conn.execute(sql) if annotation_ids is None
            else rows_in(conn, sql + " WHERE annotation_id IN ({marks})", list(annotation_ids)))
    return {r[0]: MergeRow(*r) for r in rows}


def annotator_names(project: Project) -> dict[str, int]:
    """{annotator: records} over annotations and sentence ratings."""
    out: dict[str, int] = {}
    for name, n in project.reader().execute(
            "SELECT annotator, count(*) FROM annotations GROUP BY annotator"
            " UNION ALL SELECT annotator, count(*) FROM sentence_ratings GROUP BY annotator"):
        out[name] = out.get(name, 0) + n
    return out


def unmerged_records_of(project: Project, annotator: str) -> int:
    """Records by this annotator that did not come from a merged return file."""
    return project.reader().execute(
        "SELECT count(*) FROM annotations a WHERE a.annotator = ?"
        " AND NOT EXISTS (SELECT 1 FROM rater_merges m WHERE m.annotation_id = a.id)", (annotator,)).fetchone()[0]


# ---- sentence ratings ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SentenceRating:
    id: str
    sentence_id: str
    label: str
    annotator: str
    created: str


def add_sentence_ratings(conn: sqlite3.Connection, rows: Iterable[SentenceRating]) -> None:
    conn.executemany("INSERT INTO sentence_ratings(id, sentence_id, label, annotator, created) VALUES (?,?,?,?,?)",
                     [(r.id, r.sentence_id, r.label, r.annotator, r.created) for r in rows])


def sentence_ratings(project: Project, annotator: str | None = None) -> list[SentenceRating]:
    sql = "SELECT id, sentence_id, label, annotator, created FROM sentence_ratings"
    args: tuple = ()
    if annotator is not None:
        sql, args = sql + " WHERE annotator = ?", (annotator,)
    return [SentenceRating(*r) for r in project.reader().execute(sql + " ORDER BY created, rowid", args)]


def sentence_labels(project: Project, ids: Iterable[str]) -> dict[str, str | None]:
    return {r[0]: r[1] for r in rows_in(project.reader(), "SELECT id, label FROM sentences WHERE id IN ({marks})",
                                        list(ids))}


# ---- the units a package can hold ---------------------------------------------------------------
def run_claims(project: Project, run_id: str, table: str) -> list[tuple[str, str]]:
    """(claim id, dataset name) of the claims a run covers (`retrieval_hits` or `verdicts`)."""
    assert table in ("retrieval_hits", "verdicts")
    return [(r[0], r[1]) for r in project.reader().execute(
        f"SELECT DISTINCT c.id, d.name FROM {table} t JOIN claims c ON c.id = t.claim_id"
        " JOIN datasets d ON d.id = c.dataset_id WHERE t.run_id = ? AND c.active = 1 ORDER BY c.id", (run_id,))]


def claim_verdicts(project: Project, run_id: str) -> dict[str, str | None]:
    return {r[0]: r[1] for r in project.reader().execute(
        "SELECT claim_id, verdict FROM verdicts WHERE run_id = ?", (run_id,))}


def top_passages(project: Project, run_id: str, claim_ids: list[str], k: int) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for cid, pid in rows_in(project.reader(), "SELECT claim_id, passage_id FROM retrieval_hits WHERE run_id = ?"
                            " AND rank <= ? AND claim_id IN ({marks}) ORDER BY claim_id, rank", claim_ids,
                            before=(run_id, k)):
        out.setdefault(cid, []).append(pid)
    return out


def hit_ranks(project: Project, run_id: str, claim_ids: list[str]) -> dict[tuple[str, str], int]:
    """{(claim, passage): rank} of a retrieval run's hits for these claims."""
    return {(c, p): r for c, p, r in rows_in(
        project.reader(), "SELECT claim_id, passage_id, rank FROM retrieval_hits WHERE run_id = ?"
        " AND claim_id IN ({marks})", claim_ids, before=(run_id,))}


def answer_sentences(project: Project) -> list[tuple[str, str, str]]:
    """(sentence id, item id, dataset name) of every answer sentence."""
    return [(r[0], r[1], r[2]) for r in project.reader().execute(
        "SELECT s.id, s.item_id, d.name FROM sentences s JOIN items i ON i.id = s.item_id"
        " JOIN datasets d ON d.id = i.dataset_id ORDER BY s.item_id, s.ord")]


def sentence_claim_ids(project: Project, sentence_ids: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for cid, sid in rows_in(project.reader(), "SELECT id, sentence_id FROM claims WHERE active = 1 AND"
                            " sentence_id IN ({marks}) ORDER BY rowid", sentence_ids):
        out.setdefault(sid, []).append(cid)
    return out


def sentence_contexts(project: Project, sentence_ids: list[str]) -> dict[str, tuple]:
    """{sentence id: (text, start, end, item id, question, answer)}: a sentence read in its answer."""
    return {r[0]: tuple(r[1:]) for r in rows_in(
        project.reader(), "SELECT s.id, s.text, s.start, s.end, s.item_id, i.question, i.answer FROM sentences s"
        " JOIN items i ON i.id = s.item_id WHERE s.id IN ({marks})", sentence_ids)}
