"""GGUFs shipped by PyPI packages in chunks (#16 item 2): found through distribution metadata without importing, described from the
first chunk's header before assembly, assembled once into the cache with the recorded sha256 (hashlib
checks it), refused when the chunks make a different file, and resolvable by name like the embedded model."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models import packaged, registry
from test_models_registry import write_gguf  # noqa: E402  (same folder; pytest puts it on sys.path)


def fake_packages(root: Path, prefix: str, data: bytes, n: int) -> list[tuple[str, str]]:
    size = -(-len(data) // n)
    chunks = []
    for i in range(n):
        pkg = root / f"{prefix}_part{i + 1}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("raise ImportError('the registry must not import chunk packages')\n")
        (pkg / "data" / f"chunk{i:02d}").write_bytes(data[i * size:(i + 1) * size])
        dist = f"{prefix}-part{i + 1}"
        info = root / f"{pkg.name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        chunks.append((dist, f"{pkg.name}/data/chunk{i:02d}"))
    return chunks


@pytest.fixture
def fake_model(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(tmp_path / "local_models"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    src = tmp_path / "src.gguf"
    write_gguf(src, {"general.architecture": "llama", "general.name": "Tiny", "llama.context_length": 4096,
                     "llama.block_count": 2, "llama.embedding_length": 64, "llama.attention.head_count": 4,
                     "general.file_type": 15, "general.description": "x" * 5000})
    data = src.read_bytes() + b"\0" * 3000       # tensor data stands in after the header
    site = tmp_path / "site"
    chunks = fake_packages(site, "fakemodel", data, 3)
    monkeypatch.syspath_prepend(str(site))
    model = packaged.PackagedModel(name="tiny-packaged", filename="tiny.gguf",
                                   sha256=hashlib.sha256(data).hexdigest(), chunks=tuple(chunks),
                                   install="fakemodel", licence="test licence", note="a test model")
    monkeypatch.setattr(packaged, "PACKAGED", (model,))
    return model, data


def test_listed_before_assembly_then_assembled_on_resolve(fake_model):
    model, data = fake_model
    listed = [e for e in registry.list_llms(include_endpoints=False) if e.name == model.name]
    assert len(listed) == 1 and listed[0].source == "package" and listed[0].path is None
    assert listed[0].size_bytes == len(data) and listed[0].quantization == "Q4_K_M"
    assert listed[0].context_length == 4096 and "test licence" in listed[0].note
    assert not packaged.assembled_path(model).exists()

    entry = registry.resolve_llm(model.name)
    assert Path(entry.path) == packaged.assembled_path(model)
    assert hashlib.sha256(Path(entry.path).read_bytes()).hexdigest() == model.sha256
    assert entry.sha256() == hashlib.sha256(data).hexdigest()
    mtime = Path(entry.path).stat().st_mtime_ns
    assert registry.resolve_llm(model.name).path == entry.path          # assembled once
    assert Path(entry.path).stat().st_mtime_ns == mtime


def test_chunks_that_make_another_file_are_refused(fake_model, monkeypatch):
    model, _ = fake_model
    wrong = packaged.PackagedModel(**{**model.__dict__, "sha256": "0" * 64})
    monkeypatch.setattr(packaged, "PACKAGED", (wrong,))
    with pytest.raises(ModelNotFound, match="do not make the expected file"):
        registry.resolve_llm(model.name)
    assert not packaged.assembled_path(wrong).exists()
    assert not packaged.assembled_path(wrong).with_suffix(".part").exists()


def test_a_missing_chunk_package_means_not_installed(fake_model, monkeypatch):
    model, _ = fake_model
    gone = packaged.PackagedModel(**{**model.__dict__, "chunks": model.chunks + (("no_such_chunk_pkg", "data/x"),)})
    monkeypatch.setattr(packaged, "PACKAGED", (gone,))
    assert packaged.installed() == []
    assert model.name not in [e.name for e in registry.list_llms(include_endpoints=False)]
    with pytest.raises(ModelNotFound, match="pip install"):
        registry.resolve_llm(model.name)


def test_recorded_models_name_their_licence_and_chunks():
    for m in packaged.PACKAGED:
        assert len(m.sha256) == 64 and m.licence and m.chunks and m.filename.endswith(".gguf")
