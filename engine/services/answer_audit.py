"""Answer-level audits of choices runs (issue #13): the figures `metrics` adds under `multi_answer`,
and the answer-level figures of issue #33: correctness against the reference answer and the label-free
factual precision of a verify run's answers (`answer_figures`, the `answer-figures` command).

`scoring.multi_answer_scores` calls `audited_result`; the GUI and the report read the result.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from factaudit.engine.metrics import answer_audit as aa
from factaudit.engine.metrics import answer_compare, answer_generation, answer_match
from factaudit.engine.metrics import factual_precision as fp
from factaudit.engine.metrics import multi_answer as ma
from factaudit.engine.metrics import stats
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import answer_texts, queries, scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import ItemPrediction
from factaudit.engine.project.scoring_store import ItemRow
from factaudit.engine.services.review_sample import review_figures
from factaudit.engine.text.normalize import fold


def option_scores(project: Project, run_id: str, lexicon: ma.Lexicon | None = None,
                  lenient_penalty: float = ma.WRONG_OPTION_PENALTY
                  ) -> tuple[list[ma.OptionScore], int, dict[str, ItemPrediction], list[ItemRow]]:
    """Strict / intermediate / lenient (with `lenient_penalty` per wrong option) per item of a choices
    run, the count of option items it has no prediction for, its predictions and the option items."""
    penalty = ma.check_penalty(lenient_penalty)
    preds = scoring_store.get_predictions(project, run_id)
    rows = scoring_store.option_items(project)
    items, missing = [], 0
    for it in rows:
        p = preds.get(it.id)
        if p is None or p.chosen is None:
            missing += 1
            continue
        s, i, l, miss, wrong = ma.score_options(p.chosen, it.gold_options or [], lexicon, penalty)
        items.append(ma.OptionScore(it.id, s, i, l, miss, wrong, it.risk_tier, it.critical, it.category))
    if not items:
        raise InvalidArgument(f"{run_id}: none of its chosen options belong to items with gold_options")
    return items, missing, preds, rows


def item_audits(project: Project, preds: Mapping[str, ItemPrediction], rows: Sequence[ItemRow],
                lexicon: ma.Lexicon | None = None) -> list[aa.ItemAudit]:
    """One audit per item of `rows` that has a prediction."""
    rows = [r for r in rows if r.id in preds and preds[r.id].chosen is not None]
    run_preds = [preds[r.id] for r in rows]
    # a run that records refusals (or citations) on some records says "no" on the others
    refusals_recorded = any(p.refused is not None for p in run_preds)
    citations_recorded = any(p.citations is not None for p in run_preds)
    wanted = sorted({pid for p in run_preds for pid in (p.passages or [])})
    texts = {pid: row.text for pid, row in queries.get_passages(project, wanted).items()} if wanted else {}
    finder = aa.EvidenceFinder(texts.get, lexicon)
    out = []
    for r in rows:
        p = preds[r.id]
        out.append(aa.audit_item(
            r.id, r.gold_options or [], p.chosen or [], p.passages, finder, options=r.options,
            option_evidence=(r.meta or {}).get("option_evidence"),
            refused=bool(p.refused) if refusals_recorded else None,
            citations=(p.citations or []) if citations_recorded else None,
            risk_tier=r.risk_tier, category=r.category,
        ))
    return out


def generation_items(preds: Mapping[str, ItemPrediction],
                     rows: Sequence[ItemRow]) -> list[answer_generation.GenerationItem]:
    rows = [r for r in rows if r.id in preds and preds[r.id].chosen is not None]
    run_preds = [preds[r.id] for r in rows]
    refusals_recorded = any(p.refused is not None for p in run_preds)
    citations_recorded = any(p.citations is not None for p in run_preds)
    out = []
    for r in rows:
        p, meta = preds[r.id], r.meta or {}
        out.append(answer_generation.GenerationItem(
            r.id, r.category, meta.get("answerable") is not False,
            bool(p.refused) if refusals_recorded else None,
            (p.citations or []) if citations_recorded else None, meta.get("gold_passages")))
    return out


def _attribute_failures(project: Project, audits: Sequence[aa.ItemAudit], strict: Mapping[str, float],
                        evidence: Mapping[str, Mapping[str, Sequence[str]] | None],
                        lexicon: ma.Lexicon | None) -> None:
    """Failure layers of each item; a retrieval miss is a data problem when the option's evidence is
    nowhere in the corpus (its text and lexicon equivalents checked over every passage, read once)."""
    lex = lexicon or ma.Lexicon()
    corpus: list[str] | None = None
    found: dict[str, bool] = {}

    def in_corpus_of(item_id: str):
        named = {lex.canon(k) for k, ids in (evidence.get(item_id) or {}).items() if ids}

        def check(option: str) -> bool:
            nonlocal corpus
            canon = lex.canon(option)
            if canon in named:
                return True          # the item names passages for it, and imports check that they exist
            if canon not in found:
                if corpus is None:
                    corpus = [fold(p.text) for p in queries.iter_passages(project)]
                terms = lex.variants(option)
                found[canon] = any(t in text and aa.contains_term(text, t) for text in corpus for t in terms)
            return found[canon]
        return check

    for a in audits:
        aa.attribute(a, strict.get(a.item_id, 0.0), in_corpus_of(a.item_id))


def hallucination_figures(project: Project, verify_run: str, item_ids: set[str]) -> dict:
    """Answer sentences of the run's items that the verify run did not find supported (see
    metrics.answer_generation); a sentence counts once all its claims have a parsed verdict."""
    kinds = scoring_store.scorable_runs(project)
    if kinds.get(verify_run) != "verdicts":
        raise InvalidArgument(f"{verify_run} is not a finished verify run")
    claims: dict[str, list[str | None]] = {}
    category: dict[str, str | None] = {}
    for u in scoring_store.verdict_units(project, verify_run):
        if u.sentence_id is None or u.item_id not in item_ids or not u.active:
            continue
        ok = u.verdict if u.parse_status != "failed" else None
        claims.setdefault(u.sentence_id, []).append(ok)
        category[u.sentence_id] = u.category
    if not claims:
        raise InvalidArgument(f"{verify_run} verified no sentence of this run's items")
    checks = [answer_generation.SentenceCheck(sid, category[sid], all(v == "Supported" for v in vs))
              for sid, vs in claims.items() if all(v is not None for v in vs)]
    return {"verify_run": verify_run, **answer_generation.hallucination(checks),
            "n_unscored_sentences": len(claims) - len(checks)}


def audited_result(project: Project, run_id: str, scores: Sequence[ma.OptionScore], n_missing: int,
                   preds: Mapping[str, ItemPrediction], rows: Sequence[ItemRow], *,
                   lexicon: ma.Lexicon | None = None, gates: Mapping | None = None,
                   n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
                   verify_run: str | None = None,
                   lenient_penalty: float = ma.WRONG_OPTION_PENALTY) -> ma.MultiAnswerResult:
    """Strict / intermediate / lenient with intervals, tier gates (audit conditions included), the
    audit figures overall and per tier, and the refusal warning. `lenient_penalty` is the one `scores`
    were scored with: the result names it beside lenient."""
    audits = item_audits(project, preds, rows, lexicon)
    overall = aa.summarise(audits)
    tiers = aa.by_tier(audits)
    res = ma.evaluate(scores, gates, run_id, n_missing, audit=tiers)
    res.lenient_penalty = ma.check_penalty(lenient_penalty)
    _attribute_failures(project, audits, {s.item_id: s.strict for s in scores},
                        {r.id: (r.meta or {}).get("option_evidence") for r in rows}, lexicon)
    res.audit = overall
    res.audit["failure_layers"] = aa.layer_counts(audits)
    for t, figures in tiers.items():
        figures["failure_layers"] = aa.layer_counts([a for a in audits if a.risk_tier == t])
    res.audit_items = aa.item_rows(audits)
    for t, figures in tiers.items():
        res.tiers[t].audit = figures
    strict = [s.strict for s in scores]
    res.strict_ci = stats.wilson(int(sum(strict)), len(strict))
    res.intermediate_ci = aa.mean_interval([s.intermediate for s in scores], n_resamples, seed)
    res.lenient_ci = aa.mean_interval([s.lenient for s in scores], n_resamples, seed)
    gen = generation_items(preds, rows)
    if any(g.citations is not None and g.gold_passages for g in gen) or any(g.refused is not None for g in gen):
        res.audit["generation"] = {**answer_generation.summarise(gen, n_resamples, seed),
                                   "by_category": answer_generation.by_category(gen, n_resamples, seed)}
    correctness = answer_correctness(project, {s.item_id for s in scores}, lexicon)
    if correctness is not None:
        res.audit["answer_correctness"] = correctness
    if verify_run is not None:
        res.audit.setdefault("generation", {})["hallucination"] = hallucination_figures(
            project, verify_run, {s.item_id for s in scores})
        # the label-free precision of the same answers, without its per-answer and filtered lists
        # (`answer-figures` lists them)
        precision = factual_precision_figures(project, verify_run, {s.item_id for s in scores},
                                              n_resamples=n_resamples, seed=seed)
        res.audit["generation"]["factual_precision"] = {
            k: v for k, v in precision.items() if k not in ("answers", "filtered")}
    review = review_figures(project, run_id, {s.item_id: s.strict for s in scores})
    if review is not None:
        res.audit.update(review)
    res.warnings = aa.refusal_warnings(res.strict, overall["refusal_rate"])
    for t, tr in res.tiers.items():
        res.warnings += aa.refusal_warnings(tr.strict, tiers[t]["refusal_rate"], f"tier {t}")
    return res


def compare_answer_runs(project: Project, run_ids: Sequence[str], lexicon: ma.Lexicon | None = None, *,
                        n_resamples: int = stats.DEFAULT_RESAMPLES,
                        seed: int = stats.DEFAULT_SEED, lenient_penalty: float = ma.WRONG_OPTION_PENALTY
                        ) -> list[answer_compare.AnswerComparison]:
    """Regression comparison of choices runs: the first is the baseline, each later one is compared with it;
    both scored with the same `lenient_penalty`."""
    run_ids = list(dict.fromkeys(run_ids))
    if len(run_ids) < 2:
        raise InvalidArgument("compare needs at least two different runs", setting="runs")
    kinds = scoring_store.scorable_runs(project)
    for r in run_ids:
        if kinds.get(r) != "choices":
            holds = f" (it holds {kinds[r]})" if r in kinds else ""
            raise InvalidArgument(f"{r} is not a finished choices run{holds}")
    scores = {r: option_scores(project, r, lexicon, lenient_penalty)[0] for r in run_ids}
    return answer_compare.compare_many(scores, n_resamples=n_resamples, seed=seed, lenient_penalty=lenient_penalty)


def answer_correctness(project: Project, item_ids: set[str] | None = None,
                       lexicon: ma.Lexicon | None = None) -> dict | None:
    """Answer texts against their items' `reference` (metrics.answer_match); None when no item of
    `item_ids` (default: every item) has a reference."""
    texts = answer_texts.answer_texts(project, item_ids)
    if not any(t.reference for t in texts):
        return None
    matches = answer_match.match_answers(
        [answer_match.AnswerInput(t.id, t.answer, t.reference, t.category) for t in texts], lexicon)
    return answer_match.summarise(matches, len(texts))


def _k_for(project: Project, claims: list[fp.ClaimCheck], k: float | None) -> tuple[float | None, str, int]:
    """VeriScore's K: given, else the median verifiable claims per answer over this run's answers from a
    dev split, else over all of this run's answers (said in the source)."""
    if k is not None:
        return k, "given", 0
    counts = fp.verifiable_counts(claims)
    split = {t.id: t.split for t in answer_texts.answer_texts(project, set(counts))}
    dev = [n for item, n in counts.items() if split.get(item) == "dev"]
    if dev:
        return fp.median_k(dev), "median over the run's dev-split answers", len(dev)
    return fp.median_k(counts.values()), "median over the run's answers (no dev split)", len(counts)


def answer_figures(project: Project, verify_run: str, *, k: float | None = None, lexicon: ma.Lexicon | None = None,
                   n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> dict:
    """Label-free factual precision of the answers a verify run checked (FActScore-style and VeriScore's
    F1@K, beside the expert-labelled precision where sentences carry labels), and the correctness of
    those answers against their references where items have one."""
    figures = factual_precision_figures(project, verify_run, k=k, n_resamples=n_resamples, seed=seed)
    return {"verify_run": verify_run, "factual_precision": figures,
            "answer_correctness": answer_correctness(project, {a["item_id"] for a in figures["answers"]}, lexicon)}


def factual_precision_figures(project: Project, verify_run: str, item_ids: set[str] | None = None, *,
                              k: float | None = None, n_resamples: int = stats.DEFAULT_RESAMPLES,
                              seed: int = stats.DEFAULT_SEED) -> dict:
    """metrics.factual_precision over the verify run's claims of answers (of `item_ids` when given)."""
    if scoring_store.scorable_runs(project).get(verify_run) != "verdicts":
        raise InvalidArgument(f"{verify_run} is not a finished verify run")
    texts = answer_texts.claim_texts(project, verify_run)
    claims = [fp.ClaimCheck(u.claim_id, u.item_id, texts.get(u.claim_id, ""),
                            u.verdict if u.parse_status != "failed" else None, u.sentence_label, u.category)
              for u in scoring_store.verdict_units(project, verify_run)
              if u.active and u.item_id is not None and (item_ids is None or u.item_id in item_ids)]
    if not claims:
        raise InvalidArgument(f"{verify_run} verified no claim that belongs to an answer")
    k_value, k_source, k_n = _k_for(project, claims, k)
    figures = fp.summarise(claims, k_value, n_resamples=n_resamples, seed=seed)
    figures.update(k_source=k_source, k_n_answers=k_n)
    return figures
