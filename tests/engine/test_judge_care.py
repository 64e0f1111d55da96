"""The CARE-vs-direct-vs-indirect measurement (benchmarks/bench_care.py) on a tiny HotpotQA sample with
the embedded SmolLM2: the same code as the benchmark, P/R/F1 checked against scikit-learn on labels
rebuilt independently (gold from the source file's is_supporting, predictions from the raw replies)."""
from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import precision_recall_fscore_support

from factaudit.engine.ingest.adapters.hotpotqa import passage_id
from factaudit.engine.pipeline import judge as jp
from factaudit.engine.project import judge_store

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import care as js  # noqa: E402  (benchmarks/care.py: the benchmark's own code)


def _sk(gold, pred):
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="binary", pos_label=True, zero_division=np.nan)
    return tuple(None if math.isnan(x) else float(x) for x in (p, r, f))


def test_prf_matches_sklearn_on_random_labels():
    rng = random.Random(5)
    for n in (1, 7, 50, 300):
        gold = [rng.random() < 0.3 for _ in range(n)]
        pred = [rng.random() < 0.5 for _ in range(n)]
        m = jp.prf(gold, pred)
        assert (m["precision"], m["recall"], m["f1"]) == pytest.approx(_sk(gold, pred))
    m = jp.prf([True, False], [False, False])          # nothing predicted: precision undefined (metrics.prf)
    assert (m["precision"], m["recall"], m["f1"]) == (None, 0.0, 0.0) == _sk([True, False], [False, False])


def test_relevance_mapping():
    assert jp.is_relevant({"polarity": "supports"}) and jp.is_relevant({"polarity": "refutes", "entity_match": "x"})
    assert not jp.is_relevant({"polarity": "neutral"}) and not jp.is_relevant({}) and not jp.is_relevant(None)


@pytest.mark.datasets
def test_sample_is_seeded_and_keeps_gold_paragraphs(shared_datasets):
    path = shared_datasets / "hotpotqa" / "ircot_dev_subsampled.jsonl"
    a = js.hotpotqa_sample(path, 3, seed=7, paragraphs=4)
    b = js.hotpotqa_sample(path, 3, seed=7, paragraphs=4)
    assert a.definition() == b.definition() and len(a.lines) == 3
    for row in a.rows:
        assert len(row["contexts"]) == 4 and sum(c["is_supporting"] for c in row["contexts"]) == 2
    assert js.hotpotqa_sample(path, 3, seed=8).lines != a.lines


@pytest.mark.datasets
def test_care_direct_indirect_on_a_tiny_sample(shared_datasets, project, tmp_path):
    from factaudit.engine.models import registry
    from factaudit.engine.models.llm import open_llm

    path = shared_datasets / "hotpotqa" / "ircot_dev_subsampled.jsonl"
    sample = js.hotpotqa_sample(path, 1, seed=13, paragraphs=3)
    run = js.import_care_sample(project, sample, tmp_path)
    llm = open_llm(registry.resolve_llm(None), seed=0, temperature=0.0, prompt_cache=True)
    try:
        figures = js.care_measurement(project, run, ["care", "direct", "indirect"], llm,
                                      dimensions=["entity_match", "polarity"], k=3, max_tokens=60)
    finally:
        llm.close()
    gold_of = {}
    for row in sample.rows:
        for c in row["contexts"]:
            gold_of[(row["question_id"], passage_id(c["title"], c["paragraph_text"]))] = bool(c["is_supporting"])
    assert len(gold_of) == 3 and sum(gold_of.values()) == 2
    for mode in ("care", "direct", "indirect"):
        f = figures[mode]
        units = judge_store.get_units(project, f["run_id"])
        assert len(units) == 3 and f["n_units"] == 3
        gold, pred = [], []
        for u in units:
            gold.append(gold_of[(u.claim_id, u.passage_id)])
            if u.parse_status == "failed":
                pred.append(False)
                continue
            raw = json.loads(u.raw_output[u.raw_output.index("{"):u.raw_output.rindex("}") + 1])
            if mode == "indirect":
                pred.append(raw["verdict"] in ("Supported", "Refuted"))
            else:
                pred.append(raw["polarity"] in ("supports", "refutes"))
        p, r, f1 = _sk(gold, pred)
        assert (f["precision"], f["recall"], f["f1"]) == pytest.approx((p, r, f1))
        assert f["n_gold_relevant"] == 2 and f["n_predicted_relevant"] == sum(pred)
