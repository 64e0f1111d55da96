"""Checking a sealed file (plain SQLite; engine/services/seal.py decrypts first).

Everything about the file's content is reported, never raised: a flipped byte, a truncated or
appended page, a file that SQLite cannot read any more all give `valid=False` with the reasons, so
`verify-seal --json` always answers. Raised (SealError) are only the questions the file cannot
answer: there is no file, it is an intact project that was never sealed, or it was sealed in a
format newer than this factaudit knows (with a valid signature, so it is not damage).

Order: the whole-file signature first (format 2, one sha256 pass), then the per-table hashes to name
what changed, the schema and the header fields.
"""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from factaudit.engine import seal as sealcore
from factaudit.engine.errors import SealError
from factaudit.engine.project import seal_store

Verification = sealcore.Verification


def damaged(path: Path, reason: str) -> Verification:
    return Verification(valid=False, changed_tables=[], signer=None, trusted=False, reasons=[reason],
                        path=str(path), damaged=True)


def verify_plain(path: Path, trusted_set) -> Verification:
    """`trusted_set`: a callable giving the trusted fingerprints (only asked when the seal is signed)."""
    try:
        sealcore.file_kind(path)
    except SealError as exc:
        if not Path(path).is_file():
            raise
        return damaged(path, str(exc))
    try:
        conn = seal_store.open_immutable(path)
    except (sqlite3.Error, UnicodeError) as exc:
        return damaged(path, f"{path} cannot be read as a project: {exc}")
    try:
        return _check(conn, Path(path), trusted_set)
    except (sqlite3.Error, UnicodeError) as exc:
        # UnicodeError: SQLite's message quoted a damaged name that is not UTF-8 any more.
        return damaged(path, f"{path} is damaged: {exc}")
    finally:
        conn.close()


def _check(conn: sqlite3.Connection, path: Path, trusted_set) -> Verification:
    row = seal_store.read_seal(conn)
    if row is None:
        check = seal_store.quick_check(conn)
        if check == "ok":
            raise SealError(f"{path} is not sealed (no seal in the file)")
        return damaged(path, f"{path} is damaged: {check}")
    reasons: list[str] = []
    try:
        sig_ok, signer = sealcore.check_signature(row.manifest, row.signature, row.public_key)
    except SealError as exc:
        return damaged(path, f"{path}: {exc}")
    try:
        manifest = json.loads(row.manifest)
        expected = dict(manifest["tables"])
        fmt = manifest.get("format")
    except (ValueError, KeyError, TypeError, AttributeError):
        return damaged(path, f"{path} has a damaged seal manifest")
    if fmt not in sealcore.ROW_ORDER:
        if sig_ok:
            raise SealError(f"{path} was sealed in a format this factaudit does not know: {fmt}")
        return damaged(path, f"{path} has a damaged seal (unknown format, signature does not match)")
    if not sig_ok:
        reasons.append("the signature does not match the manifest: the seal itself was edited")
    if manifest.get("creator") != signer or row.signer != signer:
        sig_ok = False
        reasons.append("the manifest names a different signer than the key that signed it")

    file_ok = None
    if fmt != sealcore.FORMAT_1:
        file_ok = _file_signature_ok(conn, path, row)
        if not file_ok:
            reasons.append("the file's bytes differ from the bytes that were sealed")
    else:
        reasons.append("sealed in format 1: table contents are checked, the file's other bytes are not")

    check, changed, schema_changed = "ok", [], False
    if not (file_ok and sig_ok):
        # Every byte as signed settles it (the fast path); otherwise name what changed.
        check = seal_store.quick_check(conn)
        if check != "ok":
            reasons.append(f"SQLite finds the file damaged: {check}")
        changed = _changed_tables(conn, expected, sealcore.digest_args(fmt))
        if changed:
            reasons.append("content changed since sealing in: " + ", ".join(changed))
        schema_changed = seal_store.schema_digest(conn) != manifest.get("schema_sha256")
        if schema_changed:
            reasons.append("the schema (tables, indexes or triggers) changed since sealing")
    header = manifest.get("header")
    if isinstance(header, dict) and not file_ok:
        now = seal_store.header_fields(conn)
        for name in sorted(set(header) | set(now)):
            if header.get(name) != now.get(name):
                reasons.append(f"the file header's {name} changed ({header.get(name)} -> {now.get(name)})")

    sidecars = sidecar_files(path)
    if sidecars:
        reasons.append(", ".join(sidecars) + " beside the sealed file: SQLite reads a -wal's pages instead of "
                       "the sealed ones and rolls a -journal back into the file, so what other tools show is "
                       "not what was sealed; remove them (factaudit opens sealed files immutable and ignores them)")
    trusted = sig_ok and signer in trusted_set()
    if sig_ok and not trusted:
        reasons.append(f"the signer {signer} is not among the trusted keys")
    valid = (sig_ok and file_ok is not False and not changed and not schema_changed and check == "ok"
             and not sidecars)
    return Verification(
        valid=valid, changed_tables=changed, signer=signer, trusted=trusted, signature_ok=sig_ok,
        schema_changed=schema_changed, reasons=reasons, sealed_at=manifest.get("created"),
        app_version=manifest.get("app_version"), schema_version=manifest.get("schema_version"), path=str(path),
        seal_format=fmt, file_ok=file_ok, sidecars=sidecars,
    )


SIDECAR_SUFFIXES = ("-wal", "-shm", "-journal")


def sidecar_files(path: Path) -> list[str]:
    """The SQLite side files next to `path` (any size: even an empty -wal means a writer was here)."""
    return [Path(str(path) + s).name for s in SIDECAR_SUFFIXES if os.path.lexists(str(path) + s)]


def _file_signature_ok(conn: sqlite3.Connection, path: Path, row: seal_store.SealRow) -> bool:
    sig = seal_store.read_file_signature(conn)
    if not sig:
        return False
    sha, offset, size = sealcore.file_digest(path, sig)
    if sha is None:
        return False
    try:
        ok, _ = sealcore.check_bytes(sealcore.file_message(row.manifest, sha, size, offset), sig, row.public_key)
    except SealError:
        return False
    return ok


def _changed_tables(conn: sqlite3.Connection, expected: dict, digest_args: tuple[str, str]) -> list[str]:
    current: dict[str, tuple] = {}
    for table in seal_store.content_tables(conn):
        try:
            current[table] = seal_store.table_digest(conn, table, *digest_args)
        except sqlite3.DatabaseError:
            current[table] = (None, "unreadable")
    return sorted(
        t for t in set(current) | set(expected)
        if t not in current or t not in expected or not isinstance(expected[t], dict)
        or (current[t][0], current[t][1]) != (expected[t].get("rows"), expected[t].get("sha256"))
    )
