"""Field validators shared by the importers. Each raises RecordError(field, reason)."""
from __future__ import annotations

import json
import re
from typing import Any

from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import _SURROGATE, UnreadableJSON, lone_surrogate
from factaudit.engine.ingest.readers import loads as _loads
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


_CONTROL = re.compile("[\x00-\x1f\x7f]")


def _type_name(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


def text(rec: dict, field: str, *, required: bool = True, empty_ok: bool = False) -> str | None:
    """A text field. Numbers are refused: `"claim": 12345` is a broken export, not a claim."""
    if field not in rec or rec[field] is None or (rec[field] == "" and not required):
        if required:
            raise RecordError(field, "missing required field")
        return None
    value = rec[field]
    if not isinstance(value, str):
        raise RecordError(field, f"expected a string, got {_type_name(value)} ({_short(value)})")
    if not empty_ok and not value.strip():
        raise RecordError(field, "empty value")
    return value


def ident(rec: dict, field: str = "id", *, required: bool = True) -> str | None:
    """An identifier: a string or an integer (SciFact and HotpotQA ids are JSON numbers)."""
    if field not in rec or rec[field] is None or rec[field] == "":
        if required:
            raise RecordError(field, "missing required field")
        return None
    value = rec[field]
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RecordError(field, f"expected an id (string or integer), got {_type_name(value)} ({_short(value)})")
    value = str(value)
    if not value.strip():
        raise RecordError(field, "empty value")
    if value != value.strip():
        raise RecordError(field, "id has leading or trailing whitespace")
    bad = _CONTROL.search(value)
    if bad:
        # an escaped NUL ("\u0000") survives JSON and would make two ids look the same on screen
        raise RecordError(field, f"id contains a control character (U+{ord(bad.group()):04X})")
    return value


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


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
            value = _loads(value)
        except UnreadableJSON as exc:
            raise RecordError(field, exc.reason) from None
        except (json.JSONDecodeError, RecursionError):
            raise RecordError(field, "list-valued CSV cells must be JSON, e.g. [\"a\", \"b\"]") from None
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise RecordError(field, "expected a list of strings")
    out = [str(v) for v in value]
    if from_csv and any(_SURROGATE.search(v) for v in out):
        raise RecordError(field, "contains a lone UTF-16 surrogate escape (e.g. \\ud800), which is not valid Unicode")
    return out


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
            parsed = _loads(value)
        except UnreadableJSON as exc:
            raise RecordError(field, exc.reason) from None
        except (json.JSONDecodeError, RecursionError):
            raise RecordError(field, "expected a JSON value in this CSV cell") from None
        if lone_surrogate(parsed) is not None or (isinstance(parsed, str) and _SURROGATE.search(parsed)):
            raise RecordError(field, "contains a lone UTF-16 surrogate escape (e.g. \\ud800), which is not valid Unicode")
        return parsed
    return value


def optional_boolean(rec: dict, field: str) -> bool | None:
    """Like `boolean`, but an absent value stays unknown (None) instead of becoming false."""
    if rec.get(field) is None or rec.get(field) == "":
        return None
    return boolean(rec, field)


def number(rec: dict, field: str, *, integer: bool = False) -> float | int | None:
    """A non-negative number (latency, token counts); CSV cells are parsed, true/false is refused."""
    value = rec.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise RecordError(field, f"expected a number, got {_short(value)}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value in (
            float("inf"), float("-inf")):
        raise RecordError(field, f"expected a number, got {_type_name(value)} ({_short(value)})")
    if value < 0:
        raise RecordError(field, f"must not be negative, got {value!r}")
    if integer:
        if value != int(value):
            raise RecordError(field, f"expected a whole number, got {value!r}")
        return int(value)
    return float(value)


def id_list(rec: dict, field: str, *, from_csv: bool = False) -> list[str] | None:
    """A list of passage ids without repeats (a repeat would count one passage twice)."""
    out = str_list(rec, field, from_csv=from_csv)
    if out is not None:
        seen: set[str] = set()
        for v in out:
            if v in seen:
                raise RecordError(field, f"passage {v!r} is listed twice")
            seen.add(v)
    return out


def option_evidence(rec: dict, field: str, *, from_csv: bool, options: list[str] | None) -> dict[str, list[str]] | None:
    """`{option: [passage ids]}`: where the evidence for each option is. Keys must be listed options."""
    value = json_value(rec, field, from_csv=from_csv)
    if value is None or value == "":
        return None
    if not isinstance(value, dict):
        raise RecordError(field, f"expected an object {{option: [passage ids]}}, got {_type_name(value)}")
    out: dict[str, list[str]] = {}
    for option, ids in value.items():
        if options is not None and option not in options:
            raise RecordError(f"{field}.{option}", "not one of the item's options")
        try:
            out[option] = id_list({"ids": ids}, "ids") or []
        except RecordError as err:
            raise RecordError(f"{field}.{option}", err.reason) from None
    return out
