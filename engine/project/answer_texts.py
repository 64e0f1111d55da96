"""SQL for the answer-level figures of issue #33: answers with their reference, claim texts with their
answer, and the split of each answer's dataset (VeriScore's K comes from the dev answers)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from factaudit.engine.project._json import loads
from factaudit.engine.project.db import Project


@dataclass
class AnswerText:
    id: str
    answer: str | None
    reference: str | None
    category: str | None
    split: str | None          # the split of the item's dataset


def answer_texts(project: Project, ids: Iterable[str] | None = None) -> list[AnswerText]:
    """Every item's answer text and reference (meta `reference`), or only those of `ids`."""
    rows = project.reader().execute(
        "SELECT i.id, i.answer, i.meta, i.category, d.split FROM items i JOIN datasets d ON d.id = i.dataset_id"
        " ORDER BY i.rowid")
    wanted = set(ids) if ids is not None else None
    out = []
    for item_id, answer, meta, category, split in rows:
        if wanted is not None and item_id not in wanted:
            continue
        ref = (loads(meta, {}) or {}).get("reference")
        out.append(AnswerText(item_id, answer, ref if isinstance(ref, str) else None, category, split))
    return out


def claim_texts(project: Project, run_id: str) -> dict[str, str]:
    """The text of every claim the run has a verdict for."""
    return dict(project.reader().execute(
        "SELECT c.id, c.text FROM verdicts v JOIN claims c ON c.id = v.claim_id WHERE v.run_id = ?", (run_id,)))

