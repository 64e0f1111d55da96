"""`factaudit demo`: build the demo project from the data shipped in resources/demo and run the
pipeline on the embedded defaults, step by step (DEMO_STEPS). A step that fails stops the demo with
its error: a demo that quietly leaves out a step shows less than it claims."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import list_claims, list_datasets
from factaudit.engine.resource_files import resource_path
from factaudit.engine.services.audit import demo_step_audit
from factaudit.engine.services.decompose import DecomposeRequest, decompose
from factaudit.engine.services.projects import create_project, import_files, project_info
from factaudit.engine.services.retrieval import demo_step_retrieve
from factaudit.engine.services.scoring import demo_step_scoring
from factaudit.engine.services.seal import demo_step_seal
from factaudit.engine.services.verdict_view import latest_retrieval_run
from factaudit.engine.services.verify import VerifyRequest, claims_for_run, verify

DEMO_NAME = "demo.faproj"


def demo_file(name: str) -> Path:
    return resource_path("demo", name)


@dataclass
class DemoSummary:
    project: str
    imported: dict[str, dict[str, int]] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)


# Each step takes (project, summary, progress) and appends a dict to summary.steps.
DemoStep = Callable[[Project, DemoSummary, ProgressCallback], None]


# ---- the decompose and verify steps --------------------------------------------------------------
DEMO_VERIFY_CLAIMS = 10
DEMO_VERIFY_K = 3
DEMO_PASSAGE_WORDS = 80
DEMO_MAX_TOKENS = 128


def demo_step_decompose(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
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


def demo_step_verify(project: Project, summary: DemoSummary, progress: ProgressCallback = no_progress) -> None:
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


# Retrieval runs before decomposition so the retrieval run covers the SciFact claims (closed regime,
# retrieval gold) and not the MedExpert sentences decomposed after it.
DEMO_STEPS: list[DemoStep] = [
    demo_step_retrieve,
    demo_step_decompose,
    demo_step_verify,
    demo_step_scoring,
    demo_step_audit,
    demo_step_seal,
]
SLOW_STEPS = {demo_step_verify}  # minutes of LLM calls on 2 cores


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
    return summary
