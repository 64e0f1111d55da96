"""Taxonomy induction rounds (the façade for the CLI and the GUI): the LLM, or a person, proposes
codes for the cases the codebook does not cover; the expert accepts, merges or rejects them and
closing a round saves a new codebook version."""
from __future__ import annotations

from factaudit.engine.audit import induction
from factaudit.engine.models import registry
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.pipeline import induce as induce_step
from factaudit.engine.project import judge_store as store
from factaudit.engine.project.db import Project


def induce(project: Project, run: str | None = None, model: str | None = None, endpoint: str | None = None,
           max_cases: int = induction.MAX_CASES, seed: int = 0, llm: LLM | None = None,
           n_threads: int | None = None) -> induction.RoundResult:
    """One induction round: the LLM reads the uncovered cases and proposes codes (stored, undecided)."""
    own = llm is None
    if llm is None:
        cases = induction.uncovered_cases(project, run)
        if not cases:  # a round with nothing to read needs no model: it records saturation
            return induction.record_round(project, run, "none", cases, [], None, "ok")
        llm = open_llm(registry.resolve_llm(model, endpoint), seed=seed, temperature=0.0, n_threads=n_threads)
    try:
        return induce_step.run_round(project, llm, run=run, max_cases=max_cases, seed=seed)
    finally:
        if own:
            llm.close()


def accept_proposal(project: Project, proposal_id: int, decided_by: str | None = None) -> store.Proposal:
    return induction.decide(project, proposal_id, "accept", decided_by=decided_by)


def merge_proposal(project: Project, proposal_id: int, into: str, decided_by: str | None = None) -> store.Proposal:
    return induction.decide(project, proposal_id, "merge", merge_into=into, decided_by=decided_by)


def reject_proposal(project: Project, proposal_id: int, decided_by: str | None = None) -> store.Proposal:
    return induction.decide(project, proposal_id, "reject", decided_by=decided_by)


