"""Dataset rename and delete: refused while a run or an annotation uses the dataset (naming them),
all records removed in one transaction otherwise; counts checked by direct SQL."""
from __future__ import annotations

import sqlite3

import pytest

from factaudit.engine.audit import annotations as ann
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.services import datasets as ds
from factaudit.engine.services import retrieval, status


def count(project, sql, *args):
    conn = sqlite3.connect(project.path)
    try:
        return conn.execute(sql, args).fetchone()[0]
    finally:
        conn.close()


def test_delete_unused_dataset_removes_every_record(demo_project):
    p = demo_project
    did = count(p, "SELECT id FROM datasets WHERE name = 'medexpert-demo'")
    expected = {"items": count(p, "SELECT count(*) FROM items WHERE dataset_id = ?", did),
                "sentences": count(p, "SELECT count(*) FROM sentences s JOIN items i ON i.id = s.item_id"
                                      " WHERE i.dataset_id = ?", did)}
    assert ds.dataset_usage(p, "medexpert-demo").in_use is False
    removed = ds.delete_dataset(p, "medexpert-demo")
    assert removed["items"] == expected["items"] > 0 and removed["sentences"] == expected["sentences"] > 0
    assert count(p, "SELECT count(*) FROM items") == 0
    assert count(p, "SELECT count(*) FROM datasets WHERE name = 'medexpert-demo'") == 0
    # the deletion dates the report: a later status sees a change
    assert status.workflow_status(p).step("decompose").state == "skipped"


def test_delete_refused_while_used_and_names_the_users(demo_project):
    p = demo_project
    run = retrieval.retrieve(p, retrieval.RetrievalRequest("bm25", k=2)).run_id
    claim, passage = p.reader().execute("SELECT claim_id, passage_id FROM retrieval_hits LIMIT 1").fetchone()
    ann.annotate(p, target="evidence", claim_id=claim, passage_id=passage, dimension="entity_match", code="exact",
                 annotator="alice")
    before = count(p, "SELECT count(*) FROM claims")
    with pytest.raises(InvalidArgument) as err:
        ds.delete_dataset(p, "scifact-demo")
    assert run in str(err.value) and "1 annotation" in str(err.value)
    assert count(p, "SELECT count(*) FROM claims") == before          # nothing removed


def test_frozen_dataset_is_not_deleted(demo_project):
    from factaudit.engine import services

    services.freeze_dataset(demo_project, "medexpert-demo")
    with pytest.raises(InvalidArgument, match="frozen"):
        ds.delete_dataset(demo_project, "medexpert-demo")


def test_rename(demo_project):
    p = demo_project
    ds.rename_dataset(p, "scifact-demo", "SciFact subset")
    assert count(p, "SELECT count(*) FROM datasets WHERE name = 'SciFact subset'") == 1
    with pytest.raises(InvalidArgument, match="already exists"):
        ds.rename_dataset(p, "SciFact subset", "medexpert-demo")
    with pytest.raises(InvalidArgument):
        ds.rename_dataset(p, "SciFact subset", "  ")
    with pytest.raises(NotFound):
        ds.rename_dataset(p, "nope", "x")
