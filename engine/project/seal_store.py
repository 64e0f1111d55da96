"""All SQL for sealing: the snapshot copy, canonical table digests, the seal table.

The seal table exists only in sealed files (it is created in the copy, never by a migration), and it
is left out of every digest together with `sqlite_*` tables, because it holds the signature over them.
"""
from __future__ import annotations

import hashlib
import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

SEAL_TABLE = "seal"
SEAL_DDL = (
    f"CREATE TABLE IF NOT EXISTS {SEAL_TABLE} ("
    " id INTEGER PRIMARY KEY CHECK (id = 1),"
    " manifest TEXT NOT NULL,"        # canonical JSON, signed byte for byte
    " signature TEXT NOT NULL,"       # base64 Ed25519 signature over manifest
    " public_key TEXT NOT NULL,"      # base64 raw Ed25519 public key
    " signer TEXT NOT NULL,"          # ed25519:<fingerprint>
    " created TEXT NOT NULL)"
)


@dataclass(frozen=True)
class SealRow:
    manifest: str
    signature: str
    public_key: str
    signer: str
    created: str


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def open_immutable(path: Path) -> sqlite3.Connection:
    """Read a sealed file without ever writing to it: no journal, no WAL, no shm, no migration."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    return conn


def vacuum_into(conn: sqlite3.Connection, dst: Path) -> None:
    """A compact, consistent snapshot (WAL content included; freed pages and deleted rows dropped)."""
    conn.execute("VACUUM INTO ?", (str(dst),))


def checkpoint(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def prepare_copy(path: Path) -> sqlite3.Connection:
    """Open the fresh snapshot for writing the seal: rollback journal, so the sealed file is one file."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute(SEAL_DDL)
    conn.execute(f"DELETE FROM {SEAL_TABLE}")
    return conn


def write_seal(conn: sqlite3.Connection, row: SealRow) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"DELETE FROM {SEAL_TABLE}")
        conn.execute(
            f"INSERT INTO {SEAL_TABLE}(id, manifest, signature, public_key, signer, created) VALUES (1, ?, ?, ?, ?, ?)",
            (row.manifest, row.signature, row.public_key, row.signer, row.created),
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def has_seal_table(conn: sqlite3.Connection) -> bool:
    return conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (SEAL_TABLE,)
    ).fetchone() is not None


def read_seal(conn: sqlite3.Connection) -> SealRow | None:
    if not has_seal_table(conn):
        return None
    row = conn.execute(
        f"SELECT manifest, signature, public_key, signer, created FROM {SEAL_TABLE} WHERE id = 1"
    ).fetchone()
    if row is None:
        return None
    return SealRow(*(str(v) for v in row))


def unseal(conn: sqlite3.Connection, provenance: str) -> None:
    """Turn a copy of a sealed file into an ordinary project, remembering where it came from."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"DROP TABLE IF EXISTS {SEAL_TABLE}")
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('working_copy_of', ?)", (provenance,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


# ---- canonical digests ------------------------------------------------------------------------
class _Text(bytes):
    """TEXT values arrive as raw bytes tagged as text, so invalid UTF-8 still hashes and a TEXT value
    is never confused with a BLOB holding the same bytes."""


def _encode(value) -> bytes:
    if value is None:
        return b"N"
    if isinstance(value, _Text):
        return b"T" + struct.pack(">Q", len(value)) + bytes(value)
    if isinstance(value, bytes):
        return b"B" + struct.pack(">Q", len(value)) + value
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int):
        raw = str(value).encode()
        return b"I" + struct.pack(">Q", len(raw)) + raw
    if isinstance(value, float):
        return b"F" + struct.pack(">d", value)
    raise TypeError(f"unexpected SQLite value {type(value).__name__}")


def content_tables(conn: sqlite3.Connection) -> list[str]:
    """Ordinary tables that hold content. Virtual tables are skipped: their rows live in shadow
    tables, which are hashed like any other."""
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "AND name != ? ORDER BY name", (SEAL_TABLE,)
    ).fetchall()
    return [name for name, sql in rows if not (sql or "").upper().startswith("CREATE VIRTUAL TABLE")]


def _order_clause(conn: sqlite3.Connection, table: str) -> tuple[list[str], str]:
    info = conn.execute(f"PRAGMA table_info({_q(table)})").fetchall()
    columns = [r[1] for r in info]
    pk = [r[1] for r in sorted((r for r in info if r[5] > 0), key=lambda r: r[5])]
    # Without a primary key, rowids are not content (VACUUM may renumber them): sort by every column.
    keys = pk or columns
    return columns, ", ".join(_q(c) for c in keys)


def table_digest(conn: sqlite3.Connection, table: str) -> tuple[int, str]:
    """(row count, sha256) of a table's content in primary-key order."""
    columns, order = _order_clause(conn, table)
    h = hashlib.sha256()
    h.update(_encode(_Text(table.encode())))
    for c in columns:
        h.update(_encode(_Text(c.encode())))
    old_factory = conn.text_factory
    conn.text_factory = _Text
    try:
        n = 0
        cur = conn.execute(f"SELECT {', '.join(_q(c) for c in columns)} FROM {_q(table)} ORDER BY {order}")
        while True:
            rows = cur.fetchmany(2000)
            if not rows:
                break
            for row in rows:
                h.update(b"R")
                for v in row:
                    h.update(_encode(v))
            n += len(rows)
    finally:
        conn.text_factory = old_factory
    return n, h.hexdigest()


def schema_digest(conn: sqlite3.Connection) -> str:
    """sha256 over the schema (tables, indexes, triggers, views), seal table and sqlite_* left out."""
    rows = conn.execute(
        "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master "
        "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name != ? ORDER BY type, name", (SEAL_TABLE,)
    ).fetchall()
    h = hashlib.sha256()
    for row in rows:
        for v in row:
            h.update(_encode(_Text(str(v).encode())))
    return h.hexdigest()


def schema_version(conn: sqlite3.Connection) -> int | None:
    try:
        row = conn.execute("SELECT max(version) FROM _migrations").fetchone()
    except sqlite3.DatabaseError:
        return None
    return int(row[0]) if row and row[0] is not None else None


def meta_value(conn: sqlite3.Connection, key: str) -> str | None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    except sqlite3.DatabaseError:
        return None
    return row[0] if row else None


def quick_check(conn: sqlite3.Connection) -> str:
    return str(conn.execute("PRAGMA quick_check").fetchone()[0])
