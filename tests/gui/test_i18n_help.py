"""The Help › Quick start page in the interface language (issue #24 item 3): a translated copy of
resources/help/quickstart.md per language, chosen by the language the app speaks."""
from __future__ import annotations

import re

import pytest

from factaudit.engine.services import status as wf
from factaudit.gui import i18n
from factaudit.gui.workflow_actions import quickstart_text

STEP = re.compile(r"^\s*(\d+)\. \*\*([^*]+)\*\*", re.MULTILINE)


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_the_quick_start_is_translated_step_for_step(lang):
    english, text = quickstart_text("en"), quickstart_text(lang)
    assert text != english and text.startswith("# ") and not text.startswith("# Quick start")
    assert [int(n) for n, _ in STEP.findall(text)] == list(range(1, len(wf.STEPS) + 1))
    # the same sections, the same mapping names and keys as the English page
    assert text.count("\n## ") == english.count("\n## ")
    for kept in ("**R**", "**R+NE**", "**R+NE+A**", "**F5**", "BM25", "SciFact"):
        assert kept in text, kept
    if lang == "de":            # no English sentence left in the German page
        from test_i18n import ENGLISH_MARKERS

        words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
        assert not words & ENGLISH_MARKERS, words & ENGLISH_MARKERS


def test_the_app_language_picks_the_page(monkeypatch):
    from factaudit.engine import i18n as engine_i18n

    monkeypatch.setattr(engine_i18n, "_language", "zh_CN")
    assert quickstart_text() == quickstart_text("zh_CN")
    monkeypatch.setattr(engine_i18n, "_language", "fr")      # no page in that language: English
    assert quickstart_text() == quickstart_text("en")
