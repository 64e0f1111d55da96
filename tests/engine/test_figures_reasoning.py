"""Reasoning figures of a verify run (issue #33 item 2): traces correct on all six steps with a Wilson
interval (statsmodels), the first failing step, and the verdict × reasoning 2×2 with "right for the
wrong reasons" listed. Expected values are hand counts over the labels written below."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb
from factaudit.engine.audit import reasoning_figures as rf
from factaudit.engine.cli import cli
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.imports import write_batch
from factaudit.engine.project.records import (
    ClaimRecord, DatasetSpec, ImportBatch, ItemRecord, SentenceRecord, SourceFile, VerdictRecord,
)

SOUND = {"evidence_selection": "correct", "evidence_interpretation": "correct", "inference": "valid",
         "confidence": "calibrated", "label_consistency": "consistent", "grounding": "grounded"}

# claim -> (gold verdict, sentence, verdict, reasoning labels)
CLAIMS = {
    "c1": ("Supported", None, "Supported", SOUND),                                   # right, sound
    "c2": ("Supported", None, "Supported", {**SOUND, "inference": "over_inference"}),  # right, wrong reasons (V3)
    "c3": ("Refuted", None, "Refuted", {**SOUND, "evidence_selection": "irrelevant_passage",
                                        "grounding": "parametric"}),                 # right, wrong (first V1)
    "c4": ("Refuted", None, "Supported", SOUND),                                     # wrong despite sound
    "c5": ("Supported", None, "Refuted", {**SOUND, "evidence_interpretation": "misread"}),  # wrong, wrong (V2)
    "c6": (None, "s1", "Refuted", {**SOUND, "confidence": "overconfident"}),         # error sentence, R flags it: right
    "c7": (None, "s2", "No Evidence", SOUND),                                        # correct sentence, NE flags: wrong
    "c8": (None, None, "Supported", SOUND),                                          # no gold at all: unknown
    "c9": ("Supported", None, "Supported", {"evidence_selection": "correct", "inference": "valid"}),  # partly
    "c10": ("Supported", None, "Supported", {}),                                     # not labelled
}


@pytest.fixture
def project(tmp_path):
    p = Project.create(tmp_path / "r.faproj")
    write_batch(p, ImportBatch(
        dataset=DatasetSpec("toy", "mixed", "jsonl", [SourceFile("toy.jsonl", "0" * 64, 1)]),
        items=[ItemRecord("i1", answer="a")],
        sentences=[SentenceRecord("s1", "i1", 1, "x", label="error"), SentenceRecord("s2", "i1", 2, "y", label="correct")],
        claims=[ClaimRecord(c, f"claim {c}", gold_label=g, item_id="i1", sentence_id=s, ord=n)
                for n, (c, (g, s, _v, _l)) in enumerate(CLAIMS.items())]))
    v = runs.create_run(p, "verify", {"k": 2})
    for c, (_g, _s, verdict, _l) in CLAIMS.items():
        runs.add_verdict(p, v, VerdictRecord(c, verdict, parse_status="ok"))
    runs.finish_run(p, v, "done")
    for c, (_g, _s, _v, labels) in CLAIMS.items():
        for step, code in labels.items():
            ann.annotate(p, target="reasoning", claim_id=c, run_id=v, dimension=step, code=code, annotator="alice")
    yield p, v, tmp_path
    p.close()


# Hand count: complete traces c1..c8 (8); all correct: c1, c4, c7, c8 (4).
# First failing step: c2 inference, c3 evidence_selection, c5 evidence_interpretation, c6 confidence.
# Verdict known for c1..c7: right & sound c1; right & wrong c2, c3, c6; wrong & sound c4, c7; wrong & wrong c5.
def test_figures_against_a_hand_count(project):
    p, v, _ = project
    [f] = services.reasoning_figures(p)
    assert (f.run_id, f.n_traces, f.n_labelled, f.n_complete, f.n_incomplete) == (v, 10, 9, 8, 1)
    assert (f.n_all_correct, f.all_correct) == (4, 0.5)
    lo, hi = proportion_confint(4, 8, method="wilson")
    assert f.all_correct_ci == (pytest.approx(lo), pytest.approx(hi))
    assert f.first_failure == {"evidence_selection": 1, "evidence_interpretation": 1, "inference": 1,
                               "confidence": 1, "label_consistency": 0, "grounding": 0}
    assert f.first_failure_share["inference"] == 0.25
    assert f.table == {"right_verdict_sound_reasoning": 1, "right_verdict_wrong_reasoning": 3,
                       "wrong_verdict_sound_reasoning": 2, "wrong_verdict_wrong_reasoning": 1}
    assert f.n_verdict_unknown == 1
    assert [r["claim_id"] for r in f.right_for_wrong_reasons] == ["c2", "c3", "c6"]
    assert f.right_for_wrong_reasons[1]["failed_steps"] == ["evidence_selection", "grounding"]
    assert f.wrong_despite_sound_reasoning == ["c4", "c7"]


def test_the_mapping_decides_sentence_labelled_claims():
    book = cb.load_seed()
    truths = [rf.VerdictTruth("c7", "No Evidence", None, "correct")]
    labels = {"c7": SOUND}
    # under R, No Evidence does not flag an error: right for a correct sentence
    assert rf.figures(book, "v", truths, labels, "R").table["right_verdict_sound_reasoning"] == 1
    assert rf.figures(book, "v", truths, labels, "R+NE").table["wrong_verdict_sound_reasoning"] == 1
    assert rf.verdict_correct(rf.VerdictTruth("x", None, "Supported", None)) is False    # unparsed reply


def test_taxonomy_prints_and_emits_them(project):
    p, v, tmp_path = project
    p.close()
    path = str(tmp_path / "r.faproj")
    out = CliRunner().invoke(cli, ["taxonomy", path, "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["reasoning"][v]["n_all_correct"] == 4 and "verify" in data
    text = CliRunner().invoke(cli, ["taxonomy", path])
    assert text.exit_code == 0, text.output
    assert "all 6 steps correct: 4 of 8 traces 50.0" in text.output
    assert "right for the wrong reasons 3" in text.output
    assert "right for the wrong reasons: c2 (Supported; first failed inference)" in text.output
