"""LLM judge runs and taxonomy induction rounds (the façade for the CLI and the GUI).

A judge run is a run of kind "judge": its config pins the source run, target, mode, with_gold, the
model (file sha256 or endpoint + name), the prompt's sha256, the codebook version and sha, the
dimensions, k, seed, temperature and the prompt-cache flag. Each unit (claim x passage for evidence,
claim for reasoning) commits its judge_units row and its annotations in one transaction, so a killed
run loses at most the unit in flight and `--resume` finishes it with exactly one label per unit.
Labels are annotations by `llm:<model>@<prompt sha[:12]>`, blind=false, with the codebook version;
evidence labels carry the judge run in run_id, reasoning labels (whose run_id is the verify run)
name it in the note.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline import judge as jp
from factaudit.engine.pipeline.prompts import pinned_prompt
from factaudit.engine.pipeline.verify import EvidencePassage
from factaudit.engine.project import audit_store
from factaudit.engine.project import judge_store as store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.project.queries import corpus_hash, get_passages, list_claims
from factaudit.engine.project.runs import RETRIEVAL_KINDS
from factaudit.engine.services.llm_opener import LLMOpener
from factaudit.engine.services.models import LLMRunSettings, model_pin
from factaudit.engine.services.verification import DEFAULT_K

@dataclass
class JudgeRequest(LLMRunSettings):
    run: str | None = None                 # retrieval run (evidence) or verify run (reasoning)
    target: str = "evidence"
    mode: str = "care"
    with_gold: bool = False
    k: int | None = None                   # default: the verify run's k (reasoning), else DEFAULT_K
    dimensions: list[str] | None = None    # default: every dimension of the target
    max_tokens: int = 120
    # a verify run: take the claims in the labeling queue's order (its disagreements first), so a
    # limited run pre-labels the units the queue shows next; None: claim id order
    order_by: str | None = None
    prompt: str | None = None              # a project prompt template by name (services.prompts)
    reasoning_effort: str | None = None    # endpoint LLMs only: the API's reasoning_effort (pinned)


@dataclass
class JudgeResult:
    run_id: str
    status: str
    target: str
    mode: str
    with_gold: bool
    source_run: str
    annotator: str
    codebook_version: int
    n_units: int
    n_done: int
    n_new: int
    n_parse_failures: int
    n_labels: int
    code_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    seconds: float = 0.0
    units_per_min: float = 0.0
    model: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Unit:
    claim_id: str
    claim: str
    gold: str
    passages: list[EvidencePassage]
    index: int | None = None               # evidence: the passage rated
    verdict: Any = None                    # reasoning: the VerdictRecord

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.claim_id, self.passages[self.index].id if self.index is not None else None)


@dataclass
class JudgeConfig:
    """What a judge run pins (runs.config; the keys are the ones earlier versions wrote)."""

    run: str
    target: str = "evidence"
    mode: str = "care"
    with_gold: bool = False
    k: int = DEFAULT_K
    limit: int | None = None
    dataset: str | None = None
    dimensions: list[str] = field(default_factory=list)
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int = 120
    passage_words: int | None = None
    prompt_cache: bool = False
    prompt: dict[str, str] = field(default_factory=dict)
    codebook_version: int = 1
    codebook_sha256: str | None = None
    corpus_hash: str | None = None
    model: dict[str, Any] | None = None
    annotator: str | None = None          # a resumed run keeps it, whatever the model is called now
    order_by: str | None = None           # the verify run whose queue order the claims follow
    reasoning_effort: str | None = None   # endpoint LLMs: sent as reasoning_effort

    _KEYS = ("run", "target", "mode", "with_gold", "k", "limit", "dataset", "dimensions", "seed", "temperature",
             "max_tokens", "passage_words", "prompt_cache", "prompt", "codebook_version", "codebook_sha256",
             "corpus_hash", "model", "annotator", "order_by", "reasoning_effort")

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> JudgeConfig:
        return cls(**{key: c[key] for key in cls._KEYS if key in c})

    def to_config(self) -> dict[str, Any]:
        out = {key: getattr(self, key) for key in self._KEYS}
        for key in ("order_by", "reasoning_effort"):
            if out[key] is None:          # runs without one pin what they always pinned
                del out[key]
        return out

    def validate(self) -> None:
        jp.check_mode(self.target, self.mode)
        if self.k < 1:
            raise InvalidArgument("k must be at least 1")

    def options(self) -> jp.JudgeOptions:
        return jp.JudgeOptions(target=self.target, mode=self.mode, with_gold=self.with_gold, max_tokens=self.max_tokens,
                               passage_words=self.passage_words, seed=self.seed, temperature=self.temperature,
                               template=pinned_prompt(self.prompt))

    def changed_prompts(self) -> list[str]:
        return ["prompt template"] if self.prompt.get("sha256") != self.options().prompt().sha256 else []


@dataclass
class _Inputs:
    units: list[_Unit]
    book: cb.Codebook
    dims: list


class _JudgeKind(jobs.RunKind):
    name = "judge"
    config_type = JudgeConfig

    def __init__(self, req: JudgeRequest) -> None:
        self.opener = LLMOpener.for_request(req)
        self.n_ctx = req.n_ctx

    def new_config(self, project: Project, req: JudgeRequest) -> JudgeConfig:
        if not req.run:
            raise InvalidArgument("name the run to judge, or an unfinished judge run to resume",
                                  setting=("run", "resume"), action="choose_run")
        jp.check_mode(req.target, req.mode)
        k = req.k
        if k is None:
            pinned_k = run_store.get_run(project, req.run).config.get("k") if req.target == "reasoning" else None
            k = pinned_k if isinstance(pinned_k, int) and pinned_k > 0 else DEFAULT_K
        book = codebook_versions.current(project)
        cfg = JudgeConfig(run=req.run, target=req.target, mode=req.mode, with_gold=req.with_gold, k=k,
                          limit=req.limit, dataset=req.dataset, seed=req.seed, temperature=req.temperature,
                          max_tokens=req.max_tokens, passage_words=req.passage_words, prompt_cache=req.prompt_cache,
                          codebook_version=book.version, codebook_sha256=book.sha256, order_by=req.order_by,
                          reasoning_effort=req.reasoning_effort)
        if req.order_by:
            run_store.get_run(project, req.order_by)      # an unknown run is an error, not claim id order
        cfg.prompt = cfg.options().prompt().ref()
        if req.prompt:
            from factaudit.engine.services.prompts import run_prompt

            cfg.prompt = run_prompt(project, req.prompt, cfg.options().base_prompt())
        cfg.dimensions = [d.id for d in jp.select_dimensions(book, req.target, req.mode, req.dimensions)]
        return cfg

    def check_resume(self, run_id: str, cfg: JudgeConfig, req: JudgeRequest) -> None:
        if req.run and req.run != cfg.run:
            raise InvalidArgument(f"{run_id} judges {cfg.run}, not {req.run}")

    def read_inputs(self, project: Project, cfg: JudgeConfig, progress: ProgressCallback) -> _Inputs:
        _check_source(project, cfg.target, cfg.run)
        book = codebook_versions.current(project, cfg.codebook_version)
        dims = jp.select_dimensions(book, cfg.target, cfg.mode, cfg.dimensions)
        return _Inputs(_units(project, cfg), book, dims)

    def entry(self, project: Project, req: JudgeRequest, cfg: JudgeConfig, inputs: _Inputs, given: LLM | None,
              progress: ProgressCallback, cancel: CancelToken | None) -> registry.ModelEntry | None:
        return registry.resolve_llm(req.model, req.endpoint, n_ctx=req.n_ctx) if given is None else None

    def complete(self, project: Project, cfg: JudgeConfig, llm: LLM, entry, inputs: _Inputs) -> JudgeConfig:
        pin = model_pin(llm.entry)
        if self.n_ctx:
            pin["n_ctx"] = self.n_ctx
        return replace(cfg, prompt_cache=bool(getattr(llm, "prompt_cache", cfg.prompt_cache)),
                       corpus_hash=corpus_hash(project), model=pin,
                       annotator=annotator_for(llm.entry.name, cfg.prompt["sha256"]))


def _check_source(project: Project, target: str, run_id: str) -> None:
    run = run_store.get_run(project, run_id)
    if target == "evidence" and run.kind not in RETRIEVAL_KINDS:
        raise InvalidArgument(f"{run_id} is a {run.kind} run; the evidence target rates a retrieval run's passages",
                              setting="target")
    if target == "reasoning" and run.kind != "verify":
        raise InvalidArgument(f"{run_id} is a {run.kind} run; the reasoning target rates a verify run", setting="target")
    if target == "reasoning" and (run.config.get("model") or {}).get("backend") == "classifier":
        raise InvalidArgument(f"{run_id} was made by a classifier verifier, whose verdicts have no reasoning to "
                              "rate; verify those claims with a language model first")
    if run.status != "done":
        raise InvalidArgument(f"{run_id} is {run.status}; finish it first")


def _units(project: Project, cfg: JudgeConfig) -> list[_Unit]:
    target, source, k = cfg.target, cfg.run, cfg.k
    if target == "evidence":
        hits = run_store.get_hits(project, source)
        verdicts = None
    else:
        verdicts = run_store.get_verdicts(project, source)
        from factaudit.engine.audit.triage import retrieval_run_of

        retrieval = retrieval_run_of(project, source)
        hits = run_store.get_hits(project, retrieval) if retrieval else {}
    claims = [c for c in list_claims(project, cfg.dataset)
              if c.id in (hits if target == "evidence" else verdicts)]
    if target == "reasoning":
        claims = [c for c in claims if verdicts[c.id].verdict is not None]
    if cfg.order_by:
        # the labeling queue's order (its disagreements first, then a stratified sample), as the
        # Labeling page opens it: the first units pre-labelled are the first the expert sees
        from factaudit.engine.audit.queues import claim_order

        by_id = {c.id: c for c in claims}
        claims = [by_id[c] for c, _why in claim_order(project, list(by_id), cfg.order_by, "R+NE", 42)]
    if cfg.limit is not None:
        claims = claims[: max(0, int(cfg.limit))]
    answers = store.item_gold_answers(project, [c.id for c in claims]) if cfg.with_gold else {}
    out: list[_Unit] = []
    for c in claims:
        ids = [h.passage_id for h in hits.get(c.id, [])[:k]]
        if not ids and target == "reasoning":  # an imported verify run may name only the passages it used
            ids = list(verdicts[c.id].evidence_used or [])[:k]
        rows = get_passages(project, ids)
        passages = [EvidencePassage(pid, rows[pid].text, rows[pid].title) for pid in ids if pid in rows]
        gold = jp.gold_text(c.gold_label, answers.get(c.id)) if cfg.with_gold else ""
        if target == "evidence":
            out.extend(_Unit(c.id, c.text, gold, passages, index=i) for i in range(len(passages)))
        else:
            out.append(_Unit(c.id, c.text, gold, passages, verdict=verdicts[c.id]))
    return out


def _summary(project: Project, run_id: str, n_units: int) -> dict[str, Any]:
    units = store.get_units(project, run_id)
    counts: dict[str, dict[str, int]] = {}
    for u in units:
        for dim, code in u.labels.items():
            counts.setdefault(dim, {}).setdefault(code, 0)
            counts[dim][code] += 1
    return {"n_units": n_units, "n_done": len(units),
            "n_parse_failures": sum(1 for u in units if u.parse_status == "failed"),
            "n_labels": sum(len(u.labels) for u in units), "code_counts": counts}


def annotator_for(model_name: str, prompt_sha: str) -> str:
    return ann.llm_annotator(model_name, prompt_sha[:12])


def judge(project: Project, req: JudgeRequest, progress: ProgressCallback = no_progress,
          cancel: CancelToken | None = None, llm: LLM | None = None) -> JudgeResult:
    """Run (or with req.resume, continue) a judge run. `llm` lets a caller reuse a loaded model; it
    must be the model the run pins."""
    with jobs.start_or_resume(project, _JudgeKind(req), req, model=llm, progress=progress, cancel=cancel) as run:
        return _run(project, run, progress, cancel)


def _run(project: Project, run: jobs.StartedRun, progress: ProgressCallback,
         cancel: CancelToken | None) -> JudgeResult:
    run_id, cfg, llm = run.run_id, run.config, run.model
    units, book, dims = run.inputs.units, run.inputs.book, run.inputs.dims
    opts, annotator = cfg.options(), cfg.annotator

    def compute(u: _Unit) -> jp.UnitOutcome:
        if opts.target == "evidence":
            return jp.judge_evidence(llm, opts, dims, u.claim, u.gold, u.passages, u.index)
        v = u.verdict
        return jp.judge_reasoning(llm, opts, dims, u.claim, u.gold, u.passages, v.verdict, v.reasoning, v.evidence_used)

    life = jobs.RunLifecycle(project, run_id, noun="units", verb="judging", progress=progress, cancel=cancel,
                             summary=lambda: _summary(project, run_id, life.total or 0))
    with life:  # from here on, whatever stops the run ends it cancelled or failed, never left running
        done = store.done_keys(project, run_id)
        total = len(units)
        life.work((u for u in units if u.key not in done), compute,
                  lambda u, out: _store_unit(project, run_id, cfg, book, annotator, u, out),
                  done_before=len(done), total=total)
        life.finish(seconds_last_session=round(life.seconds, 3))
    summary, seconds, n_new = life.summary, life.seconds, life.n_new
    return JudgeResult(
        run_id=run_id, status="done", target=opts.target, mode=opts.mode, with_gold=opts.with_gold,
        source_run=cfg.run, annotator=annotator, codebook_version=book.version, n_units=total,
        n_done=summary["n_done"], n_new=n_new, n_parse_failures=summary["n_parse_failures"],
        n_labels=summary["n_labels"], code_counts=summary["code_counts"], seconds=round(seconds, 3),
        units_per_min=round(n_new / seconds * 60, 3) if seconds > 0 else 0.0, model=llm.entry.name)


def _store_unit(project: Project, run_id: str, cfg: JudgeConfig, book: cb.Codebook, annotator: str, u: _Unit,
                out: jp.UnitOutcome) -> None:
    target = cfg.target
    passage_id = u.key[1]
    records: list[Annotation] = []
    if out.labels:
        existing = ann.heads(audit_store.list_annotations(project, claim_ids=[u.claim_id], annotator=annotator))
        now = now_iso()
        for dim, code in out.labels.items():
            # The schema's enums are the codebook's codes; checking again guards against a backend
            # that ignores the schema.
            cb.require_code(book, target, dim, code)
            rec = Annotation(
                id=ann.new_id(), target=target, claim_id=u.claim_id,
                passage_id=passage_id if target == "evidence" else None,
                run_id=run_id if target == "evidence" else cfg.run, dimension=dim, code=code, annotator=annotator,
                codebook_version=book.version, pass_="first", blind=False, supersedes=None,
                note=f"{run_id} ({cfg.mode}{', with gold' if cfg.with_gold else ''})", created=now)
            head = existing.get(rec.key)
            if head is not None:
                rec = replace(rec, supersedes=head.id)
            records.append(rec)
    unit = store.JudgeUnit(run_id=run_id, claim_id=u.claim_id, passage_id=passage_id, parse_status=out.parse_status,
                           labels=out.labels, answer=out.answer, raw_output=out.raw_output,
                           prompt_tokens=out.prompt_tokens, completion_tokens=out.completion_tokens,
                           latency_ms=out.latency_ms, reasoning_tokens=out.reasoning_tokens)
    store.add_unit(project, unit, records)


def judge_runs(project: Project) -> list:
    return run_store.list_runs(project, kind="judge")
