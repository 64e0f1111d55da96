"""Languages of datasets and passages (SQL only; the rules live in engine/services/languages.py)."""
from __future__ import annotations

from typing import Iterator

from factaudit.engine.errors import NotFound
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project


def dataset_langs(project: Project) -> dict[str, str | None]:
    return {r[0]: r[1] for r in project.reader().execute("SELECT name, lang FROM datasets ORDER BY id")}


def set_dataset_lang(project: Project, name: str, lang: str | None) -> None:
    with project.atomic() as conn:
        cur = conn.execute("UPDATE datasets SET lang = ? WHERE name = ?", (lang, name))
        if cur.rowcount == 0:
            raise NotFound(f"no dataset named {name!r}")


def iter_passage_langs(project: Project, dataset: str | None = None) -> Iterator[tuple[str, str | None, str]]:
    """(passage id, its own language, its dataset's name) in passage id order, the order
    queries.iter_passages reads the corpus in."""
    sql = "SELECT p.id, p.lang, d.name FROM passages p JOIN datasets d ON d.id = p.dataset_id"
    args: tuple = ()
    if dataset:
        sql += " WHERE d.name = ?"
        args = (dataset,)
    yield from project.reader().execute(sql + " ORDER BY p.id", args)


def dataset_texts(project: Project, name: str, limit: int = 2000) -> list[str]:
    """Up to `limit` texts of each kind of a dataset's records that take the dataset's language
    (claims, items, passages without a language of their own), in a fixed order, for detection;
    when there are none, its passages' texts."""
    conn = project.reader()
    row = conn.execute("SELECT id FROM datasets WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NotFound(f"no dataset named {name!r}")
    ds = row[0]
    out: list[str] = []
    for sql in ("SELECT text FROM claims WHERE dataset_id = ? ORDER BY rowid LIMIT ?",
                "SELECT coalesce(title || ' ', '') || text FROM passages WHERE dataset_id = ? AND lang IS NULL"
                " ORDER BY rowid LIMIT ?",
                "SELECT coalesce(question, '') || ' ' || coalesce(answer, '') FROM items WHERE dataset_id = ?"
                " ORDER BY rowid LIMIT ?"):
        out += [r[0] for r in conn.execute(sql, (ds, limit)) if r[0] and r[0].strip()]
    if not out:
        out = [r[0] for r in conn.execute("SELECT coalesce(title || ' ', '') || text FROM passages"
                                          " WHERE dataset_id = ? ORDER BY rowid LIMIT ?", (ds, limit))]
    return out


def langs_of_passages(project: Project, ids: list[str]) -> dict[str, str | None]:
    """passage id -> its own language, else its dataset's (None when neither is set)."""
    sql = ("SELECT p.id, coalesce(p.lang, d.lang) FROM passages p JOIN datasets d ON d.id = p.dataset_id"
           " WHERE p.id IN ({marks})")
    return {r[0]: r[1] for r in rows_in(project.reader(), sql, ids)}
