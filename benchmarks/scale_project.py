"""A synthetic project at scale for benchmarks/bench_gui_scale.py: N claims with gold labels, a corpus of
2,000 passages, a retrieval run with k hits per claim and an imported verify run with one verdict per
claim. Everything goes through the real importers (JSONL claims and corpus, a TREC run file, verdicts
JSONL), so the project is what a user who imports such files gets.

    .venv/bin/python benchmarks/scale_project.py --claims 100000 --out /tmp/scale.faproj
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")
WORDS = ("aspirin", "statin", "dose", "trial", "risk", "patients", "cohort", "reduced", "increased", "mortality",
         "placebo", "adults", "children", "vitamin", "therapy", "infection", "blood", "pressure", "insulin", "cancer")


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def write_inputs(folder: Path, n_claims: int, n_passages: int = 2000, k: int = 10, agree: float = 0.7,
                 seed: int = 7) -> dict[str, Path]:
    """The four input files; a verdict equals the claim's gold label with probability `agree`."""
    rng = random.Random(seed)
    files = {name: folder / f"{name}.{ext}" for name, ext in
             (("corpus", "jsonl"), ("claims", "jsonl"), ("run", "trec"), ("verdicts", "jsonl"))}
    with open(files["corpus"], "w", encoding="utf-8") as fh:
        for p in range(n_passages):
            fh.write(json.dumps({"id": f"p{p}", "title": f"Study {p}", "text": " ".join(
                _sentence(rng, 12) for _ in range(4))}) + "\n")
    gold = [rng.choice(VERDICTS) for _ in range(n_claims)]
    with open(files["claims"], "w", encoding="utf-8") as fh:
        for c in range(n_claims):
            fh.write(json.dumps({"id": f"c{c}", "claim": _sentence(rng, 10), "label": gold[c]}) + "\n")
    with open(files["run"], "w", encoding="utf-8") as fh:
        for c in range(n_claims):
            for rank, p in enumerate(rng.sample(range(n_passages), k), start=1):
                fh.write(f"c{c} Q0 p{p} {rank} {100 - rank}.0 synthetic\n")
    with open(files["verdicts"], "w", encoding="utf-8") as fh:
        for c in range(n_claims):
            verdict = gold[c] if rng.random() < agree else rng.choice([v for v in VERDICTS if v != gold[c]])
            fh.write(json.dumps({"claim_id": f"c{c}", "verdict": verdict,
                                 "reasoning": f"The passages {'support' if verdict == 'Supported' else 'do not support'}"
                                              f" claim c{c}.", "passages": []}) + "\n")
    return files


def make_project(path: Path, n_claims: int, *, k: int = 10, seed: int = 7, log=print) -> dict[str, str]:
    """Create the project at `path`; returns the ids of its retrieval and verify runs."""
    from factaudit.engine import services

    project = services.create_project(path)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            files = write_inputs(Path(tmp), n_claims, k=k, seed=seed)
            started = time.perf_counter()
            services.import_files(project, [files["corpus"]], kind="corpus", dataset="corpus")
            services.import_files(project, [files["claims"]], kind="claims", dataset="claims")
            retrieval = services.import_files(project, [files["run"]], fmt="trec", kind="run").run_id
            verify = services.import_files(project, [files["verdicts"]], kind="verdicts").run_id
            log(f"imported {n_claims:,} claims, {n_claims * k:,} hits and {n_claims:,} verdicts "
                f"in {time.perf_counter() - started:.1f} s")
    finally:
        project.close()
    return {"retrieval_run": retrieval, "verify_run": verify}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=1000)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    print(json.dumps(make_project(args.out, args.claims)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
