"""Decomposition (sentence and LLM methods), claim ids and provenance, expert claim edits."""
from __future__ import annotations

import hashlib
import json
from importlib import resources

import pytest

from factaudit.engine.errors import DatasetFrozen, InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.models.llm import LLMResult, parse_reply
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.queries import get_claim, list_claims
from factaudit.engine import services as vs

ANSWERS = [
    {"id": "q1", "question": "Is aspirin useful after a heart attack?",
     "answer": "Aspirin lowers the risk of a second heart attack. It also thins the blood and may cause bleeding.",
     "sentences": [
         {"id": "q1-s1", "text": "Aspirin lowers the risk of a second heart attack.", "label": "correct"},
         {"id": "q1-s2", "text": "It also thins the blood and may cause bleeding.", "label": "error",
          "reason": "made up"}]},
    {"id": "q2", "question": "What is vitamin D for?", "answer": "Vitamin D helps absorb calcium.",
     "sentences": [{"id": "q2-s1", "text": "Vitamin D helps absorb calcium.", "label": "correct"}]},
]


@pytest.fixture(autouse=True)
def _cache(monkeypatch, tmp_path):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def answers(project, tmp_path):
    f = tmp_path / "answers.jsonl"
    f.write_text("\n".join(json.dumps(a) for a in ANSWERS) + "\n")
    import_files(project, [f], fmt="jsonl", kind="answers", dataset="answers")
    return project


class ScriptedLLM:
    def __init__(self, replies):
        self.replies = list(replies)
        self.prompts = []
        self.entry = ModelEntry(name="scripted", kind="llm", source="path")

    def complete_json(self, messages, schema, max_tokens=256, seed=None, temperature=None):
        self.prompts.append(messages)
        text = self.replies.pop(0)
        parsed, status, _ = parse_reply(text, schema)
        return LLMResult(text, parsed, status, 10, 5, 1.0)

    def provenance(self):
        return {"backend": "scripted"}

    def close(self):
        pass


def test_one_claim_per_sentence_inherits_the_sentence_label(answers):
    res = vs.decompose(answers, vs.DecomposeRequest(method="sentence", dataset="answers"))
    assert (res.n_items, res.n_sentences, res.n_claims, res.n_retired) == (2, 3, 3, 0)
    claims = {c.id: c for c in list_claims(answers, "answers")}
    assert set(claims) == {"q1-s1#1", "q1-s2#1", "q2-s1#1"}
    c = claims["q1-s2#1"]
    assert (c.text, c.sentence_id, c.item_id, c.origin, c.sentence_label) == (
        "It also thins the blood and may cause bleeding.", "q1-s2", "q1", "decompose", "error")
    row = answers.reader().execute("SELECT run_id, dataset_id FROM claims WHERE id = 'q1-s1#1'").fetchone()
    ds = answers.reader().execute("SELECT dataset_id FROM items WHERE id = 'q1'").fetchone()[0]
    assert row[0] == res.run_id and row[1] == ds
    run = run_store.get_run(answers, res.run_id)
    assert run.kind == "decompose" and run.status == "done" and run.summary["n_claims"] == 3


def test_llm_method_makes_atomic_claims_and_keeps_failures_whole(answers):
    llm = ScriptedLLM([
        json.dumps({"claims": ["Aspirin lowers the risk of a second heart attack."]}),
        json.dumps({"claims": ["Aspirin thins the blood.", "Aspirin may cause bleeding."]}),
        "Vitamin D is great!",                       # not JSON: the sentence stays whole, flagged
    ])
    res = vs.decompose(answers, vs.DecomposeRequest(method="llm", dataset="answers"), llm=llm)
    assert (res.n_claims, res.n_fallbacks) == (4, 1)
    claims = {c.id: c.text for c in list_claims(answers, "answers")}
    assert claims == {"q1-s1#1": "Aspirin lowers the risk of a second heart attack.",
                      "q1-s2#1": "Aspirin thins the blood.", "q1-s2#2": "Aspirin may cause bleeding.",
                      "q2-s1#1": "Vitamin D helps absorb calcium."}
    assert verify_store.claim_meta(answers, "q2-s1#1") == {"method": "llm", "parse_status": "failed", "fallback": True}
    # The answer is the context: the second sentence's prompt carries the whole answer and the question.
    user = llm.prompts[1][1]["content"]
    assert ANSWERS[0]["answer"] in user and ANSWERS[0]["question"] in user
    assert "Sentence to split: <<<It also thins the blood" in user
    cfg = run_store.get_run(answers, res.run_id).config
    raw = resources.files("factaudit.resources").joinpath("prompts", "decompose.txt").read_bytes()
    assert cfg["prompt"] == {"name": "decompose", "sha256": hashlib.sha256(raw).hexdigest()}
    assert cfg["method"] == "llm" and cfg["temperature"] == 0.0


def test_decomposing_again_retires_the_old_claims_and_continues_numbering(answers):
    first = vs.decompose(answers, vs.DecomposeRequest(method="sentence"))
    second = vs.decompose(answers, vs.DecomposeRequest(method="sentence"))
    assert second.n_retired == 3
    active = {c.id for c in list_claims(answers, "answers")}
    assert active == {"q1-s1#2", "q1-s2#2", "q2-s1#2"}
    old = answers.reader().execute("SELECT active, run_id FROM claims WHERE id = 'q1-s1#1'").fetchone()
    assert tuple(old) == (0, first.run_id)


def test_expert_edit_keeps_the_original(answers):
    vs.decompose(answers, vs.DecomposeRequest(method="sentence"))
    new_id = vs.edit_claim(answers, "q1-s2#1", "Aspirin  thins the blood.", editor="dr.a", note="split")
    assert new_id == "q1-s2#1~edit1"
    old = answers.reader().execute("SELECT active, replaced_by, text FROM claims WHERE id = 'q1-s2#1'").fetchone()
    assert tuple(old) == (0, new_id, "It also thins the blood and may cause bleeding.")
    new = get_claim(answers, new_id)
    assert (new.text, new.origin, new.sentence_id, new.sentence_label) == ("Aspirin thins the blood.", "edit", "q1-s2", "error")
    meta = verify_store.claim_meta(answers, new_id)
    assert meta["edited_from"] == "q1-s2#1" and meta["editor"] == "dr.a" and meta["original_text"].startswith("It also")
    with pytest.raises(InvalidArgument, match="already replaced"):
        vs.edit_claim(answers, "q1-s2#1", "again")
    second = vs.edit_claim(answers, new_id, "Aspirin thins blood.")
    assert second == "q1-s2#1~edit2"
    assert [c["id"] for c in vs.claim_lineage(answers, "q1-s2#1")] == ["q1-s2#1", new_id, second]
    with pytest.raises(InvalidArgument):
        vs.edit_claim(answers, second, "   ")


def test_edits_of_a_frozen_dataset_are_refused(answers):
    from factaudit.engine.services import freeze_dataset

    vs.decompose(answers, vs.DecomposeRequest(method="sentence"))
    freeze_dataset(answers, "answers")
    with pytest.raises(DatasetFrozen):
        vs.edit_claim(answers, "q1-s1#1", "Aspirin helps.")
    assert get_claim(answers, "q1-s1#1").text == "Aspirin lowers the risk of a second heart attack."


def test_nothing_to_decompose_is_a_clear_error(project):
    with pytest.raises(InvalidArgument, match="no answers with sentences"):
        vs.decompose(project, vs.DecomposeRequest(method="sentence"))
    with pytest.raises(InvalidArgument, match="unknown method"):
        vs.decompose(project, vs.DecomposeRequest(method="magic"))


def test_demo_step_decomposes_the_medexpert_answers(demo_project):
    from factaudit.engine.services.demo import DemoSummary, demo_step_decompose

    n_sentences = demo_project.reader().execute(
        "SELECT count(*) FROM sentences s JOIN items i ON i.id = s.item_id JOIN datasets d ON d.id = i.dataset_id"
        " WHERE d.name = 'medexpert-demo'").fetchone()[0]
    assert n_sentences > 0
    summary = DemoSummary(project=str(demo_project.path))
    demo_step_decompose(demo_project, summary)
    step = summary.steps[-1]
    assert step["step"] == "decompose" and step["n_claims"] == n_sentences
    claims = list_claims(demo_project, "medexpert-demo")
    assert len(claims) == n_sentences and all(c.id == f"{c.sentence_id}#1" for c in claims)


def test_llm_method_with_the_embedded_model(answers):
    res = vs.decompose(answers, vs.DecomposeRequest(method="llm", dataset="answers", limit=1, max_tokens=120))
    assert res.n_sentences == 2 and res.n_claims >= 2
    for c in list_claims(answers, "answers"):
        assert c.text.strip() and c.id.startswith(f"{c.sentence_id}#")
    cfg = run_store.get_run(answers, res.run_id).config
    assert cfg["model"]["name"] == "smollm2-135m" and len(cfg["model"]["sha256"]) == 64


def test_demo_verify_step_without_a_retrieval_run_fails_loudly(demo_project):
    from factaudit.engine.errors import InvalidArgument
    from factaudit.engine.services.demo import DemoSummary, demo_step_verify

    summary = DemoSummary(project=str(demo_project.path))
    with pytest.raises(InvalidArgument, match="retrieval run"):
        demo_step_verify(demo_project, summary)
    assert summary.steps == []


def test_latest_retrieval_run_is_the_newest_finished_one_with_hits(demo_project, tmp_path):
    claims = list_claims(demo_project, "scifact-demo")[:2]
    pid = demo_project.reader().execute("SELECT id FROM passages LIMIT 1").fetchone()[0]
    runs = []
    for n in range(2):
        f = tmp_path / f"r{n}.trec"
        f.write_text("".join(f"{c.id} Q0 {pid} 1 1.0 t\n" for c in claims))
        runs.append(import_files(demo_project, [f], fmt="trec", dataset=f"r{n}").run_id)
    run_store.create_run(demo_project, "retrieve", {"unfinished": True})
    assert vs.latest_retrieval_run(demo_project) == runs[-1]
