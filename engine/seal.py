"""Seal, verify and encrypt project files (the file-level and crypto half; SQL is in
engine/project/seal_store.py, the workflow in engine/services/seal.py).

A sealed file is a VACUUM INTO snapshot of a project with a `seal` row holding a manifest (sha256 of
every table's canonical content in primary-key order, a schema hash, app version, signer, time),
an Ed25519 signature over the manifest's exact bytes, and the signer's public key. Whoever holds a
trusted public key can check offline that nothing changed and who sealed it.

An encrypted sealed file is the same bytes under AES-256-GCM, in chunks (one GCM call is capped at
2^31-1 bytes), with a key from scrypt. Each chunk's nonce carries its index and its associated data
carries the header, the index and a last-chunk flag, so chunks cannot be reordered, dropped or
cut off without the decryption failing.
"""
from __future__ import annotations

import base64
import binascii
import datetime as _dt
import hashlib
import json
import os
import re
import secrets
import struct
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from factaudit.engine.config import config_dir
from factaudit.engine.errors import SealError

MANIFEST_FORMAT = "factaudit-seal/1"
KEY_FILE = "signing_key.pem"
TRUSTED_FILE = "trusted_keys.txt"
FINGERPRINT_RE = re.compile(r"^ed25519:[0-9a-f]{16}$")

SQLITE_MAGIC = b"SQLite format 3\x00"
ENC_MAGIC = b"FACTAUDIT SEALED ENCRYPTED v1\n"
ENC_CHUNK = 1 << 20
GCM_TAG = 16
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1
MAX_HEADER = 64 * 1024

# Environment variables whose values must never appear in a sealed file.
SECRET_VARS = ("FACTAUDIT_API_KEY", "OPENAI_API_KEY")


def utc_now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


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
def canonical_json(value: dict) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


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
    try:
        raw = base64.b64decode(public_key_b64, validate=True)
        sig = base64.b64decode(signature_b64, validate=True)
        key = Ed25519PublicKey.from_public_bytes(raw)
    except (binascii.Error, ValueError) as exc:
        raise SealError(f"the seal is damaged: {exc}") from exc
    try:
        key.verify(sig, manifest_text.encode("utf-8"))
        return True, fingerprint(raw)
    except InvalidSignature:
        return False, fingerprint(raw)


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

    def to_json(self) -> dict:
        return {"valid": self.valid, "changed_tables": self.changed_tables, "signer": self.signer,
                "trusted": self.trusted, "signature_ok": self.signature_ok, "schema_changed": self.schema_changed,
                "encrypted": self.encrypted, "reasons": self.reasons, "sealed_at": self.sealed_at,
                "app_version": self.app_version, "schema_version": self.schema_version, "path": self.path}

    @property
    def status(self) -> str:
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


# ---- encryption ----------------------------------------------------------------------------------
def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    if not passphrase:
        raise SealError("an empty passphrase cannot protect a file")
    return Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(passphrase.encode("utf-8"))


def _aad(header: bytes, index: int, final: bool) -> bytes:
    return header + struct.pack(">QB", index, 1 if final else 0)


def encrypt_file(src: Path, dst: Path, passphrase: str, chunk_size: int = ENC_CHUNK) -> None:
    salt = secrets.token_bytes(16)
    prefix = secrets.token_bytes(4)
    meta = {"cipher": "AES-256-GCM", "kdf": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P,
            "salt": base64.b64encode(salt).decode(), "nonce_prefix": base64.b64encode(prefix).decode(),
            "chunk_size": chunk_size}
    body = canonical_json(meta).encode()
    header = ENC_MAGIC + struct.pack(">I", len(body)) + body
    aes = AESGCM(_derive(passphrase, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))
    tmp = Path(str(dst) + ".part")
    try:
        with open(src, "rb") as fin, open(tmp, "wb") as fout:
            fout.write(header)
            index = 0
            chunk = fin.read(chunk_size)
            while True:
                nxt = fin.read(chunk_size)
                final = not nxt
                nonce = prefix + struct.pack(">Q", index)
                fout.write(aes.encrypt(nonce, chunk, _aad(header, index, final)))
                if final:
                    break
                chunk, index = nxt, index + 1
        os.replace(tmp, dst)
    finally:
        tmp.unlink(missing_ok=True)


def _read_header(fh, path: Path) -> tuple[bytes, dict]:
    magic = fh.read(len(ENC_MAGIC))
    if magic != ENC_MAGIC:
        raise SealError(f"{path} is not an encrypted sealed file")
    raw_len = fh.read(4)
    if len(raw_len) < 4:
        raise SealError(f"{path} is truncated (encrypted header cut short)")
    n, = struct.unpack(">I", raw_len)
    if n > MAX_HEADER:
        raise SealError(f"{path} is damaged (encrypted header of {n} bytes)")
    body = fh.read(n)
    if len(body) < n:
        raise SealError(f"{path} is truncated (encrypted header cut short)")
    try:
        meta = json.loads(body)
        meta["salt_bytes"] = base64.b64decode(meta["salt"])
        meta["prefix_bytes"] = base64.b64decode(meta["nonce_prefix"])
        for k in ("n", "r", "p", "chunk_size"):
            meta[k] = int(meta[k])
    except (ValueError, KeyError, TypeError, binascii.Error) as exc:
        raise SealError(f"{path} is damaged (unreadable encrypted header)") from exc
    if meta.get("cipher") != "AES-256-GCM" or meta.get("kdf") != "scrypt" or len(meta["prefix_bytes"]) != 4:
        raise SealError(f"{path} uses an encryption this factaudit does not know: {meta.get('cipher')}")
    if not (0 < meta["chunk_size"] <= 1 << 30) or meta["n"] > 2 ** 20:
        raise SealError(f"{path} is damaged (implausible encryption parameters)")
    return magic + raw_len + body, meta


def decrypt_file(src: Path, dst: Path, passphrase: str) -> None:
    src = Path(src)
    tmp = Path(str(dst) + ".part")
    try:
        with open(src, "rb") as fin:
            header, meta = _read_header(fin, src)
            aes = AESGCM(_derive(passphrase, meta["salt_bytes"], meta["n"], meta["r"], meta["p"]))
            step = meta["chunk_size"] + GCM_TAG
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as fout:
                index = 0
                block = fin.read(step)
                if not block:
                    raise SealError(f"{src} is truncated (no encrypted content)")
                while True:
                    nxt = fin.read(step)
                    final = not nxt
                    nonce = meta["prefix_bytes"] + struct.pack(">Q", index)
                    try:
                        fout.write(aes.decrypt(nonce, block, _aad(header, index, final)))
                    except InvalidTag:
                        if index == 0 and not final:
                            raise SealError("wrong passphrase, or the encrypted file was changed") from None
                        raise SealError(f"wrong passphrase, or {src} is truncated or was changed") from None
                    if final:
                        break
                    block, index = nxt, index + 1
        os.replace(tmp, dst)
    finally:
        tmp.unlink(missing_ok=True)
