"""Field validators shared by the importers. Each raises RecordError(field, reason)."""
from __future__ import annotations

import json
from typing import Any

from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.project.records import RISK_TIERS, SENTENCE_LABELS, VERDICTS

# Label spellings used by the public datasets, mapped to the four verdicts.
VERDICT_SYNONYMS = {
    "supported": "Supported", "support": "Supported", "supports": "Supported",
    "refuted": "Refuted", "refute": "Refuted", "refutes": "Refuted", "contradict": "Refuted",
    "contradicts": "Refuted", "contradicted": "Refuted",
    "no evidence": "No Evidence", "nei": "No Evidence", "not enough info": "No Evidence",
    "neutral": "No Evidence", "no_evidence": "No Evidence",
    "ambiguous": "Ambiguous", "conflicting": "Ambiguous",
}


def text(rec: dict, field: str, *, required: bool = True, empty_ok: bool = False) -> str | None:
    if field not in rec or rec[field] is None or (rec[field] == "" and not required):
        if required:
            raise RecordError(field, "missing required field")
        return None
    value = rec[field]
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RecordError(field, f"expected a string, got {type(value).__name__}")
    value = str(value)
    if not empty_ok and not value.strip():
        raise RecordError(field, "empty value")
    return value


def ident(rec: dict, field: str = "id", *, required: bool = True) -> str | None:
    value = text(rec, field, required=required)
    if value is not None and value != value.strip():
        raise RecordError(field, "id has leading or trailing whitespace")
    return value


def verdict(rec: dict, field: str, *, required: bool = False) -> str | None:
    value = rec.get(field)
    if value is None or value == "":
        if required:
            raise RecordError(field, "missing required field")
        return None
    if not isinstance(value, str):
        raise RecordError(field, f"expected a label string, got {type(value).__name__}")
    canon = VERDICT_SYNONYMS.get(value.strip().lower())
    if canon is None:
        raise RecordError(field, f"unknown label {value!r}; expected one of {', '.join(VERDICTS)}")
    return canon


def sentence_label(rec: dict, field: str = "label") -> str | None:
    value = rec.get(field)
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value.strip().lower() not in SENTENCE_LABELS:
        raise RecordError(field, f"unknown label {value!r}; expected correct, error or null")
    return value.strip().lower()


def risk_tier(rec: dict, field: str = "risk_tier") -> str | None:
    value = rec.get(field)
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value.strip().upper() not in RISK_TIERS:
        raise RecordError(field, f"unknown risk tier {value!r}; expected A, B or C")
    return value.strip().upper()


def str_list(rec: dict, field: str, *, from_csv: bool = False) -> list[str] | None:
    value = rec.get(field)
    if value is None or value == "":
        return None
    if from_csv and isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise RecordError(field, "list-valued CSV cells must be JSON, e.g. [\"a\", \"b\"]") from None
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise RecordError(field, "expected a list of strings")
    return [str(v) for v in value]


def boolean(rec: dict, field: str) -> bool:
    value = rec.get(field)
    if value is None or value == "":
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", "false", "0", "no"):
        return value.strip().lower() in ("true", "1", "yes")
    raise RecordError(field, f"expected true or false, got {value!r}")


def json_value(rec: dict, field: str, *, from_csv: bool) -> Any:
    value = rec.get(field)
    if from_csv and isinstance(value, str) and value.strip():
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise RecordError(field, "expected a JSON value in this CSV cell") from None
    return value
