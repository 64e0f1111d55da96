"""Secrets never reach a project file, a log or a report: redact them before anything is written.

What counts as a secret:
- the exact value of every configured API key (FACTAUDIT_API_KEY, OPENAI_API_KEY, any *_API_KEY
  variable, keys read from the keyring or taken from an endpoint URL in this process);
- URL credentials: the userinfo part (`scheme://user:password@host`) and the values of query
  parameters named like credentials (`api_key`, `key`, `token`, `access_token`, ...);
- `Authorization:` header values, `Bearer <token>` and `sk-...` style keys.

Each exact value is also looked for in the forms a server or a library echoes it in: percent-encoded,
base64 and URL-safe base64 (also inside a longer base64 run, such as a Basic header's "user:key"), see
`encoded_forms`. A value in a base64 run is found from its middle part, which does not depend on the
bytes around it; that part must be at least ENCODED_MIN_LEN characters, so a key shorter than about 10
characters is found raw and percent-encoded only.

`redact_text` replaces them with [REDACTED]; `redact_obj` walks JSON-like values (run config,
provenance, summaries). `find_secret` names the first kind of secret in a text, for the seal's scan,
using stricter patterns so ordinary prose ("carriers and bearers of ...") is not mistaken for a key.
"""
from __future__ import annotations

import base64
import functools
import os
import re
import threading
from urllib.parse import quote, quote_plus
from typing import Any, Iterable

REDACTED = "[REDACTED]"
KEY_VARS = ("FACTAUDIT_API_KEY", "OPENAI_API_KEY")
MIN_SECRET_LEN = 6   # shorter "keys" ("x", "none") would redact ordinary words
ENCODED_MIN_LEN = 12  # a shorter base64 piece could occur by chance in any long base64 text

_known: set[str] = set()
_known_lock = threading.Lock()

_PARAM_NAMES = r"(?:api[_-]?key|apikey|key|token|access[_-]?token|auth|password|passwd|secret|client[_-]?secret|sig)"
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)([^/\s?#@\"'<>]+)@")
# The same in a percent-encoded URL (a URL passed as a query value, or echoed encoded by a server).
_PCT_PART = r"(?:[^%/\s?#@\"'<>&]|%(?!2[Ff]|40|3[Aa])[0-9A-Fa-f]{2})+"
_USERINFO_PCT = re.compile(rf"(?i)\b([a-z][a-z0-9+.\-]*%3A%2F%2F)({_PCT_PART}(?:%3A{_PCT_PART})?)%40")
_QUERY = re.compile(rf"(?i)([?&;]{_PARAM_NAMES}=)([^&#\s\"'<>]+)")
# The value must look like a credential (a scheme word, or 8+ characters with a digit), so prose such
# as "prior authorization: required" in a model's reasoning is left alone.
_AUTH_HEADER = re.compile(r"(?i)(\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?)"
                          r"(?:(?:bearer|basic|token)\s+[^\s\"',;}]+|(?=[^\s\"',;}]*\d)[^\s\"',;}]{8,})")
_API_KEY_HEADER = re.compile(r"(?i)(\b(?:x-api-key|api[_-]?key|access[_-]?token)[\"']?\s*[:=]\s*[\"']?)([^\s\"',;}&]+)")
_BEARER = re.compile(r"(?i)\b(bearer\s+)(?=[A-Za-z0-9._~+/=\-]*[0-9_\-])[A-Za-z0-9._~+/=\-]{8,}")
_SK = re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{8,}")

# For scanning a project before sealing: patterns that prose does not match by accident.
_SCAN = (
    ("URL credentials (user:password@)", re.compile(r"(?i)\b[a-z][a-z0-9+.\-]*://[^/\s?#@:\"'<>]+:[^/\s?#@\"'<>]+@")),
    ("a credential in a URL query (api_key=, token=, ...)", _QUERY),
    ("URL credentials, percent-encoded (user%3Apassword%40)",
     re.compile(rf"(?i)\b[a-z][a-z0-9+.\-]*%3A%2F%2F{_PCT_PART}%3A{_PCT_PART}%40")),
    ("an Authorization header value", _AUTH_HEADER),
    ("a Bearer token", re.compile(r"(?i)\bbearer\s+(?=[A-Za-z0-9._~+/=\-]*[0-9])[A-Za-z0-9._~+/=\-]{16,}")),
    ("an sk-... API key", re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{16,}")),
)


def register_secret(value: str | None) -> None:
    """Remember a key's exact value for this process so every later write redacts it."""
    if value and len(value.strip()) >= MIN_SECRET_LEN:
        with _known_lock:
            _known.add(value.strip())


def known_secrets(extra: Iterable[str] = ()) -> list[str]:
    """Exact values to redact: registered keys, key variables of the environment, `extra`."""
    values = set(_known)
    for name, value in os.environ.items():
        if name in KEY_VARS or name.endswith("_API_KEY"):
            values.add(value.strip())
    values.update(v.strip() for v in extra if v)
    # Longest first, so a key that contains another is replaced whole.
    return sorted((v for v in values if len(v) >= MIN_SECRET_LEN), key=len, reverse=True)


@functools.lru_cache(maxsize=256)
def encoded_forms(value: str) -> tuple[tuple[str, str], ...]:
    """(how, text) for each encoded form of `value` that differs from it: percent-encoded (upper and
    lower-case hex, '+' for spaces) and, for base64 and URL-safe base64, the characters that encode the
    value whole at each of the three byte offsets it can start at inside a longer encoded text."""
    forms: dict[str, str] = {}
    for pct in (quote(value, safe=""), quote_plus(value, safe="")):
        for form in (pct, re.sub(r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), pct)):
            if form != value:
                forms.setdefault(form, "percent-encoded")
    raw = value.encode("utf-8")
    for offset in range(3):
        padded = b"\0" * offset + raw
        first, last = -(-offset // 3), len(padded) // 3     # 3-byte groups holding only the value's bytes
        for how, enc in (("base64-encoded", base64.b64encode), ("URL-safe base64-encoded", base64.urlsafe_b64encode)):
            piece = enc(padded).decode("ascii")[4 * first:4 * last]
            if len(piece) >= ENCODED_MIN_LEN and piece != value:
                forms.setdefault(piece, how)
    return tuple((how, form) for form, how in forms.items())


def with_encoded_forms(exact: dict[str, str]) -> dict[str, str]:
    """`exact` (label -> key value) plus one entry per encoded form of each value, labelled
    "<label> (base64-encoded)" and so on, for the seal's scan, which looks for each value as it is."""
    out = dict(exact)
    for label, value in exact.items():
        if value and len(value) >= MIN_SECRET_LEN:
            for n, (how, form) in enumerate(encoded_forms(value)):
                # One entry per form (a base64 key has three), each label unique, all naming the key.
                out[f"{label} ({how})" + ("" if f"{label} ({how})" not in out else f" #{n}")] = form
    return out


_B64_RUN = "[A-Za-z0-9+/_\\-]*"


def _redact_encoded(text: str, value: str) -> str:
    for how, form in encoded_forms(value):
        if form not in text:
            continue
        if how == "percent-encoded":
            text = text.replace(form, REDACTED)
        else:   # the whole base64 run around it: its other characters still encode part of the key
            text = re.sub(f"{_B64_RUN}{re.escape(form)}{_B64_RUN}=*", REDACTED, text)
    return text


def redact_text(text: str, extra: Iterable[str] = ()) -> str:
    if not text:
        return text
    for value in known_secrets(extra):
        if value in text:
            text = text.replace(value, REDACTED)
        text = _redact_encoded(text, value)
    text = _USERINFO.sub(lambda m: f"{m.group(1)}{REDACTED}@", text)
    text = _USERINFO_PCT.sub(lambda m: f"{m.group(1)}{REDACTED}%40", text)
    text = _QUERY.sub(lambda m: f"{m.group(1)}{REDACTED}", text)
    text = _AUTH_HEADER.sub(lambda m: f"{m.group(1)}{REDACTED}", text)
    text = _API_KEY_HEADER.sub(lambda m: f"{m.group(1)}{REDACTED}", text)
    text = _BEARER.sub(lambda m: f"{m.group(1)}{REDACTED}", text)
    return _SK.sub(REDACTED, text)


_SECRET_KEYS = re.compile(r"(?i)^(?:api[_-]?key|apikey|authorization|password|passwd|secret|client[_-]?secret|"
                          r"access[_-]?token|token|x-api-key)$")


def redact_obj(value: Any, extra: Iterable[str] = ()) -> Any:
    """A copy of a JSON-like value with every string redacted and credential-named fields blanked."""
    extra = list(extra)
    if isinstance(value, str):
        return redact_text(value, extra)
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, str) and _SECRET_KEYS.match(k) and v not in (None, "", False):
                out[k] = REDACTED
            else:
                out[k] = redact_obj(v, extra)
        return out
    if isinstance(value, (list, tuple)):
        return [redact_obj(v, extra) for v in value]
    return value


# A literal every match of a _SCAN pattern contains (lower-cased), so a text without it is skipped
# without running the pattern; None: always run it (it is cheap). Kept beside _SCAN on purpose.
_SCAN_LITERALS = {"URL credentials (user:password@)": "://",
                  "URL credentials, percent-encoded (user%3Apassword%40)": "%3a%2f%2f", "an Authorization header value": "authorization",
                  "a Bearer token": "bearer", "an sk-... API key": "sk-",
                  "a credential in a URL query (api_key=, token=, ...)": "="}
# Characters that IGNORECASE patterns match to an ASCII letter but str.lower() does not turn into it
# (U+0130, U+0131, U+017F); with one of them present every pattern runs.
_FOLD_ODD = ("\u0130", "\u0131", "\u017f")


def may_hold_secret(text: str, exact: dict[str, str] | None = None) -> bool:
    """False only if `find_secret` names nothing in any newline-separated part of `text` (a bulk
    pre-check for the seal's scan). A newline acts like the end of a text for every pattern, so a
    match inside a part is still a match in the whole; extra matches only cost the exact check."""
    if any(value and len(value) >= MIN_SECRET_LEN and value in text for value in (exact or {}).values()):
        return True
    lowered = None if any(ch in text for ch in _FOLD_ODD) else text.lower()
    for kind, pattern in _SCAN:
        literal = _SCAN_LITERALS.get(kind)
        if lowered is not None and literal is not None and literal not in lowered:
            continue
        if pattern.search(text):
            return True
    return False


def may_hold_secret_json(data: bytes, exact: dict[str, str] | None = None) -> bool:
    """False only if no text value written, JSON-escaped, into `data` (SQLite's json_array output,
    UTF-8) holds anything `find_secret` names. Escaping rewrites only quotes, backslashes and control
    characters, never a character of the literals, so a literal's absence still proves a pattern cannot
    match (bytes.lower() folds ASCII only: U+212A, the Kelvin sign, joins the odd characters); a key holding such a character cannot be looked for in escaped text, so it answers True."""
    for value in (exact or {}).values():
        if value and len(value) >= MIN_SECRET_LEN:
            if any(ch in value for ch in '"\\') or any(ord(ch) < 0x20 for ch in value) or value.encode() in data:
                return True
    if any(ch.encode() in data for ch in _FOLD_ODD + ("\u212a",)) or any(kind not in _SCAN_LITERALS for kind, _ in _SCAN):
        return True
    lowered = data.lower()
    return any(literal.encode() in lowered for literal in _SCAN_LITERALS.values())


def find_secret(text: str, exact: dict[str, str] | None = None) -> str | None:
    """What kind of secret `text` holds (for refusing to seal), or None. `exact` maps a label
    ("FACTAUDIT_API_KEY", "the keyring key of <endpoint>") to a configured key's value."""
    if not text:
        return None
    for label, value in (exact or {}).items():
        if value and len(value) >= MIN_SECRET_LEN and value in text:
            return f"the value of {label}"
    for kind, pattern in _SCAN:
        m = pattern.search(text)
        if m and REDACTED not in m.group(0):
            return kind
    return None
