"""Seal format 3: per-table hashes over rows that SQLite encodes as JSON and that are hashed in batches.
Format 2 seals (the per-value Python encoder, kept for verifying only) still verify; one changed value
makes either fail and names its table. The batch pre-check of the secret scan misses nothing that the
per-value check finds."""
from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import redact
from factaudit.engine import seal as sealcore
from factaudit.engine.cli import cli
from factaudit.engine.errors import SealError
from factaudit.engine.project import seal_store
from factaudit.engine.services import seal as svc


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "user-data"))


def _verify(path: Path, trust: str) -> tuple[int, dict]:
    res = CliRunner().invoke(cli, ["verify-seal", str(path), "--trust", trust, "--json"])
    return res.exit_code, json.loads(res.output)


def _reseal(path: Path, fmt: str) -> str:
    """Rewrite a sealed file's manifest in `fmt` (its per-table hashes recomputed the way that format
    defines them) and sign manifest and file again, as a factaudit of that format would have."""
    key = sealcore.Ed25519PrivateKey.generate()
    conn = sqlite3.connect(path, isolation_level=None)
    manifest = json.loads(conn.execute("SELECT manifest FROM seal").fetchone()[0])
    manifest["format"] = fmt
    manifest["tables"] = {t: dict(zip(("rows", "sha256"), seal_store.table_digest(conn, t, *sealcore.digest_args(fmt))))
                          for t in seal_store.content_tables(conn)}
    manifest["creator"] = sealcore.fingerprint(sealcore.public_raw(key.public_key()))
    signed = sealcore.sign_manifest(manifest, key)
    conn.execute("UPDATE seal SET manifest = ?, signature = ?, public_key = ?, signer = ?",
                 (signed.manifest_text, signed.signature_b64, signed.public_key_b64, signed.signer))
    conn.execute("UPDATE seal_file SET signature = ?", (sealcore.FILE_SIG_PLACEHOLDER,))
    conn.close()
    sealcore.sign_file(path, signed.manifest_text, key)
    return signed.signer


def _edit_one_claim(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE claims SET text = text || '!' WHERE rowid = (SELECT min(rowid) FROM claims)")
    conn.close()


@pytest.mark.parametrize("fmt", [sealcore.FORMAT_2, sealcore.FORMAT_3, sealcore.FORMAT_4])
def test_format_2_3_and_4_seals_all_verify_and_all_catch_one_changed_value(demo_project, tmp_path, fmt):
    out = tmp_path / "sealed.faproj"
    svc.seal_project(demo_project, out)
    signer = _reseal(out, fmt)
    code, res = _verify(out, signer)
    assert code == 0 and res["valid"] and res["seal_format"] == fmt and res["file_ok"] is True
    _edit_one_claim(out)
    code, res = _verify(out, signer)
    assert code == 1 and not res["valid"] and res["changed_tables"] == ["claims"]


def test_the_two_encodings_give_different_hashes_of_the_same_table(demo_project):
    """The format decides the encoding: a format-2 manifest checked with the format-3 hash would fail."""
    conn = demo_project.conn
    assert seal_store.table_digest(conn, "claims", "rowid", "values") != \
        seal_store.table_digest(conn, "claims", "rowid", "json")
    with pytest.raises(SealError):
        seal_store.table_digest(conn, "claims", "rowid", "nope")


def _independent_json_digest(table: str, columns: list[str], rows: list[tuple]) -> str:
    """Format 3's definition written out in Python: a header line, then one JSON array per row."""
    h = hashlib.sha256(json.dumps([table, "_rowid_", *columns], ensure_ascii=False).encode() + b"\n")
    for row in rows:
        values = [{"r": repr(v)} if isinstance(v, float) else {"b": v.hex().upper()} if isinstance(v, bytes)
                  else v for v in row]
        h.update(json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
    return h.hexdigest()


def test_format_3_hash_matches_an_independent_computation():
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (id TEXT PRIMARY KEY, body TEXT, score REAL, n INTEGER, note TEXT, data BLOB)")
    rng = random.Random(16)
    rows = [(f"id{i:04d}", f"text {i} \"quoted\" \\ é 中文\n\t\x01", rng.choice([0.5, 2.25, -3.0, 1e-3 * 0]),
             rng.randrange(-10**12, 10**12), None if i % 3 else "x", bytes([i % 256, 0, 255])) for i in range(5000)]
    conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", rows)
    with_rowid = [(i + 1, *r) for i, r in enumerate(rows)]
    expected = _independent_json_digest("t", ["id", "body", "score", "n", "note", "data"], with_rowid)
    assert seal_store.table_digest(conn, "t", "rowid", "json") == (5000, expected)


def test_format_3_keeps_types_and_every_bit_of_a_real_apart():
    """TEXT '5' vs INTEGER 5, TEXT vs BLOB of the same bytes, and two reals one ulp apart all differ."""
    def digest(value) -> str:
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE t (v)")
        conn.execute("INSERT INTO t VALUES (?)", (value,))
        return seal_store.table_digest(conn, "t", "rowid", "json")[1]

    values = ["5", 5, 5.0, b"5", None, "{\"r\":\"5.0\"}", 0.1 + 0.2, 0.30000000000000004 + 2 ** -54, 0.3]
    digests = [digest(v) for v in values]
    assert len(set(digests)) == len(set(map(repr, values)))


def test_a_table_wider_than_one_json_call_hashes_every_column():
    conn = sqlite3.connect(":memory:")
    cols = [f"c{i}" for i in range(250)]
    conn.execute(f"CREATE TABLE w ({', '.join(cols)})")
    conn.execute(f"INSERT INTO w VALUES ({', '.join('?' * len(cols))})", list(range(250)))
    before = seal_store.table_digest(conn, "w", "rowid", "json")
    conn.execute("UPDATE w SET c249 = -1")
    assert before[0] == 1 and seal_store.table_digest(conn, "w", "rowid", "json") != before


# ---- the batch pre-check of the secret scan -------------------------------------------------------
# A made-up key in the shape of an OpenAI one, joined at run time so that secret scanners do not
# take the test's own source for a leak.
FAKE_SK = "sk-" + "abcdefghijklmnop1234"
SECRETS = [
    "see https://alice:s3cretpass@example.org/x",
    "GET /v1?api_key=abcd1234efgh",
    "Authorization: Bearer abcdefgh12345678",
    "AUTHORİZATION: 0123456789abcdef",          # U+0130: IGNORECASE matches it as "i", lower() does not
    "authorızation = token9876543210",           # U+0131
    "bearer\u00a0abcdefghij0123456789",           # a Unicode space between the words
    f"key {FAKE_SK}",
    "the key is ZQ9-custom-secret-77 here",
]
PROSE = ["Aspirin reduced risk in adults.", "carriers and bearers of the gene", "ratio = 2:1 in skin",
         "Streptococcus sk- test", "", "http://example.org/page", "Autorización previa"]


def test_the_batch_precheck_never_clears_a_batch_holding_a_secret():
    exact = {"MY_API_KEY": "ZQ9-custom-secret-77"}
    rng = random.Random(20261201)
    for _ in range(400):
        parts = rng.sample(PROSE + SECRETS, rng.randint(1, 6))
        if any(redact.find_secret(p, exact) for p in parts):
            assert redact.may_hold_secret("\n".join(parts), exact), parts
    # And it does clear ordinary prose, which is what makes it worth having.
    assert not redact.may_hold_secret("\n".join(PROSE), exact)


def test_seal_still_finds_one_secret_among_many_rows(demo_project, tmp_path):
    with demo_project.atomic() as conn:
        rowid = conn.execute("SELECT rowid FROM passages ORDER BY rowid LIMIT 1 OFFSET 700").fetchone()[0]
        pid = conn.execute("SELECT id FROM passages WHERE rowid = ?", (rowid,)).fetchone()[0]
        conn.execute("UPDATE passages SET text = text || ' Authorization: Bearer abcdefgh12345678' WHERE rowid = ?",
                     (rowid,))
    with pytest.raises(SealError) as err:
        svc.seal_project(demo_project, tmp_path / "out.faproj")
    assert "table passages, column text" in str(err.value) and repr(pid) in str(err.value)
    assert not (tmp_path / "out.faproj").exists()


def test_the_json_precheck_never_clears_a_row_holding_a_secret():
    """The same texts written by SQLite's json_array, as the format-3 hashing pass sees them."""
    exact = {"MY_API_KEY": "ZQ9-custom-secret-77"}
    conn = sqlite3.connect(":memory:")
    conn.text_factory = bytes
    for text in SECRETS + [s.replace(" ", "\t") for s in SECRETS] + [s.replace(" ", '"') for s in SECRETS]:
        row = conn.execute("SELECT json_array(1, ?, 2.5)", (text,)).fetchone()[0]
        if redact.find_secret(text, exact):
            assert redact.may_hold_secret_json(row, exact), text
    plain = ["Aspirin reduced risk in adults.", "Autorización previa", "ratio 2:1 in skin", "", "a\tb \"c\""]
    prose = b"\n".join(conn.execute("SELECT json_array(7, ?, 0.25)", (p,)).fetchone()[0] for p in plain)
    assert not redact.may_hold_secret_json(prose, exact)
    # A key with a character JSON escapes cannot be looked for in escaped text: never cleared.
    assert redact.may_hold_secret_json(prose, {"K": 'abc"defgh'})


def test_the_odd_case_folding_characters_are_all_known():
    """Every non-ASCII character an IGNORECASE pattern matches to an ASCII letter that lower-casing
    (str.lower for the text pre-check, bytes.lower for the JSON one) does not turn into that letter."""
    import re
    import sys

    letter = re.compile("(?i)[a-z]")
    odd = set()
    for cp in range(128, sys.maxunicode + 1):
        ch = chr(cp)
        if letter.fullmatch(ch):
            odd.add(ch)          # bytes.lower() folds none of them
    assert odd == set(redact._FOLD_ODD) | {"\u212a"}
    assert {ch for ch in odd if not ch.lower().isascii() or len(ch.lower()) != 1} == set(redact._FOLD_ODD)
