"""Verifiers compared on SciFact dev (issue #25 item 2), in one run: the classifier verifiers (the
embedded default `minilm-verifier` and any classification folder named with --classifiers) against the
LLM paths (the embedded SmolLM2, generated verdicts and log-probability scoring) and the majority
baseline, on the same claims with the same evidence, one thread each.

Claims: SciFact dev claims with gold evidence (closed regime: gold Supported for SUPPORT, Refuted for
CONTRADICT; 188 claims, 124 / 64). Evidence: the top k=3 abstracts by BM25 (factaudit's BM25Index,
lucene BM25, English Snowball stemmer) over the whole SciFact corpus (5,183 abstracts), each abstract's
sentences as the SciFact adapter stores them. LLMs read the first --llm-claims claims only (they take
15–50 s a claim here); their figures carry correspondingly wide intervals.

Figures (definitions as in the README):
- accuracy: share of claims whose verdict equals the gold verdict; Wilson 95 % interval (statsmodels);
- macro-F1: mean of the per-class F1 over the gold classes present (Supported, Refuted), a prediction
  of No Evidence or Ambiguous counting as a miss of its gold class (sklearn f1_score with
  labels=[Supported, Refuted], average="macro"); percentile bootstrap 95 % interval (10,000 claim
  resamples, seed 42);
- balanced accuracy: mean per-class recall over the same gold classes (the majority's is 0.50),
  bootstrap interval as above;
- claims/min: claims verified per minute of wall time in this process, one thread.
The default is the candidate with the highest macro-F1 among those whose balanced-accuracy interval
lies above 0.50.

    .venv/bin/python benchmarks/bench_verifiers.py [--llm-claims 10] [--classifiers PATH,...]
        [--healthver] [--out benchmarks/results/verifiers.json]
"""
from __future__ import annotations

import argparse
import csv
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
import bench_models  # noqa: E402  (claims loader and the SciFact data folder)

CLASSES = ["Supported", "Refuted"]
N_RESAMPLES = 10_000


def scores(gold: list[str], pred: list[str], n_resamples: int = N_RESAMPLES) -> dict:
    from sklearn.metrics import f1_score
    from statsmodels.stats.proportion import proportion_confint

    g, p = np.array(gold), np.array(pred)
    n, correct = len(g), int((g == p).sum())

    def macro_f1(gi, pi):
        return float(f1_score(gi, pi, labels=CLASSES, average="macro", zero_division=0))

    def balanced(gi, pi):
        return float(np.mean([np.mean(pi[gi == c] == c) for c in CLASSES if (gi == c).any()]))

    rng = np.random.default_rng(42)
    idx = rng.integers(0, n, size=(n_resamples, n))
    f1s = [macro_f1(g[i], p[i]) for i in idx]
    bals = [balanced(g[i], p[i]) for i in idx]
    lo, hi = proportion_confint(correct, n, alpha=0.05, method="wilson")
    labels = CLASSES + ["No Evidence", "Ambiguous", "failed"]
    return {
        "n": n, "accuracy": round(correct / n, 4), "accuracy_ci": [round(lo, 4), round(hi, 4)],
        "macro_f1": round(macro_f1(g, p), 4), "macro_f1_ci": [round(float(x), 4) for x in np.percentile(f1s, [2.5, 97.5])],
        "balanced_accuracy": round(balanced(g, p), 4),
        "balanced_accuracy_ci": [round(float(x), 4) for x in np.percentile(bals, [2.5, 97.5])],
        "predicted": {y: int((p == y).sum()) for y in labels if (p == y).any()},
        "confusion": {gc: {y: int(((g == gc) & (p == y)).sum()) for y in labels if ((g == gc) & (p == y)).any()}
                      for gc in CLASSES},
    }


def scifact_sets(k: int):
    """[(claim id, text, gold, [ClassifyPassage])] for the dev claims with gold evidence, BM25 top k."""
    from factaudit.engine.ingest.adapters.scifact import abstract_passage
    from factaudit.engine.pipeline.classify import ClassifyPassage
    from factaudit.engine.retrieval.bm25 import BM25Index, passage_text

    docs = [json.loads(line) for line in open(bench_models.DATA / "corpus.jsonl")]
    passages = {}
    for d in docs:
        rec = abstract_passage(str(d["doc_id"]), d["title"], d["abstract"])
        passages[rec.id] = ClassifyPassage(rec.id, rec.text, rec.sentence_spans)
    ids = list(passages)
    index = BM25Index.build(ids, [passage_text(d["title"], " ".join(d["abstract"])) for d in docs])
    out = []
    for cid, text, gold in bench_models.load_claims("dev", 10_000):
        out.append((cid, text, gold, [passages[pid] for pid, _ in index.search(text, k)]))
    return out


def healthver_sets():
    """HealthVer test: each claim with its candidate passages; claim-level gold per DESIGN.md (Supports
    only → Supported, Refutes only → Refuted, both → Ambiguous, all Neutral → No Evidence)."""
    from factaudit.engine.pipeline.classify import ClassifyPassage

    path = bench_models.DATA.parent / "healthver" / "healthver_test.csv"
    by_claim: dict[str, dict] = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            c = by_claim.setdefault(row["claim"], {"labels": set(), "passages": []})
            c["labels"].add(row["label"])
            c["passages"].append(ClassifyPassage(f"hv{len(c['passages'])}", row["evidence"]))
    out = []
    for i, (claim, c) in enumerate(by_claim.items()):
        s, r = "Supports" in c["labels"], "Refutes" in c["labels"]
        gold = "Ambiguous" if s and r else "Supported" if s else "Refuted" if r else "No Evidence"
        out.append((f"hv-{i}", claim, gold, c["passages"]))
    return out


def run_classifier(folder: str | None, sets, threads: int):
    from factaudit.engine.models import classifier_registry
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.pipeline.classify import ClaimInput, classify_claims

    entry = classifier_registry.resolve_classifier(folder)
    model = open_classifier(entry.path, name=entry.name, origin=entry.source, threads=threads)
    classify_claims(model, [ClaimInput("warm", sets[0][1], sets[0][3])])     # session warm-up, not timed
    preds, t0 = [], time.perf_counter()
    for cid, text, _, ps in sets:    # claim by claim, as a run commits them
        res = classify_claims(model, [ClaimInput(cid, text, ps)])[0]
        preds.append(res.verdict or "failed")
    secs = time.perf_counter() - t0
    pin = model.pin()
    info = {"name": entry.name, "path_kind": entry.source, "sha256": pin["sha256"], "thresholds": pin["thresholds"],
            "window": pin["window"], "max_length": pin["max_length"], "labels_map": pin["labels_map"],
            "size_mib": round(sum(f.stat().st_size for f in Path(entry.path).iterdir() if f.is_file()) / 2**20, 1)}
    return preds, secs, info


def run_llm(sets, threads: int, scoring: str):
    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import EvidencePassage, VerifyOptions, verify_claim

    llm = LlamaBackend(registry.resolve_llm("smollm2-135m", n_ctx=4096), n_threads=threads)
    opts = VerifyOptions(scoring=scoring, max_tokens=160)
    preds, t0 = [], time.perf_counter()
    for cid, text, _, ps in sets:
        ev = [EvidencePassage(p.id, p.text, None) for p in ps]
        rec = verify_claim(llm, text, cid, ev, opts)
        preds.append(rec.verdict or "failed")
        print(f"  smollm2 {scoring} {len(preds)}/{len(sets)}", flush=True)
    secs = time.perf_counter() - t0
    llm.close()
    return preds, secs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--llm-claims", type=int, default=10, help="claims the LLM paths read (0: none)")
    ap.add_argument("--classifiers", default="", help="extra classification folders, comma-separated")
    ap.add_argument("--healthver", action="store_true", help="also score the classifiers on HealthVer test")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "verifiers.json")
    args = ap.parse_args()

    sets = scifact_sets(args.k)
    gold = [g for _, _, g, _ in sets]
    result = {"benchmark": "verifiers", "dataset": "SciFact dev, claims with gold evidence (closed regime)",
              "claims": len(sets), "k": args.k, "threads": args.threads, "machine": platform.machine(),
              "retrieval": "BM25 (factaudit BM25Index) over the SciFact corpus, 5,183 abstracts",
              "gold_counts": {c: gold.count(c) for c in CLASSES},
              "majority_baseline": scores(gold, ["Supported"] * len(gold)), "candidates": {}}
    all_preds: dict[str, list[str]] = {}
    for folder in [None] + [f for f in args.classifiers.split(",") if f]:
        preds, secs, info = run_classifier(folder, sets, args.threads)
        all_preds[info["name"]] = preds
        result["candidates"][info["name"]] = {"kind": "classifier", **info, **scores(gold, preds),
                                             "claims_per_min": round(len(sets) / secs * 60, 1)}
        print(info["name"], result["candidates"][info["name"]]["macro_f1"], flush=True)
    n = min(args.llm_claims, len(sets))
    if n:
        slice_gold = gold[:n]
        result["llm_slice_majority_baseline"] = scores(slice_gold, ["Supported"] * n)
        for scoring in ("generate", "logprob"):
            preds, secs = run_llm(sets[:n], args.threads, scoring)
            result["candidates"][f"smollm2-135m {scoring}"] = {
                "kind": "llm", "name": "smollm2-135m", "scoring": scoring, **scores(slice_gold, preds),
                "claims_per_min": round(n / secs * 60, 2)}
        for name, preds in all_preds.items():    # the classifiers on the LLMs' slice too, like for like
            result["candidates"][name]["on_llm_slice"] = scores(slice_gold, preds[:n])
    eligible = {k: c for k, c in result["candidates"].items() if c["balanced_accuracy_ci"][0] > 0.5}
    result["default_rule"] = ("highest macro-F1 among candidates whose balanced-accuracy interval lies above 0.50")
    result["default"] = max(eligible, key=lambda k: eligible[k]["macro_f1"]) if eligible else None
    if args.healthver:
        hv = healthver_sets()
        hv_gold = [g for _, _, g, _ in hv]
        preds, secs, info = run_classifier(None, hv, args.threads)
        from sklearn.metrics import f1_score

        present = sorted(set(hv_gold))
        result["healthver_test"] = {
            "claims": len(hv), "gold_counts": {c: hv_gold.count(c) for c in present},
            "model": info["name"], "accuracy": round(float(np.mean(np.array(hv_gold) == np.array(preds))), 4),
            "macro_f1_gold_classes": round(float(f1_score(hv_gold, preds, labels=present, average="macro",
                                                          zero_division=0)), 4),
            "majority": max(present, key=hv_gold.count),
            "majority_accuracy": round(max(hv_gold.count(c) for c in present) / len(hv), 4),
            "claims_per_min": round(len(hv) / secs * 60, 1)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: {m: c.get(m) for m in ("accuracy", "accuracy_ci", "macro_f1", "macro_f1_ci",
                                                "balanced_accuracy_ci", "claims_per_min")}
                      for k, c in result["candidates"].items()}, indent=1))
    print("default:", result["default"])


if __name__ == "__main__":
    main()
