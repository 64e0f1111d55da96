"""Engine texts the GUI shows through engine.i18n.localize (issue #24 item 3): import format reasons,
retrieval progress, certify label sources and reasons, the default rater instructions and model sources
read in zh_CN and de, and stay English as data."""
from __future__ import annotations

import re

import pytest

from factaudit.engine import i18n
from factaudit.engine.audit import raters
from factaudit.engine.ingest.detect import GENERIC_KINDS, LOOKS_LIKE, detect_format
from factaudit.engine.metrics import certify
from factaudit.engine.models import registry

LANGS = ("zh_CN", "de")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _translated(text: str, lang: str) -> str:
    out = i18n.localize(text, lang)
    assert out != text, (lang, text)
    if lang == "zh_CN":
        assert CJK.search(out), out
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_generic_kind_reason_reads_in_the_language(tmp_path, lang):
    assert set(LOOKS_LIKE) == {kind for kind, _keys in GENERIC_KINDS}
    for kind, keys in GENERIC_KINDS:
        for suffix, body in ((".jsonl", "{" + ", ".join(f'"{k}": "x"' for k in keys) + "}\n"),
                             (".csv", ",".join(keys) + "\n" + ",".join("x" for _ in keys) + "\n")):
            path = tmp_path / f"{kind}{suffix}"
            path.write_text(body, encoding="utf-8")
            guess = detect_format(path)
            assert guess.kind == kind
            assert guess.reason.endswith(f"; looks like {kind}")          # English, as stored and in --json
            shown = _translated(guess.reason, lang)
            assert ", ".join(keys) in shown                               # the keys are data: kept
            assert shown.endswith(i18n.gettext(LOOKS_LIKE[kind], lang))   # the kind as a whole phrase
    path = tmp_path / "odd.jsonl"
    path.write_text("not json\n", encoding="utf-8")
    _translated(detect_format(path).reason, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_retrieval_progress_with_values(lang):
    for english, value in (("loading minilm-l6", "minilm-l6"), ("building the hnsw index", "hnsw")):
        assert value in _translated(english, lang)
    for english in ("BM25: tokenizing passages", "BM25: indexing", "embedding passages", "embedding claims",
                    "reading passages", "retrieving"):
        _translated(english, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_certify_sources_reasons_instructions_and_model_sources(lang):
    for source in ("sentence labels", "sentence labels (with rater and adjudicated labels)", "claim gold labels",
                   "sentence labels and claim gold labels"):
        _translated(source, lang)
    more, reason = certify.labels_needed(var_u=1.0, var_r=1.0, n=5, n_total=10, target=0.001)
    assert more is None and "0.001" in reason
    assert "0.001" in _translated(reason, lang)
    for text in raters.DEFAULT_INSTRUCTIONS.values():
        _translated(text, lang)
    for source in registry.SOURCES:
        _translated(source, lang)
    assert i18n.localize("sentence labels", "en") == "sentence labels"
