"""Retrieval runs' evaluation (`factaudit eval-retrieval`) and hits for the views; the runs themselves
are made in engine/services/retrieval_run.py (`factaudit retrieve`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.metrics import retrieval as rmetrics
from factaudit.engine.metrics import retrieval_compare as rcompare
from factaudit.engine.metrics.stats import DEFAULT_RESAMPLES, DEFAULT_SEED, percentile_interval
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.services import status as workflow_status
# The runs themselves (engine/services/retrieval_run.py), named here too: `retrieval.retrieve(...)`.
from factaudit.engine.services.retrieval_run import RetrievalRequest, RetrievalResult, retrieve  # noqa: F401


@dataclass
class RetrievalEval:
    run_id: str
    n_evaluated: int
    n_excluded: int
    metrics: dict[str, float]
    latency_ms: dict[str, float | None]
    k: int | None = None
    retriever: str | None = None
    warnings: list[str] = field(default_factory=list)   # said beside the figures, never in the JSON contract
    intervals: dict[str, list[float] | None] = field(default_factory=dict)   # 95% bootstrap over claims
    by_category: dict[str, dict[str, Any]] = field(default_factory=dict)     # category -> n, metrics, intervals
    n_resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    # corpus -> {n, all, any}: the share of evaluated claims whose gold passages are all / any in it;
    # "union" is the run's corpus (issue #34 item 2)
    gold_coverage: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "n_evaluated": self.n_evaluated, "n_excluded": self.n_excluded,
                "metrics": self.metrics, "latency_ms": self.latency_ms, "intervals": self.intervals,
                "by_category": self.by_category, "n_resamples": self.n_resamples, "seed": self.seed,
                "gold_coverage": self.gold_coverage}


def _analyzer_warning(config: dict) -> list[str]:
    """A BM25 run whose claims and passages were tokenized by different analyzers (a Chinese corpus
    searched by English-ruled claims) shares no terms between them: say so beside the figures."""
    from factaudit.engine.retrieval.tokenize import analyzer_name

    pinned = config.get("languages") or {}
    passages, queries_ = pinned.get("passages") or {}, pinned.get("queries") or {}
    if not passages or not queries_:
        return []
    p_rules = {analyzer_name(code) for code in passages}
    q_rules = {analyzer_name(code) for code in queries_}
    if p_rules & q_rules:
        return []
    return [f"the claims were tokenized as {', '.join(sorted(queries_))} ({', '.join(sorted(q_rules))}) and the "
            f"passages as {', '.join(sorted(passages))} ({', '.join(sorted(p_rules))}): BM25 matches few or no "
            "terms across them; set the right language with `factaudit lang`"]


def gold_coverage(project: Project, claim_ids: list[str], corpora: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Per corpus dataset (default: every dataset holding passages) and for their union ("union"): of the
    claims with gold evidence among `claim_ids`, the share whose gold passages are all in it ("all")
    and the share with at least one there ("any"). A corpus without a claim's gold cannot find it."""
    where = queries.passage_datasets(project)
    gold = queries.gold_evidence(project)
    sets = {c: {g.passage_id for g in gold[c]} for c in claim_ids if gold.get(c)}
    names = sorted(corpora) if corpora else sorted(set(where.values()))
    out: dict[str, dict[str, Any]] = {}
    for name in [*names, "union"]:
        inside = set(names) if name == "union" else {name}
        full = sum(all(where.get(p) in inside for p in g) for g in sets.values())
        some = sum(any(where.get(p) in inside for p in g) for g in sets.values())
        n = len(sets)
        out[name] = {"n": n, "all": round(full / n, 6) if n else None, "any": round(some / n, 6) if n else None}
    return out


def _missing_gold_warning(ranked: dict[str, list[str]], gold: dict[str, set[str]],
                          passages: dict[str, str | None]) -> list[str]:
    """Gold that names passages the project lacks scores zero without anything being wrong with the
    retriever (an import with --id-prefix on one side only, a corpus not imported yet): say so."""
    wanted = {pid for cid in ranked for pid in gold.get(cid, ())}
    missing = sorted(pid for pid in wanted if pid not in passages)
    if not missing:
        return []
    example = ", ".join(missing[:3])
    if len(missing) == len(wanted):
        return [f"none of the {len(wanted):,} gold passages of these claims is in the project (e.g. {example}): "
                "every figure is 0. Import the corpus they name, or the same id prefix on both sides."]
    return [f"{len(missing):,} of {len(wanted):,} gold passages are not in the project (e.g. {example}): "
            "claims citing them cannot reach full recall"]


def list_embedders():
    from factaudit.engine.models.embedders import list_embedders as _list

    return _list()


def retriever_choices() -> list[str]:
    """Retriever specs to offer in a picker: bm25, each known dense model, and RRF of bm25 with each."""
    out = ["bm25"]
    names = [e.name for e in list_embedders()]
    out += [f"dense:{n}" for n in names]
    out += [f"rrf:bm25,dense:{n}" for n in names]
    if len(names) > 1:
        out.append("rrf:bm25," + ",".join(f"dense:{n}" for n in names))
    return out


def eval_retrieval(project: Project, run_id: str, ks: tuple[int, ...] | None = None, *,
                   log_test: bool = True, intervals: bool = False, n_resamples: int = DEFAULT_RESAMPLES,
                   seed: int = DEFAULT_SEED) -> RetrievalEval:
    """Retrieval metrics of a finished run (made here or imported from a TREC file) against the
    claims' gold evidence; claims without gold are excluded and counted. With `intervals` (the
    `eval-retrieval` command), each mean has a percentile bootstrap interval over the evaluated claims,
    and per category (the item's, else the claim's dataset) a row with its n: the resampling costs
    resamples × claims, so the sweeps and views that only read the means leave it out. An evaluation
    over test-split claims is logged as a look at test
    (services.sweep; `log_test=False` for a sweep's own logging).
    Without `ks`, the cutoffs are DEFAULT_KS up to the run's depth (its k, or an imported run's longest
    ranking) and that depth: a k=5 run has no @10 row, which would only repeat @5 under another name."""
    run, ranked, gold, passages, scores = retrieval_scores(project, run_id, ks)
    workflow_status.mark_step(project, "evaluate_retrieval", run_id)   # the Workflow page's step is seen through
    if log_test:
        from factaudit.engine.services.split_looks import log_test_evaluation

        log_test_evaluation(project, run_id, run.config, list(ranked))
    keys = list(scores.metrics)
    run_k = run.config.get("k")
    values = [[row[key] for key in keys] for row in scores.per_query.values()]
    boot = rcompare.bootstrap_means(np.asarray(values), None, n_resamples, seed) if values and intervals else None
    cis = {key: (list(ci) if boot is not None and (ci := percentile_interval(boot[:, j])) else None)
           for j, key in enumerate(keys)} if intervals else {}
    return RetrievalEval(run_id=run_id, n_evaluated=scores.n_evaluated, n_excluded=scores.n_excluded,
                         metrics={k: round(v, 6) for k, v in scores.metrics.items()},
                         latency_ms=rmetrics.latency_percentiles(runs.query_latencies(project, run_id).values()),
                         k=int(run_k) if run_k else None, retriever=run.config.get("retriever"),
                         warnings=_analyzer_warning(run.config) + _missing_gold_warning(ranked, gold, passages),
                         intervals=cis,
                         by_category=rcompare.category_rows(scores.per_query, claim_categories(project), keys,
                                                            n_resamples, seed) if intervals else {},
                         n_resamples=n_resamples, seed=seed,
                         gold_coverage=gold_coverage(project, list(ranked), _run_corpora(run.config)))


def _run_corpora(config: dict[str, Any]) -> list[str] | None:
    """The corpus datasets a retrieve run read (None: every dataset, or an imported run's unknown)."""
    if config.get("corpus_datasets"):
        return list(config["corpus_datasets"])
    return [config["corpus_dataset"]] if config.get("corpus_dataset") else None


def retrieval_scores(project: Project, run_id: str, ks: tuple[int, ...] | None = None):
    """(run, rankings, gold, passage → document, RetrievalScores with per-query rows) of a retrieval run."""
    run = runs.get_run(project, run_id)
    if run.kind not in ("retrieve", "imported"):
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a retrieval run")
    if run.status != "done":
        raise InvalidArgument(f"{run_id} is {run.status}; only finished runs are evaluated")
    hits = runs.get_hits(project, run_id)
    latencies = runs.query_latencies(project, run_id)
    if not hits and not latencies:
        raise InvalidArgument(f"{run_id} has no retrieval hits")
    ranked = {cid: [h.passage_id for h in sorted(hs, key=lambda h: h.rank)] for cid, hs in hits.items()}
    for cid in latencies:
        ranked.setdefault(cid, [])
    gold = {cid: {g.passage_id for g in ev} for cid, ev in queries.gold_evidence(project).items()}
    run_k = run.config.get("k")
    if ks is None:
        depth = int(run_k) if run_k else max((len(r) for r in ranked.values()), default=0)
        ks = tuple(k for k in rmetrics.DEFAULT_KS if not depth or k <= depth)
    all_ks = tuple(sorted({*ks, *([int(run_k)] if run_k else [])}))
    passages = queries.passage_doc_ids(project)
    return run, ranked, gold, passages, rmetrics.evaluate(ranked, gold, all_ks, passages)


def claim_categories(project: Project) -> dict[str, str]:
    """Each claim's category for per-category rows and stratified resampling: its item's category,
    else its dataset's name."""
    from factaudit.engine.project.answer_texts import answer_texts

    item_cat = {a.id: a.category for a in answer_texts(project) if a.category}
    return {c.id: item_cat.get(c.item_id or "") or c.dataset
            for c in queries.list_claims(project, active_only=False)}


def is_retrieval_run(project: Project, run_id: str) -> bool:
    """A run that holds rankings: a retrieve run, or an imported TREC run."""
    r = runs.get_run(project, run_id)
    return r.kind == "retrieve" or (r.kind == "imported" and r.config.get("format") == "trec")


def demo_step_retrieve(project: Project, summary, progress: ProgressCallback = no_progress) -> None:
    """Demo: BM25 (k=10) for the scifact-demo claims against all passages, with its nDCG@10."""
    res = retrieve(project, RetrievalRequest("bm25", k=10, dataset="scifact-demo"), progress=progress)
    ev = eval_retrieval(project, res.run_id)
    ndcg = ev.metrics.get("ndcg@10")
    summary.steps.append({
        "step": "retrieve", "run_id": res.run_id, "ndcg@10": ndcg,
        "text": (f"BM25 retrieved the top 10 of {res.n_passages} passages for {res.n_queries} SciFact claims "
                 f"in {res.seconds:.1f} s ({res.run_id}); nDCG@10 = {ndcg:.3f} over {ev.n_evaluated} claims "
                 f"with gold evidence"),
    })


# ---- hits for the views ------------------------------------------------------------------------------
@dataclass
class HitView:
    rank: int
    score: float
    passage_id: str
    doc_id: str | None
    title: str
    text: str
    gold: bool
    title_spans: list[tuple[int, int]]
    text_spans: list[tuple[int, int]]


@dataclass
class ClaimHits:
    run_id: str
    claim_id: str
    claim_text: str
    gold_passages: list[str]
    hits: list[HitView]


def hit_runs(project: Project) -> list:
    """Finished runs that hold retrieval hits (made here or imported), newest first."""
    out = []
    for r in runs.list_runs(project):
        if r.status == "done" and (r.kind == "retrieve" or (r.kind == "imported" and r.config.get("format") == "trec")):
            out.append(r)
    return out[::-1]


def run_claim_ids(project: Project, run_id: str) -> list[str]:
    ids = set(runs.get_hits(project, run_id)) | set(runs.query_latencies(project, run_id))
    order = {c.id: n for n, c in enumerate(queries.list_claims(project, active_only=False))}
    return sorted(ids, key=lambda c: (order.get(c, len(order)), c))


def claim_hits(project: Project, run_id: str, claim_id: str) -> ClaimHits:
    """A claim's ranked passages in a run, gold marked, query terms located (by BM25 tokenization)."""
    from factaudit.engine.retrieval.highlight import match_spans

    claim = queries.get_claim(project, claim_id)
    hits = runs.get_hits(project, run_id, claim_id).get(claim_id, [])
    gold = [g.passage_id for g in queries.gold_evidence(project).get(claim_id, [])]
    passages = queries.get_passages(project, [h.passage_id for h in hits])
    langs = _stored_langs(project, claim.dataset, [h.passage_id for h in hits])
    qlang = langs.get(None)
    views = []
    for h in hits:
        p = passages.get(h.passage_id)
        title, text = (p.title or "", p.text) if p else ("", "(passage not in the project)")
        plang = langs.get(h.passage_id)
        views.append(HitView(h.rank, h.score, h.passage_id, p.doc_id if p else None, title, text,
                             h.passage_id in gold, match_spans(claim.text, title, qlang, plang),
                             match_spans(claim.text, text, qlang, plang)))
    return ClaimHits(run_id, claim_id, claim.text, gold, views)


def _stored_langs(project: Project, claim_dataset: str, passage_ids: list[str]) -> dict[str | None, str | None]:
    """Stored languages (no detection: a view must be quick): key None = the claim's dataset."""
    from factaudit.engine.project import lang_store

    out: dict[str | None, str | None] = {None: lang_store.dataset_langs(project).get(claim_dataset)}
    out.update(lang_store.langs_of_passages(project, passage_ids))
    return out
