"""Fuzz the annotation importer with the importers' broken-file generator (issue #26 item 5): zero
tracebacks (only FactAuditError), and a refused file changes no table, the codebooks table included
(a refused import once left the seed codebook behind). Each trial starts from a fresh copy of a
project that has no codebook stored yet, so that row would show.

FACTAUDIT_FUZZ_TRIALS and FACTAUDIT_FUZZ_SEED work as in test_ingest_fuzz.py.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import traceback
from pathlib import Path

import pytest

from factaudit.engine.audit import annotations as ann
from factaudit.engine.errors import FactAuditError
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord

from fuzzgen import broken_file  # tests/engine is on sys.path (no __init__.py, rootdir mode)
from test_ingest_fuzz import GOOD, row_counts

TRIALS = int(os.environ.get("FACTAUDIT_FUZZ_TRIALS", "150"))
SEED = int(os.environ.get("FACTAUDIT_FUZZ_SEED", "20261130"))


def seed_labels() -> str:
    """A good file: evidence labels, a correction chain, a reasoning label, a retest and a triage record."""
    base = {"annotator": "bob", "blind": True, "created": "2026-11-30T10:00:00Z"}
    rows = [
        {**base, "id": "a1", "claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "supports"},
        {**base, "id": "a2", "claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "neutral",
         "supersedes": "a1", "note": "second look"},
        {**base, "id": "a3", "claim_id": "c2", "passage_id": "p3", "dimension": "entity_match", "code": "exact",
         "pass": "retest", "codebook_version": 1},
        {**base, "id": "a4", "claim_id": "c1", "run_id": "verify-1", "dimension": "inference",
         "code": "over_inference"},
        {**base, "id": "a5", "claim_id": "c2", "run_id": "verify-1", "target": "triage", "dimension": "claim",
         "code": "wrong_gold"},
    ]
    return "".join(json.dumps(r) + "\n" for r in rows)


@pytest.fixture(scope="module")
def base_project(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ann-fuzz") / "base.faproj"
    with Project.create(path) as p:
        import_files(p, [GOOD / "corpus.jsonl"], kind="corpus")
        import_files(p, [GOOD / "claims.jsonl"], kind="claims")
        rid = runs.create_run(p, "verify", {"retrieval_run": None})
        runs.add_verdict(p, rid, VerdictRecord("c1", "Supported", reasoning="because"))
        runs.finish_run(p, rid, "done")
        assert row_counts(p)["codebooks"] == 0
    return path


def test_the_seed_file_imports(base_project, tmp_path):
    project = tmp_path / "ok.faproj"
    shutil.copy2(base_project, project)
    labels = tmp_path / "labels.jsonl"
    labels.write_text(seed_labels(), encoding="utf-8")
    with Project.open(project) as p:
        assert ann.import_jsonl(p, labels).added == 5
        assert row_counts(p)["codebooks"] == 1


def test_fuzzed_annotation_files_never_traceback_or_write_partially(base_project, tmp_path):
    rng = random.Random(f"{SEED}:annotations")
    text = seed_labels()
    stats = {"refused": 0, "imported": 0}
    tracebacks, partial = [], []
    labels = tmp_path / "labels.jsonl"
    project = tmp_path / "fuzz.faproj"
    for trial in range(TRIALS):
        how, data = broken_file(text, "jsonl", rng)
        labels.write_bytes(data)
        shutil.copy2(base_project, project)
        with Project.open(project) as p:
            before = row_counts(p)
            try:
                ann.import_jsonl(p, labels)
                stats["imported"] += 1
            except FactAuditError:
                stats["refused"] += 1
                after = row_counts(p)
                if after != before:
                    changed = {t: (before.get(t), after.get(t)) for t in after if after.get(t) != before.get(t)}
                    partial.append(f"trial {trial} ({how}): {changed}")
            except Exception:  # noqa: BLE001 - collecting what escaped is the point of this test
                tail = " | ".join(traceback.format_exc().strip().splitlines()[-3:])
                tracebacks.append(f"seed {SEED} trial {trial} ({how}): {tail}")
                shutil.copyfile(labels, tmp_path / f"failed-{trial}.jsonl")
    print(f"\nfuzz annotations: {TRIALS} trials, {stats['refused']} refused, {stats['imported']} imported, "
          f"{len(tracebacks)} tracebacks, {len(partial)} partial writes")
    assert not tracebacks, "\n".join(tracebacks[:10])
    assert not partial, "\n".join(partial[:10])
    assert stats["refused"] >= TRIALS // 3
