"""Verifier speed (issue #16 item 1): a naive llama-cpp-python loop on whole passages against
factaudit's default verify settings, same model, same prompt template, claims interleaved (the order
of the two alternates per claim, so load drifts hit both alike).

Naive: `Llama(n_ctx=8192)`, whole passages, `create_chat_completion` with the verdict JSON schema, one
claim after another (the KV cache reset per claim). factaudit: `VerifyRequest()`'s defaults — evidence
selection, scoring (and its calibration, computed once and counted in factaudit's time), n_ctx sized
to the run's longest prompt, the shared instruction prefix kept in the KV cache across claims.
Claims: the first --claims SciFact dev claims with gold evidence; evidence: top-k (k=3) by BM25 over
the SciFact corpus (as benchmarks/bench_models.py). Accuracy of both against the gold verdicts too.

    .venv/bin/python benchmarks/bench_verify.py --claims 20 --out benchmarks/results/verify.json
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def evidence_sets(project, n_claims: int, k: int):
    """Demo claims with their gold abstracts first, then other abstracts (benchmarks/bench_evidence.py)."""
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=20)
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-tokens", type=int, default=160)
    ap.add_argument("--naive-n-ctx", type=int, default=8192)
    ap.add_argument("--model", default=None, help="registry name (default: factaudit's default verifier)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "verify.json")
    args = ap.parse_args()
    from bench_models import evidence_for, load_claims
    from llama_cpp import Llama

    from factaudit.engine.metrics.classification import closed_scores
    from factaudit.engine.models import registry
    from factaudit.engine.models.context import PromptCounter, context_for
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.models.replies import parse_reply
    from factaudit.engine.pipeline.verify import evidence_block, fit_messages, joint_schema, verify_claim
    from factaudit.engine.pipeline.prompts import neutralise
    from factaudit.engine.services.verify import VerifyRequest, calibrated, options_for

    sets = evidence_for(load_claims("dev", args.claims), args.k)
    gold = [g for _, _, g, _ in sets]
    req = VerifyRequest(model=args.model, k=args.k, max_tokens=args.max_tokens)
    entry = registry.resolve_llm(req.model)
    opts = options_for(req)
    prompt = opts.prompt()

    # naive: the same template with whole passages, a fixed 8192 context, the library's chat path
    def naive_messages(text, ps):
        numbered = [(n, p, p.text) for n, p in enumerate(ps, start=1)]
        return prompt.render(claim=neutralise(text), evidence=evidence_block(numbered))

    naive = Llama(model_path=entry.path, n_ctx=args.naive_n_ctx, n_threads=args.threads,
                  n_threads_batch=args.threads, seed=0, verbose=False)
    counter = PromptCounter(entry, entry.n_ctx)
    t0 = time.perf_counter()
    longest = max(counter.count_message_tokens(fit_messages(counter, prompt, t, ps, opts)[0]) for _, t, _, ps in sets)
    fa = LlamaBackend(registry.with_n_ctx(entry, context_for(longest, req.max_tokens, entry.context_length)),
                      n_threads=args.threads)
    opts = calibrated(req, opts, fa)
    setup_s = time.perf_counter() - t0

    secs = {"naive": [], "factaudit": []}
    verdicts = {"naive": [], "factaudit": []}
    tokens = {"naive": [], "factaudit": []}
    schema = joint_schema(args.k)

    def run_naive(cid, text, ps):
        t = time.perf_counter()
        naive.reset()
        out = naive.create_chat_completion(messages=naive_messages(text, ps), max_tokens=args.max_tokens,
                                           response_format={"type": "json_object", "schema": schema},
                                           temperature=0.0, seed=0)
        secs["naive"].append(time.perf_counter() - t)
        parsed, _, _ = parse_reply(out["choices"][0]["message"].get("content") or "", schema)
        verdicts["naive"].append(parsed["verdict"] if parsed else "(parse failure)")
        tokens["naive"].append(out["usage"]["prompt_tokens"])

    def run_factaudit(cid, text, ps):
        t = time.perf_counter()
        rec = verify_claim(fa, text, cid, ps, opts)
        secs["factaudit"].append(time.perf_counter() - t)
        verdicts["factaudit"].append(rec.verdict or "(parse failure)")
        tokens["factaudit"].append(rec.prompt_tokens or 0)

    for i, (cid, text, _, ps) in enumerate(sets):
        order = (run_naive, run_factaudit) if i % 2 == 0 else (run_factaudit, run_naive)
        for fn in order:
            fn(cid, text, ps)
        print(f"claim {i + 1}/{len(sets)}: naive {secs['naive'][-1]:.1f} s, factaudit {secs['factaudit'][-1]:.1f} s",
              flush=True)
    n = len(sets)
    fa_total = sum(secs["factaudit"]) + setup_s
    result = {
        "benchmark": "verify", "model": entry.name, "model_sha256": entry.sha256(), "claims": n, "k": args.k,
        "naive_claims_per_min": round(60 * n / sum(secs["naive"]), 2),
        "factaudit_claims_per_min": round(60 * n / fa_total, 2),
        "speedup": round(sum(secs["naive"]) / fa_total, 2),
        "verdict_agreement": round(sum(a == b for a, b in zip(verdicts["naive"], verdicts["factaudit"])) / n, 3),
        "prompt_tokens_naive": round(statistics.mean(tokens["naive"]), 1),
        "prompt_tokens_factaudit": round(statistics.mean(tokens["factaudit"]), 1),
        "factaudit_setup_s": round(setup_s, 2),
        "naive": {"evidence": "whole", "scoring": "generate", "n_ctx": args.naive_n_ctx,
                  "closed": closed_scores(gold, verdicts["naive"]).to_json(), "verdicts": verdicts["naive"]},
        "factaudit": {"evidence": req.evidence or "whole", "scoring": req.scoring, "calibration": req.calibration,
                      "n_ctx": fa.n_ctx, "closed": closed_scores(gold, verdicts["factaudit"]).to_json(),
                      "verdicts": verdicts["factaudit"]},
        "threads": args.threads,
        "note": "factaudit's time includes its one-off setup (sizing n_ctx, calibration); same claims, interleaved",
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    naive.close()
    fa.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k not in ("naive", "factaudit")}, indent=2))


if __name__ == "__main__":
    main()
