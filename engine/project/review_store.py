"""SQL for expert review samples and their append-only marks (issue #13 item 3)."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso


@dataclass
class ReviewSample:
    id: int
    run_id: str
    fraction: float
    strata: str | None
    seed: int
    items: list[str]
    created: str


@dataclass
class ReviewMark:
    id: int
    sample_id: int
    item_id: str
    acceptable: bool
    note: str | None
    reviewer: str
    supersedes: int | None
    created: str


def _sample(r) -> ReviewSample:
    return ReviewSample(r[0], r[1], r[2], r[3], r[4], loads(r[5], []), r[6])


_SAMPLE_COLS = "id, run_id, fraction, strata, seed, items, created"


def add_sample(project: Project, run_id: str, fraction: float, strata: str | None, seed: int,
               items: list[str]) -> ReviewSample:
    with project.atomic() as conn:
        cur = conn.execute(
            "INSERT INTO review_samples(run_id, fraction, strata, seed, items, created) VALUES (?, ?, ?, ?, ?, ?)",
            (run_id, fraction, strata, seed, dumps(items), now_iso()))
        sid = int(cur.lastrowid)
    return get_sample(project, sid)


def get_sample(project: Project, sample_id: int) -> ReviewSample:
    row = project.reader().execute(f"SELECT {_SAMPLE_COLS} FROM review_samples WHERE id = ?", (sample_id,)).fetchone()
    if row is None:
        raise NotFound(f"no review sample {sample_id}")
    return _sample(row)


def samples(project: Project, run_id: str | None = None) -> list[ReviewSample]:
    sql = f"SELECT {_SAMPLE_COLS} FROM review_samples"
    args: tuple = ()
    if run_id is not None:
        sql += " WHERE run_id = ?"
        args = (run_id,)
    return [_sample(r) for r in project.reader().execute(sql + " ORDER BY id", args)]


def _mark(r) -> ReviewMark:
    return ReviewMark(r[0], r[1], r[2], bool(r[3]), r[4], r[5], r[6], r[7])


_MARK_COLS = "id, sample_id, item_id, acceptable, note, reviewer, supersedes, created"


def add_mark(project: Project, sample_id: int, item_id: str, acceptable: bool, note: str | None,
             reviewer: str) -> ReviewMark:
    """Append a mark; it supersedes the reviewer's current mark of the item, if any."""
    sample = get_sample(project, sample_id)
    if item_id not in sample.items:
        raise InvalidArgument(f"item {item_id!r} is not in review sample {sample_id}")
    if not reviewer.strip():
        raise InvalidArgument("a review mark needs a reviewer name")
    with project.atomic() as conn:
        prev = conn.execute(
            "SELECT id FROM review_marks WHERE sample_id = ? AND item_id = ? AND reviewer = ? ORDER BY id DESC LIMIT 1",
            (sample_id, item_id, reviewer)).fetchone()
        cur = conn.execute(
            "INSERT INTO review_marks(sample_id, item_id, acceptable, note, reviewer, supersedes, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (sample_id, item_id, int(bool(acceptable)), note, reviewer, prev[0] if prev else None, now_iso()))
        mid = int(cur.lastrowid)
    return _mark(project.reader().execute(f"SELECT {_MARK_COLS} FROM review_marks WHERE id = ?", (mid,)).fetchone())


def marks(project: Project, sample_id: int, *, current_only: bool = True) -> list[ReviewMark]:
    """Marks of a sample in the order made; by default only those no later mark supersedes."""
    rows = [_mark(r) for r in project.reader().execute(
        f"SELECT {_MARK_COLS} FROM review_marks WHERE sample_id = ? ORDER BY id", (sample_id,))]
    if not current_only:
        return rows
    replaced = {m.supersedes for m in rows if m.supersedes is not None}
    return [m for m in rows if m.id not in replaced]


def item_questions(project: Project, item_ids: list[str]) -> dict[str, str | None]:
    return dict(rows_in(project.reader(), "SELECT id, question FROM items WHERE id IN ({marks})", item_ids))
