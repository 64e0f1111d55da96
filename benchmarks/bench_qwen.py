"""Claims per minute of the embedded LLMs (issue #32 item 1): Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the
default) against SmolLM2-135M on the same demo SciFact claims, verify with reasoning at the demo's
settings (joint, k=3 BM25 passages of at most 80 words, 128 reply tokens), a fixed thread count.
Qwen runs twice: as the demo asks (each claim from an empty KV cache) and with the prompt cache on
(the shared system prompt stays evaluated). Verdict counts, parse failures and the closed-regime
scores on those few claims are kept beside the speed; with 10 claims they say little about quality.

    nice -n 5 .venv/bin/python benchmarks/bench_qwen.py [--claims 10] [--threads 2] \
        [--work /tmp/fa-bench-qwen] [--out benchmarks/results/qwen_speed.json]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--claims", type=int, default=10)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--work", type=Path, default=Path("/tmp/fa-bench-qwen"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "qwen_speed.json")
    ap.add_argument("--models", default="smollm2-135m,qwen2.5-coder-1.5b,qwen2.5-coder-1.5b+cache")
    args = ap.parse_args()
    # the user folders of this run, never the real ones
    os.environ["FACTAUDIT_CONFIG_DIR"] = str(args.work / "config")
    os.environ["FACTAUDIT_DATA_DIR"] = str(args.work / "data")
    os.environ.pop("FACTAUDIT_DEFAULT_LLM", None)

    from factaudit.engine import services
    from factaudit.engine.models import registry
    from factaudit.engine.services.demo import DEMO_MAX_TOKENS, DEMO_PASSAGE_WORDS, DEMO_VERIFY_K

    shutil.rmtree(args.work, ignore_errors=True)
    summary = services.build_demo(args.work / "demo", run_steps=False)
    result: dict = {
        "what": "verify with reasoning (joint) on the first N demo SciFact dev claims, BM25 top k",
        "settings": {"claims": args.claims, "k": DEMO_VERIFY_K, "passage_words": DEMO_PASSAGE_WORDS,
                     "max_tokens": DEMO_MAX_TOKENS, "threads": args.threads, "mode": "joint", "scoring": "generate"},
        "machine": {"cpus": os.cpu_count(), "load_before": os.getloadavg(), "python": platform.python_version()},
        "runs": {},
    }
    with services.open_project(summary.project) as p:
        retrieval = services.retrieve(p, services.RetrievalRequest("bm25", k=10, dataset="scifact-demo"))
        for spec in args.models.split(","):
            name, _, flag = spec.partition("+")
            entry = registry.resolve_llm(name)
            req = services.VerifyRequest(retrieval_run=retrieval.run_id, model=name, mode="joint", k=DEMO_VERIFY_K,
                                         limit=args.claims, dataset="scifact-demo", passage_words=DEMO_PASSAGE_WORDS,
                                         max_tokens=DEMO_MAX_TOKENS, n_threads=args.threads,
                                         prompt_cache=flag == "cache")
            load = os.getloadavg()
            started = time.perf_counter()
            res = services.verify(p, req)
            wall = time.perf_counter() - started    # includes loading the model
            scores = services.score_run(p, res.run_id)
            result["runs"][spec] = {
                "model": name, "model_file": Path(entry.path).name, "model_bytes": entry.size_bytes,
                "sha256": entry.sha256(), "prompt_cache": req.prompt_cache, "run_id": res.run_id,
                "status": res.status, "n_claims": res.n_claims, "n_verdicts": res.n_verdicts,
                "n_parse_failures": res.n_parse_failures, "verdict_counts": res.verdict_counts,
                "prompt_tokens": res.prompt_tokens, "completion_tokens": res.completion_tokens,
                "verify_seconds": round(res.seconds, 1), "wall_seconds_with_load": round(wall, 1),
                "claims_per_min": round(60.0 * res.n_claims / res.seconds, 2) if res.seconds else None,
                "s_per_claim": round(res.seconds / res.n_claims, 1) if res.n_claims else None,
                "load_avg_1m_before": round(load[0], 2), "load_avg_1m_after": round(os.getloadavg()[0], 2),
                "closed": scores.get("closed"),
            }
            print(spec, json.dumps({k: result["runs"][spec][k] for k in (
                "claims_per_min", "s_per_claim", "verdict_counts", "n_parse_failures")}), flush=True)
            # written after each model, so a slow model's run does not cost the others' figures
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
