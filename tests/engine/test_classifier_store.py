"""Classifier verdicts are stored as ordinary verdict rows plus an attribution row, both in one
transaction: read back equal, frozen with the run, and a failed attribution write leaves no verdict
behind (so resume, which looks at verdict rows, redoes that claim)."""
from __future__ import annotations

import sqlite3
from dataclasses import replace

import numpy as np
import pytest

from factaudit.engine.ingest import import_files
from factaudit.engine.models.classifier_folder import Thresholds
from factaudit.engine.pipeline.classify import decide
from factaudit.engine.pipeline.classify_windows import Window
from factaudit.engine.project import classifier_store, queries, runs
from factaudit.engine.project.db import Project


@pytest.fixture
def small(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"id": "p1", "text": "Aspirin lowers fever. It is cheap."}\n'
                      '{"id": "p2", "text": "Water is wet."}\n')
    claims = tmp_path / "claims.jsonl"
    claims.write_text('{"id": "c1", "claim": "aspirin reduces fever", "label": "Supported", "gold_passages": ["p1"]}\n'
                      '{"id": "c2", "claim": "water is dry", "label": "Refuted", "gold_passages": ["p2"]}\n')
    p = Project.create(tmp_path / "r.faproj")
    import_files(p, [corpus], kind="corpus")
    import_files(p, [claims], kind="claims")
    yield p
    p.close()


def _result(claim_id, text):
    ws = [Window("p1", 0, 21, 1, 1, text[0:21]), Window("p1", 22, 34, 2, 2, text[22:34])]
    return decide(claim_id, ws, np.array([0.93, 0.1]), np.array([0.02, 0.3]), np.array([0.05, 0.6]), Thresholds())


def test_verdict_and_attribution_round_trip_and_are_frozen_with_the_run(small):
    text = queries.get_passages(small, ["p1"])["p1"].text
    rid = runs.create_run(small, "verify", {"model": {"backend": "classifier"}})
    verdict, evidence = _result("c1", text).records(latency_ms=3.0)
    classifier_store.add_classifier_verdict(small, rid, verdict, evidence)
    stored = runs.get_verdicts(small, rid)["c1"]
    assert (stored.verdict, stored.parse_status, stored.evidence_used) == ("Supported", "ok", ["p1"])
    assert stored.reasoning == verdict.reasoning and stored.latency_ms == 3.0
    got = classifier_store.get_verdict_evidence(small, rid)
    assert got == {"c1": evidence}
    assert text[got["c1"].span_start:got["c1"].span_end] == "Aspirin lowers fever."
    assert got["c1"].pairs[1] == ["p1", 22, 34, 0.1, 0.3, 0.6]
    assert classifier_store.get_verdict_evidence(small, rid, ["c1", "c2"]) == {"c1": evidence}
    assert classifier_store.has_verdict_evidence(small, rid)
    runs.finish_run(small, rid, "done")
    v2, e2 = _result("c2", text).records()
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        classifier_store.add_classifier_verdict(small, rid, v2, e2)
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        with small.atomic() as conn:
            conn.execute("UPDATE verdict_evidence SET prob = 0 WHERE run_id = ?", (rid,))


def test_a_failed_attribution_write_leaves_no_verdict(small):
    text = queries.get_passages(small, ["p1"])["p1"].text
    rid = runs.create_run(small, "verify", {})
    verdict, evidence = _result("c1", text).records()
    with pytest.raises(sqlite3.IntegrityError):
        classifier_store.add_classifier_verdict(small, rid, verdict, replace(evidence, label="Maybe"))
    assert runs.verdict_claim_ids(small, rid) == set()
    with pytest.raises(ValueError, match="given with the verdict of"):
        classifier_store.add_classifier_verdict(small, rid, verdict, replace(evidence, claim_id="c2"))
    classifier_store.add_classifier_verdict(small, rid, verdict, evidence)
    assert runs.verdict_claim_ids(small, rid) == {"c1"}


def test_failure_records_store_without_a_verdict(small):
    from factaudit.engine.pipeline.classify import ClaimResult

    rid = runs.create_run(small, "verify", {})
    failed = ClaimResult("c2", None, {"Supported": None, "Refuted": None, "No Evidence": None},
                         failure="claim longer than the model's window: 900 tokens > 477")
    classifier_store.add_classifier_verdict(small, rid, *failed.records())
    stored = runs.get_verdicts(small, rid)["c2"]
    assert stored.verdict is None and stored.parse_status == "failed"
    assert stored.reasoning == "claim longer than the model's window: 900 tokens > 477"
    assert classifier_store.get_verdict_evidence(small, rid)["c2"].detail["failure"] == stored.reasoning
