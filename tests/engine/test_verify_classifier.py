"""The default verifier: the embedded classifier, through the verify service (runs, resume, attribution)
on the demo's fixed 100-claim SciFact dev slice (shipped in resources/demo, so no datasets marker); and
the whole demo pipeline with every network socket blocked, which makes that classifier run: one build
serves both (the 100-claim run took 4-12 minutes on 2 cores, and was made twice before)."""
from __future__ import annotations

import math
import os
import warnings
from types import SimpleNamespace

import numpy as np
import pytest
from sklearn.metrics import f1_score

from factaudit.engine import netguard, netlog, services
from factaudit.engine.errors import InvalidArgument, RunCancelled
from factaudit.engine.jobs import CancelToken
from factaudit.engine.project import classifier_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.queries import get_passages, list_claims
from factaudit.engine.services.verification import VerifyRequest, verify

SCIFACT = "scifact-demo"
CLOSED = ["Supported", "Refuted"]


@pytest.fixture(scope="module")
def demo_offline(tmp_path_factory):
    """`build_demo` with every step, every network socket blocked (Unix sockets allowed: keyring and
    asyncio use them) and its own user folders; the connections the log holds afterwards."""
    import pytest_socket

    from factaudit.engine.services import build_demo

    root = tmp_path_factory.mktemp("demo-offline")
    saved = {k: os.environ.get(k) for k in ("FACTAUDIT_CONFIG_DIR", "FACTAUDIT_DATA_DIR")}
    os.environ["FACTAUDIT_CONFIG_DIR"] = str(root / "user-config")
    os.environ["FACTAUDIT_DATA_DIR"] = str(root / "user-data")
    pytest_socket.disable_socket(allow_unix_socket=True)
    netguard.set_guard(True)
    try:
        import socket

        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "A test tried to use socket.socket")
            with pytest.raises(Exception):
                socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        summary = build_demo(root / "demo", run_steps=True)
        connections = netlog.list_connections()      # read from this build's user folders
    finally:
        netguard.set_guard(False)
        pytest_socket.enable_socket()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return summary, connections


def test_demo_runs_with_all_sockets_blocked(demo_offline):
    summary, connections = demo_offline
    # Every stage of the pipeline ran, in order (a step may add more than one entry), then "info".
    stages = [s["step"] for s in summary.steps]
    stages = [name for i, name in enumerate(stages) if i == 0 or stages[i - 1] != name]
    assert stages == ["retrieve", "decompose", "retrieve_answers", "verify", "verify_control", "verify_reasoning",
                      "verify_answers",
                      "prelabel", "metrics", "audit", "conflicts", "conflicts_full", "seal", "info"], summary.steps
    info = summary.steps[-1]
    # 1,201 SciFact abstracts + the 47 documents of the 12 RAMDocs questions
    assert info["step"] == "info" and info["passages"] == 1248 and info["claims"] >= 100
    assert connections == []  # not even a blocked attempt


@pytest.fixture(scope="module")
def verified(demo_offline):
    """The demo's default verify run: the embedded classifier over BM25's top 3 for all its SciFact claims
    (the regression bar below needs the whole fixed slice); `res` as the stored run says."""
    from factaudit.engine.project.db import Project

    summary, _ = demo_offline
    step = {s["step"]: s for s in summary.steps}
    project = Project.open(summary.project)
    rr, run_id = step["retrieve"]["run_id"], step["verify"]["run_id"]
    stored = run_store.get_run(project, run_id)
    assert stored.config["retrieval_run"] == rr and stored.config["k"] == 3
    res = SimpleNamespace(run_id=run_id, **{k: stored.summary[k] for k in ("n_claims", "n_verdicts", "n_parse_failures")})
    yield project, rr, res
    project.close()


def _gold_and_pred(project, run_id):
    gold = {c.id: c.gold_label for c in list_claims(project, SCIFACT)}
    verdicts = run_store.get_verdicts(project, run_id)
    ids = [cid for cid, g in gold.items() if g in CLOSED and cid in verdicts]
    return [gold[c] for c in ids], [verdicts[c].verdict or "failed" for c in ids]


def _rule_applied(pairs, tau):
    """The pinned rule recomputed from the stored pairs [passage, start, end, P(S), P(R), P(NE)], written
    apart from engine.pipeline.classify; None when a probability is within rounding of a threshold."""
    if not pairs:
        return "No Evidence"
    if tau.get("rule", "maxima") == "maxima":
        p_s, p_r = max(p[3] for p in pairs), max(p[4] for p in pairs)
        if min(abs(p_s - tau["supported"]), abs(p_r - tau["refuted"])) <= 1e-6:
            return None
        s, r = p_s >= tau["supported"], p_r >= tau["refuted"]
        return "Ambiguous" if s and r else "Supported" if s else "Refuted" if r else "No Evidence"
    evidence = [1 - p[5] for p in pairs]
    # stance: Supported when log P(S) - log P(R) >= the stance bias b (0 by default: P(S) >= P(R))
    bias = tau.get("stance", 0.0)
    margin = [math.log(max(p[3], 1e-300)) - math.log(max(p[4], 1e-300)) - bias for p in pairs]
    stance = ["Supported" if m >= 0 else "Refuted" for m in margin]
    top = evidence.index(max(evidence))
    near = [abs(evidence[top] - t) <= 1e-6 for t in (tau["evidence"], tau["conflict"])]
    tie = len(evidence) > 1 and evidence[top] - sorted(evidence)[-2] <= 1e-6
    if tie or any(near) or abs(margin[top]) <= 1e-3:   # log of probabilities stored rounded
        return None                      # the top or a threshold within rounding: either answer is right
    if evidence[top] < tau["evidence"]:
        return "No Evidence"
    if evidence[top] >= tau["conflict"]:
        best = {}
        for i, p in enumerate(pairs):
            if p[0] not in best or evidence[i] > evidence[best[p[0]]]:
                best[p[0]] = i
        if any(evidence[i] >= tau["conflict"] and stance[i] != stance[top] for i in best.values()):
            return "Ambiguous"
    return stance[top]


def test_default_is_the_classifier_and_its_figures_are_the_rule_applied(verified):
    """The default run is the embedded classifier's; each stored verdict is the pinned rule applied to
    the stored per-pair probabilities with the pinned thresholds (recomputed here independently), and
    the service's closed figures equal sklearn's on the stored verdicts."""
    project, _, res = verified
    cfg = run_store.get_run(project, res.run_id).config
    assert cfg["mode"] == "classifier" and cfg["model"]["backend"] == "classifier"
    assert cfg["model"]["name"] == "minilm-verifier"
    assert res.n_verdicts == res.n_claims == 100 and res.n_parse_failures == 0
    tau = cfg["model"]["thresholds"]
    verdicts = run_store.get_verdicts(project, res.run_id)
    checked = 0
    for cid, ev in classifier_store.get_verdict_evidence(project, res.run_id).items():
        expected = _rule_applied(ev.pairs, tau)
        if expected is not None:
            assert verdicts[cid].verdict == expected, cid
            checked += 1
    assert checked >= 90
    assert len({v.verdict for v in verdicts.values()}) > 1      # not one constant answer
    # closed regime: every claim with a gold verdict; macro-F1 over the gold classes present
    gold_of = {c.id: c.gold_label for c in list_claims(project, SCIFACT) if c.gold_label}
    gold = [gold_of[c] for c in gold_of if c in verdicts]
    pred = [verdicts[c].verdict for c in gold_of if c in verdicts]
    macro = f1_score(gold, pred, labels=sorted(set(gold)), average="macro", zero_division=0)
    closed = services.run_metrics(project, res.run_id).closed
    assert closed is not None and closed.n == len(gold)
    assert closed.macro_f1 == pytest.approx(macro)
    assert closed.accuracy == pytest.approx(np.mean([g == p for g, p in zip(gold, pred)]))


def test_attribution_points_into_the_driving_passage(verified):
    project, rr, res = verified
    hits = run_store.get_hits(project, rr)
    evidence = classifier_store.get_verdict_evidence(project, res.run_id)
    verdicts = run_store.get_verdicts(project, res.run_id)
    assert set(evidence) == set(verdicts)
    for cid, ev in evidence.items():
        if ev.passage_id is None:
            continue
        assert ev.passage_id in {h.passage_id for h in hits[cid][:3]}
        text = get_passages(project, [ev.passage_id])[ev.passage_id].text
        assert 0 <= ev.span_start < ev.span_end <= len(text)
        if verdicts[cid].verdict in CLOSED:
            assert ev.label == verdicts[cid].verdict
            # the probability shown is the driving pair's own, among the stored pairs
            col = 3 if ev.label == "Supported" else 4
            (own,) = [p for p in ev.pairs if (p[0], p[1], p[2]) == (ev.passage_id, ev.span_start, ev.span_end)]
            assert own[col] == pytest.approx(ev.prob, abs=1e-6)


def test_a_killed_run_resumes_to_the_same_verdicts(verified):
    project, rr, res = verified
    cancel = CancelToken()

    # ten claims: the run is killed after four and resumed, its verdicts compared with the full run's
    def progress(done, total, message=""):
        if done >= 4:
            cancel.cancel()

    with pytest.raises(RunCancelled) as stopped:
        verify(project, VerifyRequest(retrieval_run=rr, k=3, dataset=SCIFACT, limit=10), progress, cancel)
    run_id = stopped.value.run_id
    assert 4 <= len(run_store.get_verdicts(project, run_id)) < 10
    done = verify(project, VerifyRequest(resume=run_id))
    assert done.run_id == run_id and done.n_verdicts == 10
    again, full = run_store.get_verdicts(project, run_id), run_store.get_verdicts(project, res.run_id)
    assert {c: v.verdict for c, v in again.items()} == {c: full[c].verdict for c in again}


def test_llm_settings_are_refused_not_ignored(verified):
    project, rr, _ = verified
    with pytest.raises(InvalidArgument, match="scoring"):
        verify(project, VerifyRequest(retrieval_run=rr, scoring="logprob"))
    with pytest.raises(InvalidArgument, match="passage_words"):
        verify(project, VerifyRequest(retrieval_run=rr, passage_words=50))


def test_triage_prefill_uses_the_attribution(verified):
    from factaudit.engine.audit import triage as tri

    project, rr, res = verified
    ds = tri.disagreements(project, res.run_id, level="claim")
    assert ds.disagreements, "the classifier disagrees with some gold labels"
    evidence = classifier_store.get_verdict_evidence(project, res.run_id)
    for d in ds.disagreements:      # no evidence labels exist, so only the classifier's rule can pre-fill
        (view,) = d.claims
        ev = evidence[view.claim_id]
        if view.verdict == "No Evidence":
            assert d.prefill == "retrieval_error" and "no retrieved sentence" in d.prefill_reason
            tau = run_store.get_run(project, res.run_id).config["model"]["thresholds"]
            if tau.get("rule") == "evidence_stance":
                assert max(1 - p[5] for p in ev.pairs) < tau["evidence"] + 1e-6
            else:
                assert ev.maxima["Supported"] < tau["supported"] and ev.maxima["Refuted"] < tau["refuted"]
        else:
            assert d.prefill is None and f"passage {ev.passage_id}" in d.prefill_reason
            assert view.attribution.startswith(f"P({ev.label}) = {ev.prob:.2f}, passage {ev.passage_id}")


def test_reasoning_prelabels_need_a_run_with_reasoning(verified):
    from factaudit.engine.services.judging import JudgeRequest, judge

    project, _, res = verified
    with pytest.raises(InvalidArgument, match="no reasoning"):
        judge(project, JudgeRequest(run=res.run_id, target="reasoning", limit=1))


def test_report_shows_the_driving_sentence(verified, tmp_path):
    import json

    from markupsafe import escape

    project, _, res = verified
    services.write_report(project, tmp_path / "r", formats=("html", "json"), run_ids=[res.run_id])
    rows = [json.loads(line) for line in open(tmp_path / "r" / "json" / "per_item.jsonl")]
    evidence = classifier_store.get_verdict_evidence(project, res.run_id)
    assert {r["claim_id"] for r in rows if "attribution" in r} == set(evidence)
    wrong = [r for r in rows if r["gold_label"] and r["verdict"] != r["gold_label"]]
    page = (tmp_path / "r" / "report.html").read_text()
    assert f"{res.run_id}: {len(wrong)} disagreement" in page
    first = next(r for r in wrong if r["attribution"]["passage_id"])
    a = first["attribution"]
    text = get_passages(project, [a["passage_id"]])[a["passage_id"]].text
    assert f"<mark>{escape(text[a['span'][0]:a['span'][1]])}</mark>" in page


def test_the_default_stays_above_the_majority_baseline_on_the_fixed_slice(verified):
    """Issue #25's regression bar: on the demo's fixed 100-claim SciFact dev slice (BM25 top 3 over the
    slice's 1,201 abstracts; gold Supported 45, Refuted 20, No Evidence 35) the default's macro-F1 over
    the gold classes must stay above always answering the most frequent one (sklearn on both; measured
    0.447 against 0.207 when the model shipped). Supported against Refuted alone it is only at the
    majority's level (0.41 against 0.41): README, Verifiers."""
    project, _, res = verified
    gold_of = {c.id: c.gold_label for c in list_claims(project, SCIFACT) if c.gold_label}
    verdicts = run_store.get_verdicts(project, res.run_id)
    gold = [gold_of[c] for c in gold_of]
    pred = [verdicts[c].verdict for c in gold_of]
    labels = sorted(set(gold))
    majority = max(labels, key=gold.count)
    model_f1 = f1_score(gold, pred, labels=labels, average="macro", zero_division=0)
    majority_f1 = f1_score(gold, [majority] * len(gold), labels=labels, average="macro", zero_division=0)
    assert len(gold) == 100 and model_f1 > majority_f1 + 0.1, (model_f1, majority_f1)
    assert services.run_metrics(project, res.run_id).closed.macro_f1 == pytest.approx(model_f1)
