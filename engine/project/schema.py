"""Table introspection through sqlite-utils (which tables exist, their columns and primary keys),
instead of hand-written sqlite_master and PRAGMA table_info queries in each store.

The wrapper only reads the schema. It is built with execute_plugins=False, so no installed
sqlite-utils plugin can register functions on a project connection, and recursive_triggers=False,
so it does not change that pragma on the connection it is given.

sqlite-utils is imported on first use, not with this module: it costs more than the whole of
`factaudit info` (about 85 ms with its optional numpy import, issue #22 item 1). Opening a project
only asks whether a table exists, which `table_exists` answers with the query sqlite-utils' own
`Table.exists()` makes (a table of that name in sqlite_master).
"""
from __future__ import annotations

import functools
import sqlite3
import sys


@functools.cache
def _database_class():
    """sqlite-utils imports pandas when it is installed (1.2 s of every cold command, for DataFrame
    inserts we never make). Hide pandas while sqlite-utils loads, so it takes its no-pandas path;
    pandas stays importable for everything else afterwards."""
    if "pandas" in sys.modules:
        from sqlite_utils import Database
        return Database
    sys.modules["pandas"] = None  # type: ignore[assignment]  # makes `import pandas` raise ImportError
    try:
        from sqlite_utils import Database
    finally:
        del sys.modules["pandas"]
    return Database


def _db(conn: sqlite3.Connection):
    return _database_class()(conn, recursive_triggers=False, execute_plugins=False)


def table_exists(conn: sqlite3.Connection, name: str) -> bool:
    """sqlite-utils' `Table.exists()` (`name in table_names()`, the tables in sqlite_master), without
    importing it on the path every command takes."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None


def table_names(conn: sqlite3.Connection) -> list[str]:
    return _db(conn).table_names()


def is_virtual(conn: sqlite3.Connection, table: str) -> bool:
    """Virtual tables (FTS and the like) keep their rows in shadow tables."""
    return _db(conn)[table].virtual_table_using is not None


def columns_and_key(conn: sqlite3.Connection, table: str) -> tuple[list[str], list[str]]:
    """(column names in table order, primary-key columns in key order; [] without a declared key)."""
    columns = _db(conn)[table].columns
    key = [c.name for c in sorted((c for c in columns if c.is_pk), key=lambda c: c.is_pk)]
    return [c.name for c in columns], key
