"""Taxonomy induction rounds: uncovered cases, proposals (given directly, and from the embedded
SmolLM2), accept / merge / reject, a new codebook version, and the saturation plot."""
from __future__ import annotations

import json

import pytest

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.audit import induction
from factaudit.engine.pipeline import induce
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import HitRecord, VerdictRecord
from factaudit.engine import services as js

CORPUS = [
    {"id": "p1", "text": "Retraction notice: this article on drug X and mortality has been withdrawn by the authors."},
    {"id": "p2", "text": "Drug X reduced all-cause mortality by 20% in a trial of 3,000 adults with heart failure."},
]
CLAIMS = [
    {"id": "c1", "claim": "Drug X reduces mortality in heart failure.", "label": "Supported", "gold_passages": ["p2"]},
    {"id": "c2", "claim": "Drug X increases mortality in heart failure.", "label": "Refuted", "gold_passages": ["p2"]},
]


@pytest.fixture
def proj(project, tmp_path):
    from factaudit.engine.ingest import import_files

    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    claims.write_text("".join(json.dumps(r) + "\n" for r in CLAIMS))
    import_files(project, [corpus], fmt="jsonl", kind="corpus", dataset="corpus")
    import_files(project, [claims], fmt="jsonl", kind="claims", dataset="claims")
    rr = run_store.create_run(project, "retrieve", {"retriever": "fixed", "k": 2})
    run_store.add_hits(project, rr, [HitRecord(c, r, p, 1.0 / r) for c in ("c1", "c2")
                                     for r, p in enumerate(("p1", "p2"), start=1)])
    run_store.finish_run(project, rr, "done")
    vr = run_store.create_run(project, "verify", {"retrieval_run": rr, "k": 2})
    run_store.add_verdict(project, vr, VerdictRecord(claim_id="c1", verdict="Supported", reasoning="[2] shows it.",
                                                     evidence_used=["p2"], parse_status="ok"))
    run_store.add_verdict(project, vr, VerdictRecord(claim_id="c2", verdict="Supported", reasoning="[1] is about drug X.",
                                                     evidence_used=["p1"], parse_status="ok"))
    run_store.finish_run(project, vr, "done")
    # The expert had something to say that no credibility code captures.
    ann.annotate(project, target="evidence", claim_id="c1", passage_id="p1", dimension="credibility",
                 code="unreliable", annotator="alice", note="retracted article, not merely outdated")
    ann.annotate(project, target="evidence", claim_id="c1", passage_id="p2", dimension="polarity",
                 code="supports", annotator="alice")
    project.ids = {"retrieval": rr, "verify": vr}  # type: ignore[attr-defined]
    return project


def test_uncovered_cases_notes_and_unexplained_disagreements(proj):
    vr = proj.ids["verify"]
    cases = induction.uncovered_cases(proj, vr)
    kinds = sorted((c.kind, c.claim_id) for c in cases)
    # c2's verdict (Supported) disagrees with its gold (Refuted) and nothing labels a failure for it.
    assert kinds == [("disagreement", "c2"), ("note", "c1")]
    # A failure code on its reasoning explains the disagreement: no longer a case.
    ann.annotate(proj, target="reasoning", claim_id="c2", run_id=vr, dimension="evidence_selection",
                 code="irrelevant_passage", annotator="alice")
    assert [c.kind for c in induction.uncovered_cases(proj, vr)] == ["note"]
    # Without a verify run only notes count; LLM labels with notes do not.
    ann.annotate(proj, target="evidence", claim_id="c2", passage_id="p2", dimension="polarity", code="neutral",
                 annotator="llm:smollm2-135m@0123456789ab", note="judge-9 (care)")
    assert [c.kind for c in induction.uncovered_cases(proj)] == ["note"]


def test_round_accept_merge_reject_new_version_and_saturation_plot(proj, tmp_path):
    v1 = codebook_versions.current(proj)
    assert v1.version == 1
    proposals = [
        {"target": "evidence", "dimension": "credibility", "code_id": "retracted", "name": "Retracted source",
         "definition": "The passage is from a retracted or withdrawn publication.", "pattern": "R3", "examples": ["c1"]},
        {"target": "evidence", "dimension": "polarity", "code_id": "supports_strongly", "name": "Strong support",
         "definition": "Supports with a large effect.", "pattern": "", "examples": ["c1"]},
        {"target": "reasoning", "dimension": "grounding", "code_id": "hallucinated_citation", "name": "Hallucinated citation",
         "definition": "Cites a passage number that does not exist.", "pattern": "", "examples": ["c2"]},
    ]
    r1 = js.add_round(proj, proposals, proposer="alice", run=proj.ids["verify"])
    assert r1.n_cases == 2 and len(r1.proposals) == 3
    p_acc, p_merge, p_new = r1.proposals
    with pytest.raises(InvalidArgument, match="decide every proposal"):
        js.close_round(proj, r1.round_id)
    with pytest.raises(InvalidArgument, match="merge into one of"):
        js.merge_proposal(proj, p_merge.id, "no_such_code")
    js.accept_proposal(proj, p_acc.id, decided_by="alice")
    js.merge_proposal(proj, p_merge.id, "supports", decided_by="alice")
    js.accept_proposal(proj, p_new.id, decided_by="alice")
    js.reject_proposal(proj, p_new.id, decided_by="alice")      # a change of mind before closing
    closed = js.close_round(proj, r1.round_id)
    assert (closed.n_new_codes, closed.n_merged, closed.n_rejected) == (1, 1, 1)
    assert closed.new_version == 2
    v2 = codebook_versions.current(proj)
    assert v2.version == 2
    code = v2.dimension("credibility", "evidence").code("retracted")
    assert code is not None and code.pattern == "R3" and code.examples == ("claim c1",)
    assert "claim c1" in v2.dimension("polarity", "evidence").code("supports").examples
    assert v2.dimension("grounding", "reasoning").code("hallucinated_citation") is None
    assert v1.dimension("credibility").code("retracted") is None           # version 1 is unchanged
    # The new code is usable at once; labels made under v1 keep their version.
    a = ann.annotate(proj, target="evidence", claim_id="c2", passage_id="p1", dimension="credibility",
                     code="retracted", annotator="alice")
    assert a.codebook_version == 2
    with pytest.raises(InvalidArgument, match="closed"):
        js.reject_proposal(proj, p_acc.id)

    # Round 2: every case was read in round 1, so nothing is uncovered and nothing is proposed.
    assert js.uncovered_cases(proj, proj.ids["verify"]) == []
    r2 = js.induce(proj, run=proj.ids["verify"])            # no cases: no model is loaded
    assert r2.n_cases == 0 and r2.proposals == []
    c2 = js.close_round(proj, r2.round_id)
    assert c2.n_new_codes == 0 and c2.new_version is None and codebook_versions.current(proj).version == 2
    assert induction.saturation(proj) == [(r1.round_id, 1), (r2.round_id, 0)]

    png = js.saturation_plot(proj, tmp_path / "plots" / "saturation.png")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import matplotlib.image as mpimg

    img = mpimg.imread(str(png))
    assert img.shape[0] > 100 and img.shape[1] > 100


def test_accepting_an_existing_code_id_is_refused(proj):
    r = js.add_round(proj, [{"target": "evidence", "dimension": "polarity", "code_id": "neutral", "name": "Neutral",
                             "definition": "dup", "examples": []}], proposer="bob")
    with pytest.raises(InvalidArgument, match="already has a code"):
        js.accept_proposal(proj, r.proposals[0].id)
    with pytest.raises(InvalidArgument, match="lower_snake_case"):
        js.add_round(proj, [{"target": "evidence", "dimension": "polarity", "code_id": "Bad Id", "name": "x",
                             "definition": "x"}], proposer="bob")


def test_round_with_the_embedded_model(proj):
    from factaudit.engine.models import registry
    from factaudit.engine.models.llm import open_llm

    llm = open_llm(registry.resolve_llm(None), seed=0, temperature=0.0)
    try:
        res = induce.run_round(proj, llm, run=proj.ids["verify"], max_cases=4, max_tokens=220, max_proposals=2)
    finally:
        llm.close()
    assert res.n_cases == 2 and res.parse_status in ("ok", "repaired", "failed")
    assert res.proposer.startswith("llm:smollm2-135m@")
    book = codebook_versions.current(proj)
    for p in res.proposals:
        dim = book.dimension(p.dimension)
        assert p.target == dim.target and cb.ID_RE.match(p.code_id)
        assert set(p.examples) <= {"c1", "c2"}
    # Decide everything (accept what can be accepted) and close: the round is recorded either way.
    accepted = 0
    for p in res.proposals:
        if book.dimension(p.dimension).code(p.code_id) is None and accepted == 0:
            js.accept_proposal(proj, p.id)
            accepted += 1
        else:
            js.reject_proposal(proj, p.id)
    closed = js.close_round(proj, res.round_id)
    assert closed.n_new_codes == accepted
    assert codebook_versions.current(proj).version == (2 if accepted else 1)


def test_cli_induction_decides_closes_and_plots(proj, tmp_path):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    r = js.add_round(proj, [{"target": "evidence", "dimension": "credibility", "code_id": "retracted",
                             "name": "Retracted", "definition": "Withdrawn publication.", "examples": ["c1"]}],
                     proposer="alice")
    path = str(proj.path)
    proj.close()
    plot = tmp_path / "sat.png"
    out = CliRunner().invoke(cli, ["induction", path, "--accept", str(r.proposals[0].id), "--close", str(r.round_id),
                                   "--plot", str(plot), "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["closed"]["new_version"] == 2 and doc["closed"]["n_new_codes"] == 1 and plot.is_file()
    assert doc["rounds"][0]["proposals"][0]["decision"] == "accept"
    bad = CliRunner().invoke(cli, ["induction", path, "--close", "999"])
    assert bad.exit_code != 0 and "999" in bad.output
