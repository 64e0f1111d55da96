"""The embedded LLM's own .deb (issue #32 item 1, packaging/linux_model.py) built from a small GGUF whose
size and sha256 stand in for the official ones: what dpkg-deb reads back (fields, paths, bytes), the
stamp still vouching for the file after unpacking (dpkg keeps whole-second mtimes), the app finding
and the self-test naming the package's copy, the refusals, and the app package's Recommends:."""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from factaudit.engine.models import qwen_assembly as qa

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
if str(PACKAGING) not in sys.path:
    sys.path.insert(0, str(PACKAGING))
build = importlib.import_module("build_linux")
model = importlib.import_module("linux_model")

pytestmark = pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
MODELS_REL = "usr/share/factaudit/models"


def _small_gguf(path: Path) -> tuple[bytes, int, str]:
    """A GGUF-magic file of 50,000 random bytes whose mtime has a fractional second (what tar drops)."""
    rng = random.Random(32)
    data = b"GGUF" + bytes(rng.randrange(256) for _ in range(49_996))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, ns=(1_760_000_000_750_000_000, 1_760_000_000_750_000_000))
    return data, len(data), hashlib.sha256(data).hexdigest()


def _field(deb: Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True,
                          check=True).stdout.strip()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("model-deb")
    src = tmp / "src" / qa.FILENAME
    data, size, sha = _small_gguf(src)
    deb = model.build_model_deb(src, tmp / "out", work=tmp / "work", size=size, sha256=sha, log=lambda *_: None)
    files = tmp / "unpacked"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(files)], check=True)
    return {"deb": deb, "files": files, "src": src, "data": data, "size": size, "sha": sha}


def test_the_package_reads_back(built):
    deb = built["deb"]
    assert deb.name == f"factaudit-model-qwen2.5-coder-1.5b_{model.VERSION}_all.deb"
    assert (_field(deb, "Package"), _field(deb, "Architecture"), _field(deb, "Version")) == \
        ("factaudit-model-qwen2.5-coder-1.5b", "all", model.VERSION)
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    paths = {line.split()[-1].lstrip(".") for line in listing.splitlines()}
    doc = "/usr/share/doc/factaudit-model-qwen2.5-coder-1.5b"
    assert {f"/{MODELS_REL}/{qa.FILENAME}", f"/{MODELS_REL}/{qa.FILENAME}.verified.json",
            f"{doc}/LICENSE", f"{doc}/NOTICE", f"{doc}/MODEL_CARD.md", f"{doc}/copyright"} <= paths
    assert all(line.split()[1] == "root/root" for line in listing.splitlines())
    files = built["files"]
    assert (files / MODELS_REL / qa.FILENAME).read_bytes() == built["data"]
    for name in model.DOC_FILES:
        assert (files / doc.lstrip("/") / name).read_bytes() == (model.DOCS / name).read_bytes()
    assert "Apache License" in (files / doc.lstrip("/") / "copyright").read_text()
    assert int(_field(deb, "Installed-Size")) == build.installed_kib(files)
    # packing reads the source only: its mtime (which its own stamp records) is untouched
    assert built["src"].stat().st_mtime_ns == 1_760_000_000_750_000_000


def test_the_unpacked_file_is_found_and_its_stamp_holds_without_a_rehash(built, monkeypatch):
    folder = built["files"] / MODELS_REL
    path = folder / qa.FILENAME
    stamp = json.loads(qa.stamp_path(path).read_text())
    assert (stamp["size"], stamp["sha256"], stamp["mtime_ns"]) == (built["size"], built["sha"], 1_760_000_000 * 10**9)
    assert path.stat().st_mtime_ns == stamp["mtime_ns"]   # dpkg restores the packed whole-second mtime
    monkeypatch.setenv("FACTAUDIT_EMBEDDED_MODELS", str(folder))
    assert qa.search_dirs() == [folder] and qa.find_file() == path
    assert qa.is_verified(path, size=built["size"], sha256=built["sha"], rehash=False)
    assert not qa.is_verified(path, rehash=False)   # the official size and sha256 are not this file's


def test_the_self_test_names_the_package(built, monkeypatch, tmp_path):
    from factaudit.engine import selftest

    # the unpacked tree stands in for /usr/share/factaudit/models; this environment has no model
    monkeypatch.delenv("FACTAUDIT_EMBEDDED_MODELS", raising=False)
    monkeypatch.setattr(qa, "PACKAGE_DIR", built["files"] / MODELS_REL)
    monkeypatch.setattr(qa, "install_dir", lambda: tmp_path / "empty")
    monkeypatch.setattr(qa, "SIZE", built["size"])
    monkeypatch.setattr(qa, "SHA256", built["sha"])
    monkeypatch.setattr(qa.hashlib, "file_digest", None)   # a rehash would fail: the stamp must do
    line = selftest.check_embedded_llm({})
    assert line.endswith(f"{built['files'] / MODELS_REL / qa.FILENAME} (from the "
                         "factaudit-model-qwen2.5-coder-1.5b package)"), line
    monkeypatch.setattr(qa, "PACKAGE_DIR", tmp_path / "nothing")
    with pytest.raises(RuntimeError, match="install the package factaudit-model-qwen2.5-coder-1.5b"):
        selftest.check_embedded_llm({})


def test_origin_names_each_place(monkeypatch, tmp_path):
    monkeypatch.delenv("FACTAUDIT_EMBEDDED_MODELS", raising=False)
    assert qa.origin(qa.PACKAGE_DIR / qa.FILENAME) == "the factaudit-model-qwen2.5-coder-1.5b package"
    assert qa.origin(qa.install_dir() / qa.FILENAME) == "make install in this Python environment"
    monkeypatch.setenv("FACTAUDIT_EMBEDDED_MODELS", str(tmp_path))
    assert "FACTAUDIT_EMBEDDED_MODELS" in qa.origin(tmp_path / qa.FILENAME)


def test_a_stamp_that_cannot_be_written_still_verifies(tmp_path, monkeypatch):
    """A package's folder is root's: a user's rehash verifies the file without renewing the stamp."""
    path = tmp_path / qa.FILENAME
    data, size, sha = _small_gguf(path)

    def refuse(*_a, **_k):
        raise PermissionError("read-only")

    monkeypatch.setattr(qa, "write_stamp", refuse)
    assert qa.is_verified(path, size=size, sha256=sha) and not qa.stamp_path(path).exists()


@pytest.mark.parametrize("spoil", ["size", "sha256", "magic"])
def test_anything_but_the_expected_file_is_refused(tmp_path, spoil):
    src = tmp_path / qa.FILENAME
    data, size, sha = _small_gguf(src)
    if spoil == "size":
        src.write_bytes(data + b"\0")
    elif spoil == "sha256":
        src.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    else:
        src.write_bytes(b"GGML" + data[4:])
        sha = hashlib.sha256(src.read_bytes()).hexdigest()
    with pytest.raises(model.ModelPackageError, match=r"^refused: .*\S$") as info:
        model.build_model_deb(src, tmp_path / "out", work=tmp_path / "work", size=size, sha256=sha)
    assert "\n" not in str(info.value) and not (tmp_path / "out").exists() and not (tmp_path / "work").exists()
    assert build.main(["model-deb", "--gguf", str(src), "--out", str(tmp_path / "out")]) == 1


def test_the_app_package_recommends_the_model_and_refuses_to_carry_it(tmp_path):
    control = build.control_text("1.0", "amd64", 10, "libc6")
    recommends = next(line for line in control.splitlines() if line.startswith("Recommends: "))
    assert "factaudit-model-qwen2.5-coder-1.5b" in [r.strip() for r in recommends[12:].split(",")]
    bundle = tmp_path / "factaudit"
    (bundle / "models").mkdir(parents=True)
    exe = bundle / "factaudit"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    (bundle / "models" / qa.FILENAME).write_bytes(b"GGUF")
    with pytest.raises(model.ModelPackageError, match="belongs in the factaudit-model-qwen2.5-coder-1.5b package"):
        build.build_deb(bundle, tmp_path / "out", work=tmp_path / "work", compress="none")
