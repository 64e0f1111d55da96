"""Verification and decomposition as pinned, resumable runs (the façade for the CLI and the GUI).

A verify run's config pins everything that decides its output: the model (file sha256, or endpoint
and model name), quantization, seed, temperature, the prompt's sha256, the corpus hash, the
retrieval run, k, mode, limit and the prompt-cache flag. Each claim's verdict commits on its own,
so a killed run loses at most the claims in flight and `resume` finishes it.
"""
from __future__ import annotations

import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from factaudit.engine.errors import FactAuditError, InvalidArgument, JobCancelled, NotFound
from factaudit.engine.jobs import NEVER_CANCEL, CancelToken, ProgressCallback, RateMeter, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.pipeline import decompose as decomp
from factaudit.engine.pipeline.prompts import load_prompt
from factaudit.engine.pipeline.verify import MODES, EvidencePassage, VerifyOptions, verify_claim
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash, get_passages, list_claims, list_datasets
from factaudit.engine.project.records import VerdictRecord

RETRIEVAL_KINDS = ("retrieve", "imported")
DEFAULT_K = 5


# ---- model selection -------------------------------------------------------------------------------
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


def llm_models(include_endpoints: bool = True) -> list[ModelEntry]:
    return registry.list_llms(include_endpoints=include_endpoints)


# ---- verify ----------------------------------------------------------------------------------------
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


@dataclass
class VerifyRequest(LLMRunSettings):
    retrieval_run: str | None = None
    mode: str = "joint"
    k: int = DEFAULT_K
    max_tokens: int = 200
    concurrency: int = 4
    backoff_base: float = 1.0


@dataclass
class VerifyResult:
    run_id: str
    status: str
    n_claims: int
    n_verdicts: int
    n_parse_failures: int
    n_trimmed: int = 0
    n_new: int = 0
    verdict_counts: dict[str, int] = field(default_factory=dict)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    claims_per_s: float = 0.0
    retries: int = 0
    model: str | None = None
    mode: str | None = None
    retrieval_run: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Job:
    claim_id: str
    text: str
    passages: list[EvidencePassage]


def _check_retrieval_run(project: Project, run_id: str) -> None:
    run = run_store.get_run(project, run_id)
    if run.kind not in RETRIEVAL_KINDS:
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a retrieval run")
    if run.status != "done":
        raise InvalidArgument(f"retrieval run {run_id} is {run.status}; finish it first")


def claims_for_run(project: Project, retrieval_run: str, limit: int | None = None,
                   dataset: str | None = None) -> list[tuple[str, str]]:
    """(claim id, text) of the active claims the retrieval run has hits for, in claim order."""
    hits = run_store.get_hits(project, retrieval_run)
    rows = [c for c in list_claims(project, dataset) if c.id in hits]
    if limit is not None:
        rows = rows[: max(0, int(limit))]
    return [(c.id, c.text) for c in rows]


def _request_from_config(cfg: dict[str, Any], base: VerifyRequest) -> VerifyRequest:
    return VerifyRequest(
        retrieval_run=cfg["retrieval_run"], mode=cfg["mode"], k=cfg["k"], limit=cfg.get("limit"),
        dataset=cfg.get("dataset"), seed=cfg["seed"], temperature=cfg["temperature"], max_tokens=cfg["max_tokens"],
        passage_words=cfg.get("passage_words"), prompt_cache=cfg.get("prompt_cache", False),
        n_ctx=cfg["model"].get("n_ctx"), resume=base.resume, n_threads=base.n_threads, timeout=base.timeout,
        max_retries=base.max_retries, concurrency=base.concurrency, backoff_base=base.backoff_base,
    )


def _summary(project: Project, run_id: str, n_claims: int) -> dict[str, Any]:
    verdicts = run_store.get_verdicts(project, run_id)
    counts: dict[str, int] = {}
    for v in verdicts.values():
        if v.verdict:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
    return {
        "n_claims": n_claims, "n_verdicts": len(verdicts),
        "n_parse_failures": sum(1 for v in verdicts.values() if v.parse_status == "failed"),
        "n_repaired": sum(1 for v in verdicts.values() if v.parse_status == "repaired"),
        "n_trimmed": sum(1 for v in verdicts.values() if v.trimmed),
        "verdict_counts": counts,
        "prompt_tokens": sum(v.prompt_tokens or 0 for v in verdicts.values()),
        "completion_tokens": sum(v.completion_tokens or 0 for v in verdicts.values()),
    }


def verify(project: Project, req: VerifyRequest, progress: ProgressCallback = no_progress,
           cancel: CancelToken = NEVER_CANCEL, on_retry: Callable[[int, float, str], None] | None = None,
           llm: LLM | None = None) -> VerifyResult:
    """Run (or with req.resume, continue) a verify run. `llm` lets a caller reuse a loaded model;
    it must be the model the run pins."""
    started = time.perf_counter()
    if req.resume:
        run = run_store.get_run(project, req.resume)
        if run.kind != "verify":
            raise InvalidArgument(f"{req.resume} is a {run.kind} run, not a verify run")
        if req.retrieval_run and req.retrieval_run != run.config.get("retrieval_run"):
            raise InvalidArgument(f"{req.resume} verifies {run.config.get('retrieval_run')}, not {req.retrieval_run}")
        cfg = run.config
        req = _request_from_config(cfg, req)
        entry = entry_from_pin(cfg["model"])
        if cfg.get("corpus_hash") and corpus_hash(project) != cfg["corpus_hash"]:
            raise InvalidArgument(f"the corpus changed since {run.id} started; start a new run instead of resuming")
        run_store.reopen_run(project, run.id)
        run_id = run.id
    else:
        if not req.retrieval_run:
            raise InvalidArgument("name the retrieval run to verify (--retrieval-run RUN) or a run to --resume")
        if req.mode not in MODES:
            raise InvalidArgument(f"unknown mode {req.mode!r}; expected one of {', '.join(MODES)}")
        if req.k < 1:
            raise InvalidArgument("k must be at least 1")
        if not (0.0 <= req.temperature <= 2.0):
            raise InvalidArgument("temperature must be between 0 and 2")
        _check_retrieval_run(project, req.retrieval_run)
        if req.limit != 0 and not claims_for_run(project, req.retrieval_run, req.limit, req.dataset):
            where = f" of dataset {req.dataset!r}" if req.dataset else ""
            raise InvalidArgument(f"{req.retrieval_run} has no hits for any active claim{where}; nothing to verify")
        entry = registry.resolve_llm(req.model, req.endpoint, n_ctx=req.n_ctx)
        cfg = None
        run_id = None
    opts = VerifyOptions(mode=req.mode, max_tokens=req.max_tokens, passage_words=req.passage_words, seed=req.seed,
                         temperature=req.temperature)
    own_llm = llm is None
    if llm is None:
        llm = open_llm(entry, seed=req.seed, temperature=req.temperature, prompt_cache=req.prompt_cache,
                       n_threads=req.n_threads, timeout=req.timeout, max_retries=req.max_retries,
                       concurrency=req.concurrency, backoff_base=req.backoff_base, on_retry=on_retry)
    try:
        if run_id is None:
            cfg = {
                "retrieval_run": req.retrieval_run, "mode": req.mode, "k": req.k, "limit": req.limit,
                "dataset": req.dataset, "seed": req.seed, "temperature": req.temperature,
                "max_tokens": req.max_tokens, "passage_words": req.passage_words, "prompt_cache": req.prompt_cache,
                "prompt": opts.prompt().ref(), "corpus_hash": corpus_hash(project), "model": model_pin(entry),
            }
            run_id = run_store.create_run(project, "verify", cfg, provenance=llm.provenance())
        elif cfg["prompt"]["sha256"] != opts.prompt().sha256:
            _fail(project, run_id, "prompt template changed")
            raise InvalidArgument(f"the prompt template changed since {run_id} started; start a new run")
        return _run(project, run_id, req, opts, llm, progress, cancel, started)
    finally:
        if own_llm:
            llm.close()


def _fail(project: Project, run_id: str, message: str) -> None:
    run_store.finish_run(project, run_id, "failed", summary=None, error=message)


def _run(project: Project, run_id: str, req: VerifyRequest, opts: VerifyOptions, llm: LLM,
         progress: ProgressCallback, cancel: CancelToken, started: float) -> VerifyResult:
    claims = claims_for_run(project, req.retrieval_run, req.limit, req.dataset)
    done = run_store.verdict_claim_ids(project, run_id)
    todo = [c for c in claims if c[0] not in done]
    hits = run_store.get_hits(project, req.retrieval_run)
    total = len(claims)
    meter = RateMeter(total=len(todo))
    n_new = 0
    retries_before = getattr(llm, "retries", 0)

    def job(claim_id: str, text: str) -> _Job:
        top = hits.get(claim_id, [])[: req.k]
        rows = get_passages(project, [h.passage_id for h in top])
        passages = [EvidencePassage(h.passage_id, rows[h.passage_id].text, rows[h.passage_id].title)
                    for h in top if h.passage_id in rows]
        return _Job(claim_id, text, passages)

    def work(j: _Job) -> VerdictRecord:
        return verify_claim(llm, j.text, j.claim_id, j.passages, opts)

    progress(len(done), total, "verifying")
    workers = max(1, min(llm.max_concurrency, req.concurrency))

    def commit(rec: VerdictRecord) -> None:
        nonlocal n_new
        run_store.add_verdict(project, run_id, rec)
        n_new += 1
        rate = meter.rate(n_new)
        eta = meter.eta_seconds(n_new)
        eta_s = f", ETA {eta:.0f} s" if eta is not None else ""
        progress(len(done) + n_new, total, f"verifying {rate:.2f} claims/s{eta_s}")

    try:
        if workers == 1:
            # In the calling thread: a llama.cpp model is loaded once per thread, so no pool here.
            for cid, text in todo:
                cancel.check()
                commit(work(job(cid, text)))
        else:
            pending: dict[Future, str] = {}
            queue = list(todo)
            with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="verify") as pool:
                try:
                    while queue or pending:
                        while queue and len(pending) < workers:
                            cancel.check()
                            cid, text = queue.pop(0)
                            pending[pool.submit(work, job(cid, text))] = cid
                        finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                        for fut in finished:
                            pending.pop(fut)
                            commit(fut.result())
                except BaseException:
                    queue.clear()
                    for fut in pending:
                        fut.cancel()
                    raise
    except (JobCancelled, KeyboardInterrupt) as exc:
        run_store.finish_run(project, run_id, "cancelled", summary=_summary(project, run_id, total),
                             error="cancelled by the user")
        exc.run_id = run_id  # type: ignore[attr-defined]  # so callers can offer --resume
        raise
    except Exception as exc:
        error = str(exc) if isinstance(exc, FactAuditError) else f"{type(exc).__name__}: {exc}"
        run_store.finish_run(project, run_id, "failed", summary=_summary(project, run_id, total), error=error)
        exc.run_id = run_id  # type: ignore[attr-defined]
        raise
    summary = _summary(project, run_id, total)
    seconds = time.perf_counter() - started
    summary["seconds_last_session"] = round(seconds, 3)
    if getattr(llm, "structured", None) is not None:  # what the endpoint turned out to support
        summary["structured_output"] = llm.structured
    run_store.finish_run(project, run_id, "done", summary=summary)
    return VerifyResult(
        run_id=run_id, status="done", n_claims=total, n_verdicts=summary["n_verdicts"],
        n_parse_failures=summary["n_parse_failures"], n_trimmed=summary["n_trimmed"], n_new=n_new,
        verdict_counts=summary["verdict_counts"], prompt_tokens=summary["prompt_tokens"],
        completion_tokens=summary["completion_tokens"], seconds=round(seconds, 3),
        claims_per_s=round(n_new / seconds, 4) if seconds > 0 else 0.0,
        retries=getattr(llm, "retries", 0) - retries_before, model=llm.entry.name, mode=req.mode,
        retrieval_run=req.retrieval_run,
    )


def verdicts(project: Project, run_id: str) -> dict[str, VerdictRecord]:
    return run_store.get_verdicts(project, run_id)


# ---- decompose -------------------------------------------------------------------------------------
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
              cancel: CancelToken = NEVER_CANCEL, llm: LLM | None = None) -> DecomposeResult:
    started = time.perf_counter()
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


# ---- demo ------------------------------------------------------------------------------------------
DEMO_VERIFY_CLAIMS = 10
DEMO_VERIFY_K = 3
DEMO_PASSAGE_WORDS = 80
DEMO_MAX_TOKENS = 128


def latest_retrieval_run(project: Project) -> str | None:
    done = [r for r in run_store.list_runs(project) if r.kind in RETRIEVAL_KINDS and r.status == "done"
            and run_store.get_hits(project, r.id)]
    return done[-1].id if done else None


def demo_step_decompose(project: Project, summary, progress: ProgressCallback = no_progress) -> None:
    names = {d.name for d in list_datasets(project)}
    dataset = "medexpert-demo" if "medexpert-demo" in names else None
    try:
        res = decompose(project, DecomposeRequest(method="sentence", dataset=dataset), progress)
    except InvalidArgument as exc:
        summary.steps.append({"step": "decompose", "run_id": None, "text": f"decompose skipped: {exc}"})
        return
    summary.steps.append({
        "step": "decompose", "run_id": res.run_id, "n_claims": res.n_claims,
        "text": f"decomposed {res.n_sentences} answer sentences into {res.n_claims} claims (one per sentence) "
                f"in {res.run_id}; for atomic claims run `factaudit decompose PROJECT --method llm`",
    })


def demo_step_verify(project: Project, summary, progress: ProgressCallback = no_progress) -> None:
    run = latest_retrieval_run(project)
    if run is None:
        summary.steps.append({"step": "verify", "run_id": None,
                              "text": "verify skipped: no finished retrieval run (run `factaudit retrieve` first)"})
        return
    names = {c.dataset for c in list_claims(project)}
    dataset = "scifact-demo" if "scifact-demo" in names else None
    req = VerifyRequest(retrieval_run=run, mode="joint", k=DEMO_VERIFY_K, limit=DEMO_VERIFY_CLAIMS, dataset=dataset,
                        passage_words=DEMO_PASSAGE_WORDS, max_tokens=DEMO_MAX_TOKENS)
    res = verify(project, req, progress)
    n_all = len(claims_for_run(project, run, None, dataset))
    summary.steps.append({
        "step": "verify", "run_id": res.run_id, "n_verdicts": res.n_verdicts,
        "n_parse_failures": res.n_parse_failures, "verdict_counts": res.verdict_counts,
        "text": (f"verified {res.n_verdicts} of {n_all} claims of {run} with the embedded demo-grade SmolLM2 "
                 f"(k={DEMO_VERIFY_K}, joint) in {res.seconds:.0f} s: {res.verdict_counts}, "
                 f"{res.n_parse_failures} parse failures; for the rest run "
                 f"`factaudit verify {project.path} --retrieval-run {run} --k {DEMO_VERIFY_K}` (no --limit)"),
    })


# ---- views -----------------------------------------------------------------------------------------
@dataclass
class EvidenceRow:
    rank: int
    passage_id: str
    title: str | None
    text: str
    used: bool
    stance: str | None = None


@dataclass
class VerdictDetail:
    run_id: str
    claim_id: str
    claim_text: str
    verdict: VerdictRecord | None
    evidence: list[EvidenceRow]
    mode: str
    model: str | None


def verify_runs(project: Project) -> list:
    return run_store.list_runs(project, "verify")


def resumable_verify_runs(project: Project) -> list:
    return [r for r in run_store.list_runs(project, "verify") if r.status in run_store.RESUMABLE]


def retrieval_runs(project: Project) -> list:
    return [r for r in run_store.list_runs(project) if r.kind in RETRIEVAL_KINDS and r.status == "done"]


def verdict_detail(project: Project, run_id: str, claim_id: str) -> VerdictDetail:
    """A claim's verdict with the evidence the model saw, in rank order (the verdict view)."""
    run = run_store.get_run(project, run_id)
    cfg = run.config
    verdict = run_store.get_verdicts(project, run_id).get(claim_id)
    hits = run_store.get_hits(project, cfg.get("retrieval_run", ""), claim_id).get(claim_id, [])[: cfg.get("k", DEFAULT_K)]
    rows = get_passages(project, [h.passage_id for h in hits])
    used = set(verdict.evidence_used or []) if verdict else set()
    stances = (verdict.stances or {}) if verdict else {}
    evidence = [EvidenceRow(h.rank, h.passage_id, rows[h.passage_id].title if h.passage_id in rows else None,
                            rows[h.passage_id].text if h.passage_id in rows else "(passage missing)",
                            h.passage_id in used, stances.get(h.passage_id)) for h in hits]
    text = verify_store.claim_texts(project, [claim_id]).get(claim_id, "")
    model = cfg.get("model", {})
    return VerdictDetail(run_id=run_id, claim_id=claim_id, claim_text=text, verdict=verdict, evidence=evidence,
                         mode=cfg.get("mode", "joint"), model=model.get("name") or model.get("model_name"))


# ---- model manager (the GUI's View › Models) -------------------------------------------------------
@dataclass
class AddedModel:
    entry: ModelEntry
    sha256: str


def model_entries(include_endpoints: bool = True) -> list[ModelEntry]:
    return registry.list_llms(include_endpoints=include_endpoints)


def embedder_entries() -> list:
    from factaudit.engine.models.embedders import list_embedders

    return list_embedders()


def local_models_folders() -> list[str]:
    return [str(p) for p in registry.local_models_dirs()]


def model_hashes(paths: list[str], progress: ProgressCallback = no_progress,
                 cancel: CancelToken = NEVER_CANCEL) -> dict[str, str]:
    """sha256 per file (cached by path, size and mtime, so only the first look at a big file is slow)."""
    out: dict[str, str] = {}
    for n, path in enumerate(paths):
        cancel.check()
        progress(n, len(paths), f"hashing {path.rsplit('/', 1)[-1]}")
        out[path] = registry.file_sha256(path)
    progress(len(paths), len(paths), "hashed")
    return out


def add_model_file(path: str, progress: ProgressCallback = no_progress,
                   cancel: CancelToken = NEVER_CANCEL) -> AddedModel:
    """Copy a GGUF into local_models/ and hash the copy (the hash is what verify runs pin)."""
    progress(0, 2, "copying")
    entry = registry.add_local_model(path)
    cancel.check()
    progress(1, 2, "hashing")
    digest = registry.file_sha256(entry.path)
    progress(2, 2, "added")
    return AddedModel(entry, digest)


def remove_model(name: str) -> None:
    """Delete a local GGUF; the embedded model and endpoints are not files this may delete."""
    registry.remove_local_model(name)


def add_endpoint(name: str, base_url: str, model: str) -> ModelEntry:
    if not name:
        raise InvalidArgument("an endpoint needs a name")
    return registry.add_endpoint(name, base_url, model)


def remove_endpoint(name: str) -> None:
    registry.remove_endpoint(name)


def fit_check_text(entry: ModelEntry) -> str:
    """How the RAM-fit verdict was reached, in words (for "Show fit check details")."""
    if entry.is_endpoint:
        return f"{entry.name} runs on a server ({entry.base_url}); it needs no local memory."
    gib = 1024 ** 3
    lines = [f"Model: {entry.name} ({entry.source})", f"File: {entry.path}"]
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
