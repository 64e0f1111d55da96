import sqlite3
import subprocess
import sys
import textwrap

import pytest

from factaudit.engine.errors import ProjectCorrupt, ProjectLocked, ProjectTooNew, ReadOnlyProject
from factaudit.engine.project import migrations
from factaudit.engine.project.db import Project


def test_create_sets_wal_foreign_keys_and_records_migrations(tmp_path):
    with Project.create(tmp_path / "a.faproj") as p:
        assert p.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert p.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        applied = [r[0] for r in p.conn.execute("SELECT version FROM _migrations ORDER BY version")]
        assert applied == [m.version for m in migrations.MIGRATIONS]
        assert p.schema_version == migrations.SCHEMA_VERSION


def test_nested_atomic_rolls_back_inner_only(project):
    with project.atomic() as conn:
        conn.execute("INSERT INTO meta(key, value) VALUES ('outer', '1')")
        with pytest.raises(RuntimeError):
            with project.atomic() as inner:
                inner.execute("INSERT INTO meta(key, value) VALUES ('inner', '1')")
                raise RuntimeError("boom")
    keys = {r[0] for r in project.conn.execute("SELECT key FROM meta")}
    assert "outer" in keys and "inner" not in keys


def test_outer_failure_rolls_back_everything(project):
    with pytest.raises(ValueError):
        with project.atomic() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES ('x', '1')")
            with project.atomic() as inner:
                inner.execute("INSERT INTO meta(key, value) VALUES ('y', '1')")
            raise ValueError
    keys = {r[0] for r in project.conn.execute("SELECT key FROM meta")}
    assert not {"x", "y"} & keys


def test_newer_file_is_refused(tmp_path):
    path = tmp_path / "new.faproj"
    Project.create(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO _migrations(version, name, applied) VALUES (9999, 'future', 'x')")
    conn.commit()
    conn.close()
    with pytest.raises(ProjectTooNew, match="newer factaudit"):
        Project.open(path)


def test_older_file_is_backed_up_then_upgraded(tmp_path):
    if migrations.SCHEMA_VERSION < 2:
        # Only one migration so far: simulate an old file from before the project schema existed.
        path = tmp_path / "old.faproj"
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)")
        conn.commit()
        conn.close()
        old_version = 0
    else:
        path = tmp_path / "old.faproj"
        conn = sqlite3.connect(path)
        old_version = migrations.MIGRATIONS[0].version
        migrations.apply_migrations(conn, 0, upto=old_version)
        conn.close()
    with Project.open(path) as p:
        assert p.schema_version == migrations.SCHEMA_VERSION
        assert p.backup_path is not None and p.backup_path.exists()
    backup = sqlite3.connect(p.backup_path)
    assert backup.execute("SELECT coalesce(max(version), 0) FROM _migrations").fetchone()[0] == old_version


def test_readonly_open_of_old_file_does_not_upgrade(tmp_path):
    path = tmp_path / "old.faproj"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)")
    conn.commit()
    conn.close()
    with pytest.raises(ReadOnlyProject):
        Project.open(path, readonly=True)


def test_not_a_project_and_corrupt_files_are_reported(tmp_path):
    junk = tmp_path / "junk.faproj"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(ProjectCorrupt):
        Project.open(junk)
    other = tmp_path / "other.faproj"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    conn.close()
    with pytest.raises(ProjectCorrupt, match="not a factaudit project"):
        Project.open(other)


def scramble_a_leaf_page(path) -> None:
    """Overwrites a leaf page of the meta rows (a page chosen by position alone may be the root of an
    empty table, whose cell area SQLite never reads)."""
    import sqlite3

    with sqlite3.connect(path) as conn:
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        pageno = conn.execute("SELECT pageno FROM dbstat WHERE name = 'meta' AND pagetype = 'leaf' "
                              "ORDER BY pageno LIMIT 1 OFFSET 3").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    mid = (pageno - 1) * page
    data[mid + 8: mid + page] = bytes(range(256)) * ((page - 8) // 256) + bytes((page - 8) % 256)
    path.write_bytes(bytes(data))


def test_corrupted_page_fails_integrity_check(tmp_path):
    path = tmp_path / "c.faproj"
    with Project.create(path) as p:
        with p.atomic() as conn:
            conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", [(f"k{i}", "v" * 500) for i in range(400)])
    scramble_a_leaf_page(path)
    with pytest.raises(ProjectCorrupt):
        Project.open(path)


def test_second_process_gets_project_locked(tmp_path):
    path = tmp_path / "l.faproj"
    Project.create(path).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from factaudit.engine.project.db import Project
            p = Project.open({str(path)!r})
            print("ready", flush=True)
            sys.stdin.readline()
            p.close()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(ProjectLocked, match="read-only"):
            Project.open(path)
        with Project.open(path, readonly=True) as ro:  # readers need no lock
            assert ro.schema_version == migrations.SCHEMA_VERSION
    finally:
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    with Project.open(path) as p:  # released after the holder closed
        assert p.conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_annotations_are_append_only(project):
    with project.atomic() as conn:
        conn.execute(
            "INSERT INTO annotations(id, target_kind, claim_id, dimension, code, annotator, created)"
            " VALUES ('a1', 'evidence', 'c', 'polarity', 'supports', 'me', 'now')")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        with project.atomic() as conn:
            conn.execute("UPDATE annotations SET code = 'refutes' WHERE id = 'a1'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        with project.atomic() as conn:
            conn.execute("DELETE FROM annotations")
