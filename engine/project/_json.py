from __future__ import annotations

import json
from typing import Any


def dumps(value: Any) -> str | None:
    if value is None:
        return None
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


_DECODE = json.JSONDecoder().decode   # json.loads without its per-call argument checks


def loads(text: str | None, default: Any = None) -> Any:
    if text is None or text == "":
        return default
    if text == "[]":          # most list columns of a big table (verdicts without passages): no parse
        return []
    return _DECODE(text)
