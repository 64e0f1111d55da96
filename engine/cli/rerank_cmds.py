"""The rerank stage: `factaudit rerank` (issue #34 item 3)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import handle_errors, run_job, say


@click.command("rerank")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--retrieval-run", required=True, help="the retrieval run whose top N passages are reranked")
@click.option("--top-n", type=click.IntRange(1, 1000), default=20, show_default=True,
              help="first-stage passages per claim that the cross-encoder rescores")
@click.option("--k", type=click.IntRange(1, 1000), help="passages kept per claim (default: N)")
@click.option("--model", help="the cross-encoder: a classifier verifier (default: the embedded minilm-verifier), "
                              "a classification folder in local_models/ or a path")
@click.option("--threads", "n_threads", type=click.IntRange(1), help="ONNX threads (default: the free cores)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def rerank_cmd(project, retrieval_run, top_n, k, model, n_threads, as_json) -> None:
    """Rerank a retrieval run's top N passages per claim with a cross-encoder, as a new retrieve run."""
    req = services.RerankRequest(retrieval_run=retrieval_run, top_n=top_n, k=k, model=model, n_threads=n_threads)
    res = run_job(project, services.rerank_run, req, label="reranking", noun="claims", as_json=as_json)
    if res is None:
        return
    say(f"{res.run_id}: {res.n_queries} claims, top {res.top_n} of {res.source_run} reranked by {res.model}, "
        f"k={res.k}, in {res.seconds:.1f} s")
    if res.n_long_claims:
        say(f"  {res.n_long_claims} claims too long for the model kept their first-stage order")


COMMANDS = [rerank_cmd]
