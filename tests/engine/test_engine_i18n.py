"""The engine's message catalogue (issue #24 item 3): the workflow's step titles and hints the GUI shows
are translated in zh_CN and de, the .po reader follows gettext's rules, and the engine stays Qt-free."""
from __future__ import annotations

import subprocess
import sys

import pytest

from factaudit.engine import i18n
from factaudit.engine.services import status

LANGS = ("zh_CN", "de")


@pytest.mark.parametrize("lang", LANGS)
def test_every_workflow_step_title_and_purpose_is_translated(lang):
    catalogue = i18n.catalogue(lang)
    wanted = [text for pair in status.STEPS.values() for text in pair]
    missing = [t for t in wanted if t not in catalogue]
    assert not missing, missing
    if lang == "zh_CN":      # Chinese text, not an English copy
        assert all(any("\u4e00" <= ch <= "\u9fff" for ch in catalogue[t]) for t in wanted)


def test_gettext_falls_back_to_english_and_follows_the_language():
    try:
        i18n.set_language("de")
        assert i18n.gettext("Seal") == "Versiegeln"
        assert i18n.gettext("a sentence nobody translated") == "a sentence nobody translated"
        assert i18n.gettext("Seal", "zh_CN") == "封存"
        i18n.set_language("en")
        assert i18n.gettext("Seal") == "Seal"
    finally:
        i18n.set_language("en")


def test_the_po_reader_follows_gettext(tmp_path):
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
                  'msgid "one"\nmsgstr "eins"\n\n'
                  '#, fuzzy\nmsgid "two"\nmsgstr "zwei?"\n\n'
                  'msgid ""\n"long "\n"text"\nmsgstr ""\n"langer "\n"Text \\"quoted\\""\n\n'
                  'msgid "empty"\nmsgstr ""\n', encoding="utf-8")
    assert i18n.read_po(po) == {"one": "eins", "long text": 'langer Text "quoted"'}


def test_the_catalogue_needs_no_qt():
    code = ("import sys; from factaudit.engine import i18n; i18n.gettext('Seal', 'de'); "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
