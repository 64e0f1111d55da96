"""Evidence selection for the verifier (#16 item 1): whole passages against `sentences:N`, in one
session with the claims interleaved, on the embedded model. Prompt tokens for every claim with gold
evidence among the demo's SciFact claims (tokenizing only), then real verify calls on the first
--claims of them: claims per minute, speed-up, and how often the two settings give the same verdict.

    .venv/bin/python benchmarks/bench_evidence.py [--claims 10] [--k 3] [--sentences 3] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=10)
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--sentences", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "evidence.json")
    args = ap.parse_args()
    from bench_verify import evidence_sets

    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import VerifyOptions, fit_messages, verify_claim
    from factaudit.engine.project.db import Project
    from factaudit.engine.services.demo import build_demo

    project = Project.open(build_demo(Path(tempfile.mkdtemp()), run_steps=False).project, readonly=True)
    sets = evidence_sets(project, 1000, args.k)
    llm = LlamaBackend(registry.resolve_llm(), n_threads=args.threads, prompt_cache=False)
    whole = VerifyOptions(max_tokens=160)
    chosen = VerifyOptions(max_tokens=160, evidence_sentences=args.sentences)
    prompt = whole.prompt()

    def tokens(opts, claim, ps) -> int:
        return llm.count_message_tokens(fit_messages(llm, prompt, claim, ps, opts)[0])

    tok_whole = [tokens(whole, t, ps) for _, t, ps in sets]
    tok_chosen = [tokens(chosen, t, ps) for _, t, ps in sets]
    secs = {"whole": [], "chosen": []}
    verdicts = {"whole": [], "chosen": []}
    for cid, text, ps in sets[:args.claims]:          # interleaved: load drifts hit both alike
        for name, opts in (("whole", whole), ("chosen", chosen)):
            t = time.perf_counter()
            verdicts[name].append(verify_claim(llm, text, cid, ps, opts).verdict)
            secs[name].append(time.perf_counter() - t)
    n = len(secs["whole"])
    result = {
        "k": args.k, "evidence": f"sentences:{args.sentences}", "claims_tokenized": len(sets),
        "mean_prompt_tokens_whole": round(statistics.mean(tok_whole), 1),
        "mean_prompt_tokens_selected": round(statistics.mean(tok_chosen), 1),
        "token_ratio": round(statistics.mean(tok_chosen) / statistics.mean(tok_whole), 3),
        "claims_verified": n,
        "whole_claims_per_min": round(60 * n / sum(secs["whole"]), 2),
        "selected_claims_per_min": round(60 * n / sum(secs["chosen"]), 2),
        "speedup": round(sum(secs["whole"]) / sum(secs["chosen"]), 2),
        "verdict_agreement": round(sum(a == b for a, b in zip(verdicts["whole"], verdicts["chosen"])) / n, 3),
        "verdicts_whole": verdicts["whole"], "verdicts_selected": verdicts["chosen"],
        "model": registry.resolve_llm().name,
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
