"""Which areas a transaction changed, taken from the statements that wrote rows.

The writer connection is a `LoggedConnection`: after each `execute`/`executemany` that changed rows
(SQLite's `total_changes` moved, which counts rows written by cascades too), it adds the area of the
statement's target table to the open transaction's set. Savepoints nest those sets: a rolled-back
savepoint takes its areas with it, a released one hands them to its parent, and what `commit()` returns
after COMMIT is what was committed. So a service cannot report less than it wrote (a dataset rename
that also writes a workflow note reports both) nor a write that changed no row.

Per statement, not per row: a bulk import pays one dictionary lookup per `executemany`. The one table
whose area depends on the row (annotations: a triage decision or a label) logs through a TEMP trigger
(per connection, never stored in the file, so the file, its seal hashes and its schema stay as they were).
"""
from __future__ import annotations

import functools
import re
import sqlite3

from factaudit.engine.changes import PROJECT_AREAS

# table -> its area; None: the area depends on the row (logged by the TEMP trigger of ROW_AREAS)
TABLE_AREAS: dict[str, str | None] = {
    "meta": "settings",
    "datasets": "datasets", "documents": "datasets", "passages": "datasets", "items": "datasets",
    "sentences": "datasets", "claims": "datasets", "claim_gold": "datasets",
    "passage_scan": "datasets",        # the injection scan of a dataset's passages
    "runs": "runs", "retrieval_hits": "runs", "retrieval_queries": "runs", "judge_units": "runs",
    "sweeps": "runs", "test_looks": "runs",
    "verdicts": "verdicts", "verdict_evidence": "verdicts", "item_predictions": "verdicts",
    "conflict_items": "verdicts",
    "codebooks": "codebook", "induction_rounds": "codebook", "induction_proposals": "codebook",
    "prompt_versions": "codebook",     # the project's prompt templates, versioned like the codebook
    "annotations": None,
    "sentence_ratings": "annotations", "review_samples": "annotations", "review_marks": "annotations",
    "reports": "reports",
    "workflow_marks": "workflow",
    "rater_packages": "raters", "rater_merges": "raters",
    "gold_option_ratings": "annotations",    # a second rater's gold option sets (issue #34 item 7)
    "seal": "seal", "seal_file": "seal",
}
# a triage decision is an annotation row with target_kind 'triage'; pages tell the two apart
ROW_AREAS = {"annotations": "CASE R.target_kind WHEN 'triage' THEN 'triage' ELSE 'annotations' END"}
# bookkeeping of the file itself, no area of the project
UNLOGGED = {"_migrations"}
LOG = "fa_change_log"       # TEMP: unqualified inside the triggers (SQLite refuses temp.x there)

_TARGET = re.compile(r"""^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)
                         \s+(?:["`]?(\w+)["`]?\.)?["`]?(\w+)""", re.I | re.X)


@functools.lru_cache(maxsize=512)
def _target(sql: str) -> tuple[str, str] | None:
    m = _TARGET.match(sql)
    return None if m is None else ((m.group(1) or "main").lower(), m.group(2))


def statement_areas(sql: str) -> tuple[str, ...]:
    """The areas a statement that changed rows wrote. One SQLite cannot name from its text (a CTE
    in front) or a table missing from TABLE_AREAS counts as every project area: a page refreshes once
    too often rather than never (tests/engine/test_changes.py fails on such a table)."""
    target = _target(sql)
    if target is None:
        return PROJECT_AREAS
    schema, table = target
    if schema == "temp" or table in UNLOGGED or table in ROW_AREAS:
        return ()
    area = TABLE_AREAS.get(table)
    return (area,) if area else PROJECT_AREAS


class LoggedConnection(sqlite3.Connection):
    """The writer connection: it keeps the areas of the rows its statements changed, per savepoint."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.change_stack: list[set[str]] = []
        self.loose: set[str] = set()          # written outside a transaction (autocommit)
        self.row_logged = False               # a table of ROW_AREAS written: its trigger logged rows

    def _wrote(self, sql: str) -> None:
        target = _target(sql)
        if target is not None and target[1] in ROW_AREAS:
            self.row_logged = True
        areas = statement_areas(sql)
        if areas:
            (self.change_stack[-1] if self.change_stack else self.loose).update(areas)

    def execute(self, sql, *args):
        before = self.total_changes
        cur = super().execute(sql, *args)
        if self.total_changes != before:
            self._wrote(sql)
        return cur

    def executemany(self, sql, *args):
        before = self.total_changes
        cur = super().executemany(sql, *args)
        if self.total_changes != before:
            self._wrote(sql)
        return cur


def install(conn: sqlite3.Connection) -> None:
    """The TEMP log and the triggers of the tables whose area depends on the row (idempotent). Called
    once the file is migrated: what migrating or creating it wrote is no change a page shows."""
    if isinstance(conn, LoggedConnection):
        conn.loose = set()
    conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {LOG} (area TEXT PRIMARY KEY) WITHOUT ROWID")
    for table, expr in ROW_AREAS.items():
        for op, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
            area = expr.replace("R.", row + ".")
            conn.execute(f'CREATE TEMP TRIGGER IF NOT EXISTS "fa_log_{table}_{op.lower()}" AFTER {op} '
                         f'ON main."{table}" BEGIN INSERT OR IGNORE INTO {LOG}(area) VALUES ({area}); END')


def begin(conn: sqlite3.Connection) -> None:
    """A transaction or savepoint opened."""
    if isinstance(conn, LoggedConnection):
        conn.change_stack.append(set())


def rolled_back(conn: sqlite3.Connection) -> None:
    if isinstance(conn, LoggedConnection) and conn.change_stack:
        conn.change_stack.pop()


def released(conn: sqlite3.Connection) -> None:
    """A savepoint released: its areas belong to the enclosing transaction."""
    if isinstance(conn, LoggedConnection) and len(conn.change_stack) > 1:
        done = conn.change_stack.pop()
        conn.change_stack[-1].update(done)


def committed(conn: sqlite3.Connection) -> tuple[str, ...]:
    """After COMMIT: the areas it wrote (and any written in autocommit since), the log emptied."""
    if not isinstance(conn, LoggedConnection):
        return ()
    areas = set(conn.change_stack.pop()) if conn.change_stack else set()
    areas |= conn.loose
    conn.loose = set()
    if conn.row_logged:
        conn.row_logged = False
        rows = [r[0] for r in sqlite3.Connection.execute(conn, f"SELECT area FROM temp.{LOG}")]
        if rows:
            sqlite3.Connection.execute(conn, f"DELETE FROM temp.{LOG}")
            areas.update(rows)
    return tuple(a for a in PROJECT_AREAS if a in areas)


__all__ = ["LoggedConnection", "ROW_AREAS", "TABLE_AREAS", "UNLOGGED", "begin", "committed", "install",
           "released", "rolled_back", "statement_areas"]
