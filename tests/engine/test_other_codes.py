"""The "other" code: added to every dimension and step as a new codebook version, usable as a label, and
a label coded "other" is a case taxonomy induction reads."""
from __future__ import annotations

from factaudit.engine import services
from factaudit.engine.audit import codebook as cb


def test_other_codes_become_a_version_and_feed_induction(demo_project):
    p = demo_project
    seed = cb.load_seed()
    before = services.codebook(p)
    assert before.version == 1 and len(services.dimensions_without_other(p)) == len(seed.dimensions()) == 11
    book = services.add_other_codes(p)
    assert book.version == 2 and services.codebook(p).version == 2
    assert services.dimensions_without_other(p) == []
    for dim in book.dimensions():
        seed_dim = seed.dimension(dim.id, dim.target)
        assert dim.code_ids == (*seed_dim.code_ids, "other")          # the seed's codes kept, in order
        other = dim.code("other")
        assert other.pattern is None                                   # not a failure pattern
        assert book.text(other, "name", "de").startswith("Sonstiges") and book.text(other, "name", "zh_CN")
    assert book.high_quality == seed.high_quality and book.patterns == seed.patterns
    assert services.add_other_codes(p).version == 2                   # nothing left to add: no new version

    claim = services.page_rows(p, "claims", 0, 1)[0][0]
    passage = services.page_rows(p, "passages", 0, 1)[0][0]
    assert services.uncovered_cases(p, None) == []
    label = services.annotate(p, target="evidence", claim_id=claim, passage_id=passage, dimension="credibility",
                              code="other", annotator="alice")
    cases = services.uncovered_cases(p, None)
    assert [(c.kind, c.key, c.code, c.dimension) for c in cases] == [("note", f"note:{label.id}", "other", "credibility")]


def test_an_undone_correction_is_not_a_case_but_a_typed_note_is(demo_project):
    p = demo_project
    claim = services.page_rows(p, "claims", 0, 1)[0][0]
    passage = services.page_rows(p, "passages", 0, 1)[0][0]
    kw = dict(target="evidence", claim_id=claim, passage_id=passage, dimension="polarity", annotator="alice")
    services.annotate(p, code="neutral", **kw)
    changed = services.annotate(p, code="supports", **kw)
    restored = services.undo_annotation(p, changed.id)          # the correction taken back: neutral again
    assert restored.code == "neutral" and restored.note == "undo"
    assert services.uncovered_cases(p, None) == []
    noted = services.correct_annotation(p, restored.id, "neutral", "on topic, but a retraction notice")
    assert [(c.key, c.note) for c in services.uncovered_cases(p, None)] == [(f"note:{noted.id}", noted.note)]
