"""The LLM registry: GGUF header facts (checked against llama.cpp's own reading), cached sha256,
local_models/ scan by stem, RAM fit, endpoints, lookup errors."""
from __future__ import annotations

import hashlib
import json
import os
import struct
from pathlib import Path

import pytest

from factaudit.engine.errors import InvalidArgument, ModelNotFound
from factaudit.engine.models import gguf, registry


@pytest.fixture(autouse=True)
def _dirs(monkeypatch, tmp_path):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(tmp_path / "local_models"))


def write_gguf(path: Path, meta: dict, version: int = 3) -> None:
    """A header-only GGUF file (no tensors), written from the spec."""
    def s(text: str) -> bytes:
        b = text.encode()
        return struct.pack("<Q", len(b)) + b

    out = b"GGUF" + struct.pack("<IQQ", version, 0, len(meta))
    for key, value in meta.items():
        out += s(key)
        if isinstance(value, bool):
            out += struct.pack("<I?", 7, value)
        elif isinstance(value, int):
            out += struct.pack("<II", 4, value)
        elif isinstance(value, float):
            out += struct.pack("<If", 6, value)
        elif isinstance(value, str):
            out += struct.pack("<I", 8) + s(value)
        elif isinstance(value, list):  # list of strings
            out += struct.pack("<IIQ", 9, 8, len(value)) + b"".join(s(v) for v in value)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out)


def test_embedded_gguf_header_matches_llama_cpp():
    from llama_cpp import Llama

    path = registry.embedded_gguf_path()
    mine = gguf.read_metadata(path)
    theirs = Llama(model_path=str(path), vocab_only=True, verbose=False).metadata  # values as strings
    for key in ("general.architecture", "general.file_type", "llama.context_length", "llama.block_count",
                "llama.embedding_length", "llama.attention.head_count", "llama.attention.head_count_kv"):
        assert str(mine[key]) == theirs[key], key
    entry = registry.embedded_llm()
    assert entry.name == "smollm2-135m" and entry.source == "embedded" and entry.demo_grade
    assert entry.quantization == "Q4_1" and "Q4_1" in path.name
    assert entry.context_length == int(theirs["llama.context_length"]) == 8192
    assert entry.size_bytes == path.stat().st_size


def test_ram_estimate_counts_weights_and_kv_cache():
    meta = gguf.read_metadata(registry.embedded_gguf_path())
    layers, embd = meta["llama.block_count"], meta["llama.embedding_length"]
    heads, kv_heads = meta["llama.attention.head_count"], meta["llama.attention.head_count_kv"]
    # K and V, f16, per token: 2 * layers * head_dim * kv_heads * 2 bytes
    assert gguf.kv_cache_bytes(meta, 8192) == 2 * layers * 8192 * (embd // heads) * kv_heads * 2
    entry = registry.embedded_llm()
    assert entry.ram_needed_bytes == entry.size_bytes + gguf.kv_cache_bytes(meta, 8192) + registry.RUNTIME_OVERHEAD_BYTES
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert entry.ram_total_bytes == pytest.approx(total, rel=0.05)
    assert entry.fits is (entry.ram_needed_bytes <= registry.FIT_SHARE * entry.ram_total_bytes)


def test_sha256_is_cached_by_path_size_and_mtime(tmp_path):
    f = tmp_path / "m.gguf"
    write_gguf(f, {"general.architecture": "llama"})
    assert registry.file_sha256(f) == hashlib.sha256(f.read_bytes()).hexdigest()
    cache = json.loads((tmp_path / "cache" / "file_hashes.json").read_text())
    st = f.stat()
    assert cache == {f"{f.resolve()}|{st.st_size}|{st.st_mtime_ns}": hashlib.sha256(f.read_bytes()).hexdigest()}
    # A cached value is used as long as path, size and mtime are unchanged...
    key = next(iter(cache))
    (tmp_path / "cache" / "file_hashes.json").write_text(json.dumps({key: "cached"}))
    assert registry.file_sha256(f) == "cached"
    # ...and a changed file is hashed again, its stale entry dropped.
    write_gguf(f, {"general.architecture": "llama", "general.name": "changed"})
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert registry.file_sha256(f) == hashlib.sha256(f.read_bytes()).hexdigest()
    assert len(json.loads((tmp_path / "cache" / "file_hashes.json").read_text())) == 1


def test_local_models_are_known_by_stem_with_header_facts(tmp_path):
    local = tmp_path / "local_models"
    write_gguf(local / "tiny-llama.Q8_0.gguf", {
        "general.architecture": "llama", "general.file_type": 7, "llama.context_length": 4096,
        "llama.block_count": 2, "llama.embedding_length": 64, "llama.attention.head_count": 4,
        "llama.attention.head_count_kv": 2, "tokenizer.ggml.tokens": ["a", "b", "c"],
    })
    (local / "notes.txt").write_text("not a model")
    (local / "broken.gguf").write_bytes(b"GGUF\x03\x00")
    entries = {e.name: e for e in registry.local_llms()}
    assert set(entries) == {"tiny-llama.Q8_0", "broken"}
    tiny = entries["tiny-llama.Q8_0"]
    assert (tiny.quantization, tiny.context_length, tiny.n_ctx, tiny.source) == ("Q8_0", 4096, 4096, "local")
    assert tiny.ram_needed_bytes == tiny.size_bytes + 2 * 2 * 4096 * 16 * 2 * 2 + registry.RUNTIME_OVERHEAD_BYTES
    assert "damaged" in entries["broken"].note
    assert registry.resolve_llm("tiny-llama.Q8_0").path == tiny.path
    assert registry.resolve_llm(str(local / "tiny-llama.Q8_0.gguf")).source == "path"
    assert {e.name for e in registry.list_llms()} >= {"smollm2-135m", "tiny-llama.Q8_0"}


def test_quantization_falls_back_to_the_file_name():
    assert gguf.quantization({}, "Model.Q5_K_M.gguf") == "Q5_K_M"
    assert gguf.quantization({"general.file_type": 15}, "x.gguf") == "Q4_K_M"
    assert gguf.quantization({}, "model.gguf") is None


def test_non_gguf_and_unknown_models_are_refused(tmp_path):
    bad = tmp_path / "x.gguf"
    bad.write_bytes(b"not a gguf at all")
    with pytest.raises(ModelNotFound, match="not a GGUF"):
        gguf.read_metadata(bad)
    with pytest.raises(ModelNotFound, match="unknown model"):
        registry.resolve_llm("no-such-model")


def test_endpoints_are_saved_without_keys(tmp_path):
    e = registry.add_endpoint("lab", "http://127.0.0.1:8000/v1/", "qwen")
    assert (e.base_url, e.model_name, e.is_endpoint) == ("http://127.0.0.1:8000/v1", "qwen", True)
    saved = json.loads((tmp_path / "config" / "endpoints.json").read_text())
    assert saved == [{"name": "lab", "base_url": "http://127.0.0.1:8000/v1", "model": "qwen"}]
    assert registry.resolve_llm("lab").model_name == "qwen"
    assert registry.resolve_llm("gpt-x", endpoint="https://api.example.org/v1").model_name == "gpt-x"
    with pytest.raises(InvalidArgument):
        registry.resolve_llm(None, endpoint="https://api.example.org/v1")
    with pytest.raises(InvalidArgument):
        registry.endpoint_entry("ftp://x", "m")
    registry.remove_endpoint("lab")
    assert registry.list_endpoints() == []


def test_add_and_remove_local_model(tmp_path):
    src = tmp_path / "incoming" / "mine.gguf"
    write_gguf(src, {"general.architecture": "llama", "general.file_type": 2})
    entry = registry.add_local_model(src)
    assert Path(entry.path).parent == tmp_path / "local_models" and entry.quantization == "Q4_0"
    registry.remove_local_model("mine")
    assert not (tmp_path / "local_models" / "mine.gguf").exists() and src.exists()
