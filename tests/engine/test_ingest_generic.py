"""Good-path imports of the generic JSONL/CSV kinds; expectations come from the fixture files read
independently (json / csv modules) or written out by hand."""
from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest

from factaudit.engine.errors import ImportFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries, runs
from factaudit.engine.project.imports import freeze_dataset

GOOD = Path(__file__).resolve().parent.parent / "fixtures" / "good"


def _rows(project, sql: str, *args) -> list[tuple]:
    return [tuple(r) for r in project.reader().execute(sql, args)]


def test_corpus_jsonl_groups_passages_by_document(project):
    res = import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")  # format inferred from .jsonl
    assert res.counts == {"documents": 3, "passages": 4}
    assert res.dataset.name == "corpus" and res.dataset.format == "jsonl"
    passages = {p.id: p for p in queries.iter_passages(project)}
    assert (passages["p1"].doc_id, passages["p1"].ord) == ("d1", 0)
    assert (passages["p2"].doc_id, passages["p2"].ord) == ("d1", 1)
    assert passages["p3"].doc_id == "p3"  # a passage without doc_id is its own document
    expected = {json.loads(line)["id"]: json.loads(line)["text"] for line in (GOOD / "corpus.jsonl").open()}
    assert {k: v.text for k, v in passages.items()} == expected


def test_claims_jsonl_labels_and_gold(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")
    res = import_files(project, [GOOD / "claims.jsonl"], kind="claims")
    assert res.counts == {"claims": 3} and res.unresolved_gold == 0
    labels = {c.id: c.gold_label for c in queries.list_claims(project)}
    assert labels == {"c1": "Supported", "c2": "Refuted", "c3": "No Evidence"}
    gold = queries.gold_evidence(project)
    assert [(g.passage_id, g.stance) for g in gold["c1"]] == [("p1", "Supported"), ("p2", "Supported")]
    assert [(g.passage_id, g.stance) for g in gold["c2"]] == [("p3", "Refuted")]
    assert "c3" not in gold


def test_claims_before_corpus_count_unresolved_gold(project):
    res = import_files(project, [GOOD / "claims.jsonl"], kind="claims")
    assert res.unresolved_gold == 3


def test_answers_with_and_without_sentences(project):
    res = import_files(project, [GOOD / "answers.jsonl"], kind="answers")
    assert res.counts == {"items": 2, "sentences": 5}
    items = {r[0]: r[1:] for r in _rows(project, "SELECT id, risk_tier, critical, options, gold_options, category FROM items")}
    assert items["a1"][:2] == ("A", 1)  # tier normalised to upper case
    assert json.loads(items["a1"][2]) == ["yes", "no", "depends"] and json.loads(items["a1"][3]) == ["depends"]
    assert items["a2"][4] == "endocrine"
    sents = _rows(project, "SELECT s.id, s.item_id, s.ord, s.text, s.start, s.end, s.label, s.reason, i.answer"
                           " FROM sentences s JOIN items i ON i.id = s.item_id ORDER BY s.item_id, s.ord")
    given = [s for s in sents if s[1] == "a1"]
    assert [(s[0], s[6], s[7]) for s in given] == [("a1-1", "correct", None), ("a1-2", "error", "not for people with ulcers")]
    split = [s for s in sents if s[1] == "a2"]
    # "Dr." does not end a sentence.
    assert [s[3] for s in split] == ["Metformin is the usual first drug.", "Dr. Smith prescribes it often.",
                                     "Diet matters too."]
    assert [s[0] for s in split] == ["a2:s1", "a2:s2", "a2:s3"]
    assert all(s[6] is None for s in split)
    for s in sents:
        assert s[8][s[4]:s[5]] == s[3]


def test_verdicts_become_a_finished_imported_run(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")
    import_files(project, [GOOD / "claims.jsonl"], kind="claims")
    res = import_files(project, [GOOD / "verdicts.jsonl"], kind="verdicts")
    assert res.run_id is not None and res.run_id.startswith("imported-")
    info = runs.get_run(project, res.run_id)
    assert info.status == "done"
    verdicts = runs.get_verdicts(project, res.run_id)
    expected = {json.loads(line)["claim_id"]: json.loads(line) for line in (GOOD / "verdicts.jsonl").open()}
    assert {k: v.verdict for k, v in verdicts.items()} == {k: v["verdict"] for k, v in expected.items()}
    assert verdicts["c1"].evidence_used == ["p1"] and verdicts["c1"].reasoning == "p1 says so."


def test_field_mapping(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")
    mapping = {"id": "cid", "claim": "statement", "label": "verdict_gold", "gold_passages": "evidence"}
    res = import_files(project, [GOOD / "claims_mapped.jsonl"], kind="claims", mapping=mapping)
    assert res.counts == {"claims": 2} and res.unresolved_gold == 0
    claims = {c.id: (c.text, c.gold_label) for c in queries.list_claims(project)}
    assert claims == {"m1": ("Aspirin causes bleeding.", "Supported"), "m2": ("Vitamin D prevents fractures.", "Refuted")}
    # Without the map the required fields are missing, located at the first record (no record has an
    # `id`, so record-number ids stand in, issue #36 item 8: the claim text is the first missing field).
    with pytest.raises(ImportFailed) as info:
        import_files(project, [GOOD / "claims_mapped.jsonl"], kind="claims", dataset="unmapped")
    assert (info.value.line, info.value.field) == (1, "claim")


def test_csv_with_bom_crlf_and_quoted_newlines_and_commas(project):
    path = GOOD / "corpus_bom_crlf.csv"
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    res = import_files(project, [path], kind="corpus")
    assert res.counts == {"documents": 2, "passages": 3}
    with path.open(encoding="utf-8-sig", newline="") as fh:
        expected = {r["id"]: (r["title"], r["text"]) for r in csv.DictReader(fh)}
    got = {p.id: (p.title, p.text) for p in queries.iter_passages(project)}
    assert got == expected
    assert "\n" in got["q1"][1] and "," in got["q1"][0]
    assert got["q2"][1] == 'He said "stop" and, later, "restart".'


def test_very_long_line(project, tmp_path):
    long_text = "word " * 300_000  # 1.5 MB on one line
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps({"id": "big", "text": long_text}) + "\n" + json.dumps({"id": "small", "text": "x"}) + "\n",
                    encoding="utf-8")
    assert max(len(line) for line in path.read_bytes().split(b"\n")) > 1_000_000
    res = import_files(project, [path], kind="corpus")
    assert res.counts["passages"] == 2
    assert queries.get_passages(project, ["big"])["big"].text == long_text
    csv_path = tmp_path / "long.csv"
    with csv_path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows([["id", "text"], ["big-csv", long_text]])
    import_files(project, [csv_path], kind="corpus", dataset="long-csv")
    assert queries.get_passages(project, ["big-csv"])["big-csv"].text == long_text


def test_csv_list_cells_are_json(project):
    import_files(project, [GOOD / "corpus_bom_crlf.csv"], kind="corpus")
    res = import_files(project, [GOOD / "claims_lists.csv"], kind="claims")
    assert res.counts == {"claims": 3} and res.unresolved_gold == 0
    gold = queries.gold_evidence(project)
    assert [g.passage_id for g in gold["k1"]] == ["q1", "q2"] and "k2" not in gold
    labels = {c.id: c.gold_label for c in queries.list_claims(project)}
    assert labels == {"k1": "Supported", "k2": "No Evidence", "k3": "Refuted"}
    import_files(project, [GOOD / "answers.csv"], kind="answers")
    row = _rows(project, "SELECT options, gold_options, risk_tier, critical FROM items WHERE id = 'b1'")[0]
    assert (json.loads(row[0]), json.loads(row[1]), row[2], row[3]) == (["A", "B", "C"], ["A"], "B", 0)


def test_id_prefix_resolves_a_collision(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")
    import_files(project, [GOOD / "claims.jsonl"], kind="claims")
    with pytest.raises(ImportFailed) as info:
        import_files(project, [GOOD / "corpus.jsonl"], kind="corpus", dataset="again")
    assert (info.value.line, info.value.field) == (1, "id")
    res = import_files(project, [GOOD / "corpus.jsonl"], kind="corpus", dataset="again", id_prefix="b:")
    assert res.counts == {"documents": 3, "passages": 4}
    again = {p.id: p.doc_id for p in queries.iter_passages(project, "again")}
    assert again == {"b:p1": "b:d1", "b:p2": "b:d1", "b:p3": "b:p3", "b:p4": "b:p4"}
    # The prefix applies to every reference too (issue #11): claims prefixed "b:" point at the "b:" corpus...
    res = import_files(project, [GOOD / "claims.jsonl"], kind="claims", dataset="claims2", id_prefix="b:")
    assert res.unresolved_gold == 0
    assert [g.passage_id for g in queries.gold_evidence(project)["b:c1"]] == ["b:p1", "b:p2"]
    # ...and a prefix whose gold resolves to nothing fails instead of scoring 0 everywhere later.
    with pytest.raises(ImportFailed) as info:
        import_files(project, [GOOD / "claims.jsonl"], kind="claims", dataset="claims3", id_prefix="x:")
    assert (info.value.line, info.value.field) == (1, "gold_passages")
    assert "x:p1" in str(info.value) and "prefix" in str(info.value)
    assert not any(d.name == "claims3" for d in queries.list_datasets(project))


def test_frozen_dataset_refuses_updates(project):
    import_files(project, [GOOD / "claims.jsonl"], kind="claims", dataset="frozen-claims")
    info = freeze_dataset(project, "frozen-claims")
    assert info.frozen
    with pytest.raises(sqlite3.IntegrityError, match="dataset is frozen"):
        with project.atomic() as conn:
            conn.execute("UPDATE claims SET text = 'edited' WHERE id = 'c1'")
    assert queries.get_claim(project, "c1").text == "Aspirin raises the risk of stomach bleeding."
    freeze_dataset(project, "frozen-claims", frozen=False)
    with project.atomic() as conn:
        conn.execute("UPDATE claims SET text = 'edited' WHERE id = 'c1'")
    assert queries.get_claim(project, "c1").text == "edited"


def test_dataset_name_must_be_new(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus", dataset="shared-name")
    with pytest.raises(ImportFailed, match="already exists"):
        import_files(project, [GOOD / "claims.jsonl"], kind="claims", dataset="shared-name")


def test_json_entries_report_the_line_each_entry_starts_on(tmp_path):
    from factaudit.engine.ingest.problems import Problems
    from factaudit.engine.ingest.readers import read_json_entries

    listing = [{"a": [1, 2]}, {"b": "x\ny"}, 3]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(listing, indent=2), encoding="utf-8")
    shape, entries = read_json_entries(path, Problems())
    got = list(entries)
    assert shape == "list" and [v for _, _, v in got] == listing
    lines = path.read_text(encoding="utf-8").split("\n")
    # Each reported line holds the opening of its entry.
    assert [lines[n - 1].strip()[:1] for n, _, _ in got] == ["{", "{", "3"]
    assert [n for n, _, _ in got] == [2, 8, 11]
    obj = {"T1": ["s"], "T2": ["s", "t"]}
    path = tmp_path / "obj.json"
    path.write_text("\ufeff" + json.dumps(obj, indent=1), encoding="utf-8")
    shape, entries = read_json_entries(path, Problems())
    assert shape == "object" and [(n, k, v) for n, k, v in entries] == [(2, "T1", ["s"]), (5, "T2", ["s", "t"])]
