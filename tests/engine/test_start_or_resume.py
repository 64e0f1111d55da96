"""jobs.start_or_resume, the one front half of every run (issue #20): a killed run resumes with the
model its config pins and works each unit once; a changed prompt, a run of another kind, a finished
run or bad settings are refused before anything is written or opened; a model opened there is
closed whatever happens, a given one is left alone. The typed configs store the keys earlier
versions wrote (so project files stay readable both ways), and a verify run reads its hits and
claims once. The toy kind (toy_run_kind.py) has a stand-in model that records opens and closes."""
from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import toy_run_kind as toy
from factaudit.engine import jobs, services
from factaudit.engine.errors import InvalidArgument, JobCancelled, RunCancelled, RunFailed, RunImmutable
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _fresh_events(monkeypatch):
    monkeypatch.setattr(toy, "EVENTS", [])


def scifact_claims(project: Project) -> list[str]:
    """The scifact-demo claim ids in import order, read with SQL of this test's own."""
    return [r[0] for r in project.reader().execute(
        "SELECT c.id FROM claims c JOIN datasets d ON d.id = c.dataset_id"
        " WHERE d.name = 'scifact-demo' AND c.active = 1 ORDER BY c.rowid")]


def verdict_rows(project: Project, run_id: str) -> list[tuple[str, str]]:
    return [tuple(r) for r in project.reader().execute(
        "SELECT claim_id, reasoning FROM verdicts WHERE run_id = ? ORDER BY claim_id", (run_id,))]


def n_runs(project: Project) -> int:
    return project.reader().execute("SELECT count(*) FROM runs").fetchone()[0]


def stop_at(n: int, exc: BaseException):
    def progress(done, total, message=""):
        if done == n:
            raise exc
    return progress


# ---- resume ----------------------------------------------------------------------------------------
def test_a_killed_run_resumes_with_its_pinned_model_and_each_claim_once(demo_project_path, tmp_path):
    path = tmp_path / "killed.faproj"
    path.write_bytes(demo_project_path.read_bytes())
    code = (
        "import os, sys\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "import toy_run_kind as toy\n"
        "from factaudit.engine.project.db import Project\n"
        "def progress(done, total, message=''):\n"
        "    if done == 3:\n"
        "        os._exit(9)\n"  # dies after the third claim's commit, without ending the run
        f"toy.run(Project.open({str(path)!r}), toy.ToyRequest(limit=8), progress=progress)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 9, out.stderr
    with Project.open(path) as p:
        (run,) = run_store.list_runs(p, kind="toy")
        assert run.status == "interrupted" and len(verdict_rows(p, run.id)) == 3
        # The request names another model: the run's pin decides which one opens.
        started = toy.run(p, toy.ToyRequest(model="another-model", resume=run.id))
        assert started.run_id == run.id and started.resumed
        assert toy.EVENTS == [("open", "toy-model"), ("close", "toy-model")]
        first8 = scifact_claims(p)[:8]
        assert verdict_rows(p, run.id) == sorted((c, "by toy-model") for c in first8)
        after = run_store.get_run(p, run.id)
        assert after.status == "done" and after.config == run.config   # the stored config is as it was


def test_a_changed_prompt_refuses_the_resume_and_changes_nothing(demo_project, monkeypatch):
    with pytest.raises(RunCancelled) as info:
        toy.run(demo_project, toy.ToyRequest(limit=6), progress=stop_at(2, JobCancelled("stop")))
    run_id = info.value.run_id
    kept = verdict_rows(demo_project, run_id)
    toy.EVENTS.clear()
    monkeypatch.setattr(toy, "TEMPLATE", "Does the evidence support {claim}?")
    with pytest.raises(InvalidArgument, match=rf"^the prompt template changed since {run_id} started"):
        toy.run(demo_project, toy.ToyRequest(resume=run_id))
    assert toy.EVENTS == []                                     # no model opened
    assert run_store.get_run(demo_project, run_id).status == "cancelled"
    assert verdict_rows(demo_project, run_id) == kept and len(kept) == 2


def test_a_run_of_another_kind_is_refused(demo_project):
    with pytest.raises(RunCancelled) as info:
        services.decompose(demo_project, services.DecomposeRequest(method="sentence", dataset="medexpert-demo"),
                           progress=stop_at(1, JobCancelled("stop")))
    decompose_run = info.value.run_id
    with pytest.raises(InvalidArgument, match=f"^{decompose_run} is a decompose run, not a toy run$"):
        toy.run(demo_project, toy.ToyRequest(resume=decompose_run))
    with pytest.raises(InvalidArgument, match=f"^{decompose_run} is a decompose run, not a verify run$"):
        services.verify(demo_project, services.VerifyRequest(resume=decompose_run))
    with pytest.raises(InvalidArgument, match=f"^{decompose_run} is a decompose run, not a judge run$"):
        services.judge(demo_project, services.JudgeRequest(resume=decompose_run))
    assert toy.EVENTS == []
    assert run_store.get_run(demo_project, decompose_run).status == "cancelled"


def test_a_finished_run_is_not_reopened(demo_project):
    done = toy.run(demo_project, toy.ToyRequest(limit=2))
    toy.EVENTS.clear()
    with pytest.raises(RunImmutable, match="is finished"):
        toy.run(demo_project, toy.ToyRequest(resume=done.run_id))
    assert toy.EVENTS == []


# ---- new runs --------------------------------------------------------------------------------------
@pytest.mark.parametrize("req, message", [
    (toy.ToyRequest(limit=0), "no claims: nothing to do"),                       # read_inputs
    (toy.ToyRequest(temperature=2.5), "temperature must be between 0 and 2"),    # the opener's check
    (toy.ToyRequest(limit=-1), "limit must be >= 0"),                            # validate
])
def test_a_failed_check_writes_nothing_and_opens_nothing(demo_project, req, message):
    before = n_runs(demo_project)
    with pytest.raises(InvalidArgument, match=f"^{message}$"):
        toy.run(demo_project, req)
    assert n_runs(demo_project) == before and toy.EVENTS == []


def test_the_model_opened_here_is_closed_when_the_run_fails(demo_project):
    with pytest.raises(RunFailed, match="splitter broke") as info:
        toy.run(demo_project, toy.ToyRequest(limit=5), progress=stop_at(2, ValueError("splitter broke")))
    assert toy.EVENTS == [("open", "toy-model"), ("close", "toy-model")]
    run = run_store.get_run(demo_project, info.value.run_id)
    assert run.status == "failed" and run.config["model"] == {"name": "toy-model"}
    assert run.provenance["toy"] == "toy-model"


def test_a_given_model_is_used_as_it_is_and_left_open(demo_project):
    started = toy.run(demo_project, toy.ToyRequest(limit=3), model=toy.ToyModel("loaded-by-caller"))
    assert toy.EVENTS == []
    assert run_store.get_run(demo_project, started.run_id).config["model"] == {"name": "loaded-by-caller"}
    assert {r for _, r in verdict_rows(demo_project, started.run_id)} == {"by loaded-by-caller"}


# ---- typed configs and the real kinds --------------------------------------------------------------
class StandInVerifier:
    """Every claim Supported, citing nothing (no model, no network)."""

    context_length = 4096
    max_concurrency = 1

    def __init__(self):
        from factaudit.engine.models.registry import ModelEntry

        self.entry = ModelEntry(name="stand-in", kind="llm", source="path")

    def count_tokens(self, text):
        return len(text.split())

    def count_message_tokens(self, messages):
        return sum(self.count_tokens(m["content"]) for m in messages)

    def complete_json(self, messages, schema, max_tokens=256, seed=None, temperature=None):
        from factaudit.engine.models.llm import LLMResult, parse_reply

        text = json.dumps({"verdict": "Supported", "reasoning": "ok", "evidence_used": []})
        parsed, status, _ = parse_reply(text, schema)
        return LLMResult(text, parsed, status, self.count_message_tokens(messages), 5, 1.0)

    def provenance(self):
        return {}


# The keys each kind's config had before the typed configs (read from the code they replace).
VERIFY_KEYS = {"retrieval_run", "mode", "k", "limit", "dataset", "seed", "temperature", "max_tokens",
               "passage_words", "prompt_cache", "evidence", "prompt", "corpus_hash", "model",
               "withheld_instructions", "scoring",
               "strategy"}      # added by the one verify run kind (issue #31 item 4); absent reads as "llm"
RETRIEVE_BM25_KEYS = {"retriever", "components", "k", "model", "merge", "dataset", "corpus_dataset", "corpus_hash",
                      "n_passages", "n_claims", "claim_ids", "tokenization", "languages"}
AGGREGATE_KEYS = {"variant", "dataset", "retrieval_run", "k", "limit", "lexicon", "lexicon_sha256", "seed",
                  "temperature", "max_tokens", "doc_words", "prompts", "model", "corpus_hash", "privileged"}


def test_new_configs_keep_the_keys_earlier_versions_wrote_and_read_back_unchanged(demo_project):
    from factaudit.engine.services.conflicts import AggregateConfig
    from factaudit.engine.services.decomposition import DecomposeConfig
    from factaudit.engine.services.retrieval_run import RetrievalConfig
    from factaudit.engine.services.verification import VerifyConfig

    rr = services.retrieve(demo_project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    vr = services.verify(demo_project, services.VerifyRequest(retrieval_run=rr, k=2, limit=3),
                         llm=StandInVerifier()).run_id
    dr = services.decompose(demo_project, services.DecomposeRequest(method="sentence", dataset="medexpert-demo")).run_id
    services.import_files(demo_project, [services.demo_file("ramdocs_subset.jsonl")], fmt="ramdocs", dataset="rd")
    ar = services.aggregate(demo_project, services.AggregateRequest(variant="oracle", dataset="rd", limit=3)).run_id
    for run_id, config_type, keys in ((rr, RetrievalConfig, RETRIEVE_BM25_KEYS), (vr, VerifyConfig, VERIFY_KEYS),
                                      (dr, DecomposeConfig, {"method", "dataset", "limit", "splitter"}),
                                      (ar, AggregateConfig, AGGREGATE_KEYS)):
        run = run_store.get_run(demo_project, run_id)
        assert set(run.config) == keys, run_id
        assert config_type.from_config(run.config).to_config() == run.config, run_id
        assert run.config_hash == run_store.config_hash(run.config)
    verify_cfg = run_store.get_run(demo_project, vr).config
    assert (verify_cfg["retrieval_run"], verify_cfg["k"], verify_cfg["limit"], verify_cfg["evidence"],
            verify_cfg["scoring"]) == (rr, 2, 3, "whole", {"method": "generate"})


def test_a_verify_config_of_an_early_version_reads_back():
    """The first verify runs stored neither evidence, scoring, prompt cache, dataset nor the withheld
    instructions: they read as whole passages, generated verdicts, no cache."""
    from factaudit.engine.pipeline.prompts import load_prompt
    from factaudit.engine.services.verification import VerifyConfig

    old = {"retrieval_run": "retrieve-1", "mode": "joint", "k": 5, "seed": 0, "temperature": 0.0,
           "max_tokens": 200, "prompt": load_prompt("verify_joint").ref(), "model": {"source": "embedded"}}
    cfg = VerifyConfig.from_config(old)
    opts = cfg.options()
    assert (opts.evidence_sentences, opts.evidence_tokens, opts.scoring, cfg.prompt_cache) == (None, None,
                                                                                               "generate", False)
    assert cfg.changed_prompts() == []
    assert VerifyConfig.from_config({**old, "prompt": {"sha256": "0" * 64}}).changed_prompts() == ["prompt template"]


def test_a_verify_run_reads_its_hits_and_claims_once(demo_project, monkeypatch):
    inputs_mod = importlib.import_module("factaudit.engine.services.verify_inputs")   # where verify reads them

    rr = services.retrieve(demo_project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    calls = {"get_hits": 0, "list_claims": 0}

    def counting(name, fn):
        def wrapper(*a, **kw):
            calls[name] += 1
            return fn(*a, **kw)
        return wrapper

    monkeypatch.setattr(run_store, "get_hits", counting("get_hits", run_store.get_hits))
    monkeypatch.setattr(inputs_mod, "list_claims", counting("list_claims", inputs_mod.list_claims))
    res = services.verify(demo_project, services.VerifyRequest(retrieval_run=rr, limit=4), llm=StandInVerifier())
    assert res.n_verdicts == 4
    assert calls == {"get_hits": 1, "list_claims": 1}


def test_the_module_docstring_example_runs(demo_project):
    from factaudit.engine.services.verification import _VerifyKind

    example = re.search(r"\n( {4}with jobs\.start_or_resume.*?)\n\n", jobs.__doc__, re.S).group(1)
    rr = services.retrieve(demo_project, services.RetrievalRequest("bm25", k=3, dataset="scifact-demo")).run_id
    req = services.VerifyRequest(retrieval_run=rr, k=1, limit=3)
    scope = {"jobs": jobs, "run_store": run_store, "project": demo_project, "req": req, "on_retry": None,
             "llm": StandInVerifier(), "_VerifyKind": _VerifyKind,
             "compute": lambda c: VerdictRecord(c[0], "Supported")}
    scope["commit"] = lambda c, rec: run_store.add_verdict(demo_project, scope["run"].run_id, rec)
    exec(compile("\n".join(line[4:] for line in example.splitlines()), "jobs.__doc__", "exec"), scope)
    run = run_store.get_run(demo_project, scope["run"].run_id)
    assert run.kind == "verify" and run.status == "done"
    assert run_store.verdict_claim_ids(demo_project, run.id) == {c for c, _ in
                                                                 services.claims_for_run(demo_project, rr, 3)}


def test_an_error_before_the_lifecycle_leaves_the_run_resumable(demo_project):
    with pytest.raises(KeyError):
        with jobs.start_or_resume(demo_project, toy.ToyKind(), toy.ToyRequest(limit=2)) as started:
            raise KeyError("a kind's bug between the front half and its RunLifecycle")
    assert toy.EVENTS == [("open", "toy-model"), ("close", "toy-model")]
    assert run_store.get_run(demo_project, started.run_id).status == "interrupted"
    toy.run(demo_project, toy.ToyRequest(resume=started.run_id))
    assert run_store.get_run(demo_project, started.run_id).status == "done"
    assert len(verdict_rows(demo_project, started.run_id)) == 2
