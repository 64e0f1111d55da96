"""How the import dialog reads its Files field, pre-fills its field mapping and shows preview cells."""
from __future__ import annotations

import json

# Column names other tools commonly use for our fields, tried when the exact name is absent.
SYNONYMS = {
    "id": ("_id", "doc_id", "claim_id", "item_id", "uid", "pid"),
    "text": ("body", "abstract", "passage", "content", "contents"),
    "claim": ("text", "claim_text", "statement"),
    "label": ("gold_label", "verdict", "gold"),
    "answer": ("response", "long_answer", "output"),
    "gold_passages": ("gold", "gold_passage_ids", "cited_doc_ids"),
    "verdict": ("label", "prediction", "predicted"),
    "passages": ("evidence", "evidence_used"),
}
CELL_CHARS = 200


def guess_column(field: str, columns: list[str], our_fields: set[str]) -> str | None:
    """The file column that most likely holds our `field`: the same name, any case, else a synonym
    that is not itself the exact name of another of our fields."""
    if field in columns:
        return field
    lowered = {c.lower(): c for c in columns}
    if field.lower() in lowered:
        return lowered[field.lower()]
    for alt in SYNONYMS.get(field, ()):
        if alt in lowered and alt not in our_fields:
            return lowered[alt]
    return None


def cell_text(value) -> str:
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
    return text if len(text) <= CELL_CHARS else text[:CELL_CHARS] + "…"


def parse_files(text: str) -> list[str]:
    """The Files field: paths separated by semicolons."""
    return [part.strip() for part in text.split(";") if part.strip()]
