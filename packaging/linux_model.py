"""The embedded LLM's own Linux package (`make deb-model`, issue #32 item 1).

The official Qwen2.5-Coder-1.5B-Instruct Q4_K_M GGUF is 1.1 GB: inside the app's .deb it would break
the 700 MB limit and make every app update a 1.1 GB download. So it ships as
`factaudit-model-qwen2.5-coder-1.5b` (Architecture: all), which the app package Recommends and which
installs the file where engine/models/qwen_assembly.search_dirs() already looks
(/usr/share/factaudit/models), with its verification stamp, and the Apache-2.0 text, NOTICE and model
card under /usr/share/doc/<package>/.

The stamp vouches for the file by size and mtime (qwen_assembly.is_verified). dpkg restores each
file's mtime from the archive, but the tar headers keep whole seconds, so the stamp is written for the
file's mtime cut to the second, the mtime the installed file will have; dpkg-deb runs without
SOURCE_DATE_EPOCH, which would clamp the mtime and break that. The build reads the archive back and
refuses a package whose packed mtime or size differ from its stamp, so the shortcut never vouches for
bytes that were not hashed here.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import time
from pathlib import Path

from factaudit.engine.models import qwen_assembly as qa

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PACKAGE = qa.PACKAGE
# The model package's own version, not the app's: bumped only when what it installs changes, so an
# app upgrade does not download the 1.1 GB again.
VERSION = "1.0"
DOCS = ROOT / "resources" / "models" / qa.NAME
DOC_FILES = ("LICENSE", "NOTICE", "MODEL_CARD.md")
GGUF_MAGIC = b"GGUF"
DESCRIPTION = f"""\
embedded LLM of factaudit: Qwen2.5-Coder-1.5B-Instruct Q4_K_M
 The official {qa.FILENAME} ({qa.SIZE:,} bytes, sha256
 {qa.SHA256}),
 published by the Qwen team (Alibaba Cloud) under the Apache License 2.0
 at {qa.PUBLISHED}.
 factaudit uses it for verdicts with reasoning, pre-labels, claim
 decomposition and the stance cascade; it finds it in
 {qa.PACKAGE_DIR}."""


class ModelPackageError(Exception):
    """The model package cannot be built; the message says why in one sentence."""


def refuse_bundled_model(bundle: Path) -> None:
    """The app bundle must not carry the model: it has its own package."""
    for folder, _dirs, files in os.walk(bundle):
        if qa.FILENAME in files:
            raise ModelPackageError(f"the bundle carries {Path(folder, qa.FILENAME)}, which belongs in the "
                                    f"{PACKAGE} package, not in the app's")


def sha256_of(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def check_gguf(gguf: Path, size: int, sha256: str) -> None:
    """Refuse anything but the expected file, before any byte is staged."""
    if not gguf.is_file():
        raise ModelPackageError(f"no model file at {gguf} (run `make install` first)")
    got = gguf.stat().st_size
    if got != size:
        raise ModelPackageError(f"refused: {gguf} is {got:,} bytes, not the official {size:,} of {qa.FILENAME}")
    with gguf.open("rb") as fh:
        if fh.read(4) != GGUF_MAGIC:
            raise ModelPackageError(f"refused: {gguf} is not a GGUF file")
    digest = sha256_of(gguf)
    if digest != sha256:
        raise ModelPackageError(f"refused: {gguf} has sha256 {digest}, not the official {sha256} of {qa.FILENAME}")


def _link_or_copy(src: Path, dst: Path) -> None:
    # A hard link spares a 1.1 GB copy; the original's mtime is only read, never set, so the
    # environment's own stamp stays valid.
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def stage(gguf: Path, root: Path, sha256: str) -> int:
    """The package's tree under root; returns the whole-second mtime the stamp records."""
    if root.exists():
        shutil.rmtree(root)
    models = root / str(qa.PACKAGE_DIR).lstrip("/")
    models.mkdir(parents=True)
    target = models / qa.FILENAME
    _link_or_copy(gguf, target)
    st = target.stat()
    mtime_s = st.st_mtime_ns // 10**9
    stamp = qa.stamp_path(target)
    stamp.write_text(json.dumps({"file": qa.FILENAME, "size": st.st_size, "mtime_ns": mtime_s * 10**9,
                                 "sha256": sha256, "packaged": PACKAGE}, indent=1) + "\n", encoding="utf-8")
    doc = root / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    for name in DOC_FILES:
        shutil.copyfile(DOCS / name, doc / name)
    # Debian policy's name for the licence statement: the NOTICE, then the licence itself.
    (doc / "copyright").write_text((DOCS / "NOTICE").read_text(encoding="utf-8") + "\n"
                                   + (DOCS / "LICENSE").read_text(encoding="utf-8"), encoding="utf-8")
    return mtime_s


def control_text(version: str, installed_kib: int) -> str:
    return (f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: all\n"
            f"Maintainer: factaudit developers <factaudit@localhost>\nInstalled-Size: {installed_kib}\n"
            f"Enhances: factaudit\nSection: science\nPriority: optional\nDescription: {DESCRIPTION}\n")


def packed_member(deb: Path, name: str) -> tarfile.TarInfo:
    """The header of one file in the package's data archive (the archive is streamed, never unpacked)."""
    proc = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", str(deb)], stdout=subprocess.PIPE)
    try:
        with tarfile.open(fileobj=proc.stdout, mode="r|") as tar:
            for member in tar:
                if member.name.lstrip("./") == name:
                    return member
    finally:
        proc.stdout.close()
        proc.kill()
        proc.wait()
    raise ModelPackageError(f"{deb.name} does not contain {name}")


def build_model_deb(gguf: Path | None, out: Path, *, work: Path | None = None, compress: str = "none",
                    size: int = qa.SIZE, sha256: str = qa.SHA256, version: str = VERSION, log=print) -> Path:
    """The model's .deb from `gguf` (the file the app finds when None). `size` and `sha256` are the
    official file's; tests pass a small file's own."""
    if shutil.which("dpkg-deb") is None:
        raise ModelPackageError("dpkg-deb is not installed (it comes with dpkg, on Debian and Ubuntu)")
    if gguf is None:
        gguf = qa.find_file()
        if gguf is None:
            raise ModelPackageError(f"no {qa.FILENAME} found in {', '.join(map(str, qa.search_dirs()))} "
                                    "(run `make install` first)")
    gguf = Path(gguf)
    started = time.perf_counter()
    check_gguf(gguf, size, sha256)
    root = (work or ROOT / "build" / "deb-model") / "root"
    mtime_s = stage(gguf, root, sha256)
    import build_linux  # the app package's helpers (imported here: build_linux imports this module)

    installed = build_linux.installed_kib(root)
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(control_text(version, installed), encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{version}_all.deb"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    subprocess.run(["dpkg-deb", "--root-owner-group", f"-Z{compress}", "--build", str(root), str(deb)],
                   check=True, stdout=subprocess.DEVNULL, env=env)
    rel = f"{str(qa.PACKAGE_DIR).lstrip('/')}/{qa.FILENAME}"
    member = packed_member(deb, rel)
    if member.size != size or int(member.mtime) != mtime_s:
        deb.unlink()
        raise ModelPackageError(f"refused: {rel} was packed with size {member.size:,} and mtime {member.mtime}, "
                                f"not the {size:,} and {mtime_s} its stamp records")
    shutil.rmtree(root)
    log(f"{deb.name}: {deb.stat().st_size / 10**6:.1f} MB ({compress}), Installed-Size {installed} KiB, "
        f"built in {time.perf_counter() - started:.1f} s")
    return deb
