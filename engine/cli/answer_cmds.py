"""Answer-level audit commands (issue #13): the expert review sample and its marks; the answer-level
figures of issue #33 (label-free factual precision, correctness against the reference)."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say


@click.command("review-sample")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a choices run")
@click.option("--fraction", default=0.15, show_default=True, type=click.FloatRange(0, 1, min_open=True),
              help="share of the run's items, per stratum (at least one per stratum)")
@click.option("--strata", default="risk_tier", show_default=True, type=click.Choice(("risk_tier", "category", "none")),
              help="item field the draw is stratified by")
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def review_sample_cmd(project: Path, run_id: str, fraction: float, strata: str, seed: int, as_json: bool) -> None:
    """Draw a stratified, reproducible sample of a choices run's answers for expert review
    (the same settings find the same sample again)."""
    from factaudit.engine import services

    with services.open_project(project) as p:
        sample = services.draw_review_sample(p, run_id, fraction, None if strata == "none" else strata, seed)
    if as_json:
        emit_json(asdict(sample))
        return
    say(f"review sample {sample.id} of {run_id}: {len(sample.items)} items "
               f"(fraction {sample.fraction}, strata {sample.strata or 'none'}, seed {sample.seed})")
    say("  " + ", ".join(sample.items))


@click.command("review-mark")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--sample", "sample_id", required=True, type=int, help="the review sample's number")
@click.option("--item", "item_id", required=True, help="a sampled item")
@click.option("--acceptable/--not-acceptable", required=True, help="acceptable for the business or not")
@click.option("--note", default=None, help="the reviewer's note")
@click.option("--reviewer", required=True, help="who judged it")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def review_mark_cmd(project: Path, sample_id: int, item_id: str, acceptable: bool, note: str | None, reviewer: str,
                    as_json: bool) -> None:
    """Record a reviewer's judgement of one sampled answer (append-only: a new mark supersedes the old)."""
    from factaudit.engine import services

    with services.open_project(project) as p:
        mark = services.mark_review(p, sample_id, item_id, acceptable, note, reviewer)
    if as_json:
        emit_json(asdict(mark))
        return
    say(f"{item_id}: {'acceptable' if mark.acceptable else 'not acceptable'} ({reviewer})"
               + (f", supersedes mark {mark.supersedes}" if mark.supersedes else ""))


@click.command("price")
@click.argument("endpoint", required=False)
@click.option("--in", "price_in", type=float, help="price per million input tokens")
@click.option("--out", "price_out", type=float, help="price per million output tokens")
@click.option("--remove", is_flag=True, help="forget the endpoint's price (its costs become unknown)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def price_cmd(endpoint: str | None, price_in: float | None, price_out: float | None, remove: bool,
              as_json: bool) -> None:
    """Set, remove or list the per-endpoint prices that turn token counts into cost (unset = unknown)."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    if endpoint is not None and remove:
        services.remove_price(endpoint)
    elif endpoint is not None and (price_in is not None or price_out is not None):
        if price_in is None or price_out is None:
            raise InvalidArgument("give both --in and --out (prices per million tokens)")
        services.set_price(endpoint, price_in, price_out)
    rows = {n: asdict(p) for n, p in services.prices().items() if endpoint is None or n == endpoint}
    if as_json:
        emit_json(rows)
        return
    if not rows:
        say("no prices set: costs are unknown" if endpoint is None else f"{endpoint}: no price (cost unknown)")
    for n, p in rows.items():
        say(f"{n}: {p['in_per_million']:g} per million input tokens, "
                   f"{p['out_per_million']:g} per million output")


@click.command("sweep")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--split", default="dev", show_default=True, help="the split to tune on (never test)")
@click.option("--retrievers", default="bm25", show_default=True,
              help="comma-separated retriever specs; an rrf: spec takes the rest, e.g. bm25,dense,rrf:bm25,dense")
@click.option("--k", "ks", default="5,10", show_default=True, help="comma-separated cut-offs")
@click.option("--pick", default="ndcg@5", show_default=True, help="the metric that picks (ndcg, recall, mrr, ...[@k])")
@click.option("--confirm-on", default=None, help="evaluate the pick once on this split (e.g. test), logged")
@click.option("--confirm", "confirm_sweep", type=int, default=None,
              help="instead of sweeping, confirm an earlier sweep's pick (with --confirm-on, default test)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def sweep_cmd(project: Path, split: str, retrievers: str, ks: str, pick: str, confirm_on: str | None,
              confirm_sweep: int | None, as_json: bool) -> None:
    """Choose on dev, confirm once on test: evaluate a grid of retrievers and cut-offs on a split, record
    the pick, and evaluate only the pick on the test split (every look at test is logged)."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    try:
        cutoffs = [int(x) for x in ks.split(",") if x.strip()]
    except ValueError:
        raise InvalidArgument(f"--k expects comma-separated integers, got {ks!r}") from None
    with services.open_project(project) as p:
        if confirm_sweep is not None:
            result = services.confirm_sweep(p, confirm_sweep, confirm_on or "test")
            if as_json:
                emit_json(result)
            else:
                say(f"sweep {confirm_sweep}'s pick {result['retriever']} k={result['k']} on "
                           f"{result['split']}: {result['value']}")
            return
        res = services.sweep(p, split, services.parse_retrievers(retrievers), cutoffs, pick, confirm_on)
    if as_json:
        emit_json(res.to_json())
        return
    say(f"sweep {res.sweep_id} on {res.split} by {res.pick_metric}:")
    for r in res.results:
        mark = " <- pick" if (r["retriever"], r["k"]) == (res.pick["retriever"], res.pick["k"]) else ""
        say(f"  {r['retriever']:<24} k={r['k']:<3} {r['value'] if r['value'] is not None else 'n/a'}{mark}")
    if res.confirmation:
        c = res.confirmation
        say(f"confirmed on {c['split']}: {c['value']} (run {c['run_id']})")
    say("looks at test per family: " + (", ".join(f"{f} {n}" for f, n in res.test_looks.items()) or "none"))


def echo_answer_correctness(c: dict | None, indent: str, items: bool = False) -> None:
    """Answer correctness against the reference (also under `metrics` of a choices run)."""
    if not c:
        return
    rules = ", ".join(f"{r} {n}" for r, n in c["by_rule"].items())
    say(f"{indent}answer correct against the reference {services.percent_text(c['correct'], c['correct_ci'])} "
        f"({c['n_correct']} of {c['n']}; by rule: {rules}); exact match "
        f"{services.percent_text(c['exact_match'], c['exact_match_ci'])}; {c['n_without_reference']} items without a reference")
    for cat, r in c.get("by_category", {}).items():
        say(f"{indent}  {cat}: correct {services.percent_text(r['correct'], r['correct_ci'])} of {r['n']}")
    for m in c["items"] if items else ():
        say(f"{indent}  {m['item_id']:<20} {m['rule'] or 'wrong':<9} {m['reference']!r}")


def echo_answer_figures(m: dict, indent: str) -> None:
    """`metrics` of a choices run: correctness against the reference and, with --verify-run, the
    label-free factual precision of the same answers."""
    echo_answer_correctness(m.get("answer_correctness"), indent)
    f = (m.get("generation") or {}).get("factual_precision")
    if f:
        k = "n/a" if f["k"] is None else f"{f['k']:g}"
        say(f"{indent}factual precision (label-free) {services.percent_text(f['factscore'], f['factscore_ci'])} over "
            f"{f['n_answers_scored']} answers ({f['n_supported']} of {f['n_verifiable']} verifiable claims supported, "
            f"{f['n_filtered']} not verifiable); VeriScore F1@K {services.percent_text(f['veriscore'], f['veriscore_ci'])}, K = {k}")


def _echo_precision(f: dict, list_filtered: bool, per_answer: bool) -> None:
    reasons = ", ".join(f"{r} {n}" for r, n in f["filtered_by_reason"].items())
    say(f"  {f['n_claims']} claims in {f['n_answers']} answers; {f['n_filtered']} not verifiable ({reasons}); "
        f"{f['n_unscored']} verifiable but unparsed; {f['n_supported']} of {f['n_verifiable']} verifiable supported")
    say(f"  factual precision (FActScore, mean over {f['n_answers_scored']} answers) "
        f"{services.percent_text(f['factscore'], f['factscore_ci'])}; pooled {services.percent_text(f['pooled_precision'], f['pooled_precision_ci'])}")
    k = "n/a" if f["k"] is None else f"{f['k']:g}"
    say(f"  VeriScore F1@K {services.percent_text(f['veriscore'], f['veriscore_ci'])} with K = {k} ({f['k_source']})")
    e = f.get("expert")
    if e:
        t = e["table"]
        say(f"  expert-labelled precision on the same {e['n_claims']} claims "
            f"{services.percent_text(e['expert_precision'], e['expert_precision_ci'])} against label-free "
            f"{services.percent_text(e['label_free_precision'])} (gap {100 * e['gap']:+.1f} points)")
        say(f"    supported: {t['supported_correct']} in correct sentences, {t['supported_error']} in erroneous; "
            f"not supported: {t['not_supported_correct']} correct, {t['not_supported_error']} erroneous")
    for a in f["answers"] if per_answer else ():
        say(f"    {a['item_id']:<20} {a['n_supported']:>3}/{a['n_verifiable']:<3} precision "
            f"{services.percent_text(a['precision'])}  F1@K {services.percent_text(a['f1_at_k'])}  filtered {a['n_filtered']}")
    for c in f["filtered"] if list_filtered else ():
        say(f"    filtered {c['reason']:<8} {c['claim_id']:<20} {c['text']}")


@click.command("answer-figures")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a verify run over answers' claims")
@click.option("--k", "k", type=click.FloatRange(0, min_open=True), default=None,
              help="VeriScore's K (default: median verifiable claims per answer on the dev split, else the run)")
@click.option("--lexicon", type=click.Path(dir_okay=False, path_type=Path),
              help="equivalence lexicon for matching answers to their references")
@click.option("--per-answer", is_flag=True, help="list each answer's precision and its match to the reference")
@click.option("--list-filtered", is_flag=True, help="list the claims left out as not verifiable, with the reason")
@click.option("--resamples", default=10_000, show_default=True, type=click.IntRange(100, 1_000_000))
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def answer_figures_cmd(project: Path, run_id: str, k: float | None, lexicon: Path | None, per_answer: bool,
                       list_filtered: bool, resamples: int, seed: int, as_json: bool) -> None:
    """Label-free factual precision of a verify run's answers (supported / verifiable claims, VeriScore
    F1@K) beside the expert-labelled precision, and answer correctness against the reference."""
    from factaudit.engine import services

    lex = services.Lexicon.load(lexicon) if lexicon else None
    with services.open_project(project, readonly=True) as p:
        res = services.answer_figures(p, run_id, k=k, lexicon=lex, n_resamples=resamples, seed=seed)
    if as_json:
        emit_json(res)
        return
    say(f"{run_id}: answer-level figures")
    _echo_precision(res["factual_precision"], list_filtered, per_answer)
    echo_answer_correctness(res["answer_correctness"], "  ", per_answer)


COMMANDS = [review_sample_cmd, review_mark_cmd, price_cmd, sweep_cmd, answer_figures_cmd]
