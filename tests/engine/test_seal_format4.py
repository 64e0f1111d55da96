"""Seal format 4: per-table hashes over each table's b-tree pages, a page-for-page copy whose unused bytes
are zeroed, and the secret scan over the same raw pages. Checked against an independent b-tree walk and
hashlib, against deleted content left in the source, and against secrets placed among binary data.
Older formats still verifying is tested in test_seal_format3.py and test_seal_bytes.py (format 1)."""
from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import redact
from factaudit.engine import seal as sealcore
from factaudit.engine.cli import cli
from factaudit.engine.errors import SealError
from factaudit.engine.project import seal_store
from factaudit.engine.services import seal as svc

FAKE_SK = "sk-" + "abcdefghijklmnop1234"    # joined at run time: no key-shaped literal in the source
SECRETS = [
    "see https://alice:s3cretpass@example.org/x",
    "GET /v1?api_key=abcd1234efgh",
    "GET /v1?ſecret=abcd1234efgh",                # U+017F matches "s" under IGNORECASE
    "x&TOKEN=zzzz9999",
    "Authorization: Bearer abcdefgh12345678",
    "AUTHORİZATION: 0123456789abcdef",          # U+0130
    "authorızation = token9876543210",           # U+0131
    "bearer\u00a0abcdefghij0123456789",
    f"key {FAKE_SK}",
    "the key is ZQ9-custom-secret-77 here",
]
PROSE = ["Aspirin reduced risk in adults.", "carriers and bearers of the gene", "ratio = 2:1 in skin",
         "Streptococcus sk- test", "http://example.org/page", "Autorización previa", "a=b; c=d"]
# Prose holding none of the scan's literals (no "://", "bearer", "sk-", "author"): pages of it are cleared.
CLEAN = ["Aspirin reduced risk in adults.", "ratio = 2:1 in skin", "Autorización previa", "a=b; c=d",
         "x?id=17&page=2", "the trial had 300 patients"]
EXACT = {"MY_API_KEY": "ZQ9-custom-secret-77"}


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "user-data"))


def _db(path: Path) -> sqlite3.Connection:
    """A scratch database in autocommit mode that does not sync on every insert."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    return conn


def _verify(path: Path, trust: str) -> tuple[int, dict]:
    res = CliRunner().invoke(cli, ["verify-seal", str(path), "--trust", trust, "--json"])
    return res.exit_code, json.loads(res.output)


def test_new_seals_are_format_4_and_a_changed_value_is_named(demo_project, tmp_path):
    out = tmp_path / "new.faproj"
    svc.seal_project(demo_project, out)
    signer = svc.verify_sealed(out).signer
    code, res = _verify(out, signer)
    assert code == 0 and res["valid"] and res["seal_format"] == sealcore.FORMAT_4 and res["file_ok"] is True
    conn = sqlite3.connect(out, isolation_level=None)
    conn.execute("UPDATE claims SET text = text || '!' WHERE rowid = (SELECT min(rowid) FROM claims)")
    conn.close()
    code, res = _verify(out, signer)
    assert code == 1 and not res["valid"] and res["file_ok"] is False and res["changed_tables"] == ["claims"]


# ---- the page hash against an independent walk of the b-tree -------------------------------------
def _varint(buf: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = buf[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def _walk_table(data: bytes, root: int, size: int) -> list[int]:
    """Every page of a rowid table's b-tree (interior, leaf, overflow), from the file format alone."""
    usable, found, todo = size, [], [root]
    while todo:
        pageno = todo.pop()
        found.append(pageno)
        page = data[(pageno - 1) * size:pageno * size]
        h = 100 if pageno == 1 else 0
        kind, ncells = page[h], struct.unpack_from(">H", page, h + 3)[0]
        cells = [struct.unpack_from(">H", page, h + (12 if kind == 5 else 8) + 2 * i)[0] for i in range(ncells)]
        if kind == 5:
            todo += [struct.unpack_from(">I", page, c)[0] for c in cells]
            todo.append(struct.unpack_from(">I", page, h + 8)[0])
            continue
        assert kind == 13
        for c in cells:
            payload, at = _varint(page, c)
            _, at = _varint(page, at)
            most = usable - 35
            if payload <= most:
                continue
            least = (usable - 12) * 32 // 255 - 23
            local = least + (payload - least) % (usable - 4)
            local = local if local <= most else least
            nxt = struct.unpack_from(">I", page, at + local)[0]
            while nxt:
                found.append(nxt)
                nxt = struct.unpack_from(">I", data, (nxt - 1) * size)[0]
    return sorted(found)


def test_page_digest_matches_an_independent_walk_and_hashlib(tmp_path):
    path = tmp_path / "t.db"
    conn = _db(path)
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT, n REAL)")
    conn.execute("CREATE INDEX t_body ON t(body)")
    rng = random.Random(4)
    rows = [(i, "w" * rng.choice([5, 300, 9000]) + str(i), i / 7) for i in range(1, 3001)]
    conn.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    size = seal_store.page_size(conn)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 't'").fetchone()[0]
    data = path.read_bytes()
    pages = _walk_table(data, root, size)
    assert any(p.kind == "overflow" for p in seal_store.btree_pages(conn, "t"))   # overflow chains covered
    expected = hashlib.sha256(json.dumps(["t", "pages", size]).encode() + b"\n"
                              + b"".join(data[(p - 1) * size:p * size] for p in pages)).hexdigest()
    assert seal_store.table_digest(conn, "t", "rowid", "pages") == (len(rows), expected)
    # One value changed (same length, so no page moves): only its own table's pages differ.
    before = {t: seal_store.table_digest(conn, t, "rowid", "pages") for t in ("t",)}
    conn.execute("UPDATE t SET n = -1 WHERE id = 1500")
    assert seal_store.table_digest(conn, "t", "rowid", "pages") != before["t"]
    conn.close()


# ---- the copy: deleted content does not ship --------------------------------------------------------
def test_scrub_zeroes_deleted_content_and_keeps_every_row(tmp_path):
    src, copy = tmp_path / "src.db", tmp_path / "copy.db"
    conn = _db(src)
    conn.execute("PRAGMA secure_delete = OFF")     # leave deleted content in place, as many SQLites do
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("CREATE INDEX t_body ON t(substr(body, 1, 30))")
    conn.execute("CREATE TABLE w (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID")
    conn.executemany("INSERT INTO w VALUES (?, ?)", [(f"k{i:05d}", f"gone-w-{i}" * 9) for i in range(3000)])
    conn.execute("DELETE FROM w WHERE k > 'k01000'")
    marker = "DELETED-MARKER-7f3a"
    conn.executemany("INSERT INTO t VALUES (?, ?)",
                     [(i, (marker if i % 5 == 0 else "kept") + "-" + str(i) * (1 if i % 40 else 3000))
                      for i in range(1, 2001)])
    conn.execute("DELETE FROM t WHERE id % 5 = 0")
    conn.execute("DELETE FROM t WHERE id > 1900")   # whole pages to the freelist
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] > 0
    kept = conn.execute("SELECT * FROM t ORDER BY id").fetchall() + conn.execute("SELECT * FROM w").fetchall()
    seal_store.backup_into(conn, copy)
    conn.close()
    assert marker.encode() in copy.read_bytes() and b"gone-w-2999" in copy.read_bytes()   # a page copy ships them
    check = sqlite3.connect(copy)
    pages = seal_store.btree_pages(check)
    check.close()
    assert sealcore.scrub_unused(copy, pages) > 0
    assert marker.encode() not in copy.read_bytes() and b"gone-w-2999" not in copy.read_bytes()
    check = sqlite3.connect(copy)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert check.execute("SELECT * FROM t ORDER BY id").fetchall() + check.execute("SELECT * FROM w").fetchall() == kept
    check.close()


def test_a_sealed_project_does_not_carry_text_deleted_from_it(demo_project, tmp_path):
    marker = "OLD-TEXT-MARKER-" + "51c0ffee" * 4
    conn = demo_project.conn
    conn.execute("PRAGMA secure_delete = OFF")
    rowid = conn.execute("SELECT rowid FROM claims ORDER BY rowid LIMIT 1 OFFSET 3").fetchone()[0]
    for text in (marker, "a longer text that does not fit where the old one was " * 5):
        with demo_project.atomic() as c:
            c.execute("UPDATE claims SET text = ? WHERE rowid = ?", (text, rowid))
    demo_project.checkpoint()
    assert marker.encode() in Path(demo_project.path).read_bytes()
    out = tmp_path / "sealed.faproj"
    svc.seal_project(demo_project, out)
    assert marker.encode() not in out.read_bytes()
    assert svc.verify_sealed(out).valid


# ---- the secret scan over raw pages ------------------------------------------------------------------
def test_the_raw_precheck_never_clears_a_secret_between_binary_bytes():
    rng = random.Random(20261201)
    for _ in range(300):
        text = rng.choice(SECRETS + PROSE)
        noise = [bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40))) for _ in range(2)]
        data = noise[0] + text.encode() + noise[1]
        if redact.find_secret(text, EXACT):
            assert sealcore.may_hold_secret_raw(data, EXACT), (text, data)


def _pages_of(conn: sqlite3.Connection, path: Path, table: str) -> list[tuple[int, bytes]]:
    size = seal_store.page_size(conn)
    data = path.read_bytes()
    return [(p.pageno, data[(p.pageno - 1) * size:p.pageno * size]) for p in seal_store.btree_pages(conn, table)]


def test_the_raw_precheck_finds_the_page_of_a_secret_and_clears_prose_pages(tmp_path):
    path = tmp_path / "s.db"
    conn = _db(path)
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, n INTEGER)")
    rng = random.Random(9)
    rows = [(i, rng.choice(CLEAN), rng.choice(CLEAN), rng.randrange(10**9)) for i in range(1, 4001)]
    conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", rows)
    assert not any(sealcore.may_hold_secret_raw(page, EXACT) for _, page in _pages_of(conn, path, "t"))
    for secret in SECRETS:
        if not redact.find_secret(secret, EXACT):
            continue
        conn.execute("UPDATE t SET b = ? WHERE id = 2345", (secret,))
        flagged = [(n, p) for n, p in _pages_of(conn, path, "t") if sealcore.may_hold_secret_raw(p, EXACT)]
        ranges = [sealcore.leaf_rowids(p, n) for n, p in flagged]
        assert any(r and r[0] <= 2345 <= r[1] for r in ranges), secret
        conn.execute("UPDATE t SET b = ? WHERE id = 2345", (rows[2344][2],))
    conn.close()


def test_leaf_rowids_match_the_rows_sqlite_reads_from_each_page(tmp_path):
    path = tmp_path / "r.db"
    conn = _db(path)
    conn.execute("CREATE TABLE t (x TEXT)")
    conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)",
                     [(r, "v" * (r % 97)) for r in sorted({random.Random(3).randrange(-2**62, 2**62) for _ in range(3000)})])
    size = seal_store.page_size(conn)
    data = path.read_bytes()
    leaves = [p.pageno for p in seal_store.btree_pages(conn, "t") if p.kind == "leaf"]
    spans = sorted(sealcore.leaf_rowids(data[(n - 1) * size:n * size], n) for n in leaves)
    got = [r[0] for r in conn.execute("SELECT rowid FROM t ORDER BY rowid")]
    # The leaves' (first, last) rowids tile the table's rowids in order, with no row left out.
    assert [s[0] for s in spans][0] == got[0] and spans[-1][1] == got[-1]
    assert sum(sum(1 for g in got if a <= g <= b) for a, b in spans) == len(got)
    conn.close()


def test_seal_names_a_secret_among_many_rows_and_in_a_value_split_over_pages(demo_project, tmp_path):
    with demo_project.atomic() as conn:
        rowid = conn.execute("SELECT rowid FROM passages ORDER BY rowid LIMIT 1 OFFSET 500").fetchone()[0]
        conn.execute("UPDATE passages SET text = text || ' see https://u:pw1234@h.example/x' WHERE rowid = ?",
                     (rowid,))
    with pytest.raises(SealError) as err:
        svc.seal_project(demo_project, tmp_path / "a.faproj")
    assert "table passages, column text" in str(err.value) and "URL credentials" in str(err.value)
    with demo_project.atomic() as conn:
        conn.execute("UPDATE passages SET text = 'clean' WHERE rowid = ?", (rowid,))
        # 30 KB: the value spills over overflow pages, the secret past the first of them.
        conn.execute("UPDATE passages SET text = ? WHERE rowid = ?",
                     ("word " * 3000 + "Authorization: Bearer abcdefgh12345678 " + "word " * 3000, rowid + 7))
    with pytest.raises(SealError) as err:
        svc.seal_project(demo_project, tmp_path / "b.faproj")
    assert "table passages, column text" in str(err.value) and "Authorization" in str(err.value)
    assert not (tmp_path / "a.faproj").exists() and not (tmp_path / "b.faproj").exists()


# ---- tampering with a table's pages, and the fallback without dbstat ---------------------------------
def test_random_flips_inside_a_tables_pages_are_invalid_and_name_it(demo_project, tmp_path):
    out = tmp_path / "sealed.faproj"
    svc.seal_project(demo_project, out)
    signer = svc.verify_sealed(out).signer
    conn = seal_store.open_immutable(out)
    size = seal_store.page_size(conn)
    pages = [p.pageno for p in seal_store.btree_pages(conn, "claims")]
    conn.close()
    original = out.read_bytes()
    rng = random.Random(1616)
    work = tmp_path / "flipped.faproj"
    for _ in range(40):
        pos = (rng.choice(pages) - 1) * size + rng.randrange(size)
        data = bytearray(original)
        data[pos] ^= rng.randrange(1, 256)
        work.write_bytes(bytes(data))
        code, res = _verify(work, signer)
        assert code == 1 and res["valid"] is False and res["file_ok"] is not True, pos
        assert "claims" in res["changed_tables"] or res["damaged"], (pos, res)


def test_without_dbstat_a_seal_falls_back_to_format_3(demo_project, tmp_path, monkeypatch):
    monkeypatch.setattr(seal_store, "has_dbstat", lambda conn: False)
    out = tmp_path / "f3.faproj"
    svc.seal_project(demo_project, out)
    ver = svc.verify_sealed(out)
    assert ver.valid and ver.seal_format == sealcore.FORMAT_3


def test_the_interior_page_walk_finds_what_dbstat_finds_and_gives_up_on_overflow(tmp_path):
    path = tmp_path / "w.db"
    conn = _db(path)
    conn.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, body TEXT, n REAL)")
    conn.execute("CREATE TABLE b (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID")
    conn.execute("CREATE INDEX a_body ON a(body)")
    rng = random.Random(5)
    conn.executemany("INSERT INTO a VALUES (?, ?, ?)", [(i, "t" * rng.randrange(400), i / 3) for i in range(20000)])
    conn.executemany("INSERT INTO b VALUES (?, ?)", [(f"k{i}", "v" * rng.randrange(300)) for i in range(5000)])
    conn.execute("DELETE FROM a WHERE id > 15000")   # free pages too
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] > 0
    listed = seal_store.btree_pages(conn)
    walked = sealcore.walk_btrees(path, seal_store.btree_roots(conn))
    assert walked is not None and len(listed) > 500 and not any(p.kind == "overflow" for p in listed)
    assert sorted((p.name, p.pageno, p.kind) for p in walked) == sorted((p.name, p.pageno, p.kind) for p in listed)
    # A value spilling to overflow pages: the walk cannot place them and says so (dbstat is used).
    conn.execute("INSERT INTO a VALUES (?, ?, ?)", (99999, "y" * 20000, 0.0))
    assert any(p.kind == "overflow" for p in seal_store.btree_pages(conn))
    assert sealcore.walk_btrees(path, seal_store.btree_roots(conn)) is None
    conn.close()


def test_without_dbstat_a_changed_format_4_file_is_still_invalid(demo_project, tmp_path, monkeypatch):
    out = tmp_path / "sealed.faproj"
    svc.seal_project(demo_project, out)
    conn = sqlite3.connect(out, isolation_level=None)
    conn.execute("UPDATE claims SET text = text || '!' WHERE rowid = (SELECT min(rowid) FROM claims)")
    conn.close()

    def no_dbstat(conn, name=None):
        raise sqlite3.OperationalError("no such table: dbstat")

    monkeypatch.setattr(seal_store, "btree_pages", no_dbstat)
    ver = svc.verify_sealed(out)
    manifest_tables = json.loads(seal_store.read_seal(seal_store.open_immutable(out)).manifest)["tables"]
    assert not ver.valid and ver.file_ok is False and ver.changed_tables == sorted(manifest_tables)


def test_a_secret_spilling_over_pages_of_a_table_without_rowids_is_found(demo_project, tmp_path):
    with demo_project.atomic() as conn:
        conn.execute("CREATE TABLE extra_notes (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID")
        conn.executemany("INSERT INTO extra_notes VALUES (?, ?)", [(f"n{i}", "note " * 20) for i in range(300)])
        conn.execute("INSERT INTO extra_notes VALUES ('z', ?)", ("pad " * 4000 + f"key {FAKE_SK} " + "pad " * 4000,))
    with pytest.raises(SealError) as err:
        svc.seal_project(demo_project, tmp_path / "x.faproj")
    assert "table extra_notes, column v" in str(err.value) and "sk-" in str(err.value)
