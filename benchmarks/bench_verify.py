"""Verifier throughput with the embedded SmolLM2 GGUF: claims/minute and prompt tokens/s, joint and
per-passage, k = 5 and 10, plus the speed-up from llama.cpp's prompt cache (shared-prefix reuse and
LlamaRAMCache) measured in the same run on the same claims.

    .venv/bin/python benchmarks/bench_verify.py [--claims 5] [--threads 2] [--out benchmarks/results/verify.json]

Evidence is each demo claim's gold abstracts then other abstracts (whole abstracts unless
--passage-words is given), as a retrieval run would give it.
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
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def evidence_sets(project, n_claims: int, k: int):
    from factaudit.engine.pipeline.verify import EvidencePassage
    from factaudit.engine.project.queries import gold_evidence, iter_passages, list_claims

    passages = list(iter_passages(project, "scifact-demo"))
    by_id = {p.id: p for p in passages}
    gold = gold_evidence(project)
    claims = [c for c in list_claims(project, "scifact-demo") if gold.get(c.id)][:n_claims]
    out = []
    for i, c in enumerate(claims):
        ids = [g.passage_id for g in gold[c.id] if g.passage_id in by_id]
        ids += [passages[(i * 7 + j * 13) % len(passages)].id for j in range(k + len(ids))]
        ids = list(dict.fromkeys(ids))[:k]
        out.append((c.id, c.text, [EvidencePassage(pid, by_id[pid].text, by_id[pid].title) for pid in ids]))
    return out


def measure(llm, sets, mode: str, opts_kw: dict) -> dict:
    from factaudit.engine.pipeline.verify import VerifyOptions, verify_claim

    opts = VerifyOptions(mode=mode, **opts_kw)
    records, latencies = [], []
    started = time.perf_counter()
    for cid, text, ps in sets:
        t = time.perf_counter()
        records.append(verify_claim(llm, text, cid, ps, opts))
        latencies.append(time.perf_counter() - t)
    seconds = time.perf_counter() - started
    p_tok = sum(r.prompt_tokens or 0 for r in records)
    c_tok = sum(r.completion_tokens or 0 for r in records)
    return {
        "mode": mode, "k": len(sets[0][2]), "claims": len(sets), "seconds": round(seconds, 2),
        "claims_per_min": round(60 * len(sets) / seconds, 2),
        "prompt_tokens": p_tok, "completion_tokens": c_tok,
        "prompt_tokens_per_s": round(p_tok / seconds, 1), "completion_tokens_per_s": round(c_tok / seconds, 2),
        "mean_prompt_tokens_per_claim": round(p_tok / len(sets), 1),
        "median_claim_latency_s": round(statistics.median(latencies), 2),
        "parse_failures": sum(1 for r in records if r.parse_status == "failed"),
        "trimmed": sum(1 for r in records if r.trimmed),
        "verdicts": [r.verdict for r in records],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--ks", default="5,10")
    ap.add_argument("--modes", default="joint,per-passage")
    ap.add_argument("--cache-k", type=int, default=5, help="k for the prompt-cache comparison")
    ap.add_argument("--passage-words", type=int, default=None)
    ap.add_argument("--max-tokens", type=int, default=160)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "verify.json"))
    args = ap.parse_args()

    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.project.db import Project
    from factaudit.engine.services.demo import build_demo

    tmp = Path(tempfile.mkdtemp(prefix="bench-verify-"))
    project = Project.open(build_demo(tmp, run_steps=False).project, readonly=True)
    ks = [int(k) for k in args.ks.split(",")]
    modes = args.modes.split(",")
    entry = registry.resolve_llm()
    opts_kw = {"max_tokens": args.max_tokens, "passage_words": args.passage_words}
    results = []
    load_before = os.getloadavg()[0]

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)

    def document(cache_rows: list) -> dict:
        return {
            "benchmark": "verify", "model": entry.name, "model_sha256": entry.sha256(),
            "quantization": entry.quantization, "n_ctx": entry.n_ctx, "threads": args.threads,
            "claims_per_config": args.claims, "passage_words": args.passage_words, "max_tokens": args.max_tokens,
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                        "load_avg_before": round(load_before, 2), "load_avg_after": round(os.getloadavg()[0], 2)},
            "runs": results, "prompt_cache": cache_rows,
            "note": "cache speed-up = seconds without / seconds with the prompt cache, same claims, same run",
        }

    def log(row: dict) -> None:
        out.write_text(json.dumps(document([]), indent=2))
        print(f"{row['mode']:<12} k={row['k']:<3} cache={'on ' if row.get('prompt_cache') else 'off'} "
              f"{row['claims_per_min']:>6.2f} claims/min  {row['prompt_tokens_per_s']:>7.1f} prompt tok/s  "
              f"({row['seconds']} s, {row['parse_failures']} parse failures)", flush=True)

    cold = LlamaBackend(entry, n_threads=args.threads, prompt_cache=False)
    for mode in modes:
        for k in ks:
            row = measure(cold, evidence_sets(project, args.claims, k), mode, opts_kw)
            row["prompt_cache"] = False
            results.append(row)
            log(row)
    cold.close()

    # The prompt cache: the same claims with and without it, claim by claim in alternation, so a
    # change in machine load between the two halves cannot pose as a speed-up.
    cache_rows = []
    cold = LlamaBackend(entry, n_threads=args.threads, prompt_cache=False)
    warm = LlamaBackend(entry, n_threads=args.threads, prompt_cache=True)
    for mode in modes:
        sets = evidence_sets(project, args.claims, args.cache_k)
        off, on = [], []
        for one in sets:
            off.append(measure(cold, [one], mode, opts_kw))
            on.append(measure(warm, [one], mode, opts_kw))
        s_off = sum(r["seconds"] for r in off)
        s_on = sum(r["seconds"] for r in on)
        p_off = sum(r["prompt_tokens"] for r in off)
        row = {"mode": mode, "k": args.cache_k, "claims": len(sets), "seconds_off": round(s_off, 2),
               "seconds_on": round(s_on, 2), "speedup": round(s_off / s_on, 3),
               "prompt_tokens_per_s_off": round(p_off / s_off, 1), "prompt_tokens_per_s_on": round(p_off / s_on, 1),
               "same_verdicts": sum(a["verdicts"] == b["verdicts"] for a, b in zip(off, on))}
        cache_rows.append(row)
        print(f"prompt cache {mode:<12} k={args.cache_k}: {s_off:.1f} s off, {s_on:.1f} s on, "
              f"speed-up {row['speedup']}x", flush=True)
        out.write_text(json.dumps(document(cache_rows), indent=2))
    cold.close()
    warm.close()
    project.close()

    out.write_text(json.dumps(document(cache_rows), indent=2))
    for c in cache_rows:
        print(f"prompt cache speed-up ({c['mode']}, k={c['k']}): {c['speedup']}x; "
              f"same verdicts {c['same_verdicts']}/{c['claims']}")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
