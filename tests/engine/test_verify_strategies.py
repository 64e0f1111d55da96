"""One verify run kind with strategies (issue #31 item 4) and what a verify figure is worth (issue #32
items 2, 4, 7): gold evidence, the grounding control, stored configs read compatibly, claims never
failing for their length, no-verdict reasons, balanced accuracy and the majority baseline (checked
against scikit-learn), the stance cascade's rule and τ fit, and the option bundles."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics.classification import balanced_accuracy, closed_scores, majority_baseline
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import gold_evidence
from factaudit.engine.project.records import VerdictRecord
from factaudit.engine.services.verification import VerifyConfig, VerifyRequest, verify
from factaudit.engine.services.verify_inputs import no_verdict_reason, strategy_of

GOOD = Path(__file__).resolve().parent.parent / "fixtures" / "good"
S, R, NE, A = "Supported", "Refuted", "No Evidence", "Ambiguous"


@pytest.fixture(scope="module")
def gold_project(tmp_path_factory):
    """The small fixture corpus and claims (two claims with gold passages), one classifier run against
    the gold passages and its grounding control."""
    project = Project.create(tmp_path_factory.mktemp("strategies") / "p.faproj")
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus", dataset="corpus")
    import_files(project, [GOOD / "claims.jsonl"], kind="claims", dataset="claims")
    real = verify(project, VerifyRequest(evidence_source="gold", n_threads=1))
    control = verify(project, VerifyRequest(evidence_source="gold", control="no-evidence", n_threads=1))
    yield project, real, control
    project.close()


def test_gold_evidence_needs_no_retrieval_run_and_reads_each_claims_gold_passages(gold_project):
    project, real, _ = gold_project
    cfg = run_store.get_run(project, real.run_id).config
    assert cfg["strategy"] == "classifier" and cfg["evidence_source"] == "gold" and cfg["retrieval_run"] is None
    assert "control" not in cfg
    gold = gold_evidence(project)
    assert real.n_claims == len(gold) == 2 and real.evidence_source == "gold"
    scored = {p for pairs in (classifier_store.get_verdict_evidence(project, real.run_id).values())
              for p in {x[0] for x in pairs.pairs}}
    assert scored == {g.passage_id for gs in gold.values() for g in gs}     # every gold passage, nothing else
    with pytest.raises(InvalidArgument):
        verify(project, VerifyRequest(evidence_source="gold", retrieval_run="retrieve-1"))
    with pytest.raises(InvalidArgument):
        verify(project, VerifyRequest())                                  # neither a retrieval run nor gold


def test_the_grounding_control_removes_the_passages_and_is_paired_in_metrics(gold_project):
    project, real, control = gold_project
    cfg = run_store.get_run(project, control.run_id).config
    assert cfg["control"] == "no-evidence"
    cv = run_store.get_verdicts(project, control.run_id)
    assert all(v.verdict == NE and not v.evidence_used for v in cv.values())   # a classifier with no text
    assert not classifier_store.get_verdict_evidence(project, control.run_id)[next(iter(cv))].pairs
    rv = run_store.get_verdicts(project, real.run_id)
    same = sum(1 for c in rv if rv[c].verdict == cv[c].verdict)
    for run_id in (real.run_id, control.run_id):                 # either run names the pair
        g = services.run_metrics(project, run_id, n_resamples=200).grounding_control
        assert (g["real_run"], g["control_run"]) == (real.run_id, control.run_id)
        assert g["n_compared"] == 2 and g["n_same"] == same
        assert g["control_balanced_accuracy"] == 0.0              # no Supported or Refuted without evidence


def test_stored_configs_of_earlier_runs_read_as_they_were_written():
    old_llm = {"retrieval_run": "retrieve-1", "mode": "joint", "k": 3, "limit": None, "dataset": None, "seed": 0,
               "temperature": 0.0, "max_tokens": 200, "passage_words": None, "prompt_cache": False,
               "evidence": "whole", "prompt": {}, "corpus_hash": "x", "model": {"name": "smollm2-135m"},
               "withheld_instructions": None, "scoring": {"method": "generate"}}
    old_clf = {"mode": "classifier", "retrieval_run": "retrieve-1", "k": 3, "limit": None, "dataset": None,
               "corpus_hash": "x", "model": {"backend": "classifier", "name": "minilm-verifier"}}
    assert strategy_of(old_llm) == "llm" and strategy_of(old_clf) == "classifier"
    back = VerifyConfig.from_config(old_llm).to_config()
    assert {k: v for k, v in back.items() if k != "strategy"} == old_llm and back["strategy"] == "llm"
    from factaudit.engine.services.classify_verify import ClassifierVerifyConfig

    back = ClassifierVerifyConfig.from_config(old_clf).to_config()
    assert {k: v for k, v in back.items() if k != "strategy"} == old_clf


def test_balanced_accuracy_and_the_majority_baseline_match_sklearn():
    from sklearn.dummy import DummyClassifier
    from sklearn.metrics import accuracy_score, balanced_accuracy_score

    rng = np.random.default_rng(7)
    labels = [S, R, NE, A]
    gold = list(rng.choice(labels, size=300, p=[0.45, 0.25, 0.25, 0.05]))
    pred = list(rng.choice(labels, size=300))
    keep = [i for i, g in enumerate(gold) if g in (S, R)]                   # the same classes, restricted
    expected = balanced_accuracy_score([gold[i] for i in keep], [pred[i] for i in keep])
    value, classes = balanced_accuracy(gold, pred)
    assert classes == [S, R] and value == pytest.approx(expected, abs=1e-12)
    dummy = DummyClassifier(strategy="most_frequent").fit(np.zeros((300, 1)), gold)
    base = majority_baseline(gold)
    assert base["label"] == dummy.predict([[0]])[0] == S
    assert base["accuracy"] == pytest.approx(accuracy_score(gold, dummy.predict(np.zeros((300, 1)))))
    assert base["balanced_accuracy"] == 0.5                                  # all S: recall 1 for S, 0 for R
    c = closed_scores(gold, pred)
    assert c.balanced_accuracy == value and c.majority == base
    assert c.within_majority == (c.accuracy <= base["accuracy_ci"][1])
    assert c.within_majority                                                 # random guessing is no better
    assert balanced_accuracy([NE, A], [NE, A]) == (None, [])                 # neither class in gold


def test_a_long_claim_gets_a_verdict_and_only_an_impossible_one_is_counted_too_long():
    from factaudit.engine.models import classifier_registry
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.pipeline.classify import ClaimInput, ClassifyPassage, classify_claims

    model = open_classifier(classifier_registry.embedded_classifier_path(), name="minilm-verifier", threads=1)
    assert model.spec.max_length == 128 and model.spec.positions == 512
    passage = ClassifyPassage("p", "Aspirin lowers fever in adults. " * 12)
    long_claim = "In a randomised trial of adults with fever, " + "low-dose aspirin given daily " * 20 + "lowers fever."
    impossible = " ".join(["aspirin"] * 600)
    n = model.count_tokens(long_claim)
    assert 128 - model.special_tokens - n < 32 < 512 - model.special_tokens - n   # too long before, fits now
    ok, bad = classify_claims(model, [ClaimInput("long", long_claim, [passage]),
                                      ClaimInput("huge", impossible, [passage])])
    assert ok.verdict is not None and ok.failure is None
    limit = ok.long_claim
    assert limit == n + model.special_tokens + 64 and limit <= 512
    lengths = model.pair_lengths([(passage.text[a:b], long_claim) for _, a, b, *_ in ok.pairs])
    assert 128 < max(lengths) <= limit                              # longer pairs than max_length, within the limit
    verdict, _ = ok.records()
    assert json.loads(verdict.raw_output)["long_claim"] == limit
    assert bad.verdict is None and no_verdict_reason(bad.reasoning(), None, {"mode": "classifier"}) == "claim_too_long"


def test_claims_without_a_verdict_are_counted_by_reason(tmp_path):
    project = Project.create(tmp_path / "p.faproj")
    claims = [{"id": f"c{i}", "claim": f"Claim {i}.", "label": S if i % 2 else R} for i in range(6)]
    path = tmp_path / "claims.jsonl"
    path.write_text("\n".join(json.dumps(c) for c in claims), encoding="utf-8")
    import_files(project, [path], kind="claims")
    run = run_store.create_run(project, "verify", {"mode": "joint", "max_tokens": 50, "strategy": "llm"})
    run_store.add_verdict(project, run, VerdictRecord("c0", S, "ok"))
    run_store.add_verdict(project, run, VerdictRecord("c1", S, "ok"))
    run_store.add_verdict(project, run, VerdictRecord("c2", None, "failed", completion_tokens=50))
    run_store.add_verdict(project, run, VerdictRecord("c3", None, "failed", completion_tokens=10))
    run_store.add_verdict(project, run, VerdictRecord(
        "c4", None, "failed", reasoning="claim longer than the model's window: 900 tokens > 477"))
    run_store.finish_run(project, run, "done")
    m = services.run_metrics(project, run, n_resamples=200)
    want = {"cut_off_at_max_tokens": 1, "did_not_parse": 1, "claim_too_long": 1}
    assert m.no_verdict_reasons == want and m.closed_unscored == want and m.n_parse_failures == 3
    path = str(project.path)
    project.close()
    from factaudit.engine.cli import cli

    out = CliRunner().invoke(cli, ["metrics", path, "--run", run, "--resamples", "200"])
    assert out.exit_code == 0, out.output
    assert ("3 claims without a verdict (1 claim too long for the model, 1 output cut off at max tokens, "
            "1 output did not parse)") in out.output
    assert "parse failures" not in out.output
    assert "balanced accuracy 50.0 (mean recall of Supported and Refuted)" in out.output   # c0, c1 are S; c0 gold R
    assert "majority baseline (always Supported)" in out.output       # a tie goes to the first verdict and "confusion matrix" in out.output
    assert "note: accuracy is within the majority baseline's interval" in out.output


def test_the_cascade_rule_and_the_tau_fit():
    from factaudit.engine.pipeline.cascade import MARGIN, WindowStance, decide, fit_tau

    def w(d):
        return WindowStance("p", 0, 1, 1, 1, 0.9, d)

    assert decide([w(0.4), w(-0.2)], 0.0) == (S, 0)             # most confident decides
    assert decide([w(0.4), w(-2.0)], 0.0) == (R, 1)
    assert decide([w(MARGIN + 0.1), w(-MARGIN - 0.5)], 0.0)[0] == A   # confident opposite stances
    assert decide([w(0.5)], 1.0) == (R, 0)                      # below τ
    rng = np.random.default_rng(3)
    gold = [S] * 30 + [R] * 20
    d = list(np.r_[rng.normal(1.0, 1.0, 30), rng.normal(-0.5, 1.0, 20)])
    tau, score = fit_tau(d, gold)

    def bal(t):
        return (np.mean([x >= t for x, g in zip(d, gold) if g == S]) + np.mean([x < t for x, g in zip(d, gold) if g == R])) / 2

    grid = np.linspace(min(d) - 1, max(d) + 1, 4001)            # an independent brute force
    assert score == pytest.approx(bal(tau)) and score >= max(bal(t) for t in grid) - 1e-12


def test_option_bundles_fill_requests_and_refuse_what_a_request_would_ignore():
    llm = services.LLMOptions(model="smollm2-135m", n_threads=2, temperature=0.3)
    req = services.build_request(VerifyRequest, llm=llm, retrieval=services.RetrievalOptions(
        retrieval_run="retrieve-1", k=3), mode="per-passage")
    assert (req.model, req.n_threads, req.temperature, req.retrieval_run, req.k, req.mode) == (
        "smollm2-135m", 2, 0.3, "retrieve-1", 3, "per-passage")
    assert services.LLMOptions.of(req) == llm
    assert services.build_request(services.DecomposeRequest, llm=services.LLMOptions(seed=4)).seed == 4
    with pytest.raises(InvalidArgument, match="prompt_cache"):
        services.build_request(services.DecomposeRequest, llm=services.LLMOptions(prompt_cache=True))


# The flags each command took before the bundles (issue #31 item 4 keeps them).
FLAGS = {
    "verify": {"--retrieval-run", "--model", "--thresholds", "--endpoint", "--mode", "--k", "--limit", "--dataset",
               "--resume", "--seed", "--temperature", "--max-tokens", "--passage-words", "--evidence", "--scoring",
               "--calibration", "--prompt-cache", "--n-ctx", "--threads", "--timeout", "--retries", "--concurrency",
               "--backoff", "--json"},
    "judge": {"--run", "--target", "--mode", "--with-gold", "--model", "--endpoint", "--k", "--limit", "--queue-order",
              "--dataset", "--dimensions", "--resume", "--seed", "--temperature", "--max-tokens", "--passage-words",
              "--prompt-cache", "--n-ctx", "--threads", "--json"},
    "aggregate": {"--dataset", "--retrieval-run", "--variant", "--model", "--endpoint", "--k", "--limit", "--lexicon",
                  "--resume", "--seed", "--temperature", "--max-tokens", "--doc-words", "--n-ctx", "--threads",
                  "--timeout", "--retries", "--concurrency", "--resamples", "--bootstrap-seed", "--json"},
    "decompose": {"--method", "--model", "--endpoint", "--dataset", "--limit", "--seed", "--temperature", "--threads",
                  "--resume", "--json"},
}


@pytest.mark.parametrize("command", sorted(FLAGS))
def test_commands_keep_their_flags(command):
    import click

    from factaudit.engine.cli import cli

    cmd = cli.get_command(click.Context(cli), command)
    have = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")}
    assert FLAGS[command] <= have, sorted(FLAGS[command] - have)


def test_the_cascade_pins_its_model_pair_and_its_verdicts_follow_the_stored_log_odds(gold_project):
    """A small cascade run (SmolLM2 for speed) on gold evidence and its claim-only control: the pair and
    τ are pinned, each verdict is the rule applied to the stored log-odds, and the deciding window's
    log-odds are what the LLM gives that window when asked again."""
    from factaudit.engine.models import registry
    from factaudit.engine.models.llm import open_llm
    from factaudit.engine.pipeline.cascade import WindowStance, decide, log_odds
    from factaudit.engine.project.queries import get_claim, get_passages

    project, _, _ = gold_project
    runs = [verify(project, VerifyRequest(strategy="cascade", evidence_source="gold", llm_model="smollm2-135m",
                                          n_threads=1, control=control)) for control in (None, "no-evidence")]
    cfg = run_store.get_run(project, runs[0].run_id).config
    assert cfg["strategy"] == "cascade" and cfg["model"]["pair"] == "cascade"
    assert cfg["model"]["classifier"]["name"] == "minilm-verifier" and cfg["model"]["llm"]["name"] == "smollm2-135m"
    assert cfg["tau"] == 0.0 and cfg["tau_source"].startswith("default 0")
    llm = open_llm(registry.resolve_llm("smollm2-135m", n_ctx=2048), n_threads=1)
    try:
        ev = classifier_store.get_verdict_evidence(project, runs[0].run_id)
        for cid, v in run_store.get_verdicts(project, runs[0].run_id).items():
            windows = ev[cid].detail["llm"]
            if not windows:
                assert v.verdict == NE and not v.evidence_used
                continue
            stances = [WindowStance(w["passage_id"], w["start"], w["end"], 0, 0, w["evidence"], w["log_odds"])
                       for w in windows]
            verdict, j = decide(stances, cfg["tau"])
            assert v.verdict == verdict and ev[cid].passage_id == windows[j]["passage_id"]
            text = get_passages(project, [ev[cid].passage_id])[ev[cid].passage_id].text
            claim = get_claim(project, cid).text
            again, _ = log_odds(llm, claim, text[ev[cid].span_start:ev[cid].span_end])
            assert again == pytest.approx(windows[j]["log_odds"], abs=1e-4)
        control = run_store.get_verdicts(project, runs[1].run_id)
        cev = classifier_store.get_verdict_evidence(project, runs[1].run_id)
        assert set(control) == set(run_store.get_verdicts(project, runs[0].run_id))
        for cid, v in control.items():
            d = cev[cid].detail["llm"][0]["log_odds"]
            assert not v.evidence_used and v.verdict == (S if d >= 0.0 else R)
    finally:
        llm.close()
    g = services.run_metrics(project, runs[0].run_id, n_resamples=200).grounding_control
    assert g["control_run"] == runs[1].run_id
