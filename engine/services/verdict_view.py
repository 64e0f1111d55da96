"""The verdict view: a claim's verdict with the evidence the model saw, and the run lists the verify
pages pick from. For a classifier run the verdict carries its attribution (the passage sentence that
drove it and its probability) instead of reasoning; the Labeling page can ask an LLM for reasoning
on just the claims it is about to label."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine.errors import InvalidArgument

from factaudit.engine.models import classifier_registry, registry
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import get_passages
from factaudit.engine.project.records import RunInfo, VerdictRecord
from factaudit.engine.project.runs import RETRIEVAL_KINDS
from factaudit.engine.services.verification import DEFAULT_K, VerifyRequest


@dataclass
class EvidenceRow:
    rank: int
    passage_id: str
    title: str | None
    text: str
    used: bool
    stance: str | None = None


@dataclass
class Attribution:
    """What drove a classifier verdict: a window of sentences [first, last] (1-based) of one passage,
    at characters [start, end) of its text, with P(label) of that window."""

    claim_id: str
    passage_id: str | None
    start: int | None
    end: int | None
    first: int | None
    last: int | None
    label: str | None           # Supported | Refuted: the probability is of this column
    prob: float | None
    failure: str | None = None  # the claim's failure (too long for the model), when it had one

    def text(self) -> str:
        """One line, e.g. "P(Supported) = 0.91, passage 12345, sentence 3"."""
        if self.failure:
            return self.failure
        if self.passage_id is None or self.prob is None:
            return "No passage had text to score."
        where = (f"sentence {self.first}" if self.first == self.last else f"sentences {self.first}-{self.last}") \
            if self.first is not None else "a window"
        return f"P({self.label}) = {self.prob:.2f}, passage {self.passage_id}, {where}"


@dataclass
class VerdictDetail:
    run_id: str
    claim_id: str
    claim_text: str
    verdict: VerdictRecord | None
    evidence: list[EvidenceRow]
    mode: str
    model: str | None
    attribution: Attribution | None = None     # classifier runs only (they have no reasoning)


def is_classifier_verify_run(project: Project, run_id: str | None) -> bool:
    """Whether a verify run was made by a classifier verifier (its verdicts have attribution, no reasoning)."""
    from factaudit.engine.services.classify_verify import is_classifier_run

    return bool(run_id) and is_classifier_run(run_store.get_run(project, run_id).config)


def verdict_attribution(project: Project, run_id: str, claim_ids=None) -> dict[str, Attribution]:
    """The attribution of a classifier run's verdicts by claim (empty for an LLM run)."""
    out = {}
    for cid, ev in classifier_store.get_verdict_evidence(project, run_id, claim_ids).items():
        sents = (ev.detail or {}).get("sentences") or [None, None]
        out[cid] = Attribution(cid, ev.passage_id, ev.span_start, ev.span_end, sents[0], sents[1], ev.label,
                               ev.prob, (ev.detail or {}).get("failure"))
    return out


def classifier_choices() -> list[registry.ModelEntry]:
    """Classifier verifiers a verify run can use (embedded first, then local_models/ folders), left
    out the folders that look like one but cannot be used (the Models page says why)."""
    return [e for e in classifier_registry.list_classifiers() if e.extra.get("labels_map")]


def llm_reasoning_request(project: Project, classifier_run: str, claim_ids: list[str],
                          model: str = registry.EMBEDDED_LLM) -> VerifyRequest:
    """A verify request for verdicts with reasoning on only these claims, with the classifier run's
    evidence (its retrieval run and k): what reasoning labeling needs when the chosen run has none."""
    if not claim_ids:
        raise InvalidArgument("no claims to verify: the labeling queue is empty")
    cfg = run_store.get_run(project, classifier_run).config
    return VerifyRequest(retrieval_run=cfg.get("retrieval_run"), k=cfg.get("k", DEFAULT_K), model=model,
                         claim_ids=list(claim_ids), evidence_source=cfg.get("evidence_source", "retrieval"))


def verdicts(project: Project, run_id: str) -> dict[str, VerdictRecord]:
    return run_store.get_verdicts(project, run_id)


def verify_runs(project: Project) -> list[RunInfo]:
    return run_store.list_runs(project, "verify")


def resumable_verify_runs(project: Project) -> list[RunInfo]:
    return [r for r in run_store.list_runs(project, "verify") if r.status in run_store.RESUMABLE]


def retrieval_runs(project: Project) -> list[RunInfo]:
    """Finished runs a verify or judge run can take its evidence from, oldest first."""
    return [r for r in run_store.list_runs(project) if r.kind in RETRIEVAL_KINDS and r.status == "done"]


def latest_retrieval_run(project: Project) -> str | None:
    done = [r for r in run_store.list_runs(project) if r.kind in RETRIEVAL_KINDS and r.status == "done"
            and run_store.get_hits(project, r.id)]
    return done[-1].id if done else None


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
    model = cfg.get("model") or {}
    attribution = verdict_attribution(project, run_id, [claim_id]).get(claim_id)
    return VerdictDetail(run_id=run_id, claim_id=claim_id, claim_text=text, verdict=verdict, evidence=evidence,
                         mode=cfg.get("mode", "joint"), model=model.get("name") or model.get("model_name"),
                         attribution=attribution)
