"""SQL for a second rater's gold option sets and for the option items they are compared on (issue #34
item 7). The first rater's sets are `items.gold_options`; another rater's are rows of gold_option_ratings."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.db import Project, now_iso


@dataclass
class OptionItem:
    id: str
    dataset: str
    question: str | None
    options: list[str] | None
    gold_options: list[str] | None
    source: str | None          # the item's `meta.source` where the import carried one


def option_items(project: Project, ids: Iterable[str] | None = None) -> list[OptionItem]:
    """Items that carry options or gold options, in import order (all of them, or those of `ids`)."""
    rows = project.reader().execute(
        "SELECT i.id, d.name, i.question, i.options, i.gold_options, i.meta FROM items i"
        " JOIN datasets d ON d.id = i.dataset_id"
        " WHERE i.options IS NOT NULL OR i.gold_options IS NOT NULL ORDER BY i.rowid").fetchall()
    wanted = None if ids is None else set(ids)
    out = []
    for item_id, dataset, question, options, gold, meta in rows:
        if wanted is not None and item_id not in wanted:
            continue
        source = (loads(meta) or {}).get("source") if meta else None
        out.append(OptionItem(item_id, dataset, question, loads(options) if options else None,
                              loads(gold) if gold else None, None if source is None else str(source)))
    return out


def replace_ratings(project: Project, rater: str, sets: dict[str, list[str]], source_file: str,
                    source_sha256: str) -> int:
    """A rater's sets, replacing what that rater had (one transaction): a re-import of a corrected file
    leaves no stale row behind."""
    stamp = now_iso()
    with project.atomic() as conn:
        conn.execute("DELETE FROM gold_option_ratings WHERE rater = ?", (rater,))
        conn.executemany(
            "INSERT INTO gold_option_ratings(item_id, rater, gold_options, source_file, source_sha256, imported)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(item, rater, dumps(opts), source_file, source_sha256, stamp) for item, opts in sets.items()])
    return len(sets)


def raters(project: Project) -> list[str]:
    return [r for (r,) in project.reader().execute(
        "SELECT DISTINCT rater FROM gold_option_ratings ORDER BY rater")]


def ratings(project: Project, rater: str) -> dict[str, list[str]]:
    return {item: loads(opts) for item, opts in project.reader().execute(
        "SELECT item_id, gold_options FROM gold_option_ratings WHERE rater = ? ORDER BY rowid", (rater,))}
