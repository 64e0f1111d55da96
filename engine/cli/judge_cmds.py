"""`factaudit judge` (LLM pre-labels), `factaudit induce` (an induction round) and
`factaudit induction` (decide proposals, close a round, draw the saturation plot)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, run_job, say
from factaudit.engine.cli.options import llm_options


@click.command("judge")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run", help="a retrieval run (--target evidence) or a verify run (--target reasoning)")
@click.option("--target", type=click.Choice(services.JUDGE_TARGETS), default="evidence", show_default=True)
@click.option("--mode", type=click.Choice(services.JUDGE_MODES), default="care", show_default=True,
              help="care: rate one passage seeing the whole list; direct: one passage alone; "
                   "indirect: answer from one passage and infer polarity")
@click.option("--with-gold", is_flag=True, help="show the judge the gold verdict / gold answer")
@click.option("--k", "k", type=click.IntRange(1, 100),
              help=f"top-k passages per claim (default: the verify run's k for reasoning, else {services.DEFAULT_K})")
@click.option("--limit", type=click.IntRange(0), help="judge only the first N claims")
@click.option("--queue-order", "order_by", metavar="VERIFY_RUN",
              help="take the claims in the labeling queue's order for this verify run (its disagreements first), "
                   "so --limit pre-labels the units labeling shows next")
@click.option("--dataset", help="only claims of this dataset")
@click.option("--dimensions", help="comma-separated dimension ids (default: all of the target's)")
@click.option("--resume", help="continue this cancelled or interrupted judge run")
@click.option("--max-tokens", type=click.IntRange(16), default=120, show_default=True)
@click.option("--passage-words", type=click.IntRange(10), help="cap each passage at N words (pinned in the run)")
@llm_options("model", "endpoint", "seed", "temperature", "prompt", "prompt_cache", "reasoning_effort", "n_ctx",
             "n_threads", overrides={
    "model": {"help": "registry name (qwen2.5-coder-1.5b, smollm2-135m, a local_models/ stem, a saved endpoint) or "
                      "a GGUF path; with --endpoint, the server's model name"},
    "endpoint": {"help": "base URL of an OpenAI-compatible server"},
    "prompt_cache": {"help": "reuse llama.cpp's cached prompt prefix (much faster in care mode; may change greedy "
                             "output)"}})
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def judge_cmd(project, run, target, mode, with_gold, k, limit, order_by, dataset, dimensions, resume, max_tokens,
              passage_words, llm, as_json) -> None:
    """Pre-label evidence pairs or verifier reasoning with an LLM (a pinned, resumable judge run)."""
    if not run and not resume:
        raise click.UsageError("give --run RUN, or --resume RUN to continue a judge run")
    dims = [d.strip() for d in dimensions.split(",") if d.strip()] if dimensions else None
    req = services.build_request(services.JudgeRequest, llm=llm, run=run, target=target, mode=mode,
                                 with_gold=with_gold, k=k, limit=limit, dataset=dataset, dimensions=dims,
                                 max_tokens=max_tokens, passage_words=passage_words, resume=resume, order_by=order_by)
    res = run_job(project, services.judge, req, label="judging", noun="units", as_json=as_json)
    if res is None:
        return
    say(f"{res.run_id}: {res.n_done}/{res.n_units} {res.target} units judged ({res.mode}"
               f"{', with gold' if res.with_gold else ''}, {res.model}) in {res.seconds:.1f} s, "
               f"{res.units_per_min:.1f} units/min; parse failures: {res.n_parse_failures}")
    say(f"  annotator {res.annotator}, codebook v{res.codebook_version}, {res.n_labels} labels")
    for dim, counts in res.code_counts.items():
        say(f"  {dim}: " + ", ".join(f"{c} {n}" for c, n in sorted(counts.items())))


@click.command("induce")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run", help="read the uncovered cases of this run (a verify run adds its disagreements)")
@click.option("--model", help="registry name or GGUF path; with --endpoint, the server's model name")
@click.option("--endpoint", help="base URL of an OpenAI-compatible server")
@click.option("--max-cases", type=click.IntRange(1, 100), default=12, show_default=True)
@click.option("--threads", type=click.IntRange(1), help="llama.cpp threads (default: the free cores)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def induce_cmd(project, run, model, endpoint, max_cases, threads, as_json) -> None:
    """One taxonomy induction round: the LLM proposes codes for cases the codebook does not cover."""
    with services.open_project(project) as p:
        res = services.induce(p, run=run, model=model, endpoint=endpoint, max_cases=max_cases, n_threads=threads)
    if as_json:
        emit_json(res.to_json())
        return
    say(f"induction round {res.round_id}: {res.n_cases} uncovered case(s) read, "
               f"{len(res.proposals)} proposal(s) by {res.proposer}")
    for prop in res.proposals:
        say(f"  [{prop.id}] {prop.target}/{prop.dimension}: {prop.code_id} ({prop.pattern or '-'}) "
                   f"{prop.name}: {prop.definition} examples {', '.join(prop.examples) or '-'}")
    say(f"decide with `factaudit induction {project} --accept ID --merge ID=CODE --reject ID "
               f"--close {res.round_id}`")


def _merge_pair(value: str) -> tuple[int, str]:
    if "=" not in value:
        raise click.BadParameter(f"expected PROPOSAL=CODE, got {value!r}", param_hint="--merge")
    pid, code = value.split("=", 1)
    try:
        return int(pid), code.strip()
    except ValueError:
        raise click.BadParameter(f"expected a proposal number before '=', got {pid!r}", param_hint="--merge") from None


@click.command("induction")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--accept", "accept", type=int, multiple=True, help="accept proposal ID")
@click.option("--merge", "merge", multiple=True, help="merge proposal ID into an existing code: ID=CODE")
@click.option("--reject", "reject", type=int, multiple=True, help="reject proposal ID")
@click.option("--by", "decided_by", help="who decided")
@click.option("--close", "close", type=int, help="close round N and save the codebook with the accepted codes")
@click.option("--plot", "plot", type=click.Path(dir_okay=False, path_type=Path), help="write the saturation plot (PNG)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def induction_cmd(project, accept, merge, reject, decided_by, close, plot, as_json) -> None:
    """Decide induction proposals, close a round, list rounds and draw the saturation plot."""
    out: dict = {}
    with services.open_project(project) as p:
        for pid in accept:
            services.accept_proposal(p, pid, decided_by)
        for value in merge:
            pid, code = _merge_pair(value)
            services.merge_proposal(p, pid, code, decided_by)
        for pid in reject:
            services.reject_proposal(p, pid, decided_by)
        if close is not None:
            out["closed"] = services.close_round(p, close).to_json()
        if plot is not None:
            out["plot"] = str(services.saturation_plot(p, plot))
        rounds = services.induction_rounds(p)
    out["rounds"] = [{"round_id": r.id, "source_run": r.source_run, "codebook_version": r.codebook_version,
                      "proposer": r.proposer, "n_cases": len(r.cases), "closed": r.closed,
                      "new_version": r.new_version, "n_new_codes": r.n_new_codes,
                      "proposals": [{"id": q.id, "target": q.target, "dimension": q.dimension, "code_id": q.code_id,
                                     "name": q.name, "pattern": q.pattern, "examples": q.examples,
                                     "decision": q.decision, "merge_into": q.merge_into} for q in r.proposals]}
                     for r in rounds]
    if as_json:
        emit_json(out)
        return
    if "closed" in out:
        c = out["closed"]
        say(f"round {c['round_id']} closed: {c['n_new_codes']} new code(s), {c['n_merged']} merged, "
                   f"{c['n_rejected']} rejected; codebook v{c['codebook_version']}")
    for r in out["rounds"]:
        state = f"closed, {r['n_new_codes']} new" if r["closed"] else "open"
        say(f"round {r['round_id']} ({state}): {r['n_cases']} case(s), {len(r['proposals'])} proposal(s)")
        for q in r["proposals"]:
            say(f"  [{q['id']}] {q['dimension']}.{q['code_id']}: {q['decision'] or 'undecided'}"
                       + (f" into {q['merge_into']}" if q["merge_into"] else ""))
    if "plot" in out:
        say(f"saturation plot: {out['plot']}")


def _pct(f: dict, name: str) -> str:
    return services.percent_text(f[name], f[f"{name}_ci"])


def echo_judge_scores(j: dict) -> None:
    """`factaudit metrics` on an evidence judge run: relevance against the gold evidence, then the breakdowns."""
    if j["with_gold"]:
        say(f"{j['run_id']} ({j['mode']}, judge shown the gold answer): {j['n_units']} claim-passage pairs with gold "
            f"evidence, {j['overall']['n_gold_relevant']} of them relevant")
    else:
        say(f"{j['run_id']} ({j['mode']}, judge not shown the gold answer): {j['n_units']} claim-passage pairs with "
            f"gold evidence, {j['overall']['n_gold_relevant']} of them relevant")
    say(f"  {j['n_without_gold']} pairs without gold left out, {j['n_parse_failures']} parse failures (counted as "
        f"not relevant)")
    o = j["overall"]
    say(f"  accuracy {_pct(o, 'accuracy')}  P {_pct(o, 'precision')}  R {_pct(o, 'recall')}  F1 {_pct(o, 'f1')}")
    for name in ("by_k", "by_question_type", "by_difficulty"):
        for group, f in j.get(name, {}).items():
            label = f"K={group}" if name == "by_k" else group
            say(f"    {label:<12} n={f['n']:<5} accuracy {_pct(f, 'accuracy')}  P {_pct(f, 'precision')}  "
                f"R {_pct(f, 'recall')}  F1 {_pct(f, 'f1')}")


COMMANDS = [judge_cmd, induce_cmd, induction_cmd]
