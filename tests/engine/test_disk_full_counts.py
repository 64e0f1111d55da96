"""A full disk during retrieval (#26 item 5): the stop message counts what the project holds, and the
index cache reports a full disk in one line with nothing of the index left behind. Real tmpfs
mounts, so SQLite and the cache writer meet a real ENOSPC (root only)."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import DiskFull, RunFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.retrieval import index_cache
from factaudit.engine.services import retrieval_run

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")


@pytest.fixture
def small_disk(tmp_path):
    """A mount point and a function mounting a tmpfs of the given size on it; unmounted after."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted: list[Path] = []

    def mount(size: str) -> Path:
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            pytest.skip(f"cannot mount here: {r.stderr.strip()}")
        mounted.append(disk)
        return disk

    yield mount
    for m in mounted:
        subprocess.run(["umount", str(m)], check=False)


def fill(path: Path) -> None:
    """Take every free block. Unbuffered: a buffered file would retry the bytes that did not fit on
    close and raise there."""
    with open(path, "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(bytes(65536))
        except OSError:
            pass


def write_inputs(tmp_path: Path, n_claims: int) -> tuple[Path, Path]:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"p{i}", "text": f"Drug {i} lowers fever in adults."}) + "\n"
                              for i in range(20)), encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"Drug {i % 20} lowers fever."}) + "\n"
                              for i in range(n_claims)), encoding="utf-8")
    return corpus, claims


def stored_claims(path: Path, run_id: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT count(DISTINCT claim_id) FROM retrieval_hits WHERE run_id = ?", (run_id,)).fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("fill_at, stored", [(450, 400), (1, 0)])
def test_a_retrieval_stopped_by_a_full_disk_counts_the_claims_it_stored(tmp_path, small_disk, fill_at, stored):
    """Hits commit FLUSH_EVERY claims at a time. The attack saw '499 claims so far are kept' with 400
    stored and '99' with none: the count was of claims searched, not of claims committed."""
    assert retrieval_run.FLUSH_EVERY == 100
    disk = small_disk("8m")
    corpus, claims = write_inputs(tmp_path, 520)
    filler = disk / "filler"

    def progress(done, total, message=""):
        if message == "retrieving" and done >= fill_at and not filler.exists():
            fill(filler)

    path = disk / "p.faproj"
    with Project.create(path) as p:
        import_files(p, [corpus], kind="corpus")
        import_files(p, [claims], kind="claims")
        with pytest.raises(RunFailed, match="disk full") as info:
            services.retrieve(p, services.RetrievalRequest("bm25", k=3), progress=progress)
        run_id = info.value.run_id
        assert isinstance(info.value.__cause__, DiskFull)
        assert f"({stored} claims so far are kept" in str(info.value), str(info.value)
        assert run_store.get_run(p, run_id).status == "failed"
    assert stored_claims(path, run_id) == stored


def test_the_index_cache_on_a_full_disk_is_one_line_and_leaves_nothing(tmp_path, small_disk):
    """The BM25 index is saved beside the project; a full disk while saving it was a raw OSError."""
    disk = small_disk("4m")
    corpus, claims = write_inputs(tmp_path, 5)
    path = disk / "p.faproj"
    with Project.create(path) as p:
        import_files(p, [corpus], kind="corpus")
        import_files(p, [claims], kind="claims")
    filler = disk / "filler"

    def progress(done, total, message=""):
        if message == "BM25: indexing" and not filler.exists():
            fill(filler)   # after the run is created, before the index is saved

    with Project.open(path) as p:
        with pytest.raises(RunFailed) as info:
            services.retrieve(p, services.RetrievalRequest("bm25", k=3), progress=progress)
        cause = info.value.__cause__
        assert isinstance(cause, DiskFull) and not isinstance(cause.__cause__, DiskFull)
        assert "disk full while caching the index" in str(info.value)
        assert "\n" not in str(info.value) and "Errno" not in str(info.value)
        assert run_store.get_run(p, info.value.run_id).status == "failed"
    cache = index_cache.cache_root(path)
    assert not cache.exists() or not any(cache.iterdir()), list(cache.rglob("*"))
    # the CLI says it in one line, exit 2, no traceback
    res = CliRunner().invoke(cli, ["retrieve", str(path), "--retriever", "bm25", "--k", "3"])
    lines = res.output.strip().splitlines()
    assert res.exit_code == 2 and len(lines) == 1 and "disk full" in lines[0], res.output
    assert not cache.exists() or not any(cache.iterdir())
    filler.unlink()
    with Project.open(path) as p:   # with room again the same retrieval runs and caches its index
        res = services.retrieve(p, services.RetrievalRequest("bm25", k=3))
        assert res.status == "done" and res.cache == {"bm25": "built"}
    assert [d.name for d in cache.iterdir() if not d.name.startswith(".tmp-")] and not list(cache.glob(".tmp-*"))


def test_the_file_hash_cache_on_a_full_disk_leaves_no_half_written_file(tmp_path, small_disk, monkeypatch):
    from factaudit.engine import hashing

    disk = small_disk("1m")
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(disk / "cache"))
    (disk / "cache").mkdir()
    fill(disk / "filler")
    data = tmp_path / "model.bin"
    data.write_bytes(b"weights" * 1000)
    assert hashing.cached_sha256(data) == hashing.sha256_file(data)   # hashed, just not remembered
    assert list((disk / "cache").iterdir()) == []
