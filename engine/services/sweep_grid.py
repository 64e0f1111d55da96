"""The ablation grid (issue #34 item 6, engine part): retriever × k × merge × rerank × corpus union ×
verifier × prompt (any subset), verified on a dev split, picked by accuracy, confirmed once on test.

Each cell is a chain of ordinary pinned runs (retrieve, optionally rerank, verify), so its figures are
exactly those of the separate runs. A cell whose runs exist already (same pins, finished) reuses them and
an interrupted verify run is resumed, so a grid killed half-way goes on where it stopped when run again.
The table gives each cell's accuracy over the split's claims with a gold verdict (a claim without a
verdict counts as wrong) and its 95% Wilson interval, the omnibus Cochran's Q over all cells (χ² and
permutation p), exact McNemar tests of every cell against the baseline cell with Holm-adjusted p, and
each cell's cost (its runs' CPU and wall seconds and, where priced, money). `grid_estimate` says before a grid
starts how many runs it needs and how long they would take from the per-claim times of earlier runs.
"""
from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.metrics import stats
from factaudit.engine.project import queries, runs as run_store, sweep_store
from factaudit.engine.models.classifier_registry import EMBEDDED_CLASSIFIER
from factaudit.engine.project.db import Project
from factaudit.engine.services.costs import run_cost
from factaudit.engine.services.split_looks import TEST_SPLIT
from factaudit.engine.services.sweeps import confirmable

EMBEDDED = EMBEDDED_CLASSIFIER        # a cell with no verifier named uses the default classifier


@dataclass
class GridSpec:
    retrievers: list[str] = field(default_factory=lambda: ["bm25"])
    merges: list[str] = field(default_factory=lambda: ["none"])            # sub-query merge (retrieval MERGES)
    ks: list[int] = field(default_factory=lambda: [5])
    reranks: list[int | None] = field(default_factory=lambda: [None])       # top N reranked, None: no rerank
    corpora: list[list[str] | None] = field(default_factory=lambda: [None])  # a union of datasets, None: all
    verifiers: list[str | None] = field(default_factory=lambda: [None])     # None: the embedded classifier
    prompts: list[str | None] = field(default_factory=lambda: [None])       # project prompts (LLM verifiers)
    limit: int | None = None            # the split's first N claims only (a grid sized to the machine)

    def cells(self) -> list[dict[str, Any]]:
        out = []
        from factaudit.engine.retrieval.runner import MERGES

        for m in self.merges:
            if m not in MERGES:
                raise InvalidArgument(f"unknown merge {m!r}; expected one of {', '.join(MERGES)}")
        for r, m, n, c, v, p, k in itertools.product(self.retrievers, self.merges, self.reranks, self.corpora,
                                                     self.verifiers, self.prompts, sorted(set(self.ks))):
            if n is not None and k > n:
                raise InvalidArgument(f"a rerank of the top {n} cannot keep k={k}", setting="k")
            out.append({"retriever": r, "merge": m, "rerank": n, "corpus": sorted(c) if c else None, "verifier": v,
                        "prompt": p, "k": k})
        return out


@dataclass
class GridResult:
    sweep_id: int
    split: str
    n_claims: int
    cells: list[dict[str, Any]]
    omnibus: dict[str, Any]
    pairwise: list[dict[str, Any]]
    pick: dict[str, Any]
    baseline: int = 0
    confirmation: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _split_claims(project: Project, split: str) -> list[str]:
    datasets = sweep_store.split_datasets(project, split)
    if not datasets:
        raise InvalidArgument(f"no claims dataset has split {split!r} (set it on import)", setting="split")
    return [c.id for name, _ in datasets for c in queries.list_claims(project, dataset=name)]


def _find(project: Project, kind: str, test) -> str | None:
    """The newest finished run of `kind` whose config passes `test` (a grid's earlier cell)."""
    for run in reversed(run_store.list_runs(project, kind)):
        if run.status == "done" and test(run.config or {}):
            return run.id
    return None


def _retrieval(project: Project, cell: dict, depth: int, claim_ids: list[str], progress, cancel,
               make: bool = True) -> list[str] | None:
    from factaudit.engine.services.rerank import RerankRequest, rerank
    from factaudit.engine.services.retrieval_run import RetrievalRequest, retrieve

    from factaudit.engine.retrieval.runner import parse_spec

    union = cell["corpus"]
    merge = cell.get("merge") or "none"       # a grid stored before the merge axis had none
    one, many = (union[0], None) if union and len(union) == 1 else (None, union)
    # a run pins its retriever's full label (`dense` is stored as `dense:minilm-l6`)
    label = parse_spec(cell["retriever"]).label
    run = _find(project, "retrieve", lambda c: "rerank" not in c and c.get("retriever") == label
                and c.get("merge", "none") == merge and c.get("k") == depth and c.get("claim_ids") == claim_ids
                and c.get("corpus_dataset") == one and c.get("corpus_datasets") == many)
    if run is None and not make:
        return None
    if run is None:
        run = retrieve(project, RetrievalRequest(cell["retriever"], k=depth, claim_ids=claim_ids, corpus_dataset=one,
                                                 corpus_datasets=many, merge=merge),
                       progress=progress, cancel=cancel).run_id
    chain = [run]
    if cell["rerank"]:
        top = cell["rerank"]
        again = _find(project, "retrieve", lambda c: (c.get("rerank") or {}).get("source_run") == run
                      and c["rerank"].get("top_n") == top and c.get("k") == top)
        if again is None and not make:
            return None
        chain.append(again or rerank(project, RerankRequest(run, top_n=top, k=top), progress, cancel).run_id)
    return chain


def _verify(project: Project, cell: dict, retrieval_run: str, progress, cancel, make: bool = True) -> str | None:
    from factaudit.engine.models.registry import list_endpoints
    from factaudit.engine.services.verification import VerifyRequest, verify

    target = cell["verifier"] or EMBEDDED
    # a saved endpoint's runs pin its URL and the server's model name, not the name it was saved under
    saved = next(((e.base_url, e.model_name) for e in list_endpoints() if e.name == target), None)

    def same(c: dict) -> bool:
        pin = c.get("model") or {}
        model = ((pin.get("endpoint"), pin.get("model_name")) == saved if saved and pin.get("source") == "endpoint"
                 else (pin.get("name") or pin.get("model_name")) == target)
        prompt = c.get("prompt") or {}
        # a project prompt's pin carries its text; a shipped template's does not
        wanted = ("text" not in prompt) if cell["prompt"] is None else prompt.get("name") == cell["prompt"]
        return c.get("retrieval_run") == retrieval_run and c.get("k") == cell["k"] and model and wanted
    done = _find(project, "verify", same)
    if done is not None or not make:
        return done
    stopped = [r for r in run_store.list_runs(project, "verify")
               if r.status in run_store.RESUMABLE and same(r.config or {})]
    req = VerifyRequest(retrieval_run=retrieval_run, k=cell["k"], model=cell["verifier"], prompt=cell["prompt"],
                        resume=stopped[-1].id if stopped else None)
    return verify(project, req, progress, cancel).run_id


def _cell_runs(project: Project, cell: dict, depth: int, claim_ids: list[str], progress, cancel) -> list[str]:
    chain = _retrieval(project, cell, depth, claim_ids, progress, cancel)
    return chain + [_verify(project, cell, chain[-1], progress, cancel)]


def _spec_claims(project: Project, spec: GridSpec, split: str) -> list[str]:
    claim_ids = _split_claims(project, split)
    return claim_ids[:spec.limit] if spec.limit else claim_ids


def grid_done(project: Project, spec: GridSpec, split: str = "dev") -> list[list[str] | None]:
    """Each cell's finished chain of runs (retrieve, rerank, verify), None for a cell still to run: what a
    grid stopped half-way has done, and what running it again reuses."""
    claim_ids = _spec_claims(project, spec, split)
    depth = max(spec.ks)
    out = []
    for cell in spec.cells():
        chain = _retrieval(project, cell, cell["rerank"] or depth, claim_ids, no_progress, None, make=False)
        last = None if chain is None else _verify(project, cell, chain[-1], no_progress, None, make=False)
        out.append(None if last is None else chain + [last])
    return out


def _correct(project: Project, run_id: str, gold: dict[str, str]) -> np.ndarray:
    verdicts = run_store.get_verdicts(project, run_id)
    return np.array([verdicts[c].verdict == g if c in verdicts else False for c, g in gold.items()], dtype=bool)


def _cost(project: Project, runs: list[str]) -> dict[str, Any]:
    costs = [run_cost(project, r) for r in runs]
    money = [c.cost for c in costs if c.where == "endpoint"]
    reasoning = [c.tokens_reasoning for c in costs if c.tokens_reasoning is not None]
    return {"cpu_s": round(sum(c.cpu_s or 0.0 for c in costs), 3), "wall_s": round(sum(c.wall_s or 0.0 for c in costs), 3),
            "money": sum(money) if money and all(m is not None for m in money) else None,
            "local": all(c.where == "local" for c in costs),
            "tokens_out": sum(c.tokens_out or 0 for c in costs),
            "tokens_reasoning": sum(reasoning) if reasoning else None}


def grid_table(project: Project, cell_runs: list[list[str]], gold: dict[str, str], baseline: int = 0,
          n_permutations: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> tuple[list, dict, list]:
    """(per-cell figures, omnibus Cochran's Q, pairwise McNemar against `baseline` with Holm p) of cells
    whose verify run is the last of each chain, over the claims of `gold` ({claim: gold verdict})."""
    x = np.column_stack([_correct(project, chain[-1], gold) for chain in cell_runs]).astype(int)
    n = len(gold)
    rows = []
    for j, chain in enumerate(cell_runs):
        k = int(x[:, j].sum())
        ci = stats.wilson(k, n) if n else None
        rows.append({"runs": chain, "n": n, "correct": k, "accuracy": k / n if n else None,
                     "interval": list(ci) if ci else None, "cost": _cost(project, chain)})
    q = stats.cochran_q(x, n_permutations, seed) if x.shape[1] > 1 and n else None
    omnibus = {} if q is None else {"q": q.statistic, "df": q.df, "p_asymptotic": q.p_asymptotic,
                                    "p_permutation": q.p_permutation, "n": q.n_units}
    pairs = []
    for j in range(x.shape[1]):
        if j != baseline:
            only_base, only_cell, p = stats.mcnemar_exact(x[:, baseline], x[:, j])
            pairs.append({"cell": j, "baseline_only": only_base, "cell_only": only_cell, "p": p})
    for pair, adj in zip(pairs, stats.holm([p["p"] for p in pairs])):
        pair["p_holm"] = adj
    return rows, omnibus, pairs


def grid_estimate(project: Project, spec: GridSpec) -> dict[str, Any]:
    """Runs a grid needs and the seconds they would take from earlier runs' per-claim wall time
    (None for a kind of run with no measured predecessor: the grid says so rather than guess)."""
    cells = spec.cells()
    n_ret = len({(c["retriever"], c["merge"], str(c["corpus"])) for c in cells})
    n_rerank = len({(c["retriever"], c["merge"], str(c["corpus"]), c["rerank"]) for c in cells if c["rerank"]})
    per_verifier: dict[str, int] = {}
    for c in cells:
        per_verifier[c["verifier"] or EMBEDDED] = per_verifier.get(c["verifier"] or EMBEDDED, 0) + 1

    def per_claim(kind: str, model: str | None = None) -> float | None:
        rates = []
        for r in run_store.list_runs(project, kind):
            walls = [s.get("wall_s") for s in (r.summary.get("sessions") or []) if s.get("wall_s") is not None]
            n = r.summary.get("n_claims") or r.summary.get("n_queries") or (r.config or {}).get("n_claims")
            pin = (r.config or {}).get("model") or {}
            if walls and n and (model is None or pin.get("name") == model or pin.get("model_name") == model):
                rates.append(sum(walls) / n)
        return float(np.median(rates)) if rates else None
    return {"n_cells": len(cells), "retrieve_runs": n_ret, "rerank_runs": n_rerank,
            "verify_runs": dict(per_verifier),
            "seconds_per_claim": {"retrieve": per_claim("retrieve"),
                                  **{v: per_claim("verify", v) for v in per_verifier}}}


def run_grid(project: Project, spec: GridSpec, split: str = "dev", baseline: int = 0,
             confirm_on: str | None = None, n_permutations: int = stats.DEFAULT_RESAMPLES,
             progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> GridResult:
    if split == TEST_SPLIT:
        raise InvalidArgument("tuning on the test split is what this protocol forbids: run the grid on dev, "
                              "then confirm on test", setting="confirm_on")
    cells = spec.cells()
    if not 0 <= baseline < len(cells):
        raise InvalidArgument(f"the baseline is a cell number from 0 to {len(cells) - 1}")
    claim_ids = _spec_claims(project, spec, split)
    gold = {c.id: c.gold_label for c in queries.list_claims(project, ids=claim_ids) if c.gold_label}
    if not gold:
        raise InvalidArgument(f"no claim of split {split!r} has a gold verdict: nothing to pick by")
    depth = max(spec.ks)
    chains = []
    for n, cell in enumerate(cells):
        progress(n, len(cells), "grid cells")
        chains.append(_cell_runs(project, cell, cell["rerank"] or depth, claim_ids, no_progress, cancel))
    rows, omnibus, pairs = grid_table(project, chains, gold, baseline, n_permutations)
    results = [{**cell, **row} for cell, row in zip(cells, rows)]
    best = max(range(len(results)), key=lambda j: results[j]["accuracy"])    # first of equal values
    pick = {"cell": best, **cells[best], "accuracy": results[best]["accuracy"], "run_id": chains[best][-1],
            "baseline": baseline}
    record = sweep_store.add_sweep(project, split, "accuracy", cells, results, pick)
    progress(len(cells), len(cells), "picked")
    out = GridResult(record.id, split, len(gold), results, omnibus, pairs, pick, baseline)
    if confirm_on:
        out.confirmation = confirm_grid(project, record.id, confirm_on, cancel=cancel)
    return out


def report_grids(project: Project, n_permutations: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    """The report's grid section: the newest record of each distinct grid (a grid run again after a stop
    records itself again), its table recomputed from the cells' runs against the claims' gold verdicts as
    they are now, Cochran's Q with the report's resamples and seed. Keyed by the sweep number as text; a
    grid whose runs are gone says so instead."""
    from factaudit.engine.errors import NotFound

    newest: dict[str, Any] = {}
    for rec in sweep_store.list_sweeps(project):
        if rec.pick_metric == "accuracy" and rec.results and "runs" in rec.results[0]:
            newest[repr(rec.grid)] = rec
    out: dict[str, Any] = {}
    for rec in sorted(newest.values(), key=lambda r: r.id):
        chains = [r["runs"] for r in rec.results]
        baseline = int(rec.pick.get("baseline", 0))
        try:
            claim_ids = run_store.get_run(project, chains[0][0]).config.get("claim_ids") or []
            gold = {c.id: c.gold_label for c in queries.list_claims(project, ids=claim_ids) if c.gold_label}
            rows, omnibus, pairs = (grid_table(project, chains, gold, baseline, n_permutations, seed) if gold
                                    else ([], {}, []))
        except NotFound as exc:
            out[str(rec.id)] = {"missing": str(exc)}
            continue
        axes = [{k: c.get(k) for k in ("retriever", "merge", "rerank", "corpus", "verifier", "prompt", "k")}
                for c in rec.grid]
        out[str(rec.id)] = {"split": rec.split, "created": rec.created, "n_claims": len(gold), "baseline": baseline,
                            "pick": rec.pick.get("cell"), "cells": [{**a, **r} for a, r in zip(axes, rows)],
                            "omnibus": omnibus, "pairwise": pairs}
    return out


def confirm_grid(project: Project, sweep_id: int, split: str = TEST_SPLIT,
                 cancel: CancelToken | None = None) -> dict[str, Any]:
    """The picked cell once on a test split (logged); a second look is refused."""
    rec = confirmable(project, sweep_id, split, "grid")
    cell = {k: rec.pick.get(k) for k in ("retriever", "merge", "rerank", "corpus", "verifier", "prompt", "k")}
    claim_ids = _split_claims(project, split)
    gold = {c.id: c.gold_label for c in queries.list_claims(project, ids=claim_ids) if c.gold_label}
    chain = _cell_runs(project, cell, cell["rerank"] or cell["k"], claim_ids, no_progress, cancel)
    correct = _correct(project, chain[-1], gold)
    sweep_store.add_look(project, cell["retriever"], cell, split, chain[-1], sweep_id, "grid-confirm")
    k, n = int(correct.sum()), len(gold)
    ci = stats.wilson(k, n) if n else None
    return {"split": split, "runs": chain, "n": n, "correct": k, "accuracy": k / n if n else None,
            "interval": list(ci) if ci else None}
