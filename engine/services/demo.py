"""`factaudit demo`: build the demo project from the data shipped in resources/demo and run the
pipeline on the embedded defaults, step by step (DEMO_STEPS). A step that fails stops the demo with
its error: a demo that quietly leaves out a step shows less than it claims."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.project import rater_store
from factaudit.engine.project.db import Project
from factaudit.engine.models.registry import default_llm_name
from factaudit.engine.resource_files import resource_path
from factaudit.engine.services.projects import create_project, import_files, project_info

# The steps' services are imported when a step runs: the start screen imports this module for
# find_demos, and the steps' modules (metrics, seal, conflicts, audit) were 0.7 s of every launch.

DEMO_NAME = "demo.faproj"
# Bump when DEMO_STEPS or the data in resources/demo change: Open demo rebuilds (when asked) a demo
# whose stamp differs, and opens one that matches at once.
DEMO_VERSION = "3"
DEMO_VERSION_KEY, DEMO_STEPS_KEY = "demo_version", "demo_steps"
FULL, QUICK, DATA_ONLY, BUILDING = "all", "without model steps", "data only", "building"


def demo_file(name: str) -> Path:
    return resource_path("demo", name)


@dataclass
class DemoSummary:
    project: str
    imported: dict[str, dict[str, int]] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)


# Each step takes (project, summary, progress) and appends a dict to summary.steps.
DemoStep = Callable[[Project, DemoSummary, ProgressCallback], None]


# ---- the decompose, verify and pre-label steps ---------------------------------------------------
# The classifier verifier (the default) verifies every demo claim in seconds; the embedded LLM, which
# gives reasoning, verifies about 10 claims a minute on 2 cores, so it reads a small slice only: the
# units Labeling shows for reasoning, and the ones the pre-labels rate.
DEMO_REASONING_CLAIMS = 6
DEMO_PRELABEL_UNITS = 3
DEMO_VERIFY_K = 3
DEMO_PASSAGE_WORDS = 80
DEMO_MAX_TOKENS = 128
SCIFACT, MEDEXPERT = "scifact-demo", "medexpert-demo"


def _step_run(summary: DemoSummary, step: str) -> str | None:
    return next((s.get("run_id") for s in reversed(summary.steps) if s.get("step") == step), None)


def demo_step_decompose(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    from factaudit.engine.services.decomposition import DecomposeRequest, decompose

    res = decompose(project, DecomposeRequest(method="sentence", dataset=MEDEXPERT), progress)
    summary.steps.append({
        "step": "decompose", "run_id": res.run_id, "n_claims": res.n_claims,
        "text": f"decomposed {res.n_sentences} answer sentences into {res.n_claims} claims (one per sentence) "
                f"in {res.run_id}; for atomic claims run `factaudit decompose PROJECT --method llm`",
    })


def demo_step_retrieve_answers(project: Project, summary: DemoSummary,
                               progress: ProgressCallback = no_progress) -> None:
    """BM25 evidence for the MedExpert answer claims (open regime: no retrieval gold)."""
    from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

    res = retrieve(project, RetrievalRequest("bm25", k=10, dataset=MEDEXPERT), progress=progress)
    summary.steps.append({
        "step": "retrieve_answers", "run_id": res.run_id,
        "text": f"BM25 retrieved the top 10 passages for {res.n_queries} MedExpert answer claims ({res.run_id})",
    })


def _retrieval_run(summary: DemoSummary, step: str) -> str:
    run = _step_run(summary, step)
    if run is None:
        raise InvalidArgument(f"demo: the {step} step made no retrieval run")
    return run


def _verify_all(project: Project, summary: DemoSummary, progress: ProgressCallback, *, step: str,
                retrieval_step: str, dataset: str, what: str) -> None:
    """Every claim of the dataset, with the embedded classifier verifier (the default)."""
    from factaudit.engine.services.verification import VerifyRequest, verify

    run = _retrieval_run(summary, retrieval_step)
    res = verify(project, VerifyRequest(retrieval_run=run, k=DEMO_VERIFY_K, dataset=dataset), progress)
    summary.steps.append({
        "step": step, "run_id": res.run_id, "n_verdicts": res.n_verdicts, "n_parse_failures": res.n_parse_failures,
        "verdict_counts": res.verdict_counts,
        "text": (f"verified all {res.n_verdicts} {what} with the embedded classifier verifier {res.model} "
                 f"(k={DEMO_VERIFY_K}) in {res.seconds:.0f} s: {res.verdict_counts} ({res.run_id})"),
    })


def demo_step_verify(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    """Closed regime: SciFact claims with gold labels and gold evidence."""
    _verify_all(project, summary, progress, step="verify", retrieval_step="retrieve", dataset=SCIFACT,
                what="SciFact claims")


def demo_step_verify_reasoning(project: Project, summary: DemoSummary,
                               progress: ProgressCallback = no_progress) -> None:
    """A slice of MedExpert answer claims with the embedded LLM, for verdicts with reasoning to label."""
    from factaudit.engine.services.verification import VerifyRequest, verify

    run = _retrieval_run(summary, "retrieve_answers")
    req = VerifyRequest(retrieval_run=run, model=default_llm_name(), mode="joint", k=DEMO_VERIFY_K,
                        limit=DEMO_REASONING_CLAIMS, dataset=MEDEXPERT, passage_words=DEMO_PASSAGE_WORDS,
                        max_tokens=DEMO_MAX_TOKENS)
    res = verify(project, req, progress)
    summary.steps.append({
        "step": "verify_reasoning", "run_id": res.run_id, "n_verdicts": res.n_verdicts,
        "n_parse_failures": res.n_parse_failures, "verdict_counts": res.verdict_counts,
        "text": (f"verified {res.n_verdicts} MedExpert answer claims with reasoning by the embedded LLM "
                 f"{req.model} (k={DEMO_VERIFY_K}, joint) in {res.seconds:.0f} s, for reasoning labels: "
                 f"{res.verdict_counts}, {res.n_parse_failures} parse failures ({res.run_id}); for more run "
                 f"`factaudit verify {project.path} --retrieval-run {run} --model {req.model} --limit N`"),
    })


def demo_step_verify_answers(project: Project, summary: DemoSummary,
                             progress: ProgressCallback = no_progress) -> None:
    """Open regime: MedExpert answer sentences with clinician labels, scored at sentence level."""
    _verify_all(project, summary, progress, step="verify_answers", retrieval_step="retrieve_answers",
                dataset=MEDEXPERT, what="MedExpert answer claims")


def demo_step_prelabel(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    """A few LLM pre-labels of the verifier's reasoning, so Labeling has something to reveal."""
    from factaudit.engine.services.judging import JudgeRequest, judge

    run = _step_run(summary, "verify_reasoning")
    res = judge(project, JudgeRequest(run=run, target="reasoning", mode="care", limit=DEMO_PRELABEL_UNITS,
                                      max_tokens=DEMO_MAX_TOKENS), progress)
    summary.steps.append({
        "step": "prelabel", "run_id": res.run_id, "n_units": res.n_units,
        "text": f"pre-labelled the reasoning of {res.n_units} verdicts of {run} ({res.run_id})",
    })


def demo_step_verify_control(project: Project, summary: DemoSummary,
                              progress: ProgressCallback = no_progress) -> None:
    """The grounding control of the SciFact run: the same verifier on the same claims without passages."""
    from factaudit.engine.services.scoring_units import grounding_control
    from factaudit.engine.services.verification import VerifyRequest, verify

    run = _retrieval_run(summary, "retrieve")
    res = verify(project, VerifyRequest(retrieval_run=run, k=DEMO_VERIFY_K, dataset=SCIFACT, control="no-evidence"),
                 progress)
    g = grounding_control(project, res.run_id) or {}
    bal = lambda v: "n/a" if v is None else f"{v:.3f}"   # noqa: E731
    summary.steps.append({
        "step": "verify_control", "run_id": res.run_id, "grounding": g,
        "text": (f"grounding control ({res.run_id}): the same verifier without passages keeps {g.get('n_same')} of "
                 f"{g.get('n_compared')} verdicts of {g.get('real_run')}; balanced accuracy "
                 f"{bal(g.get('control_balanced_accuracy'))} without evidence against "
                 f"{bal(g.get('real_balanced_accuracy'))} with it"),
    })


# ---- conflict-aware answering (issue 14) ----------------------------------------------------------
RAMDOCS = "ramdocs-demo"


def demo_step_conflicts(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    """A RAMDocs subset answered with no model: `rules` and the privileged `oracle` (seconds)."""
    from factaudit.engine.services.conflicts import AggregateRequest, aggregate

    res = import_files(project, [demo_file("ramdocs_subset.jsonl")], fmt="ramdocs", dataset=RAMDOCS)
    summary.imported[RAMDOCS] = res.counts
    for variant in ("rules", "oracle"):
        r = aggregate(project, AggregateRequest(variant=variant, dataset=RAMDOCS), progress)
        summary.steps.append({"step": "conflicts", "run_id": r.run_id, "metrics": r.metrics, "text": (
            f"answered {r.n_items} RAMDocs questions with variant {variant} ({r.run_id}): conflict-aware success "
            f"{r.metrics['conflict_aware_success']:.2f}" + (" — privileged, not deployable" if r.privileged else ""))})


def demo_step_conflicts_full(project: Project, summary: DemoSummary,
                             progress: ProgressCallback = no_progress) -> None:
    """One RAMDocs question through the whole pipeline on the embedded model (a call per document)."""
    from factaudit.engine.services.conflicts import AggregateRequest, aggregate

    r = aggregate(project, AggregateRequest(variant="full", dataset=RAMDOCS, limit=1, doc_words=80, max_tokens=60),
                  progress)
    summary.steps.append({"step": "conflicts_full", "run_id": r.run_id, "text": (
        f"answered {r.n_items} RAMDocs question with variant full on the embedded model ({r.model_calls} calls, "
        f"{r.run_id}); for more run `factaudit aggregate {project.path} --dataset {RAMDOCS} --variant full`")})


def demo_step_retrieve(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    from factaudit.engine.services.retrieval import demo_step_retrieve as step

    step(project, summary, progress)


def demo_step_scoring(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    from factaudit.engine.services.scoring import demo_step_scoring as step

    step(project, summary, progress)


def demo_step_audit(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    from factaudit.engine.services.audit import demo_step_audit as step

    step(project, summary, progress)


def demo_step_seal(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
    from factaudit.engine.services.seal import demo_step_seal as step

    step(project, summary, progress)


# Retrieval for SciFact runs before decomposition so that run covers the SciFact claims only; the
# MedExpert claims made by decomposition get their own retrieval run.
DEMO_STEPS: list[DemoStep] = [
    demo_step_retrieve,
    demo_step_decompose,
    demo_step_retrieve_answers,
    demo_step_verify,
    demo_step_verify_control,
    demo_step_verify_reasoning,
    demo_step_verify_answers,   # after the LLM slice: the newest verify run is the one Review and Score open
    demo_step_prelabel,
    demo_step_scoring,
    demo_step_audit,
    demo_step_conflicts,
    demo_step_conflicts_full,
    demo_step_seal,
]
SLOW_STEPS = {demo_step_verify, demo_step_verify_control, demo_step_verify_reasoning, demo_step_verify_answers, demo_step_prelabel,
              demo_step_conflicts_full}  # the model steps: minutes on 2 cores


def demo_steps() -> list[DemoStep]:
    return list(DEMO_STEPS)


def build_demo(out_dir: str | Path, progress: ProgressCallback = no_progress, *, fresh: bool = True,
               run_steps: bool = True, skip_slow: bool = False) -> DemoSummary:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / DEMO_NAME
    if path.exists() and fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
    summary = DemoSummary(project=str(path))
    with create_project(path) as project:
        # stamped first as "building", then with what was built: an interrupted build never passes
        # for a finished demo (meta values are no change to the project: a sealed copy stays current)
        rater_store.set_meta(project, DEMO_VERSION_KEY, DEMO_VERSION)
        rater_store.set_meta(project, DEMO_STEPS_KEY, BUILDING)
        progress(0, None, "importing the SciFact subset")
        res = import_files(project, [demo_file("scifact_corpus_subset.jsonl"), demo_file("scifact_claims_dev100.jsonl")],
                           fmt="scifact", dataset="scifact-demo", split="dev")
        summary.imported["scifact-demo"] = res.counts
        progress(0, None, "importing the MedExpert sample answers")
        res = import_files(project, [demo_file("medexpert_sample.json")], fmt="medexpert", dataset="medexpert-demo")
        summary.imported["medexpert-demo"] = res.counts
        if run_steps:
            for step in DEMO_STEPS:
                if skip_slow and step in SLOW_STEPS:
                    summary.steps.append({"step": step.__name__.removeprefix("demo_step_"),
                                          "text": "skipped here; run `factaudit demo` for the whole pipeline"})
                    continue
                step(project, summary, progress)
        summary.steps.append({"step": "info", **{k: v for k, v in project_info(project).counts.items()}})
        rater_store.set_meta(project, DEMO_STEPS_KEY, (QUICK if skip_slow else FULL) if run_steps else DATA_ONLY)
    return summary


@dataclass
class DemoCandidate:
    """A demo project found on disk, and whether Open demo may open it as it is."""
    path: str
    version: str | None          # the stamp of the demo build that made it (None: made before stamps)
    steps: str | None            # FULL, QUICK, DATA_ONLY or BUILDING (an interrupted build)

    def is_current(self, accept: tuple[str, ...] = (FULL,)) -> bool:
        return self.version == DEMO_VERSION and self.steps in accept

    def why_not(self, accept: tuple[str, ...] = (FULL,)) -> str:
        """Why this demo is not opened as it is, in one clause (empty when it is current)."""
        if self.is_current(accept):
            return ""
        if self.steps == BUILDING:
            return "its build was interrupted"
        if self.version != DEMO_VERSION:
            made = f"demo version {self.version}" if self.version else "a version without a stamp"
            return f"it was built by {made}, this app builds demo version {DEMO_VERSION}"
        return f"it was built {self.steps} (Open demo shows the whole pipeline)"


def source_demo_dir() -> Path | None:
    """projects/demo of the source checkout this engine runs from (what `make demo` builds), or None
    in an installed or bundled app."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "projects").is_dir():
        return root / "projects" / "demo"
    return None


def find_demos(folders) -> list[DemoCandidate]:
    """The demo projects in these folders (in order), read without opening them as projects."""
    out = []
    for folder in folders:
        if folder is None:
            continue
        path = Path(folder) / DEMO_NAME
        if path.is_file():
            out.append(DemoCandidate(str(path), rater_store.read_meta_of_file(path, DEMO_VERSION_KEY),
                                     rater_store.read_meta_of_file(path, DEMO_STEPS_KEY)))
    return out
