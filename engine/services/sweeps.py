"""Choose on dev, confirm once on test (issue #13 item 6).

`sweep` runs every retriever of the grid over the claims of a dev split (one run per retriever at
the largest k; a smaller k is the same ranking cut shorter), evaluates each (retriever, k) and records
the pick: the configuration with the highest pick metric (`ndcg@5`; without `@k` the metric at the
configuration's own k), the first in grid order on a tie. `confirm` evaluates the picked configuration
once on a test split and refuses a second look for the same sweep. Every evaluation on a test split —
a confirmation, or `eval-retrieval` of a run over test claims — is logged in `test_looks`; the report
counts the looks per configuration family (the retriever spec).

A test split is one named `test` or a frozen dataset; a sweep refuses to tune on one.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.jobs import CancelToken, ProgressCallback, no_progress
from factaudit.engine.project import queries, sweep_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.retrieval import RetrievalRequest, eval_retrieval, retrieve
from factaudit.engine.services.split_looks import TEST_SPLIT, looks_at_test

@dataclass
class SweepResult:
    sweep_id: int
    split: str
    pick_metric: str
    results: list[dict[str, Any]]
    pick: dict[str, Any]
    confirmation: dict[str, Any] | None = None
    test_looks: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def parse_retrievers(text: str) -> list[str]:
    """`bm25,dense,rrf:bm25,dense` -> [bm25, dense, rrf:bm25,dense]: an `rrf:` spec takes the rest."""
    tokens = [t.strip() for t in text.split(",") if t.strip()]
    out: list[str] = []
    for n, t in enumerate(tokens):
        if t.startswith("rrf:"):
            out.append(",".join(tokens[n:]))
            break
        out.append(t)
    if not out:
        raise InvalidArgument("name at least one retriever", setting="retrievers")
    return list(dict.fromkeys(out))


def _split_claims(project: Project, split: str) -> tuple[list[str], list[tuple[str, bool]]]:
    datasets = sweep_store.split_datasets(project, split)
    if not datasets:
        raise InvalidArgument(f"no claims dataset has split {split!r} (set it on import)", setting="split")
    ids = [c.id for name, _ in datasets for c in queries.list_claims(project, dataset=name)]
    return ids, datasets


def _value(metrics: dict[str, float], pick: str, k: int) -> float | None:
    key = pick if "@" in pick else f"{pick}@{k}"
    if key not in metrics:
        raise InvalidArgument(f"unknown pick metric {pick!r}; e.g. ndcg@5, recall@10, mrr (at each k)")
    v = metrics[key]
    return None if v != v else v


def _evaluate(project: Project, retriever: str, ks: Sequence[int], claim_ids: list[str], pick: str,
              progress: ProgressCallback, cancel: CancelToken | None) -> tuple[str, dict[str, float]]:
    extra = [int(pick.rsplit("@", 1)[1])] if "@" in pick and pick.rsplit("@", 1)[1].isdigit() else []
    run = retrieve(project, RetrievalRequest(retriever, k=max(ks), claim_ids=claim_ids), progress=progress,
                   cancel=cancel)
    ev = eval_retrieval(project, run.run_id, ks=tuple(sorted({*ks, *extra})), log_test=False)
    return run.run_id, ev.metrics


def sweep(project: Project, split: str = "dev", retrievers: Sequence[str] = ("bm25",), ks: Sequence[int] = (5, 10),
          pick: str = "ndcg@5", confirm_on: str | None = None, progress: ProgressCallback = no_progress,
          cancel: CancelToken | None = None) -> SweepResult:
    ks = sorted({int(k) for k in ks})
    if not ks or ks[0] < 1:
        raise InvalidArgument("k needs positive values, e.g. 5,10", setting="k")
    if split == TEST_SPLIT:
        raise InvalidArgument("tuning on the test split is what this protocol forbids: sweep on dev, then "
                              "confirm on test", setting="confirm_on")
    claim_ids, datasets = _split_claims(project, split)
    frozen = [n for n, f in datasets if f]
    if frozen:
        raise InvalidArgument(f"dataset {frozen[0]!r} of split {split!r} is frozen as a test set: "
                              "tune on another split")
    results, grid = [], [{"retriever": r, "k": k} for r in retrievers for k in ks]
    for n, retriever in enumerate(retrievers):
        progress(n, len(retrievers), f"{retriever} on {split}")
        run_id, metrics = _evaluate(project, retriever, ks, claim_ids, pick, no_progress, cancel)
        for k in ks:
            results.append({"retriever": retriever, "k": k, "run_id": run_id, "value": _value(metrics, pick, k),
                            "metrics": {m: v for m, v in metrics.items() if m.endswith(f"@{k}")}})
    scored = [r for r in results if r["value"] is not None]
    if not scored:
        raise InvalidArgument(f"no claim of split {split!r} has gold passages: nothing to pick by")
    best = max(scored, key=lambda r: r["value"])       # max keeps the first of equal values: grid order
    chosen = {"retriever": best["retriever"], "k": best["k"], "run_id": best["run_id"], "value": best["value"]}
    record = sweep_store.add_sweep(project, split, pick, grid, results, chosen)
    progress(len(retrievers), len(retrievers), "picked")
    out = SweepResult(record.id, split, pick, results, chosen)
    if confirm_on:
        out.confirmation = confirm(project, record.id, confirm_on, cancel=cancel)
    out.test_looks = looks_at_test(project)
    return out


def confirmable(project: Project, sweep_id: int, split: str, noun: str):
    """The sweep (or grid) record whose pick may be looked at on `split`: refused on the split it was tuned
    on, and refused once its pick was looked at (the protocol allows one look at test)."""
    rec = sweep_store.get_sweep(project, sweep_id)
    if split == rec.split:
        raise InvalidArgument(f"{noun} {sweep_id} was tuned on {split!r}: confirm on another split")
    done = [x for x in sweep_store.looks(project) if x.sweep_id == sweep_id and x.via == f"{noun}-confirm"]
    if done:
        raise InvalidArgument(f"{noun} {sweep_id}'s pick was already evaluated on {done[0].split!r} "
                              f"(run {done[0].run_id}); looking again is what the protocol forbids")
    return rec


def confirm(project: Project, sweep_id: int, split: str = TEST_SPLIT,
            cancel: CancelToken | None = None) -> dict[str, Any]:
    """Evaluate a sweep's pick once on a test split (logged); a second look is refused."""
    rec = confirmable(project, sweep_id, split, "sweep")
    claim_ids, _ = _split_claims(project, split)
    pick = rec.pick
    run_id, metrics = _evaluate(project, pick["retriever"], [pick["k"]], claim_ids, rec.pick_metric, no_progress,
                                cancel)
    sweep_store.add_look(project, pick["retriever"], {"retriever": pick["retriever"], "k": pick["k"]}, split, run_id,
                         sweep_id, "sweep-confirm")
    return {"split": split, "run_id": run_id, "retriever": pick["retriever"], "k": pick["k"],
            "value": _value(metrics, rec.pick_metric, pick["k"]), "metrics": metrics}
