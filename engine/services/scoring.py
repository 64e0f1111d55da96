"""Scoring façade: metrics of one run, comparisons of several, multi-answer and conflict scores, reports.

The CLI (`metrics`, `compare`, `report`) and the GUI Results view call these functions.
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any, Mapping, Sequence

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.metrics import stats
from factaudit.engine.metrics import conflict as conflict_metrics
from factaudit.engine.metrics import multi_answer as ma
from factaudit.engine.metrics.classification import (
    LEVELS, MAPPINGS, ClosedScore, RunMetrics, by_category, closed_scores, flags_error, score_all_mappings,
)
from factaudit.engine.metrics.compare import Comparison, UnitPrediction, compare
from factaudit.engine.project import runs as run_store
from factaudit.engine.services import injection
from factaudit.engine.services.answer_audit import compare_answer_runs
# the answer runs' scores have their own module; the report and `metrics` call them from here
from factaudit.engine.services.scoring_answers import conflict_scores, multi_answer_scores
from factaudit.engine.metrics.gold_source import GoldLabels
from factaudit.engine.services.gold_sources import gold_figures, gold_labels
from factaudit.engine.project import classifier_store, scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.services import status as workflow_status
from factaudit.engine.services.reasoning_checks import reasoning_contradictions
from factaudit.engine.services.split_looks import looks_at_test
from factaudit.engine.services.costs import verdict_cost
from factaudit.engine.services.usage import run_usage
# The units and the run check live in scoring_units (certify reads them too, without importing this module).
from factaudit.engine.services.scoring_units import (
    DEFAULT_LEVEL, DEFAULT_MAPPING, OpenUnits, _check_run, demo_grade, grounding_control, open_units, read_once,
    sentence_table, verify_setup,
)


def run_metrics(project: Project, run_id: str, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                seed: int = stats.DEFAULT_SEED, gold: str | GoldLabels | None = None) -> RunMetrics:
    """Open regime (every mapping, sentence and claim level) and closed regime of one verify run, the
    open regime against the `gold` source's sentence labels (gold_sources; None: the expert's)."""
    _check_run(project, run_id)
    u = open_units(project, run_id, gold=gold_labels(project, gold) if gold is not None else None)
    kw = {"n_resamples": n_resamples, "seed": seed}
    verdicts = run_store.get_verdicts(project, run_id)   # read once: evidence and reasoning checks share it
    suspect = injection.suspect_verdicts(project, run_id, verdicts)
    result = RunMetrics(
        run_id=run_id, n_parse_failures=u.n_parse_failures,
        sentence=score_all_mappings(u.sentences, **kw), claim=score_all_mappings(u.claims, **kw),
        closed=closed_scores(u.closed_gold, u.closed_pred),
        n_unscored=sum(u.unscored.values()), unscored=u.unscored,
        n_sentences=len(u.sentences), n_claims=len(u.claims),
        by_category=by_category(u.sentences, **kw) if any(x.category for x in u.sentences) else {},
        n_suspect_evidence=suspect.n, suspect_claims=suspect.claims,
        n_reasoning_contradicts=len(reasoning_contradictions(project, run_id, verdicts)),
        closed_unscored=u.closed_unscored, no_verdict_reasons=u.no_verdict_reasons,
    )
    run = run_store.get_run(project, run_id)
    if run.kind == "verify":    # imported verdicts have no verifier setup or pairs to speak of
        config = run.config or {}
        result.setup, result.demo_grade = verify_setup(config), demo_grade(config)
        result.grounding_control = grounding_control(project, run_id)
    workflow_status.mark_step(project, "score", run_id)   # the Workflow page's "Score" step is seen through
    return result


def _predictions(project: Project, run_id: str, mapping: str, level: str,
                 table: scoring_store.SentenceTable | None = None,
                 gold: GoldLabels | None = None) -> dict[str, UnitPrediction]:
    u = open_units(project, run_id, table, gold)
    units = u.sentences if level == "sentence" else u.claims
    categorised = any(x.category for x in units)
    out = {}
    for x in units:
        # stratify by category; without categories, by the expert label so each resample keeps its mix
        stratum = (x.category or "") if categorised else ("error" if x.truth else "correct")
        out[x.id] = UnitPrediction(x.truth, x.predicted(mapping), stratum)
    return out


def compare_runs(project: Project, run_ids: Sequence[str], mapping: str = DEFAULT_MAPPING,
                 level: str = DEFAULT_LEVEL, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED, gold: str | GoldLabels | None = None) -> Comparison:
    """Paired tests of several verify runs on the same units, scored against the `gold` source."""
    if mapping not in MAPPINGS:
        raise InvalidArgument(f"unknown mapping {mapping!r}; expected one of {', '.join(MAPPINGS)}")
    if level not in LEVELS:
        raise InvalidArgument(f"unknown level {level!r}; expected sentence or claim")
    run_ids = list(dict.fromkeys(run_ids))
    if len(run_ids) < 2:
        raise InvalidArgument("compare needs at least two different runs", setting="runs")
    for r in run_ids:
        _check_run(project, r)
    labels = gold_labels(project, gold) if gold is not None else None
    table = sentence_table(project, labels)   # the sentences, read once for all runs
    preds = {r: _predictions(project, r, mapping, level, table, labels) for r in run_ids}
    strata = {p.stratum for r in preds.values() for p in r.values()}
    strata_name = "gold label" if strata <= {"error", "correct"} else "category"
    return compare(preds, mapping, level, strata_name=strata_name, n_resamples=n_resamples, seed=seed)


def score_run(project: Project, run_id: str, *, lexicon: ma.Lexicon | None = None,
              gates: Mapping[str, Mapping[str, float]] | None = None, n_resamples: int = stats.DEFAULT_RESAMPLES,
              seed: int = stats.DEFAULT_SEED, endpoint: str | None = None,
              verify_run: str | None = None, gold: str | None = None, subset: str | None = None,
              lenient_penalty: float = ma.WRONG_OPTION_PENALTY) -> dict[str, Any]:
    """The `metrics` command: whatever the run holds, scored, as one JSON-ready dict. `usage` (latency,
    tokens, cost) appears when the run's calls report latency or tokens; `endpoint` names the saved
    endpoint whose price applies to an imported run. A verify run is scored against the `gold` source
    (expert, adjudicated, rater:NAME; gold_sources), with `subset`'s figures beside the full set's.
    An aggregate run (conflict-aware answering) gives the five conflict metrics and their breakdowns; an
    evidence judge run its relevance accuracy and P/R/F1 against the gold evidence."""
    run_kind = run_store.get_run(project, run_id).kind
    if run_kind == "aggregate":
        from factaudit.engine.services.conflict_figures import aggregate_figures

        workflow_status.mark_step(project, "score", run_id)
        return {"run_id": run_id, "conflict": aggregate_figures(project, run_id, n_resamples, seed)}
    if run_kind == "judge":    # an evidence judge's relevance labels against the gold evidence
        from factaudit.engine.services.judge_scoring import judge_scores

        return {"run_id": run_id, "judge": judge_scores(project, run_id, n_resamples, seed)}
    kind = _check_run(project, run_id, None)
    if kind == "verdicts":
        with read_once():      # the gold and the units, read once for the figures and the extras
            labels = gold_labels(project, gold)
            out = run_metrics(project, run_id, n_resamples=n_resamples, seed=seed,
                              gold=None if labels.is_default else labels).to_json()
            out.update(gold_figures(project, run_id, labels, subset, n_resamples=n_resamples, seed=seed))
        out["usage"] = run_usage(project, run_id, kind, endpoint)
        out["cost"] = verdict_cost(project, run_id, out, endpoint)
        return out
    workflow_status.mark_step(project, "score", run_id)
    if kind == "choices":
        return {"run_id": run_id, "multi_answer": multi_answer_scores(
            project, run_id, lexicon, gates, n_resamples=n_resamples, seed=seed, verify_run=verify_run,
            lenient_penalty=lenient_penalty).to_json(),
            "usage": run_usage(project, run_id, kind, endpoint)}
    return {"run_id": run_id, "conflict": conflict_scores(project, run_id).to_json()}


def scorable_runs(project: Project) -> dict[str, str]:
    return scoring_store.scorable_runs(project)


# ---- reports ----------------------------------------------------------------------------------------
def per_item_rows(project: Project, run_id: str, kind: str, lexicon: ma.Lexicon | None = None,
                  gates: Mapping | None = None, scored: ma.MultiAnswerResult | None = None,
                  metrics: RunMetrics | None = None, gold: GoldLabels | None = None) -> list[dict[str, Any]]:
    if kind == "verdicts":
        out = []
        suspect = metrics.suspect_claims if metrics is not None else injection.suspect_verdicts(project, run_id).claims
        attribution = classifier_store.get_verdict_evidence(project, run_id)
        for r in open_units(project, run_id, gold=gold).rows:
            ok = r.verdict is not None and r.parse_status != "failed"
            out.append({
                "run_id": run_id, "unit": "claim", "claim_id": r.claim_id, "sentence_id": r.sentence_id,
                "item_id": r.item_id, "category": r.category, "sentence_label": r.sentence_label,
                "gold_label": r.gold_label, "verdict": r.verdict, "parse_status": r.parse_status,
                "flags_error": {m: flags_error(r.verdict, m) for m in MAPPINGS} if ok else None,
                "suspected_instruction_passages": sorted(suspect.get(r.claim_id, {})),
                **({"attribution": _attribution_row(attribution[r.claim_id])} if r.claim_id in attribution else {}),
            })
        return out
    if kind == "choices":
        res = scored if scored is not None else multi_answer_scores(project, run_id, lexicon, gates)
        audits = {a["item_id"]: a for a in res.audit_items}
        return [{"run_id": run_id, "unit": "item", **asdict(i), "answer_audit": audits.get(i.item_id)}
                for i in res.items]
    res2 = conflict_scores(project, run_id)
    return [{"run_id": run_id, "unit": "item", **asdict(i)} for i in res2.items]


def _attribution_row(ev) -> dict[str, Any]:
    """What drove a classifier verdict: the passage, its character span and sentences, the probability."""
    return {"passage_id": ev.passage_id, "span": [ev.span_start, ev.span_end] if ev.passage_id else None,
            "sentences": (ev.detail or {}).get("sentences"), "label": ev.label, "prob": ev.prob,
            "maxima": ev.maxima}


def report_attribution(project: Project, run_ids: Sequence[str], per_item: list[dict[str, Any]],
                       mapping: str) -> dict[str, Any]:
    """Per classifier run: its disagreements with the gold verdict or the expert's sentence label, the
    first MAX_ROWS with the sentence the verdict rests on (reports.attribution_section)."""
    from factaudit.engine.project.audit_store import claim_briefs
    from factaudit.engine.project.queries import get_passages
    from factaudit.engine.reports.attribution_section import MAX_ROWS, AttributedClaim, split_passage

    out: dict[str, Any] = {}
    for run in run_ids:
        rows = []
        for p in per_item:
            if p.get("run_id") != run or "attribution" not in p or p["verdict"] is None:
                continue
            if p["gold_label"] and p["verdict"] != p["gold_label"]:
                rows.append((p, p["gold_label"]))
            elif p["sentence_label"] in ("correct", "error") and p["flags_error"] and \
                    p["flags_error"][mapping] != (p["sentence_label"] == "error"):
                rows.append((p, f"sentence {p['sentence_label']}"))
        if not any("attribution" in p for p in per_item if p.get("run_id") == run):
            continue
        shown = rows[:MAX_ROWS]
        claims = claim_briefs(project, [p["claim_id"] for p, _ in shown])
        passages = get_passages(project, sorted({p["attribution"]["passage_id"] for p, _ in shown
                                                 if p["attribution"]["passage_id"]}))
        table = []
        for p, expected in shown:
            a = p["attribution"]
            text = passages[a["passage_id"]].text if a["passage_id"] in passages else ""
            span = a["span"] or (None, None)
            table.append(AttributedClaim(p["claim_id"], claims[p["claim_id"]].text if p["claim_id"] in claims else "",
                                         expected, p["verdict"], a["label"], a["prob"], a["passage_id"],
                                         *split_passage(text, *span)).to_json())
        out[run] = {"n": len(rows), "rows": table}
    return out


def write_report(project: Project, out_dir: str | Path, formats: Sequence[str] = ("html", "xlsx", "json"),
                 run_ids: Sequence[str] | None = None, *, mapping: str = DEFAULT_MAPPING, level: str = DEFAULT_LEVEL,
                 lexicon: ma.Lexicon | None = None, gates: Mapping | None = None,
                 n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
                 progress: ProgressCallback = no_progress, lang: str | None = None, gold: str | None = None,
                 lenient_penalty: float = ma.WRONG_OPTION_PENALTY):
    """Write report.html / report.xlsx / json/ into a new folder and record each file with its sha256.
    `lang` (zh, de, en; None: the app's language, engine.i18n) is the HTML's and XLSX's language; `gold`
    the sentence labels the figures are scored against (gold_sources; None: the expert's); choices runs'
    lenient score takes off `lenient_penalty` per wrong option."""
    from factaudit.engine.reports.artifacts import ReportData
    from factaudit.engine.reports.writer import write_all

    bad = [f for f in formats if f not in ("html", "xlsx", "json")]
    if bad or not formats:
        raise InvalidArgument(f"unknown report format {', '.join(bad) or '(none)'}; expected html, xlsx, json")
    out = Path(out_dir)
    if out.exists():
        raise InvalidArgument(f"{out} already exists; reports go into a new folder")
    kinds = scoring_store.scorable_runs(project)
    from factaudit.engine.services.report_figures import split_report_runs

    scored_ids, study_ids = split_report_runs(project, run_ids, kinds)   # aggregate and retrieval runs apart
    if scored_ids is not None:
        for r in scored_ids:
            run_store.get_run(project, r)
            if r not in kinds:
                raise InvalidArgument(f"{r} has nothing to score (no verdicts or item predictions, or not finished)")
        chosen = list(dict.fromkeys(scored_ids))
    else:
        chosen = list(kinds)
    if not chosen and not study_ids and not _has_study_runs(project):
        raise NotFound("no finished runs with verdicts or item predictions to report on")
    data = build_report_data(project, chosen, kinds, mapping=mapping, level=level, lexicon=lexicon, gates=gates,
                             n_resamples=n_resamples, seed=seed, progress=progress, gold=gold, study_runs=study_ids,
                             lenient_penalty=lenient_penalty)
    assert isinstance(data, ReportData)
    written = write_all(data, out, formats, lang=lang)
    if not project.readonly:
        for w in written:
            scoring_store.record_report(project, str(w.path.resolve()), w.format, w.sha256,
                                        [r for r in chosen if r not in data.skipped] + list(data.aggregate))
    return written


def _has_study_runs(project: Project) -> bool:
    """Whether a report without named runs has aggregate, evidence judge or retrieval figures to show."""
    from factaudit.engine.services.retrieval import hit_runs

    return (any(r.status == "done" for r in run_store.list_runs(project, "aggregate"))
            or any(r.status == "done" and r.config.get("target") == "evidence" for r in run_store.list_runs(project, "judge"))
            or len(hit_runs(project)) >= 2)


def build_report_data(project: Project, run_ids: Sequence[str], kinds: Mapping[str, str], *, mapping: str,
                      level: str, lexicon: ma.Lexicon | None, gates: Mapping | None, n_resamples: int, seed: int,
                      progress: ProgressCallback = no_progress, gold: str | None = None,
                      study_runs: Sequence[str] | None = None, lenient_penalty: float = ma.WRONG_OPTION_PENALTY):
    """Everything a report shows. Each run's units are read once (scoring_units.read_once), though
    metrics, the comparison, certification and the per-item rows all use them. `study_runs`: the
    aggregate and retrieval runs to show (None: every finished one; services.report_figures)."""
    from factaudit.engine.services.report_figures import study_figures

    studies = study_figures(project, study_runs, n_resamples=n_resamples, seed=seed,
                            verify_runs=[r for r in run_ids if kinds.get(r) == "verdicts"])
    with read_once():
        return _build_report_data(project, run_ids, kinds, mapping=mapping, level=level, lexicon=lexicon,
                                  gates=gates, n_resamples=n_resamples, seed=seed, progress=progress,
                                  gold=gold_labels(project, gold), studies=studies, lenient_penalty=lenient_penalty)


def _build_report_data(project: Project, run_ids: Sequence[str], kinds: Mapping[str, str], *, mapping: str,
                       level: str, lexicon: ma.Lexicon | None, gates: Mapping | None, n_resamples: int, seed: int,
                       progress: ProgressCallback = no_progress, gold: GoldLabels | None = None,
                       studies=None, lenient_penalty: float = ma.WRONG_OPTION_PENALTY):
    from factaudit.engine.project.db import now_iso
    from factaudit.engine.reports.artifacts import ReportData
    from factaudit.engine.version import APP_VERSION

    total = len(run_ids) + 1
    metrics: dict[str, RunMetrics] = {}
    multi: dict[str, ma.MultiAnswerResult] = {}
    confl: dict[str, conflict_metrics.ConflictResult] = {}
    per_item: list[dict[str, Any]] = []
    skipped: dict[str, str] = {}
    for n, r in enumerate(run_ids):
        progress(n, total, f"scoring {r}")
        kind = kinds[r]
        try:
            if kind == "verdicts":
                metrics[r] = run_metrics(project, r, n_resamples=n_resamples, seed=seed, gold=gold)
            elif kind == "choices":
                multi[r] = multi_answer_scores(project, r, lexicon, gates, n_resamples=n_resamples, seed=seed,
                                               lenient_penalty=lenient_penalty)
            else:
                confl[r] = conflict_scores(project, r)
        except InvalidArgument as exc:
            # one unscorable run should not sink the report on the others; say why it is missing
            skipped[r] = str(exc)
            continue
        per_item.extend(per_item_rows(project, r, kind, lexicon, gates, multi.get(r), metrics.get(r), gold))
    if not (metrics or multi or confl or (studies and (studies.aggregate or studies.retrieval_comparison
                                                        or studies.judge))):
        raise InvalidArgument("nothing to report: " + "; ".join(skipped.values()))
    answer_comparisons = (compare_answer_runs(project, list(multi), lexicon, n_resamples=n_resamples, seed=seed,
                                              lenient_penalty=lenient_penalty) if len(multi) >= 2 else [])
    comparison = None
    comparison_note = None
    verdict_runs = list(metrics)
    if len(verdict_runs) >= 2:
        progress(len(run_ids), total, "comparing runs")
        try:
            comparison = compare_runs(project, verdict_runs, mapping, level, n_resamples=n_resamples, seed=seed,
                                      gold=gold)
        except InvalidArgument as exc:
            comparison_note = str(exc)
    runs_info = []
    for r in run_ids:
        info = run_store.get_run(project, r)
        runs_info.append({"run_id": r, "kind": info.kind, "holds": kinds[r], "status": info.status,
                          "created": info.created, "config": info.config, "config_hash": info.config_hash,
                          "provenance": info.provenance})
    # a report goes to clients: it names the project file, never its local path
    config = {
        "project": project.path.name, "runs": runs_info, "mapping": mapping, "level": level,
        "mappings": {m: sorted(v) for m, v in MAPPINGS.items()}, "n_resamples": n_resamples, "seed": seed,
        "confidence": stats.CONFIDENCE, "app_version": APP_VERSION, "created": now_iso(),
        "gates": gates if gates is not None else ma.DEFAULT_GATES,
        # which sentence labels every open-regime figure is scored against, and each verify run's
        # severity recall where the labels carry MedExpert severities
        "gold": gold.to_json() if gold is not None else {"source": "expert"},
        "severity": {r: sev for r in metrics if (sev := gold_figures(project, r, gold).get("severity"))},
    }
    from factaudit.engine.services.audit import audit_report

    audit = audit_report(project, n_resamples=n_resamples, seed=seed)
    from factaudit.engine.services.certification import report_certification

    certification = report_certification(project, list(metrics), mapping, level,
                                         gold=None if gold is None or gold.is_default else gold)
    from factaudit.engine.services.gold_options import answer_set_figures
    from factaudit.engine.services.report_work import report_retrieval, report_triage

    retrieval = report_retrieval(project, list(metrics))
    triage = report_triage(project, list(metrics), mapping, level)
    attribution = report_attribution(project, list(metrics), per_item, mapping)
    progress(total, total, "writing")
    return ReportData(config=config, metrics=metrics, comparison=comparison, comparison_note=comparison_note,
                      multi_answer=multi, conflict=confl, per_item=per_item, skipped=skipped, audit=audit,
                      answer_comparisons=answer_comparisons, test_looks=looks_at_test(project),
                      certification=certification, attribution=attribution, retrieval=retrieval, triage=triage,
                      usage={r: u for r in run_ids if r not in skipped and kinds[r] in ("verdicts", "choices")
                             and (u := run_usage(project, r, kinds[r])) is not None},
                      aggregate=studies.aggregate if studies else {},
                      retrieval_comparison=studies.retrieval_comparison if studies else None,
                      reasoning=studies.reasoning if studies else {}, answer_figures=studies.answers if studies else {},
                      judge=studies.judge if studies else {},
                      study_notes=studies.notes if studies else {}, grids=_grids(project, n_resamples, seed),
                      answer_sets=answer_set_figures(project, lexicon))


def _grids(project: Project, n_resamples: int, seed: int) -> dict[str, Any]:
    from factaudit.engine.services.sweep_grid import report_grids

    return report_grids(project, n_resamples, seed)


def _ci(ci: list[float] | None) -> str:
    return f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else ""


def _fig(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def closed_text(c: ClosedScore) -> str:
    """Balanced accuracy, accuracy and macro-F1 beside the majority baseline (always the most frequent gold
    verdict) scored the same way."""
    m = c.majority or {}
    bal = lambda v: "n/a" if v is None else f"{v:.3f}"   # noqa: E731  (None: no Supported/Refuted in gold)
    return (f"closed balanced accuracy {bal(c.balanced_accuracy)}, accuracy {c.accuracy:.3f}{_ci(c.accuracy_ci)}, "
            f"macro-F1 {c.macro_f1:.3f} on {c.n} claims (majority baseline, always {m.get('label')}: balanced "
            f"accuracy {bal(m.get('balanced_accuracy'))}, accuracy {m.get('accuracy', 0):.3f}, "
            f"macro-F1 {m.get('macro_f1', 0):.3f})")


def sentence_text(m: RunMetrics) -> str:
    """Sentence-level P/R/F1 under every mapping, beside flagging every sentence as erroneous."""
    parts = [f"{name} P {_fig(s.precision)} R {_fig(s.recall)} F1 {_fig(s.f1)}{_ci(s.f1_ci)}"
             for name, s in m.sentence.items() if s.n]
    any_s = next(iter(m.sentence.values()))
    prevalence = (any_s.tp + any_s.fn) / any_s.n
    base = 2 * prevalence / (1 + prevalence)
    return (f"sentence level on {any_s.n} sentences: " + "; ".join(parts)
            + f" (baseline flagging every sentence: P {prevalence:.2f} R 1.00 F1 {base:.2f})")


def demo_step_scoring(project: Project, summary, progress: ProgressCallback = no_progress) -> None:
    """Score every verify run the demo made (a comparison needs two of them)."""
    kinds = scoring_store.scorable_runs(project)
    runs = [r for r, k in kinds.items() if k == "verdicts"]
    if not runs:
        summary.steps.append({"step": "metrics", "text": "no verify run to score"})
        return
    parts = []
    for r in runs:
        m = run_metrics(project, r)
        # Only the regime the run has data for: a SciFact-only run has no labelled sentences.
        figures = []
        if next(iter(m.sentence.values())).n:
            figures.append(sentence_text(m))
        if m.closed is not None:
            figures.append(closed_text(m.closed))
        parts.append(f"{r}: " + (", ".join(figures) or "nothing to score yet"))
    summary.steps.append({"step": "metrics", "text": "; ".join(parts)})
