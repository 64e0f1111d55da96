"""The engine's message catalogue (issue #24 item 3): texts the GUI shows that the engine writes
(workflow step titles and hints, status steps, error sentences) in the interface language.

Sources are gettext .po files, resources/i18n/engine/<lang>/LC_MESSAGES/factaudit.po, read directly (a small
reader below: nothing compiled, nothing binary committed). Strings are marked with `N_("...")` where
they are defined and translated with `gettext(msgid)` where they are shown, so `--json` output and
stored data stay English whatever the language. Messages built elsewhere with an f-string (errors, CLI
lines, workflow step details, report notes) are translated when shown by `localize(text)`, which matches
the English text against msgids with placeholders ("{run} is not finished"). `tools/i18n_extract.py`
lists every msgid the sources use (`--missing de` those a catalogue lacks); `tools/po_write.py TABLE.py`
writes both catalogues from a {msgid: (zh_CN, de)} table. With babel (a dev tool) for the marked ones:

    pybabel extract -k N_ -k gettext -o resources/i18n/engine/factaudit.pot engine/
    pybabel update -i resources/i18n/engine/factaudit.pot -d resources/i18n/engine -D factaudit

No Qt here: the GUI calls `set_language` with the language it chose (gui/i18n.py).
"""
from __future__ import annotations

import ast
import os
import re
import threading
from pathlib import Path
from typing import Mapping

def locale_dir() -> Path:
    from factaudit.engine.resource_files import resource_path

    return resource_path("i18n", "engine")

DOMAIN = "factaudit"
_lock = threading.Lock()
_catalogues: dict[str, dict[str, str]] = {}
_language = "en"


def N_(message: str) -> str:
    """Marks a message for extraction; returns it unchanged (the English msgid)."""
    return message


def po_path(lang: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _unquote(line: str) -> str:
    return ast.literal_eval(line)


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file: translated entries only (fuzzy and empty ones are left out, as
    msgfmt leaves them out)."""
    out: dict[str, str] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fuzzy = False
        parts: dict[str, str] = {}
        field = None
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in line
            elif line.startswith("msgid "):
                field, parts["msgid"] = "msgid", _unquote(line[6:])
            elif line.startswith("msgstr "):
                field, parts["msgstr"] = "msgstr", _unquote(line[7:])
            elif line.startswith('"') and field:
                parts[field] += _unquote(line)
        if parts.get("msgid") and parts.get("msgstr") and not fuzzy:
            out[parts["msgid"]] = parts["msgstr"]
    return out


def catalogue(lang: str) -> dict[str, str]:
    with _lock:
        if lang not in _catalogues:
            path = po_path(lang)
            _catalogues[lang] = read_po(path) if path.exists() else {}
        return _catalogues[lang]


def set_language(lang: str) -> None:
    global _language
    _language = normalize(lang) if lang else "en"


def language() -> str:
    return _language


def gettext(message: str, lang: str | None = None) -> str:
    """`message` in the chosen language, or unchanged when it has no translation (English)."""
    lang = lang or _language
    if lang == "en" or not message:
        return message
    return catalogue(lang).get(message, message)


# ---- languages -----------------------------------------------------------------------------------
LANGUAGES = ("en", "zh_CN", "de")


def normalize(lang: str | None) -> str:
    """A catalogue language from what a user or the system says: `zh`, `zh_CN.UTF-8`, `zh-Hans` -> zh_CN;
    `de`, `de_AT.UTF-8` -> de; another language with a catalogue folder (`fr_FR` -> fr) -> itself;
    anything else (C, POSIX, en_US) -> en."""
    prefix = (lang or "").split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if prefix == "zh":
        return "zh_CN"
    if prefix and prefix != "en" and prefix.isalpha() and po_path(prefix).exists():
        return prefix
    return "en"


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The command line's language: FACTAUDIT_LANG (as for the GUI), else the locale variables in the
    order the C library reads them (LC_ALL, LC_MESSAGES, LANG); English when none names zh or de."""
    env = os.environ if environ is None else environ
    for name in ("FACTAUDIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return normalize(env[name])
    return "en"


# ---- messages with values ------------------------------------------------------------------------
# A msgid may hold placeholders in braces ("{run} is not finished"); a translation repeats them (or drops
# one, like an English plural "s"). Values go in by the placeholder's exact text, never str.format, so a
# brace in a value or a translation cannot raise.
_TOKEN = re.compile(r"\{[^{}\n]*\}")


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template` with each `{name}` replaced by str(values[name]) (unknown names are left as they are)."""
    def one(m: re.Match) -> str:
        key = m.group(0)[1:-1]
        return str(values[key]) if key in values else m.group(0)

    return _TOKEN.sub(one, template)


def t(message: str, lang: str | None = None, /, **values: object) -> str:
    """gettext, then the values filled in: `t("{n} runs", "de", n=3)` (any value name, "message" too)."""
    return fill(gettext(message, lang), values)


def placeholders(text: str) -> list[str]:
    return _TOKEN.findall(text)


_templates: dict[str, list[tuple[re.Pattern, list[str], str]]] = {}


def _template_index(lang: str) -> list[tuple[re.Pattern, list[str], str]]:
    with _lock:
        found = _templates.get(lang)
    if found is not None:
        return found
    out = []
    for msgid, msgstr in catalogue(lang).items():
        tokens = placeholders(msgid)
        literal = _TOKEN.sub("", msgid)
        if not tokens or sum(ch.isalpha() for ch in literal) < 3:
            continue          # "{a}: {b}" would match any text with a colon in it
        parts = _TOKEN.split(msgid)
        rx = "".join(re.escape(p) + (_group(tokens[i]) if i < len(tokens) else "") for i, p in enumerate(parts))
        out.append((len(literal), re.compile(rx, re.S), tokens, msgstr))
    out.sort(key=lambda e: -e[0])     # the most specific message first
    index = [(rx, tokens, msgstr) for _n, rx, tokens, msgstr in out]
    with _lock:
        _templates[lang] = index
    return index


def _group(token: str) -> str:
    # {n} and {m} stand for a count ("1,234"): "{n} claims" matches "1,234 claims", never "a/b claims"
    return r"(\d[\d,.]*)" if token in ("{n}", "{m}") else "(.+?)"


def localize(text: str, lang: str | None = None, _depth: int = 0) -> str:
    """An English message made elsewhere (an exception's text, a CLI line built with an f-string, a
    workflow step's detail) in the language: an exact catalogue entry, else the first msgid whose
    placeholders match it, with the values the English text carries put into the translation (each value
    localized in turn, two levels deep). Text no entry matches stays English."""
    lang = lang or _language
    if lang == "en" or not text:
        return text
    found = catalogue(lang).get(text)
    if found is not None:
        return found
    for rx, tokens, msgstr in _template_index(lang):
        m = rx.fullmatch(text)
        if m:
            # a value may itself be a message ("37 of 120 claims" inside a workflow step's detail)
            values = {tok: (localize(val, lang, _depth + 1) if _depth < 2 else val)
                      for tok, val in zip(tokens, m.groups())}
            return _TOKEN.sub(lambda x: values.get(x.group(0), x.group(0)), msgstr)
    return text


__all__ = ["N_", "gettext", "set_language", "language", "read_po", "catalogue", "po_path", "LANGUAGES",
           "normalize", "from_environment", "fill", "t", "placeholders", "localize"]
