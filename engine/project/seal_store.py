"""All SQL for sealing: the snapshot copy, canonical table digests, the seal table.

The seal tables exist only in sealed files (created in the copy, never by a migration), and they are
left out of every digest together with `sqlite_*` tables, because they hold the signatures over them:
`seal` holds the manifest and its signature; `seal_file` (format 2) holds the signature over the whole
file's bytes. Its one row is tiny, so the signature text is stored contiguously in one page.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

from factaudit.engine.errors import SealError
from factaudit.engine.project import schema

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


SEAL_FILE_TABLE = "seal_file"
SEAL_FILE_DDL = (
    f"CREATE TABLE IF NOT EXISTS {SEAL_FILE_TABLE} ("
    " id INTEGER PRIMARY KEY CHECK (id = 1),"
    " signature TEXT NOT NULL)"       # base64 Ed25519 signature over the file (see engine/seal.py)
)
SEAL_TABLES = (SEAL_TABLE, SEAL_FILE_TABLE)


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


def backup_into(conn: sqlite3.Connection, dst: Path) -> None:
    """A page-for-page copy of a consistent snapshot (WAL content included, one backup step under one
    read transaction). Nothing is re-encoded, so it costs about a file copy where VACUUM INTO rebuilds
    every table and index; the deleted content a page may still hold is zeroed by seal.scrub_unused."""
    out = sqlite3.connect(str(dst))
    try:
        out.execute("PRAGMA synchronous = OFF")   # a scratch file until sign_file syncs it
        conn.backup(out)
    finally:
        out.close()


def has_dbstat(conn: sqlite3.Connection) -> bool:
    """Whether this SQLite has the dbstat table (seal format 4 needs it to find a table's pages)."""
    try:
        conn.execute("SELECT 1 FROM dbstat LIMIT 0")
        return True
    except sqlite3.OperationalError:
        return False


@dataclass(frozen=True)
class BtreePage:
    """A page of the table or index `name`; kind: 'internal', 'leaf' or 'overflow'; unused: its bytes
    holding nothing; mx_payload: its largest cell's payload (dbstat's pagetype, unused, mx_payload)."""
    name: str
    pageno: int
    kind: str
    unused: int
    mx_payload: int = 0


def btree_pages(conn: sqlite3.Connection, name: str | None = None) -> list[BtreePage]:
    """Every page in use by a table or index (or by `name` only), as dbstat lists them."""
    sql = "SELECT name, pageno, pagetype, unused, mx_payload FROM dbstat" + (" WHERE name = ?" if name else "")
    return [BtreePage(str(n), *rest) for n, *rest in conn.execute(sql, (name,) if name else ())]


def btree_roots(conn: sqlite3.Connection) -> dict[str, int]:
    """Root page of every table and index, sqlite_schema's (page 1) included."""
    rows = conn.execute("SELECT name, rootpage FROM sqlite_master WHERE rootpage > 0").fetchall()
    return {"sqlite_schema": 1, **{str(name): int(root) for name, root in rows}}


def page_size(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA page_size").fetchone()[0])


def row_count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {_q(table)}").fetchone()[0])


def database_file(conn: sqlite3.Connection) -> Path:
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    if not path:
        raise SealError("a page digest needs a database file, not an in-memory database")
    return Path(path)


def prepare_copy(path: Path) -> sqlite3.Connection:
    """Open the fresh snapshot for writing the seal: rollback journal, so the sealed file is one file."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    # A scratch file until it is complete: sign_file syncs it once, after the last write.
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute(SEAL_DDL)
    conn.execute(SEAL_FILE_DDL)
    conn.execute(f"DELETE FROM {SEAL_TABLE}")
    conn.execute(f"DELETE FROM {SEAL_FILE_TABLE}")
    return conn


def write_seal(conn: sqlite3.Connection, row: SealRow, file_placeholder: str | None = None) -> None:
    """The seal row, and (format 2) the file-signature row holding a placeholder that the sealer
    overwrites in place, byte for byte, once the file's hash is known."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"DELETE FROM {SEAL_TABLE}")
        conn.execute(
            f"INSERT INTO {SEAL_TABLE}(id, manifest, signature, public_key, signer, created) VALUES (1, ?, ?, ?, ?, ?)",
            (row.manifest, row.signature, row.public_key, row.signer, row.created),
        )
        if file_placeholder is not None:
            conn.execute(f"DELETE FROM {SEAL_FILE_TABLE}")
            conn.execute(f"INSERT INTO {SEAL_FILE_TABLE}(id, signature) VALUES (1, ?)", (file_placeholder,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def has_seal_table(conn: sqlite3.Connection) -> bool:
    return schema.table_exists(conn, SEAL_TABLE)


def read_seal(conn: sqlite3.Connection) -> SealRow | None:
    if not has_seal_table(conn):
        return None
    row = conn.execute(
        f"SELECT manifest, signature, public_key, signer, created FROM {SEAL_TABLE} WHERE id = 1"
    ).fetchone()
    if row is None:
        return None
    return SealRow(*(str(v) for v in row))


def read_file_signature(conn: sqlite3.Connection) -> str | None:
    """The whole-file signature of a format-2 seal (None for older seals)."""
    if not schema.table_exists(conn, SEAL_FILE_TABLE):
        return None
    row = conn.execute(f"SELECT signature FROM {SEAL_FILE_TABLE} WHERE id = 1").fetchone()
    return None if row is None else str(row[0])


def header_fields(conn: sqlite3.Connection) -> dict[str, int]:
    """Header fields a user can set that no table holds (format 2 records them to name a change)."""
    return {"user_version": int(conn.execute("PRAGMA user_version").fetchone()[0]),
            "application_id": int(conn.execute("PRAGMA application_id").fetchone()[0])}


def unseal(conn: sqlite3.Connection, provenance: str) -> None:
    """Turn a copy of a sealed file into an ordinary project, remembering where it came from."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"DROP TABLE IF EXISTS {SEAL_TABLE}")
        conn.execute(f"DROP TABLE IF EXISTS {SEAL_FILE_TABLE}")
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
    return sorted(name for name in schema.table_names(conn)
                  if not name.startswith("sqlite_") and name not in SEAL_TABLES and not schema.is_virtual(conn, name))


def _order_clause(conn: sqlite3.Connection, table: str) -> tuple[list[str], str]:
    columns, pk = schema.columns_and_key(conn, table)
    # Without a primary key, rowids are not content (VACUUM may renumber them): sort by every column.
    keys = pk or columns
    return columns, ", ".join(_q(c) for c in keys)


def has_rowid(conn: sqlite3.Connection, table: str) -> bool:
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
    return not (sql and sql[0] and "WITHOUT ROWID" in " ".join(sql[0].upper().split()))


def table_digest(conn: sqlite3.Connection, table: str, order_by: str = "pk",
                 encoding: str = "values", inspect=None) -> tuple[int, str]:
    """(row count, sha256) of a table's content. `order_by="pk"` (seal format 1): primary-key order,
    so physical order does not count. `"rowid"` (formats 2 and 3): rowid order with the rowid hashed
    too, because the order rows are stored in is the order the app lists them and `--limit` picks them.
    `encoding="pages"` (format 4) hashes the table's b-tree pages as stored (see pages_digest) and
    ignores `order_by`. `encoding="values"` (formats 1 and 2) encodes every value in Python; `"json"`
    (format 3) has SQLite encode each row (see _row_json) and hashes a batch of rows with one update; `inspect(table,
    batch, first_rowid, last_rowid)` (json only) then sees each batch's row texts, one a line (the
    rowids are None for a table without them), so the seal's secret scan needs no pass of its own."""
    if encoding == "pages":
        pages = sorted(p.pageno for p in btree_pages(conn, table))
        size = page_size(conn)
        with open(database_file(conn), "rb") as fh:
            chunks = (data for _, data in read_pages(fh, pages, size))
            return row_count(conn, table), pages_digest(table, size, chunks)
    columns, order = _order_clause(conn, table)
    select = ", ".join(_q(c) for c in columns)
    rowid = order_by == "rowid" and has_rowid(conn, table)
    if encoding == "json":
        return _table_digest_json(conn, table, columns, order, rowid, inspect)
    if encoding != "values":
        raise SealError(f"unknown row encoding {encoding!r}")
    h = hashlib.sha256()
    h.update(_encode(_Text(table.encode())))
    if rowid:
        select, order = f"_rowid_, {select}", "_rowid_"
        h.update(_encode(_Text(b"_rowid_")))
    for c in columns:
        h.update(_encode(_Text(c.encode())))
    old_factory = conn.text_factory
    conn.text_factory = _Text
    try:
        n = 0
        cur = conn.execute(f"SELECT {select} FROM {_q(table)} ORDER BY {order}")
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


CHUNK_PAGES = 1024


def read_pages(fh, pages: list[int], size: int, chunk_pages: int = CHUNK_PAGES):
    """(page numbers, their bytes joined) for `pages` (ascending) in chunks of up to `chunk_pages`
    pages; runs of consecutive pages are read with one call."""
    for start in range(0, len(pages), chunk_pages):
        part = pages[start:start + chunk_pages]
        pieces, first = [], 0
        for i in range(1, len(part) + 1):
            if i == len(part) or part[i] != part[i - 1] + 1:
                fh.seek((part[first] - 1) * size)
                want = (i - first) * size
                data = fh.read(want)
                if len(data) != want:
                    raise sqlite3.DatabaseError(f"page {part[i - 1]} is past the end of the file")
                pieces.append(data)
                first = i
        yield part, b"".join(pieces)


def pages_digest(table: str, size: int, chunks) -> str:
    """Format 4: sha256 over a header line (the table, "pages", the page size), then every page of the
    table's b-tree (interior, leaf and overflow pages, as dbstat names them) in ascending page number,
    byte for byte. A change anywhere in the table's storage changes it; so does a rewrite that moves
    its pages (VACUUM), which is why format 4 names a table whose pages changed, not only its values."""
    h = hashlib.sha256(json.dumps([table, "pages", size]).encode() + b"\n")
    for data in chunks:
        h.update(data)
    return h.hexdigest()


def _json_value(column: str) -> str:
    """One value as a JSON element, written by SQLite. NULL, INTEGER and TEXT are json_array's own
    rendering (text escaped, its bytes otherwise as stored, so invalid UTF-8 still hashes). REAL becomes
    {"r": quote(x)} because json_array prints only 15 significant digits while quote() round-trips the
    double exactly; BLOB becomes {"b": hex}, which json_array refuses. An object never comes from a
    column value (text is always a JSON string), so the forms cannot be confused."""
    c = _q(column)
    return (f"CASE typeof({c}) WHEN 'real' THEN json_object('r', quote({c})) "
            f"WHEN 'blob' THEN json_object('b', hex({c})) ELSE {c} END")


JSON_GROUP = 100   # SQLite before 3.48 allows 127 arguments per function call


def _row_json(columns: list[str], rowid: bool) -> str:
    """A row's text: one JSON array, or for a table wider than JSON_GROUP values the arrays of
    consecutive groups of JSON_GROUP values written one after the other ("[...][...]")."""
    values = (["_rowid_"] if rowid else []) + [_json_value(c) for c in columns]
    groups = [values[i:i + JSON_GROUP] for i in range(0, len(values), JSON_GROUP)] or [[]]
    return " || ".join("json_array(" + ", ".join(g) + ")" for g in groups)


def _table_digest_json(conn: sqlite3.Connection, table: str, columns: list[str], order: str,
                       rowid: bool, inspect=None) -> tuple[int, str]:
    """Format 3: sha256 over the header line, then every row's JSON array followed by a newline
    (JSON text never holds a raw newline), in the given order. The Python work is one join and one
    update per batch, not one call per value, so hashing runs at the speed SQLite reads the table."""
    h = hashlib.sha256()
    header = [table, "_rowid_"] if rowid else [table]
    h.update(json.dumps(header + columns, ensure_ascii=False).encode("utf-8") + b"\n")
    sql = f"SELECT {_row_json(columns, rowid)} FROM {_q(table)} ORDER BY {'_rowid_' if rowid else order}"
    old_factory = conn.text_factory
    conn.text_factory = bytes
    try:
        n = 0
        cur = conn.execute(sql)
        while True:
            rows = cur.fetchmany(4096)
            if not rows:
                break
            batch = b"\n".join([r[0] for r in rows]) + b"\n"
            h.update(batch)
            n += len(rows)
            if inspect is not None:
                # A row's text starts "[<rowid>," (the rowid is the first value when there is one).
                first, last = (int(r[0][1:r[0].index(b",")]) for r in (rows[0], rows[-1])) if rowid else (None, None)
                inspect(table, batch, first, last)
    finally:
        conn.text_factory = old_factory
    return n, h.hexdigest()


def find_in_text(conn: sqlite3.Connection, check, prefilter=None, tables: list[str] | None = None,
                 rowids: tuple[int, int] | None = None) -> tuple[str, str, str, str] | None:
    """The first text value for which `check(text)` names a finding, as (table, column, row, finding);
    the row is named by its primary key (or rowid). Every content table and text value is read.
    `prefilter(joined)`, if given, is asked once per batch with the batch's text values joined by
    newlines and must be true whenever `check` would name a finding in any of them; batches it
    clears are not checked value by value (the per-value Python call was most of a seal's time).
    `tables` and `rowids` (first, last; inclusive) narrow what is read. Text is read as str even while
    a format-3 hash (which reads bytes) is under way on the same connection."""
    old_factory = conn.text_factory
    conn.text_factory = str
    try:
        return _find_in_text(conn, check, prefilter, content_tables(conn) if tables is None else tables, rowids)
    finally:
        conn.text_factory = old_factory


def _find_in_text(conn: sqlite3.Connection, check, prefilter, tables: list[str],
                  rowids: tuple[int, int] | None) -> tuple[str, str, str, str] | None:
    for table in tables:
        columns, pk = schema.columns_and_key(conn, table)
        key_cols = pk or (["_rowid_"] if has_rowid(conn, table) else columns)
        select = ", ".join(_q(c) if c != "_rowid_" else c for c in key_cols + columns)
        where = " WHERE _rowid_ BETWEEN ? AND ?" if rowids is not None else ""
        cur = conn.execute(f"SELECT {select} FROM {_q(table)}{where}", rowids or ())
        nk = len(key_cols)
        while True:
            rows = cur.fetchmany(2000)
            if not rows:
                break
            if prefilter is not None and not prefilter(
                    "\n".join([v for row in rows for v in row[nk:] if type(v) is str])):
                continue
            for row in rows:
                for col, value in zip(columns, row[nk:]):
                    if isinstance(value, str):
                        found = check(value)
                        if found:
                            key = ", ".join(f"{k}={v!r}" for k, v in zip(key_cols, row[:nk]))
                            return table, col, key, found
    return None


def schema_digest(conn: sqlite3.Connection) -> str:
    """sha256 over the schema (tables, indexes, triggers, views), seal table and sqlite_* left out."""
    rows = conn.execute(
        "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master "
        "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name NOT IN (?, ?) ORDER BY type, name", SEAL_TABLES
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
