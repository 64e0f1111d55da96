"""Opening edge cases (issue #11 item 5): each odd path gets its own one-line reason, read-only media
open read-only by themselves, a full disk says so and keeps the project as it was."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import DiskFull, ImportFailed, ProjectCorrupt, ProjectNotFound, ReadOnlyProject, RunFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import InvalidPath, Project

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs or a read-only bind needs root")


def cli_run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_line_error(res) -> str:
    lines = res.output.strip().splitlines()
    assert res.exit_code == 2, res.output
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    return lines[0]


def odd_paths(tmp_path: Path) -> dict[str, Path]:
    d = tmp_path / "odd"
    d.mkdir()
    (d / "dir.jsonl").mkdir()
    os.mkfifo(d / "fifo.jsonl")
    os.symlink("loop.jsonl", d / "loop.jsonl")
    os.symlink("gone.jsonl", d / "dangling.jsonl")
    return {"directory": d / "dir.jsonl", "FIFO": d / "fifo.jsonl", "symbolic link loop": d / "loop.jsonl",
            "broken symbolic link": d / "dangling.jsonl", "file not found": d / "missing.jsonl"}


def test_import_names_each_kind_of_odd_path(project, tmp_path):
    reasons = set()
    for expected, path in odd_paths(tmp_path).items():
        with pytest.raises(ImportFailed) as info:
            import_files(project, [path], kind="corpus")
        assert expected in str(info.value), str(info.value)
        reasons.add(info.value.problems[0].reason)
    assert len(reasons) == 5  # five different messages, not one "file not found"


def test_project_open_names_each_kind_of_odd_path(tmp_path):
    for expected, path in odd_paths(tmp_path).items():
        path = path.with_suffix(".faproj")
        if expected == "directory":
            path.mkdir()
        elif expected == "FIFO":
            os.mkfifo(path)
        elif expected == "symbolic link loop":
            os.symlink(path.name, path)
        elif expected == "broken symbolic link":
            os.symlink("gone.faproj", path)
        with pytest.raises(ProjectNotFound, match="no project file" if expected == "file not found" else expected):
            Project.open(path)


def test_empty_file_is_refused_not_turned_into_a_project(tmp_path):
    path = tmp_path / "empty.faproj"
    path.write_bytes(b"")
    with pytest.raises(ProjectCorrupt, match="empty file"):
        Project.open(path)
    assert path.stat().st_size == 0
    line = one_line_error(cli_run("info", path))
    assert "empty file (0 bytes)" in line
    assert path.stat().st_size == 0 and not Path(str(path) + "-wal").exists()


def test_new_in_proc_says_the_real_reason():
    line = one_line_error(cli_run("new", "/proc/x.faproj"))
    assert "another" not in line and "cannot" in line and "/proc" in line


def test_new_over_an_existing_path_is_refused(tmp_path):
    (tmp_path / "x.faproj").write_text("")
    with pytest.raises(InvalidPath, match="already exists"):
        Project.create(tmp_path / "x.faproj")


@pytest.fixture
def mount_point(tmp_path):
    mounted: list[Path] = []
    yield mounted
    for m in reversed(mounted):
        subprocess.run(["umount", str(m)], check=False)


def _mount(args: list[str], target: Path, mounted: list[Path]) -> None:
    r = subprocess.run(["mount", *args, str(target)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount here: {r.stderr.strip()}")
    mounted.append(target)


@needs_root
def test_read_only_media_open_read_only_by_themselves(tmp_path, mount_point):
    src = tmp_path / "src"
    src.mkdir()
    with Project.create(src / "p.faproj") as p:
        corpus = tmp_path / "c.jsonl"
        corpus.write_text('{"id": "p1", "text": "Aspirin lowers fever."}\n', encoding="utf-8")
        import_files(p, [corpus], kind="corpus")
    ro = tmp_path / "ro"
    ro.mkdir()
    _mount(["--bind", str(src)], ro, mount_point)
    _mount(["-o", "remount,bind,ro"], ro, [])
    path = ro / "p.faproj"
    with Project.open(path) as p:  # no readonly flag: it notices by itself
        assert p.readonly and "read-only file system" in (p.readonly_reason or "")
        assert p.conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 1
        with pytest.raises(ReadOnlyProject, match="read-only"):
            with p.atomic():
                pass
    info = cli_run("info", path, "--json")
    assert info.exit_code == 0, info.output
    assert json.loads(info.output)["counts"]["passages"] == 1
    more = tmp_path / "more.jsonl"
    more.write_text('{"id": "p2", "text": "Ibuprofen too."}\n', encoding="utf-8")
    line = one_line_error(cli_run("import", path, more, "--kind", "corpus"))
    assert "read-only" in line
    assert not Path(str(path) + ".lock").exists()


@needs_root
def test_disk_full_says_so_and_writes_nothing(tmp_path, mount_point):
    disk = tmp_path / "disk"
    disk.mkdir()
    _mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs"], disk, mount_point)
    path = disk / "p.faproj"
    Project.create(path).close()
    big = tmp_path / "big.jsonl"
    big.write_text("".join(json.dumps({"id": f"p{i}", "text": "lorem ipsum dolor " * 40}) + "\n"
                           for i in range(3000)), encoding="utf-8")
    with Project.open(path) as p:
        with pytest.raises(DiskFull, match="disk full") as info:
            import_files(p, [big], kind="corpus")
        assert "no transaction is active" not in str(info.value)
        assert p.conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 0
        assert not p.conn.in_transaction
    line = one_line_error(cli_run("import", path, big, "--kind", "corpus"))
    assert "disk full" in line
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM datasets").fetchone()[0] == 0
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_atomic_keeps_the_original_error_when_sqlite_already_rolled_back(project):
    """SQLite ends the transaction itself on some errors; the second ROLLBACK must not mask the first."""

    class Boom(Exception):
        pass

    with pytest.raises(Boom):
        with project.atomic() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES ('k', 'v')")
            conn.execute("ROLLBACK")  # what SQLite does by itself on SQLITE_FULL
            raise Boom()
    assert project.conn.execute("SELECT count(*) FROM meta WHERE key = 'k'").fetchone()[0] == 0
    with project.atomic() as conn:  # the connection is usable again
        conn.execute("INSERT INTO meta(key, value) VALUES ('k', 'v')")
    assert project.conn.execute("SELECT count(*) FROM meta WHERE key = 'k'").fetchone()[0] == 1


def test_copy_of_project_is_untouched_by_failed_open(tmp_path):
    path = tmp_path / "junk.faproj"
    path.write_bytes(b"not sqlite at all" * 100)
    before = path.read_bytes()
    with pytest.raises(ProjectCorrupt):
        Project.open(path)
    assert path.read_bytes() == before
    shutil.rmtree(tmp_path / "odd", ignore_errors=True)


class _AlwaysSupported:
    """A stand-in verifier: every claim Supported, citing nothing (no model, no network)."""

    context_length = 4096
    max_concurrency = 1

    def __init__(self):
        from factaudit.engine.models.registry import ModelEntry

        self.entry = ModelEntry(name="stand-in", kind="llm", source="path")

    def count_tokens(self, text):
        return len(text.split())

    def count_message_tokens(self, messages):
        return sum(self.count_tokens(m["content"]) for m in messages)

    def complete_json(self, messages, schema, max_tokens=256, seed=None, temperature=None):
        from factaudit.engine.models.llm import LLMResult, parse_reply

        text = json.dumps({"verdict": "Supported", "reasoning": "ok", "evidence_used": []})
        parsed, status, _ = parse_reply(text, schema)
        return LLMResult(text, parsed, status, self.count_message_tokens(messages), 5, 1.0)

    def provenance(self):
        return {}

    def close(self):
        pass


@needs_root
def test_verify_on_a_full_disk_fails_with_the_reason_and_resume_finishes(tmp_path, mount_point):
    from factaudit.engine import services
    from factaudit.engine.project import runs as run_store

    disk = tmp_path / "disk"
    disk.mkdir()
    _mount(["-t", "tmpfs", "-o", "size=8m", "tmpfs"], disk, mount_point)
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"p{i}", "text": f"Drug {i} lowers fever in adults."}) + "\n"
                              for i in range(6)), encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"Drug {i} lowers fever."}) + "\n"
                              for i in range(8)), encoding="utf-8")
    filler = disk / "filler"

    def fill(done, total, message=""):
        if done >= 2 and not filler.exists():
            # Unbuffered: a buffered file would try the bytes that did not fit again on close, and
            # that ENOSPC (outside the try) would fail the run before SQLite sees the disk full.
            with open(filler, "wb", buffering=0) as fh:
                try:
                    while True:
                        fh.write(bytes(65536))
                except OSError:
                    pass

    with Project.create(disk / "p.faproj") as p:
        import_files(p, [corpus], kind="corpus")
        import_files(p, [claims], kind="claims")
        rid = services.retrieve(p, services.RetrievalRequest("bm25", k=2)).run_id
        with pytest.raises(RunFailed, match="disk full") as info:
            services.verify(p, services.VerifyRequest(retrieval_run=rid, concurrency=1), progress=fill,
                            llm=_AlwaysSupported())
        assert isinstance(info.value.__cause__, DiskFull)
        run_id = info.value.run_id
        run = run_store.get_run(p, run_id)
        assert run.status == "failed" and "disk full" in (run.error or "")
        filler.unlink()
        done = services.verify(p, services.VerifyRequest(resume=run_id), llm=_AlwaysSupported())
        assert done.status == "done" and done.n_verdicts == 8
