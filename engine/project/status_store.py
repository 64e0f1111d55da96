"""SQL behind the Workflow page and `factaudit status`: counts per step, marks, the last change.

Every query here is an aggregate or reads a small table, so the status of a 100,000-claim project
costs a few index scans, never a Python loop over claims.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Collection

from factaudit.engine.project import audit_store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project import schema
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso

# "enough": a step the user called enough for now (subject: the step, detail: where it stood then)
MARK_STEPS = ("score", "evaluate_retrieval", "seal", "prelabel_off", "edit", "enough")


@dataclass(frozen=True)
class Mark:
    step: str
    subject: str
    detail: str | None
    created: str


@dataclass(frozen=True)
class RunRow:
    id: str
    kind: str
    status: str             # as stored: running | cancelled | failed | done
    created: str
    finished: str | None
    has_hits: bool
    has_verdicts: bool


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    return schema.table_exists(conn, name)


def add_mark(project: Project, step: str, subject: str = "", detail: str | None = None) -> None:
    if step not in MARK_STEPS:
        raise ValueError(f"unknown workflow mark {step!r}")
    with project.atomic() as conn:
        conn.execute("INSERT OR REPLACE INTO workflow_marks(step, subject, detail, created) VALUES (?, ?, ?, ?)",
                     (step, subject, detail, now_iso()))


def remove_mark(project: Project, step: str, subject: str = "") -> None:
    with project.atomic() as conn:
        conn.execute("DELETE FROM workflow_marks WHERE step = ? AND subject = ?", (step, subject))


def marks(project: Project) -> list[Mark]:
    conn = project.reader()
    if not _has_table(conn, "workflow_marks"):      # a sealed file of an older schema
        return []
    return [Mark(*r) for r in conn.execute("SELECT step, subject, detail, created FROM workflow_marks ORDER BY created")]


def counts(project: Project) -> dict[str, int]:
    conn = project.reader()
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    return {
        "datasets": one("SELECT count(*) FROM datasets"),
        "passages": one("SELECT count(*) FROM passages"),
        "items_with_answers": one("SELECT count(*) FROM items WHERE answer IS NOT NULL AND answer != ''"),
        "sentences": one("SELECT count(*) FROM sentences"),
        "sentences_with_claims": one(
            "SELECT count(*) FROM sentences s WHERE EXISTS "
            "(SELECT 1 FROM claims c WHERE c.sentence_id = s.id AND c.active = 1)"),
        "claims": one("SELECT count(*) FROM claims WHERE active = 1"),
        "claims_with_gold_passages": one("SELECT count(DISTINCT claim_id) FROM claim_gold"),
    }


def run_rows(project: Project) -> list[RunRow]:
    # EXISTS seeks one index entry per run; DISTINCT run_id would read every hit (a million at 100,000 claims)
    return [RunRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6])) for r in project.reader().execute(
        "SELECT r.id, r.kind, r.status, r.created, r.finished,"
        " EXISTS (SELECT 1 FROM retrieval_hits h WHERE h.run_id = r.id),"
        " EXISTS (SELECT 1 FROM verdicts v WHERE v.run_id = r.id) FROM runs r ORDER BY r.seq")]


def disagreement_units(project: Project, run_id: str, flagged: Collection[str], level: str) -> tuple[int, list[str]]:
    """(scored units, ids of the units whose prediction disagrees with the expert) of a verify run,
    where a verdict in `flagged` predicts an error: engine.audit.triage's rules (`_sentence_rows`,
    `_claim_rows`) as two aggregates, so the Workflow page counts 100,000 claims without building a
    record per claim. A sentence is scored when each of its active claims has a parsed verdict; it is
    predicted erroneous when one of them is flagged. A claim is scored when it is active, has a parsed
    verdict and a label (its sentence's, else its gold label)."""
    flags = sorted(flagged)
    marks = ",".join("?" * len(flags)) or "NULL"
    if level == "sentence":
        sql = ("SELECT id, coalesce(flag, 0) != (label = 'error') FROM ("
               " SELECT s.id AS id, s.label AS label, count(*) AS n, max(v.verdict IN (" + marks + ")) AS flag,"
               " sum(v.verdict IS NOT NULL AND v.parse_status != 'failed') AS ok"
               " FROM sentences s JOIN claims c ON c.sentence_id = s.id AND c.active = 1"
               " LEFT JOIN verdicts v ON v.run_id = ? AND v.claim_id = c.id"
               " WHERE s.label IS NOT NULL GROUP BY s.id) WHERE n = ok")
    elif level == "claim":
        sql = ("SELECT v.claim_id, CASE WHEN s.label IS NOT NULL THEN (v.verdict IN (" + marks + ")) != (s.label = 'error')"
               " ELSE v.verdict != c.gold_label END"
               " FROM verdicts v JOIN claims c ON c.id = v.claim_id LEFT JOIN sentences s ON s.id = c.sentence_id"
               " WHERE v.run_id = ? AND c.active = 1 AND v.verdict IS NOT NULL AND v.parse_status != 'failed'"
               " AND (s.label IS NOT NULL OR c.gold_label IS NOT NULL)")
    else:
        raise ValueError(f"unknown level {level!r}")
    n_units, ids = 0, []
    for unit, differs in project.reader().execute(sql, (*flags, run_id)):
        n_units += 1
        if differs:
            ids.append(unit)
    return n_units, ids


def claims_covered(project: Project, run_ids: list[str]) -> int:
    """Active claims that at least one of the retrieval runs answered (a query row or a first hit)."""
    marks = ",".join("?" * len(run_ids))
    return project.reader().execute(
        "SELECT count(*) FROM claims c WHERE c.active = 1 AND ("
        f" EXISTS (SELECT 1 FROM retrieval_queries q WHERE q.run_id IN ({marks}) AND q.claim_id = c.id)"
        f" OR EXISTS (SELECT 1 FROM retrieval_hits h WHERE h.run_id IN ({marks}) AND h.claim_id = c.id"
        " AND h.rank = 1))", (*run_ids, *run_ids)).fetchone()[0]


def hit_count(project: Project, run_id: str, k: int | None = None) -> int:
    sql = "SELECT count(*) FROM retrieval_hits WHERE run_id = ?"
    args: tuple = (run_id,)
    if k is not None:
        sql += " AND rank <= ?"
        args = (run_id, k)
    return project.reader().execute(sql, args).fetchone()[0]


def verdict_counts(project: Project, run_id: str) -> tuple[int, int]:
    """(verdicts, verdicts whose output parsed) of a run."""
    r = project.reader().execute(
        "SELECT count(*), coalesce(sum(parse_status != 'failed'), 0) FROM verdicts WHERE run_id = ?",
        (run_id,)).fetchone()
    return int(r[0]), int(r[1])


def judge_targets(project: Project) -> dict[str, str]:
    """Judge run id -> its target (evidence | reasoning), read from the run config."""
    out = {}
    for run_id, target in project.reader().execute(
            "SELECT id, json_extract(config, '$.target') FROM runs WHERE kind = 'judge' ORDER BY seq"):
        out[run_id] = target or ""
    return out


def human_annotations(project: Project, target: str) -> list[Annotation]:
    """People's annotations of one target kind (pre-labels by an LLM left out), oldest first."""
    return audit_store.list_annotations(project, target=target, people_only=True)


def hits_present(project: Project, run_id: str, pairs: list[tuple[str, str]], k: int | None = None) -> int:
    """How many of the (claim, passage) pairs are among the run's hits (within the top k)."""
    if not pairs:
        return 0
    conn = project.reader()
    found = 0
    limit = "" if k is None else f" AND rank <= {int(k)}"
    for start in range(0, len(pairs), 400):
        chunk = pairs[start:start + 400]
        where = " OR ".join("(claim_id = ? AND passage_id = ?)" for _ in chunk)
        args = [run_id] + [x for pair in chunk for x in pair]
        found += conn.execute(f"SELECT count(*) FROM retrieval_hits WHERE run_id = ?{limit} AND ({where})",
                              args).fetchone()[0]
    return found


def verdict_claims_present(project: Project, run_id: str, claim_ids: list[str]) -> int:
    """How many of the claims have a parsed verdict in the run."""
    sql = "SELECT 1 FROM verdicts WHERE run_id = ? AND parse_status != 'failed' AND claim_id IN ({marks})"
    return sum(1 for _ in rows_in(project.reader(), sql, claim_ids, before=[run_id]))


def has_second_rating(project: Project) -> tuple[bool, bool]:
    """(a retest pass exists, two people rated the same evidence/reasoning unit on the same dimension)."""
    conn = project.reader()
    retest = conn.execute(
        "SELECT 1 FROM annotations WHERE pass = 'retest' AND annotator NOT LIKE 'llm:%'"
        " AND target_kind IN ('evidence', 'reasoning') AND code != '_undo' LIMIT 1").fetchone() is not None
    two = conn.execute(
        "SELECT 1 FROM annotations WHERE pass = 'first' AND annotator NOT LIKE 'llm:%'"
        " AND target_kind IN ('evidence', 'reasoning') AND code != '_undo'"
        " GROUP BY target_kind, claim_id, coalesce(passage_id, ''), coalesce(run_id, ''), dimension"
        " HAVING count(DISTINCT annotator) >= 2 LIMIT 1").fetchone() is not None
    return retest, two


def last_change(project: Project) -> str | None:
    """The time of the newest change to the project's content (imports, runs, labels, codebook, edits).
    Reports, seals and the marks of steps seen through are not changes."""
    conn = project.reader()
    parts = [
        "SELECT max(created) FROM datasets",
        "SELECT max(max(created), coalesce(max(finished), '')) FROM runs",
        "SELECT max(created) FROM annotations",
        "SELECT max(created) FROM codebooks WHERE version > 1",
    ]
    if _has_table(conn, "workflow_marks"):
        parts.append("SELECT max(created) FROM workflow_marks WHERE step = 'edit'")
    values = [conn.execute(sql).fetchone()[0] for sql in parts]
    values = [v for v in values if v]
    return max(values) if values else None


def last_report(project: Project) -> str | None:
    return project.reader().execute("SELECT max(created) FROM reports").fetchone()[0]


def data_version(project: Project) -> int:
    """SQLite's PRAGMA data_version on the project's own main connection: it changes only when another
    connection (another process, e.g. the command line) committed to the file."""
    return int(project.conn.execute("PRAGMA data_version").fetchone()[0])


def measured_latency(project: Project, kind: str, model: str, host: str) -> tuple[int, float | None]:
    """(units measured, mean seconds per unit) of earlier verify or judge runs with this model on this
    host: the basis of the time estimate shown before a long run starts."""
    table = {"verify": "verdicts", "judge": "judge_units"}[kind]
    row = project.reader().execute(
        f"SELECT count(*), avg(u.latency_ms) FROM {table} u JOIN runs r ON r.id = u.run_id"
        " WHERE r.kind = ? AND r.host = ? AND u.latency_ms IS NOT NULL AND u.latency_ms > 0"
        " AND coalesce(json_extract(r.config, '$.model.name'), json_extract(r.config, '$.model.model_name')) = ?",
        (kind, host, model)).fetchone()
    return int(row[0]), (row[1] / 1000.0 if row[1] is not None else None)


def path_counts(project: Project) -> dict[str, int]:
    """Counts that say whether the project holds data for the paths beside the expert's (answers,
    conflicts, judge runs, induction, run comparison, a second rater); each an aggregate or a small table."""
    conn = project.reader()

    def one(table: str, sql: str) -> int:
        return conn.execute(sql).fetchone()[0] if _has_table(conn, table) else 0

    return {
        "answer_runs": one("item_predictions", "SELECT count(DISTINCT run_id) FROM item_predictions"
                                               " WHERE answers IS NOT NULL OR chosen IS NOT NULL"),
        "review_samples": one("review_samples", "SELECT count(*) FROM review_samples"),
        "conflict_items": one("conflict_items", "SELECT count(*) FROM conflict_items"),
        "judge_runs": one("runs", "SELECT count(*) FROM runs WHERE kind = 'judge' AND status = 'done'"),
        "induction_rounds": one("induction_rounds", "SELECT count(*) FROM induction_rounds"),
        "triaged": one("annotations", "SELECT count(*) FROM annotations WHERE target_kind = 'triage'"),
        "verify_runs": one("runs", "SELECT count(*) FROM runs r WHERE r.status = 'done'"
                                   " AND EXISTS (SELECT 1 FROM verdicts v WHERE v.run_id = r.id)"),
        "packages": one("rater_packages", "SELECT count(*) FROM rater_packages"),
        "returns": one("rater_merges", "SELECT count(DISTINCT package_id) FROM rater_merges"),
    }
