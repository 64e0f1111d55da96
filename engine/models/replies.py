"""What a verifier LLM returns and how its text becomes data: the result record, the JSON-schema
check (the subset our prompts use) and the tolerant JSON extraction both backends share.

A reply becomes `parsed` only when it is JSON that satisfies the schema; otherwise parse_status is
'failed' and callers must not turn it into a verdict. This module imports nothing from the backends
or from engine.models.llm, so both can use it without an import cycle.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, str]
PARSE_STATUSES = ("ok", "repaired", "failed")


@dataclass
class LLMResult:
    text: str
    parsed: dict[str, Any] | None
    parse_status: str
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_ms: float | None = None
    attempts: int = 1
    notes: list[str] = field(default_factory=list)
    reasoning_tokens: int | None = None     # reported apart by endpoints; already inside completion_tokens


# ---- schema checking (the subset our prompts use) ----------------------------------------------
_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}


def schema_errors(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    errs: list[str] = []
    t = schema.get("type")
    if t == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{path}: expected integer"]
    elif t == "number":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return [f"{path}: expected number"]
    elif t in _TYPES and not isinstance(value, _TYPES[t]):
        return [f"{path}: expected {t}"]
    if "enum" in schema and value not in schema["enum"]:
        errs.append(f"{path}: {value!r} not in {schema['enum']}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            errs.append(f"{path}: shorter than {schema['minLength']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errs.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errs.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                errs.extend(schema_errors(item, schema["items"], f"{path}[{i}]"))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errs.append(f"{path}.{key}: missing")
        for key, sub in props.items():
            if key in value:
                errs.extend(schema_errors(value[key], sub, f"{path}.{key}"))
        if schema.get("additionalProperties") is False:
            for key in value:
                if key not in props:
                    errs.append(f"{path}.{key}: not allowed")
    return errs


def _first_object(text: str) -> str | None:
    """The first balanced {...} in text (models like to wrap JSON in prose or code fences)."""
    start = text.find("{")
    while start >= 0:
        depth, in_str, esc = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start:i + 1]
        start = text.find("{", start + 1)
    return None


def parse_reply(text: str, schema: dict[str, Any]) -> tuple[dict[str, Any] | None, str, list[str]]:
    """(parsed, status, problems): 'ok' when the reply is schema-valid JSON as it stands,
    'repaired' when a JSON object extracted from surrounding text is, else 'failed'."""
    problems: list[str] = []
    try:
        value = json.loads(text)
        errs = schema_errors(value, schema)
        if not errs:
            return value, "ok", []
        problems.extend(errs)
    except (ValueError, TypeError) as exc:
        problems.append(f"not JSON: {exc}")
    candidate = _first_object(re.sub(r"```(?:json)?", "", text or ""))
    if candidate is not None and candidate != text:
        try:
            value = json.loads(candidate)
            errs = schema_errors(value, schema)
            if not errs:
                return value, "repaired", problems
            problems.extend(errs)
        except ValueError as exc:
            problems.append(f"extracted object is not JSON: {exc}")
    return None, "failed", problems
