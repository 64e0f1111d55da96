"""Fit τ of the stance cascade (engine/pipeline/cascade.py) for one model pair on SciFact train — the
seeded fit split of packaging/train_verifier.py (fit_ids(), seed 13, grouped by cited abstract as the
shipped classifier was fitted), never on dev — and ship it beside the pair in resources/models/cascade.json.

    .venv/bin/python packaging/fit_cascade.py [--llm qwen2.5-coder-1.5b] [--classifier minilm-verifier]
                                              [--claims 60] [--threads 1] [--dry-run]

Claims: the fit split's Supported and Refuted claims (gold evidence), a seeded balanced sample of
--claims (half each, fewer when a class runs out). Evidence as in the benchmark: the top 3 abstracts by
BM25 over the whole corpus (train_verifier.BM25). For each claim the classifier picks the windows and the
LLM scores them once (the log-odds do not depend on τ); τ is then the value over a grid of midpoints of
all log-odds that maximises the balanced accuracy of the cascade's own rule (cascade.decide) between
Supported and Refuted, a claim with no window counting as a miss; ties go to the τ nearest 0. The
figures and every claim's log-odds go to benchmarks/results/fit_cascade.json.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import train_verifier as tv  # noqa: E402 - the fit split and BM25 live there

OUT = tv.ROOT / "resources" / "models" / "cascade.json"
RESULTS = tv.ROOT / "benchmarks" / "results" / "fit_cascade.json"


def sample(train: list[dict], n: int) -> list[dict]:
    fit = tv.fit_ids(train)
    by = {tv.S: [], tv.R: []}
    for c in sorted(train, key=lambda c: c["id"]):
        label = tv.claim_label(c)
        if c["id"] in fit and label in by:
            by[label].append(c)
    rng = random.Random(tv.SEED)
    for v in by.values():
        rng.shuffle(v)
    refuted = by[tv.R][: n // 2]
    return sorted(by[tv.S][: n - len(refuted)] + refuted, key=lambda c: c["id"])


def score_claims(claims, corpus, classifier, llm) -> list[dict]:
    from factaudit.engine.pipeline import cascade
    from factaudit.engine.pipeline.classify import ClaimInput, ClassifyPassage, classify_claims

    tops = tv.BM25(corpus).top([c["claim"] for c in claims], k=tv.TOP_K)
    out = []
    for n, (c, top) in enumerate(zip(claims, tops), start=1):
        passages, texts = [], {}
        for d in top:
            sents = corpus[d]["sentences"]
            text, spans, pos = "", [], 0
            for s in sents:
                spans.append((pos, pos + len(s)))
                text += s + " "
                pos += len(s) + 1
            passages.append(ClassifyPassage(d, text, spans))
            texts[d] = text
        claim = ClaimInput(str(c["id"]), c["claim"], passages)
        result = classify_claims(classifier, [claim])[0]
        picked, seen = [], set()
        for i in cascade._bears(result, classifier.thresholds):
            pid = result.pairs[i][0]
            if pid not in seen:
                seen.add(pid)
                picked.append(i)
            if len(picked) == cascade.MAX_PASSAGES:
                break
        t0 = time.perf_counter()
        d = [cascade.log_odds(llm, c["claim"], texts[result.pairs[i][0]][result.pairs[i][1]:result.pairs[i][2]])[0]
             for i in picked]
        out.append({"id": c["id"], "gold": tv.claim_label(c), "log_odds": d, "seconds": time.perf_counter() - t0})
        print(f"{n}/{len(claims)} claim {c['id']} {out[-1]['gold']}: {len(d)} windows, "
              f"{out[-1]['seconds']:.1f} s", flush=True)
    return out


def fit(rows: list[dict]) -> tuple[float, float]:
    """τ maximising the balanced accuracy of cascade.decide over the rows (see the module docstring)."""
    import numpy as np

    from factaudit.engine.pipeline.cascade import WindowStance, decide

    values = sorted({x for r in rows for x in r["log_odds"]})
    grid = sorted({0.0, *[(a + b) / 2 for a, b in zip(values, values[1:])], *(v + 1e-9 for v in values)})

    def balanced(tau: float) -> float:
        recalls = []
        for label in (tv.S, tv.R):
            mine = [r for r in rows if r["gold"] == label]
            hit = 0
            for r in mine:
                if r["log_odds"]:
                    verdict, _ = decide([WindowStance("p", 0, 0, 0, 0, 1.0, x) for x in r["log_odds"]], tau)
                    hit += verdict == label
            recalls.append(hit / len(mine) if mine else 0.0)
        return float(np.mean(recalls))

    best = max(grid, key=lambda t: (balanced(t), -abs(t)))
    return float(best), balanced(best)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llm", default=None, help="registry name of the LLM (default: the embedded LLM)")
    ap.add_argument("--classifier", default=None, help="classifier name or folder (default: minilm-verifier)")
    ap.add_argument("--claims", type=int, default=60)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--grouped", action=argparse.BooleanOptionalAction, default=True,
                    help="the fit split grouped by cited abstract (as the shipped classifier was fitted)")
    ap.add_argument("--dry-run", action="store_true", help="write the results JSON, not resources/models/cascade.json")
    args = ap.parse_args(argv)
    tv.FIT_BY_ABSTRACT = args.grouped

    from factaudit.engine.models import classifier_registry, registry
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.models.llm import open_llm
    from factaudit.engine.services.cascade_verify import N_CTX, pair_name

    centry = classifier_registry.resolve_classifier(args.classifier)
    classifier = open_classifier(centry.path, name=centry.name, origin=centry.source, threads=args.threads)
    lentry = registry.resolve_llm(args.llm, None, n_ctx=N_CTX)
    llm = open_llm(lentry, n_threads=args.threads)
    train = tv.read_jsonl(tv.DATA / "scifact" / "claims_train.jsonl")
    claims = sample(train, args.claims)
    started = time.perf_counter()
    try:
        rows = score_claims(claims, tv.load_corpus(), classifier, llm)
    finally:
        llm.close()
    tau, bal = fit(rows)
    n_s = sum(r["gold"] == tv.S for r in rows)
    fitted_on = (f"SciFact train fit split (packaging/train_verifier.py fit_ids, seed {tv.SEED}, "
                 f"{'grouped by cited abstract' if args.grouped else 'by claim'}): {len(rows)} claims "
                 f"({n_s} Supported, {len(rows) - n_s} Refuted), BM25 top {tv.TOP_K}; balanced accuracy "
                 f"{bal:.3f} at this τ on the fit claims")
    name = pair_name(classifier.name, lentry.name)
    result = {"pair": name, "tau": tau, "balanced_accuracy_fit": bal, "fitted_on": fitted_on,
              "seconds": round(time.perf_counter() - started, 1), "threads": args.threads, "claims": rows}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"{name}: τ = {tau:+.4f}, balanced accuracy {bal:.3f} on {len(rows)} fit claims")
    if not args.dry_run:
        shipped = json.loads(OUT.read_text(encoding="utf-8")) if OUT.is_file() else {}
        shipped[name] = {"tau": tau, "fitted_on": fitted_on, "script": "packaging/fit_cascade.py"}
        OUT.write_text(json.dumps(shipped, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
