"""The lazy labeling queue and the paged disagreement index: same answers as building everything,
while reading only what is shown."""
from __future__ import annotations

import json
import random

import pytest

from factaudit.engine import services
from factaudit.engine.audit import queues as q
from factaudit.engine.audit import triage as tri

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")
N_CLAIMS, N_PASSAGES, K = 240, 60, 4


@pytest.fixture
def scale_project(tmp_path):
    """Claims with gold labels, a TREC run with K hits each, and verdicts that agree 60% of the time."""
    rng = random.Random(3)
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"p{i}", "text": f"passage {i}"}) + "\n" for i in range(N_PASSAGES)))
    gold = {f"c{i}": rng.choice(VERDICTS) for i in range(N_CLAIMS)}
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": c, "claim": f"claim {c}", "label": g}) + "\n" for c, g in gold.items()))
    run = tmp_path / "run.trec"
    run.write_text("".join(f"{c} Q0 p{p} {r} {10 - r}.0 t\n" for c in gold
                           for r, p in enumerate(rng.sample(range(N_PASSAGES), K), start=1)))
    verdict = {c: g if rng.random() < 0.6 else rng.choice([v for v in VERDICTS if v != g]) for c, g in gold.items()}
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text("".join(json.dumps({"claim_id": c, "verdict": v}) + "\n" for c, v in verdict.items()))
    project = services.create_project(tmp_path / "scale.faproj")
    services.import_files(project, [corpus], kind="corpus")
    services.import_files(project, [claims], kind="claims")
    rr = services.import_files(project, [run], fmt="trec", kind="run").run_id
    vr = services.import_files(project, [verdicts], kind="verdicts").run_id
    yield project, rr, vr, gold, verdict
    project.close()


def _label_some(project, queue, annotator, n_units):
    book = services.audit.codebook(project)
    for entry in [e for e in queue if e.pass_ == "first"][:n_units]:
        for d in book.evidence:
            services.audit.annotate(project, target="evidence", claim_id=entry.claim_id, passage_id=entry.passage_id,
                                    dimension=d.id, code=d.codes[0].id, annotator=annotator)


def test_head_then_adopt_gives_the_full_queue(scale_project):
    project, rr, vr, _gold, _verdict = scale_project
    kw = {"verify_run": vr, "share": 0.3, "gap": 5}
    _label_some(project, q.open_evidence_queue(project, rr, "ann", **kw), "ann", 12)   # some finished work
    full = q.open_evidence_queue(project, rr, "ann", **kw)
    head = q.open_evidence_queue(project, rr, "ann", head=10, **kw)
    assert len(head.claims) == 10 and head.waiting
    shown = [head.get(i) for i in range(20)]
    assert None not in shown
    order, n_units = q.full_order(project, head.spec)
    head.adopt(order, n_units)
    assert not head.waiting and n_units == N_CLAIMS * K
    assert list(head) == list(full)
    assert shown == list(full)[:20]
    # due retests of the finished units come first, then first-pass units nobody labelled yet
    entries = list(full)
    assert entries[0].reason == "retest" and any(e.pass_ == "first" for e in entries)
    assert sum(e.pass_ == "first" for e in entries) == N_CLAIMS * K - 12


def test_units_are_read_a_page_at_a_time():
    asked: list[list[str]] = []

    def units_of(claims):
        asked.append(list(claims))
        return {c: [(f"{c}-p{r}", r) for r in range(1, 11)] for c in claims}

    claims = [(f"c{i}", "sample") for i in range(10_000)]
    queue = q.LabelQueue("evidence", claims, units_of, {}, set(), share=0.0)
    assert queue.get(0).claim_id == "c0" and queue.get(0).rank == 1
    assert sum(map(len, asked)) == q.LabelQueue.PAGE_CLAIMS       # one page, not 10,000 claims
    assert queue.get(10 * q.LabelQueue.PAGE_CLAIMS).claim_id == f"c{q.LabelQueue.PAGE_CLAIMS}"
    assert sum(map(len, asked)) == 2 * q.LabelQueue.PAGE_CLAIMS


def test_stratified_order_matches_a_plain_round_robin():
    rng = random.Random(9)
    ids = [f"c{i}" for i in range(500)]
    strata = {c: rng.choice(["A", "B", "C", None]) for c in ids}

    def reference(ids, strata, seed):      # the definition, written the slow way
        r = random.Random(seed)
        groups = {}
        for i in ids:
            groups.setdefault(strata.get(i) or "—", []).append(i)
        for g in groups.values():
            r.shuffle(g)
        out = []
        while any(groups.values()):
            for name in sorted(groups):
                if groups[name]:
                    out.append(groups[name].pop(0))
        return out

    assert q.stratified_order(ids, strata, seed=5) == reference(ids, strata, 5)


def test_index_and_pages_agree_with_the_full_disagreement_set(scale_project):
    project, rr, vr, gold, verdict = scale_project
    # independent: straight from the input files, by claim number (the list's natural order, issue #35)
    wrong = sorted((c for c in gold if verdict[c] != gold[c]), key=lambda c: int(c[1:]))
    index = tri.disagreement_index(project, vr, mapping="R+NE", level="claim")
    assert [r.unit_id for r in index.rows] == wrong
    assert index.n_units == N_CLAIMS and index.counts() == {"wrong_verdict": len(wrong)}
    full = tri.disagreements(project, vr, mapping="R+NE", level="claim", retrieval_run=rr)
    paged = [d for start in range(0, len(index.rows), 25)
             for d in tri.expand(project, index, index.rows[start:start + 25], retrieval_run=rr)]
    assert paged == full.disagreements
    assert all(len(d.claims[0].passages) == K for d in paged)
    # a triage decision shows in a fresh index and in the expanded row
    first = index.rows[0].unit_id
    services.audit.set_triage(project, vr, first, "retrieval_error", "ann", level="claim")
    again = tri.disagreement_index(project, vr, level="claim")
    assert again.triage == {first: "retrieval_error"}
    assert tri.expand(project, again, again.rows[:1])[0].triage == "retrieval_error"


def test_head_of_the_reasoning_queue(scale_project):
    project, _rr, vr, gold, verdict = scale_project
    head = q.open_reasoning_queue(project, vr, "ann", head=5)
    wrong = sorted(c for c in gold if verdict[c] != gold[c])
    assert [c for c, _ in head.claims] == wrong[:5]
    order, n = q.full_order(project, head.spec)
    head.adopt(order, n)
    assert list(head) == q.reasoning_queue(project, vr, "ann") and n == N_CLAIMS


def test_pages_concatenate_to_the_index(scale_project):
    project, _rr, vr, _gold, _verdict = scale_project
    for mapping in ("R", "R+NE+A"):
        whole = tri.disagreement_index(project, vr, mapping=mapping, level="claim")
        rows, n_units, after, first = [], 0, None, True
        while first or after is not None:
            page = tri.index_page(project, vr, mapping=mapping, level="claim", after=after, limit=37)
            rows += page.rows
            n_units += page.n_units
            after, first = page.after, False
        assert rows == whole.rows and n_units == whole.n_units
    with pytest.raises(Exception, match="no run"):
        tri.index_page(project, "verify-99", level="claim")


def test_two_workers_needing_the_seed_codebook_at_once(tmp_path):
    """The Labeling page and the Workflow page open on a fresh project in two workers at once: one
    stores the seed codebook, the other reads it (it used to fail on the unique version)."""
    import threading

    from factaudit.engine.audit import codebook_versions
    from factaudit.engine.project import audit_store

    project = services.create_project(tmp_path / "fresh.faproj")
    start, errors, versions = threading.Barrier(4), [], []

    def work():
        start.wait()
        try:
            versions.append(codebook_versions.current(project).version)
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and versions == [1, 1, 1, 1]
    assert [r.version for r in audit_store.list_codebooks(project)] == [1]
    project.close()


def test_report_opens_with_a_plain_summary_and_names_the_steps_for_empty_sections(scale_project, tmp_path):
    """A closed-regime project (claims with gold verdicts, no answer sentences, no labels): the summary
    gives the accuracy computed here from the input files; the open-regime and audit sections say which
    step fills them instead of showing tables of zeros."""
    import html as _html
    import re

    project, _rr, vr, gold, verdict = scale_project
    written = services.write_report(project, tmp_path / "rep", formats=("html",), n_resamples=200)
    page = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    summary = _html.unescape(re.search(r'<p class="summary">(.*?)</p>', page, re.S).group(1))
    right = sum(verdict[c] == gold[c] for c in gold)
    assert f"was right on {100 * right / len(gold):.0f}% of {len(gold):,} claims" in summary
    assert "No one has labelled evidence or reasoning yet" in summary
    assert "Open regime: error detection under every mapping" not in page
    empty = _html.unescape(page[page.index("Not in this report yet"):])
    assert "Open regime: error detection." in empty and "Decompose" in empty
    assert "Audit: evidence quality" in empty and "Closed regime" not in empty
    assert written
