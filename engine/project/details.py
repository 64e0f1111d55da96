"""One record with everything a detail pane shows: the full item with its labelled sentences, a
claim with its gold evidence, a passage, a sentence with its item's question."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.project._json import loads
from factaudit.engine.project.db import Project


@dataclass
class RowDetail:
    kind: str
    id: str
    fields: dict[str, Any]
    # items: their sentences; claims: their gold passages. Each a dict of column -> value.
    children: list[dict[str, Any]] = field(default_factory=list)


def _one(project: Project, sql: str, args: tuple) -> dict[str, Any]:
    cur = project.reader().execute(sql, args)
    row = cur.fetchone()
    if row is None:
        raise NotFound(f"no record {args[0]!r}")
    return {k: row[k] for k in row.keys()}


def row_detail(project: Project, kind: str, row_id: str) -> RowDetail:
    conn = project.reader()
    if kind == "items":
        f = _one(project, "SELECT i.id, d.name AS dataset, i.question, i.answer, i.category, i.risk_tier,"
                 " i.critical, i.gold_answers, i.options, i.gold_options FROM items i"
                 " JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?", (row_id,))
        for key in ("gold_answers", "options", "gold_options"):
            f[key] = loads(f[key])
        f["critical"] = bool(f["critical"])
        children = [dict(zip(("id", "ord", "text", "label", "reason"), r)) for r in conn.execute(
            "SELECT id, ord, text, label, reason FROM sentences WHERE item_id = ? ORDER BY ord", (row_id,))]
        return RowDetail(kind, row_id, f, children)
    if kind == "sentences":
        f = _one(project, "SELECT s.id, s.item_id, s.ord, s.text, s.label, s.reason, i.question FROM sentences s"
                 " JOIN items i ON i.id = s.item_id WHERE s.id = ?", (row_id,))
        return RowDetail(kind, row_id, f)
    if kind == "claims":
        f = _one(project, "SELECT c.id, d.name AS dataset, c.text, c.gold_label, c.item_id, c.sentence_id,"
                 " c.origin FROM claims c JOIN datasets d ON d.id = c.dataset_id WHERE c.id = ?", (row_id,))
        children = [dict(zip(("passage_id", "stance", "title"), r)) for r in conn.execute(
            "SELECT g.passage_id, g.stance, p.title FROM claim_gold g LEFT JOIN passages p ON p.id = g.passage_id"
            " WHERE g.claim_id = ? ORDER BY g.passage_id", (row_id,))]
        return RowDetail(kind, row_id, f, children)
    if kind == "passages":
        f = _one(project, "SELECT p.id, d.name AS dataset, p.doc_id, p.title, p.text, p.lang, p.source FROM passages p"
                 " JOIN datasets d ON d.id = p.dataset_id WHERE p.id = ?", (row_id,))
        return RowDetail(kind, row_id, f)
    raise InvalidArgument(f"unknown row kind {kind!r}")
