"""Decomposition of answers into claims as runs, and the expert's edits of claims.

Each answer's claims replace the earlier decomposition of its sentences in one transaction, so a
stopped run keeps whole answers only and `resume` decomposes the answers it does not have yet.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline import decompose as decomp
from factaudit.engine.pipeline.prompts import load_prompt, pinned_prompt
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.llm_opener import LLMOpener
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
    resume: str | None = None         # a decompose run to finish (its config names the rest)
    prompt: str | None = None         # llm method: a project prompt template by name (services.prompts)


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


@dataclass
class DecomposeConfig:
    """What a decompose run pins (runs.config; the keys are the ones earlier versions wrote). The
    decoding settings, prompt and model are pinned by LLM runs only."""

    method: str = "sentence"
    dataset: str | None = None
    limit: int | None = None
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int = 256
    prompt: dict[str, str] | None = None
    model: dict[str, Any] | None = None

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> DecomposeConfig:
        return cls(method=c["method"], dataset=c.get("dataset"), limit=c.get("limit"), seed=c.get("seed", 0),
                   temperature=c.get("temperature", 0.0), max_tokens=c.get("max_tokens", cls.max_tokens),
                   prompt=c.get("prompt"), model=c.get("model"))

    def to_config(self) -> dict[str, Any]:
        config: dict[str, Any] = {"method": self.method, "dataset": self.dataset, "limit": self.limit}
        if self.method != "llm":
            return {**config, "splitter": "stored sentences"}
        return {**config, "seed": self.seed, "temperature": self.temperature, "max_tokens": self.max_tokens,
                "prompt": self.prompt, "model": self.model}

    def validate(self) -> None:
        if self.method not in decomp.METHODS:
            raise InvalidArgument(f"unknown method {self.method!r}; expected one of {', '.join(decomp.METHODS)}")

    def changed_prompts(self) -> list[str]:
        if self.method != "llm" or (self.prompt or {}).get("sha256") == load_prompt("decompose").sha256 \
                or "text" in (self.prompt or {}):       # a project template: the run carries its text
            return []
        return ["prompt template"]


class _DecomposeKind(jobs.RunKind):
    name = "decompose"
    config_type = DecomposeConfig

    def __init__(self, req: DecomposeRequest) -> None:
        self.opener = LLMOpener.for_request(req)

    def new_config(self, project: Project, req: DecomposeRequest) -> DecomposeConfig:
        cfg = DecomposeConfig(method=req.method, dataset=req.dataset, limit=req.limit, seed=req.seed,
                              temperature=req.temperature, max_tokens=req.max_tokens)
        if req.prompt:
            if req.method != "llm":
                raise InvalidArgument("a prompt applies to the llm method only", setting="prompt")
            from factaudit.engine.services.prompts import run_prompt

            cfg.prompt = run_prompt(project, req.prompt, "decompose")
        return cfg

    def read_inputs(self, project: Project, cfg: DecomposeConfig, progress) -> list[verify_store.ItemSentences]:
        items = verify_store.items_with_sentences(project, cfg.dataset, cfg.limit)
        if not items:
            where = f" in dataset {cfg.dataset!r}" if cfg.dataset else ""
            raise InvalidArgument(f"no answers with sentences{where} to decompose; import answers first")
        return items

    def entry(self, project: Project, req: DecomposeRequest, cfg: DecomposeConfig, inputs, given: LLM | None,
              progress, cancel) -> registry.ModelEntry | None:
        return registry.resolve_llm(req.model, req.endpoint) if cfg.method == "llm" and given is None else None

    def complete(self, project: Project, cfg: DecomposeConfig, llm: LLM | None, entry, inputs) -> DecomposeConfig:
        if cfg.method != "llm":
            return cfg
        prompt = cfg.prompt if "text" in (cfg.prompt or {}) else load_prompt("decompose").ref()
        return replace(cfg, prompt=prompt, model=model_pin(entry or llm.entry))

    def provenance(self, cfg: DecomposeConfig, llm: LLM | None, inputs) -> dict[str, Any]:
        return super().provenance(cfg, llm, inputs) if cfg.method == "llm" else {}


def decompose(project: Project, req: DecomposeRequest, progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None, llm: LLM | None = None) -> DecomposeResult:
    """Decompose the answers of a dataset into claims as a new run, or with req.resume finish a
    stopped one (the answers it already decomposed are kept, the others are done now)."""
    with jobs.start_or_resume(project, _DecomposeKind(req), req, model=llm, progress=progress, cancel=cancel) as run:
        return _run(project, run.run_id, run.config, run.inputs, run.model, progress, cancel)


def _run(project: Project, run_id: str, cfg: DecomposeConfig, items: list[verify_store.ItemSentences],
         llm: LLM | None, progress: ProgressCallback, cancel: CancelToken | None) -> DecomposeResult:
    template = pinned_prompt(cfg.prompt)

    def compute(item: verify_store.ItemSentences) -> list[verify_store.NewClaim]:
        new: list[verify_store.NewClaim] = []
        for s in item.sentences:
            if cfg.method == "sentence":
                out = decomp.by_sentence(s.text)
            else:
                out = decomp.by_llm(llm, s.text, item.answer, item.question, max_tokens=cfg.max_tokens,
                                    seed=cfg.seed, temperature=cfg.temperature, prompt=template)
            first = verify_store.next_decompose_number(project, s.id)
            meta = {"method": cfg.method}
            if cfg.method == "llm":
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
    return DecomposeResult(run_id=run_id, status="done", method=cfg.method, n_items=s["n_items"],
                           n_sentences=s["n_sentences"], n_claims=s["n_claims"], n_retired=s["n_retired"],
                           n_fallbacks=s["n_fallbacks"], seconds=round(life.seconds, 3), n_new_items=life.n_new)


