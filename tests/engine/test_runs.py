import sqlite3
import subprocess
import sys

import pytest

from factaudit.engine.errors import RunImmutable
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import HitRecord, VerdictRecord
from factaudit.engine.ingest import import_files


@pytest.fixture
def small(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"id": "p1", "text": "aspirin lowers fever"}\n{"id": "p2", "text": "water is wet"}\n')
    claims = tmp_path / "claims.jsonl"
    claims.write_text('{"id": "c1", "claim": "aspirin reduces fever", "label": "Supported", "gold_passages": ["p1"]}\n')
    p = Project.create(tmp_path / "r.faproj")
    import_files(p, [corpus], kind="corpus")
    import_files(p, [claims], kind="claims")
    yield p
    p.close()


def test_run_ids_are_kind_and_sequence(small):
    a = runs.create_run(small, "retrieve", {"k": 1})
    b = runs.create_run(small, "verify", {"k": 1})
    assert (a, b) == ("retrieve-1", "verify-2")
    assert runs.get_run(small, a).status == "running"


def test_finished_run_is_immutable(small):
    rid = runs.create_run(small, "retrieve", {"k": 1})
    runs.add_hits(small, rid, [HitRecord("c1", 1, "p1", 2.0)])
    runs.finish_run(small, rid, "done")
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        runs.add_hits(small, rid, [HitRecord("c1", 2, "p2", 1.0)])
    with pytest.raises(RunImmutable):
        runs.reopen_run(small, rid)
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        with small.atomic() as conn:
            conn.execute("UPDATE runs SET status = 'running' WHERE id = ?", (rid,))


def test_cancelled_run_resumes_and_keeps_its_verdicts(small):
    rid = runs.create_run(small, "verify", {"k": 1})
    runs.add_verdict(small, rid, VerdictRecord("c1", "Supported", reasoning="r"))
    runs.finish_run(small, rid, "cancelled")
    assert runs.get_run(small, rid).status == "cancelled"
    runs.reopen_run(small, rid)
    assert runs.verdict_claim_ids(small, rid) == {"c1"}
    assert runs.get_run(small, rid).status == "running"


def test_running_run_of_a_dead_process_is_interrupted(tmp_path, small):
    path = small.path
    small.close()
    code = (
        "import os\n"
        "from factaudit.engine.project.db import Project\n"
        "from factaudit.engine.project import runs\n"
        f"p = Project.open({str(path)!r})\n"
        "print(runs.create_run(p, 'verify', {'k': 1}), flush=True)\n"
        "os._exit(9)\n"  # dies without finishing the run or releasing anything cleanly
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    rid = out.stdout.strip()
    with Project.open(path, readonly=True) as ro:
        assert runs.get_run(ro, rid).status == "interrupted"
    with Project.open(path) as rw:
        assert runs.get_run(rw, rid).status == "interrupted"
        runs.reopen_run(rw, rid)
        assert runs.get_run(rw, rid).status == "running"
