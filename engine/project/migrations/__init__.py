"""Ordered schema migrations: `NNNN_name.sql` files applied in number order, each recorded in
`_migrations`. The schema version of a file is the highest number applied."""
from __future__ import annotations

import datetime as _dt
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

from factaudit.engine.project import schema


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def _load() -> list[Migration]:
    found = []
    for entry in resources.files(__name__).iterdir():
        m = re.fullmatch(r"(\d{4})_([a-z0-9_]+)\.sql", entry.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    assert len(versions) == len(set(versions)), f"duplicate migration numbers: {versions}"
    return found


MIGRATIONS: list[Migration] = _load()
SCHEMA_VERSION: int = MIGRATIONS[-1].version if MIGRATIONS else 0


def current_version(conn: sqlite3.Connection) -> int:
    if not schema.table_exists(conn, "_migrations"):
        # An empty SQLite file is version 0; anything else without our table is not a project.
        other = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if other:
            raise sqlite3.DatabaseError("no _migrations table")
        return 0
    row = conn.execute("SELECT max(version) FROM _migrations").fetchone()
    return int(row[0] or 0)


def apply_migrations(conn: sqlite3.Connection, from_version: int, upto: int | None = None) -> int:
    """Apply every migration above from_version (up to `upto`), each in its own transaction."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)"
    )
    version = from_version
    for mig in MIGRATIONS:
        if mig.version <= from_version or (upto is not None and mig.version > upto):
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split_sql(mig.sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO _migrations(version, name, applied) VALUES (?, ?, ?)",
                (mig.version, mig.name, _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")),
            )
            conn.execute("COMMIT")
        except Exception:
            conn.execute("ROLLBACK")
            raise
        version = mig.version
    conn.execute(f"PRAGMA user_version = {version}")
    return version


def _split_sql(script: str) -> list[str]:
    """Split a script into complete statements (triggers contain inner semicolons)."""
    out, buf = [], ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not buf.strip():
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
