"""Verifier speed (issue #16 item 1): a naive llama-cpp-python loop on whole passages against
factaudit's default verify settings, same model, same prompt template, claims interleaved (the order
of the two alternates per claim, so load drifts hit both alike).

Naive: `Llama(n_ctx=8192)`, whole passages, `create_chat_completion` with the verdict JSON schema, one
claim after another (the KV cache reset per claim). factaudit: `VerifyRequest()`'s defaults — evidence
selection, scoring (and its calibration, computed once and counted in factaudit's time), n_ctx sized
to the run's longest prompt, the shared instruction prefix kept in the KV cache across claims.
Claims: the first --claims SciFact dev claims with gold evidence; evidence: top-k (k=3) by BM25 over
the SciFact corpus (as benchmarks/bench_models.py). Accuracy of both against the gold verdicts too.

    .venv/bin/python benchmarks/bench_verify.py --claims 30 --out benchmarks/results/verify.json
    .venv/bin/python benchmarks/bench_verify.py --claims 100 --evidence sentences:3 sentences:2 \
        --out benchmarks/results/verify_evidence.json
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


def rule(naive_closed, settings: dict) -> dict:
    """The issue's rule for the default: the fastest setting whose closed accuracy is not below the
    whole-passage accuracy's Wilson interval; whole passages themselves when no setting qualifies."""
    low = naive_closed.accuracy_ci[0]
    eligible = [s for s in settings if settings[s]["closed"]["accuracy"] >= low]
    best = max(eligible, key=lambda s: settings[s]["claims_per_min"]) if eligible else "whole"
    return {"whole_accuracy": naive_closed.accuracy, "whole_accuracy_ci": naive_closed.accuracy_ci,
            "within_interval": eligible, "default_by_rule": best}


def main() -> None:
    from factaudit.engine.pipeline.evidence import DEFAULT_EVIDENCE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=20)
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-tokens", type=int, default=160)
    ap.add_argument("--naive-n-ctx", type=int, default=8192)
    ap.add_argument("--model", default=None, help="registry name (default: factaudit's default verifier)")
    ap.add_argument("--evidence", nargs="+", default=[],
                    help="more factaudit evidence settings to measure beside the default (each with its own "
                         "n_ctx and KV cache); `rule` names the fastest whose accuracy is within the naive "
                         "whole-passage interval")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "verify.json")
    args = ap.parse_args()
    args.evidence = list(dict.fromkeys([DEFAULT_EVIDENCE, *args.evidence]))
    from bench_models import evidence_for, load_claims
    from llama_cpp import Llama

    from factaudit.engine.metrics.classification import closed_scores
    from factaudit.engine.models import registry
    from factaudit.engine.models.context import PromptCounter, context_for
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.models.replies import parse_reply
    from factaudit.engine.pipeline.verify import evidence_block, fit_messages, joint_schema, verify_claim
    from factaudit.engine.pipeline.prompts import neutralise
    from factaudit.engine.services.verification import VerifyRequest, calibrated, options_for

    sets = evidence_for(load_claims("dev", args.claims), args.k)
    gold = [g for _, _, g, _ in sets]
    base = VerifyRequest(model=args.model, k=args.k, max_tokens=args.max_tokens)
    entry = registry.resolve_llm(base.model)
    prompt = options_for(base).prompt()

    # naive: the same template with whole passages, a fixed 8192 context, the library's chat path
    def naive_messages(text, ps):
        numbered = [(n, p, p.text) for n, p in enumerate(ps, start=1)]
        return prompt.render(claim=neutralise(text), evidence=evidence_block(numbered))

    naive = Llama(model_path=entry.path, n_ctx=args.naive_n_ctx, n_threads=args.threads,
                  n_threads_batch=args.threads, seed=0, verbose=False)
    counter = PromptCounter(entry, entry.n_ctx)
    setups = {}    # setting -> (request, options, backend, setup seconds)
    for spec in args.evidence:
        req = VerifyRequest(model=args.model, k=args.k, max_tokens=args.max_tokens, evidence=spec)
        opts = options_for(req)
        t0 = time.perf_counter()
        longest = max(counter.count_message_tokens(fit_messages(counter, prompt, t, ps, opts)[0])
                      for _, t, _, ps in sets)
        fa = LlamaBackend(registry.with_n_ctx(entry, context_for(longest, req.max_tokens, entry.context_length)),
                          n_threads=args.threads)
        opts = calibrated(req, opts, fa)
        setups[spec] = (req, opts, fa, time.perf_counter() - t0)

    names = ["naive", *args.evidence]
    secs = {n: [] for n in names}
    verdicts = {n: [] for n in names}
    tokens = {n: [] for n in names}
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

    def run_factaudit(spec, cid, text, ps):
        _, opts, fa, _ = setups[spec]
        t = time.perf_counter()
        rec = verify_claim(fa, text, cid, ps, opts)
        secs[spec].append(time.perf_counter() - t)
        verdicts[spec].append(rec.verdict or "(parse failure)")
        tokens[spec].append(rec.prompt_tokens or 0)

    for i, (cid, text, _, ps) in enumerate(sets):
        shift = i % len(names)    # rotate the order per claim, so load drifts hit every setting alike
        for name in names[shift:] + names[:shift]:
            run_naive(cid, text, ps) if name == "naive" else run_factaudit(name, cid, text, ps)
        print(f"claim {i + 1}/{len(sets)}: " + ", ".join(f"{n} {secs[n][-1]:.1f} s" for n in names), flush=True)

    n = len(sets)
    naive_s = sum(secs["naive"])
    naive_closed = closed_scores(gold, verdicts["naive"])
    settings = {}
    for spec, (req, _, fa, setup_s) in setups.items():
        total = sum(secs[spec]) + setup_s
        closed = closed_scores(gold, verdicts[spec])
        settings[spec] = {
            "claims_per_min": round(60 * n / total, 2), "speedup": round(naive_s / total, 2),
            "prompt_tokens": round(statistics.mean(tokens[spec]), 1), "setup_s": round(setup_s, 2),
            "verdict_agreement": round(sum(a == b for a, b in zip(verdicts["naive"], verdicts[spec])) / n, 3),
            "scoring": req.scoring, "calibration": req.calibration, "n_ctx": fa.n_ctx,
            "closed": closed.to_json(), "verdicts": verdicts[spec],
        }
    pick = settings[DEFAULT_EVIDENCE]
    result = {
        "benchmark": "verify", "model": entry.name, "model_sha256": entry.sha256(), "claims": n, "k": args.k,
        "factaudit_evidence": DEFAULT_EVIDENCE,
        "rule": rule(naive_closed, settings),
        "naive_claims_per_min": round(60 * n / naive_s, 2),
        "factaudit_claims_per_min": pick["claims_per_min"],
        "speedup": pick["speedup"],
        "verdict_agreement": pick["verdict_agreement"],
        "prompt_tokens_naive": round(statistics.mean(tokens["naive"]), 1),
        "prompt_tokens_factaudit": pick["prompt_tokens"],
        "factaudit_setup_s": pick["setup_s"],
        "naive": {"evidence": "whole", "scoring": "generate", "n_ctx": args.naive_n_ctx,
                  "closed": naive_closed.to_json(), "verdicts": verdicts["naive"]},
        "settings": settings,
        "threads": args.threads,
        "note": "factaudit_* figures are factaudit's default evidence setting; each setting's time includes its "
                "one-off setup (sizing n_ctx, calibration); same claims, order rotated per claim",
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    naive.close()
    for _, _, fa, _ in setups.values():
        fa.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k not in ("naive", "settings")}, indent=2))


if __name__ == "__main__":
    main()
