"""Import each shared dataset and check the counts against the published figures and against an
independent reading of the same files with the standard library."""
from __future__ import annotations

import csv
import json
import time
from collections import defaultdict
from pathlib import Path

import pytest

from factaudit.engine.ingest import import_files
from factaudit.engine.ingest.adapters.ramdocs import normalize_answer

pytestmark = pytest.mark.datasets  # every test here reads ../shared/datasets


def _count(project, sql: str, *args) -> int:
    return project.reader().execute(sql, args).fetchone()[0]


def _dataset_count(project, table: str, name: str) -> int:
    return _count(project, f"SELECT count(*) FROM {table} t JOIN datasets d ON d.id = t.dataset_id WHERE d.name = ?",
                  name)


def test_scifact_counts_and_gold(project, shared_datasets):
    d = shared_datasets / "scifact"
    import_files(project, [d / "corpus.jsonl"], fmt="scifact", dataset="sf-corpus")
    for split, n in (("train", 809), ("dev", 300)):
        res = import_files(project, [d / f"claims_{split}.jsonl"], fmt="scifact", dataset=f"sf-{split}", split=split)
        assert res.counts["claims"] == n
        assert res.unresolved_gold == 0
    assert _dataset_count(project, "passages", "sf-corpus") == 5183
    assert _count(project, "SELECT count(*) FROM documents") == 5183
    # BEIR SciFact test qrels: 339 judged (claim, document) pairs for the 300 dev claims.
    pairs = _count(project, "SELECT count(*) FROM claim_gold g JOIN claims c ON c.id = g.claim_id"
                            " JOIN datasets d ON d.id = c.dataset_id WHERE d.name = 'sf-dev'")
    assert pairs == 339
    sentences = sum(len(json.loads(line)["abstract"]) for line in (d / "corpus.jsonl").open(encoding="utf-8"))
    spans = sum(len(json.loads(r[0])) for r in project.reader().execute("SELECT sentence_spans FROM passages"))
    assert sentences == spans == 45952


def test_scifact_full_import_timed(tmp_path, shared_datasets):
    from factaudit.engine.project.db import Project

    d = shared_datasets / "scifact"
    files = [d / "corpus.jsonl", d / "claims_train.jsonl", d / "claims_dev.jsonl", d / "claims_test.jsonl"]
    path = tmp_path / "scifact.faproj"
    project = Project.create(path)
    try:
        t0 = time.perf_counter()
        res = import_files(project, files, fmt="scifact", dataset="scifact")
        elapsed = time.perf_counter() - t0
        assert res.counts == {"documents": 5183, "passages": 5183, "claims": 809 + 300 + 300}
        # The unlabeled test split keeps a null label; train and dev claims all have one.
        assert _count(project, "SELECT count(*) FROM claims WHERE gold_label IS NULL") == 300
    finally:
        project.close()
    print(f"\nSciFact full import (corpus + train + dev + test claims): {elapsed:.2f} s, "
          f"project file {path.stat().st_size / 1e6:.1f} MB after close")


def _healthver_expected(path: Path) -> dict[str, str]:
    stances: dict[str, set[str]] = defaultdict(set)
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            stances[row["claim"].strip()].add(row["label"])
    out = {}
    for claim, s in stances.items():
        if {"Supports", "Refutes"} <= s:
            out[claim] = "Ambiguous"
        elif "Supports" in s:
            out[claim] = "Supported"
        elif "Refutes" in s:
            out[claim] = "Refuted"
        else:
            out[claim] = "No Evidence"
    return out


def test_healthver_both_splits(project, shared_datasets):
    d = shared_datasets / "healthver"
    evidence: set[str] = set()
    for split in ("dev", "test"):
        path = d / f"healthver_{split}.csv"
        res = import_files(project, [path], fmt="healthver", split=split)
        assert res.counts["claims"] == 230
        assert res.unresolved_gold == 0
        expected = _healthver_expected(path)
        got = {r[0]: r[1] for r in project.reader().execute(
            "SELECT c.text, c.gold_label FROM claims c JOIN datasets d ON d.id = c.dataset_id WHERE d.name = ?",
            (path.stem,))}
        assert got == expected
        with path.open(encoding="utf-8", newline="") as fh:
            evidence |= {row["evidence"].strip() for row in csv.DictReader(fh)}
    # Passages are shared between the splits: one per distinct evidence text in the project.
    assert _count(project, "SELECT count(*) FROM passages") == len(evidence)
    # Every unique (claim, passage) pair of the dev file is a gold row with its stance.
    with (d / "healthver_dev.csv").open(encoding="utf-8", newline="") as fh:
        pairs = {(r["claim"].strip(), r["evidence"].strip()) for r in csv.DictReader(fh)}
    n = _count(project, "SELECT count(*) FROM claim_gold g JOIN claims c ON c.id = g.claim_id"
                        " JOIN datasets d ON d.id = c.dataset_id WHERE d.name = 'healthver_dev'")
    assert n == len(pairs)


def test_ramdocs(project, shared_datasets):
    path = shared_datasets / "ramdocs" / "RAMDocs_test.jsonl"
    res = import_files(project, [path], fmt="ramdocs")
    assert res.counts["items"] == 500
    assert res.counts["passages"] == 2766
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    conflicts = sum(
        1 for r in rows
        if len({normalize_answer(x["answer"]) for x in r["documents"]
                if x["type"] != "noise" and normalize_answer(x["answer"]) not in ("", "unknown")}) > 1)
    stored = sum(1 for (m,) in project.reader().execute("SELECT meta FROM items") if json.loads(m)["conflict"])
    assert stored == conflicts
    types = dict(project.reader().execute(
        "SELECT json_extract(meta, '$.type'), count(*) FROM passages GROUP BY 1").fetchall())
    assert types == {"correct": 1918, "misinfo": 307, "noise": 541}


def test_medexpert(project, shared_datasets):
    path = shared_datasets / "medexpert_sample" / "sample_data_export_from_JSL.json"
    res = import_files(project, [path], fmt="medexpert")
    assert res.counts["items"] == 11
    tasks = json.loads(path.read_text(encoding="utf-8"))
    spans = {(f"medexpert-{t['id']}", r["value"]["start"], r["value"]["end"])
             for t in tasks for c in t["completions"] for r in c["result"] if r["from_name"] == "factuality_label"}
    assert len(spans) == 4
    # Every flagged span lies inside at least one error sentence, and error sentences overlap a span.
    errors = project.reader().execute("SELECT item_id, start, end FROM sentences WHERE label = 'error'").fetchall()
    for item, s, e in spans:
        assert any(i == item and a < e and s < b for i, a, b in errors)
    for i, a, b in errors:
        assert any(i == item and a < e and s < b for item, s, e in spans)
    # Sentence offsets point into the stored answer.
    for text, answer, a, b in project.reader().execute(
            "SELECT s.text, i.answer, s.start, s.end FROM sentences s JOIN items i ON i.id = s.item_id"):
        assert answer[a:b] == text


def test_hotpotqa_ircot(project, shared_datasets):
    path = shared_datasets / "hotpotqa" / "ircot_dev_subsampled.jsonl"
    res = import_files(project, [path], fmt="hotpotqa")
    assert res.counts["items"] == 500 and res.counts["claims"] == 500
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    distinct = {(c["title"], c["paragraph_text"]) for r in rows for c in r["contexts"]}
    assert res.counts["passages"] == len(distinct)
    assert _count(project, "SELECT count(*) FROM claim_gold") == sum(
        c["is_supporting"] for r in rows for c in r["contexts"]) == 1000


def test_hotpotqa_original_with_corpus(project, shared_datasets):
    d = shared_datasets / "hotpotqa"
    res = import_files(project, [d / "hipporag_hotpotqa_train.json", d / "hipporag_hotpotqa_train_corpus.json"],
                       fmt="hotpotqa")
    corpus = json.loads((d / "hipporag_hotpotqa_train_corpus.json").read_text(encoding="utf-8"))
    questions = json.loads((d / "hipporag_hotpotqa_train.json").read_text(encoding="utf-8"))
    assert res.counts["claims"] == 100 and res.counts["passages"] == len(corpus) == 994
    # Gold rows: one per (question, supporting title), holding the supporting sentence indexes.
    expected = {(q["_id"], t): sorted({i for tt, i in q["supporting_facts"] if tt == t})
                for q in questions for t, _ in q["supporting_facts"]}
    got = {(cid, title): json.loads(sents) for cid, title, sents in project.reader().execute(
        "SELECT g.claim_id, p.title, g.sentences FROM claim_gold g JOIN passages p ON p.id = g.passage_id")}
    assert got == expected
    # Sentence spans resolve to the corpus sentences.
    for title, text, spans in project.reader().execute("SELECT title, text, sentence_spans FROM passages"):
        assert [text[a:b] for a, b in json.loads(spans)] == [s.strip() for s in corpus[title]]
