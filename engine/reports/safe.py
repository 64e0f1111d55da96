"""Make project strings safe for the places a report puts them.

A project holds text from imported files, so a category, a dataset name or a codebook label can be
anything: a spreadsheet formula (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`), matplotlib math (`$x$`,
`$\\foo$` raises), a lone surrogate that no encoder accepts, NUL and other control characters that
XML forbids, or 100,000 characters. Every writer passes strings through one of these helpers.
"""
from __future__ import annotations

import re
from typing import Any

# A spreadsheet treats a cell starting with these as a formula (OWASP "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
XLSX_MAX_CHARS = 32_767          # Excel's limit for one cell; longer text makes it "repair" the file
PLOT_LABEL_CHARS = 40

_SURROGATE = re.compile("[\ud800-\udfff]")
# XML 1.0 forbids these (openpyxl raises IllegalCharacterError on them); tab, LF and CR are allowed.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def valid_unicode(text: str) -> str:
    """Lone surrogates (from `\\ud800` escapes in JSON) replaced by U+FFFD so every encoder accepts it."""
    return _SURROGATE.sub("\ufffd", text)


def is_formula_like(text: str) -> bool:
    return text.startswith(FORMULA_START)


def xlsx_text(text: str) -> str:
    """Cell text an XML writer accepts and Excel opens without repair (the formula guard is the cell's)."""
    text = _XML_ILLEGAL.sub("\ufffd", valid_unicode(text))
    if len(text) > XLSX_MAX_CHARS:
        text = text[: XLSX_MAX_CHARS - 1] + "…"
    return text


def guard_xlsx_cell(cell) -> None:
    """Force a string cell to be text: openpyxl turns any str starting with '=' into a formula."""
    if isinstance(cell.value, str) and (cell.data_type == "f" or is_formula_like(cell.value)):
        cell.data_type = "s"
        # quotePrefix keeps it text when the user edits the cell in Excel or LibreOffice too.
        cell.quotePrefix = True


def csv_cell(value: Any) -> Any:
    """A CSV value that a spreadsheet opens as text: formula-like strings get a leading apostrophe."""
    if isinstance(value, str):
        value = valid_unicode(value)
        if is_formula_like(value):
            return "'" + value
    return value


def plot_label(text: Any, limit: int = PLOT_LABEL_CHARS) -> str:
    """A label matplotlib draws literally: `$` escaped (no math parsing), controls dropped, shortened."""
    text = _CONTROL.sub(" ", valid_unicode(str(text)))
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace("$", r"\$")


def json_safe(text: str) -> str:
    return valid_unicode(text)
