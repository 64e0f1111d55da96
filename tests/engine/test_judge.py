"""The LLM judge with the embedded SmolLM2 on a few units: labels restricted to the codebook's codes,
annotations linked to a pinned, immutable judge run, resume after a cancel, reasoning target, CLI."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest

from factaudit.engine.audit import codebook_versions
from factaudit.engine.errors import InvalidArgument, JobCancelled
from factaudit.engine.jobs import CancelToken
from factaudit.engine.models import registry
from factaudit.engine.pipeline.prompts import load_prompt
from factaudit.engine.project import audit_store, judge_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import HitRecord, VerdictRecord
from factaudit.engine import services as js

CORPUS = [
    {"id": "p1", "title": "Metformin trial", "text": "In a randomized trial of 400 adults with type 2 diabetes, "
     "metformin lowered HbA1c by 1.1 percentage points compared with placebo over 24 weeks."},
    {"id": "p2", "title": "Bone density", "text": "Vitamin D supplementation in children did not change bone "
     "mineral density at the lumbar spine after one year."},
    {"id": "p3", "title": "Metformin mechanism", "text": "Metformin reduces hepatic glucose production, mainly by "
     "inhibiting gluconeogenesis in the liver."},
    {"id": "p4", "title": "Statins", "text": "Statin therapy reduced major vascular events by about one fifth per "
     "mmol/L reduction in LDL cholesterol."},
]
CLAIMS = [
    {"id": "c1", "claim": "Metformin lowers HbA1c in adults with type 2 diabetes.", "label": "Supported",
     "gold_passages": ["p1"]},
    {"id": "c2", "claim": "Vitamin D increases bone density in children.", "label": "Refuted",
     "gold_passages": ["p2"]},
]
HITS = {"c1": ["p1", "p3", "p2"], "c2": ["p2", "p4", "p1"]}
ANNOTATOR_RE = re.compile(r"^llm:smollm2-135m@[0-9a-f]{12}$")


@pytest.fixture(scope="module")
def llm():
    from factaudit.engine.models.llm import open_llm

    model = open_llm(registry.resolve_llm(None), seed=0, temperature=0.0)
    yield model
    model.close()


@pytest.fixture
def proj(project, tmp_path):
    from factaudit.engine.ingest import import_files

    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    claims.write_text("".join(json.dumps(r) + "\n" for r in CLAIMS))
    import_files(project, [corpus], fmt="jsonl", kind="corpus", dataset="mini-corpus")
    import_files(project, [claims], fmt="jsonl", kind="claims", dataset="mini-claims")
    rr = run_store.create_run(project, "retrieve", {"retriever": "fixed", "k": 3})
    run_store.add_hits(project, rr, [HitRecord(cid, rank, pid, 1.0 / rank)
                                     for cid, pids in HITS.items() for rank, pid in enumerate(pids, start=1)])
    run_store.finish_run(project, rr, "done")
    vr = run_store.create_run(project, "verify", {"retrieval_run": rr, "k": 2, "mode": "joint"})
    run_store.add_verdict(project, vr, VerdictRecord(
        claim_id="c1", verdict="Refuted", reasoning="Passage [1] says metformin raised HbA1c.", evidence_used=["p1"],
        parse_status="ok"))
    run_store.finish_run(project, vr, "done")
    project.ids = {"retrieval": rr, "verify": vr}  # type: ignore[attr-defined]
    return project


def _judge_annotations(project, run_id):
    return [a for a in audit_store.list_annotations(project) if a.note and a.note.startswith(run_id + " ")]


def test_care_labels_are_codebook_codes_on_a_pinned_immutable_run(proj, llm):
    rr = proj.ids["retrieval"]
    res = js.judge(proj, js.JudgeRequest(run=rr, target="evidence", mode="care", k=2, limit=1,
                                         dimensions=["entity_match", "polarity"], max_tokens=60), llm=llm)
    assert res.status == "done" and res.n_units == 2 and res.n_done == 2
    book = codebook_versions.current(proj)
    allowed = {d.id: set(d.code_ids) for d in book.evidence}
    units = judge_store.get_units(proj, res.run_id)
    assert [(u.claim_id, u.passage_id) for u in units] == [("c1", "p1"), ("c1", "p3")]
    for u in units:
        assert u.parse_status in ("ok", "repaired", "failed")
        if u.parse_status != "failed":
            # the raw reply itself is JSON whose values are codes of this codebook
            raw = json.loads(u.raw_output[u.raw_output.index("{"):u.raw_output.rindex("}") + 1])
            assert set(raw) == {"entity_match", "polarity"}
            assert all(raw[d] in allowed[d] for d in raw)
            assert u.labels == raw
    anns = [a for a in audit_store.list_annotations(proj, target="evidence") if a.run_id == res.run_id]
    assert len(anns) == sum(len(u.labels) for u in units)
    for a in anns:
        assert ANNOTATOR_RE.match(a.annotator) and a.annotator == res.annotator
        assert a.blind is False and a.codebook_version == book.version and a.pass_ == "first"
        assert a.code in allowed[a.dimension]
    run = run_store.get_run(proj, res.run_id)
    assert run.kind == "judge" and run.status == "done"
    cfg = run.config
    prompt = load_prompt("judge_evidence_care")
    assert cfg["prompt"]["sha256"] == prompt.sha256 and res.annotator.endswith("@" + prompt.sha256[:12])
    assert cfg["model"]["sha256"] == registry.file_sha256(registry.embedded_gguf_path())
    assert (cfg["mode"], cfg["with_gold"], cfg["target"], cfg["run"]) == ("care", False, "evidence", rr)
    assert cfg["codebook_version"] == book.version and cfg["codebook_sha256"] == book.sha256
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        with proj.atomic() as conn:
            conn.execute("INSERT INTO judge_units(run_id, claim_id, passage_id, parse_status, created)"
                         " VALUES (?, 'c2', 'p2', 'ok', 'now')", (res.run_id,))


def test_resume_after_cancel_gives_one_label_per_unit(proj, llm):
    rr = proj.ids["retrieval"]
    token = CancelToken()

    def stop_after_first(done, total, message=""):
        if done >= 1:
            token.cancel()

    req = js.JudgeRequest(run=rr, target="evidence", mode="direct", k=2, limit=1, dimensions=["polarity"],
                          max_tokens=40)
    with pytest.raises(JobCancelled) as info:
        js.judge(proj, req, progress=stop_after_first, cancel=token, llm=llm)
    run_id = info.value.run_id
    assert run_store.get_run(proj, run_id).status == "cancelled"
    assert len(judge_store.get_units(proj, run_id)) == 1
    res = js.judge(proj, js.JudgeRequest(resume=run_id), llm=llm)
    assert res.run_id == run_id and res.status == "done" and res.n_new == 1
    units = judge_store.get_units(proj, run_id)
    assert sorted(u.passage_id for u in units) == ["p1", "p3"]
    labelled = [u for u in units if u.labels]
    per_unit: dict[tuple, int] = {}
    for a in audit_store.list_annotations(proj, target="evidence"):
        if a.run_id == run_id:
            per_unit[(a.claim_id, a.passage_id, a.dimension)] = per_unit.get((a.claim_id, a.passage_id, a.dimension), 0) + 1
    assert per_unit == {("c1", u.passage_id, "polarity"): 1 for u in labelled}
    with pytest.raises(Exception, match="finished"):
        js.judge(proj, js.JudgeRequest(resume=run_id), llm=llm)


def test_indirect_with_gold_infers_polarity_from_the_answer(proj, llm):
    rr = proj.ids["retrieval"]
    res = js.judge(proj, js.JudgeRequest(run=rr, target="evidence", mode="indirect", with_gold=True, k=1, limit=1,
                                         max_tokens=80), llm=llm)
    (unit,) = judge_store.get_units(proj, res.run_id)
    cfg = run_store.get_run(proj, res.run_id).config
    assert cfg["prompt"]["sha256"] == load_prompt("judge_evidence_indirect_gold").sha256
    assert cfg["dimensions"] == ["polarity"] and cfg["with_gold"] is True
    if unit.parse_status != "failed":
        expected = {"Supported": "supports", "Refuted": "refutes", "No Evidence": "neutral"}[unit.answer["verdict"]]
        assert unit.labels == {"polarity": expected}
        (a,) = [a for a in audit_store.list_annotations(proj, target="evidence") if a.run_id == res.run_id]
        assert (a.dimension, a.code, a.passage_id) == ("polarity", expected, "p1")


def test_reasoning_target_rates_the_six_steps(proj, llm):
    vr = proj.ids["verify"]
    res = js.judge(proj, js.JudgeRequest(run=vr, target="reasoning", max_tokens=140), llm=llm)
    assert res.n_units == 1
    assert run_store.get_run(proj, res.run_id).config["k"] == 2          # the verify run's k
    (unit,) = judge_store.get_units(proj, res.run_id)
    assert unit.claim_id == "c1" and unit.passage_id is None
    book = codebook_versions.current(proj)
    if unit.parse_status != "failed":
        assert set(unit.labels) == {d.id for d in book.reasoning}
        anns = _judge_annotations(proj, res.run_id)
        assert len(anns) == 6
        for a in anns:
            assert a.target == "reasoning" and a.run_id == vr and a.passage_id is None
            assert a.code in book.dimension(a.dimension, "reasoning").code_ids


def test_schema_enums_are_the_codebook_codes(proj):
    from factaudit.engine.models.llm import schema_errors
    from factaudit.engine.pipeline import judge as jp

    book = codebook_versions.current(proj)
    for target in ("evidence", "reasoning"):
        dims = jp.select_dimensions(book, target, "care", None)
        schema = jp.labels_schema(dims)
        assert {k: v["enum"] for k, v in schema["properties"].items()} == {d.id: list(d.code_ids) for d in book.dimensions(target)}
        good = {d.id: d.code_ids[0] for d in dims}
        assert schema_errors(good, schema) == []
        assert schema_errors({**good, dims[0].id: "not_a_code"}, schema)
        assert schema_errors({**good, "extra": "x"}, schema)
    assert [d.id for d in jp.select_dimensions(book, "evidence", "indirect", None)] == ["polarity"]
    # named in any order, rated in codebook order (the schema's key order steers a small model)
    assert [d.id for d in jp.select_dimensions(book, "evidence", "care", ["polarity", "entity_match"])] == [
        "entity_match", "polarity"]


def test_bad_requests_fail_before_loading_a_model(proj):
    rr, vr = proj.ids["retrieval"], proj.ids["verify"]
    with pytest.raises(InvalidArgument, match="apply to evidence pre-labels") as refused:
        js.judge(proj, js.JudgeRequest(run=vr, target="reasoning", mode="direct"))
    assert refused.value.settings == ("mode", "target")
    with pytest.raises(InvalidArgument, match="rates a verify run"):
        js.judge(proj, js.JudgeRequest(run=rr, target="reasoning"))
    with pytest.raises(InvalidArgument, match="retrieval run"):
        js.judge(proj, js.JudgeRequest(run=vr, target="evidence"))
    with pytest.raises(InvalidArgument, match="not one of the evidence dimensions"):
        js.judge(proj, js.JudgeRequest(run=rr, dimensions=["nonsense"]))
    assert run_store.list_runs(proj, kind="judge") == []


def test_cli_judge_json_and_bad_input(proj, tmp_path):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    path = str(proj.path)
    rr = proj.ids["retrieval"]
    proj.close()
    runner = CliRunner()
    out = runner.invoke(cli, ["judge", path, "--run", rr, "--target", "evidence", "--mode", "direct", "--k", "1",
                              "--limit", "1", "--dimensions", "polarity", "--max-tokens", "40", "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["n_units"] == 1 and doc["status"] == "done" and doc["run_id"].startswith("judge-")
    bad = runner.invoke(cli, ["judge", path, "--run", "retrieve-999", "--target", "evidence"])
    assert bad.exit_code != 0 and "retrieve-999" in bad.output
