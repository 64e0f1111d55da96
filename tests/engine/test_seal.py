"""Sealed project files: integrity, signer trust, damage handling, encryption, read-only opening."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from factaudit.engine import seal as sealcore
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument, ReadOnlyProject, SealError
from factaudit.engine.project import seal_store
from factaudit.engine.project.db import Project
from factaudit.engine.services import seal as svc


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    cfg, data = tmp_path / "user-config", tmp_path / "user-data"
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(cfg))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(data))
    monkeypatch.delenv("FACTAUDIT_PASSPHRASE", raising=False)
    return cfg, data


@pytest.fixture
def sealed(demo_project, tmp_path) -> Path:
    out = tmp_path / "shipped.faproj"
    svc.seal_project(demo_project, out)
    return out


def _own_fingerprint(cfg: Path) -> str:
    """Independent of engine.seal: read the PEM and hash the raw public key."""
    key = serialization.load_pem_private_key((cfg / "signing_key.pem").read_bytes(), password=None)
    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return "ed25519:" + hashlib.sha256(raw).hexdigest()[:16]


def _seal_row(path: Path) -> dict:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        row = conn.execute("SELECT manifest, signature, public_key, signer FROM seal").fetchone()
    finally:
        conn.close()
    return dict(zip(("manifest", "signature", "public_key", "signer"), row))


def run(*args, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env)


# ---- a clean seal ------------------------------------------------------------------------------
def test_seal_is_valid_signed_by_own_key_and_matches_the_content(sealed, user_dirs, demo_project):
    cfg, _ = user_dirs
    key_file = cfg / "signing_key.pem"
    assert key_file.stat().st_mode & 0o777 == 0o600

    ver = svc.verify_sealed(sealed)
    assert ver.valid and ver.trusted and ver.signature_ok
    assert ver.changed_tables == [] and not ver.schema_changed
    assert ver.signer == _own_fingerprint(cfg)

    # The signature checks out with the raw cryptography API over the stored manifest bytes.
    row = _seal_row(sealed)
    pub = Ed25519PublicKey.from_public_bytes(base64.b64decode(row["public_key"]))
    pub.verify(base64.b64decode(row["signature"]), row["manifest"].encode())
    manifest = json.loads(row["manifest"])
    assert manifest["creator"] == ver.signer

    # The manifest covers every content table with its true row count, never the seal table.
    conn = sqlite3.connect(f"{sealed.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
        "AND name NOT IN ('seal', 'seal_file')")]
    assert sorted(manifest["tables"]) == sorted(names)
    for name in names:
        assert manifest["tables"][name]["rows"] == conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
    assert manifest["tables"]["passages"]["rows"] == 1201
    assert manifest["tables"]["claims"]["rows"] == 100
    assert "seal" not in manifest["tables"]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert not Path(str(sealed) + "-wal").exists()


def test_table_digest_is_canonical_and_independent_of_physical_order(tmp_path):
    """Same rows inserted in another order (so stored in other pages) hash the same; an edit does not."""
    a, b = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    rows = [(f"id{i:03d}", f"text {i}", i * 0.5, None, bytes([i % 256])) for i in range(300)]
    for conn, order in ((a, rows), (b, list(reversed(rows)))):
        conn.execute("CREATE TABLE t (id TEXT PRIMARY KEY, body TEXT, score REAL, note TEXT, blob BLOB)")
        conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?)", order)
    assert seal_store.table_digest(a, "t") == seal_store.table_digest(b, "t")
    # A TEXT value and a BLOB with the same bytes are different content.
    b.execute("UPDATE t SET body = CAST(body AS BLOB) WHERE id = 'id007'")
    assert seal_store.table_digest(a, "t") != seal_store.table_digest(b, "t")


# ---- tampering ---------------------------------------------------------------------------------
def _tamper_one_value(conn: sqlite3.Connection, table: str) -> bool:
    """Change one non-key value of the first row by one character (or by one), keeping the DB valid."""
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    pk = [r[1] for r in info if r[5] > 0]
    order = ", ".join(f'"{c}"' for c in (pk or [r[1] for r in info]))
    first = conn.execute(f'SELECT rowid, * FROM "{table}" ORDER BY {order} LIMIT 1').fetchone()
    if first is None:
        return False
    for (cid, col, *_), value in zip(info, first[1:]):
        if col in pk:
            continue
        if isinstance(value, str) and value:
            new = value[:-1] + ("X" if value[-1] != "X" else "Y")
        elif isinstance(value, int) and not isinstance(value, bool):
            new = value + 1
        elif isinstance(value, float):
            new = value + 1.0
        elif value is None:
            new = "[0]"
        else:
            continue
        try:
            conn.execute(f'UPDATE "{table}" SET "{col}" = ? WHERE rowid = ?', (new, first[0]))
            conn.commit()
            return True
        except sqlite3.DatabaseError:  # a CHECK or trigger refuses this column: try the next one
            conn.rollback()
    return False


def test_one_changed_value_in_any_content_table_fails_naming_that_table(sealed, tmp_path):
    manifest = json.loads(_seal_row(sealed)["manifest"])
    tested = []
    for table, entry in sorted(manifest["tables"].items()):
        if entry["rows"] == 0:
            continue
        copy = tmp_path / f"tampered-{table}.faproj"
        shutil.copy2(sealed, copy)
        conn = sqlite3.connect(copy)
        changed = _tamper_one_value(conn, table)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        if not changed:
            continue
        ver = svc.verify_sealed(copy)
        assert not ver.valid, table
        assert ver.changed_tables == [table]
        assert ver.signature_ok  # the seal itself is intact; the content is not
        tested.append(table)
        copy.unlink()
    assert {"passages", "claims", "documents", "datasets", "sentences", "items", "claim_gold", "meta"} <= set(tested)


def test_one_flipped_byte_in_the_file_fails_naming_the_table(sealed, demo_project):
    text = demo_project.conn.execute("SELECT text FROM passages ORDER BY id LIMIT 1 OFFSET 17").fetchone()[0]
    needle = text[:60].encode()
    data = bytearray(sealed.read_bytes())
    at = data.find(needle)
    assert at > 0 and data.count(needle) == 1
    pos = at + 10
    data[pos] = data[pos] ^ 0x20 if chr(data[pos]).isalpha() else ord("Q")
    sealed.write_bytes(bytes(data))
    conn = sqlite3.connect(sealed)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    ver = svc.verify_sealed(sealed)
    assert not ver.valid and "passages" in ver.changed_tables


def test_schema_change_is_reported(sealed):
    conn = sqlite3.connect(sealed)
    conn.execute("DROP TRIGGER annotations_no_update")
    conn.commit()
    conn.close()
    ver = svc.verify_sealed(sealed)
    assert not ver.valid and ver.schema_changed and ver.changed_tables == []


def test_edited_manifest_without_a_new_signature_is_invalid(sealed):
    row = _seal_row(sealed)
    manifest = json.loads(row["manifest"])
    conn = sqlite3.connect(sealed)
    conn.execute("UPDATE claims SET text = 'forged' WHERE id = (SELECT min(id) FROM claims)")
    conn.commit()   # a format-4 (page) hash reads the committed pages from the file
    manifest["tables"]["claims"]["sha256"] = seal_store.table_digest(
        conn, "claims", *sealcore.digest_args(manifest["format"]))[1]
    conn.execute("UPDATE seal SET manifest = ?", (sealcore.canonical_json(manifest),))
    conn.commit()
    conn.close()
    ver = svc.verify_sealed(sealed)
    assert not ver.valid and not ver.signature_ok and not ver.trusted and ver.file_ok is False
    assert ver.changed_tables == []


def test_file_resigned_with_another_key_is_untrusted(sealed, user_dirs, tmp_path, monkeypatch):
    """Mallory edits a working copy and seals it with her own key: a valid seal, not a trusted one."""
    cfg, _ = user_dirs
    own = _own_fingerprint(cfg)
    work = tmp_path / "mallory-work.faproj"
    svc.make_working_copy(sealed, work)
    with Project.open(work) as p:
        with p.atomic() as conn:
            conn.execute("UPDATE claims SET text = 'forged' WHERE id = (SELECT min(id) FROM claims)")
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "mallory-config"))
    forged = tmp_path / "forged.faproj"
    mallory_fp = svc.seal_project(work, forged).signer
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(cfg))

    ver = svc.verify_sealed(forged)
    assert ver.valid and ver.signature_ok and ver.file_ok  # internally consistent ...
    assert ver.signer == mallory_fp != own
    assert not ver.trusted  # ... but not sealed by anyone we trust
    assert svc.verify_sealed(forged, trust=own).trusted is False
    assert svc.verify_sealed(forged, trust=mallory_fp).trusted is True

    res = run("verify-seal", forged)  # re-sealed with another key: not "VALID" (issue #26)
    assert res.exit_code == 3 and res.output.splitlines()[0] == f"VALID signature, UNTRUSTED signer: {forged}"
    res = run("verify-seal", forged, "--trust", own)
    assert res.exit_code == 3 and res.output.startswith("VALID signature, UNTRUSTED signer")
    res = run("verify-seal", forged, "--trust", own, "--json")
    assert res.exit_code == 3
    out = json.loads(res.output)
    assert out["valid"] is True and out["trusted"] is False and out["signer"] == mallory_fp
    assert out["changed_tables"] == []

    # Transplanting the forged content under the consultant's seal does not work either.
    data = bytearray(forged.read_bytes())
    orig = _seal_row(sealed)
    fake = _seal_row(forged)
    for field in ("signature", "public_key"):
        at = bytes(data).find(fake[field].encode())
        data[at:at + len(fake[field])] = orig[field].encode()
    forged.write_bytes(bytes(data))
    assert not svc.verify_sealed(forged).valid


# ---- damaged files -----------------------------------------------------------------------------
@pytest.mark.parametrize("keep", [0.5, 4096, 50, 0])
def test_truncated_file_is_reported_invalid_in_one_line(sealed, keep):
    data = sealed.read_bytes()
    n = int(len(data) * keep) if isinstance(keep, float) else keep
    sealed.write_bytes(data[:n])
    ver = svc.verify_sealed(sealed)
    assert not ver.valid and ver.damaged and ver.status == "damaged" and ver.reasons
    res = run("verify-seal", sealed)
    assert res.exit_code == 1
    assert res.output.startswith("INVALID: ") and "Traceback" not in res.output
    res = run("verify-seal", sealed, "--json")
    assert res.exit_code == 1 and json.loads(res.output)["valid"] is False
    with pytest.raises(SealError):  # the GUI's open refuses it with the reason
        svc.open_sealed(sealed)


def test_garbage_and_unsealed_files(tmp_path, demo_project):
    junk = tmp_path / "junk.faproj"
    junk.write_bytes(os.urandom(10_000))
    ver = svc.verify_sealed(junk)
    assert not ver.valid and ver.damaged and "not a sealed" in ver.reasons[0]
    demo_project.checkpoint()
    with pytest.raises(SealError, match="not sealed"):  # an intact project: the wrong file, not damage
        svc.verify_sealed(demo_project.path)
    with pytest.raises(SealError, match="no file"):
        svc.verify_sealed(tmp_path / "missing.faproj")


# ---- encryption --------------------------------------------------------------------------------
def test_encrypted_round_trip_and_wrong_passphrase(demo_project, tmp_path):
    out = tmp_path / "shipped.faproj.enc"
    svc.seal_project(demo_project, out, encrypt=True, passphrase="correct horse battery")
    data = out.read_bytes()
    assert data.startswith(sealcore.ENC_MAGIC) and sealcore.SQLITE_MAGIC not in data
    some_text = demo_project.conn.execute("SELECT text FROM passages LIMIT 1").fetchone()[0][:40].encode()
    assert some_text not in data
    assert svc.is_encrypted(out) and svc.is_sealed(out)

    ver = svc.verify_sealed(out, passphrase="correct horse battery")
    assert ver.valid and ver.trusted and ver.encrypted
    with pytest.raises(SealError, match="passphrase"):
        svc.verify_sealed(out, passphrase="wrong horse")
    with pytest.raises(SealError, match="passphrase"):
        svc.verify_sealed(out)

    with svc.open_sealed(out, passphrase="correct horse battery") as sp:
        assert sp.verification.valid and sp.project.readonly
        assert sp.project.conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 1201
        scratch = Path(sp.plain_path)
        assert scratch.is_file()
    assert not scratch.exists()  # the decrypted copy is gone once closed


def test_chunked_encryption_is_exact_and_detects_truncation_and_reordering(sealed, tmp_path):
    enc, back = tmp_path / "x.enc", tmp_path / "x.back"
    sealcore.encrypt_file(sealed, enc, "pw-123456", chunk_size=64 * 1024)
    sealcore.decrypt_file(enc, back, "pw-123456")
    assert hashlib.sha256(back.read_bytes()).digest() == hashlib.sha256(sealed.read_bytes()).digest()

    data = enc.read_bytes()
    header_len = len(sealcore.ENC_MAGIC) + 4 + int.from_bytes(data[len(sealcore.ENC_MAGIC):len(sealcore.ENC_MAGIC) + 4], "big")
    step = 64 * 1024 + 16
    n_chunks = -(-(len(data) - header_len) // step)
    assert n_chunks == -(-sealed.stat().st_size // (64 * 1024)) and n_chunks > 3

    cut = tmp_path / "cut.enc"
    cut.write_bytes(data[: header_len + 2 * step])  # a whole number of chunks: only the final flag notices
    with pytest.raises(SealError):
        sealcore.decrypt_file(cut, tmp_path / "cut.out", "pw-123456")
    assert not (tmp_path / "cut.out").exists()

    swapped = bytearray(data)
    c1, c2 = header_len, header_len + step
    swapped[c1:c1 + step], swapped[c2:c2 + step] = data[c2:c2 + step], data[c1:c1 + step]
    bad = tmp_path / "swapped.enc"
    bad.write_bytes(bytes(swapped))
    with pytest.raises(SealError):
        sealcore.decrypt_file(bad, tmp_path / "swapped.out", "pw-123456")


def test_cli_encrypted_seal_with_passphrase_from_environment(demo_project, tmp_path):
    demo_project.close()
    out = tmp_path / "s.enc"
    env = {"FACTAUDIT_PASSPHRASE": "from-env-42"}
    res = run("seal", demo_project.path, "--out", out, "--encrypt", "--json", env=env)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["encrypted"] is True
    res = run("verify-seal", out, "--json", env=env)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["valid"] is True
    res = run("verify-seal", out, "--json", env={"FACTAUDIT_PASSPHRASE": "nope"})
    assert res.exit_code == 2 and "passphrase" in res.output


# ---- secrets -----------------------------------------------------------------------------------
def test_sealed_bytes_never_contain_an_api_key(demo_project, tmp_path, monkeypatch):
    marker_a, marker_b = "sk-MARKER-openai-7f3a9c2e41d8", "fa-MARKER-factaudit-0b5e8d1c"
    monkeypatch.setenv("OPENAI_API_KEY", marker_a)
    monkeypatch.setenv("FACTAUDIT_API_KEY", marker_b)
    demo_project.close()
    plain, enc = tmp_path / "plain.faproj", tmp_path / "enc.faproj"
    assert run("seal", demo_project.path, "--out", plain).exit_code == 0
    assert run("seal", demo_project.path, "--out", enc, "--encrypt",
               env={"FACTAUDIT_PASSPHRASE": "pw-secret-test"}).exit_code == 0
    for f in (plain, enc):
        data = f.read_bytes()
        assert marker_a.encode() not in data and marker_b.encode() not in data
    # The decrypted content holds no key either.
    back = tmp_path / "back.faproj"
    sealcore.decrypt_file(enc, back, "pw-secret-test")
    assert marker_a.encode() not in back.read_bytes()
    # The check that would catch one: a project holding the key's value refuses to seal.
    with Project.open(demo_project.path) as p:
        with p.atomic() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES ('oops', ?)", (f"key={marker_a}",))
        with pytest.raises(SealError, match="OPENAI_API_KEY"):
            svc.seal_project(p, tmp_path / "leaky.faproj")
    assert not (tmp_path / "leaky.faproj").exists()


# ---- read-only opening and the working copy ----------------------------------------------------
def test_open_sealed_is_read_only_and_leaves_the_file_untouched(sealed):
    before = hashlib.sha256(sealed.read_bytes()).hexdigest()
    with svc.open_sealed(sealed) as sp:
        assert sp.project.readonly and sp.project.immutable
        assert sp.verification.valid and sp.verification.status == "sealed, signer trusted"
        with pytest.raises(ReadOnlyProject):
            with sp.project.atomic():
                pass
        with pytest.raises(sqlite3.OperationalError):
            sp.project.conn.execute("DELETE FROM claims")
        assert sp.project.conn.execute("SELECT count(*) FROM claims").fetchone()[0] == 100
    assert hashlib.sha256(sealed.read_bytes()).hexdigest() == before
    for suffix in ("-wal", "-shm", "-journal", ".lock"):
        assert not Path(str(sealed) + suffix).exists()


def test_open_sealed_reports_tampering(sealed):
    conn = sqlite3.connect(sealed)
    conn.execute("UPDATE passages SET title = 'x' WHERE id = (SELECT min(id) FROM passages)")
    conn.commit()
    conn.close()
    with svc.open_sealed(sealed) as sp:
        assert not sp.verification.valid
        assert sp.verification.changed_tables == ["passages"]
        assert sp.verification.status == "changed since sealing"


def test_working_copy_is_writable_unsealed_and_remembers_its_origin(sealed, tmp_path):
    dst = tmp_path / "client.faproj"
    svc.make_working_copy(sealed, dst)
    assert not svc.is_sealed(dst) and svc.is_sealed(sealed)
    with pytest.raises(InvalidArgument):
        svc.make_working_copy(sealed, dst)
    with Project.open(dst) as p:
        origin = json.loads(p.conn.execute("SELECT value FROM meta WHERE key = 'working_copy_of'").fetchone()[0])
        assert origin["sealed_file"] == "shipped.faproj"
        assert origin["signer"] == svc.verify_sealed(sealed).signer
        with p.atomic() as conn:
            conn.execute(
                "INSERT INTO annotations(id, target_kind, claim_id, dimension, code, annotator, created) "
                "VALUES ('a1', 'claim', (SELECT min(id) FROM claims), 'polarity', 'supports', 'client', 'now')")
        assert p.conn.execute("SELECT count(*) FROM annotations").fetchone()[0] == 1
        assert p.conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 1201
    # The sealed original is still valid after the client's work.
    assert svc.verify_sealed(sealed).valid


# ---- sharing keys between two users ------------------------------------------------------------
def test_recipient_trusts_the_consultant_by_exported_key(demo_project, tmp_path, monkeypatch):
    demo_project.close()
    out = tmp_path / "s.faproj"
    assert run("seal", demo_project.path, "--out", out).exit_code == 0
    pem = tmp_path / "consultant.pem"
    res = run("export-key", "--out", pem, "--json")
    consultant = json.loads(res.output)["fingerprint"]

    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "client-config"))
    res = run("verify-seal", out, "--json")
    assert res.exit_code == 3  # a valid signature by a signer nobody here trusts (was 0 before #26)
    assert json.loads(res.output)["trusted"] is False and json.loads(res.output)["valid"] is True
    res = run("verify-seal", out)
    assert res.exit_code == 3 and res.output.startswith(f"VALID signature, UNTRUSTED signer: {out}")
    res = run("verify-seal", out, "--trust", pem, "--json")
    assert res.exit_code == 0 and json.loads(res.output)["trusted"] is True
    assert json.loads(res.output)["signer"] == consultant
    assert run("trust-key", consultant, "--label", "our consultant").exit_code == 0
    res = run("verify-seal", out, "--json")
    assert json.loads(res.output)["trusted"] is True
    res = run("verify-seal", out, "--trust", "not-a-key")
    assert res.exit_code == 2 and res.output.startswith("error: ")


def test_demo_step_seal_appends_a_summary_step(demo_project):
    from factaudit.engine.services.demo import DemoSummary

    summary = DemoSummary(project=str(demo_project.path))
    svc.demo_step_seal(demo_project, summary, lambda *a: None)
    step = summary.steps[-1]
    assert step["step"] == "seal" and step["valid"] is True
    assert svc.verify_sealed(step["path"]).valid


def test_a_sealed_file_is_not_sealed_again_and_a_wal_sidecar_is_flagged(sealed, tmp_path):
    with pytest.raises(SealError, match="already sealed"):
        svc.seal_project(sealed, tmp_path / "again.faproj")
    # Someone opens the sealed file with plain sqlite3 in WAL mode and edits it without checkpointing.
    copy = tmp_path / "walled.faproj"
    shutil.copy2(sealed, copy)
    conn = sqlite3.connect(copy)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("UPDATE claims SET text = 'edited' WHERE id = (SELECT min(id) FROM claims)")
    conn.commit()
    ver = svc.verify_sealed(copy)  # immutable reads see the sealed pages only ...
    conn.close()
    assert any("-wal" in r for r in ver.reasons)  # ... and the sidecar is pointed out
    assert not ver.valid


@pytest.mark.parametrize("suffix", ["-wal", "-journal", "-shm"])
def test_a_sidecar_beside_an_untouched_sealed_file_makes_it_invalid(sealed, tmp_path, suffix):
    """Issue #26: a -wal made on a copy, placed beside the untouched sealed file, is what SQLite reads
    (it opens a -wal that exists whatever the header says); the seal said VALID, exit 0."""
    before = sealed.read_bytes()
    edited = tmp_path / "edited.faproj"
    shutil.copy2(sealed, edited)
    conn = sqlite3.connect(edited)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("UPDATE claims SET text = 'planted' WHERE id = (SELECT min(id) FROM claims)")
    conn.commit()
    side = Path(str(sealed) + suffix)
    if suffix == "-wal":
        shutil.copy2(str(edited) + "-wal", side)
    else:
        side.write_bytes(b"")
    conn.close()
    if suffix == "-wal":  # the attack is real: a plain SQLite reader shows the planted text
        plain = sqlite3.connect(f"{sealed.as_uri()}?mode=ro", uri=True)
        assert plain.execute("SELECT text FROM claims ORDER BY id LIMIT 1").fetchone()[0] == "planted"
        plain.close()
        assert side.exists()
    assert sealed.read_bytes() == before  # the sealed bytes themselves are untouched
    ver = svc.verify_sealed(sealed)
    assert not ver.valid and ver.signature_ok and side.name in ver.sidecars  # (the reader above made a -shm too)
    assert ver.status == "files beside it would change it"
    res = run("verify-seal", sealed)
    assert res.exit_code == 1 and res.output.startswith(f"INVALID: {sealed}")
    assert side.name in res.output
    assert side.name in json.loads(run("verify-seal", sealed, "--json").output)["sidecars"]
    for leftover in ("-wal", "-shm", "-journal"):
        Path(str(sealed) + leftover).unlink(missing_ok=True)
    assert svc.verify_sealed(sealed).valid


def _with_header(enc: Path, dst: Path, **changes) -> Path:
    data = enc.read_bytes()
    n = int.from_bytes(data[len(sealcore.ENC_MAGIC):len(sealcore.ENC_MAGIC) + 4], "big")
    start = len(sealcore.ENC_MAGIC) + 4
    meta = json.loads(data[start:start + n])
    meta.update(changes)
    body = json.dumps(meta).encode() if "raw" not in changes else changes["raw"]
    dst.write_bytes(sealcore.ENC_MAGIC + len(body).to_bytes(4, "big") + body + data[start + n:])
    return dst


@pytest.mark.parametrize("changes", [
    {"n": 32769}, {"n": 0}, {"n": 1}, {"n": -2}, {"n": 2 ** 40}, {"n": "32768"}, {"n": True}, {"n": 1.5},
    {"r": 0}, {"r": 10 ** 9}, {"p": 0}, {"p": 2 ** 31}, {"n": 2 ** 20, "r": 16}, {"chunk_size": 0},
    {"salt": ""}, {"salt": 5}, {"salt": "***"}, {"nonce_prefix": "AAAAAAAA"}, {"cipher": None},
    {"raw": b"[1, 2]"}, {"raw": b'{"n": 1' + b"0" * 5000 + b"}"}, {"raw": b'{"n": 1e400}'}, {"raw": b"\xff\xfe"},
])
def test_every_malformed_encrypted_header_is_one_line(demo_project, tmp_path, changes):
    demo_project.close()
    enc = tmp_path / "s.enc"
    env = {"FACTAUDIT_PASSPHRASE": "pw-123456"}
    assert run("seal", demo_project.path, "--out", enc, "--encrypt", env=env).exit_code == 0
    bad = _with_header(enc, tmp_path / "bad.enc", **changes)
    with pytest.raises(SealError):
        svc.verify_sealed(bad, passphrase="pw-123456")
    res = run("verify-seal", bad, env=env)
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in res.output, res.output
    assert "bad.enc" in lines[0] and len(lines[0]) < 300
