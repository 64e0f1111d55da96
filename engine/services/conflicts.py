"""Conflict-aware answering as pinned, resumable `aggregate` runs (the façade for the CLI and the GUI).

An aggregate run answers items that have documents (a RAMDocs-style dataset, or a retrieval run's
top-k passages per question) with one variant (engine.conflicts.variants). Its config pins what
decides the output: the variant, its inputs, the model (file sha256, or endpoint and model name),
seed, temperature, the sha256 of each prompt the variant uses (a project template named by `prompt`
stands in for the stage template it was saved for, pinned with its text), the lexicon (its entries), the
document word cap and the corpus hash. Each item commits on its own; `--resume RUN` finishes a
stopped run. The `oracle` variant reads the documents' gold answers: it is privileged, labelled
"not deployable" in the config and every output, and only measures what imperfect extraction costs.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, replace
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Sequence

from factaudit.engine import jobs
from factaudit.engine.conflicts import metrics as cm
from factaudit.engine.conflicts.diverge import conditions, divergence
from factaudit.engine.conflicts.model import PROMPTS as STAGE_TEMPLATES, ModelOptions
from factaudit.engine.conflicts.records import Doc, Item, ItemResult
from factaudit.engine.conflicts.variants import MODEL_VARIANTS, PRIVILEGED, VARIANTS, run_item
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline.prompts import Prompt, pinned_prompt
from factaudit.engine.project import conflict_store as store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash
from factaudit.engine.project.runs import RETRIEVAL_KINDS
from factaudit.engine.services.llm_opener import LLMOpener
from factaudit.engine.services.models import LLMRunSettings, model_pin

KIND = "aggregate"
NOT_DEPLOYABLE = "privileged oracle: reads the documents' gold answers; not deployable"
_STAGE_PROMPTS = {"full": ("extract",), "no-repair": ("extract",), "no-grouping": ("extract", "group"),
                  "single-call": ("single",), "single-call-by-language": ("single",)}


@dataclass
class AggregateRequest(LLMRunSettings):
    variant: str = "full"
    retrieval_run: str | None = None
    k: int = 5
    lexicon: str | None = None            # a YAML/JSON lexicon file; its entries are pinned in the run
    doc_words: int = ModelOptions.doc_words
    max_tokens: int = ModelOptions.max_tokens
    n_resamples: int = cm.DEFAULT_RESAMPLES
    bootstrap_seed: int = cm.DEFAULT_SEED
    concurrency: int = 4
    backoff_base: float = 1.0
    prompt: str | None = None             # a project template for one of the variant's stages (services.prompts)


@dataclass(frozen=True)
class _PinnedOptions(ModelOptions):
    """The model options with the project templates a run pinned, by stage (the rest stay shipped)."""

    templates: tuple[tuple[str, Prompt], ...] = ()

    def prompt(self, stage: str) -> Prompt:
        return dict(self.templates).get(stage) or super().prompt(stage)


@dataclass
class AggregateResult:
    run_id: str
    variant: str
    status: str
    n_items: int
    n_new: int
    metrics: dict[str, float | None]
    intervals: dict[str, list[float] | None]
    n_conflict: int
    model_calls: int = 0
    parse_failures: int = 0
    seconds: float = 0.0
    model: str | None = None
    privileged: str | None = None
    n_resamples: int = cm.DEFAULT_RESAMPLES
    seed: int = cm.DEFAULT_SEED
    # items answered with nothing (the run summary's n_abstentions): strict accuracy counts them as
    # the empty set, so a run that abstains everywhere scores 0 and this count says why
    n_abstained: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def contract_json(self) -> dict[str, Any]:
        """`aggregate --json`: the issue's fields first, then the rest."""
        out = {"run_id": self.run_id, "variant": self.variant, "n_items": self.n_items, "metrics": self.metrics}
        out.update({k: v for k, v in self.to_json().items() if k not in out})
        return out


# ---- inputs ---------------------------------------------------------------------------------------
def _load_lexicon(path: str | None) -> tuple[dict[str, list[str]] | None, Lexicon | None]:
    if not path:
        return None, None
    lex = Lexicon.load(path)   # InvalidArgument naming the file on bad input
    import yaml

    raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    entries = {str(k): [v] if isinstance(v, str) else [str(x) for x in v] for k, v in raw.items()}
    return entries, lex


@dataclass
class AggregateConfig:
    """What an aggregate run pins (runs.config; the keys are the ones earlier versions wrote)."""

    variant: str = "full"
    dataset: str | None = None
    retrieval_run: str | None = None
    k: int = 5
    limit: int | None = None
    lexicon: dict[str, list[str]] | None = None
    lexicon_sha256: str | None = None
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int = ModelOptions.max_tokens
    doc_words: int = ModelOptions.doc_words
    prompts: dict[str, dict[str, str]] = field(default_factory=dict)
    model: dict[str, Any] | None = None
    corpus_hash: str | None = None
    privileged: str | None = None

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> AggregateConfig:
        return cls(**{f.name: c[f.name] for f in fields(cls) if f.name in c})

    def to_config(self) -> dict[str, Any]:
        return asdict(self)

    def validate(self) -> None:
        if self.variant not in VARIANTS:
            raise InvalidArgument(f"unknown variant {self.variant!r}; expected one of {', '.join(VARIANTS)}")
        if bool(self.dataset) == bool(self.retrieval_run):
            raise InvalidArgument("name the items: a dataset or a retrieval run (one of them)",
                                  setting=("dataset", "retrieval_run"))
        if self.limit is not None and self.limit < 1:
            raise InvalidArgument("the limit must be at least 1", setting="limit")

    def options(self) -> ModelOptions:
        pinned = tuple((stage, p) for stage, ref in self.prompts.items() if (p := pinned_prompt(ref)) is not None)
        return _PinnedOptions(self.max_tokens, self.seed, self.temperature, self.doc_words, pinned)

    def changed_prompts(self) -> list[str]:
        opts = self.options()
        return [f"{stage} prompt" for stage, ref in self.prompts.items() if opts.prompt(stage).sha256 != ref["sha256"]]


@dataclass
class _Inputs:
    items: list[Item]
    lexicon: Lexicon | None


class _AggregateKind(jobs.RunKind):
    name = KIND
    config_type = AggregateConfig

    def __init__(self, req: AggregateRequest, on_retry: Callable[[int, float, str], None] | None) -> None:
        self.opener = LLMOpener.for_request(req, on_retry)
        self.loaded: Lexicon | None = None      # a new run's lexicon, as read from its file

    def new_config(self, project: Project, req: AggregateRequest) -> AggregateConfig:
        entries, self.loaded = _load_lexicon(req.lexicon)
        cfg = AggregateConfig(
            variant=req.variant, dataset=req.dataset, retrieval_run=req.retrieval_run, k=req.k, limit=req.limit,
            lexicon=entries, seed=req.seed, temperature=req.temperature, max_tokens=req.max_tokens,
            doc_words=req.doc_words, privileged=NOT_DEPLOYABLE if req.variant in PRIVILEGED else None,
            lexicon_sha256=hashlib.sha256(json.dumps(entries, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
            if entries else None)
        cfg.prompts = {s: cfg.options().prompt(s).ref() for s in _STAGE_PROMPTS.get(req.variant, ())}
        if req.prompt:
            cfg.prompts.update(_project_prompt(project, req.prompt, req.variant))
        return cfg

    def read_inputs(self, project: Project, cfg: AggregateConfig, progress: ProgressCallback) -> _Inputs:
        if cfg.retrieval_run:
            run = run_store.get_run(project, cfg.retrieval_run)
            if run.kind not in RETRIEVAL_KINDS or run.status != "done":
                raise InvalidArgument(f"{cfg.retrieval_run} is not a finished retrieval run")
        items = _items(project, cfg)     # before a run exists: nothing to answer writes nothing
        if not items:
            raise InvalidArgument("no items with documents to answer (import a RAMDocs-style dataset, "
                                  "or name a retrieval run with hits)")
        lexicon = self.loaded if self.loaded is not None else Lexicon(cfg.lexicon) if cfg.lexicon else None
        return _Inputs(items, lexicon)

    def entry(self, project: Project, req: AggregateRequest, cfg: AggregateConfig, inputs: _Inputs, given,
              progress, cancel) -> registry.ModelEntry | None:
        if req.variant not in MODEL_VARIANTS:
            if req.model or req.endpoint:
                raise InvalidArgument(f"variant {req.variant} makes no model calls; leave out the model and the endpoint",
                                      setting=("model", "endpoint"))
            return None
        return registry.resolve_llm(req.model, req.endpoint, n_ctx=req.n_ctx)

    def complete(self, project: Project, cfg: AggregateConfig, llm, entry, inputs) -> AggregateConfig:
        return replace(cfg, model=model_pin(entry) if entry else None, corpus_hash=corpus_hash(project))


def _project_prompt(project: Project, name: str, variant: str) -> dict[str, dict[str, str]]:
    """{stage: pin} for the project template `name`, in the stage whose shipped template it stands in for."""
    from factaudit.engine.services.prompts import run_prompt, show_prompt

    base = show_prompt(project, name).info.base
    stages = [s for s in _STAGE_PROMPTS.get(variant, ()) if STAGE_TEMPLATES[s] == base]
    if not stages:
        reads = ", ".join(STAGE_TEMPLATES[s] for s in _STAGE_PROMPTS.get(variant, ())) or "no prompt"
        raise InvalidArgument(f"prompt {name!r} stands in for {base!r}; the {variant} variant reads {reads}",
                              setting="prompt")
    return {stages[0]: run_prompt(project, name, base)}


def _items(project: Project, cfg: AggregateConfig) -> list[Item]:
    if cfg.dataset:
        rows = store.items_with_documents(project, cfg.dataset, cfg.limit)
    else:
        rows = store.items_from_retrieval(project, cfg.retrieval_run, cfg.k, cfg.limit)
    return [Item(r.id, r.question, r.gold_answers, [Doc(d.id, d.text, d.lang, d.type, d.answer) for d in r.docs])
            for r in rows]


# ---- running --------------------------------------------------------------------------------------
def aggregate(project: Project, req: AggregateRequest, progress: ProgressCallback = no_progress,
              cancel: CancelToken | None = None, on_retry: Callable[[int, float, str], None] | None = None,
              llm: LLM | None = None) -> AggregateResult:
    """Run (or with req.resume, continue) an aggregate run; raises RunCancelled / RunFailed naming it."""
    with jobs.start_or_resume(project, _AggregateKind(req, on_retry), req, model=llm, progress=progress,
                              cancel=cancel) as run:
        run_id, cfg, llm, items = run.run_id, run.config, run.model, run.inputs.items
        opts, lexicon = cfg.options(), run.inputs.lexicon
        life = jobs.RunLifecycle(project, run_id, noun="items", verb="answering", progress=progress, cancel=cancel,
                                 summary=lambda: {**store.totals(project, run_id), "n_items": len(items)})
        with life:
            done = store.done_item_ids(project, run_id)
            todo = [it for it in items if it.id not in done]
            workers = max(1, min(getattr(llm, "max_concurrency", 1), req.concurrency)) if llm else 1
            life.work(todo, lambda it: run_item(cfg.variant, it, llm, opts, lexicon),
                      lambda it, res: store.add_result(project, run_id, res.to_json()),
                      done_before=len(done), total=len(items), workers=workers)
            scores = run_scores(project, run_id, req.n_resamples, req.bootstrap_seed, items=items)
            life.finish(metrics=scores.metrics, intervals=scores.intervals, n_conflict=scores.n_conflict,
                        seconds_last_session=round(life.seconds, 3))
        t = life.summary
        return AggregateResult(
            run_id, cfg.variant, "done", len(items), life.n_new, scores.metrics, scores.intervals, scores.n_conflict,
            t.get("model_calls", 0), t.get("parse_failures", 0), round(life.seconds, 3),
            llm.entry.name if llm else None, cfg.privileged, scores.n_resamples, scores.seed,
            n_abstained=t.get("n_abstentions", 0))


# ---- reading runs -----------------------------------------------------------------------------------
def _check_aggregate_run(project: Project, run_id: str):
    run = run_store.get_run(project, run_id)
    if run.kind != KIND:
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not an aggregate run")
    return run


def _run_inputs(project: Project, run_id: str, items: list[Item] | None = None):
    run = _check_aggregate_run(project, run_id)
    cfg = AggregateConfig.from_config(run.config)
    lexicon = Lexicon(cfg.lexicon) if cfg.lexicon else None
    items = items if items is not None else _items(project, cfg)
    results = {k: ItemResult.from_json(v) for k, v in store.get_results(project, run_id).items()}
    return run, lexicon, items, results


def item_scores(project: Project, run_id: str, items: list[Item] | None = None) -> dict[str, cm.ItemScore]:
    _, lexicon, items, results = _run_inputs(project, run_id, items)
    return {it.id: cm.score_item(it, results[it.id], lexicon) for it in items if it.id in results}


def run_scores(project: Project, run_id: str, n_resamples: int = cm.DEFAULT_RESAMPLES,
               seed: int = cm.DEFAULT_SEED, items: list[Item] | None = None) -> cm.RunScores:
    """The five metrics of an aggregate run with bootstrap intervals (over the items it answered)."""
    return cm.summarise(list(item_scores(project, run_id, items).values()), n_resamples, seed)


aggregate_scores = run_scores  # the façade's name (the GUI's Conflicts view)


def aggregate_runs(project: Project) -> list:
    """Aggregate runs, oldest first (RunInfo)."""
    return run_store.list_runs(project, KIND)


@dataclass(frozen=True)
class VariantInfo:
    name: str
    uses_model: bool
    privileged: bool


def aggregate_variants() -> list[VariantInfo]:
    """The variants an aggregate run can use, in the order the study lists them."""
    return [VariantInfo(v, v in MODEL_VARIANTS, v in PRIVILEGED) for v in VARIANTS]


def resumable_aggregate_runs(project: Project) -> list:
    """Aggregate runs a `resume` can finish (interrupted, cancelled or failed), oldest first."""
    return [r for r in run_store.list_runs(project, KIND) if r.status in run_store.RESUMABLE]


@dataclass
class AggregateComparison:
    runs: list[str]
    variants: dict[str, str]
    n_shared: int
    scores: dict[str, dict[str, float | None]]      # each run's metrics on the shared items
    sign_tests: list[dict[str, Any]] = field(default_factory=list)
    note: str = "paired sign tests are exploratory (exact binomial on the discordant items)"
    intervals: dict[str, dict[str, list[float] | None]] = field(default_factory=dict)   # bootstrap, shared items

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def compare_aggregate_runs(project: Project, run_ids: Sequence[str], n_resamples: int = cm.DEFAULT_RESAMPLES,
                           seed: int = cm.DEFAULT_SEED) -> AggregateComparison:
    """Each pair of aggregate runs on the items all of them answered: paired sign tests of strict
    accuracy and conflict-aware success."""
    run_ids = list(dict.fromkeys(run_ids))
    if len(run_ids) < 2:
        raise InvalidArgument("compare needs at least two different runs", setting="runs")
    per_run = {r: item_scores(project, r) for r in run_ids}
    shared = set.intersection(*(set(s) for s in per_run.values()))
    if not shared:
        raise InvalidArgument(f"the runs {', '.join(run_ids)} answered no item in common")
    variants = {r: run_store.get_run(project, r).config.get("variant") for r in run_ids}
    summaries = {r: cm.summarise([s for i, s in per_run[r].items() if i in shared], n_resamples, seed)
                 for r in run_ids}
    scores = {r: x.metrics for r, x in summaries.items()}
    tests = []
    for a, b in combinations(run_ids, 2):
        for metric, attr in (("strict_accuracy", "strict"), ("conflict_aware_success", "success")):
            t = cm.sign_test(a, b, metric, {i: getattr(per_run[a][i], attr) for i in shared},
                             {i: getattr(per_run[b][i], attr) for i in shared})
            tests.append(asdict(t))
    return AggregateComparison(run_ids, variants, len(shared), scores, tests,
                               intervals={r: x.intervals for r, x in summaries.items()})


def is_aggregate_run(project: Project, run_id: str) -> bool:
    return run_store.get_run(project, run_id).kind == KIND


# ---- the Conflicts view -------------------------------------------------------------------------------
@dataclass
class ConflictItemView:
    item_id: str
    question: str
    gold_answers: list[str]
    docs: list[Doc]
    result: ItemResult
    score: cm.ItemScore
    conditions: list[str]
    diverged_at: str | None            # the first stage that differs from the oracle (None: same outcome)


def conflict_items(project: Project, run_id: str) -> list[ConflictItemView]:
    """Every answered item of an aggregate run with each stage's output, for the Conflicts view."""
    _, lexicon, items, results = _run_inputs(project, run_id)
    out = []
    for it in items:
        res = results.get(it.id)
        if res is None:
            continue
        score = cm.score_item(it, res, lexicon)
        out.append(ConflictItemView(it.id, it.question, it.gold_answers, it.docs, res, score,
                                    conditions(it, score.gold_conflict), divergence(it, res, lexicon)))
    return out
