"""One JSON writer for everything the app prints or writes as JSON (`--json` output, report files).

JSON has no NaN or infinity: an undefined figure (precision with nothing predicted, a p-value of an
empty comparison) is written as null, never as the bare `NaN` token most parsers reject. Dataclasses,
numpy scalars and arrays, tuples and paths are turned into plain JSON values on the way.
"""
from __future__ import annotations

import dataclasses
import json
import math
from pathlib import PurePath
from typing import Any


def clean(value: Any) -> Any:
    """`value` as plain JSON data, with every non-finite float replaced by None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return [clean(v) for v in items]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return clean(dataclasses.asdict(value))
    if hasattr(value, "tolist"):            # numpy scalars and arrays
        return clean(value.tolist())
    if isinstance(value, PurePath):
        return str(value)
    return str(value)


def dumps(value: Any, **kw: Any) -> str:
    """json.dumps of `clean(value)`; allow_nan=False makes a missed NaN an error, not bad output."""
    kw.setdefault("ensure_ascii", False)
    return json.dumps(clean(value), allow_nan=False, **kw)
