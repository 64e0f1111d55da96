"""Good-path imports of the dataset adapters on small hand-made fixtures (no shared data needed).
Expected values are worked out by hand from the fixture files."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from factaudit.engine.ingest import import_files
from factaudit.engine.ingest.adapters import hotpotqa
from factaudit.engine.project import queries, runs
from factaudit.engine.services.demo import demo_file

GOOD = Path(__file__).resolve().parent.parent / "fixtures" / "good"


def _rows(project, sql: str, *args) -> list[tuple]:
    return [tuple(r) for r in project.reader().execute(sql, args)]


def _hv(text: str) -> str:
    return "hv-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def test_healthver_aggregation_and_shared_passages(project):
    res = import_files(project, [GOOD / "healthver_small.csv"], fmt="healthver", split="dev")
    # 4 distinct evidence texts; rows 1 and 3 repeat a pair; the claim with a trailing space is stripped.
    assert res.counts == {"documents": 4, "passages": 4, "claims": 3}
    labels = {c.text: c.gold_label for c in queries.list_claims(project)}
    assert labels == {"Masks reduce COVID-19 spread": "Ambiguous", "Vitamin C cures COVID-19": "No Evidence",
                      "Handwashing lowers infection risk": "Supported"}
    claim = next(c for c in queries.list_claims(project) if c.gold_label == "Ambiguous")
    gold = {g.passage_id: g.stance for g in queries.gold_evidence(project)[claim.id]}
    assert gold == {_hv("Masks reduced transmission by 50% in households."): "Supported",
                    _hv("A trial found no effect of masks, overall."): "Refuted"}
    meta = json.loads(_rows(project, "SELECT meta FROM claims WHERE id = ?", claim.id)[0][0])
    assert meta["pair_ids"] == ["1", "2", "3"] and meta["question"] == "Do masks work?"
    # A second split sharing a passage adds only the new one and still resolves its gold.
    res = import_files(project, [GOOD / "healthver_small_test.csv"], fmt="healthver", split="test")
    assert res.counts == {"documents": 1, "passages": 1, "claims": 1} and res.unresolved_gold == 0
    assert len(list(queries.iter_passages(project))) == 5


def test_ramdocs_items_documents_and_conflict(project):
    res = import_files(project, [GOOD / "ramdocs_small.jsonl"], fmt="ramdocs")
    assert res.counts == {"documents": 6, "passages": 6, "items": 2}
    items = {i: (json.loads(g), json.loads(m)) for i, g, m in _rows(project, "SELECT id, gold_answers, meta FROM items")}
    assert set(items) == {"ramdocs-1", "ramdocs-2"}
    # Jane Roe (twice, spelled differently) and John Doe: two answers, a conflict. The noise document's
    # answer in item 2 does not count, so item 2 has one answer.
    assert items["ramdocs-1"][1]["conflict"] is True
    assert items["ramdocs-1"][1]["document_answers"] == ["jane roe", "john doe"]
    assert items["ramdocs-2"][1]["conflict"] is False
    assert items["ramdocs-1"][0] == ["Jane Roe"] and items["ramdocs-1"][1]["wrong_answers"] == ["John Doe"]
    metas = {pid: json.loads(m) for pid, m in _rows(project, "SELECT id, meta FROM passages")}
    assert metas["ramdocs-1-d3"] == {"item_id": "ramdocs-1", "type": "misinfo", "answer": "John Doe"}
    assert sorted(metas) == ["ramdocs-1-d1", "ramdocs-1-d2", "ramdocs-1-d3", "ramdocs-1-d4",
                             "ramdocs-2-d1", "ramdocs-2-d2"]


def test_hotpotqa_ircot_dedupes_paragraphs(project):
    assert hotpotqa.detect(GOOD / "hotpotqa_ircot_small.jsonl") == "ircot"
    res = import_files(project, [GOOD / "hotpotqa_ircot_small.jsonl"], fmt="hotpotqa")
    assert res.counts == {"documents": 3, "passages": 3, "items": 2, "claims": 2}
    louvre = hotpotqa.passage_id("Louvre", "The Louvre is a museum in Paris.")
    paris = hotpotqa.passage_id("Paris", "Paris is the capital of France.")
    gold = queries.gold_evidence(project)
    assert sorted(g.passage_id for g in gold["qa1"]) == sorted([louvre, paris])
    assert [g.passage_id for g in gold["qa2"]] == [louvre]
    answers = dict(_rows(project, "SELECT id, gold_answers FROM items"))
    assert json.loads(answers["qa1"]) == ["Paris"] and json.loads(answers["qa2"]) == ["10 August 1793"]
    assert {c.id: c.item_id for c in queries.list_claims(project)} == {"qa1": "qa1", "qa2": "qa2"}


def test_hotpotqa_original_with_corpus(project):
    assert hotpotqa.detect(GOOD / "hotpotqa_orig_small.json") == "original"
    assert hotpotqa.detect(GOOD / "hotpotqa_orig_small_corpus.json") == "corpus"
    res = import_files(project, [GOOD / "hotpotqa_orig_small.json", GOOD / "hotpotqa_orig_small_corpus.json"],
                       fmt="hotpotqa")
    # Film X and Novel Y come from the contexts; the corpus adds only Other Z.
    assert res.counts == {"documents": 3, "passages": 3, "items": 2, "claims": 2}
    passages = {p.title: p for p in queries.iter_passages(project)}
    novel = passages["Novel Y"]
    assert novel.text == "Novel Y is by Jane Author. It sold well. It was written in 1990."
    assert [novel.text[a:b] for a, b in novel.sentence_spans] == [
        "Novel Y is by Jane Author.", "It sold well.", "It was written in 1990."]
    gold = {(c, g.passage_id): g.sentences for c, gs in queries.gold_evidence(project).items() for g in gs}
    assert gold == {("ho1", passages["Film X"].id): [1], ("ho1", novel.id): [0, 2],
                    ("ho2", novel.id): [2], ("ho2", passages["Film X"].id): [0]}
    cats = dict(_rows(project, "SELECT id, category FROM items"))
    assert cats == {"ho1": "bridge", "ho2": "comparison"}


def test_medexpert_small_labels(project):
    res = import_files(project, [GOOD / "medexpert_small.json"], fmt="medexpert")
    assert res.counts == {"items": 2, "sentences": 5}
    rows = _rows(project, "SELECT id, text, label, reason, meta FROM sentences WHERE item_id = 'medexpert-7' ORDER BY ord")
    assert [(r[1], r[2]) for r in rows] == [
        ("Ibuprofen is safe with warfarin.", "error"), ("It never causes bleeding.", "error"),
        ("Ask your doctor before mixing drugs.", "correct")]
    assert rows[0][3] == "NSAIDs raise bleeding risk with warfarin."
    assert rows[1][3] == "NSAIDs raise bleeding risk with warfarin.; Overstated."
    assert json.loads(rows[1][4])["severity"] == ["Moderate", "Severe"]
    assert rows[2][3] is None
    item_meta = json.loads(_rows(project, "SELECT meta FROM items WHERE id = 'medexpert-7'")[0][0])
    assert item_meta["notes"] == {"general_comment": ["Dangerous answer."]} and item_meta["annotators"] == ["DrA"]
    labels = [r[0] for r in _rows(project, "SELECT label FROM sentences WHERE item_id = 'medexpert-8'")]
    assert labels == ["correct", "correct"]


def test_medexpert_demo_copy_imports(project):
    res = import_files(project, [demo_file("medexpert_sample.json")], fmt="medexpert", dataset="medexpert-demo")
    assert res.counts["items"] == 11
    assert _rows(project, "SELECT count(*) FROM sentences WHERE label = 'error'")[0][0] >= 4


def test_trec_run_orders_by_score(project):
    import_files(project, [GOOD / "corpus.jsonl"], kind="corpus")
    import_files(project, [GOOD / "claims.jsonl"], kind="claims")
    res = import_files(project, [GOOD / "run_small.trec"], fmt="trec")
    hits = runs.get_hits(project, res.run_id)
    # trec_eval ranks by score, not by the rank column.
    assert [(h.passage_id, h.rank) for h in hits["c1"]] == [("p1", 1), ("p2", 2)]
    assert runs.get_run(project, res.run_id).status == "done"
