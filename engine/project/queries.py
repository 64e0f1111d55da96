"""Read-side queries: datasets, counts, pages of rows for the views, and inputs for pipeline steps."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterator

from factaudit.engine.errors import NotFound
from factaudit.engine.project._json import loads
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import ClaimRow, DatasetInfo, GoldEvidence, PassageRow


def _dataset(row) -> DatasetInfo:
    return DatasetInfo(
        id=row["id"], name=row["name"], kind=row["kind"], format=row["format"],
        source_sha256=row["source_sha256"], split=row["split"], frozen=bool(row["frozen"]),
        created=row["created"], counts=loads(row["counts"], {}), files=loads(row["source_files"], []),
    )


def get_dataset(project: Project, name: str) -> DatasetInfo:
    row = project.reader().execute("SELECT * FROM datasets WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NotFound(f"no dataset named {name!r}")
    return _dataset(row)


def list_datasets(project: Project) -> list[DatasetInfo]:
    return [_dataset(r) for r in project.reader().execute("SELECT * FROM datasets ORDER BY id")]


def table_counts(project: Project) -> dict[str, int]:
    conn = project.reader()
    out = {}
    for table in ("documents", "passages", "items", "sentences", "claims", "runs", "annotations"):
        out[table] = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    out["claims_active"] = conn.execute("SELECT count(*) FROM claims WHERE active = 1").fetchone()[0]
    return out


# ---- paged rows for table views -------------------------------------------------------------------
@dataclass(frozen=True)
class TableSpec:
    columns: tuple[str, ...]
    select: str
    order: str
    search: str            # column searched by a filter string


TABLES: dict[str, TableSpec] = {
    "items": TableSpec(
        ("id", "dataset", "question", "category", "risk_tier", "sentences"),
        "SELECT i.id, d.name, i.question, i.category, i.risk_tier,"
        " (SELECT count(*) FROM sentences s WHERE s.item_id = i.id) FROM items i JOIN datasets d ON d.id = i.dataset_id",
        "i.rowid", "i.question"),
    "sentences": TableSpec(
        ("id", "item_id", "ord", "text", "label", "reason"),
        "SELECT s.id, s.item_id, s.ord, s.text, s.label, s.reason FROM sentences s JOIN items i ON i.id = s.item_id"
        " JOIN datasets d ON d.id = i.dataset_id",
        "s.rowid", "s.text"),
    "claims": TableSpec(
        ("id", "dataset", "text", "gold_label", "sentence_id", "origin"),
        "SELECT c.id, d.name, c.text, c.gold_label, c.sentence_id, c.origin FROM claims c"
        " JOIN datasets d ON d.id = c.dataset_id",
        "c.rowid", "c.text"),
    "passages": TableSpec(
        ("id", "dataset", "doc_id", "title", "text"),
        "SELECT p.id, d.name, p.doc_id, p.title, p.text FROM passages p JOIN datasets d ON d.id = p.dataset_id",
        "p.rowid", "p.text"),
}


def _where(kind: str, dataset: str | None, search: str | None) -> tuple[str, list]:
    spec = TABLES[kind]
    clauses, args = [], []
    if dataset:
        clauses.append("d.name = ?")
        args.append(dataset)
    if search:
        clauses.append(f"{spec.search} LIKE ?")
        args.append(f"%{search}%")
    if kind == "claims":
        clauses.append("c.active = 1")
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", args


def count_rows(project: Project, kind: str, dataset: str | None = None, search: str | None = None) -> int:
    spec = TABLES[kind]
    where, args = _where(kind, dataset, search)
    inner = spec.select + where
    return project.reader().execute(f"SELECT count(*) FROM ({inner})", args).fetchone()[0]


def page_rows(project: Project, kind: str, offset: int, limit: int, dataset: str | None = None,
              search: str | None = None) -> list[tuple]:
    spec = TABLES[kind]
    where, args = _where(kind, dataset, search)
    sql = f"{spec.select}{where} ORDER BY {spec.order} LIMIT ? OFFSET ?"
    return [tuple(r) for r in project.reader().execute(sql, [*args, limit, offset])]


# ---- inputs for pipeline steps ---------------------------------------------------------------------
def iter_passages(project: Project, dataset: str | None = None,
                  datasets: list[str] | None = None) -> Iterator[PassageRow]:
    """The passages of `dataset`, of the union of `datasets`, or all of them."""
    sql = "SELECT p.id, p.doc_id, p.title, p.text, p.ord, p.sentence_spans FROM passages p"
    args: tuple = ()
    if dataset:
        sql += " JOIN datasets d ON d.id = p.dataset_id WHERE d.name = ?"
        args = (dataset,)
    elif datasets:
        sql += f" JOIN datasets d ON d.id = p.dataset_id WHERE d.name IN ({', '.join('?' * len(datasets))})"
        args = tuple(datasets)
    for r in project.reader().execute(sql + " ORDER BY p.id", args):
        spans = loads(r[5])
        yield PassageRow(r[0], r[1], r[2], r[3], r[4], [tuple(s) for s in spans] if spans else None)


def get_passages(project: Project, ids: list[str]) -> dict[str, PassageRow]:
    out: dict[str, PassageRow] = {}
    sql = "SELECT id, doc_id, title, text, ord, sentence_spans FROM passages WHERE id IN ({marks})"
    for r in rows_in(project.reader(), sql, ids):
        spans = loads(r[5])
        out[r[0]] = PassageRow(r[0], r[1], r[2], r[3], r[4], [tuple(s) for s in spans] if spans else None)
    return out


def corpus_hash(project: Project, dataset: str | None = None, datasets: list[str] | None = None) -> str:
    """sha256 over passage ids, titles and texts in id order: the key of retrieval index caches."""
    h = hashlib.sha256()
    for p in iter_passages(project, dataset, datasets):
        for part in (p.id, p.title or "", p.text):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
    return h.hexdigest()


def list_claims(project: Project, dataset: str | None = None, ids: list[str] | None = None,
                active_only: bool = True) -> list[ClaimRow]:
    sql = (
        "SELECT c.id, c.text, c.gold_label, c.item_id, c.sentence_id, d.name, c.origin, s.label,"
        " (SELECT count(*) FROM claim_gold g WHERE g.claim_id = c.id)"
        " FROM claims c JOIN datasets d ON d.id = c.dataset_id LEFT JOIN sentences s ON s.id = c.sentence_id"
    )
    clauses, args = [], []
    if active_only:
        clauses.append("c.active = 1")
    if dataset:
        clauses.append("d.name = ?")
        args.append(dataset)
    if ids is not None and len(ids) <= 500:
        # a few claims (one labeling unit, a page of the Review list): primary-key lookups, not a scan
        clauses.append(f"c.id IN ({','.join('?' * len(ids))})")
        args.extend(ids)
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    rows = [ClaimRow(*r) for r in project.reader().execute(sql + " ORDER BY c.rowid", args)]
    if ids is not None and len(ids) > 500:
        wanted = set(ids)
        rows = [r for r in rows if r.id in wanted]
    return rows


def get_claim(project: Project, claim_id: str) -> ClaimRow:
    rows = list_claims(project, active_only=False, ids=[claim_id])
    if not rows:
        raise NotFound(f"no claim {claim_id!r}")
    return rows[0]


def gold_evidence(project: Project) -> dict[str, list[GoldEvidence]]:
    out: dict[str, list[GoldEvidence]] = {}
    for r in project.reader().execute("SELECT claim_id, passage_id, stance, sentences FROM claim_gold ORDER BY claim_id"):
        out.setdefault(r[0], []).append(GoldEvidence(r[1], r[2], loads(r[3])))
    return out


def passage_doc_ids(project: Project) -> dict[str, str | None]:
    return {r[0]: r[1] for r in project.reader().execute("SELECT id, doc_id FROM passages")}


def passage_datasets(project: Project) -> dict[str, str]:
    """{passage id: its dataset's name} (per-corpus gold coverage)."""
    return dict(project.reader().execute(
        "SELECT p.id, d.name FROM passages p JOIN datasets d ON d.id = p.dataset_id").fetchall())
