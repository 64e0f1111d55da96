"""Interface languages (issue #24 item 3): which language the GUI speaks and the Qt translators for it.

The sources are Qt Linguist files, resources/i18n/factaudit_<lang>.ts, made and refreshed with
`pyside6-lupdate` (see `update_sources`). The compiled `.qm` files are not committed: `make install` and
`make bundle` run `python -m factaudit.gui.i18n build`, which writes them beside the sources; a checkout
without them compiles a source on first use into the user cache (by the `.ts` file's digest).

The choice is the setting `ui/language` ("" = the system's locale; FACTAUDIT_LANG overrides it, for
screenshots and tests); File › Settings installs a new choice at once (gui/dialogs/settings_dialog.py).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QTranslator

LANGUAGES = {"en": "English", "zh_CN": "中文（简体）", "de": "Deutsch"}   # code -> its own name
TRANSLATED = ("zh_CN", "de")
SETTING = "ui/language"
_installed: list[QTranslator] = []


def source_dir() -> Path:
    return Path(str(resources.files("factaudit.resources").joinpath("i18n")))


def ts_path(lang: str) -> Path:
    return source_dir() / f"factaudit_{lang}.ts"


def chosen_language() -> str:
    """The setting, or "" for the system's language."""
    from factaudit.gui import settings

    value = settings.settings().value(SETTING, "")
    return str(value or "") if str(value or "") in LANGUAGES else ""


def set_language(lang: str) -> None:
    from factaudit.gui import settings

    s = settings.settings()
    s.setValue(SETTING, lang if lang in LANGUAGES else "")
    s.sync()


def resolve(lang: str | None = None) -> str:
    """The language to speak: the given one, else the setting, else the system locale's (zh_* ->
    zh_CN, de_* -> de, anything else English)."""
    if lang is None:
        lang = os.environ.get("FACTAUDIT_LANG") or chosen_language()
    if lang in LANGUAGES:
        return lang
    name = QLocale.system().name()          # e.g. "de_AT", "zh_CN", "en_US"
    if name.startswith("zh"):
        return "zh_CN"
    if name.startswith("de"):
        return "de"
    return "en"


def _lrelease() -> str | None:
    """pyside6-lrelease beside this interpreter, or on PATH."""
    here = Path(sys.executable).with_name("pyside6-lrelease")
    return str(here) if here.exists() else shutil.which("pyside6-lrelease")


def compile_ts(ts: Path, qm: Path) -> bool:
    tool = _lrelease()
    if tool is None or not ts.exists():
        return False
    qm.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([tool, "-silent", str(ts), "-qm", str(qm)], capture_output=True, text=True)
    return done.returncode == 0 and qm.exists()


def qm_path(lang: str) -> Path | None:
    """The compiled catalogue of `lang`: beside the source (make install / bundle), else compiled once
    into the user cache."""
    ts = ts_path(lang)
    beside = ts.with_suffix(".qm")
    if beside.exists() and (not ts.exists() or beside.stat().st_mtime >= ts.stat().st_mtime):
        return beside
    if not ts.exists():
        return None
    digest = hashlib.sha256(ts.read_bytes()).hexdigest()[:16]
    cached = _cache_dir() / f"factaudit_{lang}_{digest}.qm"
    if cached.exists() or compile_ts(ts, cached):
        return cached
    return None


def _cache_dir() -> Path:
    """The user cache, or beside FACTAUDIT_DATA_DIR when that is set (tests, portable installs)."""
    override = os.environ.get("FACTAUDIT_DATA_DIR")
    if override:
        return Path(override) / "cache" / "i18n"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("factaudit", "factaudit")) / "i18n"


def install(app: QCoreApplication, lang: str | None = None) -> str:
    """Install the translators of the chosen language (ours and Qt's own, for standard buttons) and set
    the default QLocale, so numbers, percentages and dates follow it. Returns the language spoken."""
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    lang = resolve(lang)
    from factaudit.engine import i18n as engine_i18n

    engine_i18n.set_language(lang)          # the engine's catalogue: workflow steps, hints, errors
    locale = QLocale(lang if lang != "en" else "en_US")
    QLocale.setDefault(locale)
    if lang == "en":
        return lang
    qm = qm_path(lang)
    if qm is not None:
        ours = QTranslator(app)
        if ours.load(str(qm)):
            app.installTranslator(ours)
            _installed.append(ours)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qt_own = QTranslator(app)
    if qt_own.load(locale, "qtbase", "_", qt_dir):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    return lang


PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\d+|%n|</?\w+>")


def placeholders(text: str | None) -> list[str]:
    """The {name}, %1 and <tag> parts a translation must keep."""
    return sorted(PLACEHOLDER.findall(text or ""))


VERDICTS = (QT_TRANSLATE_NOOP("verdicts", "Supported"), QT_TRANSLATE_NOOP("verdicts", "Refuted"),
            QT_TRANSLATE_NOOP("verdicts", "No Evidence"), QT_TRANSLATE_NOOP("verdicts", "Ambiguous"))


def verdict_name(verdict: str) -> str:
    """A verdict label as the interface shows it (the stored value stays English)."""
    return QCoreApplication.translate("verdicts", verdict) if verdict in VERDICTS else verdict


# ---- number formatting by the locale ------------------------------------------------------------------
def _locale() -> QLocale:
    """The default locale, except that the POSIX "C" locale (LANG unset, as on servers and in CI) is
    read as en_US: the interface is English there, and C writes 1,201 as '1201'."""
    loc = QLocale()
    return QLocale("en_US") if loc.language() == QLocale.Language.C else loc


def number(value: float, decimals: int = 0) -> str:
    loc = _locale()
    return loc.toString(float(value), "f", decimals) if decimals else loc.toString(int(round(value)))


def interval(lo: float, hi: float, decimals: int = 3) -> str:
    """"[0.120, 0.340]"; where the decimal mark is a comma the bounds are split by a semicolon
    ("[-0,500; -0,250]"): "[-0,500, -0,250]" read as four numbers (issue #35, as the reports do)."""
    sep = "; " if _locale().decimalPoint() == "," else ", "
    return f"[{number(lo, decimals)}{sep}{number(hi, decimals)}]"


def percent_ci(value: float | None, ci=None, decimals: int = 1, missing: str = "n/a") -> str:
    """0.8532 with (0.80, 0.90) -> "85.3 [80.0, 90.0]" (engine.metrics.display's form) in the locale's
    digits; `missing` (translated by the caller) for None."""
    if value is None:
        return missing
    text = number(100 * value, decimals)
    return text + " " + interval(100 * ci[0], 100 * ci[1], decimals) if ci else text


def percent(fraction: float, decimals: int = 1) -> str:
    """0.125 -> '12.5 %' / '12,5 %' / '12.5%' as the locale writes a percentage."""
    loc = _locale()
    text = loc.toString(float(fraction) * 100.0, "f", decimals)
    sign = loc.percent()
    return f"{text}{sign}" if loc.language() in (QLocale.Language.Chinese, QLocale.Language.English) \
        else f"{text}\u00a0{sign}"


def date(value) -> str:
    """A datetime/date or ISO string in the locale's short form with a four-digit year, in local time.
    The project stores UTC ("2026-03-01T09:30:00+00:00"): an aware value is converted to the local
    zone, an ISO string without an offset is read as UTC (that is how the engine writes it), a naive
    datetime as local time (Python's convention)."""
    from datetime import date as _date
    from datetime import datetime, timezone

    from PySide6.QtCore import QDate, QDateTime

    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return value
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
    loc = _locale()
    if not isinstance(value, datetime) and isinstance(value, _date):
        return loc.toString(QDate(value.year, value.month, value.day), _full_year(loc.dateFormat(QLocale.FormatType.ShortFormat)))
    # through the epoch: QDateTime(datetime) would take the wall-clock fields and drop the offset
    local = QDateTime.fromMSecsSinceEpoch(round(value.timestamp() * 1000))
    return loc.toString(local, _full_year(loc.dateTimeFormat(QLocale.FormatType.ShortFormat)))


def _full_year(pattern: str) -> str:
    """The locale's short pattern with a four-digit year: "12/3/26" left the century to guess in an
    audit record (issue #35); the order of day, month and year stays the locale's."""
    return pattern if "yyyy" in pattern else pattern.replace("yy", "yyyy")


# ---- tooling ------------------------------------------------------------------------------------------
def gui_sources() -> list[Path]:
    root = Path(__file__).resolve().parent
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def update_sources() -> int:
    """Refresh the .ts files from the code with pyside6-lupdate (obsolete entries dropped)."""
    tool = Path(sys.executable).with_name("pyside6-lupdate")
    args = [str(tool if tool.exists() else "pyside6-lupdate"), "-no-obsolete", "-locations", "none",
            *map(str, gui_sources()), "-ts", *(str(ts_path(lang)) for lang in TRANSLATED)]
    return subprocess.run(args).returncode


def build() -> int:
    """Compile every .ts beside itself (make install, make bundle)."""
    failed = [lang for lang in TRANSLATED if not compile_ts(ts_path(lang), ts_path(lang).with_suffix(".qm"))]
    if failed:
        print(f"could not compile the interface translations {', '.join(failed)} (pyside6-lrelease)",
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "build"
    sys.exit(update_sources() if command == "update" else build())
