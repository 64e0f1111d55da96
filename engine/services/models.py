"""Models as the CLI and the GUI see them: pinning a model into a run's config (and finding it again
for --resume), the settings every LLM-driven run shares, and the model manager (View › Models).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from factaudit.engine import changes
from factaudit.engine.errors import FactAuditError, InvalidArgument, NotFound
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.registry import ModelEntry


# ---- pinning --------------------------------------------------------------------------------------
def model_pin(entry: ModelEntry) -> dict[str, Any]:
    if entry.is_endpoint:
        return {"source": "endpoint", "endpoint": entry.base_url, "model_name": entry.model_name}
    return {"source": entry.source, "name": entry.name, "file": (entry.path or "").rsplit("/", 1)[-1],
            "sha256": entry.sha256(), "quantization": entry.quantization, "n_ctx": entry.n_ctx}


def entry_from_pin(pin: dict[str, Any]) -> ModelEntry:
    """Find the pinned model again (for --resume); a different file under the same name is refused."""
    if pin.get("source") == "endpoint":
        return registry.endpoint_entry(pin["endpoint"], pin["model_name"])
    candidates: list[ModelEntry] = []
    try:
        candidates.append(registry.resolve_llm(pin.get("name"), n_ctx=pin.get("n_ctx")))
    except FactAuditError:
        pass
    candidates.extend(e for e in registry.list_llms(include_endpoints=False) if e.name != pin.get("name"))
    for entry in candidates:
        if entry.path and entry.sha256() == pin.get("sha256"):
            if pin.get("n_ctx") and entry.n_ctx != pin["n_ctx"]:
                entry = registry.gguf_entry(entry.path, name=entry.name, source=entry.source, n_ctx=pin["n_ctx"])
            return entry
    raise NotFound(f"the run's model {pin.get('name')!r} (sha256 {str(pin.get('sha256'))[:12]}…) is not available; "
                   "put that exact file in local_models/ to resume")


@dataclass
class LLMRunSettings:
    """What every LLM-driven run (verify, judge) is asked with: the model, its decoding settings and
    the transport settings. Requests add the fields of their own step."""

    model: str | None = None
    endpoint: str | None = None
    limit: int | None = None
    dataset: str | None = None
    seed: int = 0
    temperature: float = 0.0
    passage_words: int | None = None
    prompt_cache: bool = False
    n_ctx: int | None = None
    resume: str | None = None
    # transport settings (not pinned: they do not change what the model answers)
    n_threads: int | None = None
    timeout: float = 60.0
    max_retries: int = 4


# ---- model manager (the GUI's View › Models) -------------------------------------------------------
@dataclass
class AddedModel:
    entry: ModelEntry
    sha256: str


def check_model(path: str, run_pair: bool = True):
    """Models page › Add model…: a GGUF file or a classification folder opened, one pair run, RAM fit
    checked; a ModelCheck whose message is one sentence (why not, when not ok)."""
    from factaudit.engine.models.model_check import check_model as _check

    return _check(path, run_pair=run_pair)


def embedder_entries() -> list:
    from factaudit.engine.models.embedders import list_embedders

    return list_embedders()


def local_models_folders() -> list[str]:
    return [str(p) for p in registry.local_models_dirs()]


def model_hashes(paths: list[str], progress: ProgressCallback = no_progress,
                 cancel: CancelToken | None = None) -> dict[str, str]:
    """sha256 per file (cached by path, size and mtime, so only the first look at a big file is slow)."""
    cancel = cancel or CancelToken()
    out: dict[str, str] = {}
    for n, path in enumerate(paths):
        cancel.check()
        progress(n, len(paths), f"hashing {path.rsplit('/', 1)[-1]}")
        out[path] = registry.file_sha256(path)
    progress(len(paths), len(paths), "hashed")
    return out


def add_model_file(path: str, progress: ProgressCallback = no_progress,
                   cancel: CancelToken | None = None) -> AddedModel:
    """Copy a GGUF into local_models/ and hash the copy (the hash is what verify runs pin)."""
    cancel = cancel or CancelToken()
    progress(0, 2, "copying")
    entry = registry.add_local_model(path)
    changes.note(None, ("models",))    # the registry is app-wide, not in a project
    cancel.check()
    progress(1, 2, "hashing")
    digest = registry.file_sha256(entry.path)
    progress(2, 2, "added")
    return AddedModel(entry, digest)


def remove_model(name: str) -> None:
    """Delete a local GGUF; the embedded model and endpoints are not files this may delete."""
    registry.remove_local_model(name)
    changes.note(None, ("models",))


def add_endpoint(name: str, base_url: str, model: str) -> ModelEntry:
    if not name:
        raise InvalidArgument("an endpoint needs a name")
    entry = registry.add_endpoint(name, base_url, model)
    changes.note(None, ("models",))
    return entry


def remove_endpoint(name: str) -> None:
    registry.remove_endpoint(name)
    changes.note(None, ("models",))


def fit_check_text(entry: ModelEntry) -> str:
    """How the RAM-fit verdict was reached, in words (for "Show fit check details")."""
    if entry.is_endpoint:
        return f"{entry.name} runs on a server ({entry.base_url}); it needs no local memory."
    gib = 1024 ** 3
    where = entry.path or f"{entry.extra.get('assembled_on_first_use')} (joined from the package's chunks on first use)"
    lines = [f"Model: {entry.name} ({entry.source})", f"File: {where}"]
    if entry.extra.get("licence"):
        lines.append(f"Package: {entry.extra.get('package')}; licence: {entry.extra['licence']}")
    if entry.size_bytes is not None:
        lines.append(f"Weights: {entry.size_bytes / gib:.2f} GiB ({entry.quantization or 'unknown quantization'})")
    lines.append(f"Context used: {entry.n_ctx or '?'} tokens (trained: {entry.context_length or '?'})")
    if entry.ram_needed_bytes is None:
        lines.append("The file's header could not be read, so no estimate is possible.")
        return "\n".join(lines)
    lines.append(f"Estimated RAM needed: {entry.ram_needed_bytes / gib:.2f} GiB = weights + KV cache at that context "
                 f"+ {registry.RUNTIME_OVERHEAD_BYTES // (1024 * 1024)} MiB runtime overhead")
    if entry.ram_total_bytes is None:
        lines.append("Total RAM is unknown on this system: fit not checked.")
    else:
        budget = registry.FIT_SHARE * entry.ram_total_bytes
        lines.append(f"Total RAM: {entry.ram_total_bytes / gib:.2f} GiB; budget {registry.FIT_SHARE:.0%} of it = "
                     f"{budget / gib:.2f} GiB")
        lines.append("Verdict: fits" if entry.fits else "Verdict: too large for this machine")
    return "\n".join(lines)
