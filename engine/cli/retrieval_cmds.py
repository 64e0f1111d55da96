"""`factaudit retrieve` and `factaudit eval-retrieval`."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, open_to_record, progress_bar, say


@click.command("retrieve")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--retriever", default="bm25", show_default=True,
              help="bm25 | dense | dense:<model> | rrf:<r1>,<r2>,... (e.g. rrf:bm25,dense:minilm-l6)")
@click.option("--k", "k", default=10, show_default=True, type=click.IntRange(min=1), help="hits kept per claim")
@click.option("--model", help="embedder for a plain `dense` (registry name or folder; default minilm-l6)")
@click.option("--dataset", help="only the active claims of this dataset (default: all)")
@click.option("--corpus-dataset", multiple=True,
              help="only the passages of this dataset; repeat it for a union of corpus datasets (default: all)")
@click.option("--merge", type=click.Choice(["none", "conservative"]), default="none", show_default=True,
              help="conservative: keep the full query's top 3, fill the rest from sub-queries")
@click.option("--rrf-k", default=60.0, show_default=True, type=click.FloatRange(min=0), help="RRF constant")
@click.option("--rrf-depth", default=100, show_default=True, type=click.IntRange(min=1),
              help="hits read from each fused retriever")
@click.option("--dense-index", type=click.Choice(["flat", "hnsw"]), default="flat", show_default=True,
              help="flat = exact inner product; hnsw = approximate, for corpora over 200,000 passages")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def retrieve_cmd(project, retriever, k, model, dataset, corpus_dataset, merge, rrf_k, rrf_depth, dense_index,
                 as_json) -> None:
    """Retrieve evidence for every claim as a new immutable run."""
    with services.open_project(project) as p, progress_bar("retrieving", noun="claims") as bar:
        union = sorted(set(corpus_dataset))
        req = services.RetrievalRequest(retriever, k, model, dataset, union[0] if len(union) == 1 else None, merge,
                                        rrf_k, rrf_depth, dense_index, corpus_datasets=union if len(union) > 1 else None)
        res = services.retrieve(p, req, progress=bar)
    if as_json:
        emit_json(res.to_json())
        return
    cache = ", ".join(f"{name}: {status}" for name, status in res.cache.items())
    say(f"{res.run_id}: {res.retriever} top {res.k} for {res.n_queries} claims over {res.n_passages} "
               f"passages in {res.seconds:.1f} s (index {res.index_seconds:.1f} s; {cache})")


@click.command("eval-retrieval")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a finished retrieval run (retrieve-N or imported-N)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def eval_retrieval_cmd(project, run_id, as_json) -> None:
    """Recall, MRR, nDCG and coverage at k = 1, 5, 10 up to the run's k (and at the run's k) against gold
    evidence, with bootstrap intervals and per-category rows; a k=5 run has no @10 rows."""
    with open_to_record(project) as p:
        ev = services.eval_retrieval(p, run_id, intervals=True)
    for warning in ev.warnings:
        say(f"warning: {warning}", err=True)
    if as_json:
        emit_json(ev.to_json())
        return
    say(f"{ev.run_id} ({ev.retriever or 'imported'}): {ev.n_evaluated} claims evaluated, "
               f"{ev.n_excluded} without gold excluded")
    ks = sorted({int(key.split("@")[1]) for key in ev.metrics})
    names = ("ndcg", "recall", "mrr", "full_coverage", "doc_coverage")
    say(f"{'k':>4}  " + "  ".join(f"{n:>13}" for n in names))
    for k in ks:
        say(f"{k:>4}  " + "  ".join(_figure(ev.metrics[f"{n}@{k}"]) for n in names))
    top = f"@{max(ks)}" if ks else ""
    for n in ("recall", "mrr", "ndcg"):
        ci = ev.intervals.get(n + top)
        if ci:
            say(f"{n + top}: {ev.metrics[n + top]:.4f}, 95% bootstrap interval [{ci[0]:.4f}, {ci[1]:.4f}]")
    if ev.by_category:
        say(f"per category (n, recall{top}, mrr{top}, ndcg{top}):")
        for cat, row in ev.by_category.items():
            say(f"  {cat:<24} {row['n']:>5}  " + "  ".join(_figure(row["metrics"][n + top])
                                                          for n in ("recall", "mrr", "ndcg")))
    lat = ev.latency_ms
    if lat.get("p50") is not None:
        say(f"latency: P50 {lat['p50']:.1f} ms, P95 {lat['p95']:.1f} ms")
    else:
        say("latency: not recorded (imported run)")
    if ev.gold_coverage:
        say("gold coverage (claims whose gold passages are all / any in the corpus):")
        for name, row in ev.gold_coverage.items():
            if row["n"]:
                say(f"  {name:<24} {row['all']:.1%} all, {row['any']:.1%} any of {row['n']} claims")


def _figure(value: float) -> str:
    return f"{'n/a':>13}" if value != value else f"{value:>13.4f}"   # NaN: no claim had gold


COMMANDS = [retrieve_cmd, eval_retrieval_cmd]
