"""Normalisation for grouping and lexicon matching, and language identification. Expected values
are written out by hand (Chinese numerals read as a person reads them)."""
from __future__ import annotations

import pytest

from factaudit.engine.metrics import conflict as C
from factaudit.engine.metrics.multi_answer import Lexicon, score_options
from factaudit.engine.text.langid import detect, detect_majority
from factaudit.engine.text.normalize import chinese_numeral, fold


@pytest.mark.parametrize("run,value", [
    ("十", 10), ("十二", 12), ("二十", 20), ("三十五", 35), ("一百零五", 105), ("三千五百", 3500),
    ("两万", 20000), ("一亿二千万", 120_000_000), ("二〇二四", 2024), ("零", 0), ("九", 9), ("壹佰", 100),
])
def test_chinese_numerals(run, value):
    assert chinese_numeral(run) == value


@pytest.mark.parametrize("text,folded", [
    # mixed Arabic and Chinese forms with units (#26 item 8): "2万" was folded to "210000"
    ("2万", "20000"), ("3.5万人", "35000人"), ("2万3千", "23000"), ("3千5百", "3500"), ("1亿2千万", "120000000"),
    ("3,000万", "30000000"), ("三千五百五十九人", "3559人"), ("十万", "100000"), ("35万", "350000"),
    # untouched: no Chinese numeral in the run, or a numeral character inside a word
    ("2024年", "2024年"), ("第3章", "第3章"), ("1.5 mg", "1 5 mg"),
])
def test_fold_reads_mixed_numerals_with_units(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize("a,b", [
    ("ＡＳＰＩＲＩＮ １００ｍｇ", "aspirin 100mg"),           # full-width letters and digits
    ("“阿司匹林”。", "阿司匹林"),                              # Chinese quotes and full stop
    ("阿司匹林，布洛芬", "阿司匹林 布洛芬"),                    # Chinese comma
    ("1,000 mg", "1000 mg"), ("１，０００ mg", "1000 mg"),      # thousands separators
    ("1\u202f000 mg", "1000 mg"), ("1'000 mg", "1000 mg"),
    ("三十五岁", "35岁"), ("每日两次", "每日2次"),
    ("  The  U.S.A.! ", "the u s a"),
])
def test_fold_makes_spellings_equal(a, b):
    assert fold(a) == fold(b)


def test_fold_keeps_different_answers_apart():
    assert fold("1,5 mg") != fold("15 mg")          # a decimal comma is not a thousands separator
    assert fold("1 000 mg") != fold("1000 mg")       # a plain space may separate two numbers
    assert fold("二十") != fold("十二")
    assert fold("1,000") == "1000" and fold("12,34") == "12 34"


def test_conflict_and_multi_answer_use_the_folding():
    assert not C.is_conflict(["三十五", "35", "３５。"])
    assert C.is_conflict(["三十五", "36"])
    lex = Lexicon({"阿司匹林": ["aspirin", "乙酰水杨酸"]})
    assert lex.canon("ＡＳＰＩＲＩＮ") == lex.canon("“乙酰水杨酸”") == lex.canon("阿司匹林。")
    strict, *_ = score_options(["Aspirin。"], ["阿司匹林"], lex)
    assert strict == 1.0


def test_language_identification():
    assert detect("维生素D补充剂能够降低老年人骨折的风险。") == "zh"
    assert detect("Vitamin D senkt das Risiko von Knochenbrüchen bei älteren Frauen.") == "de"
    assert detect("Vitamin D lowers the risk of fractures in older women.") == "en"
    assert detect("12345 ... !!!") is None
    texts = ["Vitamin D lowers the risk of fractures in older women."] * 3 + \
            ["Vitamin D senkt das Risiko von Knochenbrüchen bei älteren Frauen."] * 2
    assert detect_majority(texts) == "en"
    assert detect_majority([]) is None
