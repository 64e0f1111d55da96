"""A seal covers every byte of the sealed file (format 2): reordered rows, an appended page, a header
field and 500 seeded random single-byte flips are all reported invalid by `verify-seal --json`.
Format 1 seals (table contents only) still verify."""
from __future__ import annotations

import hashlib
import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import seal as sealcore
from factaudit.engine.cli import cli
from factaudit.engine.project import seal_store
from factaudit.engine.services import seal as svc

FLIP_SEED, N_FLIPS = 20261130, 500


@pytest.fixture(scope="module")
def small_sealed(tmp_path_factory) -> Path:
    """A small real project (SciFact sample: 6 claims, 40 abstracts) sealed once for this module."""
    import os

    from factaudit.engine import services
    from factaudit.engine.selftest import _write_sample

    tmp = tmp_path_factory.mktemp("small")
    old = os.environ.get("FACTAUDIT_CONFIG_DIR")
    os.environ["FACTAUDIT_CONFIG_DIR"] = str(tmp / "signer")
    try:
        corpus, claims = _write_sample(tmp, n_claims=6, n_distractors=40)
        project = services.create_project(tmp / "small.faproj")
        services.import_files(project, [corpus, claims], fmt="scifact", dataset="small")
        out = tmp / "small.sealed.faproj"
        svc.seal_project(project, out)
        project.close()
        public = sealcore.export_public_key().fingerprint
    finally:
        if old is None:
            os.environ.pop("FACTAUDIT_CONFIG_DIR", None)
        else:
            os.environ["FACTAUDIT_CONFIG_DIR"] = old
    (tmp / "signer.txt").write_text(public)
    return out


@pytest.fixture
def sealed_copy(small_sealed, tmp_path) -> Path:
    dst = tmp_path / "copy.faproj"
    shutil.copy2(small_sealed, dst)
    return dst


def signer_of(small_sealed: Path) -> str:
    return (small_sealed.parent / "signer.txt").read_text()


def verify_json(path: Path, trust: str) -> tuple[int, dict]:
    res = CliRunner().invoke(cli, ["verify-seal", str(path), "--trust", trust, "--json"])
    try:
        return res.exit_code, json.loads(res.output)
    except ValueError:
        return res.exit_code, {"output": res.output, "exception": repr(res.exception)}


def test_the_untouched_copy_is_valid_and_covers_every_byte(small_sealed, sealed_copy):
    code, out = verify_json(sealed_copy, signer_of(small_sealed))
    assert code == 0 and out["valid"] and out["trusted"] and out["file_ok"] is True
    assert out["seal_format"] == "factaudit-seal/4"
    # The stored file signature, checked independently of engine.seal's helpers: find the signature
    # text, put back the placeholder it was written over, hash, and verify with the raw key.
    import base64

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    conn = sqlite3.connect(f"{sealed_copy.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    sig = conn.execute("SELECT signature FROM seal_file").fetchone()[0]
    manifest, pub = conn.execute("SELECT manifest, public_key FROM seal").fetchone()
    conn.close()
    data = sealed_copy.read_bytes()
    at = data.find(sig.encode())
    assert at > 0 and data.count(sig.encode()) == 1
    unsigned = data[:at] + b"!" * 88 + data[at + 88:]
    message = json.dumps({"file_sha256": hashlib.sha256(unsigned).hexdigest(), "format": "factaudit-seal-file/1",
                          "manifest_sha256": hashlib.sha256(manifest.encode()).hexdigest(), "offset": at,
                          "size": len(data)}, sort_keys=True, separators=(",", ":")).encode()
    Ed25519PublicKey.from_public_bytes(base64.b64decode(pub)).verify(base64.b64decode(sig), message)


def test_reordered_claims_rows_are_reported(small_sealed, sealed_copy):
    conn = sqlite3.connect(sealed_copy)
    before = [r[0] for r in conn.execute("SELECT id FROM claims ORDER BY rowid")]
    conn.execute("CREATE TEMP TABLE c AS SELECT * FROM claims ORDER BY rowid DESC")
    conn.execute("DELETE FROM claims")
    conn.execute("INSERT INTO claims SELECT * FROM c")
    conn.commit()
    after = [r[0] for r in conn.execute("SELECT id FROM claims ORDER BY rowid")]
    # Same rows, same primary keys (so a primary-key-order hash is blind to it), listed differently.
    assert sorted(before) == sorted(after) and before != after
    conn.close()
    code, out = verify_json(sealed_copy, signer_of(small_sealed))
    assert code == 1 and out["valid"] is False and "claims" in out["changed_tables"]
    assert out["file_ok"] is False and out["signature_ok"] is True


def test_an_appended_page_is_reported(small_sealed, sealed_copy):
    with open(sealed_copy, "ab") as fh:
        fh.write(bytes(4096))
    conn = sqlite3.connect(sealed_copy)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # SQLite does not mind it
    conn.close()
    code, out = verify_json(sealed_copy, signer_of(small_sealed))
    assert code == 1 and out["valid"] is False and out["file_ok"] is False
    assert out["changed_tables"] == []


@pytest.mark.parametrize("how", ["pragma", "raw bytes"])
def test_a_changed_header_user_version_is_reported(small_sealed, sealed_copy, how):
    data = bytearray(sealed_copy.read_bytes())
    old = int.from_bytes(data[60:64], "big")
    new = old + 100
    if how == "pragma":
        conn = sqlite3.connect(sealed_copy)
        conn.execute(f"PRAGMA user_version = {new}")
        conn.commit()
        conn.close()
    else:  # straight into the header (offset 60), the change counter left as it was
        data[60:64] = new.to_bytes(4, "big")
        sealed_copy.write_bytes(bytes(data))
    code, out = verify_json(sealed_copy, signer_of(small_sealed))
    assert code == 1 and out["valid"] is False and out["file_ok"] is False
    assert any(f"user_version changed ({old} -> {new})" in r for r in out["reasons"])


def _flip_all(original: bytes, positions: list[int], rng: random.Random, work: Path, trust: str) -> list[dict]:
    """Flip each position on its own (xor with a random non-zero byte); return the misses."""
    misses = []
    for pos in positions:
        data = bytearray(original)
        data[pos] ^= rng.randrange(1, 256)
        work.write_bytes(bytes(data))
        code, out = verify_json(work, trust)
        if out.get("valid") is not False or code != 1:
            misses.append({"pos": pos, "code": code, "out": out})
    return misses


def test_500_seeded_random_single_byte_flips_are_all_invalid(small_sealed, tmp_path):
    original = small_sealed.read_bytes()
    rng = random.Random(FLIP_SEED)
    positions = [rng.randrange(len(original)) for _ in range(N_FLIPS)]
    misses = _flip_all(original, positions, rng, tmp_path / "flipped.faproj", signer_of(small_sealed))
    print(f"seal flips: {N_FLIPS - len(misses)}/{N_FLIPS} reported invalid over {len(original):,} bytes "
          f"(seed {FLIP_SEED})")
    assert misses == []


def test_flips_in_the_header_and_in_the_seal_rows_are_all_invalid(small_sealed, tmp_path):
    """Where a random flip rarely lands: every header byte, every byte of both signatures and key."""
    original = small_sealed.read_bytes()
    conn = sqlite3.connect(f"{small_sealed.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    texts = [conn.execute("SELECT signature FROM seal_file").fetchone()[0],
             *conn.execute("SELECT signature, public_key FROM seal").fetchone()]
    conn.close()
    positions = list(range(100))
    for text in texts:
        at = original.find(text.encode())
        assert at > 0
        positions += range(at, at + len(text))
    misses = _flip_all(original, positions, random.Random(FLIP_SEED + 1), tmp_path / "f.faproj",
                       signer_of(small_sealed))
    assert len(positions) == 100 + 88 + 88 + 44 and misses == []


def test_a_format_1_seal_still_verifies_and_says_what_it_does_not_cover(small_sealed, sealed_copy, monkeypatch):
    """An older seal: per-table hashes in primary-key order, no file signature."""
    key = sealcore.Ed25519PrivateKey.generate()
    conn = sqlite3.connect(sealed_copy)
    manifest = json.loads(conn.execute("SELECT manifest FROM seal").fetchone()[0])
    manifest["format"] = "factaudit-seal/1"
    manifest.pop("header")
    manifest["tables"] = {t: dict(zip(("rows", "sha256"), seal_store.table_digest(conn, t, "pk")))
                          for t in seal_store.content_tables(conn)}
    manifest["creator"] = sealcore.fingerprint(sealcore.public_raw(key.public_key()))
    signed = sealcore.sign_manifest(manifest, key)
    conn.execute("DROP TABLE seal_file")
    conn.execute("UPDATE seal SET manifest = ?, signature = ?, public_key = ?, signer = ?",
                 (signed.manifest_text, signed.signature_b64, signed.public_key_b64, signed.signer))
    conn.commit()
    conn.close()
    code, out = verify_json(sealed_copy, signed.signer)
    assert code == 0 and out["valid"] is True and out["seal_format"] == "factaudit-seal/1"
    assert out["file_ok"] is None and any("format 1" in r for r in out["reasons"])
    conn = sqlite3.connect(sealed_copy)
    conn.execute("UPDATE claims SET text = text || '!' WHERE rowid = (SELECT min(rowid) FROM claims)")
    conn.commit()
    conn.close()
    code, out = verify_json(sealed_copy, signed.signer)
    assert code == 1 and out["valid"] is False and out["changed_tables"] == ["claims"]
