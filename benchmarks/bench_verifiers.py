"""Verifiers compared in one run, and the default chosen by a stated rule (issue #32 item 5).

Candidates, on the same claims with the same evidence, `--threads` threads each (2 by default):
- classifier `minilm-verifier` (embedded) and `minilm-nli-verifier` when resources/models/minilm-nli-verifier
  exists (otherwise listed as "not trained yet");
- the stance cascade (engine/pipeline/cascade.py): the classifier picks the windows that bear on the claim,
  Qwen2.5-Coder-1.5B decides Supported vs Refuted by log-probability against the shipped τ
  (resources/models/cascade.json), read at the top 1, 2 and 3 windows (MAX_PASSAGES) as three candidates;
- the LLM alone: Qwen's log-prob stance on the same windows without the classifier's evidence gate (each of
  the top-3 passages' best window, ranked by the classifier; the same τ), so every claim gets a stance;
- SmolLM2-135M, the llm strategy's joint log-probability verdict over the 3 abstracts;
- the majority baseline (always Supported).
Qwen scores each passage's best window once: the cascade's windows are those of them that bear on the claim
(a passage's best window either bears or not), so both candidates come from one pass of LLM calls, each call
timed and charged to the candidates that read it. The first claims are also run through
cascade.cascade_claim itself, and its verdicts must equal the ones recomputed here.

Data: SciFact dev claims whose gold label is Supported or Refuted (closed regime, 188: 124 / 64), evidence
the top k=3 abstracts by BM25 (factaudit BM25Index) over the whole corpus (5,183 abstracts); `--limit N`
takes a seeded stratified slice (N/2 per class, fewer when a class runs out) that every candidate reads.
HealthVer test: claims with Supports-only or Refutes-only evidence rows, their own candidate passages,
`--hv-limit` sliced the same way.

Figures per candidate (definitions as in the README): balanced accuracy = mean of the recall of Supported
and the recall of Refuted (a No Evidence or Ambiguous verdict is a miss), percentile bootstrap 95 % interval
(10,000 claim resamples, seed 42); macro-F1 (sklearn, labels Supported and Refuted) with the same
bootstrap; accuracy with its Wilson interval; n; wall claims/min with the load average; CPU seconds per
claim (time.process_time of this process, all threads); claims_per_min_cpu = 60 · threads / CPU s per claim,
the rate on `threads` free cores.

THE RULE: the default is the candidate with the highest balanced accuracy on SciFact dev among those with
claims_per_min_cpu >= 10 (the CPU-based rate, so the machine's load at bench time does not decide; ties:
macro-F1, then speed); the "fast" choice is the candidate with the highest claims_per_min_cpu. The majority
baseline is a reference, not a candidate.

    nice -n 10 .venv/bin/python benchmarks/bench_verifiers.py [--limit 80] [--hv-limit 40] [--threads 2]
        [--llm-limit 24] [--hv-llm-limit 12] [--out benchmarks/results/verifiers.json]
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
import bench_models  # noqa: E402  (claims loader and the SciFact data folder)

CLASSES = ["Supported", "Refuted"]
N_RESAMPLES = 10_000
QWEN = "qwen2.5-coder-1.5b"
NLI_FOLDER = ROOT / "resources" / "models" / "minilm-nli-verifier"


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


def stratified(sets: list, limit: int | None, seed: int = 13) -> list:
    """A seeded slice with limit/2 claims of each gold class (fewer when a class runs out), in id order."""
    if not limit:
        return sets
    rng = random.Random(seed)
    out = []
    for c in CLASSES:
        of = [s for s in sets if s[2] == c]
        out += rng.sample(of, min(len(of), limit // 2))
    keep = {id(s) for s in out}
    return [s for s in sets if id(s) in keep]


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
    return [(cid, text, gold, [passages[pid] for pid, _ in index.search(text, k)])
            for cid, text, gold in bench_models.load_claims("dev", 10_000)]


def healthver_sets():
    """HealthVer test claims whose evidence rows are Supports only (Supported) or Refutes only (Refuted)."""
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
        if s != r:
            out.append((f"hv-{i}", claim, "Supported" if s else "Refuted", c["passages"]))
    return out


class Clock:
    """Wall and CPU seconds of one piece of work (CPU: this process, every thread)."""

    def __enter__(self):
        self.w, self.c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.w, time.process_time() - self.c


def open_classifier(folder, threads: int):
    from factaudit.engine.models import classifier_registry
    from factaudit.engine.models.classifier import open_classifier as open_folder

    entry = classifier_registry.resolve_classifier(folder)
    return open_folder(entry.path, name=entry.name, origin=entry.source, threads=threads), entry


def run_classifier(model, sets):
    """Per claim: (verdict, ClaimResult, wall s, CPU s), claim by claim as a run commits them."""
    from factaudit.engine.pipeline.classify import ClaimInput, classify_claims

    classify_claims(model, [ClaimInput("warm", sets[0][1], sets[0][3])])     # session warm-up, not timed
    out = []
    for cid, text, _, ps in sets:
        with Clock() as t:
            res = classify_claims(model, [ClaimInput(cid, text, ps)])[0]
        out.append((res.verdict or "failed", res, t.wall, t.cpu))
    return out


def llm_pass(llm, model, sets, classified):
    """Qwen's log-odds of each passage's best window (ungated picks), each call timed."""
    from factaudit.engine.pipeline import cascade

    rows = []
    for (cid, text, _, ps), (_, res, _, _) in zip(sets, classified):
        texts = {p.id: p.text for p in ps}
        calls = []
        if not res.failure:
            gated = set(cascade.pick_windows(res, model.thresholds))
            for i in cascade.pick_windows(res, model.thresholds, gate=False):
                pid, a, b = res.pairs[i][:3]
                with Clock() as t:
                    d, _ = cascade.log_odds(llm, text, cascade.cut_to_budget(llm, texts[pid][a:b]))
                calls.append({"pair": i, "bears": i in gated, "log_odds": d, "wall": t.wall, "cpu": t.cpu})
        rows.append(calls)
        print(f"  qwen {len(rows)}/{len(sets)}", flush=True)
    return rows


def cascade_verdict(calls, tau: float, top: int, gate: bool) -> tuple[str, float, float]:
    from factaudit.engine.pipeline import cascade

    use = [c for c in calls if c["bears"] or not gate][:top]
    if not use:
        return "No Evidence", 0.0, 0.0
    stances = [cascade.WindowStance("p", 0, 0, 0, 0, 1.0, c["log_odds"]) for c in use]
    return cascade.decide(stances, tau)[0], sum(c["wall"] for c in use), sum(c["cpu"] for c in use)


def smollm2_pass(sets, threads: int):
    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend
    from factaudit.engine.pipeline.verify import EvidencePassage, VerifyOptions, verify_claim

    llm = LlamaBackend(registry.resolve_llm("smollm2-135m", n_ctx=4096), n_threads=threads)
    opts = VerifyOptions(scoring="logprob")
    out = []
    for cid, text, _, ps in sets:
        with Clock() as t:
            rec = verify_claim(llm, text, cid, [EvidencePassage(p.id, p.text, None) for p in ps], opts)
        out.append((rec.verdict or "failed", t.wall, t.cpu))
    llm.close()
    return out


def figures(gold, preds, walls, cpus, threads: int, extra: dict) -> dict:
    n = len(gold)
    cpu = sum(cpus) / n
    return {**extra, **scores(gold, preds), "claims_per_min_wall": round(n / max(sum(walls), 1e-9) * 60, 2),
            "cpu_s_per_claim": round(cpu, 3), "claims_per_min_cpu": round(60 * threads / max(cpu, 1e-9), 2)}


def evaluate(sets, threads: int, tau: float, check: int, llm_limit: int | None = None, llm: bool = True) -> dict:
    """Every candidate on `sets`, the LLM candidates on the stratified slice of `llm_limit` of them (the
    classifiers' figures on that slice too, under "on_llm_slice", for a like-for-like look); {name: figures}."""
    from factaudit.engine.models import registry
    from factaudit.engine.models.llama_backend import LlamaBackend

    gold = [g for _, _, g, _ in sets]
    keep = {id(s) for s in stratified(sets, llm_limit)}
    on_slice = [i for i, s in enumerate(sets) if id(s) in keep]
    out: dict[str, dict] = {"majority baseline": {"kind": "baseline", **scores(gold, ["Supported"] * len(gold))}}
    folders = [None] + ([str(NLI_FOLDER)] if NLI_FOLDER.is_dir() else [])
    base = None
    for folder in folders:
        model, entry = open_classifier(folder, threads)
        rows = run_classifier(model, sets)
        out[entry.name] = figures(gold, [r[0] for r in rows], [r[2] for r in rows], [r[3] for r in rows], threads,
                                  {"kind": "classifier", "sha256": model.pin()["sha256"],
                                   "thresholds": model.thresholds.to_json()})
        if len(on_slice) < len(sets):
            out[entry.name]["on_llm_slice"] = scores([gold[i] for i in on_slice], [rows[i][0] for i in on_slice])
        if folder is None:
            base = (model, rows)
        print(entry.name, out[entry.name]["balanced_accuracy"], flush=True)
    if not NLI_FOLDER.is_dir():
        out["minilm-nli-verifier"] = {"kind": "classifier", "status": "not trained yet"}
    if not llm:
        return out
    model, rows = base
    sets, gold, rows = [sets[i] for i in on_slice], [gold[i] for i in on_slice], [rows[i] for i in on_slice]
    llm = LlamaBackend(registry.resolve_llm(QWEN, n_ctx=2048), n_threads=threads)
    calls = llm_pass(llm, model, sets, rows)
    for top in (1, 2, 3):
        for gate in (True, False):
            if not gate and top != 3:
                continue
            preds, walls, cpus = [], [], []
            for r, c in zip(rows, calls):
                v, w, cp = cascade_verdict(c, tau, top, gate)
                preds.append(v if not r[1].failure else "failed")
                walls.append(w + r[2])
                cpus.append(cp + r[3])
            name = f"cascade minilm-verifier+{QWEN} (top {top})" if gate else f"{QWEN} alone (log-prob, top 3 windows)"
            out[name] = figures(gold, preds, walls, cpus, threads,
                                {"kind": "cascade" if gate else "llm", "max_passages": top, "tau": tau,
                                 "llm_calls_per_claim": round(sum(len([x for x in c if x["bears"] or not gate][:top])
                                                                  for c in calls) / len(sets), 3)})
    out["_check"] = cascade_check(model, llm, sets[:check], calls, rows, tau)
    llm.close()
    sm = smollm2_pass(sets, threads)
    out["smollm2-135m (llm, log-prob)"] = figures(gold, [s[0] for s in sm], [s[1] for s in sm], [s[2] for s in sm],
                                                  threads, {"kind": "llm"})
    return out


def cascade_check(model, llm, sets, calls, rows, tau: float) -> dict:
    """The engine's own cascade_claim on the first claims gives the verdicts recomputed here (top 3)."""
    from factaudit.engine.pipeline import cascade
    from factaudit.engine.pipeline.classify import ClaimInput

    same = 0
    for (cid, text, _, ps), c in zip(sets, calls):
        got = cascade.cascade_claim(model, llm, ClaimInput(cid, text, ps), {p.id: p.text for p in ps}, tau=tau)
        mine = cascade_verdict(c, tau, cascade.MAX_PASSAGES, True)[0]
        same += got.verdict.verdict == mine
        if got.verdict.verdict != mine:
            raise SystemExit(f"cascade_claim says {got.verdict.verdict} for {cid}, the bench {mine}")
    return {"claims": len(sets), "equal": same}


def choose(cands: dict) -> tuple[str | None, str | None]:
    """THE RULE, as the engine states it (engine/models/verifier_choice.py)."""
    from factaudit.engine.models.verifier_choice import choose as rule

    return rule(cands)


def healthver_classifiers(path: Path, threads: int, limit: int) -> None:
    """The HealthVer part for the classifiers only (the LLM candidates take minutes a claim), into `path`."""
    result = json.loads(path.read_text(encoding="utf-8"))
    hv = stratified(healthver_sets(), limit)
    result["healthver_test"] = {"claims": len(hv), "slice": f"seeded stratified slice of {limit}",
                                "gold_counts": {c: sum(s[2] == c for s in hv) for c in CLASSES},
                                "candidates": evaluate(hv, threads, 0.0, 0, llm=False),
                                "note": "classifiers and the majority baseline only (--healthver-only): the LLM "
                                        "candidates were not run on HealthVer in this session"}
    path.write_text(json.dumps(result, indent=1) + "\n")
    for k, c in result["healthver_test"]["candidates"].items():
        print(f"{k:30s} bal {c.get('balanced_accuracy')} {c.get('balanced_accuracy_ci')} F1 {c.get('macro_f1')}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None, help="stratified seeded slice of N SciFact dev claims")
    ap.add_argument("--hv-limit", type=int, default=40, help="stratified slice of HealthVer test (0: skip)")
    ap.add_argument("--check", type=int, default=3, help="claims also run through cascade.cascade_claim")
    ap.add_argument("--llm-limit", type=int, default=None,
                    help="the LLM candidates read a stratified seeded slice of N of the claims (minutes a claim on 2 cores)")
    ap.add_argument("--hv-llm-limit", type=int, default=None, help="the same for HealthVer")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "verifiers.json")
    ap.add_argument("--healthver-only", type=Path, default=None, metavar="JSON",
                    help="add HealthVer test figures of the classifiers and the baseline to this result file")
    args = ap.parse_args()
    if args.healthver_only:
        healthver_classifiers(args.healthver_only, args.threads, args.hv_limit)
        return
    os.environ.setdefault("FACTAUDIT_LLM_THREADS", str(args.threads))
    from factaudit.engine.models.verifier_choice import MIN_CLAIMS_PER_MIN as MIN_RATE
    from factaudit.engine.services.cascade_verify import shipped_tau

    tau, tau_source = shipped_tau("minilm-verifier", QWEN)
    started, load0 = time.time(), os.getloadavg()
    sets = stratified(scifact_sets(args.k), args.limit)
    result = {"benchmark": "verifiers", "issue": 32, "command": " ".join(["benchmarks/bench_verifiers.py"] + sys.argv[1:]),
              "dataset": "SciFact dev, claims with gold label Supported or Refuted (closed regime)",
              "slice": f"seeded stratified slice of {args.limit}" if args.limit else "all",
              "claims": len(sets), "k": args.k, "threads": args.threads, "machine": platform.machine(),
              "cpus": os.cpu_count(), "retrieval": "BM25 (factaudit BM25Index) over the SciFact corpus, 5,183 abstracts",
              "tau": tau, "tau_source": tau_source,
              "gold_counts": {c: sum(s[2] == c for s in sets) for c in CLASSES},
              "rule": (f"default: highest balanced accuracy on SciFact dev among candidates with claims_per_min_cpu >= "
                       f"{MIN_RATE:g} (60 x threads / CPU s per claim, so the load at bench time does not decide); "
                       "ties: macro-F1, then speed. fast: the highest claims_per_min_cpu."),
              "llm_slice": (f"the LLM candidates (Qwen alone, the cascades, SmolLM2) read a seeded stratified slice of "
                            f"{args.llm_limit} of these claims; each classifier's figures on that slice are under "
                            "on_llm_slice" if args.llm_limit else "all candidates read every claim"),
              "candidates": evaluate(sets, args.threads, tau, args.check, args.llm_limit)}
    result["cascade_check"] = result["candidates"].pop("_check")
    result["default"], result["fast"] = choose(result["candidates"])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")       # SciFact kept if HealthVer fails
    if args.hv_limit:
        hv = stratified(healthver_sets(), args.hv_limit)
        cands = evaluate(hv, args.threads, tau, 0, args.hv_llm_limit)
        cands.pop("_check")
        result["healthver_test"] = {"claims": len(hv), "slice": f"seeded stratified slice of {args.hv_limit}",
                                    "gold_counts": {c: sum(s[2] == c for s in hv) for c in CLASSES},
                                    "candidates": cands}
    result["load_average"] = {"start": [round(x, 2) for x in load0], "end": [round(x, 2) for x in os.getloadavg()]}
    result["wall_minutes"] = round((time.time() - started) / 60, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    for k, c in result["candidates"].items():
        print(f"{k:55s} bal {c.get('balanced_accuracy')} {c.get('balanced_accuracy_ci')} F1 {c.get('macro_f1')} "
              f"cpu/min {c.get('claims_per_min_cpu')} wall/min {c.get('claims_per_min_wall')}")
    print("default:", result["default"], "fast:", result["fast"])


if __name__ == "__main__":
    main()
