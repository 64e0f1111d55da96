"""One writer per project file whatever its name (issue #26, finding 1): a hard link and a symbolic
link to an open project share its lock, in other processes and in this one."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from factaudit.engine.errors import ProjectLocked
from factaudit.engine.project.db import Project

CHILD = textwrap.dedent("""
    import sys
    from factaudit.engine.errors import ProjectLocked
    from factaudit.engine.project.db import Project
    name, tag, readonly = sys.argv[1], sys.argv[2], sys.argv[3] == "ro"
    try:
        p = Project.open(name, readonly=readonly)
    except ProjectLocked as exc:
        print("locked", exc, flush=True)
        sys.exit(0)
    print("open", flush=True)
    if not readonly:
        for i in range(300):
            with p.atomic() as conn:
                conn.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (f"{tag}{i}", "x" * 200))
        print("wrote", flush=True)
    sys.stdin.readline()
    p.close()
""")


def _child(name, tag, mode="rw"):
    return subprocess.Popen([sys.executable, "-c", CHILD, str(name), tag, mode],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _finish(proc):
    if proc.poll() is None:
        proc.stdin.write("\n")
        proc.stdin.flush()
    proc.wait(timeout=60)
    return proc.returncode


@pytest.fixture
def names(tmp_path):
    real = tmp_path / "p.faproj"
    Project.create(real).close()
    hard = tmp_path / "other" / "hard.faproj"
    hard.parent.mkdir()
    os.link(real, hard)
    sym = tmp_path / "sym.faproj"
    sym.symlink_to(real)
    return real, hard, sym


@pytest.mark.parametrize("first", ["real", "hard", "sym"])
def test_two_processes_through_two_names_one_writer(names, first):
    real, hard, sym = names
    by = {"real": real, "hard": hard, "sym": sym}
    holder = _child(by[first], "a")
    others = []
    try:
        assert holder.stdout.readline().strip() == "open"
        assert holder.stdout.readline().strip() == "wrote"
        for name, path in by.items():
            if name == first:
                continue
            other = _child(path, "b")
            others.append(other)
            line = other.stdout.readline().strip()
            assert line.startswith("locked"), (name, line)  # before #26: "open" through a hard link
            assert "open for writing" in line
    finally:
        for proc in [holder, *others]:
            assert _finish(proc) == 0
    with Project.open(real) as p:
        assert p.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        keys = [r[0] for r in p.conn.execute("SELECT key FROM meta WHERE key GLOB 'a*' OR key GLOB 'b*'")]
        assert len(keys) == 300 and all(k.startswith("a") for k in keys)
    for path in (real, hard):
        assert not os.path.exists(str(path) + "-wal")
        assert not os.path.exists(str(path) + ".lock")


def test_a_reader_through_another_name_than_the_writers_is_refused(names):
    real, hard, sym = names
    holder = _child(hard, "a")
    try:
        assert holder.stdout.readline().strip() == "open"
        reader = _child(real, "r", "ro")
        line = reader.stdout.readline().strip()
        assert line.startswith("locked") and "another name" in line, line
        assert _finish(reader) == 0
        with Project.open(hard, readonly=True) as ro:  # the writer's own name: readers are welcome
            assert ro.conn.execute("SELECT count(*) FROM meta").fetchone()[0] > 0
    finally:
        assert _finish(holder) == 0


def test_symlink_reader_sees_the_writers_wal(names):
    real, hard, sym = names
    with Project.open(sym) as w:  # the writer through the link keeps its -wal beside the real file
        with w.atomic() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES ('through-link', '1')")
        assert os.path.exists(str(real) + "-wal") and not os.path.exists(str(sym) + "-wal")
        with Project.open(real, readonly=True) as ro:
            assert ro.conn.execute("SELECT value FROM meta WHERE key = 'through-link'").fetchone()[0] == "1"


def test_same_process_second_name_is_refused_and_the_first_keeps_working(names):
    real, hard, sym = names
    with Project.open(real) as w:
        for other in (hard, sym, real):
            with pytest.raises(ProjectLocked):
                Project.open(other)
        with pytest.raises(ProjectLocked, match="another name|open it by that name"):
            Project.open(hard, readonly=True)
        with Project.open(sym, readonly=True) as ro:
            assert ro.schema_version == w.schema_version
        with w.atomic() as conn:  # the writer keeps working after the refused opens
            conn.execute("INSERT INTO meta(key, value) VALUES ('still', 'mine')")
    with Project.open(hard) as p:  # released: any name may write now
        assert p.conn.execute("SELECT value FROM meta WHERE key = 'still'").fetchone()[0] == "mine"
