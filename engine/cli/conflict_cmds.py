"""`factaudit aggregate`: conflict-aware answering runs (variants, ablations, the oracle)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, run_job, say
from factaudit.engine.cli.options import llm_options


def _fmt(v, ci) -> str:
    if v is None:
        return "n/a"
    return f"{v:.4f}" + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else "")


@click.command("aggregate")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--dataset", help="a dataset whose items carry their own documents (e.g. RAMDocs)")
@click.option("--retrieval-run", help="use this retrieval run's top-k passages as each question's documents")
@click.option("--variant", type=click.Choice(services.CONFLICT_VARIANTS), default="full", show_default=True,
              help="oracle reads the documents' gold answers: privileged, not deployable")
@click.option("--k", "k", type=click.IntRange(1, 100), default=5, show_default=True,
              help="documents per question with --retrieval-run")
@click.option("--limit", type=click.IntRange(1), help="answer only the first N items")
@click.option("--lexicon", type=click.Path(dir_okay=False, path_type=Path),
              help="equivalence lexicon (YAML/JSON {canonical: [synonyms]}); pinned in the run")
@click.option("--resume", help="continue this cancelled or interrupted aggregate run (its config names its inputs)")
@click.option("--max-tokens", type=click.IntRange(16), default=120, show_default=True)
@click.option("--doc-words", type=click.IntRange(10), default=180, show_default=True,
              help="cap each document at N words in prompts (pinned)")
@llm_options("model", "endpoint", "seed", "temperature", "prompt", "n_ctx", "n_threads", "timeout", "max_retries",
             "concurrency", overrides={"seed": {"help": "the model's seed"}, "n_threads": {"help": "llama.cpp threads"},
                                       "max_retries": {"help": None}})
@click.option("--resamples", type=click.IntRange(100, 1_000_000), default=1000, show_default=True,
              help="bootstrap resamples for the intervals")
@click.option("--bootstrap-seed", type=int, default=13, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def aggregate_cmd(project, dataset, retrieval_run, variant, llm, k, limit, lexicon, resume, max_tokens, doc_words,
                  resamples, bootstrap_seed, as_json) -> None:
    """Answer items from their documents with conflict awareness (extraction, repair, grouping, aggregation)."""
    if not (dataset or retrieval_run or resume):
        raise click.UsageError("give --dataset NAME or --retrieval-run RUN, or --resume RUN")
    req = services.build_request(
        services.AggregateRequest, llm=llm, variant=variant, dataset=dataset, retrieval_run=retrieval_run, k=k,
        limit=limit, lexicon=str(lexicon) if lexicon else None, resume=resume, max_tokens=max_tokens,
        doc_words=doc_words, n_resamples=resamples, bootstrap_seed=bootstrap_seed)
    res = run_job(project, services.aggregate, req, label="answering", noun="items", as_json=as_json, retries=True,
                  to_json=lambda r: r.contract_json())
    if res is None:
        return
    say(f"{res.run_id}: {res.variant} on {res.n_items} items ({res.n_conflict} conflict items) in "
               f"{res.seconds:.1f} s" + (f", {res.model_calls} model calls ({res.model})" if res.model else ""))
    if res.privileged:
        say(f"  NOTE: {res.privileged}")
    say(f"  abstained on {res.n_abstained} of {res.n_items} items")
    if res.n_items and res.n_abstained == res.n_items:
        say("  warning: every item abstained, so every figure below is 0 or undefined "
                   "and says nothing about how well the variant answers")
    for m in services.CONFLICT_METRICS:
        say(f"  {m:<24} {_fmt(res.metrics[m], res.intervals.get(m))}")
    say(f"  95% intervals: {res.n_resamples} bootstrap resamples, seed {res.seed}")


def echo_aggregate_figures(c: dict) -> None:
    """`factaudit metrics` on an aggregate run: the five metrics, then each breakdown's groups."""
    say(f"{c['run_id']} ({c['variant']}): {c['n_items']} items answered, {c['n_conflict']} with conflicting "
        f"evidence, {c['n_unanswered']} not answered")
    if c.get("note"):
        say(f"  note: {c['note']}")
    for m in services.CONFLICT_METRICS:
        say(f"  {m:<24} {_fmt(c['metrics'][m], c['intervals'].get(m))}")
    for name, by_group in c["breakdown"].items():
        say(f"  by {name.replace('_', ' ')} (n, strict accuracy, conflict-aware success):")
        for group, g in by_group.items():
            say(f"    {group:<14} {g['n_items']:>5}  {_fmt(g['metrics']['strict_accuracy'], None)}  "
                f"{_fmt(g['metrics']['conflict_aware_success'], None)}")


def echo_comparison(comp, as_json: bool) -> None:
    """`factaudit compare` on aggregate runs."""
    if as_json:
        emit_json(comp.to_json())
        return
    say(f"{len(comp.runs)} aggregate runs on {comp.n_shared} shared items ({comp.note})")
    for r in comp.runs:
        m = comp.scores[r]
        ci = comp.intervals.get(r, {})
        say(f"  {r:<14} {comp.variants[r] or '?':<24} strict {_fmt(m['strict_accuracy'], ci.get('strict_accuracy'))}  "
                   f"conflict-aware success {_fmt(m['conflict_aware_success'], ci.get('conflict_aware_success'))}")
    for t in comp.sign_tests:
        p = "n/a" if t["p_value"] is None else f"{t['p_value']:.4f}"
        say(f"  {t['a']} vs {t['b']} {t['metric']}: {t['a_only']} vs {t['b_only']} discordant items, "
                   f"sign test p = {p}")


COMMANDS = [aggregate_cmd]
