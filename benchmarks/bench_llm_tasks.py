"""The embedded LLMs on the app's other LLM jobs (issue #32 item 1): Qwen2.5-Coder-1.5B-Instruct (the
default) against SmolLM2-135M on the same inputs of the demo project — reasoning pre-labels (judge),
atomic-claim decomposition and conflict-aware aggregation (the full variant) — through the CLI, as a
user runs them, on a copy of a demo project built by `factaudit demo`.

Per job and model: wall seconds (the machine is shared: compare the two models within one run, not
across runs), the run's parse failures and what it produced. The inputs are few (an LLM call takes tens
of seconds on 2 cores), so the figures show what changed, not a quality estimate with an interval.

    nice -n 5 .venv/bin/python benchmarks/bench_llm_tasks.py --project projects/demo/demo.faproj \
        [--judge 3] [--answers 1] [--questions 2] [--out benchmarks/results/llm_tasks.json]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODELS = ("smollm2-135m", "qwen2.5-coder-1.5b")


def cli(*args: str) -> dict:
    """One factaudit command with --json; its parsed output and wall seconds."""
    start = time.perf_counter()
    out = subprocess.run([str(Path(sys.executable).parent / "factaudit"), *args, "--json"], capture_output=True,
                         text=True, check=False)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"factaudit {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()[-500:]}")
    return {"seconds": round(seconds, 1), "result": json.loads(out.stdout)}


def reasoning_run(project: Path) -> str:
    """The demo's verify run by an LLM (the one its reasoning labeling uses): its verdicts carry reasoning."""
    from factaudit.engine import services

    p = services.open_project(project)
    try:
        runs = [r for r in services.verify_run_ids(p) if not services.is_classifier_verify_run(p, r)]
    finally:
        p.close()
    if not runs:
        raise SystemExit(f"{project} has no verify run with reasoning: build it with `factaudit demo`")
    return runs[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--project", type=Path, required=True, help="a demo project (factaudit demo)")
    ap.add_argument("--judge", type=int, default=3, help="verdicts whose reasoning is pre-labelled")
    ap.add_argument("--answers", type=int, default=1, help="MedExpert answers decomposed (every sentence)")
    ap.add_argument("--questions", type=int, default=2, help="RAMDocs questions aggregated")
    ap.add_argument("--work", type=Path, default=Path("/tmp/fa-bench-llm-tasks"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "llm_tasks.json")
    args = ap.parse_args()
    os.environ["FACTAUDIT_CONFIG_DIR"] = str(args.work / "config")
    os.environ["FACTAUDIT_DATA_DIR"] = str(args.work / "data")
    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)
    run = reasoning_run(args.project)
    result: dict = {"what": __doc__.split("\n\n")[0].replace("\n", " "), "machine": {
        "cpus": os.cpu_count(), "load_before": list(os.getloadavg()), "python": platform.python_version()},
        "inputs": {"judge_verify_run": run, "judge_verdicts": args.judge, "answers": args.answers,
                   "questions": args.questions}, "models": {}}
    for model in MODELS:
        project = args.work / f"{model}.faproj"
        shutil.copy(args.project, project)
        jobs = {
            "judge_reasoning": cli("judge", str(project), "--target", "reasoning", "--run", run, "--limit",
                                   str(args.judge), "--model", model),
            "decompose_llm": cli("decompose", str(project), "--method", "llm", "--dataset", "medexpert-demo",
                                 "--limit", str(args.answers), "--model", model),
            "aggregate_full": cli("aggregate", str(project), "--dataset", "ramdocs-demo", "--variant", "full",
                                  "--limit", str(args.questions), "--model", model),
        }
        result["models"][model] = jobs
        print(model, {k: v["seconds"] for k, v in jobs.items()}, flush=True)
    result["machine"]["load_after"] = list(os.getloadavg())
    args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
