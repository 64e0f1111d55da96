"""SQL for certification: the run's unlabelled sentences and the dataset of each unit (for strata).

The labelled units come from scoring_store (the same rows the metrics use)."""
from __future__ import annotations

from typing import Iterable

from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project
from factaudit.engine.project.scoring_store import SentenceUnit

_RUN_ITEMS = ("SELECT DISTINCT s.item_id FROM verdicts v JOIN claims c ON c.id = v.claim_id"
              " JOIN sentences s ON s.id = c.sentence_id WHERE v.run_id = ?")


def unlabelled_sentences(project: Project, run_id: str) -> list[SentenceUnit]:
    """Sentences without an expert label in every answer the run verified a claim of, with their
    active claims (the mirror of scoring_store.covered_sentences)."""
    conn = project.reader()
    rows = conn.execute(
        "SELECT s.id, s.item_id, i.category FROM sentences s JOIN items i ON i.id = s.item_id"
        f" WHERE s.label IS NULL AND s.item_id IN ({_RUN_ITEMS}) ORDER BY s.item_id, s.ord", (run_id,)).fetchall()
    claims: dict[str, list[str]] = {}
    for cid, sid in conn.execute(
        "SELECT c.id, c.sentence_id FROM claims c JOIN sentences s ON s.id = c.sentence_id"
        f" WHERE c.active = 1 AND s.label IS NULL AND s.item_id IN ({_RUN_ITEMS}) ORDER BY c.rowid", (run_id,)):
        claims.setdefault(sid, []).append(cid)
    return [SentenceUnit(r[0], "", r[1], r[2], claims.get(r[0], [])) for r in rows]


def unit_datasets(project: Project, level: str, ids: Iterable[str]) -> dict[str, str]:
    """{unit id: dataset name} for sentences (through their item) or claims."""
    sql = ("SELECT s.id, d.name FROM sentences s JOIN items i ON i.id = s.item_id"
           " JOIN datasets d ON d.id = i.dataset_id WHERE s.id IN ({marks})" if level == "sentence" else
           "SELECT c.id, d.name FROM claims c JOIN datasets d ON d.id = c.dataset_id WHERE c.id IN ({marks})")
    return {r[0]: r[1] for r in rows_in(project.reader(), sql, list(ids))}
