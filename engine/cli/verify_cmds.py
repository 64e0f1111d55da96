"""`factaudit decompose`, `factaudit verify` and `factaudit models`."""
from __future__ import annotations

from pathlib import Path

import click
from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, run_job, say
from factaudit.engine.cli.options import llm_options, retrieval_options


@click.command("verify")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@retrieval_options("retrieval_run", "k", "limit", "dataset", overrides={
    "k": {"default": services.DEFAULT_K, "show_default": True, "help": None},
    "limit": {"help": "verify only the first N claims"}, "dataset": {"help": "only claims of this dataset"}})
@click.option("--strategy", type=click.Choice(services.VERIFY_STRATEGIES),
              help="classifier (fast verdicts, no reasoning), llm (verdicts with reasoning) or cascade (the "
                   "classifier picks the evidence windows, the LLM decides Supported vs Refuted on them); "
                   "default: by --model (a classifier, else an LLM)")
@click.option("--thresholds", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
              help="classifier only: JSON {\"supported\": x, \"refuted\": y} or {\"rule\": \"evidence_stance\", "
                   "\"evidence\": x, \"conflict\": y} overriding the model's fitted thresholds (pinned in the run)")
@click.option("--mode", type=click.Choice(services.VERIFY_MODES), default="joint", show_default=True)
@click.option("--resume", help="continue this cancelled or interrupted verify run (its config names its inputs)")
@click.option("--max-tokens", type=click.IntRange(16), default=200, show_default=True)
@click.option("--passage-words", type=click.IntRange(10), help="cap each passage at N words (pinned in the run)")
@click.option("--evidence", default=None, metavar="gold|whole|sentences:N|tokens:B",
              help="gold: verify each claim against its gold passages (the closed regime; no retrieval run). "
                   "Otherwise what the LLM reads of each passage: all of it, its N sentences best matching the "
                   f"claim by BM25, or the best sentences a budget of B tokens buys (default {services.DEFAULT_EVIDENCE}; "
                   "pinned in the run)")
@click.option("--evidence-source", type=click.Choice(services.VERIFY_EVIDENCE_SOURCES), default=None,
              help="where the passages come from (default: retrieval, or gold with --evidence gold); use it to "
                   "combine gold passages with an --evidence excerpt")
@click.option("--control", type=click.Choice(services.VERIFY_CONTROLS),
              help="no-evidence: the grounding control — the same verifier on the same claims with the "
                   "passages removed (metrics shows how many verdicts stay the same without evidence)")
@click.option("--scoring", type=click.Choice(services.VERIFY_SCORING), default="generate", show_default=True,
              help="generate: the model writes a JSON verdict; logprob: the four verdicts are scored by their "
                   "log-probabilities (joint mode, GGUF models; pinned in the run)")
@click.option("--calibration", default="none", show_default=True, metavar="none|contextual|FILE",
              help="for --scoring logprob: no calibration, contextual calibration with content-free inputs, or "
                   "per-verdict biases from a JSON file {\"bias\": {...}} (the biases are pinned in the run)")
@click.option("--llm-model", help="cascade only: the LLM of the model pair (default: the embedded LLM)")
@click.option("--tau", type=float, help="cascade only: threshold on log P(SUPPORTED) - log P(REFUTED) "
                                       "(default: the fitted value shipped with the model pair)")
@click.option("--reasoning", is_flag=True, help="cascade only: also write a short constrained reasoning per claim")
@llm_options("model", "endpoint", "seed", "temperature", "prompt", "prompt_cache", "reasoning_effort", "n_ctx",
             "n_threads", "timeout", "max_retries", "concurrency", "backoff_base", overrides={
                 "model": {"help": "default: the embedded classifier verifier minilm-verifier (fast verdicts, no "
                                   "reasoning); a classifier folder (local_models/ name or path), or an LLM for "
                                   "verdicts with reasoning: smollm2-135m, a local_models/ GGUF stem, a saved endpoint "
                                   "or a GGUF path; with --endpoint, the server's model name"},
                 "n_ctx": {"help": "context size for a GGUF model (default: min(trained, 8192))"}})
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def verify_cmd(project, retrieval, llm, strategy, thresholds, mode, resume, max_tokens, passage_words, evidence,
               evidence_source, control, scoring, calibration, llm_model, tau, reasoning, as_json) -> None:
    """Verify claims against their retrieved passages, or their gold passages (a pinned, resumable run):
    by default with the embedded classifier verifier; with an LLM (--model smollm2-135m, a GGUF, an
    endpoint) for verdicts with reasoning; or the stance cascade of both (--strategy cascade)."""
    if evidence == "gold":
        evidence, evidence_source = None, evidence_source or "gold"
    source = evidence_source or "retrieval"
    if not retrieval.retrieval_run and not resume and source != "gold":
        raise click.UsageError("give --retrieval-run RUN, --evidence gold, or --resume RUN to continue a run")
    req = services.build_request(services.VerifyRequest, llm=llm, retrieval=retrieval, mode=mode, max_tokens=max_tokens,
                passage_words=passage_words, evidence=evidence or services.DEFAULT_EVIDENCE, scoring=scoring,
                calibration=calibration, thresholds=thresholds, resume=resume, strategy=strategy,
                evidence_source=source, control=control, llm_model=llm_model, tau=tau, reasoning=reasoning)
    res = run_job(project, services.verify, req, label="verifying", noun="claims", as_json=as_json, retries=True)
    if res is None:
        return
    counts = ", ".join(f"{v} {k}" for k, v in sorted(res.verdict_counts.items())) or "none"
    say(f"{res.run_id}: {res.n_verdicts}/{res.n_claims} claims verified ({res.mode}, {res.model}) "
               f"in {res.seconds:.1f} s, {res.claims_per_s * 60:.1f} claims/min")
    if res.evidence_source == "gold":
        say("  evidence: each claim's gold passages (closed regime)")
    if res.control:
        say("  grounding control: the passages were removed (compare it with the real run in metrics)")
    say(f"  verdicts: {counts}; parse failures: {res.n_parse_failures}; trimmed evidence: {res.n_trimmed}"
               + (f"; retries: {res.retries}" if res.retries else ""))
    if res.no_verdict_reasons:
        said = {**services.CLOSED_REASONS, "did_not_parse": "output did not parse"}
        say("  without a verdict: " + ", ".join(f"{n} {said.get(r, r)}" for r, n in sorted(res.no_verdict_reasons.items())))
    if res.n_long_claims:
        say(f"  {res.n_long_claims} claims longer than the classifier's window, verified with longer pairs "
            "and shorter evidence windows")


@click.command("decompose")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--method", type=click.Choice(services.DECOMPOSE_METHODS), help="required for a new run")
@click.option("--dataset", help="only answers of this dataset")
@click.option("--limit", type=click.IntRange(1), help="only the first N answers")
@llm_options("model", "endpoint", "seed", "temperature", "prompt", "n_threads", overrides={
    "model": {"help": "registry name or GGUF path (llm method); with --endpoint the server's model name"},
    "endpoint": {"help": "base URL of an OpenAI-compatible server (llm method)"}, "n_threads": {"help": None}})
@click.option("--resume", help="finish this cancelled, failed or interrupted decompose run "
                              "(its config names its inputs)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def decompose_cmd(project, method, llm, dataset, limit, resume, as_json) -> None:
    """Split answers into claims (one per sentence, or atomic claims from an LLM)."""
    if not method and not resume:
        raise click.UsageError("give --method sentence|llm, or --resume RUN to finish a decompose run")
    req = services.build_request(services.DecomposeRequest, llm=llm, method=method or "sentence", dataset=dataset,
                                 limit=limit, resume=resume)
    res = run_job(project, services.decompose, req, label="decomposing", noun="answers", as_json=as_json)
    if res is None:
        return
    say(f"{res.run_id}: {res.n_sentences} sentences of {res.n_items} answers → {res.n_claims} claims "
               f"({res.method}) in {res.seconds:.1f} s"
               + (f" ({res.n_new_items} answers in this session)" if res.n_new_items != res.n_items else ""))
    if res.n_retired:
        say(f"  {res.n_retired} claims of an earlier decomposition were retired (kept, inactive)")
    if res.n_fallbacks:
        say(f"  {res.n_fallbacks} sentences kept whole because the model's reply did not parse")


@click.command("models")
@click.option("--hash", "with_hash", is_flag=True, help="include each file's sha256 (cached after the first time)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def models_cmd(with_hash: bool, as_json: bool) -> None:
    """List the verifier models: LLMs (embedded, local_models/ GGUFs, saved endpoints) and classifiers
    (embedded minilm-verifier, classification folders in local_models/), with the RAM fit check."""
    entries = services.llm_models()
    classifiers = services.classifier_models()
    if as_json:
        emit_json([e.to_json(with_hash=with_hash) for e in entries]
                  + [e.to_json() for e in classifiers])   # a classifier's pin hashes each of its files
        return
    for e in classifiers:
        if e.size_bytes is None:   # a folder that looks like a classifier but cannot be used
            say(f"{e.name:<28} classifier {e.source:<9} {e.note}")
            continue
        labels = ", ".join(f"{k}->{v}" for k, v in e.extra["labels_map"].items())
        fit = "?" if e.fits is None else ("fits" if e.fits else "does NOT fit")
        say(f"{e.name:<28} classifier {e.source:<9} {e.size_bytes / 2**20:.0f} MB  "
                   f"RAM {(e.ram_needed_bytes or 0) / 2**30:.2f}/{(e.ram_total_bytes or 0) / 2**30:.1f} GB {fit}  "
                   f"labels {labels}")
        if e.note:
            say(f"{'':<28} {e.note}")
    for e in entries:
        if e.is_endpoint:
            say(f"{e.name:<28} endpoint  {e.base_url} model={e.model_name}")
            continue
        size = f"{(e.size_bytes or 0) / 2**20:.0f} MB"
        fit = "?" if e.fits is None else ("fits" if e.fits else "does NOT fit")
        need = f"{(e.ram_needed_bytes or 0) / 2**30:.2f}"
        total = f"{(e.ram_total_bytes or 0) / 2**30:.1f}"
        say(f"{e.name:<28} {e.source:<9} {e.quantization or '?':<7} ctx {e.context_length or '?':<6} {size:>8}  "
                   f"RAM {need}/{total} GB {fit}" + (f"  sha256 {e.sha256()}" if with_hash else ""))
        if e.note:
            say(f"{'':<28} {e.note}")


COMMANDS = [decompose_cmd, verify_cmd, models_cmd]
