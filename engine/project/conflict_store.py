"""SQL for aggregate runs (conflict-aware answering): the items with their documents, and one stored
row per answered item."""
from __future__ import annotations

from typing import Iterable

from dataclasses import dataclass, field

from factaudit.engine.errors import NotFound
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.db import Project, now_iso


# Plain rows: engine.conflicts builds its records from them (the project layer imports no pipeline code).
@dataclass
class DocRow:
    id: str
    text: str
    lang: str | None
    type: str | None
    answer: str | None


@dataclass
class ItemRow:
    id: str
    question: str
    gold_answers: list[str]
    docs: list[DocRow] = field(default_factory=list)


def items_with_documents(project: Project, dataset: str, limit: int | None = None) -> list[ItemRow]:
    """Items of a dataset that have documents of their own (RAMDocs style: passage meta names the
    item), in import order. A passage without a language takes its dataset's."""
    conn = project.reader()
    row = conn.execute("SELECT id, lang FROM datasets WHERE name = ?", (dataset,)).fetchone()
    if row is None:
        raise NotFound(f"no dataset {dataset!r} in {project.path.name}")
    ds_id, ds_lang = row[0], row[1]
    docs: dict[str, list[DocRow]] = {}
    for pid, text, lang, meta in conn.execute(
            "SELECT id, text, lang, meta FROM passages WHERE dataset_id = ? AND meta LIKE '%\"item_id\"%'"
            " ORDER BY rowid", (ds_id,)):
        m = loads(meta, {}) or {}
        if m.get("item_id"):
            # an import with --id-prefix prefixes the ids but not the meta: the passage id carries the prefix
            at = pid.find(m["item_id"])
            key = (pid[:at] if at > 0 else "") + m["item_id"]
            docs.setdefault(key, []).append(
                DocRow(pid, text, lang or ds_lang, m.get("type"), None if m.get("answer") is None else str(m["answer"])))
    items = []
    for iid, question, gold in conn.execute(
            "SELECT id, question, gold_answers FROM items WHERE dataset_id = ? ORDER BY rowid", (ds_id,)):
        if iid in docs:
            items.append(ItemRow(iid, question or "", [str(g) for g in loads(gold, []) or []], docs[iid]))
            if limit is not None and len(items) >= limit:
                break
    return items


def items_from_retrieval(project: Project, run_id: str, k: int, limit: int | None = None) -> list[ItemRow]:
    """A retrieval run's questions (its claims) with their top-k passages as documents; the gold
    answers are those of the claim's item, when it has any."""
    conn = project.reader()
    hits: dict[str, list[str]] = {}
    for cid, pid in conn.execute(
            "SELECT claim_id, passage_id FROM retrieval_hits WHERE run_id = ? AND rank <= ? ORDER BY claim_id, rank",
            (run_id, k)):
        hits.setdefault(cid, []).append(pid)
    items = []
    for cid, text, gold in conn.execute(
            "SELECT c.id, c.text, i.gold_answers FROM claims c LEFT JOIN items i ON i.id = c.item_id"
            " WHERE c.active = 1 ORDER BY c.rowid"):
        if cid not in hits:
            continue
        docs = []
        for pid in hits[cid]:
            r = conn.execute(
                "SELECT p.text, coalesce(p.lang, d.lang), p.meta FROM passages p JOIN datasets d"
                " ON d.id = p.dataset_id WHERE p.id = ?", (pid,)).fetchone()
            if r is not None:
                m = loads(r[2], {}) or {}
                docs.append(DocRow(pid, r[0], r[1], m.get("type"), None if m.get("answer") is None else str(m["answer"])))
        items.append(ItemRow(cid, text, [str(g) for g in loads(gold, []) or []], docs))
        if limit is not None and len(items) >= limit:
            break
    return items


def add_result(project: Project, run_id: str, detail: dict) -> None:
    """One item (an ItemResult's JSON) in its own transaction, so a killed run loses at most the item
    in flight."""
    outcome = detail["outcome"]
    with project.atomic() as conn:
        conn.execute(
            "INSERT INTO conflict_items(run_id, item_id, outcome, answers, conflict, detail, calls, parse_failures,"
            " prompt_tokens, completion_tokens, latency_ms, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (run_id, detail["item_id"], outcome["kind"], dumps([a["answer"] for a in outcome["answers"]]),
             int(bool(outcome["explicit_conflict"])), dumps(detail), detail.get("calls", 0),
             detail.get("parse_failures", 0), detail.get("prompt_tokens"), detail.get("completion_tokens"),
             detail.get("latency_ms"), now_iso()))


def done_item_ids(project: Project, run_id: str) -> set[str]:
    return {r[0] for r in project.reader().execute("SELECT item_id FROM conflict_items WHERE run_id = ?", (run_id,))}


def get_results(project: Project, run_id: str, item_ids: Iterable[str] | None = None) -> dict[str, dict]:
    """Stored item details (ItemResult JSON) by item id, in the order they were answered."""
    rows = project.reader().execute("SELECT item_id, detail FROM conflict_items WHERE run_id = ? ORDER BY rowid",
                                    (run_id,))
    wanted = set(item_ids) if item_ids is not None else None
    return {r[0]: loads(r[1]) for r in rows if wanted is None or r[0] in wanted}


def totals(project: Project, run_id: str) -> dict[str, int]:
    r = project.reader().execute(
        "SELECT count(*), coalesce(sum(calls), 0), coalesce(sum(parse_failures), 0), coalesce(sum(prompt_tokens), 0),"
        " coalesce(sum(completion_tokens), 0), coalesce(sum(outcome = 'conflict'), 0),"
        " coalesce(sum(outcome = 'abstain'), 0) FROM conflict_items WHERE run_id = ?", (run_id,)).fetchone()
    return {"n_items_done": r[0], "model_calls": r[1], "parse_failures": r[2], "prompt_tokens": r[3],
            "completion_tokens": r[4], "n_conflict_outputs": r[5], "n_abstentions": r[6]}
