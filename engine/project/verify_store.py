"""SQL for decomposition and claim edits (verification results go through engine.project.runs)."""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field

from factaudit.engine.errors import DatasetFrozen, InvalidArgument, NotFound
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso


@dataclass
class SentenceRow:
    id: str
    ord: int
    text: str
    label: str | None


@dataclass
class ItemSentences:
    item_id: str
    dataset_id: int
    dataset: str
    question: str | None
    answer: str | None
    sentences: list[SentenceRow] = field(default_factory=list)


@dataclass
class NewClaim:
    id: str
    dataset_id: int
    item_id: str | None
    sentence_id: str | None
    ord: int
    text: str
    origin: str
    run_id: str | None
    meta: dict | None = None


def items_with_sentences(project: Project, dataset: str | None = None, limit: int | None = None) -> list[ItemSentences]:
    conn = project.reader()
    sql = ("SELECT i.id, i.dataset_id, d.name, i.question, i.answer FROM items i JOIN datasets d ON d.id = i.dataset_id"
           " WHERE EXISTS (SELECT 1 FROM sentences s WHERE s.item_id = i.id)")
    args: list = []
    if dataset:
        sql += " AND d.name = ?"
        args.append(dataset)
    sql += " ORDER BY i.rowid"
    if limit:
        sql += " LIMIT ?"
        args.append(int(limit))
    items = [ItemSentences(r[0], r[1], r[2], r[3], r[4]) for r in conn.execute(sql, args)]
    for item in items:
        item.sentences = [SentenceRow(r[0], r[1], r[2], r[3]) for r in conn.execute(
            "SELECT id, ord, text, label FROM sentences WHERE item_id = ? ORDER BY ord", (item.item_id,))]
    return items


def next_decompose_number(project: Project, sentence_id: str) -> int:
    """Claim ids are `<sentence_id>#<n>`; a second decomposition continues the numbering."""
    pattern = re.compile(re.escape(sentence_id) + r"#(\d+)$")
    highest = 0
    for (cid,) in project.reader().execute(
            "SELECT id FROM claims WHERE sentence_id = ? OR id LIKE ?", (sentence_id, sentence_id + "#%")):
        m = pattern.match(cid)
        if m:
            highest = max(highest, int(m.group(1)))
    return highest + 1


def _frozen(exc: sqlite3.IntegrityError) -> bool:
    return "frozen" in str(exc)


def replace_decomposition(project: Project, sentence_ids: list[str], claims: list[NewClaim],
                          run_id: str | None = None) -> int:
    """In one transaction: retire the active decomposed claims of these sentences (kept, active=0)
    and insert the new ones; with `run_id`, add the retired count to the run's summary (n_retired),
    so a resumed run still knows what its first session retired. Returns how many were retired."""
    try:
        with project.atomic() as conn:
            retired = 0
            for sid in sentence_ids:
                retired += conn.execute(
                    "UPDATE claims SET active = 0 WHERE sentence_id = ? AND origin IN ('decompose', 'edit') AND active = 1",
                    (sid,)).rowcount
            conn.executemany(
                "INSERT INTO claims(id, dataset_id, item_id, sentence_id, ord, text, origin, run_id, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(c.id, c.dataset_id, c.item_id, c.sentence_id, c.ord, c.text, c.origin, c.run_id, dumps(c.meta))
                 for c in claims])
            if run_id is not None:
                conn.execute(
                    "UPDATE runs SET summary = json_set(coalesce(summary, '{}'), '$.n_retired',"
                    " coalesce(json_extract(summary, '$.n_retired'), 0) + ?) WHERE id = ?", (retired, run_id))
            return retired
    except sqlite3.IntegrityError as exc:
        if _frozen(exc):
            raise DatasetFrozen("the dataset is frozen; unfreeze it to decompose its answers again") from exc
        raise InvalidArgument(f"could not store decomposed claims: {exc}") from exc


def decomposed_item_ids(project: Project, run_id: str) -> set[str]:
    """The answers a decompose run has stored claims for (each answer commits whole)."""
    return {r[0] for r in project.reader().execute(
        "SELECT DISTINCT item_id FROM claims WHERE run_id = ? AND origin = 'decompose'", (run_id,))}


def decomposition_counts(project: Project, run_id: str) -> dict[str, int]:
    """n_claims and n_fallbacks (sentences kept whole because the reply did not parse) a decompose
    run stored, and n_retired as its transactions counted it."""
    conn = project.reader()
    n_claims, n_fallbacks = conn.execute(
        "SELECT count(*), coalesce(sum(json_extract(meta, '$.fallback') = 1), 0) FROM claims"
        " WHERE run_id = ? AND origin = 'decompose'", (run_id,)).fetchone()
    row = conn.execute("SELECT json_extract(summary, '$.n_retired') FROM runs WHERE id = ?", (run_id,)).fetchone()
    return {"n_claims": n_claims, "n_fallbacks": n_fallbacks, "n_retired": int(row[0] or 0) if row else 0}


def edit_claim(project: Project, claim_id: str, new_text: str, editor: str | None = None,
               note: str | None = None) -> str:
    """An expert's edit: the original stays (active=0, replaced_by=new id) and a new claim with origin
    'edit' takes its place, with the same sentence, item, gold label and gold passages."""
    new_text = " ".join((new_text or "").split())
    if not new_text:
        raise InvalidArgument("an edited claim needs text")
    try:
        with project.atomic() as conn:
            row = conn.execute("SELECT * FROM claims WHERE id = ?", (claim_id,)).fetchone()
            if row is None:
                raise NotFound(f"no claim {claim_id!r}")
            if not row["active"]:
                raise InvalidArgument(f"claim {claim_id!r} was already replaced by {row['replaced_by']!r}; edit that one")
            base = claim_id.split("~edit")[0]
            n = 1
            while conn.execute("SELECT 1 FROM claims WHERE id = ?", (f"{base}~edit{n}",)).fetchone():
                n += 1
            new_id = f"{base}~edit{n}"
            meta = {"edited_from": claim_id, "original_text": row["text"], "editor": editor, "note": note,
                    "edited": now_iso(), "original_meta": loads(row["meta"])}
            conn.execute(
                "INSERT INTO claims(id, dataset_id, item_id, sentence_id, ord, text, gold_label, origin, run_id, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 'edit', NULL, ?)",
                (new_id, row["dataset_id"], row["item_id"], row["sentence_id"], row["ord"], new_text,
                 row["gold_label"], dumps(meta)))
            conn.execute(
                "INSERT INTO claim_gold(claim_id, passage_id, stance, sentences)"
                " SELECT ?, passage_id, stance, sentences FROM claim_gold WHERE claim_id = ?", (new_id, claim_id))
            conn.execute("UPDATE claims SET active = 0, replaced_by = ? WHERE id = ?", (new_id, claim_id))
            return new_id
    except sqlite3.IntegrityError as exc:
        if _frozen(exc):
            raise DatasetFrozen("the claim's dataset is frozen; unfreeze it to edit claims") from exc
        raise


def claim_meta(project: Project, claim_id: str) -> dict | None:
    row = project.reader().execute("SELECT meta FROM claims WHERE id = ?", (claim_id,)).fetchone()
    if row is None:
        raise NotFound(f"no claim {claim_id!r}")
    return loads(row[0])


def claim_texts(project: Project, ids: list[str]) -> dict[str, str]:
    return dict(rows_in(project.reader(), "SELECT id, text FROM claims WHERE id IN ({marks})", ids))


def claim_lineage(project: Project, claim_id: str) -> list[dict]:
    """The chain of edits ending at (or starting from) a claim, oldest first."""
    conn = project.reader()
    rows = {r["id"]: r for r in conn.execute(
        "SELECT id, text, origin, active, replaced_by, meta FROM claims WHERE id = ? OR id LIKE ?",
        (claim_id, claim_id.split("~edit")[0] + "%"))}
    chain = []
    cur = claim_id.split("~edit")[0]
    while cur in rows and len(chain) < 1000:
        r = rows[cur]
        chain.append({"id": r["id"], "text": r["text"], "origin": r["origin"], "active": bool(r["active"]),
                      "replaced_by": r["replaced_by"]})
        cur = r["replaced_by"]
    return chain
