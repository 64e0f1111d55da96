"""The Review list in natural order (issue #35 item 10): claims by id and sentences by item id with their
numbers read as numbers (c2 before c10 before c1000), the same in the whole index and page by page."""
from __future__ import annotations

import json
import re

import pytest

from factaudit.engine import services
from factaudit.engine.audit import triage as tri
from factaudit.engine.errors import FactAuditError
from factaudit.engine.project.audit_store import natural_key

CLAIMS = ["c10001", "c1", "c1000", "c10", "c2", "c100", "alpha", "beta10", "beta2", "x-3:s10#1", "x-3:s9#1",
          "x-10:s1#1", "C7", "c2b", "c2a"]


def reference(ids):
    """Natural order written the slow, obvious way: digit runs compare as numbers, text as text."""
    def key(s):
        return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", s) if p]
    # a digit run sorts before text at the same place, as '0'-'9' do before letters
    return sorted(ids, key=key)


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path):
    """Claims with gold labels and verdicts that all disagree; items a1, a2, a10 with one labelled sentence
    each and a claim on each, all flagged by their verdicts while the expert says correct."""
    items = ["a10", "a2", "a1", "b", "a2x"]
    answers = [{"id": i, "question": f"q {i}?", "answer": f"s1 {i}. s2 {i}.",
                "sentences": [{"id": f"{i}:s1", "text": f"s1 {i}.", "label": "correct"},
                              {"id": f"{i}:s2", "text": f"s2 {i}.", "label": "correct"}]} for i in items]
    sentence_claims = [{"id": f"{i}:s{k}#1", "claim": f"claim {i} {k}", "sentence_id": f"{i}:s{k}", "item_id": i}
                       for i in items for k in (1, 2)]
    gold_claims = [{"id": c, "claim": f"claim {c}", "label": "Supported"} for c in CLAIMS]
    p = services.create_project(tmp_path / "natural.faproj")
    services.import_files(p, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    services.import_files(p, [_jsonl(tmp_path / "claims.jsonl", sentence_claims + gold_claims)], kind="claims")
    verdicts = [{"claim_id": c["id"], "verdict": "Refuted"} for c in sentence_claims + gold_claims]
    run = services.import_files(p, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    yield p, run, items
    p.close()


def _pages(p, run, level, limit):
    rows, after, first = [], None, True
    while first or after is not None:
        page = tri.index_page(p, run, mapping="R", level=level, after=after, limit=limit)
        rows += page.rows
        after, first = page.after, False
    return rows


def test_claims_are_listed_in_natural_order(project):
    p, run, items = project
    want = reference(CLAIMS + [f"{i}:s{k}#1" for i in items for k in (1, 2)])
    assert want.index("c2") < want.index("c10") < want.index("c100") < want.index("c1000") < want.index("c10001")
    index = tri.disagreement_index(p, run, mapping="R", level="claim", texts=False)
    assert [r.unit_id for r in index.rows] == want
    for limit in (1, 4, 100):
        assert [r.unit_id for r in _pages(p, run, "claim", limit)] == want


def test_sentences_are_listed_by_item_in_natural_order(project):
    p, run, items = project
    want = [f"{i}:s{k}" for i in reference(items) for k in (1, 2)]
    assert want[:2] == ["a1:s1", "a1:s2"] and want.index("a2x:s1") < want.index("a10:s1")
    index = tri.disagreement_index(p, run, mapping="R", level="sentence")
    assert [r.unit_id for r in index.rows] == want
    for limit in (3, 100):
        assert [r.unit_id for r in _pages(p, run, "sentence", limit)] == want


def test_the_key_agrees_with_the_reference_and_a_page_must_come_from_the_last():
    ids = CLAIMS + ["a", "a0", "a00x", "9", "10", "z", "img2.png", "img12.png", "v1.2.10", "v1.10.2"]
    assert sorted(ids, key=natural_key) == reference(ids)
    with pytest.raises(FactAuditError):
        tri.index_page(None, "verify-1", level="claim", after="c10")


def test_a_finished_runs_order_is_kept_and_never_outlives_its_project(tmp_path):
    """The order of a finished run is read once (its verdicts are frozen); a different project written at
    the same path (same run id, same second) gets its own."""
    from factaudit.engine.project import audit_store as store

    def make(ids, gold="Supported"):
        path = tmp_path / "same.faproj"
        if path.exists():
            path.unlink()
        p = services.create_project(path)
        services.import_files(p, [_jsonl(tmp_path / "c.jsonl", [{"id": c, "claim": c, "label": gold} for c in ids])],
                              kind="claims")
        run = services.import_files(p, [_jsonl(tmp_path / "v.jsonl", [{"claim_id": c, "verdict": "Refuted"}
                                                                      for c in ids])], kind="verdicts").run_id
        return p, run

    p, run = make(["c10", "c9", "c100"])
    first = store.natural_claim_order(p, run)
    assert first == ("c9", "c10", "c100") and store.natural_claim_order(p, run) is first     # kept
    p.close()
    p, run2 = make(["c10", "c8", "c100"])
    assert run2 == run and store.natural_claim_order(p, run) == ("c8", "c10", "c100")
    p.close()
