"""Seal, verify and encrypt project files (the file-level and crypto half; SQL is in
engine/project/seal_store.py, the workflow in engine/services/seal.py).

A sealed file is a VACUUM INTO snapshot of a project with a `seal` row holding a manifest (sha256 of
every table's canonical content in primary-key order, a schema hash, app version, signer, time),
an Ed25519 signature over the manifest's exact bytes, and the signer's public key. Whoever holds a
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

Encryption lives in engine/seal_crypt.py (re-exported here).
"""
from __future__ import annotations

import base64
import binascii
import datetime as _dt
import hashlib
import mmap
import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from factaudit.engine.config import config_dir
from factaudit.engine.errors import SealError
from factaudit.engine.seal_crypt import (  # noqa: F401  (re-exported)
    ENC_CHUNK, ENC_MAGIC, GCM_TAG, MAX_HEADER, SCRYPT_N, SCRYPT_P, SCRYPT_R, canonical_json, decrypt_file,
    encrypt_file,
)

FORMAT_1 = "factaudit-seal/1"        # table contents only, primary-key order
FORMAT_2 = "factaudit-seal/2"        # + every byte of the file, rows in rowid order, header fields
FORMAT_3 = "factaudit-seal/3"        # format 2 with rows encoded by SQLite and hashed in batches
MANIFEST_FORMAT = FORMAT_3           # what new seals use
ROW_ORDER = {FORMAT_1: "pk", FORMAT_2: "rowid", FORMAT_3: "rowid"}
ROW_ENCODING = {FORMAT_1: "values", FORMAT_2: "values", FORMAT_3: "json"}
FILE_SIGNATURE_FORMAT = "factaudit-seal-file/1"
SIG_B64_LEN = 88                     # base64 of a 64-byte Ed25519 signature
FILE_SIG_PLACEHOLDER = "!" * SIG_B64_LEN   # not base64; its record header ends in "=" (0x3d)
KEY_FILE = "signing_key.pem"
TRUSTED_FILE = "trusted_keys.txt"
FINGERPRINT_RE = re.compile(r"^ed25519:[0-9a-f]{16}$")

SQLITE_MAGIC = b"SQLite format 3\x00"

# Environment variables whose values must never appear in a sealed file.
SECRET_VARS = ("FACTAUDIT_API_KEY", "OPENAI_API_KEY")


def utc_now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def digest_args(fmt: str) -> tuple[str, str]:
    """(row order, row encoding) of a seal format's per-table hashes."""
    return ROW_ORDER[fmt], ROW_ENCODING[fmt]


# ---- keys ---------------------------------------------------------------------------------------
def fingerprint(public_raw: bytes) -> str:
    return "ed25519:" + hashlib.sha256(public_raw).hexdigest()[:16]


def public_raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_path() -> Path:
    return config_dir() / KEY_FILE


def load_signing_key(create: bool = True) -> Ed25519PrivateKey | None:
    """The user's signing key, made on first use with mode 0600 in the user config directory."""
    path = key_path()
    if path.is_file():
        try:
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        except (ValueError, TypeError) as exc:
            raise SealError(f"the signing key at {path} is damaged: {exc}") from exc
        if not isinstance(key, Ed25519PrivateKey):
            raise SealError(f"the signing key at {path} is not an Ed25519 key")
        return key
    if not create:
        return None
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    try:
        # O_EXCL: two processes making a key at once must not overwrite each other's.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return load_signing_key(create=False)
    try:
        os.write(fd, pem)
    finally:
        os.close(fd)
    return key


def own_public_key(create: bool = False) -> bytes | None:
    key = load_signing_key(create=create)
    return public_raw(key.public_key()) if key else None


@dataclass(frozen=True)
class PublicKeyInfo:
    fingerprint: str
    public_key_b64: str
    pem: str
    key_file: str


def export_public_key() -> PublicKeyInfo:
    key = load_signing_key(create=True)
    pub = key.public_key()
    pem = pub.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    raw = public_raw(pub)
    return PublicKeyInfo(fingerprint(raw), base64.b64encode(raw).decode(), pem, str(key_path()))


def _parse_key_text(text: str) -> set[str]:
    """Fingerprints named in a text: PEM public keys, base64 raw keys or fingerprints, one a line."""
    found: set[str] = set()
    for pem in re.findall(r"-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", text, re.S):
        try:
            key = serialization.load_pem_public_key(pem.encode())
        except ValueError as exc:
            raise SealError(f"unreadable public key: {exc}") from exc
        if not isinstance(key, Ed25519PublicKey):
            raise SealError("the public key is not an Ed25519 key")
        found.add(fingerprint(public_raw(key)))
    text = re.sub(r"-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", "", text, flags=re.S)
    for line in text.splitlines():
        token = line.split("#", 1)[0].strip()
        if not token:
            continue
        if FINGERPRINT_RE.match(token.lower()):
            found.add(token.lower())
            continue
        try:
            raw = base64.b64decode(token, validate=True)
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) != 32:
            raise SealError(f"not a public key or ed25519:<fingerprint>: {token[:40]!r}")
        found.add(fingerprint(raw))
    return found


def parse_trust(spec: str) -> set[str]:
    """`--trust` value: a fingerprint, a base64 public key, or a file holding keys/fingerprints."""
    spec = spec.strip()
    if FINGERPRINT_RE.match(spec.lower()):
        return {spec.lower()}
    path = Path(spec).expanduser()
    if path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SealError(f"cannot read the public key file {path}: {exc}") from exc
        found = _parse_key_text(text)
        if not found:
            raise SealError(f"no public key or fingerprint in {path}")
        return found
    return _parse_key_text(spec)


def trusted_keys_path() -> Path:
    return config_dir() / TRUSTED_FILE


def trusted_fingerprints() -> set[str]:
    """The user's own key plus the trusted-keys list in the config directory."""
    out: set[str] = set()
    own = own_public_key(create=False)
    if own:
        out.add(fingerprint(own))
    path = config_dir(create=False) / TRUSTED_FILE
    if path.is_file():
        out |= _parse_key_text(path.read_text(encoding="utf-8"))
    return out


def add_trusted_key(spec: str, label: str = "") -> set[str]:
    found = parse_trust(spec)
    path = trusted_keys_path()
    known = trusted_fingerprints()
    with open(path, "a", encoding="utf-8") as fh:
        for fp in sorted(found - known):
            fh.write(f"{fp}{'  # ' + label if label else ''}\n")
    return found


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
            h.update(mm[:at])
            h.update(FILE_SIG_PLACEHOLDER.encode())
            step = 1 << 22
            for start in range(at + len(needle), size, step):
                h.update(mm[start:min(size, start + step)])
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

    def to_json(self) -> dict:
        return {"valid": self.valid, "changed_tables": self.changed_tables, "signer": self.signer,
                "trusted": self.trusted, "signature_ok": self.signature_ok, "schema_changed": self.schema_changed,
                "encrypted": self.encrypted, "reasons": self.reasons, "sealed_at": self.sealed_at,
                "app_version": self.app_version, "schema_version": self.schema_version, "path": self.path,
                "seal_format": self.seal_format, "file_ok": self.file_ok, "damaged": self.damaged}

    @property
    def status(self) -> str:
        if self.damaged:
            return "damaged"
        if not self.valid:
            return "changed since sealing" if self.changed_tables or self.schema_changed else "seal invalid"
        return "sealed, signer trusted" if self.trusted else "sealed, signer not trusted"


# ---- file checks ---------------------------------------------------------------------------------
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
    page_size = struct.unpack(">H", head[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
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
    if not needles:
        return []
    overlap = max(len(v) for _, v in needles) - 1
    hits: set[str] = set()
    tail = b""
    with open(path, "rb") as fh:
        while True:
            block = fh.read(ENC_CHUNK)
            if not block:
                break
            window = tail + block
            for name, v in needles:
                if v in window:
                    hits.add(name)
            tail = window[-overlap:] if overlap else b""
    return sorted(hits)


