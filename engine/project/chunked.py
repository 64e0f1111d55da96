"""One way to read rows for a long list of ids: `IN (...)` in chunks.

SQLite caps the number of `?` parameters in one statement (999 before 3.32, and builds may lower
it), so every "rows whose id is in this list" read goes through `rows_in`, which splits the list
into chunks well under that cap.
"""
from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Iterator, Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project.db import Project

IN_CHUNK = 500

# The tables whose `id` column callers may test for existence (the table name is put into SQL,
# so it must come from this list, never from input).
ID_TABLES = ("claims", "documents", "items", "passages", "runs", "sentences")


def rows_in(conn: sqlite3.Connection, sql: str, ids: Iterable[Any], *, before: Sequence[Any] = (),
            after: Sequence[Any] = (), size: int = IN_CHUNK) -> Iterator[tuple]:
    """Rows of `sql` for every id, where `sql` holds one `{marks}` for the IN list; `before` and
    `after` are the statement's other parameters, on either side of the list.

    Duplicate ids are read once; the order of rows across chunks follows the order of the ids.
    """
    unique = list(dict.fromkeys(ids))
    for start in range(0, len(unique), size):
        chunk = unique[start:start + size]
        yield from conn.execute(sql.format(marks=",".join("?" * len(chunk))), [*before, *chunk, *after])


def existing_ids(project: Project, table: str, ids: Iterable[str]) -> set[str]:
    """Which of `ids` already exist in `table` (one of ID_TABLES)."""
    if table not in ID_TABLES:
        raise InvalidArgument(f"existing_ids: unknown table {table!r}")
    return {r[0] for r in rows_in(project.reader(), f"SELECT id FROM {table} WHERE id IN ({{marks}})", ids)}
