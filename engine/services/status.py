"""Where a project stands on the expert's path: one function, used by `factaudit status` and the
Workflow page alike, computed from the project file alone (never from what a window remembers).

Steps and their rules are DESIGN.md "The expert's path". `next` is the first step that is todo or
partial and not marked "enough for now"; once every step is done, skipped or enough no step is next.
A step marked enough keeps its state and count (an expert who reviewed 5 of 113 disagreements has
reviewed 5), so the mark moves Next on without pretending the step is done (issue #35).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from factaudit.engine.errors import FactAuditError
from factaudit.engine.project import status_store as store
from factaudit.engine.project.db import Project

if TYPE_CHECKING:  # engine.jobs (thread pools, logging) is not needed to read where a project stands
    from factaudit.engine.audit.codebook import Codebook
    from factaudit.engine.jobs import CancelToken, ProgressCallback


def _no_progress(done: int, total: int | None, message: str = "") -> None:
    """The default progress callback: report nothing (engine.jobs.no_progress, without importing it)."""


TODO, PARTIAL, DONE, SKIPPED = "todo", "partial", "done", "skipped"
STATES = (TODO, PARTIAL, DONE, SKIPPED)

# name -> (title, what the step is for, in plain words)
STEPS: dict[str, tuple[str, str]] = {
    "import": ("Import", "Bring in the answers, claims and evidence passages to audit."),
    "decompose": ("Decompose answers", "Split each answer sentence into short claims that can be checked one by one."),
    "retrieve": ("Retrieve", "Find the passages most likely to support or refute each claim."),
    "evaluate_retrieval": ("Evaluate retrieval", "See how often the known evidence was among the passages found."),
    "verify": ("Verify", "Let the verifier judge each claim against its passages: a fast classifier, or a language model with its reasoning."),
    "score": ("Score", "Compare the verdicts with the expert labels: precision, recall and F1."),
    "review": ("Review disagreements", "Decide for each disagreement whether retrieval, the verifier or the label was wrong."),
    "prelabel": ("Pre-label", "Let a model suggest codes, to be revealed only after you label a unit yourself."),
    "label_evidence": ("Label evidence", "Rate each retrieved passage: the right entity, scope, source and stance?"),
    "label_reasoning": ("Label reasoning", "Rate each step of the verifier's reasoning."),
    "agreement": ("Agreement & taxonomy", "Check that labels are repeatable and see which failures are common."),
    "report": ("Report", "Write the report a reader outside the project can open."),
    "seal": ("Seal", "Ship a signed, read-only copy whose changes anyone can detect."),
}
STEP_NAMES = tuple(STEPS)
# steps an expert may leave part-done and move on from: the rest are the path itself (nothing to verify
# without a retrieval run) or are done whenever they are (a report, a seal)
ENOUGH_STEPS = ("decompose", "evaluate_retrieval", "score", "review", "prelabel", "label_evidence",
                "label_reasoning", "agreement")


def _paths() -> dict[str, tuple[str, str]]:
    from factaudit.engine.services.workflow_paths import PATHS

    return PATHS


@dataclass
class Step:
    name: str
    state: str
    detail: str
    next: bool = False
    run_id: str | None = None          # the run the step is about, when there is one
    enough: bool = False               # todo or partial, and the user called it enough for now

    @property
    def title(self) -> str:
        return (STEPS.get(self.name) or _paths()[self.name])[0]

    @property
    def purpose(self) -> str:
        return (STEPS.get(self.name) or _paths()[self.name])[1]

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "state": self.state, "detail": self.detail, "next": self.next}
        if self.enough:
            out["enough"] = True
        return out


@dataclass
class WorkflowStatus:
    steps: list[Step] = field(default_factory=list)
    paths: list[Step] = field(default_factory=list)     # other paths with data here; never next

    def step(self, name: str) -> Step:
        return next(s for s in self.steps if s.name == name)

    @property
    def next_step(self) -> Step | None:
        return next((s for s in self.steps if s.next), None)

    def to_json(self) -> dict[str, Any]:
        return {"steps": [s.to_json() for s in self.steps], "paths": [s.to_json() for s in self.paths]}


def _n(value: int, one: str, many: str | None = None) -> str:
    return f"{value:,} {one if value == 1 else (many or one + 's')}"


def _of(done: int, total: int, unit: str) -> str:
    return f"{done:,} of {_n(total, unit)}"


class _Facts:
    """What the rules read, gathered once."""

    def __init__(self, project: Project):
        self.project = project
        self.counts = store.counts(project)
        self.runs = store.run_rows(project)
        self.marks = store.marks(project)
        self.last_change = store.last_change(project)
        self.last_report = store.last_report(project)

    def mark(self, step: str) -> list[store.Mark]:
        return [m for m in self.marks if m.step == step]

    def done_runs(self, want: str) -> list[store.RunRow]:
        """Finished runs with retrieval hits ('hits') or verdicts ('verdicts'), newest first."""
        return [r for r in reversed(self.runs) if r.status == "done" and getattr(r, "has_" + want)]

    @property
    def verify_run(self) -> str | None:
        """The run the later steps are about: the newest finished run with verdicts."""
        runs = self.done_runs("verdicts")
        return runs[0].id if runs else None

    @property
    def reasoning_run(self) -> str | None:
        """The run reasoning labels are about: the newest finished run whose verdicts carry reasoning
        (an LLM's; a classifier run has attribution instead)."""
        runs = self.done_runs("verdicts")
        if runs:   # here, not at the top: classifier_store pulls in the run layer, which `status` on a
            # project without verify runs never needs (issue #22: status start-up)
            from factaudit.engine.project import classifier_store

            runs = [r for r in runs if not classifier_store.has_verdict_evidence(self.project, r.id)]
        return runs[0].id if runs else None

    @property
    def retrieval_run(self) -> str | None:
        run = self.verify_run
        if run:
            from factaudit.engine.audit import triage as tri  # with the metrics: only once a run has verdicts

            try:
                source = tri.retrieval_run_of(self.project, run)
            except FactAuditError:
                source = None
            if source and any(r.id == source and r.has_hits for r in self.runs):
                return source
        runs = self.done_runs("hits")
        return runs[0].id if runs else None


def _import(f: _Facts) -> Step:
    n = f.counts["datasets"]
    if not n:
        return Step("import", TODO, "no data yet")
    parts = [_n(f.counts["claims"], "claim"), _n(f.counts["passages"], "passage")]
    if f.counts["items_with_answers"]:
        parts.insert(0, _n(f.counts["items_with_answers"], "answer"))
    return Step("import", DONE, f"{_n(n, 'dataset')}: " + ", ".join(parts))


def _decompose(f: _Facts) -> Step:
    total, done = f.counts["sentences"], f.counts["sentences_with_claims"]
    if not total:
        return Step("decompose", SKIPPED, "no answers to decompose")
    if done >= total:
        return Step("decompose", DONE, f"every one of {_n(total, 'sentence')} has claims")
    state = PARTIAL if done else TODO
    return Step("decompose", state, _of(done, total, "sentence") + " have claims")


def _retrieve(f: _Facts) -> Step:
    claims = f.counts["claims"]
    runs = f.done_runs("hits")
    if not runs:
        unfinished = [r for r in f.runs if r.kind == "retrieve" and r.status != "done"]
        extra = f" ({unfinished[-1].id} did not finish)" if unfinished else ""
        return Step("retrieve", TODO, ("no claims to retrieve for yet" if not claims else "no finished retrieval run")
                    + extra)
    # Runs are often made per dataset (the demo retrieves for SciFact claims and for answer claims
    # apart), so a claim counts as covered when any finished run answered it.
    per_run = {r.id: store.claims_covered(f.project, [r.id]) for r in runs}
    best = max(per_run, key=per_run.get)
    covered = store.claims_covered(f.project, list(per_run)) if len(per_run) > 1 else per_run[best]
    who = f"{best} covers" if covered == per_run[best] else f"{len(per_run)} retrieval runs cover"
    if covered >= claims:
        return Step("retrieve", DONE, f"{who} all {_n(claims, 'claim')}", run_id=best)
    return Step("retrieve", PARTIAL, f"{who} {_of(covered, claims, 'claim')}", run_id=best)


def _evaluate_retrieval(f: _Facts) -> Step:
    if not f.counts["claims_with_gold_passages"]:
        return Step("evaluate_retrieval", SKIPPED, "no gold passages to evaluate against")
    seen = [m for m in f.mark("evaluate_retrieval") if any(r.id == m.subject and r.has_hits for r in f.runs)]
    if seen:
        return Step("evaluate_retrieval", DONE, f"metrics seen for {seen[-1].subject}", run_id=seen[-1].subject)
    run = f.retrieval_run
    gold = _n(f.counts["claims_with_gold_passages"], "claim")
    if not run:
        return Step("evaluate_retrieval", TODO, f"{gold} with gold passages; retrieve first")
    return Step("evaluate_retrieval", TODO, f"{gold} with gold passages; open {run}'s metrics", run_id=run)


def _verify(f: _Facts) -> Step:
    run = f.verify_run
    if run:
        n, parsed = store.verdict_counts(f.project, run)
        failed = n - parsed
        extra = f" ({_n(failed, 'output')} did not parse)" if failed else ""
        return Step("verify", DONE, f"{run}: {_n(n, 'verdict')}{extra}", run_id=run)
    stopped = [r for r in f.runs if r.kind == "verify" and r.status != "done"]
    if stopped:
        n, _ = store.verdict_counts(f.project, stopped[-1].id)
        return Step("verify", PARTIAL, f"{stopped[-1].id} stopped after {_n(n, 'claim')}; resume it",
                    run_id=stopped[-1].id)
    return Step("verify", TODO, "no verify run yet" if f.done_runs("hits") else "needs a retrieval run")


def _score(f: _Facts) -> Step:
    verdict_runs = {r.id for r in f.done_runs("verdicts")}
    seen = [m.subject for m in f.mark("score") if m.subject in verdict_runs]
    if seen:
        return Step("score", DONE, f"metrics seen for {seen[-1]}", run_id=seen[-1])
    if f.last_report and verdict_runs:
        return Step("score", DONE, "metrics are in the report", run_id=f.verify_run)
    if not verdict_runs:
        return Step("score", TODO, "needs a finished verify run")
    return Step("score", TODO, f"open the metrics of {f.verify_run}", run_id=f.verify_run)


def _review(f: _Facts) -> Step:
    run = f.verify_run
    if not run:
        return Step("review", TODO, "needs a finished verify run")
    from factaudit.engine.audit import annotations as ann
    from factaudit.engine.metrics.classification import MAPPINGS
    from factaudit.engine.project import audit_store

    # Counted in SQL by triage's rules (the Review page's default mapping): building the disagreements
    # with their evidence and texts took seconds at 100,000 claims, for two numbers.
    level = "sentence"
    n_units, units = store.disagreement_units(f.project, run, MAPPINGS["R+NE"], level)
    if not n_units:
        level = "claim"
        n_units, units = store.disagreement_units(f.project, run, MAPPINGS["R+NE"], level)
    total = len(units)
    if not total:
        why = "no disagreements with the expert labels" if n_units else "no expert labels to disagree with"
        return Step("review", SKIPPED, f"{run}: {why}", run_id=run)
    triage = audit_store.list_annotations(f.project, target="triage", run_id=run, dimension=level)
    triaged = {a.claim_id for a in ann.current_labels(triage).values() if a.pass_ == "first"}
    decided = len(triaged.intersection(units))
    unit = "disagreement"
    if decided >= total:
        return Step("review", DONE, f"{run}: all {_n(total, unit)} triaged", run_id=run)
    return Step("review", PARTIAL if decided else TODO, f"{run}: {_of(decided, total, unit)} triaged", run_id=run)


def _prelabel(f: _Facts) -> Step:
    if f.mark("prelabel_off"):
        return Step("prelabel", SKIPPED, "pre-labels turned off")
    judge = [r for r in f.runs if r.kind == "judge"]
    done = [r for r in judge if r.status == "done"]
    if done:
        targets = store.judge_targets(f.project)
        names = sorted({targets.get(r.id) or "?" for r in done})
        return Step("prelabel", DONE, f"{done[-1].id} ({', '.join(names)})", run_id=done[-1].id)
    if judge:
        return Step("prelabel", PARTIAL, f"{judge[-1].id} did not finish; resume it", run_id=judge[-1].id)
    if not f.done_runs("hits"):
        return Step("prelabel", TODO, "needs a retrieval run")
    return Step("prelabel", TODO, "no pre-labels yet (optional)")


def _finished_units(records, dims: set[str]) -> set[tuple]:
    """Units whose every dimension has a current first-pass label from one person."""
    from factaudit.engine.audit import annotations as ann

    labelled: dict[tuple, set[str]] = {}
    for a in ann.current_labels(records).values():
        if a.pass_ == "first":
            labelled.setdefault((a.unit, a.annotator), set()).add(a.dimension)
    return {unit for (unit, _), d in labelled.items() if dims <= d}


def _label_evidence(f: _Facts, codebook: Callable[[], Codebook]) -> Step:
    run = f.retrieval_run
    if not run:
        return Step("label_evidence", TODO, "needs a retrieval run")
    book = codebook()
    total = store.hit_count(f.project, run)
    units = _finished_units(store.human_annotations(f.project, "evidence"), {d.id for d in book.evidence})
    done = store.hits_present(f.project, run, sorted((u[1], u[2]) for u in units if u[2]))
    return _labelled("label_evidence", run, done, total, "passage")


def _label_reasoning(f: _Facts, codebook: Callable[[], Codebook]) -> Step:
    run = f.reasoning_run
    if not run:
        why = ("needs verdicts with reasoning: verify the claims to label with a language model "
               "(classifier verdicts have none)" if f.verify_run else "needs a finished verify run")
        return Step("label_reasoning", TODO, why)
    _, total = store.verdict_counts(f.project, run)
    units = _finished_units(store.human_annotations(f.project, "reasoning"), {d.id for d in codebook().reasoning})
    done = store.verdict_claims_present(f.project, run, sorted(u[1] for u in units if u[2] == run))
    return _labelled("label_reasoning", run, done, total, "verdict")


def _labelled(name: str, run: str, done: int, total: int, unit: str) -> Step:
    if total and done >= total:
        return Step(name, DONE, f"{run}: all {_n(total, unit)} labelled", run_id=run)
    return Step(name, PARTIAL if done else TODO, f"{run}: {_of(done, total, unit)} labelled", run_id=run)


def _agreement(f: _Facts) -> Step:
    retest, two = store.has_second_rating(f.project)
    if retest or two:
        what = " and ".join(w for w, ok in (("a second rater", two), ("a retest pass", retest)) if ok)
        return Step("agreement", DONE, f"{what} to compare")
    return Step("agreement", TODO, "needs a second rater or a retest pass")


def _report(f: _Facts) -> Step:
    if not f.last_report:
        return Step("report", TODO, "no report yet")
    if f.last_change and f.last_report < f.last_change:
        return Step("report", TODO, f"the last report ({f.last_report}) predates changes made since")
    return Step("report", DONE, f"written {f.last_report}")


def _seal(f: _Facts) -> Step:
    seals = f.mark("seal")
    if not seals:
        return Step("seal", TODO, "no sealed copy yet")
    newest = max(seals, key=lambda m: m.created)
    since = max(v for v in (f.last_change, f.last_report, "") if v is not None)
    if newest.created < since:
        return Step("seal", TODO, f"the last sealed copy ({newest.subject}) predates changes made since")
    return Step("seal", DONE, f"{newest.subject} sealed {newest.created}")


def workflow_status(project: Project, progress: ProgressCallback = _no_progress,
                    cancel: CancelToken | None = None) -> WorkflowStatus:
    """Every step of the expert's path with its state, a short detail and which one is next."""
    f = _Facts(project)

    @functools.cache
    def book() -> Codebook:
        """Read (YAML) only by the labeling steps, and only once there is a run to label."""
        from factaudit.engine.audit import codebook_versions

        return codebook_versions.current(project)

    rules = [_import, _decompose, _retrieve, _evaluate_retrieval, _verify, _score, _review, _prelabel,
             lambda f: _label_evidence(f, book), lambda f: _label_reasoning(f, book), _agreement, _report, _seal]
    steps = []
    for n, rule in enumerate(rules):
        if cancel is not None:
            cancel.check()
        progress(n, len(rules), "reading the project")
        steps.append(rule(f))
    enough = {m.subject: m for m in f.mark("enough")}
    for s in steps:
        if s.state in (TODO, PARTIAL) and s.name in enough:
            s.enough = True
            s.detail = f"{s.detail}; enough for now (marked at: {enough[s.name].detail})"
    for s in steps:
        if s.state in (TODO, PARTIAL) and not s.enough:
            s.next = True
            break
    from factaudit.engine.services.workflow_paths import other_paths

    return WorkflowStatus(steps, [Step(*p) for p in other_paths(project)])


# ---- marks: the steps that leave no other trace in the file -----------------------------------------
def mark_step(project: Project, step: str, subject: str = "", detail: str | None = None) -> bool:
    """Record that a step was seen through (metrics opened, a seal written). A project open read-only
    cannot record it; that is not an error (the figures were still shown). Returns True if stored."""
    if project.readonly:
        return False
    store.add_mark(project, step, subject, detail)
    return True


def set_prelabels_wanted(project: Project, wanted: bool, progress: ProgressCallback = _no_progress,
                         cancel: CancelToken | None = None) -> None:
    """The user's choice to work without LLM pre-labels (the prelabel step is then skipped)."""
    if wanted:
        store.remove_mark(project, "prelabel_off")
    else:
        store.add_mark(project, "prelabel_off", "", "turned off by the user")


def note_edit(project: Project, what: str) -> None:
    """A change with no timestamp of its own (a dataset renamed or deleted) still dates the report."""
    store.add_mark(project, "edit", "", what)


def data_version(project: Project, progress: ProgressCallback = _no_progress,
                 cancel: CancelToken | None = None) -> int:
    """Changes when another process committed to the project file (SQLite PRAGMA data_version)."""
    return store.data_version(project)


# ---- time estimates before long runs -------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """How long n units (claims to verify, units to pre-label) should take with a model on this machine."""

    n_units: int
    n_measured: int                      # units of earlier runs the speed comes from (0: unknown)
    seconds_per_unit: float | None

    @property
    def seconds(self) -> float | None:
        return None if self.seconds_per_unit is None else self.seconds_per_unit * self.n_units

    def units_within(self, seconds: float) -> int:
        """How many units fit in the given time (at least 1)."""
        if not self.seconds_per_unit:
            return self.n_units
        return max(1, min(self.n_units, int(seconds // self.seconds_per_unit)))


def units_to_run(project: Project, kind: str, run: str, *, target: str = "evidence", k: int = 10,
                 limit: int | None = None) -> int:
    """How many units a verify run (claims of a retrieval run) or a judge run (evidence pairs of a
    retrieval run, or verdicts of a verify run) would process."""
    if kind == "verify":
        n = store.claims_covered(project, [run])
        return min(n, limit) if limit else n
    if target == "evidence":
        n = store.hit_count(project, run, k)
        return min(n, limit * k) if limit else n
    n = store.verdict_counts(project, run)[1]
    return min(n, limit) if limit else n


def estimate(project: Project, kind: str, model: str | None, n_units: int, progress: ProgressCallback = _no_progress,
             cancel: CancelToken | None = None) -> Estimate:
    """The speed measured by earlier `kind` runs (verify | judge) of this model on this computer."""
    import socket

    if not model:
        return Estimate(n_units, 0, None)
    n, per_unit = store.measured_latency(project, kind, model, socket.gethostname())
    return Estimate(n_units, n, per_unit)


def estimate_run(project: Project, kind: str, model: str | None, run: str, *, target: str = "evidence",
                 k: int = 10, limit: int | None = None, progress: ProgressCallback = _no_progress,
                 cancel: CancelToken | None = None) -> Estimate:
    return estimate(project, kind, model, units_to_run(project, kind, run, target=target, k=k, limit=limit))
