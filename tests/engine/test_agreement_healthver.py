"""Agreement on real multi-rater data: HealthVer claim–passage pairs labelled on polarity by the gold
stance (rater A), a seeded noisy copy (rater B), a noisier LLM-like rater with many gaps, and a
retest of A; imported as annotation files through the CLI. Figures must equal scikit-learn's kappa
and the krippendorff package's alpha computed directly from the generated labels."""
from __future__ import annotations

import json

import krippendorff
import numpy as np
import pytest
from click.testing import CliRunner
from sklearn.metrics import cohen_kappa_score

from factaudit.engine.cli import cli
from factaudit.engine.project.db import Project

pytestmark = pytest.mark.datasets  # every test here reads ../shared/datasets

STANCE_TO_CODE = {"Supported": "supports", "Refuted": "refutes", "No Evidence": "neutral"}
CODES = ("supports", "refutes", "neutral")
LLM = "llm:smollm2-135m@0123abcd"


def run(*args):
    return CliRunner().invoke(cli, list(map(str, args)))


def noisy(rng, labels, flip, missing):
    out = []
    for code in labels:
        if rng.random() < missing:
            out.append(None)
        elif rng.random() < flip:
            out.append(str(rng.choice([c for c in CODES if c != code])))
        else:
            out.append(code)
    return out


def write(path, annotator, pairs, codes, pass_="first"):
    with open(path, "w", encoding="utf-8") as fh:
        for (claim, passage), code in zip(pairs, codes):
            if code is not None:
                fh.write(json.dumps({"claim_id": claim, "passage_id": passage, "dimension": "polarity",
                                     "code": code, "annotator": annotator, "pass": pass_, "blind": True}) + "\n")


@pytest.fixture(scope="module")
def healthver_agreement(shared_datasets_module, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hv")
    proj = tmp / "hv.faproj"
    assert run("new", proj).exit_code == 0
    res = run("import", proj, shared_datasets_module / "healthver" / "healthver_dev.csv", "--format", "healthver",
              "--json")
    assert res.exit_code == 0, res.output
    with Project.open(proj, readonly=True) as p:
        rows = p.reader().execute("SELECT claim_id, passage_id, stance FROM claim_gold ORDER BY claim_id, passage_id")
        gold = [(r[0], r[1], r[2]) for r in rows]
    pairs = [(c, pid) for c, pid, _ in gold]
    rater_a = [STANCE_TO_CODE[s] for _, _, s in gold]
    rng = np.random.default_rng(20261130)
    rater_b = noisy(rng, rater_a, flip=0.2, missing=0.1)
    rater_llm = noisy(rng, rater_a, flip=0.35, missing=0.3)
    retest_idx = sorted(rng.choice(len(pairs), size=len(pairs) // 10, replace=False).tolist())
    retest = noisy(rng, [rater_a[i] for i in retest_idx], flip=0.1, missing=0.0)
    files = {"alice": tmp / "alice.jsonl", "bob": tmp / "bob.jsonl", "llm": tmp / "llm.jsonl",
             "retest": tmp / "alice_retest.jsonl"}
    write(files["alice"], "alice", pairs, rater_a)
    write(files["bob"], "bob", pairs, rater_b)
    write(files["llm"], LLM, pairs, rater_llm)
    write(files["retest"], "alice", [pairs[i] for i in retest_idx], retest, pass_="retest")
    for f in files.values():
        res = run("annotations", "import", proj, f)
        assert res.exit_code == 0, res.output
    res = run("agreement", proj, "--json", "--resamples", "1000")
    assert res.exit_code == 0, res.output
    return {"json": json.loads(res.output), "a": rater_a, "b": rater_b, "llm": rater_llm, "retest": retest,
            "retest_idx": retest_idx, "proj": proj, "files": files, "n_pairs": len(pairs)}


def kappa_on_shared(x, y):
    keep = [i for i in range(len(x)) if x[i] is not None and y[i] is not None]
    return cohen_kappa_score([x[i] for i in keep], [y[i] for i in keep]), len(keep)


def test_alpha_equals_krippendorff_package(shared_datasets, healthver_agreement):
    h = healthver_agreement
    pol = h["json"]["polarity"]
    assert h["n_pairs"] > 1000
    index = {c: i for i, c in enumerate(CODES)}
    # raters in the same order the engine sorts them does not matter for alpha; build it independently
    matrix = np.array([[np.nan if v is None else index[v] for v in row] for row in (h["a"], h["b"], h["llm"])],
                      dtype=float)
    expected = krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal")
    assert pol["alpha"] == pytest.approx(expected, abs=1e-12)
    assert pol["n_raters"] == 3
    assert pol["n_units"] == int((np.sum(~np.isnan(matrix), axis=0) >= 2).sum())
    lo, hi = pol["alpha_ci"]
    assert lo < pol["alpha"] < hi and hi - lo < 0.1
    # the two humans alone (the LLM-like rater left out)
    assert pol["alpha_humans"] == pytest.approx(
        krippendorff.alpha(reliability_data=matrix[:2], level_of_measurement="nominal"), abs=1e-12)


def test_kappa_per_pair_equals_sklearn(shared_datasets, healthver_agreement):
    h = healthver_agreement
    kappa = h["json"]["polarity"]["kappa"]
    assert set(kappa) == {"alice|bob", f"alice|{LLM}", f"bob|{LLM}", "alice|alice:retest"}
    assert kappa["alice|bob"] == pytest.approx(kappa_on_shared(h["a"], h["b"])[0], abs=1e-12)
    assert kappa[f"alice|{LLM}"] == pytest.approx(kappa_on_shared(h["a"], h["llm"])[0], abs=1e-12)
    assert kappa[f"bob|{LLM}"] == pytest.approx(kappa_on_shared(h["b"], h["llm"])[0], abs=1e-12)
    first = [h["a"][i] for i in h["retest_idx"]]
    assert kappa["alice|alice:retest"] == pytest.approx(cohen_kappa_score(first, h["retest"]), abs=1e-12)
    # noisier raters agree less with the gold rater, as generated
    assert kappa["alice|alice:retest"] > kappa["alice|bob"] > kappa[f"alice|{LLM}"]
    pairs = {f"{p['a']}|{p['b']}": p for p in h["json"]["polarity"]["pairs"]}
    assert pairs[f"alice|{LLM}"]["kind"] == "human-llm" and pairs["alice|alice:retest"]["kind"] == "intra"
    assert pairs["alice|bob"]["n_units"] == kappa_on_shared(h["a"], h["b"])[1]
    # every label here was made blind, so the whole human–LLM overlap is in the blind split
    pull = pairs[f"alice|{LLM}"]["blind"]
    assert pull["blind"]["kappa"] == pytest.approx(kappa[f"alice|{LLM}"], abs=1e-12)
    assert pull["revealed"] == {"n_units": 0, "kappa": None, "agreement": None}


def test_unrated_dimensions_and_idempotent_reimport(shared_datasets, healthver_agreement):
    h = healthver_agreement
    assert h["json"]["entity_match"] == {"alpha": None, "alpha_ci": None, "n_units": 0, "n_raters": 0, "raters": [],
                                         "kappa": {}, "pairs": [], "target": "evidence",
                                         "alpha_humans": None, "alpha_humans_ci": None,
                                         "n_human_raters": 0, "n_llm_raters": 0}
    assert list(h["json"])[:5] == ["entity_match", "clinical_scope", "credibility", "polarity", "chunk_quality"]
    with Project.open(h["proj"], readonly=True) as p:
        before = p.reader().execute("SELECT count(*) FROM annotations").fetchone()[0]
    out = h["proj"].parent / "export.jsonl"
    assert run("annotations", "export", h["proj"], out).exit_code == 0
    res = run("annotations", "import", h["proj"], out, "--json")
    assert json.loads(res.output)["added"] == 0
    with Project.open(h["proj"], readonly=True) as p:
        assert p.reader().execute("SELECT count(*) FROM annotations").fetchone()[0] == before
