"""SQL for retrieval sweeps on a dev split and the log of looks at a test split (issue #13 item 6)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from factaudit.engine.errors import NotFound
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso


@dataclass
class SweepRecord:
    id: int
    split: str
    pick_metric: str
    grid: list[dict[str, Any]]
    results: list[dict[str, Any]]
    pick: dict[str, Any]
    created: str


@dataclass
class TestLook:
    id: int
    family: str
    config: dict[str, Any]
    split: str
    run_id: str | None
    sweep_id: int | None
    via: str
    created: str


_SWEEP = "id, split, pick_metric, grid, results, pick, created"
_LOOK = "id, family, config, split, run_id, sweep_id, via, created"


def add_sweep(project: Project, split: str, pick_metric: str, grid: list, results: list, pick: dict) -> SweepRecord:
    with project.atomic() as conn:
        cur = conn.execute("INSERT INTO sweeps(split, pick_metric, grid, results, pick, created)"
                           " VALUES (?, ?, ?, ?, ?, ?)", (split, pick_metric, dumps(grid), dumps(results), dumps(pick), now_iso()))
        sid = int(cur.lastrowid)
    return get_sweep(project, sid)


def get_sweep(project: Project, sweep_id: int) -> SweepRecord:
    r = project.reader().execute(f"SELECT {_SWEEP} FROM sweeps WHERE id = ?", (sweep_id,)).fetchone()
    if r is None:
        raise NotFound(f"no sweep {sweep_id}")
    return SweepRecord(r[0], r[1], r[2], loads(r[3], []), loads(r[4], []), loads(r[5], {}), r[6])


def list_sweeps(project: Project) -> list[SweepRecord]:
    return [SweepRecord(r[0], r[1], r[2], loads(r[3], []), loads(r[4], []), loads(r[5], {}), r[6])
            for r in project.reader().execute(f"SELECT {_SWEEP} FROM sweeps ORDER BY id")]


def add_look(project: Project, family: str, config: dict, split: str, run_id: str | None, sweep_id: int | None,
             via: str) -> None:
    with project.atomic() as conn:
        conn.execute("INSERT INTO test_looks(family, config, split, run_id, sweep_id, via, created)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)", (family, dumps(config), split, run_id, sweep_id, via, now_iso()))


def looks(project: Project) -> list[TestLook]:
    return [TestLook(r[0], r[1], loads(r[2], {}), r[3], r[4], r[5], r[6], r[7])
            for r in project.reader().execute(f"SELECT {_LOOK} FROM test_looks ORDER BY id")]


def claim_splits(project: Project, claim_ids: list[str]) -> dict[str, str | None]:
    """The split of each claim's dataset."""
    return dict(rows_in(project.reader(), "SELECT c.id, d.split FROM claims c JOIN datasets d ON d.id = c.dataset_id"
                        " WHERE c.id IN ({marks})", claim_ids))


def split_datasets(project: Project, split: str) -> list[tuple[str, bool]]:
    """(name, frozen) of the datasets holding claims of a split."""
    return [(r[0], bool(r[1])) for r in project.reader().execute(
        "SELECT d.name, d.frozen FROM datasets d WHERE d.split = ? AND EXISTS"
        " (SELECT 1 FROM claims c WHERE c.dataset_id = d.id) ORDER BY d.id", (split,))]


def claims_in_frozen(project: Project, claim_ids: list[str]) -> bool:
    return any(rows_in(project.reader(), "SELECT 1 FROM claims c JOIN datasets d ON d.id = c.dataset_id"
                       " WHERE d.frozen = 1 AND c.id IN ({marks}) LIMIT 1", claim_ids))
