"""The report's language (issue #24 item 4): headings, table headers, fixed cell words and explanations
through the engine's catalogue (engine.i18n), numbers written the language's way.

Only what a reader reads changes: the JSON folder and the XLSX cells holding numbers are the same in
every language (numbers stay numbers; Excel shows them in the reader's own locale).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from factaudit.engine import i18n
from factaudit.engine.i18n import N_

# Cell texts the report writes itself (never data): shown translated wherever a cell holds exactly one.
CELL_WORDS = frozenset({
    N_("yes"), N_("no"), N_("all"), N_("pass"), N_("fail"), N_("n/a"), N_("unknown"), N_("refused"),
    N_("retrieval"), N_("verification"), N_("sentence"), N_("claim"), N_("evidence"), N_("reasoning"),
    N_("Supported"), N_("Refuted"), N_("No Evidence"), N_("Ambiguous"),
    N_("verdicts"), N_("choices"), N_("candidates"), N_("imported"),
    N_("scored (the denominator of every closed figure)"),
    N_("left out: reply cut off at max tokens"), N_("left out: reply did not parse"),
    N_("left out: no verdict (the verifier failed on the claim)"),
    N_("retrieval error"), N_("verification error"), N_("wrong gold label"),
    N_("generation"), N_("terminology"), N_("data"),       # answer_audit.LAYERS, with retrieval and unknown
    N_("local"), N_("none"), N_("baseline"), N_("pick"), N_("shipped template"),   # grid_section cells
})

HTML_LANG = {"en": "en", "zh_CN": "zh-CN", "de": "de"}


def report_language(lang: str | None) -> str:
    """`--lang zh|de|en` (or a locale name) as a catalogue language; None is the app's language."""
    return i18n.normalize(lang) if lang else i18n.language()


def _words(text: str) -> str:
    # template paragraphs are wrapped in the source; the msgid is the text with single spaces
    return " ".join(text.split())


@dataclass(frozen=True)
class ReportLang:
    code: str = "en"

    @property
    def html_lang(self) -> str:
        return HTML_LANG.get(self.code, self.code.replace("_", "-"))

    def _(self, message: str, /, **values: Any) -> str:
        return i18n.fill(i18n.gettext(message, self.code), values)

    def paragraph(self, text: str, /, **values: Any) -> str:
        """A template paragraph (wrapped in the source) through the catalogue: its msgid has single spaces."""
        return self._(_words(text), **values)

    @property
    def sentence_sep(self) -> str:
        # Chinese sentences end with a full-width stop and follow each other without a space
        return "" if self.code == "zh_CN" else " "

    def plural(self, n: int, one: str, many: str, /, **values: Any) -> str:
        """The English singular/plural pair chosen by n (German counts the same way; Chinese has one
        form, its translations of both are the same); `{n}` is the count written the language's way."""
        return self._(one if n == 1 else many, n=self.integer(n), **values)

    # ---- numbers --------------------------------------------------------------------------------
    @property
    def _comma_decimal(self) -> bool:
        return self.code == "de"

    def _swap(self, text: str) -> str:
        # en 1,234.5 -> de 1.234,5
        return text.translate(str.maketrans({",": ".", ".": ","})) if self._comma_decimal else text

    def integer(self, n: int) -> str:
        return self._swap(f"{n:,}")

    def decimal(self, value: float, digits: int = 3) -> str:
        if not math.isfinite(value):
            return "–"
        if abs(value) >= 0.001 or value == 0:
            return self._swap(f"{value:.{digits}f}")
        return self._swap(f"{value:.1e}")

    def pct(self, value: float | None, digits: int = 0) -> str:
        if value is None:
            return self._("n/a")
        num = self._swap(f"{100 * value:.{digits}f}")
        return f"{num} %" if self.code == "de" else f"{num}%"

    def interval(self, lo: float, hi: float, digits: int = 3) -> str:
        # the German decimal comma would make "[0,1, 0,2]" unreadable: the bounds are split by a semicolon
        sep = "; " if self._comma_decimal else ", "
        return f"[{self._swap(f'{lo:.{digits}f}')}{sep}{self._swap(f'{hi:.{digits}f}')}]"

    # ---- cells ----------------------------------------------------------------------------------
    def cell(self, value: Any) -> str:
        """An HTML table cell: None and undefined figures as "–", floats to 3 decimals, fixed words translated."""
        if value is None:
            return "–"
        if isinstance(value, bool):
            return self._("yes") if value else self._("no")
        if isinstance(value, Interval):
            return self.interval(value.lo, value.hi, value.digits)
        if isinstance(value, Fixed):
            return self._swap(str(value))
        if isinstance(value, Percent):
            return self.pct(value.value, value.digits)
        if isinstance(value, Words):
            return self.words(value)
        if isinstance(value, float):
            return self.decimal(value)
        if isinstance(value, str):
            return self.word(value)
        return str(value)

    def words(self, value: "Words") -> str:
        if value.sep != ", ":         # sentences ("; "-joined notes)
            return value.sep.join(self.localize(w) for w in value.items)
        return ("、" if self.code == "zh_CN" else ", ").join(self.word(w) for w in value.items)

    def localize(self, text: str) -> str:
        """An English sentence made elsewhere (a note, a warning, why a section has no data) in the language."""
        return i18n.localize(text, self.code)

    def word(self, value: str) -> str:
        return i18n.gettext(value, self.code) if value in CELL_WORDS else value

    def head(self, head: list[str]) -> list[str]:
        return [self._(h) for h in head]


class Interval(str):
    """A confidence interval cell: reads as the English "[0.123, 0.456]" (JSON, older readers, tests),
    and the report writes it the language's way from its bounds."""

    lo: float
    hi: float
    digits: int

    def __new__(cls, lo: float, hi: float, digits: int = 3) -> "Interval":
        obj = super().__new__(cls, f"[{lo:.{digits}f}, {hi:.{digits}f}]")
        obj.lo, obj.hi, obj.digits = float(lo), float(hi), digits
        return obj


class Fixed(str):
    """A figure shown with a fixed number of decimals ("54.5"): the report writes it the language's way,
    the workbook as the number itself."""

    value: float
    digits: int

    def __new__(cls, value: float, digits: int = 1) -> "Fixed":
        obj = super().__new__(cls, f"{value:.{digits}f}")
        obj.value, obj.digits = float(value), digits
        return obj


class Percent(str):
    """A share shown as a percentage ("54%"), written the language's way ("54 %" in German)."""

    value: float
    digits: int

    def __new__(cls, value: float, digits: int = 0) -> "Percent":
        obj = super().__new__(cls, f"{100 * value:.{digits}f}%")
        obj.value, obj.digits = float(value), digits
        return obj


class Words(str):
    """A list of fixed words in one cell ("Supported, Refuted"), each translated on its own; with
    sep="; " a list of sentences (notes), each localized."""

    items: tuple[str, ...]
    sep: str

    def __new__(cls, items, sep: str = ", ") -> "Words":
        items = tuple(items)
        obj = super().__new__(cls, sep.join(items))
        obj.items, obj.sep = items, sep
        return obj


def ci(value) -> str:
    """A (lo, hi) pair as an Interval cell, "" when there is none."""
    return Interval(value[0], value[1]) if value else ""


EN = ReportLang("en")

__all__ = ["ReportLang", "Interval", "Fixed", "Percent", "Words", "ci", "EN", "CELL_WORDS", "report_language"]
