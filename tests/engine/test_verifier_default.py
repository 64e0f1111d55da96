"""The default verifier (issue #32 item 5): it is what THE RULE picks from the committed one-run table
benchmarks/results/verifiers.json. No timing is asserted."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from factaudit.engine.models import verifier_choice as vc

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "benchmarks" / "results" / "verifiers.json"
GOLD = {"SUPPORT": "Supported", "CONTRADICT": "Refuted"}


def test_the_default_and_the_fast_choice_are_the_rules_picks_from_the_committed_table():
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    cands = table["candidates"]
    default, fast = vc.choose(cands)
    assert (default, fast) == (table["default"], table["fast"])         # the table was made by the rule
    assert vc.candidate_choice(default, cands[default]) == vc.DEFAULT
    assert vc.candidate_choice(fast, cands[fast]) == vc.FAST
    # the rule itself: nothing fast enough beats the default's balanced accuracy
    ok = [c for c in cands.values() if c.get("claims_per_min_cpu", 0) >= vc.MIN_CLAIMS_PER_MIN and
          c.get("kind") != "baseline"]
    assert cands[default]["balanced_accuracy"] == max(c["balanced_accuracy"] for c in ok)


def test_the_rule_on_made_up_figures():
    cands = {"slow but best": {"kind": "llm", "balanced_accuracy": 0.9, "macro_f1": 0.9, "claims_per_min_cpu": 2.0},
             "good": {"kind": "cascade", "balanced_accuracy": 0.7, "macro_f1": 0.6, "claims_per_min_cpu": 12.0},
             "fast": {"kind": "classifier", "balanced_accuracy": 0.5, "macro_f1": 0.5, "claims_per_min_cpu": 300.0},
             "majority baseline": {"kind": "baseline", "balanced_accuracy": 0.5, "macro_f1": 0.4},
             "minilm-nli-verifier": {"kind": "classifier", "status": "not trained yet"}}
    assert vc.choose(cands) == ("good", "fast")
    cands["good"]["claims_per_min_cpu"] = 9.9
    assert vc.choose(cands) == ("fast", "fast")


FLOOR = 0.55


@pytest.mark.datasets
def test_the_default_verifier_keeps_its_balanced_accuracy_on_a_fixed_scifact_dev_slice(shared_datasets):
    """Issue #32 item 5: the default verifier, BM25 top 3 over the whole SciFact corpus, on the fixed slice of dev
    claims whose gold is Supported or Refuted, all 188 of them (a seeded 30 + 30 sample put the default at 0.55
    exactly, where the whole slice gives the bench's 0.61: a sample tests the draw more than the model). Balanced
    accuracy (recall of each, averaged; No Evidence is a miss), computed by scikit-learn, must stay above 0.55.
    Deterministic: no timing, one thread."""
    from sklearn.metrics import balanced_accuracy_score

    from factaudit.engine.ingest.adapters.scifact import abstract_passage
    from factaudit.engine.models.classifier import open_classifier
    from factaudit.engine.models.classifier_registry import resolve_classifier
    from factaudit.engine.pipeline.classify import ClaimInput, ClassifyPassage, classify_claims
    from factaudit.engine.retrieval.bm25 import BM25Index, passage_text

    assert vc.DEFAULT.strategy == "classifier", "this slice test reads a classifier default; extend it with the rule"
    data = shared_datasets / "scifact"
    docs = [json.loads(line) for line in (data / "corpus.jsonl").read_text(encoding="utf-8").splitlines()]
    passages = {}
    for d in docs:
        rec = abstract_passage(str(d["doc_id"]), d["title"], d["abstract"])
        passages[rec.id] = ClassifyPassage(rec.id, rec.text, rec.sentence_spans)
    index = BM25Index.build(list(passages), [passage_text(d["title"], " ".join(d["abstract"])) for d in docs])
    chosen = []
    for line in (data / "claims_dev.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        labels = {e["label"] for ev in row["evidence"].values() for e in ev}
        if len(labels) == 1:
            chosen.append(((str(row["id"]), row["claim"]), GOLD[labels.pop()]))
    entry = resolve_classifier(vc.DEFAULT.classifier)
    model = open_classifier(entry.path, name=entry.name, origin=entry.source, threads=1)
    inputs = [ClaimInput(cid, text, [passages[pid] for pid, _ in index.search(text, 3)]) for (cid, text), _ in chosen]
    pred = [r.verdict for r in classify_claims(model, inputs)]
    gold = [g for _, g in chosen]
    # only Supported and Refuted are gold here, so scikit-learn's balanced accuracy is the mean of their recalls
    assert balanced_accuracy_score(gold, pred) > FLOOR, (pred.count("No Evidence"), pred)
