"""Certification (issue #21 item 5): the estimators against ppi-python and a hand computation, and the
`certify` service and command on a project with labelled and unlabelled sentences."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import ppi_py
import pytest
from click.testing import CliRunner
from scipy.stats import beta

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics import certify as est
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine import services as certify_service

Z = 1.959963984540054


def _ppi_reference(y, f, fu):
    y, f, fu = (np.asarray(a, dtype=float) for a in (y, f, fu))
    value = float(np.squeeze(ppi_py.ppi_mean_pointestimate(y, f, fu, lam=1)))
    lo, hi = ppi_py.ppi_mean_ci(y, f, fu, alpha=0.05, lam=1)
    return value, float(np.squeeze(lo)), float(np.squeeze(hi))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ppi_matches_ppi_python(seed):
    rng = np.random.default_rng(seed)
    n, n_u = int(rng.integers(15, 80)), int(rng.integers(100, 3000))
    y = rng.random(n) < 0.3
    f = np.where(rng.random(n) < 0.8, y, ~y)                    # an 80 %-accurate verifier
    fu = rng.random(n_u) < 0.35
    c = est.certify(y, f, fu)
    value, lo, hi = _ppi_reference(y, f, fu)
    assert c.ppi.value == pytest.approx(value, abs=1e-12)
    assert c.ppi.ci == pytest.approx([lo, hi], abs=1e-12)


def test_hand_computation():
    # labelled: 4 TP, 1 FN, 1 FP, 4 TN; unlabelled: 8 of 20 flagged
    y = [1] * 5 + [0] * 5
    f = [1, 1, 1, 1, 0] + [1, 0, 0, 0, 0]
    fu = [1] * 8 + [0] * 12
    c = est.certify(np.array(y, bool), np.array(f, bool), np.array(fu, bool), target_half_width=0.2)
    # θ = mean(f_u) + mean(Y − f) = 0.4 + 0; var(f_u) = 0.4·0.6 = 0.24; Y − f = (0×8, +1, −1): var 0.2
    # half = 1.96·sqrt(0.24/20 + 0.2/10) = 1.96·sqrt(0.032)
    half = Z * math.sqrt(0.032)
    assert c.ppi.value == pytest.approx(0.4)
    assert c.ppi.ci == pytest.approx([0.4 - half, 0.4 + half])
    assert round(half, 4) == 0.3506
    # sensitivity 4/5 and specificity 4/5: Clopper–Pearson from the beta quantiles (0.2836, 0.9949)
    for e in (c.sensitivity, c.specificity):
        assert e.value == 0.8
        assert e.ci == pytest.approx([beta.ppf(0.025, 4, 2), 0.975 ** (1 / 5)])
        assert [round(x, 4) for x in e.ci] == [0.2836, 0.9949]
    # labels only 5/10, Wilson [0.2366, 0.7634]; verifier alone (5 + 8) / 30 without an interval
    assert c.labels_only.value == 0.5 and [round(x, 4) for x in c.labels_only.ci] == [0.2366, 0.7634]
    assert c.verifier_only.value == pytest.approx(13 / 30) and c.verifier_only.ci is None
    # 0.2 needs 3.84·(0.24/(30 − L) + 0.2/L) ≤ 0.04: at best (L = 29) 0.24 alone is too much
    assert c.labels_needed.more is None and "out of reach" in c.labels_needed.reason


def test_labels_needed_by_hand():
    # n = 10 labelled (var(Y − f) = 0.2), N = 200 unlabelled with 80 flagged (var 0.24), H = 0.15:
    # bound (0.15 / 1.96)² = 0.0058572; L = 45: 0.24/165 + 0.2/45 = 0.0058990 (too wide);
    # L = 46: 0.24/164 + 0.2/46 = 0.0058112 (enough) → 36 more labels
    y = np.array([1] * 5 + [0] * 5, bool)
    f = np.array([1, 1, 1, 1, 0, 1, 0, 0, 0, 0], bool)
    fu = np.array([1] * 80 + [0] * 120, bool)
    c = est.certify(y, f, fu, target_half_width=0.15)
    assert c.labels_needed.more == 36
    c2 = est.certify(y, f, fu, target_half_width=1.0)
    assert c2.labels_needed.more == 0
    with pytest.raises(InvalidArgument, match="positive"):
        est.certify(y, f, fu, target_half_width=0)


def test_all_labelled_reduces_to_labels_and_none_labelled_is_refused():
    y = np.array([1, 0, 0, 1, 0], bool)
    c = est.certify(y, y, np.array([], bool))
    assert c.ppi.value == c.labels_only.value and c.ppi.ci == c.labels_only.ci
    assert any("reduces to the labels alone" in n for n in c.notes)
    with pytest.raises(InvalidArgument, match="no labelled units"):
        est.certify(np.array([], bool), np.array([], bool), np.array([True]))


# ---- on a project ---------------------------------------------------------------------------------
def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def run(project, tmp_path):
    """200 answers × 4 sentences, one claim each; 40 sentences labelled, 760 not; one imported verify run."""
    rng = np.random.default_rng(7)
    verdict_names = ["Supported", "Refuted", "No Evidence", "Ambiguous"]
    answers, claims, verdicts, truth = [], [], [], {}
    for a in range(200):
        sents = []
        for k in range(4):
            sid = f"a{a}:s{k}"
            sent = {"id": sid, "text": f"Sentence {a}.{k}."}
            error = bool(rng.random() < 0.3)
            if a < 10:                          # the first 10 answers are labelled
                sent["label"] = "error" if error else "correct"
                truth[sid] = error
            sents.append(sent)
            claims.append({"id": f"{sid}#1", "claim": sent["text"], "sentence_id": sid, "item_id": f"a{a}"})
            v = verdict_names[int(rng.integers(0, 4))] if not error else ("Refuted" if rng.random() < 0.7 else "Supported")
            verdicts.append({"claim_id": f"{sid}#1", "verdict": v, "reasoning": "r"})
        answers.append({"id": f"a{a}", "answer": " ".join(s["text"] for s in sents), "sentences": sents})
    import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    run_id = import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    verdict_of = {v["claim_id"].split("#")[0]: v["verdict"] for v in verdicts}
    return project, run_id, truth, verdict_of, tmp_path


@pytest.mark.parametrize("mapping", list(MAPPINGS))
def test_project_certification_matches_ppi_python(run, mapping):
    project, run_id, truth, verdict_of, _ = run
    res = certify_service.certify(project, run_id, mapping, "sentence").to_json()
    labelled = sorted(truth)
    y = [truth[s] for s in labelled]
    f = [verdict_of[s] in MAPPINGS[mapping] for s in labelled]
    fu = [v in MAPPINGS[mapping] for s, v in verdict_of.items() if s not in truth]
    assert (res["n_labelled"], res["n_unlabelled"]) == (40, 760)
    value, lo, hi = _ppi_reference(y, f, fu)
    assert res["error_rate"]["ppi"]["value"] == pytest.approx(value, abs=1e-12)
    assert res["error_rate"]["ppi"]["ci"] == pytest.approx([lo, hi], abs=1e-12)
    tp = sum(a and b for a, b in zip(y, f))
    assert res["sensitivity"]["k"] == tp and res["sensitivity"]["n"] == sum(y)
    assert res["error_rate"]["verifier_only"]["value"] == pytest.approx((sum(f) + sum(fu)) / 800)
    assert "ci" not in res["error_rate"]["verifier_only"]


def test_claim_level_uses_gold_labels_through_the_mapping(project, tmp_path):
    claims = [{"id": f"c{i}", "claim": f"Claim {i}", "label": g}
              for i, g in enumerate(["Refuted", "Supported", "No Evidence", "Supported"])]
    claims += [{"id": f"u{i}", "claim": f"Other {i}"} for i in range(4)]
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    verdicts = ["Refuted", "Supported", "Supported", "Refuted", "Refuted", "Supported", "Supported", "No Evidence"]
    rows = [{"claim_id": c["id"], "verdict": v} for c, v in zip(claims, verdicts)]
    run_id = import_files(project, [_jsonl(tmp_path / "v.jsonl", rows)], kind="verdicts").run_id
    with pytest.raises(InvalidArgument, match="no labelled sentences"):
        certify_service.certify(project, run_id, "R+NE", "sentence")
    r = certify_service.certify(project, run_id, "R+NE", "claim").to_json()
    # gold under R+NE: c0, c2 errors; verdicts flag c0, c3 → sensitivity 1/2, specificity 1/2
    assert (r["n_labelled"], r["n_unlabelled"]) == (4, 4) and r["label_source"] == "claim gold labels"
    assert (r["sensitivity"]["k"], r["sensitivity"]["n"], r["specificity"]["k"], r["specificity"]["n"]) == (1, 2, 1, 2)


def test_draw_sample_is_stratified_reproducible_and_unlabelled(run):
    project, run_id, truth, verdict_of, tmp_path = run
    a = certify_service.draw_certify_sample(project, run_id, 30, "R", "sentence", seed=3)
    b = certify_service.draw_certify_sample(project, run_id, 30, "R", "sentence", seed=3)
    assert a == b and len(set(a)) == 30 and not set(a) & set(truth)
    flagged = [s for s, v in verdict_of.items() if s not in truth and v == "Refuted"]
    share = len(flagged) / 760
    assert sum(s in flagged for s in a) in (math.floor(30 * share), math.ceil(30 * share))
    with pytest.raises(InvalidArgument, match="only 760"):
        certify_service.draw_certify_sample(project, run_id, 761, "R", "sentence")


def test_certify_command_json_and_sample(run):
    from factaudit.engine.cli import cli

    project, run_id, _, _, tmp_path = run
    path = str(project.path)
    project.close()
    out = tmp_path / "next.jsonl"
    r = CliRunner().invoke(cli, ["certify", path, "--run", run_id, "--target-half-width", "0.1",
                                 "--draw-sample", str(out), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    for key in ("n_labelled", "n_unlabelled", "sensitivity", "specificity", "labels_needed"):
        assert key in doc
    assert set(doc["error_rate"]) == {"labels_only", "verifier_only", "ppi"}
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == doc["labels_needed"] == doc["sample"]["n"] and lines[0]["level"] == "sentence"
    human = CliRunner().invoke(cli, ["certify", path, "--run", run_id])
    assert human.exit_code == 0 and "prediction-powered" in human.output
    bad = CliRunner().invoke(cli, ["certify", path, "--run", "verify-99"])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "error:" in bad.output


def test_report_carries_the_certification_section(run):
    from factaudit.engine.services import scoring

    project, run_id, _, _, tmp_path = run
    scoring.write_report(project, tmp_path / "rep", ("html", "json"), [run_id], n_resamples=200)
    summary = json.loads((tmp_path / "rep" / "json" / "summary.json").read_text())
    direct = certify_service.certify(project, run_id).to_json()
    assert summary["certification"][run_id]["error_rate"] == direct["error_rate"]
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Certification: what the expert labels prove" in html
    assert f"{100 * direct['error_rate']['ppi']['value']:.1f}" in html
