"""Which areas a transaction changed, logged by SQLite itself as the rows are written.

The writer connection gets TEMP triggers (per connection, never stored in the project file, so the file,
its seal hashes and its schema version stay as they were) on every table: each INSERT, UPDATE or DELETE
adds its area to `temp.fa_change_log`. The log lives in the same transaction as the rows, so a rolled-back
savepoint takes its areas with it, and what `drain()` reads after COMMIT is exactly what was committed:
a service cannot report less than it wrote (a dataset rename that also writes a workflow note reports
both) nor more (an update that matched no row, or left every column as it was, reports nothing).
"""
from __future__ import annotations

import sqlite3

from factaudit.engine.changes import PROJECT_AREAS

# table -> the SQL expression of its area (NEW./OLD. columns allowed: `R.` is replaced by the row)
TABLE_AREAS: dict[str, str] = {
    "meta": "'settings'",
    "datasets": "'datasets'", "documents": "'datasets'", "passages": "'datasets'", "items": "'datasets'",
    "sentences": "'datasets'", "claims": "'datasets'", "claim_gold": "'datasets'",
    "passage_scan": "'datasets'",        # the injection scan of a dataset's passages
    "runs": "'runs'", "retrieval_hits": "'runs'", "retrieval_queries": "'runs'", "judge_units": "'runs'",
    "sweeps": "'runs'", "test_looks": "'runs'",
    "verdicts": "'verdicts'", "verdict_evidence": "'verdicts'", "item_predictions": "'verdicts'",
    "conflict_items": "'verdicts'",
    "codebooks": "'codebook'", "induction_rounds": "'codebook'", "induction_proposals": "'codebook'",
    # a triage decision is an annotation row with target 'triage'; pages tell the two apart
    "annotations": "CASE R.target_kind WHEN 'triage' THEN 'triage' ELSE 'annotations' END",
    "sentence_ratings": "'annotations'", "review_samples": "'annotations'", "review_marks": "'annotations'",
    "reports": "'reports'",
    "workflow_marks": "'workflow'",
    "rater_packages": "'raters'", "rater_merges": "'raters'",
    "seal": "'seal'", "seal_file": "'seal'",
}
# bookkeeping of the file itself, no area of the project
UNLOGGED = {"_migrations"}
LOG = "fa_change_log"       # TEMP: unqualified inside the triggers (SQLite refuses temp.x there)


def _tables(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute(
        "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]


def install(conn: sqlite3.Connection) -> int:
    """Log writes to every table of the project (idempotent; call again after a table was created).
    A table missing from TABLE_AREAS logs every project area: a page refreshes once too often rather
    than never (tests/engine/test_changes.py fails on such a table). Returns main's schema version."""
    conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {LOG} (area TEXT PRIMARY KEY) WITHOUT ROWID")
    for table in _tables(conn):
        if table in UNLOGGED:
            continue
        expr = TABLE_AREAS.get(table)
        # an UPDATE that leaves every column as it was changed nothing, and says so
        columns = [r[1] for r in conn.execute(f'PRAGMA main.table_info("{table}")')]
        moved = " OR ".join(f'OLD."{c}" IS NOT NEW."{c}"' for c in columns)
        for op, row, when in (("INSERT", "NEW", ""), ("UPDATE", "NEW", f" WHEN {moved}"), ("DELETE", "OLD", "")):
            if expr is None:
                body = "".join(f"INSERT OR IGNORE INTO {LOG}(area) VALUES ('{a}');" for a in PROJECT_AREAS)
            else:
                body = f"INSERT OR IGNORE INTO {LOG}(area) VALUES ({expr.replace('R.', row + '.')});"
            conn.execute(f'CREATE TEMP TRIGGER IF NOT EXISTS "fa_log_{table}_{op.lower()}" AFTER {op} '
                         f'ON main."{table}"{when} BEGIN {body} END')
    return schema_version(conn)


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA main.schema_version").fetchone()[0])


def drain(conn: sqlite3.Connection) -> tuple[str, ...]:
    """The areas logged since the last drain, and an empty log. Call outside a transaction (after
    COMMIT): inside one, a later rollback could take back what was already reported."""
    areas = tuple(r[0] for r in conn.execute(f"SELECT area FROM temp.{LOG}"))
    if areas:
        conn.execute(f"DELETE FROM temp.{LOG}")
    return areas


__all__ = ["TABLE_AREAS", "UNLOGGED", "drain", "install", "schema_version"]
