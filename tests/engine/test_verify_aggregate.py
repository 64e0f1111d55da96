"""The per-passage aggregation (DESIGN.md): support only → Supported; refute only → Refuted;
both → Ambiguous; neither → No Evidence."""
from __future__ import annotations

import itertools

import pytest

from factaudit.engine.pipeline.aggregate import aggregate_stances, normalize_stance


@pytest.mark.parametrize("stances, expected", [
    (["supports"], "Supported"),
    (["supports", "neutral", "supports"], "Supported"),
    (["refutes"], "Refuted"),
    (["neutral", "refutes"], "Refuted"),
    (["supports", "refutes"], "Ambiguous"),
    (["refutes", "neutral", "supports"], "Ambiguous"),
    (["neutral", "neutral"], "No Evidence"),
    ([], "No Evidence"),
])
def test_rule_table(stances, expected):
    assert aggregate_stances(stances) == expected


def test_order_does_not_matter():
    stances = ["supports", "neutral", "refutes", "neutral"]
    assert {aggregate_stances(p) for p in itertools.permutations(stances)} == {"Ambiguous"}


def test_gold_style_labels_are_accepted():
    # HealthVer pairs are labelled Supports / Refutes / Neutral.
    assert aggregate_stances(["Supports", "Neutral"]) == "Supported"
    assert aggregate_stances(["Refutes", "Supports"]) == "Ambiguous"
    assert normalize_stance("No Evidence") == "neutral"
    with pytest.raises(ValueError):
        normalize_stance("maybe")


def test_matches_an_independent_count_based_rule():
    # Every multiset of up to 4 stances, against a rule written from counts.
    for n in range(5):
        for combo in itertools.combinations_with_replacement(["supports", "refutes", "neutral"], n):
            s, r = combo.count("supports"), combo.count("refutes")
            expected = {(True, True): "Ambiguous", (True, False): "Supported",
                        (False, True): "Refuted", (False, False): "No Evidence"}[(s > 0, r > 0)]
            assert aggregate_stances(combo) == expected
