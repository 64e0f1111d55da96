"""Retrieval benchmark. Writes benchmarks/results/retrieval.json with machine info.

Sections (each can be skipped):
- bm25_vs_rank_bm25: SciFact (5,183 abstracts, 300 dev claims). bm25s index build and query
  throughput against rank_bm25's BM25Okapi on exactly the same tokens and queries (ratio), with the
  nDCG@10 of both as a sanity check.
- dense: MiniLM (embedded, CPU, torch) encoding passages/s on SciFact abstracts (`--dense-passages N`,
  0 = all), and FAISS query latency (exact inner product at 5,183 and `--faiss-n` vectors, HNSW at
  `--faiss-n` with `--hnsw`).
- quality (`--quality`): SciFact nDCG@10 through the engine (import, retrieve runs, eval-retrieval)
  for BM25, dense MiniLM, RRF(BM25, MiniLM) and BM25 with the conservative merge. The dense index is
  cached in the work folder (`--workdir`), so a second call is fast.
- bm25_scale: BM25 on `--scale` generated passages (default 1,000,000; 0 skips): factaudit's build
  (`bm25_build_s`, `bm25_peak_rss_mib`) and raw bm25s' (tokenize to ids + BM25.index) on the same
  texts in the same run, each in its own child process so each peak RSS is its own; queries/s of
  both and the projected time of a MedExpert-scale load (27,751 claims x top-10). The text is
  generated words, for scale only, never for quality.

Usage: python benchmarks/bench_retrieval.py [--quality] [--scale N] [--dense-passages N] [--hnsw]
       python benchmarks/bench_retrieval.py --skip bm25 dense --scale 1000000 --out benchmarks/results/bm25_scale.json
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
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCIFACT = ROOT.parent / "shared" / "datasets" / "scifact"
OUT = ROOT / "benchmarks" / "results" / "retrieval.json"


def machine_info() -> dict:
    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    libs = {}
    for n in ("bm25s", "PyStemmer", "rank-bm25", "faiss-cpu", "sentence-transformers", "torch", "numpy"):
        try:
            libs[n] = version(n)
        except PackageNotFoundError:
            libs[n] = None
    return {"platform": platform.platform(), "python": platform.python_version(), "cpu": cpu,
            "cpus": os.cpu_count(), "memory_gib": mem, "load_average_at_start": list(os.getloadavg()),
            "libraries": libs, "torch_threads": _torch_threads()}


def _torch_threads():
    try:
        import torch

        return torch.get_num_threads()
    except ImportError:
        return None


def load_scifact():
    corpus = [json.loads(line) for line in (SCIFACT / "corpus.jsonl").read_text().splitlines() if line.strip()]
    claims = [json.loads(line) for line in (SCIFACT / "claims_dev.jsonl").read_text().splitlines() if line.strip()]
    ids = [str(d["doc_id"]) for d in corpus]
    texts = [f"{d['title']} {' '.join(s.strip() for s in d['abstract'])}" for d in corpus]
    gold = {}
    for c in claims:
        g = {str(d) for d in c.get("evidence", {})} or {str(d) for d in c.get("cited_doc_ids", [])}
        gold[str(c["id"])] = g
    return ids, texts, [(str(c["id"]), c["claim"]) for c in claims], gold


def ndcg10(ranked: dict, gold: dict) -> float:
    from factaudit.engine.metrics.retrieval import evaluate

    return evaluate(ranked, gold, ks=(10,)).metrics["ndcg@10"]


def bench_bm25(k: int = 10) -> dict:
    import bm25s
    from rank_bm25 import BM25Okapi

    from factaudit.engine.retrieval.bm25 import B, K1, METHOD, tokenize, top_k

    ids, texts, claims, gold = load_scifact()
    t0 = time.perf_counter()
    doc_tokens = tokenize(texts)
    t_tok = time.perf_counter() - t0
    q_tokens = tokenize([t for _, t in claims])

    t0 = time.perf_counter()
    retriever = bm25s.BM25(k1=K1, b=B, method=METHOD)
    retriever.index(doc_tokens, show_progress=False)
    t_index_bm25s = time.perf_counter() - t0

    t0 = time.perf_counter()
    okapi = BM25Okapi(doc_tokens, k1=K1, b=B)
    t_index_rank = time.perf_counter() - t0

    # Same tokens, same queries, one query at a time (as a run does), top 10.
    t0 = time.perf_counter()
    ranked_s = {}
    for (cid, _), toks in zip(claims, q_tokens):
        known = retriever.get_tokens_ids(toks)
        scores = retriever.get_scores_from_ids(known) if known else np.zeros(len(ids))
        ranked_s[cid] = [p for p, _ in top_k(np.asarray(scores, dtype=np.float64), ids, k)]
    t_query_bm25s = time.perf_counter() - t0

    t0 = time.perf_counter()
    docs_batch, _ = retriever.retrieve([t if t else [""] for t in q_tokens], k=k, show_progress=False)
    t_query_bm25s_batch = time.perf_counter() - t0

    t0 = time.perf_counter()
    ranked_r = {}
    for (cid, _), toks in zip(claims, q_tokens):
        ranked_r[cid] = [p for p, _ in top_k(np.asarray(okapi.get_scores(toks)), ids, k)]
    t_query_rank = time.perf_counter() - t0

    # Whole builds on real text (about a quarter of the abstracts are not ASCII): factaudit's bulk
    # index against bm25s.tokenize to ids + BM25.index, alternated twice, best of each.
    import Stemmer

    from factaudit.engine.retrieval.bm25 import BM25Index

    builds: dict[str, list[float]] = {"factaudit": [], "bm25s": []}
    for _ in range(2):
        t0 = time.perf_counter()
        BM25Index.build(ids, texts)
        builds["factaudit"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        raw = bm25s.BM25(k1=K1, b=B, method=METHOD)
        raw.index(bm25s.tokenize(texts, stopwords="en", stemmer=Stemmer.Stemmer("english"), show_progress=False),
                  show_progress=False)
        builds["bm25s"].append(time.perf_counter() - t0)
    n = len(claims)
    return {
        "corpus": "SciFact corpus (5,183 abstracts, title + abstract)", "queries": n, "k": k,
        "build_s": {"factaudit": round(min(builds["factaudit"]), 3), "bm25s_tokenize_ids_and_index":
                    round(min(builds["bm25s"]), 3),
                    "ratio_factaudit_over_bm25s": round(min(builds["factaudit"]) / min(builds["bm25s"]), 3)},
        "tokenize_corpus_s": round(t_tok, 3),
        "bm25s": {"index_s": round(t_index_bm25s, 3), "query_s": round(t_query_bm25s, 3),
                  "queries_per_s": round(n / t_query_bm25s, 1), "batch_query_s": round(t_query_bm25s_batch, 3),
                  "ndcg@10": round(ndcg10(ranked_s, gold), 4)},
        "rank_bm25": {"class": "BM25Okapi", "index_s": round(t_index_rank, 3), "query_s": round(t_query_rank, 3),
                      "queries_per_s": round(n / t_query_rank, 1), "ndcg@10": round(ndcg10(ranked_r, gold), 4)},
        "ratio_query_rank_bm25_over_bm25s": round(t_query_rank / t_query_bm25s, 1),
        "ratio_index_rank_bm25_over_bm25s": round(t_index_rank / t_index_bm25s, 2),
    }


def bench_dense(n_passages: int, faiss_n: int, hnsw: bool) -> dict:
    import faiss

    from factaudit.engine.models.embedders import load_embedder, resolve_embedder
    from factaudit.engine.retrieval.dense import build_faiss, encode

    ids, texts, claims, _ = load_scifact()
    if n_passages:
        texts = texts[:n_passages]
    model = load_embedder(resolve_embedder("minilm-l6"))
    model.encode(["warm up"])
    t0 = time.perf_counter()
    vecs = encode(model, texts)
    t_enc = time.perf_counter() - t0
    t0 = time.perf_counter()
    qv = encode(model, [t for _, t in claims], label="embedding queries")
    t_q = time.perf_counter() - t0
    out = {"model": "all-MiniLM-L6-v2 (embedded), torch fp32, CPU", "passages": len(texts),
           "encode_s": round(t_enc, 2), "passages_per_s": round(len(texts) / t_enc, 1),
           "queries_per_s_batched": round(len(claims) / t_q, 1), "faiss": []}

    def latency(index, queries: np.ndarray, k: int = 10) -> dict:
        per = []
        for q in queries:
            t0 = time.perf_counter()
            index.search(q.reshape(1, -1), k)
            per.append((time.perf_counter() - t0) * 1000)
        return {"p50_ms": round(float(np.percentile(per, 50)), 3), "p95_ms": round(float(np.percentile(per, 95)), 3)}

    rng = np.random.default_rng(0)
    dim = vecs.shape[1]
    base = vecs if len(vecs) >= 5183 else np.vstack([vecs, _unit(rng.standard_normal((5183 - len(vecs), dim)))])
    out["faiss"].append({"index": "flat", "vectors": len(base), **latency(build_faiss(base, "flat"), qv)})
    # Uniform random vectors in 384 dimensions have no neighbourhood structure (every point is about
    # equally far from a query), which no approximate index handles; real embeddings cluster. So the
    # large set is clustered around the real passage vectors: each point = a real vector plus Gaussian
    # noise (cosine about 0.8 to its centre), and the queries are the real claim vectors.
    centres = vecs[rng.integers(0, len(vecs), size=faiss_n)]
    big = _unit(centres + 0.75 * rng.standard_normal((faiss_n, dim)).astype(np.float32) / np.sqrt(dim))
    del centres
    synthetic = f"{len(vecs)} real SciFact passage vectors + noise (cosine ~0.8 to the centre); real claim queries"
    flat = build_faiss(big, "flat")
    out["faiss"].append({"index": "flat", "vectors": faiss_n, "data": synthetic, **latency(flat, qv)})
    if hnsw:
        t0 = time.perf_counter()
        h = build_faiss(big, "hnsw")
        t_b = time.perf_counter() - t0
        _, exact = flat.search(qv, 10)
        _, approx = h.search(qv, 10)
        recall = np.mean([len(set(a) & set(e)) / 10 for a, e in zip(approx, exact)])
        out["faiss"].append({"index": "hnsw", "M": 32, "efSearch": h.hnsw.efSearch, "vectors": faiss_n,
                             "data": synthetic, "build_s": round(t_b, 1),
                             "recall@10_vs_flat": round(float(recall), 3), **latency(h, qv)})
    out["faiss_threads"] = faiss.omp_get_max_threads()
    return out


def _unit(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def bench_quality(workdir: Path) -> dict:
    from factaudit.engine.project.db import Project
    from factaudit.engine.services import import_files, retrieval

    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "scifact.faproj"
    if not path.exists():
        with Project.create(path) as p:
            import_files(p, [SCIFACT / "corpus.jsonl", SCIFACT / "claims_dev.jsonl"], fmt="scifact",
                         dataset="scifact", split="dev")
    out = {"data": "SciFact dev (300 claims = the BEIR test set), 5,183 abstracts, gold = evidence docs, "
                   "else cited docs (339 pairs)", "runs": {}}
    with Project.open(path) as p:
        for label, kw in [("bm25", {"retriever": "bm25"}), ("dense:minilm-l6", {"retriever": "dense"}),
                          ("rrf:bm25,dense:minilm-l6", {"retriever": "rrf:bm25,dense:minilm-l6"}),
                          ("bm25+conservative", {"retriever": "bm25", "merge": "conservative"}),
                          ("rrf+conservative", {"retriever": "rrf:bm25,dense:minilm-l6", "merge": "conservative"})]:
            def progress(done, total, message=""):
                if total and done == total:
                    print(f"  {label}: {message} {done}/{total}", file=sys.stderr)

            res = retrieval.retrieve(p, retrieval.RetrievalRequest(k=10, **kw), progress=progress)
            ev = retrieval.eval_retrieval(p, res.run_id)
            out["runs"][label] = {"run_id": res.run_id, "seconds": res.seconds, "index_seconds": res.index_seconds,
                                  "cache": res.cache, "n_evaluated": ev.n_evaluated,
                                  "latency_ms": {k: round(v, 3) for k, v in ev.latency_ms.items()},
                                  **{m: round(ev.metrics[m], 4) for m in
                                     ("ndcg@10", "recall@10", "mrr@10", "full_coverage@10", "ndcg@1", "recall@5")}}
            print(f"{label}: nDCG@10 {ev.metrics['ndcg@10']:.4f}", file=sys.stderr)
    return out


# ---- scale: each side in a child process, so ru_maxrss is that side's own peak ------------------------
BASELINE_1M = {"build_s": 228.2, "peak_rss_mib": 3423.0, "measured": "2026-11-30T11:24:53Z",
               "what": "factaudit before bulk indexing (bm25s.tokenize to strings per 20,000-passage chunk, then "
                       "bm25s.BM25.index), same generated passages"}


def generate_scale_texts(n: int, folder: Path, n_queries: int = 1000) -> tuple[Path, Path, float]:
    """The generated passages (one per line) and queries, written once and read by both children.
    Same generator and seed as every earlier scale figure, so the texts are the same."""
    rng = np.random.default_rng(42)
    vocab_size = 50_000
    syll = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qu", "do", "fe", "gi", "ha", "ju"]
    words = np.array([_spell(i, syll) for i in range(vocab_size)])
    probs = 1.0 / np.arange(1, vocab_size + 1) ** 1.07       # Zipf-like word frequencies
    probs /= probs.sum()
    lengths = rng.integers(30, 90, size=n)
    t0 = time.perf_counter()
    flat = rng.choice(vocab_size, size=int(lengths.sum()), p=probs)
    folder.mkdir(parents=True, exist_ok=True)
    passages, queries = folder / f"passages-{n}.txt", folder / f"queries-{n}.txt"
    pos = 0
    with passages.open("w", encoding="utf-8") as f:
        for L in lengths:
            f.write(" ".join(words[flat[pos:pos + L]]) + "\n")
            pos += L
    del flat
    with queries.open("w", encoding="utf-8") as f:
        for _ in range(n_queries):
            f.write(" ".join(words[rng.choice(vocab_size, size=int(rng.integers(4, 10)), p=probs)]) + "\n")
    return passages, queries, time.perf_counter() - t0


def _cpu_s() -> float:
    """CPU seconds of this process: on a shared machine the wall clock also counts other loads."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _peak_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0)


def scale_child(mode: str, passages: Path, queries: Path, k: int = 10) -> dict:
    """One side of the scale benchmark: `factaudit` (BM25Index.build, primed queries) or `bm25s`
    (bm25s.tokenize to ids + bm25s.BM25.index; queries tokenized as strings, one get_scores each)."""
    # Line by line: reading the file as one string first would put 400 MB more on the peak.
    with passages.open(encoding="utf-8") as f:
        texts = [line.rstrip("\n") for line in f]
    with queries.open(encoding="utf-8") as f:
        qs = [line.rstrip("\n") for line in f]
    ids = [f"g{i}" for i in range(len(texts))]
    rss_before = _peak_mib()
    if mode == "factaudit":
        from factaudit.engine.retrieval.bm25 import BM25Index

        t0, c0 = time.perf_counter(), _cpu_s()
        idx = BM25Index.build(ids, texts)
        t_build, c_build = time.perf_counter() - t0, _cpu_s() - c0
        peak = _peak_mib()
        t0 = time.perf_counter()
        idx.prime(qs)
        results = [idx.search(q, k) for q in qs]
        t_q = time.perf_counter() - t0
    else:
        import bm25s
        import Stemmer

        from factaudit.engine.retrieval.bm25 import B, K1, METHOD, top_k

        stemmer = Stemmer.Stemmer("english")
        t0, c0 = time.perf_counter(), _cpu_s()
        tokens = bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, show_progress=False)
        retriever = bm25s.BM25(k1=K1, b=B, method=METHOD)
        retriever.index(tokens, show_progress=False)
        t_build, c_build = time.perf_counter() - t0, _cpu_s() - c0
        peak = _peak_mib()
        t0 = time.perf_counter()
        q_tokens = bm25s.tokenize(qs, stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)
        results = []
        for toks in q_tokens:
            known = retriever.get_tokens_ids(toks)
            scores = retriever.get_scores_from_ids(known) if known else np.zeros(len(ids), dtype=np.float32)
            results.append(top_k(scores, ids, k))
        t_q = time.perf_counter() - t0
    return {"passages": len(texts), "build_s": round(t_build, 1), "build_cpu_s": round(c_build, 1),
            "peak_rss_mib": peak,
            "rss_before_build_mib": rss_before, "queries": len(qs), "queries_per_s": round(len(qs) / t_q, 1),
            "top1": [r[0][0] if r else None for r in results]}


def bench_scale(n: int, workdir: Path) -> dict:
    print(f"  generating {n:,} passages...", file=sys.stderr)
    passages, queries, t_gen = generate_scale_texts(n, workdir)
    out: dict = {"passages": n, "text": "generated: 30-89 words per passage drawn from a 50,000-word vocabulary "
                 "with Zipf frequencies (seed 42), ASCII; for scale only, never for quality",
                 "generate_s": round(t_gen, 1), "load_average_at_start": list(os.getloadavg())}
    sides = {}
    for mode in ("bm25s", "factaudit"):
        print(f"  {mode}...", file=sys.stderr)
        proc = subprocess.run([sys.executable, __file__, "--_scale-child", mode, str(passages), str(queries)],
                              capture_output=True, text=True, check=True)
        sides[mode] = json.loads(proc.stdout.strip().splitlines()[-1])
    ours, raw = sides["factaudit"], sides["bm25s"]
    same = [a == b for a, b in zip(ours.pop("top1"), raw.pop("top1"))]
    medexpert = 27_751
    out.update({
        "bm25_build_s": ours["build_s"], "bm25_peak_rss_mib": ours["peak_rss_mib"],
        "bm25_build_cpu_s": ours["build_cpu_s"],
        "raw_bm25s_build_s": raw["build_s"], "raw_bm25s_build_cpu_s": raw["build_cpu_s"],
        "raw_bm25s_peak_rss_mib": raw["peak_rss_mib"],
        "ratio_build_factaudit_over_bm25s": round(ours["build_s"] / raw["build_s"], 3),
        "ratio_build_cpu_factaudit_over_bm25s": round(ours["build_cpu_s"] / raw["build_cpu_s"], 3),
        "ratio_peak_rss_factaudit_over_bm25s": round(ours["peak_rss_mib"] / raw["peak_rss_mib"], 3),
        "build_includes": "tokenize + stem + index (texts already in memory; peak RSS includes them)",
        "factaudit": ours, "bm25s": raw, "same_top1_share": round(sum(same) / len(same), 4),
        "medexpert_27751_queries_projected_s": round(medexpert / ours["queries_per_s"], 1),
        "baseline_before_this_change": BASELINE_1M if n == 1_000_000 else None,
        "load_average_at_end": list(os.getloadavg()),
    })
    passages.unlink()
    queries.unlink()
    return out


def _spell(i: int, syll: list[str]) -> str:
    out = []
    i += len(syll)   # at least two syllables, so every word is a token
    while i:
        i, r = divmod(i, len(syll))
        out.append(syll[r])
    return "".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quality", action="store_true", help="SciFact nDCG@10 of BM25, MiniLM and RRF via the engine")
    ap.add_argument("--workdir", type=Path, default=Path("/tmp/factaudit-bench"))
    ap.add_argument("--scale", type=int, default=1_000_000, help="generated passages for BM25 at scale (0 skips)")
    ap.add_argument("--dense-passages", type=int, default=1000, help="abstracts to encode (0 = all 5,183)")
    ap.add_argument("--faiss-n", type=int, default=200_000)
    ap.add_argument("--hnsw", action="store_true", help="also build HNSW over --faiss-n vectors")
    ap.add_argument("--skip", nargs="*", default=[], choices=["bm25", "dense"])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--_scale-child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args._scale_child:
        mode, passages, queries = args._scale_child
        print(json.dumps(scale_child(mode, Path(passages), Path(queries))))
        return

    results = {"machine": machine_info(), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    previous = json.loads(args.out.read_text()) if args.out.is_file() else {}
    if "bm25" not in args.skip:
        print("bm25s vs rank_bm25 on SciFact...", file=sys.stderr)
        results["bm25_vs_rank_bm25"] = bench_bm25()
    if "dense" not in args.skip:
        print("dense encoding and FAISS...", file=sys.stderr)
        results["dense"] = bench_dense(args.dense_passages, args.faiss_n, args.hnsw)
    if args.quality:
        print("SciFact quality through the engine...", file=sys.stderr)
        results["quality"] = bench_quality(args.workdir)
    if args.scale:
        print(f"BM25 on {args.scale:,} generated passages (bm25s and factaudit, one child process each)...",
              file=sys.stderr)
        results["bm25_scale"] = bench_scale(args.scale, args.workdir)
    # Sections not run this time keep their earlier figures, marked with the run they came from.
    for key in ("bm25_vs_rank_bm25", "dense", "quality", "bm25_scale"):
        if key not in results and key in previous:
            section = previous[key]
            results[key] = {**section, "from_earlier_run": section.get("from_earlier_run", previous.get("started"))}
    results["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
