"""Every malformed input is refused with a located problem (file, line, field) and leaves the project
exactly as it was. The cases and their expected locations are indexed in fixtures/malformed/cases.json."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from factaudit.engine.errors import ImportFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import Project

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MALFORMED = FIXTURES / "malformed"
CASES = json.loads((MALFORMED / "cases.json").read_text(encoding="utf-8"))


def dump(path: Path) -> list[str]:
    """Every table's schema and rows, read from the closed file through a separate read-only handle."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


@pytest.fixture(scope="module")
def base_project(tmp_path_factory) -> Path:
    """A project that already holds a corpus, claims and answers (ids p1-p4, c1-c3, a1/a2)."""
    path = tmp_path_factory.mktemp("base") / "base.faproj"
    with Project.create(path) as p:
        good = FIXTURES / "good"
        import_files(p, [good / "corpus.jsonl"], kind="corpus", dataset="base-corpus")
        import_files(p, [good / "claims.jsonl"], kind="claims", dataset="base-claims")
        import_files(p, [good / "answers.jsonl"], kind="answers", dataset="base-answers")
    return path


def test_index_covers_every_file_and_enough_formats():
    listed = {c["file"] for c in CASES}
    on_disk = {p.name for p in MALFORMED.iterdir() if p.name != "cases.json"}
    assert listed == on_disk
    assert len(CASES) >= 25
    assert {c["format"] for c in CASES} == {"jsonl", "csv", "scifact", "healthver", "medexpert", "ramdocs",
                                             "hotpotqa", "trec"}


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_malformed_input_is_refused_and_nothing_changes(case, base_project, tmp_path):
    path = tmp_path / "case.faproj"
    shutil.copy2(base_project, path)
    before = dump(path)
    with Project.open(path) as p:
        with pytest.raises(ImportFailed) as info:
            import_files(p, [MALFORMED / case["file"]], fmt=case["format"], kind=case["kind"])
    err = info.value
    first = err.problems[0]
    assert (first.file, first.line, first.field) == (case["file"], case["line"], case["field"]), err.report()
    assert first.reason
    assert case["file"] in str(err)
    after = dump(path)
    assert after == before


def test_unreadable_paths_are_refused(project, tmp_path):
    with pytest.raises(ImportFailed) as info:
        import_files(project, [tmp_path / "nope.jsonl"], kind="corpus")
    assert "file not found" in str(info.value)


def test_problems_are_capped_at_twenty(project, tmp_path):
    bad = tmp_path / "many.jsonl"
    bad.write_text("".join(f'{{"id": "x{i}", "claim": "c", "label": "Perhaps"}}\n' for i in range(50)), encoding="utf-8")
    with pytest.raises(ImportFailed) as info:
        import_files(project, [bad], kind="claims")
    assert len(info.value.problems) == ImportFailed.MAX_PROBLEMS
    assert info.value.truncated
    assert [p.line for p in info.value.problems] == list(range(1, 21))
