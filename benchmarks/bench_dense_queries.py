"""Dense query encoding: one encode call per claim (what a run did) against the run's batched priming,
for the same claims and model in the same session, alternating the two (the machine is shared).
Writes {"n_claims", "one_by_one_s", "batched_s", "speedup", "min_cosine"}.

    .venv/bin/python benchmarks/bench_dense_queries.py [--claims 300] [--repeats 3] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--claims", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "dense_queries.json")
    args = parser.parse_args()
    from factaudit.engine.models import embedders
    from factaudit.engine.retrieval.dense import DenseIndex, build_faiss
    from factaudit.engine.services.demo import demo_file

    claims = [json.loads(x)["claim"] for x in demo_file("scifact_claims_dev100.jsonl").read_text().splitlines()]
    texts = (claims * (args.claims // len(claims) + 1))[:args.claims]
    texts = [f"{t} ({i})" for i, t in enumerate(texts)]            # distinct, so nothing is deduplicated
    model = embedders.load_embedder(embedders.resolve_embedder("minilm-l6"))
    dim = model.get_sentence_embedding_dimension()
    index = DenseIndex(build_faiss(np.zeros((1, dim), dtype=np.float32), "flat"), ["p"], model)
    one, batched = [], []
    for _ in range(args.repeats):
        t = time.perf_counter()
        single = np.vstack([index.embed_query(x) for x in texts])
        one.append(time.perf_counter() - t)
        t = time.perf_counter()
        index.prime(texts)
        primed = np.vstack([index.embed_query(x) for x in texts])
        batched.append(time.perf_counter() - t)
        index._primed.clear()
    result = {
        "n_claims": len(texts), "repeats": args.repeats,
        "one_by_one_s": round(statistics.median(one), 3), "batched_s": round(statistics.median(batched), 3),
        "speedup": round(statistics.median(one) / statistics.median(batched), 2),
        "min_cosine": round(float(np.min(np.sum(single * primed, axis=1))), 7),
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
