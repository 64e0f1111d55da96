"""Decomposition of answers into claims as runs, and the expert's edits of claims.

Each answer's claims replace the earlier decomposition of its sentences in one transaction, so a
stopped run keeps whole answers only and `resume` decomposes the answers it does not have yet.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.pipeline import decompose as decomp
from factaudit.engine.pipeline.prompts import load_prompt
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.models import entry_from_pin, model_pin


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
    resume: str | None = None         # a decompose run to finish (its config names the rest)


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
    n_new_items: int = 0              # answers decomposed in this session (all of them unless resumed)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _request_from_config(cfg: dict[str, Any], base: DecomposeRequest) -> DecomposeRequest:
    return DecomposeRequest(method=cfg["method"], dataset=cfg.get("dataset"), limit=cfg.get("limit"),
                            seed=cfg.get("seed", 0), temperature=cfg.get("temperature", 0.0),
                            max_tokens=cfg.get("max_tokens", base.max_tokens), n_threads=base.n_threads,
                            timeout=base.timeout, resume=base.resume)


def decompose(project: Project, req: DecomposeRequest, progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None, llm: LLM | None = None) -> DecomposeResult:
    """Decompose the answers of a dataset into claims as a new run, or with req.resume finish a
    stopped one (the answers it already decomposed are kept, the others are done now)."""
    entry = None
    if req.resume:
        run = jobs.resumable_run(project, req.resume, "decompose")
        req = _request_from_config(run.config, req)
        if req.method == "llm":
            entry = entry_from_pin(run.config["model"])
            if run.config["prompt"]["sha256"] != load_prompt("decompose").sha256:
                raise InvalidArgument(f"the prompt template changed since {run.id} started; start a new run")
        run_id: str | None = run.id
    else:
        if req.method not in decomp.METHODS:
            raise InvalidArgument(f"unknown method {req.method!r}; expected one of {', '.join(decomp.METHODS)}")
        run_id = None
    items = verify_store.items_with_sentences(project, req.dataset, req.limit)
    if not items:
        where = f" in dataset {req.dataset!r}" if req.dataset else ""
        raise InvalidArgument(f"no answers with sentences{where} to decompose; import answers first")
    own_llm = False
    if req.method == "llm" and llm is None:
        entry = entry or registry.resolve_llm(req.model, req.endpoint)
        llm = open_llm(entry, seed=req.seed, temperature=req.temperature, n_threads=req.n_threads, timeout=req.timeout)
        own_llm = True
    try:
        if run_id is None:
            run_id = jobs.create_run(project, "decompose", *_config(req, entry, llm))
        else:
            jobs.reopen_run(project, run_id)
        return _run(project, run_id, req, items, llm, progress, cancel)
    finally:
        if own_llm and llm is not None:
            llm.close()


def _config(req: DecomposeRequest, entry, llm: LLM | None) -> tuple[dict[str, Any], dict[str, Any]]:
    config: dict[str, Any] = {"method": req.method, "dataset": req.dataset, "limit": req.limit}
    if req.method != "llm":
        config["splitter"] = "stored sentences"
        return config, {}
    config.update({"seed": req.seed, "temperature": req.temperature, "max_tokens": req.max_tokens,
                   "prompt": load_prompt("decompose").ref(), "model": model_pin(entry or llm.entry)})
    return config, llm.provenance()


def _run(project: Project, run_id: str, req: DecomposeRequest, items: list[verify_store.ItemSentences],
         llm: LLM | None, progress: ProgressCallback, cancel: CancelToken | None) -> DecomposeResult:
    def compute(item: verify_store.ItemSentences) -> list[verify_store.NewClaim]:
        new: list[verify_store.NewClaim] = []
        for s in item.sentences:
            if req.method == "sentence":
                out = decomp.by_sentence(s.text)
            else:
                out = decomp.by_llm(llm, s.text, item.answer, item.question, max_tokens=req.max_tokens,
                                    seed=req.seed, temperature=req.temperature)
            first = verify_store.next_decompose_number(project, s.id)
            meta = {"method": req.method}
            if req.method == "llm":
                meta.update({"parse_status": out.parse_status, "fallback": out.fallback})
            new.extend(verify_store.NewClaim(
                id=f"{s.id}#{first + n}", dataset_id=item.dataset_id, item_id=item.item_id, sentence_id=s.id,
                ord=first + n, text=text, origin="decompose", run_id=run_id, meta=meta)
                for n, text in enumerate(out.claims))
        return new

    def commit(item: verify_store.ItemSentences, new: list[verify_store.NewClaim]) -> None:
        # One transaction per answer (claims and the run's retired count): a stopped run keeps whole
        # answers only, and --resume starts at the first answer it does not have.
        verify_store.replace_decomposition(project, [s.id for s in item.sentences], new, run_id=run_id)

    life = jobs.RunLifecycle(project, run_id, noun="answers", verb="decomposing", progress=progress, cancel=cancel,
                             summary=lambda: {"n_items": len(items),
                                              "n_sentences": sum(len(i.sentences) for i in items),
                                              **verify_store.decomposition_counts(project, run_id)})
    with life:  # from here on, whatever stops the run ends it cancelled or failed, never left running
        done = verify_store.decomposed_item_ids(project, run_id)
        life.work((i for i in items if i.item_id not in done), compute, commit, done_before=len(done),
                  total=len(items))
        life.finish()
    s = life.summary
    return DecomposeResult(run_id=run_id, status="done", method=req.method, n_items=s["n_items"],
                           n_sentences=s["n_sentences"], n_claims=s["n_claims"], n_retired=s["n_retired"],
                           n_fallbacks=s["n_fallbacks"], seconds=round(life.seconds, 3), n_new_items=life.n_new)


def edit_claim(project: Project, claim_id: str, new_text: str, editor: str | None = None,
               note: str | None = None) -> str:
    """An expert edit: returns the new claim's id; the original is kept (inactive, pointing to it)."""
    return verify_store.edit_claim(project, claim_id, new_text, editor, note)


def claim_lineage(project: Project, claim_id: str) -> list[dict]:
    return verify_store.claim_lineage(project, claim_id)
