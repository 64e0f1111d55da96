"""The engine's message catalogue (issue #24 item 3): texts the GUI shows that the engine writes
(workflow step titles and hints, status steps, error sentences) in the interface language.

Sources are gettext .po files, resources/i18n/engine/<lang>/LC_MESSAGES/factaudit.po, read directly (a small
reader below: nothing compiled, nothing binary committed). Strings are marked with `N_("...")` where
they are defined and translated with `gettext(msgid)` where they are shown, so `--json` output and
stored data stay English whatever the language. Extraction (babel, a dev tool):

    pybabel extract -k N_ -k gettext -o resources/i18n/engine/factaudit.pot engine/
    pybabel update -i resources/i18n/engine/factaudit.pot -d resources/i18n/engine -D factaudit

No Qt here: the GUI calls `set_language` with the language it chose (gui/i18n.py).
"""
from __future__ import annotations

import ast
import threading
from pathlib import Path

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
    _language = lang or "en"


def language() -> str:
    return _language


def gettext(message: str, lang: str | None = None) -> str:
    """`message` in the chosen language, or unchanged when it has no translation (English)."""
    lang = lang or _language
    if lang == "en" or not message:
        return message
    return catalogue(lang).get(message, message)


__all__ = ["N_", "gettext", "set_language", "language", "read_po", "catalogue", "po_path"]
