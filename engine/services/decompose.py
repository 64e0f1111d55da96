"""Decomposition of answers into claims as runs, and the expert's edits of claims.

Each answer's claims replace the earlier decomposition of its sentences in one transaction, so a
stopped run keeps whole answers only.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from factaudit.engine.errors import InvalidArgument, JobCancelled
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.pipeline import decompose as decomp
from factaudit.engine.pipeline.prompts import load_prompt
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.models import model_pin


@dataclass
class DecomposeRequest:
    method: str = "sentence"
    model: str | None = None
    endpoint: str | None = None
    dataset: str | None = None
    limit: int | None = None          # items
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int = 256
    n_threads: int | None = None
    timeout: float = 60.0


@dataclass
class DecomposeResult:
    run_id: str
    status: str
    method: str
    n_items: int
    n_sentences: int
    n_claims: int
    n_retired: int = 0
    n_fallbacks: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def decompose(project: Project, req: DecomposeRequest, progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None, llm: LLM | None = None) -> DecomposeResult:
    started = time.perf_counter()
    cancel = cancel or CancelToken()
    if req.method not in decomp.METHODS:
        raise InvalidArgument(f"unknown method {req.method!r}; expected one of {', '.join(decomp.METHODS)}")
    items = verify_store.items_with_sentences(project, req.dataset, req.limit)
    if not items:
        where = f" in dataset {req.dataset!r}" if req.dataset else ""
        raise InvalidArgument(f"no answers with sentences{where} to decompose; import answers first")
    own_llm = False
    entry = None
    if req.method == "llm" and llm is None:
        entry = registry.resolve_llm(req.model, req.endpoint)
        llm = open_llm(entry, seed=req.seed, temperature=req.temperature, n_threads=req.n_threads, timeout=req.timeout)
        own_llm = True
    config: dict[str, Any] = {"method": req.method, "dataset": req.dataset, "limit": req.limit}
    provenance: dict[str, Any] = {}
    if req.method == "llm":
        config.update({"seed": req.seed, "temperature": req.temperature, "max_tokens": req.max_tokens,
                       "prompt": load_prompt("decompose").ref(), "model": model_pin(entry or llm.entry)})
        provenance = llm.provenance()
    else:
        config["splitter"] = "stored sentences"
    run_id = run_store.create_run(project, "decompose", config, provenance)
    total = sum(len(i.sentences) for i in items)
    n_sent = n_claims = n_retired = n_fallbacks = 0
    try:
        for item in items:
            cancel.check()
            new: list[verify_store.NewClaim] = []
            for s in item.sentences:
                if req.method == "sentence":
                    out = decomp.by_sentence(s.text)
                else:
                    out = decomp.by_llm(llm, s.text, item.answer, item.question, max_tokens=req.max_tokens,
                                        seed=req.seed, temperature=req.temperature)
                n_fallbacks += int(out.fallback)
                first = verify_store.next_decompose_number(project, s.id)
                for offset, text in enumerate(out.claims):
                    n = first + offset
                    meta = {"method": req.method}
                    if req.method == "llm":
                        meta.update({"parse_status": out.parse_status, "fallback": out.fallback})
                    new.append(verify_store.NewClaim(
                        id=f"{s.id}#{n}", dataset_id=item.dataset_id, item_id=item.item_id, sentence_id=s.id,
                        ord=n, text=text, origin="decompose", run_id=run_id, meta=meta))
                n_sent += 1
                progress(n_sent, total, "decomposing")
            # One transaction per answer: a stopped run keeps whole answers only.
            n_retired += verify_store.replace_decomposition(project, [s.id for s in item.sentences], new)
            n_claims += len(new)
    except (JobCancelled, KeyboardInterrupt):
        run_store.finish_run(project, run_id, "cancelled", error="cancelled by the user")
        raise
    except Exception as exc:
        run_store.finish_run(project, run_id, "failed", error=f"{type(exc).__name__}: {exc}")
        raise
    finally:
        if own_llm and llm is not None:
            llm.close()
    summary = {"n_items": len(items), "n_sentences": n_sent, "n_claims": n_claims, "n_retired": n_retired,
               "n_fallbacks": n_fallbacks}
    run_store.finish_run(project, run_id, "done", summary=summary)
    return DecomposeResult(run_id=run_id, status="done", method=req.method, n_items=len(items), n_sentences=n_sent,
                           n_claims=n_claims, n_retired=n_retired, n_fallbacks=n_fallbacks,
                           seconds=round(time.perf_counter() - started, 3))


def edit_claim(project: Project, claim_id: str, new_text: str, editor: str | None = None,
               note: str | None = None) -> str:
    """An expert edit: returns the new claim's id; the original is kept (inactive, pointing to it)."""
    return verify_store.edit_claim(project, claim_id, new_text, editor, note)


def claim_lineage(project: Project, claim_id: str) -> list[dict]:
    return verify_store.claim_lineage(project, claim_id)
