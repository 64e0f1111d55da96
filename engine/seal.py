"""Seal, verify and encrypt project files (the file-level and crypto half; SQL is in
engine/project/seal_store.py, the workflow in engine/services/seal.py).

A sealed file is a snapshot of a project (VACUUM INTO before format 4) with a `seal` row holding a
manifest (sha256 of every table's canonical content in primary-key order, a schema hash, app version,
signer, time), an Ed25519 signature over the manifest's exact bytes, and the signer's public key. Whoever holds a
trusted public key can check offline that nothing changed and who sealed it.

Seal format 2 (factaudit-seal/2) also signs every byte of the sealed file: the `seal_file` table
holds an Ed25519 signature over {manifest sha256, file sha256, size, offset}, where the file's sha256
is taken with the signature's own 88 bytes (at `offset`) replaced by a fixed placeholder, the bytes
they were written over. Any change anywhere in the file (a header field, a free page, an appended
page, row order) changes that hash; the per-table hashes of the manifest then name what changed.
Format 1 seals (table contents only, primary-key order) still verify, and say they are format 1.

Seal format 3 (factaudit-seal/3) is format 2 with per-table hashes SQLite can feed in bulk: each row is
written by SQLite as a JSON array (engine/project/seal_store.py, _row_json) and a batch of rows is
hashed with one update, instead of a Python encoder called once per value (most of a seal's time).
The Python encoder stays, for verifying format 1 and 2 seals only.

Seal format 4 (factaudit-seal/4) is format 2 with per-table hashes over each table's b-tree pages as
stored (engine/project/seal_store.py, pages_digest): the copy is a page-for-page SQLite backup whose
unused bytes are zeroed (scrub_unused, so deleted content does not ship, as VACUUM INTO ensured), and
nothing is decoded, so a seal costs about a copy and two reads of the file. A table's pages are found
by following interior pages (walk_btrees) or, when a value overflows, by SQLite's dbstat table. The
secret scan reads the same pages (may_hold_secret_raw) and checks rows value by value only where a page
could hold a secret. A table is named changed when any of its pages changed, also when a rewrite only
moved them. Without dbstat, verify-seal still checks every byte but lists every table as changed.

Keys, trust and encryption live in engine/seal_crypt.py (re-exported here).
"""
from __future__ import annotations

import base64
import binascii
import datetime as _dt
import functools
import hashlib
import mmap
import os
import re
import string
import struct
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from factaudit.engine import redact
from factaudit.engine.errors import SealError
from factaudit.engine.seal_crypt import (  # noqa: F401  (re-exported)
    ENC_CHUNK, ENC_MAGIC, FINGERPRINT_RE, GCM_TAG, KEY_FILE, MAX_HEADER, SCRYPT_N, SCRYPT_P, SCRYPT_R, TRUSTED_FILE,
    PublicKeyInfo, add_trusted_key, canonical_json, decrypt_file, encrypt_file, export_public_key, fingerprint,
    key_path, load_signing_key, own_public_key, parse_trust, public_raw, trusted_fingerprints, trusted_keys_path,
)

FORMAT_1 = "factaudit-seal/1"        # table contents only, primary-key order
FORMAT_2 = "factaudit-seal/2"        # + every byte of the file, rows in rowid order, header fields
FORMAT_3 = "factaudit-seal/3"        # format 2 with rows encoded by SQLite and hashed in batches
FORMAT_4 = "factaudit-seal/4"        # format 2 with per-table hashes over each table's b-tree pages
MANIFEST_FORMAT = FORMAT_4           # what new seals use
ROW_ORDER = {FORMAT_1: "pk", FORMAT_2: "rowid", FORMAT_3: "rowid", FORMAT_4: "rowid"}
ROW_ENCODING = {FORMAT_1: "values", FORMAT_2: "values", FORMAT_3: "json", FORMAT_4: "pages"}
FILE_SIGNATURE_FORMAT = "factaudit-seal-file/1"
SIG_B64_LEN = 88                     # base64 of a 64-byte Ed25519 signature
FILE_SIG_PLACEHOLDER = "!" * SIG_B64_LEN   # not base64; its record header ends in "=" (0x3d)

SQLITE_MAGIC = b"SQLite format 3\x00"

# Environment variables whose values must never appear in a sealed file.
SECRET_VARS = ("FACTAUDIT_API_KEY", "OPENAI_API_KEY")


def utc_now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def digest_args(fmt: str) -> tuple[str, str]:
    """(row order, row encoding) of a seal format's per-table hashes."""
    return ROW_ORDER[fmt], ROW_ENCODING[fmt]


# ---- manifest and signature ----------------------------------------------------------------------
def strict_b64(text: str, length: int | None = None) -> bytes:
    """Decode base64 that must be in canonical form: b64decode ignores the unused low bits of the
    last character, so two texts (one byte apart in the file) would otherwise decode alike."""
    raw = base64.b64decode(text, validate=True)
    if base64.b64encode(raw).decode() != text or (length is not None and len(raw) != length):
        raise ValueError("not canonical base64 of the expected length")
    return raw


@dataclass(frozen=True)
class Signed:
    manifest_text: str
    signature_b64: str
    public_key_b64: str
    signer: str


def sign_manifest(manifest: dict, key: Ed25519PrivateKey) -> Signed:
    text = canonical_json(manifest)
    sig = key.sign(text.encode("utf-8"))
    raw = public_raw(key.public_key())
    return Signed(text, base64.b64encode(sig).decode(), base64.b64encode(raw).decode(), fingerprint(raw))


def check_signature(manifest_text: str, signature_b64: str, public_key_b64: str) -> tuple[bool, str]:
    """(signature valid, signer fingerprint of the embedded key)."""
    return check_bytes(manifest_text.encode("utf-8"), signature_b64, public_key_b64)


def check_bytes(message: bytes, signature_b64: str, public_key_b64: str) -> tuple[bool, str]:
    try:
        raw = strict_b64(public_key_b64, 32)
        key = Ed25519PublicKey.from_public_bytes(raw)
    except (binascii.Error, ValueError) as exc:
        raise SealError(f"the seal is damaged: {exc}") from exc
    try:
        sig = strict_b64(signature_b64, 64)
        key.verify(sig, message)
        return True, fingerprint(raw)
    except (InvalidSignature, binascii.Error, ValueError):
        return False, fingerprint(raw)


# ---- the whole-file signature (format 2) -------------------------------------------------------
def file_message(manifest_text: str, file_sha256: str, size: int, offset: int) -> bytes:
    return canonical_json({"format": FILE_SIGNATURE_FORMAT, "manifest_sha256": hashlib.sha256(
        manifest_text.encode("utf-8")).hexdigest(), "file_sha256": file_sha256, "size": size,
        "offset": offset}).encode()


def file_digest(path: Path, signature_text: str) -> tuple[str | None, int, int]:
    """(sha256 of the file with `signature_text` replaced by the placeholder, its offset, size).
    The text must occur exactly once; otherwise (None, occurrences, size)."""
    needle = signature_text.encode("ascii", errors="replace")
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size == 0 or len(needle) != SIG_B64_LEN:
            return None, 0, size
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            at = mm.find(needle)
            if at < 0 or mm.find(needle, at + 1) >= 0:
                return None, 0 if at < 0 else 2, size
            h = hashlib.sha256()
            with memoryview(mm) as view:   # hashed in place, not copied out first
                h.update(view[:at])
                h.update(FILE_SIG_PLACEHOLDER.encode())
                h.update(view[at + len(needle):])
    return h.hexdigest(), at, size


def sign_file(path: Path, manifest_text: str, key: Ed25519PrivateKey) -> str:
    """Sign the sealed file and write the signature over the placeholder, in place."""
    sha, offset, size = file_digest(path, FILE_SIG_PLACEHOLDER)
    if sha is None:
        raise SealError("cannot seal: the file-signature placeholder is not found exactly once")
    sig = base64.b64encode(key.sign(file_message(manifest_text, sha, size, offset))).decode()
    with open(path, "r+b") as fh:
        fh.seek(offset)
        fh.write(sig.encode("ascii"))
        fh.flush()
        os.fsync(fh.fileno())
    return sig


@dataclass
class Verification:
    valid: bool
    changed_tables: list[str]
    signer: str | None
    trusted: bool
    signature_ok: bool = False
    schema_changed: bool = False
    encrypted: bool = False
    reasons: list[str] = field(default_factory=list)
    sealed_at: str | None = None
    app_version: str | None = None
    schema_version: int | None = None
    path: str = ""
    seal_format: str | None = None
    file_ok: bool | None = None        # format 2: every byte as signed (None: format 1, not covered)
    damaged: bool = False              # not readable as a sealed project at all
    # -wal / -shm / -journal files beside the sealed file: SQLite tools would read them instead of
    # (or roll them into) the sealed bytes, so the file is not what was sealed (issue #26).
    sidecars: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"valid": self.valid, "changed_tables": self.changed_tables, "signer": self.signer,
                "trusted": self.trusted, "signature_ok": self.signature_ok, "schema_changed": self.schema_changed,
                "encrypted": self.encrypted, "reasons": self.reasons, "sealed_at": self.sealed_at,
                "app_version": self.app_version, "schema_version": self.schema_version, "path": self.path,
                "seal_format": self.seal_format, "file_ok": self.file_ok, "damaged": self.damaged,
                "sidecars": self.sidecars}

    @property
    def status(self) -> str:
        if self.damaged:
            return "damaged"
        if not self.valid:
            if self.changed_tables or self.schema_changed:
                return "changed since sealing"
            return "files beside it would change it" if self.sidecars else "seal invalid"
        return "sealed, signer trusted" if self.trusted else "sealed, signer not trusted"


# ---- file checks ---------------------------------------------------------------------------------
def _u16(buf, at: int) -> int:
    return int.from_bytes(buf[at:at + 2], "big")


def _u32(buf, at: int) -> int:
    return int.from_bytes(buf[at:at + 4], "big")


def header_page_size(buf) -> int:
    """The page size a SQLite header names (stored as 1 for 65536)."""
    size = _u16(buf, 16)
    return 65536 if size == 1 else size


def file_kind(path: Path) -> str:
    """'sqlite' or 'encrypted'; SealError for anything that is neither or is cut short."""
    path = Path(path)
    if not path.is_file():
        raise SealError(f"no file at {path}")
    size = path.stat().st_size
    with open(path, "rb") as fh:
        head = fh.read(max(len(ENC_MAGIC), 100))
    if head.startswith(ENC_MAGIC):
        return "encrypted"
    if not head.startswith(SQLITE_MAGIC):
        raise SealError(f"{path} is not a sealed factaudit project (neither SQLite nor an encrypted seal)")
    if len(head) < 100:
        raise SealError(f"{path} is truncated: {size} bytes, shorter than a SQLite header")
    page_size = header_page_size(head)
    page_count, = struct.unpack(">I", head[28:32])
    change, = struct.unpack(">I", head[24:28])
    valid_for, = struct.unpack(">I", head[92:96])
    if page_size < 512 or page_size & (page_size - 1):
        raise SealError(f"{path} is damaged: impossible page size {page_size}")
    if size % page_size:
        raise SealError(f"{path} is truncated or damaged: {size} bytes is not a whole number of {page_size}-byte pages")
    if valid_for == change and page_count and size < page_count * page_size:
        raise SealError(f"{path} is truncated: {size} bytes, its header says {page_count * page_size}")
    return "sqlite"


def scan_for_secrets(path: Path, values: list[str] | None = None) -> list[str]:
    """Names of secret environment variables whose values occur in the file's bytes."""
    if values is None:
        named = [(n, os.environ.get(n, "")) for n in SECRET_VARS]
        named += [(n, v) for n, v in os.environ.items() if n.endswith("_API_KEY") and n not in SECRET_VARS]
    else:
        named = [(f"secret{i}", v) for i, v in enumerate(values)]
    needles = [(n, v.encode()) for n, v in named if v and len(v) >= 8]
    if not needles or os.path.getsize(path) == 0:
        return []
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        hits = {name for name, v in needles if mm.find(v) >= 0}
    return sorted(hits)


# ---- format 4: the copy's unused bytes and the raw-page secret pre-check ----------------------------
def scrub_unused(path: Path, pages) -> int:
    """Zero, in place, every byte of a SQLite file that holds no content: the gap between a b-tree
    page's cell pointers and its cells, its freeblocks (after their 4-byte links), the tail of the
    last page of an overflow chain, and free pages (a freelist trunk keeps its list). Deleted rows can
    linger there, and a page-for-page copy would ship them. Fragments of 1-3 bytes between cells stay.
    `pages`: seal_store.btree_pages of the file, taken before; no connection may be open on it."""
    zeroed = 0
    with open(path, "r+b") as fh, mmap.mmap(fh.fileno(), 0) as mm:
        size = header_page_size(mm)
        usable = size - mm[20]
        npages = len(mm) // size

        blank = memoryview(bytes(size))

        def zero(start: int, end: int) -> None:
            nonlocal zeroed
            if end > start:
                mm[start:end] = blank[:end - start]
                zeroed += end - start

        header_of = struct.Struct(">BHHH").unpack_from   # type, first freeblock, cells, content start
        for p in pages:
            base = (p.pageno - 1) * size
            if p.kind == "overflow":
                zero(base + usable - p.unused, base + usable)
                continue
            h = base + (100 if p.pageno == 1 else 0)
            kind, block, cells, content = header_of(mm, h)
            zero(h + (12 if kind in (2, 5) else 8) + 2 * cells, base + min(content or 65536, usable))
            seen = 0
            while block and seen < usable // 4:   # freeblocks: ascending offsets, 4+ bytes each
                nxt, length = struct.unpack_from(">HH", mm, base + block)
                zero(base + block + 4, base + min(block + length, usable))
                block, seen = (nxt if nxt > block else 0), seen + 1
        trunk, seen = _u32(mm, 32), 0
        while 0 < trunk <= npages and seen < npages:
            base = (trunk - 1) * size
            leaves = [_u32(mm, base + 8 + 4 * i) for i in range(min(_u32(mm, base + 4), (usable - 8) // 4))]
            zero(base + 8 + 4 * len(leaves), base + usable)
            for leaf in leaves:
                if 0 < leaf <= npages:
                    zero((leaf - 1) * size, (leaf - 1) * size + usable)
            trunk, seen = _u32(mm, base), seen + 1 + len(leaves)
    return zeroed   # no msync: sign_file's fsync writes these pages too (one page cache)


def _varint(buf, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def leaf_rowids(page: bytes, pageno: int) -> tuple[int, int] | None:
    """(first, last) rowid of the cells on a table b-tree leaf page, or None for any other page."""
    h = 100 if pageno == 1 else 0
    n = _u16(page, h + 3)
    if page[h] != 13 or n == 0:
        return None
    ends = []
    for cell in (_u16(page, h + 8), _u16(page, h + 8 + 2 * (n - 1))):
        _, at = _varint(page, cell)
        rowid, _ = _varint(page, at)
        ends.append(rowid - (1 << 64) if rowid >= 1 << 63 else rowid)
    return ends[0], ends[1]


QUERY_WINDOW = 64   # bytes before its "=" within which a credential query parameter ("?api_key") starts


@functools.cache
def _raw_scan_spec() -> tuple[tuple[bytes, ...], bytes, bool] | None:
    """What may_hold_secret_raw looks for, derived from redact's scan: for each pattern an ASCII literal
    every match contains (for a case-insensitive pattern, the longest piece of redact's literal free of
    letters that a non-ASCII character also matches, so the piece's characters are ASCII in any match),
    the last UTF-8 bytes of those non-ASCII characters, and whether the URL-query pattern (whose literal
    "=" every page holds as binary data) is run around each "=" instead. None: no usable literal."""
    odd = (*redact._FOLD_ODD, "\u212a")
    folds = "".join(sorted({x for x in string.ascii_lowercase for ch in odd if re.fullmatch(f"(?i){x}", ch)}))
    literals, query = [], False
    for kind, pattern in redact._SCAN:
        if pattern is redact._QUERY:
            query = True
            continue
        literal = redact._SCAN_LITERALS.get(kind) or ""
        if pattern.flags & re.IGNORECASE:
            literal = max(re.split(f"[{folds}]", literal), key=len)
        if not literal or not literal.isascii():
            return None
        literals.append(literal.lower().encode())
    return tuple(literals), bytes(sorted({ch.encode()[-1] for ch in odd})), query


def may_hold_secret_raw(data: bytes, exact: dict[str, str] | None = None) -> bool:
    """False only if no text value stored whole (UTF-8) in `data` holds anything redact.find_secret
    names: the raw-page counterpart of redact.may_hold_secret_json, for b-tree pages whose values do
    not spill to overflow pages (a value split over pages is not contiguous). True is only "maybe"."""
    if any(v and len(v) >= redact.MIN_SECRET_LEN and v.encode() in data for v in (exact or {}).values()):
        return True
    spec = _raw_scan_spec()
    if spec is None:
        return True
    literals, odd_last, query = spec
    lowered = data.lower()
    if any(literal in lowered for literal in literals):
        return True
    if not query:
        return False
    import numpy as np

    arr = np.frombuffer(lowered, np.uint8)
    eq = np.flatnonzero(arr[1:] == ord("=")) + 1
    before = arr[eq - 1]
    # A parameter name ends in a letter: ASCII, or one of the odd non-ASCII characters matching one.
    cand = eq[((before >= ord("a")) & (before <= ord("z"))) | np.isin(before, np.frombuffer(odd_last, np.uint8))]
    return any(redact._QUERY.search(data[max(0, at - QUERY_WINDOW):at + 2].decode("utf-8", "replace"))
               for at in cand.tolist())


def walk_btrees(path: Path, roots: dict[str, int]) -> list | None:
    """The pages of every b-tree (name -> root page) found by following interior pages, as
    seal_store.BtreePage rows, without dbstat's per-cell work. None whenever that cannot be the whole
    answer: an overflow page exists (some page is neither reached nor free; only dbstat assigns it),
    the file uses auto-vacuum pointer maps, or a page is reached twice or is not a b-tree page."""
    from factaudit.engine.project.seal_store import BtreePage

    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        size = header_page_size(mm)
        npages = len(mm) // size
        if _u32(mm, 52) or _u32(mm, 28) != npages:      # auto-vacuum, or a header out of date
            return None
        out, seen = [], set()
        for name, root in roots.items():
            todo = [root]
            while todo:
                pageno = todo.pop()
                if not 0 < pageno <= npages or pageno in seen:
                    return None
                seen.add(pageno)
                base = (pageno - 1) * size
                h = base + (100 if pageno == 1 else 0)
                kind, cells = mm[h], _u16(mm, h + 3)
                if kind in (2, 5):
                    offsets = struct.unpack_from(f">{cells}H", mm, h + 12)
                    todo += [_u32(mm, base + at) for at in offsets]
                    todo.append(_u32(mm, h + 8))
                elif kind not in (10, 13):
                    return None
                out.append(BtreePage(name, pageno, "internal" if kind in (2, 5) else "leaf", 0))
        lock_page = 1 if npages * size > 1 << 30 else 0
        return out if len(seen) + _u32(mm, 36) + lock_page == npages else None
