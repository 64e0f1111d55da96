"""Multi-answer (strict / intermediate / lenient, lexicon, gates) and conflict metrics, by hand."""
from __future__ import annotations

import json

import pytest
from sklearn.metrics import f1_score

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import conflict as C
from factaudit.engine.metrics import multi_answer as M


@pytest.mark.parametrize("pred,gold,expected", [
    (["a", "b"], ["a", "b"], (1.0, 1.0, 1.0)),          # exact
    (["a"], ["a", "b"], (0.0, 0.5, 0.5)),                # correct subset
    (["a", "c"], ["a", "b"], (0.0, 0.0, 0.3)),           # one wrong: 1/2 − 0.2
    (["a", "c", "d"], ["a", "b"], (0.0, 0.0, 0.1)),      # two wrong: 1/2 − 0.4
    (["c", "d"], ["a", "b"], (0.0, 0.0, 0.0)),           # floor at 0
    ([], ["a", "b"], (0.0, 0.0, 0.0)),
    (["a", "b", "c"], ["a", "b"], (0.0, 0.0, 0.8)),
])
def test_option_scores_by_hand(pred, gold, expected):
    s, i, l, _, _ = M.score_options(pred, gold)
    assert (s, i, l) == pytest.approx(expected)


def test_lexicon_maps_synonyms_before_matching(tmp_path):
    path = tmp_path / "lexicon.yaml"
    path.write_text("warfarin:\n  - Coumadin\n  - coumadin sodium\nparacetamol: [acetaminophen, APAP]\n")
    lex = M.Lexicon.load(path)
    assert M.score_options(["COUMADIN", "apap"], ["Warfarin", "Paracetamol"], lex)[:3] == (1.0, 1.0, 1.0)
    assert M.score_options(["COUMADIN", "apap"], ["Warfarin", "Paracetamol"])[:3] == (0.0, 0.0, 0.0)
    jpath = tmp_path / "lexicon.json"
    jpath.write_text(json.dumps({"aspirin": ["ASA"]}))
    assert M.Lexicon.load(jpath).canon("  asa ") == "aspirin"
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [x]\nb: [x]\n")
    with pytest.raises(InvalidArgument, match="synonym of both"):
        M.Lexicon.load(bad)


def _item(i, pred, gold, tier, critical=False):
    s, im, l, miss, wrong = M.score_options(pred, gold)
    return M.OptionScore(f"i{i}", s, im, l, miss, wrong, tier, critical)


def test_tier_gates_pass_and_fail():
    items = [_item(k, ["a"], ["a"], "A") for k in range(9)] + [_item(9, ["a"], ["a", "b"], "A", critical=True)]
    items += [_item(10 + k, ["a"], ["a"], "B") for k in range(17)] + [_item(30, ["a"], ["a", "b"], "B"),
                                                                         _item(31, ["a", "x"], ["a"], "B"),
                                                                         _item(32, ["x"], ["a"], "B")]
    items += [_item(40, ["a", "b"], ["a", "b"], "C"), _item(41, ["a", "x"], ["a", "b"], "C")]
    res = M.evaluate(items)
    a, b, c = res.tiers["A"], res.tiers["B"], res.tiers["C"]
    # A: strict 9/10 = 0.90 passes its threshold, but the critical item missed a gold option
    assert a.strict == pytest.approx(0.9) and a.critical_misses == 1
    assert a.checks == {"strict": True, "critical_misses": False} and a.passed is False
    # B: strict 17/20 = 0.85, intermediate (17 + 0.5) / 20 = 0.875 < 0.90
    assert b.strict == pytest.approx(0.85) and b.intermediate == pytest.approx(0.875)
    assert b.checks == {"strict": True, "intermediate": False} and b.passed is False
    # C: lenient (1 + 0.3) / 2 = 0.65
    assert c.lenient == pytest.approx(0.65) and c.passed is False
    relaxed = M.evaluate(items, {"A": {"strict": 0.9}, "B": {"intermediate": 0.85}, "C": {"lenient": 0.6}})
    assert [relaxed.tiers[t].passed for t in "ABC"] == [True, True, True]
    assert M.evaluate([_item(1, ["a"], ["a"], None)]).tiers["A"].passed is None


def test_gates_file_merges_over_defaults(tmp_path):
    path = tmp_path / "gates.yaml"
    path.write_text("A:\n  strict: 0.95\n")
    gates = M.load_gates(path)
    assert gates["A"] == {"strict": 0.95, "critical_misses": 0}
    assert gates["C"] == {"lenient": 0.85}
    path.write_text("D:\n  strict: 1\n")
    with pytest.raises(InvalidArgument, match="unknown risk tier"):
        M.load_gates(path)


# ---- conflict -------------------------------------------------------------------------------------
def test_normalisation_and_conflict_definition():
    assert C.normalise("  The  U.S.A.! ") == "the u s a"
    # A thousands separator is folded (3,559 = 3559), so "3,559" and "3559" are one answer.
    assert C.normalise("3,559 people") == C.normalise("3559 people") == "3559 people"
    assert not C.is_conflict(["Paris", "paris.", "unknown"])
    assert C.is_conflict(["Paris", "Lyon"])


def test_conflict_scores_by_hand():
    items = [
        # conflict item, flagged, every gold answer kept: success
        C.score_item("q1", ["Paris", "Lyon"], ["Paris", "Lyon", "Nice"], ["paris", "LYON"], True),
        # conflict item, flagged but a gold answer dropped: failure; "Nice" is supported by a document
        C.score_item("q2", ["Paris", "Lyon"], ["Paris", "Lyon", "Nice"], ["Paris", "Nice"], True),
        # conflict item not flagged
        C.score_item("q3", ["A"], ["A", "B"], ["A"], False),
        # plain item, exact gold: success even with the flag
        C.score_item("q4", ["42"], ["42"], ["42"], True),
        # plain item, an unsupported extra candidate
        C.score_item("q5", ["42"], ["42", "unknown"], ["42", "43"], False),
    ]
    res = C.summarise(items)
    gold = [i.gold_conflict for i in items]
    pred = [i.pred_conflict for i in items]
    assert gold == [True, True, True, False, False]
    assert res.conflict_f1 == pytest.approx(f1_score(gold, pred))
    assert [i.success for i in items] == [True, False, False, True, False]
    assert res.success == pytest.approx(2 / 5)
    assert res.success_conflict == pytest.approx(1 / 3) and res.success_other == pytest.approx(1 / 2)
    # 8 predicted answers, one ("43") matches no document
    assert res.unsupported_ratio == pytest.approx(1 / 8)


def test_explicit_gold_conflict_flag_wins():
    item = C.score_item("q", ["A"], ["A"], ["A"], True, gold_conflict=True)
    assert item.gold_conflict and item.success
