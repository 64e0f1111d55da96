"""Label-free factual precision (issue #33 item 7): the verifiable-claim rule, FActScore-style precision
per answer and per run, VeriScore's F1@K with K from the dev answers, and the expert-labelled precision
beside it. Every expected figure is a hand count over the small project below (written in the
comments), the Wilson interval from statsmodels, the bootstrap redone with numpy."""
from __future__ import annotations

import json
import statistics

import numpy as np
import pytest
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.imports import write_batch
from factaudit.engine.project.records import (
    ClaimRecord, DatasetSpec, ImportBatch, ItemRecord, SentenceRecord, SourceFile, VerdictRecord,
)
from factaudit.engine.services import answer_audit
from factaudit.engine.text.verifiable import unverifiable_reason


@pytest.mark.parametrize("claim,reason", [
    ("Aspirin may cause bleeding.", None),               # "may" states a known risk: verifiable
    ("Metformin lowers blood glucose.", None),
    ("Consultation rates rose in 2020.", None),          # "consult" only as a whole word
    ("You should consult your doctor.", "advice"),
    ("Please take it with food.", "advice"),
    ("建议您咨询医生。", "advice"),
    ("Is metformin safe in pregnancy?", "question"),
    ("这种药安全吗", "question"),
    ("It depends on the dose.", "hedge"),
    ("效果因人而异。", "hedge"),
])
def test_the_verifiable_claim_rule(claim, reason):
    assert unverifiable_reason(claim) == reason


# claim id -> (text, verdict or None for an unparsed reply, sentence)
TEST_CLAIMS = {
    "t1c1": ("Metformin lowers blood glucose.", "Supported", "s1"),
    "t1c2": ("Metformin causes weight gain.", "Refuted", "s2"),
    "t1c3": ("You should consult your doctor.", "Supported", "s1"),       # advice
    "t1c4": ("Is metformin safe in pregnancy?", "No Evidence", "s2"),     # question
    "t1c5": ("Metformin is cleared by the kidneys.", None, "s1"),         # unparsed
    "t2c1": ("Aspirin may cause bleeding.", "Supported", "s3"),
    "t2c2": ("Aspirin lowers fever.", "No Evidence", "s3"),
    "t2c3": ("It depends on the dose.", "Supported", "s3"),               # hedge
}
DEV_CLAIMS = {
    "d1c1": ("Insulin lowers glucose.", "Supported", "d1"), "d1c2": ("Insulin is a hormone.", "Supported", "d1"),
    "d1c3": ("Insulin is taken orally.", "Refuted", "d1"), "d1c4": ("Please take with food.", "Supported", "d1"),
    **{f"d2c{n}": (f"Statins lower LDL fact {n}.", "Supported" if n < 5 else "No Evidence", "d2") for n in range(1, 6)},
}


def _batch(name, split, items, sentences, claims):
    return ImportBatch(dataset=DatasetSpec(name, "answers", "jsonl", [SourceFile(f"{name}.jsonl", name[0] * 64, 1)],
                                           split=split),
                       items=items, sentences=sentences, claims=claims)


@pytest.fixture
def project(tmp_path):
    p = Project.create(tmp_path / "f.faproj")
    owner = {"s1": "t1", "s2": "t1", "s3": "t2"}
    write_batch(p, _batch("test", "test", [ItemRecord("t1", answer="a1", category="diabetes"),
                                           ItemRecord("t2", answer="a2", category="pain")],
                          [SentenceRecord("s1", "t1", 1, "x", label="correct"),
                           SentenceRecord("s2", "t1", 2, "y", label="error"),
                           SentenceRecord("s3", "t2", 1, "z", label="correct")],
                          [ClaimRecord(c, t, item_id=owner[s], sentence_id=s, ord=n)
                           for n, (c, (t, _v, s)) in enumerate(TEST_CLAIMS.items())]))
    write_batch(p, _batch("dev", "dev", [ItemRecord("d1", answer="b1"), ItemRecord("d2", answer="b2")], [],
                          [ClaimRecord(c, t, item_id=i, ord=n) for n, (c, (t, _v, i)) in enumerate(DEV_CLAIMS.items())]))
    v = runs.create_run(p, "verify", {"k": 3})
    for c, (_t, verdict, _s) in {**TEST_CLAIMS, **DEV_CLAIMS}.items():
        runs.add_verdict(p, v, VerdictRecord(c, verdict, parse_status="ok" if verdict else "failed"))
    runs.finish_run(p, v, "done")
    yield p, v, tmp_path
    p.close()          # closing twice is harmless (the command test closes it to let the CLI open it)


# Hand counts. Verifiable claims with a parsed verdict (C) and supported ones (S) per answer:
#   t1: C = {t1c1, t1c2}, S = 1 (filtered: t1c3 advice, t1c4 question; t1c5 unparsed)
#   t2: C = {t2c1, t2c2}, S = 1 (filtered: t2c3 hedge)
#   d1: C = 3, S = 2 (filtered: d1c4 advice);  d2: C = 5, S = 4
# K = median verifiable claims over the dev answers d1, d2 = median(3, 5) = 4
HAND_P = {"t1": 1 / 2, "t2": 1 / 2, "d1": 2 / 3, "d2": 4 / 5}
HAND_R = {"t1": 1 / 4, "t2": 1 / 4, "d1": 2 / 4, "d2": 1.0}


def _f1(p, r):
    return 2 * p * r / (p + r)


def test_factual_precision_per_answer_and_per_run(project):
    p, v, _ = project
    res = answer_audit.answer_figures(p, v, n_resamples=400, seed=3)
    f = res["factual_precision"]
    assert (f["k"], f["k_source"], f["k_n_answers"]) == (4.0, "median over the run's dev-split answers", 2)
    rows = {a["item_id"]: a for a in f["answers"]}
    for item, prec in HAND_P.items():
        assert rows[item]["precision"] == pytest.approx(prec)
        assert rows[item]["recall_at_k"] == pytest.approx(HAND_R[item])
        assert rows[item]["f1_at_k"] == pytest.approx(_f1(prec, HAND_R[item]))
    assert (rows["t1"]["n_filtered"], rows["t1"]["n_unscored"], rows["t1"]["n_verifiable"]) == (2, 1, 2)
    assert f["filtered_by_reason"] == {"question": 1, "advice": 2, "hedge": 1}
    assert sorted(c["claim_id"] for c in f["filtered"]) == ["d1c4", "t1c3", "t1c4", "t2c3"]
    assert f["factscore"] == pytest.approx(statistics.fmean(HAND_P.values()))
    assert f["pooled_precision"] == pytest.approx(8 / 12)
    lo, hi = proportion_confint(8, 12, method="wilson")
    assert f["pooled_precision_ci"] == (pytest.approx(lo), pytest.approx(hi))
    assert f["veriscore"] == pytest.approx(statistics.fmean(_f1(HAND_P[i], HAND_R[i]) for i in HAND_P))
    # the FActScore interval resamples answers (first-seen order: t1, t2, d1, d2)
    x = np.array([HAND_P[i] for i in ("t1", "t2", "d1", "d2")])
    means = x[np.random.default_rng(3).integers(0, 4, size=(400, 4))].mean(axis=1)
    assert f["factscore_ci"] == (pytest.approx(np.quantile(means, 0.025)), pytest.approx(np.quantile(means, 0.975)))
    # experts: verifiable parsed claims in labelled sentences are t1c1 (correct), t1c2 (error), t2c1, t2c2
    # (correct): 3 of 4 correct; the verifier supports t1c1 and t2c1 -> 2 of 4
    e = f["expert"]
    assert (e["n_claims"], e["expert_precision"], e["label_free_precision"]) == (4, 0.75, 0.5)
    assert e["gap"] == pytest.approx(-0.25)
    assert e["table"] == {"supported_correct": 2, "supported_error": 0, "not_supported_correct": 1,
                          "not_supported_error": 1}
    assert res["answer_correctness"] is None          # no item has a reference


def test_a_given_k_and_the_run_median_without_a_dev_split(project):
    p, v, _ = project
    f = answer_audit.answer_figures(p, v, k=2, n_resamples=100)["factual_precision"]
    # K = 2: t1 R = min(1/2, 1) = 0.5; d2 R = min(4/2, 1) = 1
    rows = {a["item_id"]: a for a in f["answers"]}
    assert (f["k"], f["k_source"]) == (2, "given")
    assert rows["t1"]["recall_at_k"] == pytest.approx(0.5) and rows["d2"]["recall_at_k"] == 1.0
    with pytest.raises(InvalidArgument):
        answer_audit.answer_figures(p, "verify-99")


def test_the_command_prints_and_lists(project):
    p, v, tmp_path = project
    p.close()
    path = str(tmp_path / "f.faproj")
    out = CliRunner().invoke(cli, ["answer-figures", path, "--run", v, "--resamples", "200", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["factual_precision"]["n_supported"] == 8
    text = CliRunner().invoke(cli, ["answer-figures", path, "--run", v, "--resamples", "200", "--list-filtered",
                                    "--per-answer"])
    assert text.exit_code == 0, text.output
    assert "4 not verifiable (question 1, advice 2, hedge 1)" in text.output
    assert "filtered advice   t1c3" in text.output
    assert "K = 4 (median over the run's dev-split answers)" in text.output
    assert "expert-labelled precision on the same 4 claims 75.0" in text.output


def test_metrics_of_a_choices_run_with_its_verify_run_show_the_label_free_precision(tmp_path):
    from factaudit.engine.project import scoring_store
    from factaudit.engine.project.records import ItemPrediction

    p = Project.create(tmp_path / "c.faproj")
    claims = {"k1": ("Aspirin thins blood.", "Supported", "h1"), "k2": ("You should rest.", "Supported", "h1"),
              "k3": ("Aspirin cures colds.", "Refuted", "h1"), "k4": ("Statins lower LDL.", "Supported", "h2"),
              "k5": ("Statins help the heart.", "No Evidence", "h2")}
    write_batch(p, _batch("qa", None, [ItemRecord(i, answer="text", options=["a", "b"], gold_options=["a"])
                                       for i in ("h1", "h2")],
                          [SentenceRecord(f"s{c}", i, n, t) for n, (c, (t, _v, i)) in enumerate(claims.items())],
                          [ClaimRecord(c, t, item_id=i, sentence_id=f"s{c}", ord=n)
                           for n, (c, (t, _v, i)) in enumerate(claims.items())]))
    v = runs.create_run(p, "verify", {"k": 3})
    for c, (_t, verdict, _i) in claims.items():
        runs.add_verdict(p, v, VerdictRecord(c, verdict, parse_status="ok"))
    runs.finish_run(p, v, "done")
    crun = runs.create_run(p, "choices", {"source": "imported"})
    scoring_store.add_predictions(p, crun, [ItemPrediction("h1", chosen=["a"]), ItemPrediction("h2", chosen=["b"])])
    runs.finish_run(p, crun, "done")
    p.close()
    out = CliRunner().invoke(cli, ["metrics", str(tmp_path / "c.faproj"), "--run", crun, "--verify-run", v,
                                   "--resamples", "200", "--json"])
    assert out.exit_code == 0, out.output
    f = json.loads(out.output)["multi_answer"]["generation"]["factual_precision"]
    # hand count: h1 C = {k1, k3}, S = 1 (k2 is advice); h2 C = {k4, k5}, S = 1; no dev split, so
    # K = median(2, 2) = 2: P = 0.5 and R@K = 0.5 for both -> F1@K 0.5
    assert (f["factscore"], f["pooled_precision"], f["k"], f["veriscore"], f["n_filtered"]) == (0.5, 0.5, 2.0, 0.5, 1)
    assert f["k_source"] == "median over the run's answers (no dev split)" and "answers" not in f
    text = CliRunner().invoke(cli, ["metrics", str(tmp_path / "c.faproj"), "--run", crun, "--verify-run", v,
                                    "--resamples", "200"])
    assert "factual precision (label-free) 50.0" in text.output and "K = 2" in text.output
