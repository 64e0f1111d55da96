"""Encrypted sealed files: the sealed SQLite bytes under AES-256-GCM, in chunks (one GCM call is capped
at 2^31-1 bytes), with a key from scrypt. Each chunk's nonce carries its index and its associated
data carries the header, the index and a last-chunk flag, so chunks cannot be reordered, dropped or
cut off without the decryption failing. (Split from engine/seal.py, which re-exports these names.)
"""
from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import struct
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from factaudit.engine.errors import SealError

ENC_MAGIC = b"FACTAUDIT SEALED ENCRYPTED v1\n"
ENC_CHUNK = 1 << 20
GCM_TAG = 16
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1
MAX_HEADER = 64 * 1024


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
