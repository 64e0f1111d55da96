"""Table introspection through sqlite-utils agrees with SQLite's own PRAGMA table_info and
sqlite_master, leaves the connection's pragmas and transaction alone, and runs no plugins."""
import sqlite3

from factaudit.engine.project import schema


def _conn():
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.executescript("""
        CREATE TABLE pairs (b TEXT, a TEXT, note TEXT, PRIMARY KEY (a, b));
        CREATE TABLE plain (x, y);
        CREATE VIRTUAL TABLE search USING fts5(body);
    """)
    return conn


def test_columns_and_key_follow_pragma_table_info_in_key_order():
    conn = _conn()
    info = conn.execute("PRAGMA table_info(pairs)").fetchall()
    assert schema.columns_and_key(conn, "pairs") == (
        [r[1] for r in info], [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])])
    assert schema.columns_and_key(conn, "pairs")[1] == ["a", "b"]     # key order, not column order
    assert schema.columns_and_key(conn, "plain") == (["x", "y"], [])


def test_tables_existence_and_virtual_tables():
    conn = _conn()
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert set(schema.table_names(conn)) == names
    assert schema.table_exists(conn, "plain") and not schema.table_exists(conn, "nope")
    assert schema.is_virtual(conn, "search") and not schema.is_virtual(conn, "search_data")
    assert not schema.is_virtual(conn, "plain")


def test_reading_the_schema_changes_nothing_on_the_connection():
    conn = _conn()
    before = conn.execute("PRAGMA recursive_triggers").fetchone()[0]
    conn.execute("BEGIN")
    conn.execute("INSERT INTO plain VALUES (1, 2)")
    schema.columns_and_key(conn, "plain")
    schema.table_exists(conn, "plain")
    assert conn.in_transaction                                   # no commit behind our back
    assert conn.execute("PRAGMA recursive_triggers").fetchone()[0] == before
    conn.execute("ROLLBACK")
    assert conn.execute("SELECT count(*) FROM plain").fetchone()[0] == 0
