"""`factaudit demo`: build the demo project from the data shipped in resources/demo and run the
pipeline on the embedded defaults. Capabilities add their steps to DEMO_STEP_NAMES."""
from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from factaudit.engine.resource_files import resource_path
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.project.db import Project
from factaudit.engine.services.projects import create_project, import_files, project_info

DEMO_NAME = "demo.faproj"


def demo_file(name: str) -> Path:
    return resource_path("demo", name)


@dataclass
class DemoSummary:
    project: str
    imported: dict[str, dict[str, int]] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)


# Each step takes (project, summary, progress) and appends a dict to summary.steps. Retrieval runs
# before decomposition so the retrieval run covers the SciFact claims (closed regime, retrieval gold).
DemoStep = Callable[[Project, DemoSummary, ProgressCallback], None]
DEMO_STEP_NAMES: list[tuple[str, str]] = [
    ("factaudit.engine.services.retrieval", "demo_step_retrieve"),
    ("factaudit.engine.services.verification", "demo_step_decompose"),
    ("factaudit.engine.services.verification", "demo_step_verify"),
    ("factaudit.engine.services.scoring", "demo_step_scoring"),
    ("factaudit.engine.services.audit", "demo_step_audit"),
    ("factaudit.engine.services.seal", "demo_step_seal"),
]


def demo_steps() -> list[DemoStep]:
    from importlib import import_module

    steps = []
    for module, name in DEMO_STEP_NAMES:
        try:
            steps.append(getattr(import_module(module), name))
        except (ImportError, AttributeError):  # capability not in this build
            continue
    return steps


SLOW_STEPS = {"demo_step_verify"}  # minutes of LLM calls on 2 cores


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
        try:
            progress(0, None, "importing the MedExpert sample answers")
            res = import_files(project, [demo_file("medexpert_sample.json")], fmt="medexpert", dataset="medexpert-demo")
            summary.imported["medexpert-demo"] = res.counts
        except ModuleNotFoundError:  # adapter not available in this build
            pass
        if run_steps:
            for step in demo_steps():
                if skip_slow and step.__name__ in SLOW_STEPS:
                    summary.steps.append({"step": step.__name__.removeprefix("demo_step_"),
                                          "text": "skipped here; run `factaudit demo` for the whole pipeline"})
                    continue
                step(project, summary, progress)
        summary.steps.append({"step": "info", **{k: v for k, v in project_info(project).counts.items()}})
    return summary


def copy_demo(src: Path, dst: Path) -> None:
    shutil.copy2(src, dst)
