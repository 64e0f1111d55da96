"""Reasoning figures of a verify run (issue #33 item 2): how many traces are right on every step, where
the first wrong step is, and which right verdicts were reached by wrong reasoning.

A *trace* is one claim's verification in the run, labelled on the codebook's reasoning steps (six in
the seed codebook: evidence selection, interpretation, inference, confidence, label consistency,
grounding). A step is *correct* when its code names no failure pattern (V1–V6), *failed* otherwise.

- `n_complete`: traces labelled on every step; only these can be all-correct, so they are the
  denominator of `all_correct` (share, Wilson 95 % interval). Partly labelled traces are
  `n_incomplete`.
- `first_failure`: per step, the complete traces whose first failed step (in codebook order) it is;
  the shares are over the complete traces with a failure.
- The 2×2 of verdict correct × reasoning all-correct over complete traces whose verdict correctness is
  known: *right for the wrong reasons* (verdict correct, a step failed) is counted and listed; so is
  *wrong despite sound reasoning*. A verdict is correct when it equals the claim's gold verdict; a
  claim without one but from a labelled answer sentence is correct when the verdict's error flag under
  the mapping (default R+NE) equals the sentence's expert label (error / correct); otherwise unknown
  (`n_verdict_unknown`). A reply that did not parse is an incorrect verdict.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import NotFound
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import audit_store as store
from factaudit.engine.project import scoring_store
from factaudit.engine.project.db import Project


@dataclass
class VerdictTruth:
    claim_id: str
    verdict: str | None        # None: the reply did not parse
    gold_label: str | None
    sentence_label: str | None


@dataclass
class ReasoningFigures:
    run_id: str
    steps: list[str]
    n_traces: int                       # claims of the run
    n_labelled: int                     # traces with at least one step labelled
    n_complete: int
    n_incomplete: int
    n_all_correct: int
    all_correct: float | None
    all_correct_ci: tuple[float, float] | None
    first_failure: dict[str, int]
    first_failure_share: dict[str, float | None]
    mapping: str
    table: dict[str, int]               # verdict correct × reasoning all-correct, complete traces
    n_verdict_unknown: int
    right_for_wrong_reasons: list[dict[str, Any]] = field(default_factory=list)
    wrong_despite_sound_reasoning: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def verdict_correct(t: VerdictTruth, mapping: str = "R+NE") -> bool | None:
    if t.gold_label is not None:
        return t.verdict == t.gold_label
    if t.sentence_label in ("correct", "error"):
        if t.verdict is None:
            return False
        return (t.verdict in MAPPINGS[mapping]) == (t.sentence_label == "error")
    return None


def _failed(book: cb.Codebook, step: str, code: str) -> bool:
    try:
        return book.pattern(step, code) is not None
    except NotFound:
        return False


def figures(book: cb.Codebook, run_id: str, truths: Sequence[VerdictTruth],
            labels: Mapping[str, Mapping[str, str]], mapping: str = "R+NE") -> ReasoningFigures:
    """labels: {claim: {step: code}} for this run; truths: the run's verdicts with their gold."""
    steps = [d.id for d in book.dimensions("reasoning")]
    first = {s: 0 for s in steps}
    table = {"right_verdict_sound_reasoning": 0, "right_verdict_wrong_reasoning": 0,
             "wrong_verdict_sound_reasoning": 0, "wrong_verdict_wrong_reasoning": 0}
    rfwr: list[dict[str, Any]] = []
    wdsr: list[str] = []
    n_labelled = n_complete = n_all = unknown = 0
    for t in truths:
        unit = labels.get(t.claim_id) or {}
        if not any(s in unit for s in steps):
            continue
        n_labelled += 1
        if not all(s in unit for s in steps):
            continue
        n_complete += 1
        failed = [s for s in steps if _failed(book, s, unit[s])]
        sound = not failed
        n_all += sound
        if failed:
            first[failed[0]] += 1
        right = verdict_correct(t, mapping)
        if right is None:
            unknown += 1
            continue
        table[f"{'right' if right else 'wrong'}_verdict_{'sound' if sound else 'wrong'}_reasoning"] += 1
        if right and not sound:
            rfwr.append({"claim_id": t.claim_id, "verdict": t.verdict, "first_failed_step": failed[0],
                         "failed_steps": failed})
        elif not right and sound:
            wdsr.append(t.claim_id)
    n_failed = n_complete - n_all
    return ReasoningFigures(
        run_id, steps, len(truths), n_labelled, n_complete, n_labelled - n_complete, n_all,
        n_all / n_complete if n_complete else None, stats.wilson(n_all, n_complete), first,
        {s: (c / n_failed if n_failed else None) for s, c in first.items()}, mapping, table, unknown, rfwr, wdsr)


def project_reasoning_figures(project: Project, annotators: list[str] | None = None, include_llm: bool = False,
                              mapping: str = "R+NE", run_ids: Sequence[str] | None = None) -> list[ReasoningFigures]:
    """Figures of every verify run with reasoning labels (or of `run_ids`), from the chosen raters'
    current first-pass labels, as `taxonomy` reads them."""
    book = codebook_versions.current(project)
    merged = ann.merged_labels([a for a in store.list_annotations(project) if a.target == "reasoning"],
                               annotators, include_llm=include_llm)
    by_run: dict[str, dict[str, dict[str, str]]] = {}
    for unit, dims in merged.items():
        by_run.setdefault(unit[2], {})[unit[1]] = dims
    wanted = list(run_ids) if run_ids is not None else sorted(by_run)
    out = []
    for run_id in wanted:
        truths = [VerdictTruth(u.claim_id, u.verdict if u.parse_status != "failed" else None, u.gold_label,
                               u.sentence_label)
                  for u in scoring_store.verdict_units(project, run_id) if u.active]
        out.append(figures(book, run_id, truths, by_run.get(run_id, {}), mapping))
    return out
