"""Scoring commands: metrics, compare, report."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, open_to_record, progress_bar, say
from factaudit.engine.errors import InvalidArgument

MAPPING_CHOICES = ("R", "R+NE", "R+NE+A")
GOLD_HELP = ("the sentence labels to score against: expert (imported), adjudicated (adjudicated and merged rater "
             "labels where they exist, else expert) or rater:NAME")
SUBSET_HELP = ("also score a gold subset beside the full set: adjudicated, category:NAME or units:FILE "
               "(a saved unit list, e.g. certify --draw-sample's)")


def gold_option(default: str | None = "expert"):
    return click.option("--gold", "gold", default=default, show_default=default is not None, help=GOLD_HELP)


def lenient_penalty_option():
    return click.option("--lenient-penalty", "lenient_penalty", default=0.2, show_default=True,
                        type=click.FloatRange(0.0, 1.0),
                        help="choices runs: what lenient takes off per wrong option (0 to 1)")


def _lexicon_and_gates(lexicon: Path | None, gates: Path | None):
    return (services.Lexicon.load(lexicon) if lexicon else None, services.load_gates(gates) if gates else None)


@click.command("metrics")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a verify run, or an imported choices/candidates run")
@click.option("--lexicon", type=click.Path(dir_okay=False, path_type=Path),
              help="equivalence lexicon (YAML/JSON: canonical option -> [synonyms]) for multi-answer runs")
@click.option("--gates", type=click.Path(dir_okay=False, path_type=Path),
              help="risk-tier gate thresholds (YAML/JSON), merged over the defaults")
@click.option("--verify-run", default=None,
              help="for a choices run: the verify run over its answers' claims (hallucination rate)")
@click.option("--endpoint", default=None,
              help="saved endpoint whose price applies (an imported run has none of its own; see `factaudit price`)")
@gold_option()
@click.option("--subset", default=None, help=SUBSET_HELP)
@lenient_penalty_option()
@click.option("--resamples", default=10_000, show_default=True, type=click.IntRange(100, 1_000_000))
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def metrics_cmd(project, run_id, lexicon, gates, verify_run, endpoint, gold, subset, lenient_penalty, resamples, seed,
                as_json) -> None:
    """Score one run: every label mapping at sentence and claim level, with intervals."""
    from factaudit.engine import services

    lex, gts = _lexicon_and_gates(lexicon, gates)
    with open_to_record(project) as p:
        result = services.score_run(p, run_id, lexicon=lex, gates=gts, n_resamples=resamples, seed=seed,
                                    endpoint=endpoint, verify_run=verify_run, gold=gold, subset=subset,
                                    lenient_penalty=lenient_penalty)
    if as_json:
        emit_json(result)
        return
    _echo_usage(result.get("usage"), result.get("cost"))
    if "multi_answer" in result:
        m = result["multi_answer"]
        say(f"{run_id}: {m['n']} multi-answer items ({m['n_missing']} without a prediction)")
        say(f"  strict {services.percent_text(m['strict'], m.get('strict_ci'))}  intermediate "
                   f"{services.percent_text(m['intermediate'], m.get('intermediate_ci'))}  "
                   f"lenient (penalty {m['lenient_penalty']:g}) {services.percent_text(m['lenient'], m.get('lenient_ci'))}")
        if m.get("review"):
            r, t2 = m["review"], m["review"]["table"]
            say(f"  expert review (sample {r['sample_id']}, {r['n_reviewed']} of {r['n_sampled']} reviewed): "
                       f"acceptable {services.percent_text(m['acceptable_rate'], m['acceptable_rate_ci'])} against strict "
                       f"{services.percent_text(r['strict_on_reviewed'])} on the same items")
            say(f"    strict-correct: {t2['strict_and_acceptable']} acceptable, "
                       f"{t2['strict_not_acceptable']} not; "
                       f"not strict-correct: {t2['not_strict_acceptable']} acceptable, "
                       f"{t2['not_strict_not_acceptable']} not")
        _echo_audit(m, "  ")
        from factaudit.engine.cli.answer_cmds import echo_answer_figures
        echo_answer_figures(m, "  ")
        for t in m["tiers"].values():
            verdict = "n/a" if t["passed"] is None else ("PASS" if t["passed"] else "FAIL")
            say(f"  tier {t['tier']}: {t['n']} items, {verdict}  {t['checks']}")
            if t["n"]:
                _echo_audit(t, "    ")
        g = m.get("generation")
        _echo_generation(g, "  ")
        for cat, gc in (g or {}).get("by_category", {}).items():
            _echo_generation(gc, f"    {cat}: ")
        for w in m.get("warnings", []):
            say(f"  warning: {w}")
        return
    if "judge" in result:
        from factaudit.engine.cli.judge_cmds import echo_judge_scores

        return echo_judge_scores(result["judge"])
    if result.get("conflict", {}).get("kind") == "aggregate":
        from factaudit.engine.cli.conflict_cmds import echo_aggregate_figures

        return echo_aggregate_figures(result["conflict"])
    if "conflict" in result:
        c = result["conflict"]
        say(f"{run_id}: {c['n']} items, {c['n_conflict']} conflicts")
        say(f"  conflict F1 {services.percent_text(c['conflict_f1'])}, "
                   f"conflict-aware success {services.percent_text(c['success'])}, "
                   f"unsupported-candidate ratio {services.percent_text(c['unsupported_ratio'])}")
        return
    # a claims-only run (gold verdicts, no labelled answer sentences) has only the closed regime
    has_open = bool(result["n_sentences"] or result["n_claims"] or result["n_unscored"])
    no_verdict = _no_verdict_text(result)
    if has_open:
        say(f"{run_id}: {result['n_sentences']} sentences and {result['n_claims']} claims scored; "
                   f"{no_verdict}; {result['n_unscored']} sentences unscored")
    else:
        say(f"{run_id}: no labelled answer sentences, so only the closed regime (gold verdicts); {no_verdict}")
    _echo_setup(result)
    if has_open:
        _echo_gold(result)
    say(f"  verdicts whose evidence contains suspected instructions: "
               f"{result['verdicts_with_suspected_instructions']}")
    say(f"  verdicts their own reasoning contradicts: {result.get('verdicts_contradicted_by_reasoning', 0)}")
    for level in ("sentence", "claim") if has_open else ():
        say(f"  {level} level (P / R / F1 in %, 95% intervals):")
        for mapping, s in result[level].items():
            say(f"    {mapping:<7} TP={s['tp']:<4} FP={s['fp']:<4} FN={s['fn']:<4} TN={s['tn']:<4} "
                       f"P {services.percent_text(s['precision'], s['precision_ci'])}  "
                       f"R {services.percent_text(s['recall'], s['recall_ci'])}  "
                       f"F1 {services.percent_text(s['f1'], s['f1_ci'])}")
    if has_open:
        _echo_subset_and_severity(result)
    closed = result.get("closed")
    left_out = result.get("closed_unscored") or {}
    if closed or left_out:
        say(f"  closed regime: {_closed_denominator(closed['n'] if closed else 0, left_out)}")
    if closed:
        say(f"    accuracy {services.percent_text(closed['accuracy'], closed.get('accuracy_ci'))}, "
                   f"macro-F1 {services.percent_text(closed['macro_f1'])} over the gold classes "
                   f"({', '.join(closed['macro_f1_classes'])}; over all labels "
                   f"{services.percent_text(closed['macro_f1_all_labels'])})")
        _echo_closed_extra(result, closed)


def _echo_gold(result: dict) -> None:
    g = result.get("gold") or {}
    if not g:
        return
    parts = [f"{g['from_' + k]} {k}" for k in ("expert", "rater", "adjudication") if g.get("from_" + k)]
    say(f"  gold: {g['source']} ({g['n_labels']} sentence labels: {', '.join(parts) or 'none'}; "
        f"{g['changed_from_expert']} differ from the expert's)")


def _echo_subset_and_severity(result: dict) -> None:
    sub = result.get("gold_subset")
    if sub:
        say(f"  gold subset {sub['subset']} ({sub['gold']} gold): {sub['n_sentences']} sentences, "
            f"{sub['n_claims']} claims; beside the full set's {result['n_sentences']} and {result['n_claims']}:")
        for level in ("sentence", "claim"):
            for mapping, s in sub[level].items():
                full = result[level][mapping]
                say(f"    {level:<8} {mapping:<7} subset n={s['n']:<4} P {services.percent_text(s['precision'])} "
                    f"R {services.percent_text(s['recall'], s['recall_ci'])} F1 {services.percent_text(s['f1'], s['f1_ci'])}"
                    f"   full n={full['n']:<4} F1 {services.percent_text(full['f1'], full['f1_ci'])}")
    sev = result.get("severity")
    if sev:
        say("  recall by severity (the gravest grade of each erroneous sentence; weights Mild 1, Moderate 2, Severe 3):")
        for mapping, r in sev.items():
            grades = "  ".join(f"{g} {services.percent_text(x['recall'], x['recall_ci'])} ({x['tp']} of {x['n']})"
                               for g, x in r["by_severity"].items() if x["n"])
            say(f"    {mapping:<7} weighted {services.percent_text(r['weighted_recall'])}  {grades}"
                + (f"  ({r['n_ungraded']} errors without a grade)" if r["n_ungraded"] else ""))


def _no_verdict_text(result: dict) -> str:
    """"3 claims without a verdict (2 claim too long for the model, 1 did not parse)"."""
    from factaudit.engine import services

    reasons = result.get("no_verdict_reasons") or {}
    n = sum(reasons.values()) or result["n_parse_failures"]
    if not n:
        return "every claim has a verdict"
    said = {**services.CLOSED_REASONS, "did_not_parse": "output did not parse",
            "cut_off_at_max_tokens": "output cut off at max tokens"}
    parts = ", ".join(f"{k} {said.get(r, r)}" for r, k in sorted(reasons.items()))
    return f"{n} claim{'' if n == 1 else 's'} without a verdict" + (f" ({parts})" if parts else "")


def _echo_setup(result: dict) -> None:
    setup = result.get("setup") or {}
    if setup:
        source = "gold evidence" if setup.get("evidence_source") == "gold" else "retrieved evidence"
        control = "; grounding control: passages removed" if setup.get("control") else ""
        say(f"  verifier: {setup.get('strategy')} on {source}{control}")
    if result.get("demo_grade"):
        say("  note: this run's verifier is marked demo-grade; its figures say little about real audits")


def _echo_closed_extra(result: dict, closed: dict) -> None:
    """Balanced accuracy, the majority baseline, the confusion matrix and the grounding control."""
    bal = closed.get("balanced_accuracy")
    if bal is not None:
        say(f"    balanced accuracy {services.percent_text(bal)} (mean recall of "
            f"{' and '.join(closed['balanced_accuracy_classes'])})")
    maj = closed.get("majority")
    if maj:
        say(f"    majority baseline (always {maj['label']}): accuracy "
            f"{services.percent_text(maj['accuracy'], maj.get('accuracy_ci'))}, balanced accuracy "
            f"{services.percent_text(maj['balanced_accuracy'])}, macro-F1 {services.percent_text(maj['macro_f1'])}")
    if closed.get("within_majority"):
        say("    note: accuracy is within the majority baseline's interval: no better shown than always "
            f"answering {maj['label'] if maj else 'the majority class'}")
    labels, cm = closed["labels"], closed["confusion_matrix"]
    width = max(len(x) for x in labels) + 2
    say(f"    confusion matrix (rows gold, columns predicted):")
    say("    " + " " * width + "".join(f"{x:>{width}}" for x in labels))
    for name, row in zip(labels, cm):
        say("    " + f"{name:<{width}}" + "".join(f"{v:>{width}}" for v in row))
    g = result.get("grounding_control")
    if g:
        share = "n/a" if g["share_same"] is None else services.percent_text(g["share_same"])
        say(f"    grounding control {g['control_run']} (of {g['real_run']}): {g['n_same']} of {g['n_compared']} "
            f"verdicts ({share}) stay the same without evidence; balanced accuracy "
            f"{services.percent_text(g['real_balanced_accuracy'])} with evidence, "
            f"{services.percent_text(g['control_balanced_accuracy'])} without")


def _closed_denominator(n_scored: int, left_out: dict[str, int]) -> str:
    """"8 of 10 claims with a gold verdict scored; 2 left out: 2 replies cut off at max tokens"."""
    from factaudit.engine import services

    total = n_scored + sum(left_out.values())
    text = f"{n_scored} of {total} claims with a gold verdict scored"
    if not left_out:
        return text
    def part(reason: str, k: int) -> str:
        said = services.CLOSED_REASONS.get(reason, reason)
        if reason in ("cut_off_at_max_tokens", "did_not_parse"):
            return f"{k} {'reply' if k == 1 else 'replies'} {said}"
        return f"{k} {said}"

    parts = [part(r, k) for r, k in sorted(left_out.items())]
    return f"{text}; {sum(left_out.values())} left out: " + ", ".join(parts)


def _echo_usage(u: dict | None, c: dict | None = None) -> None:
    if c is not None:       # every verify run has a cost: local runs their CPU time, priced endpoints money
        per = c["per_correct"]
        each = (f"{per['cost']:.6f}" if per["cost"] is not None else
                f"CPU {per['cpu_s']:.3f} s" if per["cpu_s"] is not None else "n/a")
        say(f"cost {c['label']}; per correct verdict {each} ({c['n_correct']} correct)")
    if not u:
        return
    lat = ("n/a" if u["latency_p50_ms"] is None else
           f"P50 {u['latency_p50_ms']:.0f} ms, P95 {u['latency_p95_ms']:.0f} ms over {u['n_with_latency']} calls")
    cost = (f"{u['cost']:.4f} ({u['cost_per_call']:.6f} per call, {u['price']['endpoint']} prices)"
            if u["cost"] is not None else "local" if c is not None and c["where"] == "local" else u["cost_note"])
    say(f"latency {lat}; tokens in {u['tokens_in'] if u['tokens_in'] is not None else 'unknown'}, out "
               f"{u['tokens_out'] if u['tokens_out'] is not None else 'unknown'}; cost {cost}")


def _echo_generation(g: dict | None, indent: str) -> None:
    if not g:
        return
    h = g.get("hallucination")
    if h:
        say(f"{indent}hallucination rate {services.percent_text(h['hallucination_rate'], h['hallucination_rate_ci'])} of "
                   f"{h['n_sentences']} answer sentences ({h['verify_run']})")
    if "citation_precision" not in g:
        return
    say(f"{indent}citations: precision {services.percent_text(g['citation_precision'], g['citation_precision_ci'])}, "
               f"recall {services.percent_text(g['citation_recall'], g['citation_recall_ci'])}, "
               f"F1 {services.percent_text(g.get('citation_f1'), g.get('citation_f1_ci'))} "
               f"({g['n_citation_items']} items with gold passages); refusals on {g['n_unanswerable']} unanswerable items "
               f"{services.percent_text(g['unanswerable_refusal_rate'], g['unanswerable_refusal_rate_ci'])}, false refusals "
               f"{services.percent_text(g['false_refusal_rate'], g['false_refusal_rate_ci'])}")


def _echo_audit(m: dict, indent: str) -> None:
    """The answer-level audit figures (issue #13), when the run recorded what its system saw."""
    if m.get("n_with_passages"):
        miss, wrong = m["missed_options"], m["wrong_options"]
        say(f"{indent}evidence coverage {services.percent_text(m['evidence_coverage'], m['evidence_coverage_ci'])}, "
                   f"faithfulness {services.percent_text(m['faithfulness'], m['faithfulness_ci'])} "
                   f"({m['n_with_passages']} items with seen passages)")
        say(f"{indent}missed options: retrieval {miss['retrieval']}, generation {miss['generation']}, "
                   f"terminology {miss['terminology']}; wrong options: unsupported {wrong['unsupported']}, "
                   f"in evidence {wrong['in_evidence']}")
    if m.get("refusal_rate") is not None:
        say(f"{indent}refusal rate {services.percent_text(m['refusal_rate'], m['refusal_rate_ci'])}")
    if m.get("cited_rate") is not None:
        say(f"{indent}answers citing a source {services.percent_text(m['cited_rate'], m['cited_rate_ci'])}")


@click.command("compare")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--runs", "runs", required=True,
              help="comma-separated verify runs (e.g. verify-3,verify-5), or choices runs, the first as baseline, "
                   "or aggregate runs, or retrieval runs (retrieve-N / imported TREC runs)")
@click.option("--mapping", type=click.Choice(MAPPING_CHOICES), default="R+NE", show_default=True)
@click.option("--level", type=click.Choice(("sentence", "claim")), default="sentence", show_default=True)
@click.option("--lexicon", type=click.Path(dir_okay=False, path_type=Path),
              help="equivalence lexicon for choices runs")
@gold_option()
@lenient_penalty_option()
@click.option("--resamples", default=10_000, show_default=True, type=click.IntRange(100, 1_000_000))
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def compare_cmd(project, runs, mapping, level, lexicon, gold, lenient_penalty, resamples, seed, as_json) -> None:
    """Compare runs on the units they share: Cochran's Q, exact McNemar, paired bootstrap, Holm.
    Choices runs: the change of strict, intermediate and lenient against the first run, with paired
    bootstrap intervals, flagged when the three move in different directions. Aggregate runs: paired sign tests of
    strict accuracy and conflict-aware success. Retrieval runs: paired ΔRecall@k, ΔMRR@k, ΔnDCG@k against the
    first run with stratified bootstrap intervals and Holm-adjusted p, and the claims that got worse."""
    from factaudit.engine import services

    run_ids = [r.strip() for r in runs.split(",") if r.strip()]
    if len(run_ids) < 2:
        raise_bad("--runs needs at least two runs separated by commas")
    with services.open_project(project, readonly=True) as p:
        if all(services.is_retrieval_run(p, r) for r in run_ids):   # rankings: paired per-query deltas
            return _echo_retrieval_comparison(
                services.compare_retrieval_runs(p, run_ids, n_resamples=resamples, seed=seed), as_json)
        if all(services.is_aggregate_run(p, r) for r in run_ids):   # conflict-aware answering runs
            from factaudit.engine.cli.conflict_cmds import echo_comparison

            return echo_comparison(services.compare_aggregate_runs(p, run_ids), as_json)
        if services.scorable_runs(p).get(run_ids[0]) == "choices":
            lex, _ = _lexicon_and_gates(lexicon, None)
            _echo_answer_comparison(services.compare_answer_runs(p, run_ids, lex, n_resamples=resamples, seed=seed,
                                                                 lenient_penalty=lenient_penalty), as_json)
            return
        gold_used = services.gold_labels(p, gold)
        comp = services.compare_runs(p, run_ids, mapping, level, n_resamples=resamples, seed=seed, gold=gold_used)
        costs = {r: services.run_cost(p, r) for r in run_ids}
    if as_json:
        emit_json({**comp.to_json(), "gold": gold_used.to_json(), "cost": {r: c.to_json() for r, c in costs.items()}})
        return
    q = comp.cochran_q or {}
    say(f"{len(comp.runs)} runs on {comp.n_shared} shared {level}s ({mapping}, {gold_used.spec.name} gold); Cochran's Q = "
               f"{q.get('statistic', 0):.3f}, p = {q.get('p_asymptotic', 1):.4f} (permutation p = "
               f"{q.get('p_permutation', 1):.4f})")
    for row in comp.table:
        delta = "" if row["delta_f1"] is None else (
            f"  ΔF1 {services.percent_text(row['delta_f1'], row['delta_f1_ci'])}  McNemar p {row['mcnemar_p']:.4f} "
            f"(Holm {row['mcnemar_p_holm']:.4f})")
        say(f"  {row['run_id']:<14} R {services.percent_text(row['recall'], row['recall_ci'])}  "
                   f"F1 {services.percent_text(row['f1'], row['f1_ci'])}{delta}  cost {costs[row['run_id']].label}")


def _echo_retrieval_comparison(comp, as_json: bool) -> None:
    if as_json:
        emit_json(comp.to_json())
        return
    base = comp.runs[0]
    say(f"{len(comp.runs)} retrieval runs on {comp.n_shared} shared claims with gold, at k = {comp.k}, against "
        f"{base} (Δ in points, 95% paired bootstrap stratified by {comp.strata}, Holm over all tests):")
    for d in comp.deltas:
        lo, hi = d.delta_ci or (float("nan"), float("nan"))
        say(f"  {d.run_id:<14} {d.metric:<10} {100 * d.baseline:5.1f} -> {100 * d.value:5.1f}  "
            f"Δ {100 * d.delta:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]  p {d.p:.4f} (Holm {d.p_holm:.4f})  "
            f"{d.n_regressed} claims worse, {d.n_improved} better")
    for run, by_metric in comp.regressions.items():
        if comp.no_regression(run):
            say(f"  {run}: no claim regresses in Recall@{comp.k} or MRR@{comp.k}")
        else:
            say(f"  {run}: some claims regress in Recall@{comp.k} or MRR@{comp.k}")
        for metric, rows in by_metric.items():
            if rows:
                shown = ", ".join(f"{r.claim_id} ({r.baseline:.2f}->{r.value:.2f})" for r in rows[:10])
                say(f"    worse in {metric}: {shown}{' …' if len(rows) > 10 else ''}")


def _echo_answer_comparison(comps, as_json: bool) -> None:
    if as_json:
        emit_json({"baseline": comps[0].before, "comparisons": [c.to_json() for c in comps]})
        return
    for c in comps:
        say(f"{c.after} against {c.before} on {c.n_shared} shared items (Δ in points, 95% paired bootstrap, "
            f"lenient penalty {c.lenient_penalty:g}):")
        for ch in c.changes.values():
            lo, hi = ch.delta_ci or (float("nan"), float("nan"))
            say(f"  {ch.metric:<13} {100 * ch.before:5.1f} -> {100 * ch.after:5.1f}  "
                       f"Δ {100 * ch.delta:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]")
        if c.diverging:
            say("  DIVERGING: the three scores moved in different directions")
        for note in c.notes:
            say(f"  note: {note}")


def raise_bad(message: str) -> None:
    raise InvalidArgument(message)


@click.command("report")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="a new folder (refuses to write into an existing one)")
@click.option("--format", "formats", default="html,xlsx,json", show_default=True,
              help="comma-separated: html, xlsx, json")
@click.option("--runs", "runs", default=None, help="comma-separated runs (default: every finished scorable run)")
@click.option("--mapping", type=click.Choice(MAPPING_CHOICES), default="R+NE", show_default=True,
              help="mapping used for the comparison")
@click.option("--level", type=click.Choice(("sentence", "claim")), default="sentence", show_default=True)
@click.option("--lexicon", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--gates", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--resamples", default=10_000, show_default=True, type=click.IntRange(100, 1_000_000))
@click.option("--seed", default=42, show_default=True, type=int)
@gold_option()
@lenient_penalty_option()
@click.option("--lang", "lang", type=click.Choice(("zh", "de", "en")), default=None,
              help="language of the HTML and XLSX report (default: LANG / FACTAUDIT_LANG, else en); "
                   "the JSON files are the same in every language")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def report_cmd(project, out, formats, runs, mapping, level, lexicon, gates, resamples, seed, gold, lenient_penalty,
               lang, as_json) -> None:
    """Write an HTML / XLSX / JSON report of the runs into a new folder."""
    from factaudit.engine import services

    fmts = [f.strip().lower() for f in formats.split(",") if f.strip()]
    run_ids = [r.strip() for r in runs.split(",") if r.strip()] if runs else None
    lex, gts = _lexicon_and_gates(lexicon, gates)
    if Path(out).exists():
        raise_bad(f"{out} already exists; reports go into a new folder")
    with open_to_record(project) as p, progress_bar("report") as bar:  # a report only reads
        written = services.write_report(p, out, fmts, run_ids, mapping=mapping, level=level, lexicon=lex, gates=gts,
                                        n_resamples=resamples, seed=seed, progress=bar, lang=lang, gold=gold,
                                        lenient_penalty=lenient_penalty)
    if as_json:
        emit_json({"out": str(out), "files": written})
        return
    say(f"report written to {out}:")
    for w in written:
        say(f"  {w.path}  sha256 {w.sha256[:16]}…")


COMMANDS = [metrics_cmd, compare_cmd, report_cmd]
