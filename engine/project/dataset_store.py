"""SQL for renaming and deleting a dataset (the Data page). A dataset is deleted only while no run
and no annotation uses its records; the delete is one transaction, so nothing is half removed."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.project.db import Project


@dataclass
class DatasetUsage:
    name: str
    frozen: bool
    runs: list[str] = field(default_factory=list)         # runs whose hits, verdicts, units or claims touch it
    n_annotations: int = 0
    runs_naming_it: list[str] = field(default_factory=list)   # runs whose settings name it

    @property
    def in_use(self) -> bool:
        return bool(self.runs or self.n_annotations)


def _dataset_id(conn: sqlite3.Connection, name: str) -> tuple[int, bool]:
    row = conn.execute("SELECT id, frozen FROM datasets WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NotFound(f"no dataset named {name!r}")
    return int(row[0]), bool(row[1])


_RUNS_USING = """
SELECT run_id FROM retrieval_hits WHERE claim_id IN (SELECT id FROM claims WHERE dataset_id = :d)
UNION SELECT run_id FROM retrieval_hits WHERE passage_id IN (SELECT id FROM passages WHERE dataset_id = :d)
UNION SELECT run_id FROM verdicts WHERE claim_id IN (SELECT id FROM claims WHERE dataset_id = :d)
UNION SELECT run_id FROM judge_units WHERE claim_id IN (SELECT id FROM claims WHERE dataset_id = :d)
UNION SELECT run_id FROM item_predictions WHERE item_id IN (SELECT id FROM items WHERE dataset_id = :d)
UNION SELECT run_id FROM claims WHERE dataset_id = :d AND run_id IS NOT NULL
UNION SELECT r.id FROM runs r WHERE r.kind = 'imported' AND json_extract(r.config, '$.dataset') = :name
"""
_ANNOTATIONS_ON = """
SELECT count(*) FROM annotations WHERE claim_id IN (SELECT id FROM claims WHERE dataset_id = :d)
   OR claim_id IN (SELECT s.id FROM sentences s JOIN items i ON i.id = s.item_id WHERE i.dataset_id = :d)
"""


def usage(project: Project, name: str) -> DatasetUsage:
    conn = project.reader()
    did, frozen = _dataset_id(conn, name)
    args = {"d": did, "name": name}
    runs = sorted({r[0] for r in conn.execute(_RUNS_USING, args)},
                  key=lambda r: (r.rsplit("-", 1)[0], int(r.rsplit("-", 1)[1]) if r.rsplit("-", 1)[-1].isdigit() else 0))
    naming = [r[0] for r in conn.execute("SELECT id FROM runs WHERE json_extract(config, '$.dataset') = ?"
                                         " OR json_extract(config, '$.corpus_dataset') = ? ORDER BY seq", (name, name))]
    return DatasetUsage(name, frozen, runs, conn.execute(_ANNOTATIONS_ON, args).fetchone()[0], naming)


def rename(project: Project, old: str, new: str) -> None:
    new = new.strip()
    if not new:
        raise InvalidArgument("a dataset needs a name")
    with project.atomic() as conn:
        _dataset_id(conn, old)
        if new != old and conn.execute("SELECT 1 FROM datasets WHERE name = ?", (new,)).fetchone():
            raise InvalidArgument(f"a dataset named {new!r} already exists")
        conn.execute("UPDATE datasets SET name = ? WHERE name = ?", (new, old))


def delete(project: Project, name: str) -> dict[str, int]:
    """Remove the dataset and its records; returns how many of each were removed."""
    with project.atomic() as conn:
        did, _ = _dataset_id(conn, name)
        args = {"d": did}
        counts = {}
        steps = (
            ("gold passages", "DELETE FROM claim_gold WHERE claim_id IN (SELECT id FROM claims WHERE dataset_id = :d)"),
            ("claims", "DELETE FROM claims WHERE dataset_id = :d"),
            ("sentences", "DELETE FROM sentences WHERE item_id IN (SELECT id FROM items WHERE dataset_id = :d)"),
            ("items", "DELETE FROM items WHERE dataset_id = :d"),
            ("passages", "DELETE FROM passages WHERE dataset_id = :d"),
            ("documents", "DELETE FROM documents WHERE dataset_id = :d"),
        )
        try:
            for label, sql in steps:
                counts[label] = conn.execute(sql, args).rowcount
            conn.execute("DELETE FROM datasets WHERE id = :d", args)
        except sqlite3.IntegrityError as exc:
            raise InvalidArgument(f"records of another dataset refer to {name!r}; delete that one first") from exc
    return counts
