"""Answer-level figures of issue #33 item 6: quantities and numeric ranges, answer correctness against
the reference, the numeric-range rule in multi-answer scoring, and citation F1.

Expected values are hand counts written beside each case (the reading of the text, not the code's
output), sklearn's micro F1 for citations and statsmodels' Wilson interval for the shares.
"""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from sklearn.metrics import f1_score
from sklearn.preprocessing import MultiLabelBinarizer
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine.cli import cli
from factaudit.engine.metrics import answer_generation as ag
from factaudit.engine.metrics import answer_match as am
from factaudit.engine.metrics import multi_answer as ma
from factaudit.engine.project.db import Project
from factaudit.engine.project.imports import write_batch
from factaudit.engine.project.records import DatasetSpec, ImportBatch, ItemPrediction, ItemRecord, SourceFile
from factaudit.engine.project import runs, scoring_store
from factaudit.engine.services import answer_audit
from factaudit.engine.text import quantities as q


@pytest.mark.parametrize("text,lo,hi,unit", [
    ("3.5–4.5小时", 3.5, 4.5, "time"),
    ("半衰期约4小时", 4.0, 4.0, "time"),
    ("约三个半小时", 3.5, 3.5, "time"),           # 三个半 = 3.5
    ("between 2 and 3 mg", 2.0, 3.0, "mass"),
    ("3 to 5 hours", 3.0, 5.0, "time"),
    ("240 min", 4.0, 4.0, "time"),                 # 240 / 60 hours
    ("百分之五十", 50.0, 50.0, "percent"),
    ("１２０毫克", 120.0, 120.0, "mass"),           # full-width digits
    ("0.5 g", 500.0, 500.0, "mass"),               # in mg
    ("120 mmHg", 120.0, 120.0, "mmhg"),            # an unknown unit stays as written
    ("10 mg/kg daily", 10.0, 10.0, "mg/kg"),
])
def test_quantities_are_read_with_units_in_a_base(text, lo, hi, unit):
    found = q.quantities(text)
    assert len(found) == 1
    assert (found[0].lo, found[0].hi, found[0].unit) == (pytest.approx(lo), pytest.approx(hi), unit)


@pytest.mark.parametrize("answer,reference,inside", [
    ("半衰期约4小时", "3.5–4.5小时", True),          # the example
    ("约5小时", "3.5–4.5小时", False),
    ("4.5 h", "3.5–4.5小时", True),                 # the end of the range is inside
    ("3–5小时", "3.5–4.5小时", False),              # a wider range is not inside
    ("240 minutes", "4 h", True),
    ("4 mg", "3.5–4.5小时", False),                 # another dimension
    ("4", "3.5–4.5小时", False),                    # a bare number has no unit
    ("no number here", "4 h", False),
])
def test_within_is_interval_containment(answer, reference, inside):
    assert q.within(answer, reference) is inside


LEX = ma.Lexicon({"paracetamol": ["acetaminophen", "扑热息痛"]})


@pytest.mark.parametrize("answer,reference,rule", [
    ("Paracetamol.", "paracetamol", "exact"),
    ("ＰＡＲＡＣＥＴＡＭＯＬ", "paracetamol", "exact"),
    ("acetaminophen", "paracetamol", "lexicon"),
    ("约4小时", "3.5–4.5小时", "numeric"),
    ("半衰期约4小时", "半衰期3.5–4.5小时", "numeric"),
    ("清除率约4小时", "半衰期3.5–4.5小时", None),     # the number fits, the word 半衰期 is missing
    ("Take acetaminophen for the fever.", "paracetamol", "contains"),
    ("约5小时", "3.5–4.5小时", None),
    ("ibuprofen", "paracetamol", None),
])
def test_match_rules(answer, reference, rule):
    assert am.match_rule(answer, reference, LEX) == rule


def test_answer_correctness_summary_against_a_hand_count():
    items = [am.AnswerInput("a", "Paracetamol", "paracetamol", "x"),
             am.AnswerInput("b", "约4小时", "3.5–4.5小时", "x"),
             am.AnswerInput("c", "约5小时", "3.5–4.5小时", "y"),
             am.AnswerInput("d", "acetaminophen", "paracetamol", "y"),
             am.AnswerInput("e", "anything", None, "y")]           # no reference: left out
    res = am.summarise(am.match_answers(items, LEX), len(items))
    # hand count: a exact, b numeric, c wrong, d lexicon -> 3 of 4 correct, 1 exact
    assert (res["n"], res["n_correct"], res["n_exact_match"], res["n_without_reference"]) == (4, 3, 1, 1)
    assert res["by_rule"] == {"exact": 1, "lexicon": 1, "numeric": 1, "contains": 0}
    lo, hi = proportion_confint(3, 4, method="wilson")
    assert res["correct"] == 0.75 and res["correct_ci"] == (pytest.approx(lo), pytest.approx(hi))
    assert res["by_category"]["y"]["n_correct"] == 1 and res["by_category"]["x"]["n_correct"] == 2


@pytest.mark.parametrize("chosen,gold,expected", [
    # gold {3.5–4.5小时, aspirin}: "约4小时" is the range's option -> strict 1
    (["约4小时", "aspirin"], ["3.5–4.5小时", "aspirin"], (1.0, 1.0, 1.0, 0, 0)),
    # two quantities in one range: one takes it, the other is a wrong option (lenient 1 - 0.2)
    (["4小时", "4.2小时"], ["3.5–4.5小时"], (0.0, 0.0, 0.8, 0, 1)),
    (["5小时"], ["3.5–4.5小时"], (0.0, 0.0, 0.0, 1, 1)),
    # a range named exactly keeps its own option; the quantity then has nothing left to match
    (["3.5–4.5小时", "4小时"], ["3.5–4.5小时"], (0.0, 0.0, 0.8, 0, 1)),
])
def test_numeric_ranges_in_multi_answer_scoring(chosen, gold, expected):
    assert ma.score_options(chosen, gold) == pytest.approx(expected)


def test_citation_f1_is_sklearns_micro_f1_over_the_cited_items():
    items = [ag.GenerationItem("a", None, True, False, ["p1", "p2"], ["p1"]),
             ag.GenerationItem("b", None, True, False, ["p3"], ["p3", "p4"]),
             ag.GenerationItem("c", None, True, False, [], ["p5"]),
             ag.GenerationItem("d", None, True, True, None, ["p6"]),        # refused: not in the figure
             ag.GenerationItem("e", None, True, False, ["p7"], None)]        # no gold passages: left out
    res = ag.summarise(items, n_resamples=500, seed=1)
    used = items[:3]
    mlb = MultiLabelBinarizer().fit([i.citations for i in used] + [i.gold_passages for i in used])
    expected = f1_score(mlb.transform([i.gold_passages for i in used]), mlb.transform([i.citations for i in used]),
                        average="micro")
    # hand count: hits 2 (p1, p3), cited 3, gold 4 -> F1 = 4 / 7
    assert res["citation_f1"] == pytest.approx(expected) == pytest.approx(4 / 7)
    assert res["citation_precision"] == pytest.approx(2 / 3) and res["citation_recall"] == pytest.approx(2 / 4)
    lo, hi = res["citation_f1_ci"]
    assert 0 <= lo <= 4 / 7 <= hi <= 1
    # the interval resamples items: redo it with numpy from the per-item counts
    counts = np.array([(1, 2, 1), (1, 1, 2), (0, 0, 1)], dtype=float)
    draws = np.random.default_rng(1).integers(0, 3, size=(500, 3))
    s = counts[draws].sum(axis=1)
    f1s = 2 * s[:, 0] / (s[:, 1] + s[:, 2])
    assert (lo, hi) == (pytest.approx(np.quantile(f1s, 0.025)), pytest.approx(np.quantile(f1s, 0.975)))


@pytest.fixture
def project(tmp_path):
    p = Project.create(tmp_path / "a.faproj")
    items = [
        ItemRecord("q1", answer="约4小时", options=["3.5–4.5小时", "8小时"], gold_options=["3.5–4.5小时"],
                   category="pk", risk_tier="B", meta={"reference": "3.5–4.5小时"}),
        ItemRecord("q2", answer="Ibuprofen.", options=["aspirin", "ibuprofen"], gold_options=["aspirin"],
                   category="pk", risk_tier="B", meta={"reference": "aspirin"}),
        ItemRecord("q3", answer="Acetaminophen is safe.", options=["paracetamol", "ibuprofen"],
                   gold_options=["paracetamol"], category="safety", risk_tier="C", meta={"reference": "paracetamol"}),
        ItemRecord("q4", answer="-", options=["x", "y"], gold_options=["x"], risk_tier="C"),
    ]
    write_batch(p, ImportBatch(dataset=DatasetSpec("qa", "answers", "jsonl", [SourceFile("qa.jsonl", "0" * 64, 4)]),
                               items=items))
    run = runs.create_run(p, "choices", {"source": "imported"})
    scoring_store.add_predictions(p, run, [ItemPrediction("q1", chosen=["4小时"]), ItemPrediction("q2", chosen=["ibuprofen"]),
                                           ItemPrediction("q3", chosen=["paracetamol"]), ItemPrediction("q4", chosen=["x"])])
    runs.finish_run(p, run, "done")
    yield p, run, tmp_path
    p.close()


def test_metrics_of_a_choices_run_show_answer_correctness(project):
    p, run, tmp_path = project
    lex_file = tmp_path / "lex.json"
    lex_file.write_text(json.dumps({"paracetamol": ["acetaminophen"]}), encoding="utf-8")
    res = answer_audit.answer_correctness(p, None, ma.Lexicon.load(lex_file))
    # hand count: q1 numeric, q2 wrong, q3 contains (acetaminophen = paracetamol); q4 has no reference
    assert [(m["item_id"], m["rule"]) for m in res["items"]] == [("q1", "numeric"), ("q2", None), ("q3", "contains")]
    assert (res["n"], res["n_correct"], res["n_without_reference"]) == (3, 2, 1)
    p.close()
    out = CliRunner().invoke(cli, ["metrics", str(tmp_path / "a.faproj"), "--run", run, "--lexicon", str(lex_file),
                                   "--resamples", "200", "--json"])
    assert out.exit_code == 0, out.output
    m = json.loads(out.output)["multi_answer"]
    assert m["answer_correctness"]["n_correct"] == 2
    # q1's "4小时" is inside the gold range: strict 1 on q1, so 3 of 4 items strict (q2 wrong)
    assert m["strict"] == pytest.approx(3 / 4)
    text = CliRunner().invoke(cli, ["metrics", str(tmp_path / "a.faproj"), "--run", run, "--lexicon", str(lex_file),
                                    "--resamples", "200"])
    assert text.exit_code == 0 and "answer correct against the reference 66.7" in text.output


def test_the_answer_audit_counts_a_quantity_in_range_as_the_gold_option():
    from factaudit.engine.metrics import answer_audit as aa

    texts = {"p1": "The half-life is 3.5–4.5 hours (3.5–4.5小时)."}
    finder = aa.EvidenceFinder(texts.get)
    a = aa.audit_item("q", ["3.5–4.5小时", "aspirin"], ["约4小时", "heparin"], ["p1"], finder)
    # hand count: the quantity is the gold range (no miss, not wrong); aspirin missed, heparin wrong
    assert sum(a.missed.values()) == 1 and sum(a.wrong.values()) == 1
    assert [c["option"] for c in a.causes] == ["aspirin", "heparin"]
