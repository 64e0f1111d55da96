"""CARE versus direct versus indirect LLM judging on HotpotQA (IRCoT dev subsample, 10 paragraphs
per question, 2 of them gold supporting paragraphs). Writes benchmarks/results/care.json.

For each mode an evidence judge run rates every (question, paragraph) pair of a seeded sample:
- care: the judge sees the question's whole paragraph list while it rates one paragraph;
- direct: one paragraph alone;
- indirect: the model answers the question from one paragraph, polarity is inferred from its verdict.
Relevance mapping: a paragraph is judged relevant iff its polarity label is supports or refutes
(verdict-bearing); neutral or a parse failure counts as not relevant. Gold: is_supporting.
Precision, recall and F1 of "relevant" per mode (zero where a denominator is 0).

The list order is the file's paragraph order. Runs use the embedded SmolLM2-135M (demo grade: the
figures are low; the point is a repeatable measurement) with greedy decoding, seed 0, and the
llama.cpp prompt cache on (pinned in each judge run), so care mode pays the long shared prefix once
per question. Evidence modes care/direct rate `--dimensions` (default entity_match,polarity) to keep
replies short on 2 shared cores.

Usage: python benchmarks/bench_care.py [--questions 50] [--paragraphs N] [--seed 13] [--modes care,direct,indirect]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOTPOT = ROOT.parent / "shared" / "datasets" / "hotpotqa" / "ircot_dev_subsampled.jsonl"
OUT = ROOT / "benchmarks" / "results" / "care.json"


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=HOTPOT)
    ap.add_argument("--questions", type=int, default=50)
    ap.add_argument("--paragraphs", type=int, default=None, help="paragraphs per question (default: all 10)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--modes", default="care,direct,indirect")
    ap.add_argument("--dimensions", default="entity_match,polarity")
    ap.add_argument("--with-gold", action="store_true")
    ap.add_argument("--passage-words", type=int, default=None)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--workdir", type=Path, default=None, help="keep the project here (default: a temp folder)")
    args = ap.parse_args(argv)

    from factaudit.engine.models import registry
    from factaudit.engine.models.llm import open_llm
    from factaudit.engine.project.db import Project
    import care as js  # benchmarks/care.py, next to this script

    started = time.perf_counter()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench_care_"))
    workdir.mkdir(parents=True, exist_ok=True)
    project_path = workdir / f"care_s{args.seed}_q{args.questions}.faproj"
    if project_path.exists():
        project_path.unlink()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    sample = js.hotpotqa_sample(args.data, args.questions, seed=args.seed, paragraphs=args.paragraphs)
    entry = registry.resolve_llm(None)
    llm = open_llm(entry, seed=0, temperature=0.0, prompt_cache=True, n_threads=args.threads)
    project = Project.create(project_path)
    try:
        run = js.import_care_sample(project, sample, workdir)
        k = max(len(r["contexts"]) for r in sample.rows)

        def progress(done, total, message=""):
            print(f"\r{message} {done}/{total}", end="", file=sys.stderr, flush=True)

        figures = js.care_measurement(project, run, modes, llm, with_gold=args.with_gold,
                                      dimensions=[d for d in args.dimensions.split(",") if d] or None, k=k,
                                      passage_words=args.passage_words, progress=progress)
        print(file=sys.stderr)
        provenance = llm.provenance()
    finally:
        llm.close()
        project.close()
    result = {
        "benchmark": "care_vs_direct_hotpotqa",
        "command": "python benchmarks/bench_care.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "sample": sample.definition(),
        "relevance_mapping": "relevant iff the judge's polarity label is supports or refutes; neutral or a parse "
                             "failure is not relevant; gold relevant iff is_supporting",
        "list_order": "the file's paragraph order (contexts[0..9])",
        "modes": figures,
        "with_gold": args.with_gold,
        "dimensions_rated": args.dimensions,
        "model": {"name": entry.name, "sha256": entry.sha256(), "quantization": entry.quantization,
                  "prompt_cache": True, "seed": 0, "temperature": 0.0, "n_threads": provenance.get("n_threads")},
        "seconds_total": round(time.perf_counter() - started, 1),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "loadavg_at_end": list(os.getloadavg())},
        "project": str(project_path),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    for mode, f in figures.items():
        print(f"{mode:9s} P {f['precision']:.3f} R {f['recall']:.3f} F1 {f['f1']:.3f} "
              f"(n={f['n_units']}, gold {f['n_gold_relevant']}, predicted {f['n_predicted_relevant']}, "
              f"parse failures {f['n_parse_failures']}, {f['seconds']:.0f} s)")
    print(f"wrote {args.out}")
    return result


if __name__ == "__main__":
    main()
