"""A big project that passed quick_check and was closed by the app opens without a second full check;
any change to the file made outside the app (bytes, a copy, a pending log) brings the check back."""
from __future__ import annotations

import os
import shutil
import sqlite3

import pytest

from factaudit.engine.errors import ProjectCorrupt
from factaudit.engine.project import integrity_cache
from factaudit.engine.project.db import Project
from test_project_db import scramble_a_leaf_page  # same folder; pytest puts it on sys.path


@pytest.fixture
def big(tmp_path, monkeypatch):
    """Every file counts as big here (the real threshold is 16 MB), with the cache in a temporary folder."""
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(integrity_cache, "SMALL_FILE_BYTES", 0)
    path = tmp_path / "big.faproj"
    with Project.create(path) as p:
        with p.atomic() as conn:
            conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", [(f"k{i}", "v" * 500) for i in range(400)])
    return path


def _checks(monkeypatch) -> list[str]:
    """The quick_check statements the opener runs (sqlite3.connect wrapped to trace them)."""
    seen: list[str] = []
    real = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real(*args, **kwargs)
        conn.set_trace_callback(lambda sql: seen.append(sql) if "quick_check" in sql else None)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    return seen




def test_second_open_skips_the_check_until_the_file_changes(big, monkeypatch):
    seen = _checks(monkeypatch)
    Project.open(big).close()                       # checked, then remembered at close
    assert len(seen) == 1
    with Project.open(big) as p:                    # as the app left it: no second full check
        assert p.conn.execute("SELECT count(*) FROM meta WHERE key LIKE 'k%'").fetchone()[0] == 400
        with p.atomic() as conn:                    # the app's own writes keep it trusted
            conn.execute("INSERT INTO meta(key, value) VALUES ('x', 'y')")
    assert len(seen) == 1
    Project.open(big, readonly=True).close()
    assert len(seen) == 1

    scramble_a_leaf_page(big)                       # written by another program: size or mtime changed
    with pytest.raises(ProjectCorrupt):
        Project.open(big)
    assert len(seen) == 2
    with pytest.raises(ProjectCorrupt):             # and it stays untrusted
        Project.open(big)
    assert len(seen) == 3


def test_a_copy_and_a_pending_log_are_checked(big, tmp_path, monkeypatch):
    seen = _checks(monkeypatch)
    Project.open(big).close()
    copy = tmp_path / "copy.faproj"
    shutil.copy2(big, copy)                         # same bytes and mtime, another file
    Project.open(copy).close()
    assert len(seen) == 2
    Project.open(big).close()
    assert len(seen) == 2
    Project.open(big).close()
    stat = os.stat(big)
    (tmp_path / "big.faproj-wal").write_bytes(b"\0" * 32)   # a log not yet in the file: check again
    os.utime(big, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert not integrity_cache.unchanged_since_check(big)


def test_small_files_are_always_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "small.faproj"
    Project.create(path).close()
    seen = _checks(monkeypatch)
    Project.open(path).close()
    Project.open(path).close()
    assert len(seen) == 2 and not (tmp_path / "cache" / "checked_projects.json").exists()
