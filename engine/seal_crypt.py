"""Signing keys and trust (the user's Ed25519 key, trusted fingerprints), and encrypted sealed files:
the sealed SQLite bytes under AES-256-GCM, in chunks (one GCM call is capped at 2^31-1 bytes), with a
key from scrypt. Each chunk's nonce carries its index and its associated
data carries the header, the index and a last-chunk flag, so chunks cannot be reordered, dropped or
cut off without the decryption failing. (Split from engine/seal.py, which re-exports these names.)
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import secrets
import struct
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InternalError, InvalidTag, UnsupportedAlgorithm
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from factaudit.engine.config import config_dir
from factaudit.engine.errors import SealError

KEY_FILE = "signing_key.pem"
TRUSTED_FILE = "trusted_keys.txt"
FINGERPRINT_RE = re.compile(r"^ed25519:[0-9a-f]{16}$")

ENC_MAGIC = b"FACTAUDIT SEALED ENCRYPTED v1\n"
ENC_CHUNK = 1 << 20
GCM_TAG = 16
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1
MAX_HEADER = 64 * 1024
# What a header may ask of scrypt: n a power of two up to 2^20, r up to 16, p up to 16, and at most
# 1 GiB of memory (128·n·r bytes). Anything else is damage, said in one line, not a traceback or an
# attempt to allocate what the header asks for.
SCRYPT_MAX_N, SCRYPT_MAX_R, SCRYPT_MAX_P, SCRYPT_MAX_MEM = 2 ** 20, 16, 16, 1 << 30


def canonical_json(value: dict) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


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
        if not isinstance(meta, dict):
            raise TypeError("not an object")
        meta["salt_bytes"] = base64.b64decode(meta["salt"], validate=True)
        meta["prefix_bytes"] = base64.b64decode(meta["nonce_prefix"], validate=True)
        for k in ("n", "r", "p", "chunk_size"):
            if not isinstance(meta[k], int) or isinstance(meta[k], bool):
                raise TypeError(f"{k} is not an integer")
    except (ValueError, KeyError, TypeError, binascii.Error, RecursionError) as exc:
        # ValueError also covers integers of more than 4,300 digits (Python's conversion limit).
        raise SealError(f"{path} is damaged (unreadable encrypted header)") from exc
    if meta.get("cipher") != "AES-256-GCM" or meta.get("kdf") != "scrypt" or len(meta["prefix_bytes"]) != 4:
        raise SealError(f"{path} uses an encryption this factaudit does not know: {str(meta.get('cipher'))[:40]}")
    problem = _scrypt_problem(meta["n"], meta["r"], meta["p"], meta["chunk_size"], meta["salt_bytes"])
    if problem:
        raise SealError(f"{path} is damaged (implausible encryption parameters: {problem})")
    return magic + raw_len + body, meta


def _scrypt_problem(n: int, r: int, p: int, chunk_size: int, salt: bytes) -> str | None:
    if not (2 <= n <= SCRYPT_MAX_N) or n & (n - 1):
        return f"n = {str(n)[:20]} is not a power of two between 2 and {SCRYPT_MAX_N}"
    if not (1 <= r <= SCRYPT_MAX_R) or not (1 <= p <= SCRYPT_MAX_P):
        return f"r = {str(r)[:20]}, p = {str(p)[:20]} outside 1..{SCRYPT_MAX_R} and 1..{SCRYPT_MAX_P}"
    if 128 * n * r > SCRYPT_MAX_MEM:
        return f"scrypt would need {128 * n * r >> 20} MiB"
    if not (0 < chunk_size <= 1 << 30):
        return f"chunk size {str(chunk_size)[:20]}"
    if not salt:
        return "empty salt"
    return None


def decrypt_file(src: Path, dst: Path, passphrase: str) -> None:
    src = Path(src)
    tmp = Path(str(dst) + ".part")
    try:
        with open(src, "rb") as fin:
            header, meta = _read_header(fin, src)
            try:
                key = _derive(passphrase, meta["salt_bytes"], meta["n"], meta["r"], meta["p"])
            except (ValueError, MemoryError, InternalError, UnsupportedAlgorithm) as exc:
                raise SealError(f"{src} cannot be decrypted: scrypt refused its parameters ({exc})") from exc
            aes = AESGCM(key)
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
