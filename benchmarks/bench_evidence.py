"""Evidence selection for the verifier (#16 item 1): whole passages against `sentences:N`, in one
session with the claims interleaved, on the embedded model. Prompt tokens for every claim with gold
evidence among the demo's SciFact claims (tokenizing only), then real verify calls on the first
--claims of them: claims per minute, speed-up, and how often the two settings give the same verdict.

    .venv/bin/python benchmarks/bench_evidence.py [--claims 10] [--k 3] [--sentences 3] [--out FILE]

With --settings (e.g. whole,sentences:3,tokens:400) it instead compares those evidence settings on the
first --claims SciFact dev claims with gold evidence (BM25 top-k over the SciFact corpus, as
benchmarks/bench_models.py), interleaved per claim, with the verdicts scored by --scoring (default
logprob, contextual calibration computed once per setting): closed-regime accuracy with Wilson 95 %
intervals, macro-F1, claims per minute and mean prompt tokens per setting — the figures that choose
the default evidence setting (the fastest whose accuracy is not worse than whole passages by more
than its interval).

    .venv/bin/python benchmarks/bench_evidence.py --settings whole,sentences:3,tokens:400 --claims 100 \
        --out benchmarks/results/evidence_settings.json
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
    ap.add_argument("--settings", default=None)
    ap.add_argument("--scoring", default="logprob")
    ap.add_argument("--calibration", default="contextual")
    ap.add_argument("--model", default=None)
    args = ap.parse_args()
    if args.settings:
        compare_settings(args)
        return
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


def settings_summary(args, settings, gold, secs, verdicts, tokens, opts, model) -> dict:
    from bench_models import macro_f1_interval

    from factaudit.engine.metrics.classification import closed_scores

    n = len(gold)
    rows = {}
    for spec in settings:
        sc = closed_scores(gold, verdicts[spec][:n])
        rows[spec] = {"claims_per_min": round(60 * n / sum(secs[spec][:n]), 2),
                      "mean_prompt_tokens": round(statistics.mean(tokens[spec][:n]), 1),
                      "accuracy": round(sc.accuracy, 4), "accuracy_ci": [round(x, 4) for x in sc.accuracy_ci],
                      "macro_f1": round(sc.macro_f1, 4), "macro_f1_ci": macro_f1_interval(gold, verdicts[spec][:n]),
                      "share_supported": round(verdicts[spec][:n].count("Supported") / n, 4),
                      "calibration_bias": dict(opts[spec].calibration_bias) if opts[spec].calibration_bias else None,
                      "verdicts": verdicts[spec][:n]}
    whole = rows.get("whole")
    eligible = [s_ for s_ in settings if whole is None or
                rows[s_]["accuracy"] >= whole["accuracy_ci"][0]]
    result = {"benchmark": "evidence_settings", "claims": n, "complete": n == args.claims, "k": args.k, "model": model,
              "scoring": args.scoring, "calibration": args.calibration,
              "dataset": "SciFact dev, claims with gold evidence; BM25 top-k over the SciFact corpus",
              "settings": rows, "rule": "fastest setting whose accuracy >= whole's accuracy minus the lower half "
                                        "of whole's Wilson 95 % interval",
              "chosen": max(eligible, key=lambda s_: rows[s_]["claims_per_min"]) if eligible else None,
              "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "threads": args.threads,
                          "load_average_1m": round(os.getloadavg()[0], 2)}}
    return result


def compare_settings(args) -> None:
    from bench_models import evidence_for, load_claims, macro_f1_interval

    from factaudit.engine.metrics.classification import closed_scores
    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import verify_claim
    from factaudit.engine.services.verification import VerifyRequest, calibrated, options_for

    sets = evidence_for(load_claims("dev", args.claims), args.k)
    gold = [g for _, _, g, _ in sets]
    settings = args.settings.split(",")
    llm = LlamaBackend(registry.resolve_llm(args.model, n_ctx=4096), n_threads=args.threads)
    opts = {}
    for spec in settings:
        req = VerifyRequest(evidence=None if spec == "whole" else spec, scoring=args.scoring,
                            calibration=args.calibration if args.scoring == "logprob" else "none")
        opts[spec] = calibrated(req, options_for(req), llm)
    secs = {s_: [] for s_ in settings}
    verdicts = {s_: [] for s_ in settings}
    tokens = {s_: [] for s_ in settings}
    for i, (cid, text, _, ps) in enumerate(sets):
        order = settings if i % 2 == 0 else settings[::-1]      # interleaved, alternating order
        for spec in order:
            t = time.perf_counter()
            rec = verify_claim(llm, text, cid, ps, opts[spec])
            secs[spec].append(time.perf_counter() - t)
            verdicts[spec].append(rec.verdict or "(parse failure)")
            tokens[spec].append(rec.prompt_tokens or 0)
        print(f"claim {i + 1}/{len(sets)}", flush=True)
        if (i + 1) % 10 == 0 or i + 1 == len(sets):   # partial results survive an interrupted run
            result = settings_summary(args, settings, gold[:i + 1], secs, verdicts, tokens, opts, llm.entry.name)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(result, indent=2) + "\n")
    llm.close()
    print(json.dumps({k: v for k, v in result.items() if k != "settings"}, indent=2))
    for spec, r in result["settings"].items():
        print(spec, {k: v for k, v in r.items() if k != "verdicts"})


if __name__ == "__main__":
    main()
