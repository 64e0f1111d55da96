"""A write reports what it changed, computed at the write path (engine/changes.py, engine/project/change_log.py).

The reported areas are checked against an independent computation: every table's rows before and after
the write, compared as multisets, then the changed tables named by their area."""
from __future__ import annotations

import sqlite3
import threading
from collections import Counter

import pytest

from factaudit.engine import changes, services
from factaudit.engine.changes import Changes
from factaudit.engine.project import change_log
from factaudit.engine.project.db import Project
from factaudit.engine.project.seal_store import SEAL_DDL, SEAL_FILE_DDL


def _snapshot(project: Project) -> dict[str, Counter]:
    """Rows of every logged table; annotations split by whether they are triage decisions."""
    conn = project.reader()
    out: dict[str, Counter] = {}
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        if table in change_log.UNLOGGED:
            continue
        rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
        if table == "annotations":
            out["annotations:triage"] = Counter(tuple(r) for r in rows if r["target_kind"] == "triage")
            out["annotations:other"] = Counter(tuple(r) for r in rows if r["target_kind"] != "triage")
        else:
            out[table] = Counter(tuple(r) for r in rows)
    return out


def _area_of(table: str) -> str:
    if table == "annotations:triage":
        return "triage"
    if table == "annotations:other":
        return "annotations"
    area = change_log.TABLE_AREAS[table]
    assert area is not None, table
    return area


def _expected(before: dict[str, Counter], after: dict[str, Counter]) -> set[str]:
    return {_area_of(t) for t in before.keys() | after.keys() if before.get(t) != after.get(t)}


def _check(project: Project, fn, *args, **kwargs) -> set[str]:
    before = _snapshot(project)
    _result, rec = changes.recorded(fn, project, *args, **kwargs)
    reported = set(rec.changes(project).areas)
    assert reported == _expected(before, _snapshot(project)), fn.__name__
    return reported


def test_every_table_of_a_project_has_an_area(project):
    tables = {r[0] for r in project.conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    assert len(tables) > 25
    assert tables - change_log.UNLOGGED <= set(change_log.TABLE_AREAS), sorted(tables - set(change_log.TABLE_AREAS))
    # the tables a seal adds (in the sealed copy) are named too
    assert {"seal", "seal_file"} <= set(change_log.TABLE_AREAS)
    areas = {a for a in change_log.TABLE_AREAS.values() if a is not None}
    assert areas <= set(changes.PROJECT_AREAS)
    assert set(change_log.ROW_AREAS) == {t for t, a in change_log.TABLE_AREAS.items() if a is None}


def test_service_writes_report_what_they_wrote(demo_project):
    p = demo_project
    name = services.list_datasets(p)[0].name
    # a rename also writes the note that dates it: both areas, from the one call
    assert _check(p, services.rename_dataset, name, "renamed") == {"datasets", "workflow"}
    assert _check(p, services.set_dataset_language, "renamed", "de") == {"datasets"}
    assert _check(p, services.freeze_dataset, "renamed", True) == {"datasets"}
    assert _check(p, services.freeze_dataset, "renamed", False) == {"datasets"}
    assert _check(p, services.set_prelabels_wanted, False) == {"workflow"}
    assert _check(p, services.set_prelabels_wanted, True) == {"workflow"}
    # a write that changes no row reports nothing
    assert _check(p, services.set_prelabels_wanted, True) == set()


def test_a_rolled_back_write_reports_nothing_and_a_savepoint_only_what_stayed(project):
    with changes.recording() as rec:
        with pytest.raises(RuntimeError):
            with project.atomic() as conn:
                conn.execute("INSERT INTO meta(key, value) VALUES ('a', 'b')")
                raise RuntimeError("rolled back")
        with project.atomic() as conn:
            conn.execute("INSERT INTO workflow_marks(step, subject, created) VALUES ('edit', '', 'now')")
            with pytest.raises(sqlite3.IntegrityError):
                with project.atomic() as inner:
                    inner.execute("INSERT INTO meta(key, value) VALUES ('x', '1')")
                    inner.execute("INSERT INTO meta(key, value) VALUES ('x', '2')")   # primary key: fails
        with project.atomic() as conn:
            conn.execute("UPDATE datasets SET name = 'z' WHERE name = 'no such dataset'")
    assert rec.changes(project) == Changes(workflow=True)
    assert rec.items() == [(project, Changes(workflow=True))]


def test_a_table_made_later_is_logged_and_triage_rows_log_triage(project):
    conn = project.conn
    with project.atomic() as c:
        c.execute("CREATE TABLE t_probe (target TEXT)")
    # a table made after the triggers were installed is logged from the next commit on (all areas:
    # it has no entry in TABLE_AREAS, so pages refresh rather than miss it)
    with changes.recording() as rec:
        with project.atomic() as c:
            c.execute("INSERT INTO t_probe VALUES ('x')")
    assert set(rec.changes(project).areas) == set(changes.PROJECT_AREAS)
    # the annotations trigger reads the row: a triage decision logs triage, any other label annotations
    for i, (kind, area) in enumerate((("triage", "triage"), ("evidence", "annotations"), ("reasoning", "annotations"))):
        with changes.recording() as rec:
            with project.atomic() as c:
                c.execute("INSERT INTO annotations(id, target_kind, claim_id, dimension, code, annotator, created)"
                          " VALUES (?, ?, 'c1', 'd', 'x', 'me', 'now')", (f"a{i}", kind))
        assert rec.changes(project).areas == (area,)


@pytest.mark.parametrize("sql, areas", [
    ("INSERT INTO claims(id) VALUES (?)", ("datasets",)),
    ("  insert or replace into workflow_marks(step) values (?)", ("workflow",)),
    ('UPDATE "runs" SET status = ?', ("runs",)),
    ("UPDATE OR IGNORE main.verdicts SET x = 1", ("verdicts",)),
    ("DELETE FROM codebooks WHERE 1", ("codebook",)),
    ("REPLACE INTO meta(key, value) VALUES (1, 2)", ("settings",)),
    ("DELETE FROM temp.fa_change_log", ()),                    # the log itself
    ("INSERT INTO annotations(id) VALUES (1)", ()),            # its TEMP trigger logs it, row by row
    ("INSERT INTO _migrations VALUES (1)", ()),
    ("INSERT INTO some_new_table VALUES (1)", changes.PROJECT_AREAS),   # unknown: every area
    ("WITH x AS (SELECT 1) INSERT INTO claims SELECT * FROM x", changes.PROJECT_AREAS),
])
def test_a_statement_names_its_area(sql, areas):
    assert change_log.statement_areas(sql) == areas


def test_a_bulk_write_is_logged_once_per_statement(project):
    rows = [(f"k{i}", "v") for i in range(2000)]
    with changes.recording() as rec:
        with project.atomic() as conn:
            conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", rows)
    assert rec.changes(project) == Changes(settings=True)
    # only annotations carry a trigger: the bulk tables are written at SQLite's own speed
    triggers = {r[0] for r in project.conn.execute("SELECT tbl_name FROM sqlite_temp_master WHERE type = 'trigger'")}
    assert triggers == set(change_log.ROW_AREAS)


def test_the_log_is_not_in_the_file(project, tmp_path):
    with project.atomic() as conn:
        conn.execute("INSERT INTO workflow_marks(step, subject, created) VALUES ('edit', '', 'now')")
    path = project.path
    project.close()
    other = sqlite3.connect(path)
    try:
        assert not other.execute("SELECT name FROM sqlite_master WHERE name LIKE 'fa_%'").fetchall()
        # the seal DDL is the one TABLE_AREAS names
        assert "seal" in SEAL_DDL and "seal_file" in SEAL_FILE_DDL
    finally:
        other.close()


def test_recordings_follow_their_thread(project):
    heard: dict[str, Changes] = {}

    def write(step: str, key: str) -> None:
        with changes.recording() as rec:
            with project.atomic() as conn:
                conn.execute("INSERT INTO workflow_marks(step, subject, created) VALUES (?, '', 'now')", (step,))
        heard[key] = rec.changes(project)

    with changes.recording() as outer:
        t = threading.Thread(target=write, args=("edit", "thread"))
        t.start()
        t.join()
        with project.atomic() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES ('here', '1')")
    assert heard["thread"] == Changes(workflow=True)
    assert outer.changes(project) == Changes(settings=True)       # not the other thread's note


def test_app_wide_writes_note_their_area():
    _settings, rec = changes.recorded(services.set_offline, True, ["example.org"])
    assert rec.items() == [(None, Changes(network=True))]
    assert rec.changes(None).areas == ("network",)


def test_unknown_areas_are_refused():
    with pytest.raises(ValueError):
        changes.note(None, ("dataset",))
    with pytest.raises(ValueError):
        Changes.of("everything")
