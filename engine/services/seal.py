"""Sealed project files and the offline connection log, as the CLI and the GUI see them.

- `seal_project` snapshots a project (a SQLite backup with unused bytes zeroed; VACUUM INTO before
  format 4), signs a manifest of its content and writes the sealed file, optionally encrypted.
- `verify_sealed` recomputes the manifest and reports validity, changed tables and trust.
- `open_sealed` returns the sealed project opened immutable (read-only, never migrated) with its
  verification, for the GUI's banner; `make_working_copy` makes the editable, unsealed copy.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from factaudit.engine import redact
from factaudit.engine import seal as sealcore
from factaudit.engine.models import keys
from factaudit.engine.errors import FactAuditError, InvalidArgument, ProjectLocked, ReadOnlyProject, SealError
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.project import seal_store
from factaudit.engine.services import seal_scratch, seal_verify
from factaudit.engine.project.db import Project
from factaudit.engine.version import APP_VERSION

Verification = sealcore.Verification
PublicKeyInfo = sealcore.PublicKeyInfo


@dataclass(frozen=True)
class SealResult:
    path: str
    signer: str
    encrypted: bool
    bytes: int
    tables: dict[str, dict]
    manifest_sha256: str

    def to_json(self) -> dict:
        return {"path": self.path, "signer": self.signer, "encrypted": self.encrypted, "bytes": self.bytes,
                "tables": self.tables, "manifest_sha256": self.manifest_sha256}


def _build_manifest(conn: sqlite3.Connection, fmt: str, signer: str, source_name: str,
                    progress: ProgressCallback, secrets: dict[str, str] | None = None,
                    pages: list[seal_store.BtreePage] | None = None, path: Path | None = None) -> dict:
    """The manifest; with `secrets`, also refuse a copy holding one (during the hashing pass when the
    format lets it, in a pass of its own otherwise). Format 4 needs the copy's `pages` and `path`."""
    order, encoding = sealcore.digest_args(fmt)
    inspect = None
    if secrets is not None:
        progress(0, None, "checking for keys and credentials")
        if encoding == "json":
            inspect = _SecretCheck(conn, secrets)
        elif encoding != "pages":
            _refuse_secrets(conn, secrets)
    tables = seal_store.content_tables(conn)
    by_table: dict[str, list[seal_store.BtreePage]] = {}
    for page in pages or ():
        by_table.setdefault(page.name, []).append(page)
    digests = {}
    for i, table in enumerate(tables):
        progress(i, len(tables), f"hashing {table}")
        if encoding == "pages":
            rows, sha = seal_store.row_count(conn, table), _pages_sha256(conn, path, table, by_table, secrets)
        else:
            rows, sha = seal_store.table_digest(conn, table, order, encoding, inspect)
        digests[table] = {"rows": rows, "sha256": sha}
    progress(len(tables), len(tables), "hashed")
    return {
        "format": fmt,
        "app_version": APP_VERSION,
        "schema_version": seal_store.schema_version(conn),
        "schema_sha256": seal_store.schema_digest(conn),
        "header": seal_store.header_fields(conn),
        "tables": digests,
        "creator": signer,
        "created": sealcore.utc_now_iso(),
        "source": {"name": source_name, "created": seal_store.meta_value(conn, "created")},
    }


def _pages_sha256(conn: sqlite3.Connection, path: Path, table: str, pages: dict[str, list[seal_store.BtreePage]],
                  secrets: dict[str, str] | None) -> str:
    """Format 4's hash of a table's pages; the secret scan reads the same pages as they go by and reads
    rows back (by the rowids of a leaf page) only where a page may hold a secret. A value spilling to
    overflow pages is not contiguous, so the rows of a leaf holding a cell larger than a quarter page
    (any overflowing cell is) are always read back, and every row of a table without rowids."""
    size, own = seal_store.page_size(conn), pages.get(table, [])
    spilled = {p.pageno for p in own if p.kind == "overflow"}
    big = {p.pageno for p in own if p.kind == "leaf" and p.mx_payload > size // 4}
    whole = secrets is not None and bool(spilled) and not seal_store.has_rowid(conn, table)
    if whole:
        _refuse_secrets(conn, secrets, [table])

    def chunks():
        nonlocal whole
        for part, data in seal_store.read_pages(fh, sorted(p.pageno for p in own), size):
            if secrets is not None and not whole and (
                    big.intersection(part) or sealcore.may_hold_secret_raw(data, secrets)):
                for i, pageno in enumerate(part):
                    page = data[i * size:(i + 1) * size]
                    # Overflow pages go with their rows; interior pages of a rowid table hold no values.
                    if whole or pageno in spilled or page[0] == 5 or (
                            pageno not in big and not sealcore.may_hold_secret_raw(page, secrets)):
                        continue
                    rowids = sealcore.leaf_rowids(page, pageno)
                    whole = rowids is None   # not a rowid table's leaf: read the whole table once
                    _refuse_secrets(conn, secrets, [table], rowids)
            yield data

    with open(path, "rb") as fh:
        return seal_store.pages_digest(table, size, chunks())


@contextlib.contextmanager
def _source(project: Project | str | Path):
    """The project to snapshot, checkpointed. One we open ourselves stays open until the seal is noted in
    it (opening checks the whole file, once); one another process is writing is still sealed
    consistently, since the backup (or VACUUM INTO) reads a snapshot."""
    if isinstance(project, Project):
        project.checkpoint()
        yield project
        return
    path = Path(project)
    if is_sealed(path):
        # Opening it for writing would turn on WAL in a shipped file; seal the project it came from.
        raise SealError(f"{path} is already sealed; seal the original project (or a working copy) instead")
    try:
        proj = Project.open(path)
    except ProjectLocked:
        proj = Project.open(path, readonly=True)
    try:
        proj.checkpoint()
        yield proj
    finally:
        proj.close()


def seal_project(project: Project | str | Path, out: str | Path, *, encrypt: bool = False,
                 passphrase: str | None = None, overwrite: bool = False,
                 progress: ProgressCallback = no_progress) -> SealResult:
    out = Path(out)
    if out.exists() and not overwrite:
        raise InvalidArgument(f"{out} already exists; choose another name or overwrite it explicitly")
    if encrypt and not passphrase:
        raise SealError("encrypting needs a passphrase")
    out.parent.mkdir(parents=True, exist_ok=True)
    key = sealcore.load_signing_key(create=True)
    signer = sealcore.fingerprint(sealcore.public_raw(key.public_key()))
    with _source(project) as source:
        if Path(source.path).resolve() == out.resolve():
            raise InvalidArgument("the sealed file must not replace the project itself")
        # the unencrypted copy is made in a private folder, never beside `out` (issue #36)
        with seal_scratch.space_checked(out.name):
            work = seal_scratch.scratch_dir("seal")
            try:
                plain = work / "sealed.faproj"
                manifest, signed = _seal_copy(source, plain, key, signer, progress)
                if encrypt:
                    progress(0, None, "encrypting")
                    sealcore.encrypt_file(plain, out, passphrase or "")
                else:
                    seal_scratch.move_into_place(plain, out)
            finally:
                shutil.rmtree(work, ignore_errors=True)
        if not source.readonly:
            # The source's Workflow "Seal" step, written after the copy was taken, so the sealed file
            # does not carry it. A source another process holds is left alone.
            from factaudit.engine.services import status

            status.mark_step(source, "seal", out.name)
    return SealResult(str(out), signer, encrypt, out.stat().st_size, manifest["tables"],
                      hashlib.sha256(signed.manifest_text.encode()).hexdigest())


def _seal_copy(source: Project, plain: Path, key, signer: str, progress: ProgressCallback):
    """Copy, hash, scan and sign `source` into `plain`: (manifest, signed manifest)."""
    fmt = sealcore.MANIFEST_FORMAT
    if fmt == sealcore.FORMAT_4 and not seal_store.has_dbstat(source.conn):
        fmt = sealcore.FORMAT_3   # this SQLite cannot list a table's pages
    secrets = keys.configured_keys(_saved_endpoint_urls())    # before the copy: a refusal writes nothing
    secrets = redact.with_encoded_forms(secrets)   # a server may have echoed a key base64- or %-encoded
    progress(0, None, "copying")
    (seal_store.backup_into if fmt == sealcore.FORMAT_4 else seal_store.vacuum_into)(source.conn, plain)
    copy = seal_store.prepare_copy(plain)
    pages = None
    if fmt == sealcore.FORMAT_4:
        # Following interior pages finds every page when none overflows; dbstat is the general answer.
        pages = sealcore.walk_btrees(plain, seal_store.btree_roots(copy)) or seal_store.btree_pages(copy)
        copy.close()
        sealcore.scrub_unused(plain, pages)
        copy = seal_store.prepare_copy(plain)   # a new connection: no page cached from before the scrub
    try:
        manifest = _build_manifest(copy, fmt, signer, Path(source.path).name, progress, secrets, pages, plain)
        signed = sealcore.sign_manifest(manifest, key)
        seal_store.write_seal(copy, seal_store.SealRow(signed.manifest_text, signed.signature_b64,
                                                       signed.public_key_b64, signed.signer, manifest["created"]),
                              file_placeholder=sealcore.FILE_SIG_PLACEHOLDER)
    finally:
        copy.close()
    sealcore.sign_file(plain, signed.manifest_text, key)  # every byte, after the last SQLite write
    # A backstop over the raw bytes (free pages, indexes): the configured keys' exact values.
    if sealcore.scan_for_secrets(plain, list(secrets.values())):
        raise SealError("refusing to seal: the file contains the value of a configured API key")
    return manifest, signed


def _saved_endpoint_urls() -> list[str]:
    """Fails closed: an unreadable endpoints file may name a URL whose keyring key the scan needs."""
    from factaudit.engine.models.endpoints_file import saved_endpoint_urls

    try:
        return saved_endpoint_urls()
    except InvalidArgument as exc:
        raise SealError(f"refusing to seal: {exc}; the secret scan needs it (repair or remove it)") from exc


def _refuse_secrets(conn: sqlite3.Connection, secrets: dict[str, str], tables: list[str] | None = None,
                    rowids: tuple[int, int] | None = None) -> None:
    """Every text value of the copy (or of `tables`, rows `rowids`), against the configured keys and
    secret-looking patterns."""
    hit = seal_store.find_in_text(conn, lambda text: redact.find_secret(text, secrets),
                                  prefilter=lambda joined: redact.may_hold_secret(joined, secrets),
                                  tables=tables, rowids=rowids)
    if hit:
        table, column, row, kind = hit
        raise SealError(redact.redact_text(
            f"refusing to seal: {kind} in table {table}, column {column}, row {row}; remove it and seal again",
            secrets.values()))


class _SecretCheck:
    """The secret scan riding on the format-3 hashing pass: a batch whose JSON text cannot hold a
    secret (redact.may_hold_secret_json) is cleared at once; the rows of any other batch are read
    again and checked value by value, so a finding names its table, column and row as before."""

    def __init__(self, conn: sqlite3.Connection, secrets: dict[str, str]):
        self.conn, self.secrets, self.whole_tables_done = conn, secrets, set()

    def __call__(self, table: str, batch: bytes, first: int | None, last: int | None) -> None:
        if table in self.whole_tables_done or not redact.may_hold_secret_json(batch, self.secrets):
            return
        if first is None:   # no rowids to narrow to: check the whole table once
            self.whole_tables_done.add(table)
        _refuse_secrets(self.conn, self.secrets, [table], None if first is None else (first, last))


def is_encrypted(path: str | Path) -> bool:
    """By the magic bytes alone, so a damaged plain file still reaches the check that reports it."""
    path = Path(path)
    if not path.is_file():
        raise SealError(f"no file at {path}")
    with open(path, "rb") as fh:
        return fh.read(len(sealcore.ENC_MAGIC)) == sealcore.ENC_MAGIC


def is_sealed(path: str | Path) -> bool:
    """True for an encrypted seal or a SQLite file with a seal row; never raises."""
    try:
        if sealcore.file_kind(Path(path)) == "encrypted":
            return True
        conn = seal_store.open_immutable(Path(path))
        try:
            return seal_store.read_seal(conn) is not None
        finally:
            conn.close()
    except (SealError, sqlite3.DatabaseError, OSError):
        return False


def _scratch_dir() -> Path:
    return seal_scratch.scratch_dir("open")


@contextlib.contextmanager
def _plain(path: Path, passphrase: str | None):
    """The sealed SQLite file itself, or a private decrypted copy removed afterwards. Anything that is
    not an encrypted seal goes to the plain check, which reports damage instead of raising."""
    if not path.is_file():
        raise SealError(f"no file at {path}")
    with open(path, "rb") as fh:
        encrypted = fh.read(len(sealcore.ENC_MAGIC)) == sealcore.ENC_MAGIC
    if not encrypted:
        yield path, False
        return
    if not passphrase:
        raise SealError(f"{path} is encrypted: a passphrase is needed")
    scratch = _scratch_dir()
    try:
        target = scratch / "sealed.faproj"
        sealcore.decrypt_file(path, target, passphrase)
        sealcore.file_kind(target)
        yield target, True
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _trust_set(trust: str | list[str] | None) -> set[str]:
    if not trust:
        return sealcore.trusted_fingerprints()
    specs = [trust] if isinstance(trust, str) else list(trust)
    out: set[str] = set()
    for s in specs:
        out |= sealcore.parse_trust(s)
    return out


def _verify_plain(path: Path, trust: str | list[str] | None) -> Verification:
    return seal_verify.verify_plain(path, lambda: _trust_set(trust))


def verify_sealed(path: str | Path, trust: str | list[str] | None = None,
                  passphrase: str | None = None) -> Verification:
    """Recompute a sealed file's manifest. `trust`: fingerprints, public keys or key files; without
    it the user's own key and the trusted-keys list in the config directory are trusted."""
    path = Path(path)
    with _plain(path, passphrase) as (plain, encrypted):
        ver = _verify_plain(plain, trust)
    ver.encrypted = encrypted
    ver.path = str(path)
    return ver


@dataclass
class SealedProject:
    """A sealed file opened read-only. `project` refuses writes; close() removes any decrypted copy."""

    project: Project
    verification: Verification
    path: str
    plain_path: str
    _scratch: Path | None = field(default=None, repr=False)

    def close(self) -> None:
        self.project.close()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def __enter__(self) -> "SealedProject":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_sealed(path: str | Path, passphrase: str | None = None,
                trust: str | list[str] | None = None) -> SealedProject:
    path = Path(path)
    kind = sealcore.file_kind(path)
    scratch: Path | None = None
    plain = path
    if kind == "encrypted":
        if not passphrase:
            raise SealError(f"{path} is encrypted: a passphrase is needed")
        scratch = _scratch_dir()
        plain = scratch / "sealed.faproj"
        try:
            sealcore.decrypt_file(path, plain, passphrase)
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
    try:
        ver = _verify_plain(plain, trust)
        if ver.damaged:
            raise SealError(ver.reasons[0] if ver.reasons else f"{path} is damaged")
        ver.encrypted = scratch is not None
        ver.path = str(path)
        try:
            project = Project.open(plain, immutable=True)
        except ReadOnlyProject as exc:
            raise SealError(f"{path} was sealed by an older factaudit (schema {ver.schema_version}); "
                            "make a working copy to open it") from exc
    except BaseException:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
        raise
    return SealedProject(project, ver, str(path), str(plain), scratch)


def make_working_copy(sealed: SealedProject | str | Path, dst: str | Path, passphrase: str | None = None) -> Path:
    """An ordinary, writable project with the sealed content and no seal; its meta table records
    which sealed file (signer, manifest hash) it came from."""
    dst = Path(dst)
    if dst.exists():
        raise InvalidArgument(f"{dst} already exists; choose another name for the working copy")
    dst.parent.mkdir(parents=True, exist_ok=True)
    ctx = contextlib.nullcontext((Path(sealed.plain_path), False)) if isinstance(sealed, SealedProject) \
        else _plain(Path(sealed), passphrase)
    source_name = Path(sealed.path if isinstance(sealed, SealedProject) else sealed).name
    with ctx as (plain, _):
        conn = seal_store.open_immutable(plain)
        try:
            row = seal_store.read_seal(conn)
            if row is None:
                raise SealError(f"{source_name} is not sealed")
            seal_store.vacuum_into(conn, dst)
        except sqlite3.DatabaseError as exc:
            dst.unlink(missing_ok=True)
            raise SealError(f"{source_name} is damaged: {exc}") from exc
        except UnicodeDecodeError as exc:   # a flipped bit in sqlite_master: SQLite's text is not UTF-8
            dst.unlink(missing_ok=True)
            raise SealError(f"{source_name} is damaged: its schema holds text that is not UTF-8") from exc
        finally:
            conn.close()
    provenance = json.dumps({"sealed_file": source_name, "signer": row.signer, "sealed_at": row.created,
                             "manifest_sha256": hashlib.sha256(row.manifest.encode()).hexdigest()})
    try:
        conn = sqlite3.connect(str(dst), isolation_level=None)
        try:
            seal_store.unseal(conn, provenance)
        finally:
            conn.close()
        # Opening for writing once brings an older sealed schema up to date (with a backup) and sets WAL.
        Project.open(dst).close()
    except (FactAuditError, sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        # A copy that cannot be opened is no working copy: leave nothing that blocks a rerun.
        for leftover in (dst, Path(f"{dst}-wal"), Path(f"{dst}-shm")):
            leftover.unlink(missing_ok=True)
        if isinstance(exc, FactAuditError):
            raise
        raise SealError(f"{source_name} is damaged: {exc}") from exc
    return dst


# ---- keys -----------------------------------------------------------------------------------------
export_public_key = sealcore.export_public_key  # the engine's function (rater packages take it here)


# ---- demo -----------------------------------------------------------------------------------------
SEALED_DEMO = "demo.sealed.faproj"


def demo_step_seal(project: Project, summary, progress: ProgressCallback) -> None:
    out = Path(project.path).with_name(SEALED_DEMO)
    progress(0, None, "sealing the demo project")
    res = seal_project(project, out, overwrite=True, progress=progress)
    ver = verify_sealed(out)
    summary.steps.append({
        "step": "seal", "path": res.path, "signer": res.signer, "valid": ver.valid, "bytes": res.bytes,
        "text": f"sealed a copy to {out.name}, signed by {res.signer}; verify-seal: "
                f"{'valid' if ver.valid else 'INVALID'}",
    })
