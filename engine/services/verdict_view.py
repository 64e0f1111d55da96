"""The verdict view: a claim's verdict with the evidence the model saw, and the run lists the verify
pages pick from."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import get_passages
from factaudit.engine.project.records import RunInfo, VerdictRecord
from factaudit.engine.project.runs import RETRIEVAL_KINDS
from factaudit.engine.services.verify import DEFAULT_K


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
    model = cfg.get("model", {})
    return VerdictDetail(run_id=run_id, claim_id=claim_id, claim_text=text, verdict=verdict, evidence=evidence,
                         mode=cfg.get("mode", "joint"), model=model.get("name") or model.get("model_name"))
