"""Interface languages (issue #24 item 3), loose ends: stored UTC times shown in local time, engine errors
shown in the interface language without command-line flags, the job area's counts, rate and ETA by the
locale, the decompose dialog's words and the run details' summary rows translated."""
from __future__ import annotations

import os
import re
import time
from datetime import datetime, timezone
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLocale, QTime

from factaudit.engine import i18n as engine_i18n
from factaudit.gui import i18n

FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]+")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def zone():
    """Switch the process's local time zone (POSIX TZ, no tz database needed); restore it after."""
    saved = os.environ.get("TZ")

    def use(tz: str) -> None:
        os.environ["TZ"] = tz
        time.tzset()

    yield use
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


@pytest.fixture
def en_us():
    QLocale.setDefault(QLocale("en_US"))
    yield QLocale("en_US")
    QLocale.setDefault(QLocale("en_US"))


def _short(loc: QLocale, d: datetime) -> str:
    """The locale's short form of wall-clock fields with a four-digit year (issue #35), built independently
    of gui.i18n.date."""
    return loc.toString(QDateTime(QDate(d.year, d.month, d.day), QTime(d.hour, d.minute, d.second)),
                        loc.dateTimeFormat(QLocale.FormatType.ShortFormat).replace("/yy ", "/yyyy "))


@pytest.mark.parametrize("tz, hours", [("XST-8", 8), ("XST+5", -5)])
def test_a_stored_utc_time_is_shown_in_local_time(zone, en_us, tz, hours):
    zone(tz)                                      # POSIX sign: XST-8 is eight hours east of UTC
    stored = "2026-01-02T23:30:00+00:00"          # how engine/project/db.py writes a time
    utc = datetime(2026, 1, 2, 23, 30, tzinfo=timezone.utc)
    local = utc.astimezone()                      # Python's own conversion, under the same TZ
    assert local.utcoffset().total_seconds() == hours * 3600
    want = _short(en_us, local)
    assert i18n.date(stored) == want
    assert i18n.date(utc) == want
    assert i18n.date("2026-01-02T23:30:00Z") == want
    assert i18n.date("2026-01-02T23:30:00") == want          # no offset: stored UTC
    assert want != _short(en_us, utc)              # the old reading (UTC fields as local) differs
    assert i18n.date(local.replace(tzinfo=None)) == want     # a naive datetime is local already
    assert i18n.date("not a time") == "not a time"


def test_run_details_dates_follow_gui_i18n_date(zone, en_us):
    from factaudit.gui.dialogs.run_details import details_markdown

    zone("XST-8")
    info = SimpleNamespace(id="verify-3", kind="verify", status="done", created="2026-01-02T23:30:00+00:00",
                           finished="2026-01-03T00:10:00+00:00", error=None, summary={}, config={}, provenance={})
    text = details_markdown(info, {})
    for stamp in (info.created, info.finished):
        local = datetime.fromisoformat(stamp).astimezone()
        assert _short(en_us, local) in text
    assert _short(en_us, datetime(2026, 1, 2, 23, 30)) not in text


@pytest.fixture
def zh(qapp):
    if i18n.qm_path("zh_CN") is None:
        pytest.skip("pyside6-lrelease is not installed")
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    yield
    i18n.install(qapp, "en")


def _ops(text: str) -> str:
    return QCoreApplication.translate("ops", text)


def test_engine_errors_read_in_chinese_without_flags(zh):
    from factaudit.engine.errors import InvalidArgument
    from factaudit.gui.ops import error_text

    cat = engine_i18n.catalogue("zh_CN")
    # a message built with a value: the catalogue's template with the value put back, then the setting it names
    msgid = "a dataset named {spec.name!r} already exists; choose another dataset name"
    shown = error_text(InvalidArgument(msgid.replace("{spec.name!r}", "'trial'"), setting="dataset"))
    setting = _ops("the {name} setting").format(name=_ops("dataset name"))
    assert setting != "the dataset name setting" and CJK.search(setting)
    assert shown == cat[msgid].replace("{spec.name!r}", "'trial'") + f" ({setting})"
    assert not FLAG.search(shown) and "'trial'" in shown

    msgid = "name the retrieval run to verify, verify against gold evidence, or name an unfinished run to resume"
    shown = error_text(InvalidArgument(msgid, setting=("retrieval_run", "evidence", "resume")))
    assert not FLAG.search(shown), shown
    assert _ops("“Resume”") in shown and _ops("retrieval run") in shown
    assert not re.search(r"[A-Za-z]{3,}", shown), shown        # nothing English left

    # anything that is not an engine error: the prefix translated, the type and message kept
    shown = error_text(ValueError("boom"))
    assert shown == _ops("Unexpected error ({type}): {message}").format(type="ValueError", message="boom")
    assert shown.startswith("意外错误")


def test_english_errors_keep_their_words_and_add_the_settings_they_name():
    from factaudit.engine.errors import RunFailed
    from factaudit.gui.ops import error_text

    engine_i18n.set_language("en")
    err = RunFailed("verify-2 failed: HTTP 429", run_id="verify-2", status="failed", reason="HTTP 429")
    assert error_text(err) == "verify-2 failed: HTTP 429"


def test_progress_counts_rate_and_eta_follow_the_locale(qapp):
    from factaudit.engine.jobs import RateMeter
    from factaudit.gui.views.job_area import describe_progress

    if i18n.qm_path("de") is None:
        pytest.skip("pyside6-lrelease is not installed")
    try:
        i18n.install(qapp, "de")
        meter = RateMeter(total=5000, started=time.monotonic() - 1000.0)
        parts = describe_progress(1234, 5000, "Prüfen", meter, "Behauptungen").split(" · ")
        de = QLocale("de")
        assert parts[1] == f"{de.toString(1234)} / {de.toString(5000)}" == "1.234 / 5.000"
        rate = parts[2].removesuffix(" Behauptungen/s")
        assert de.toDouble(rate)[0] == pytest.approx(1234 / 1000.0, rel=0.05)
        assert "," in rate                                    # the decimal comma
        eta = QCoreApplication.translate("JobArea", "ETA {time}")
        assert eta != "ETA {time}" and parts[3].startswith(eta.split("{time}")[0])
        i18n.install(qapp, "zh_CN")
        text = describe_progress(1234, 5000, "核验", meter, "条主张")
        assert "ETA" not in text and "/s" not in text and CJK.search(text.split(" · ")[3])
    finally:
        i18n.install(qapp, "en")


def test_decompose_words_and_run_summary_rows_are_translated(zh):
    from factaudit.gui.dialogs.decompose_dialog import DecomposeDialog
    from factaudit.gui.dialogs.run_details import SUMMARY_KEYS, details_markdown

    for word in (DecomposeDialog.unit_name, DecomposeDialog.unit_one, DecomposeDialog.verb):
        assert CJK.search(QCoreApplication.translate("JobDialog", word)), word
    summary = {"n_claims": 1234, "n_parse_failures": 0, "seconds_last_session": 2.5,
               "verdict_counts": {"Supported": 3, "Refuted": 1}, "some_new_key": 7}
    info = SimpleNamespace(id="verify-3", kind="verify", status="done", created="2026-01-02T23:30:00+00:00",
                           finished=None, error=None, summary=summary, config={}, provenance={})
    text = details_markdown(info, {})
    rows = [line for line in text.splitlines() if line.startswith("| ") and line.count("|") == 3][1:]
    names = [r.split("|")[1].strip() for r in rows]
    assert names[:4] == [QCoreApplication.translate("run_summary", SUMMARY_KEYS[k]) for k in list(summary)[:4]]
    assert all(CJK.search(n) for n in names[:4]) and names[4] == "some new key"
    values = [r.split("|")[2].strip() for r in rows]
    assert values[0] == QLocale("zh_CN").toString(1234)
    assert values[3] == f"{i18n.verdict_name('Supported')} 3, {i18n.verdict_name('Refuted')} 1"
    assert CJK.search(values[3])
