"""Reasoning effort for endpoint models (issue #34 item 4), against a fake OpenAI-compatible server on
127.0.0.1: the setting reaches the request as `reasoning_effort` (absent when unset), is in the model's
provenance, a server that rejects the field with HTTP 400 gives one sentence and is asked nothing else,
and the reply's `completion_tokens_details.reasoning_tokens` are kept apart (summed over a repair call)."""
from __future__ import annotations

import json

import pytest

from factaudit.engine.errors import EndpointError, InvalidArgument
from factaudit.engine.models.llm import open_llm
from factaudit.engine.models.registry import endpoint_entry

from test_judge import proj  # noqa: F401,I001  (claims, a corpus, a fixed retrieval run)
from test_verify_endpoint import API_KEY, FakeServer  # noqa: I001

SCHEMA = {"type": "object", "properties": {"verdict": {"type": "string"}}, "required": ["verdict"]}
REPLY = {"verdict": "Supported", "reasoning": "fake", "evidence_used": [1]}   # a verify reply
MESSAGES = [{"role": "system", "content": "You check claims."}, {"role": "user", "content": "Claim: <<<x>>>"}]


class ReasoningServer(FakeServer):
    """Replies with reasoning tokens = 7 × the request's number (1, 2, ...); `reject_effort` answers a
    request carrying reasoning_effort with the 400 OpenAI gives a model without the setting; `bad_first`
    makes the first reply unparsable, so a repair call follows."""

    def __init__(self):
        super().__init__()
        self.reject_effort = False
        self.bad_first = False

    def respond(self, h, body, fault):
        if self.reject_effort and "reasoning_effort" in body:
            return self._send(h, 400, json.dumps({"error": {
                "message": "Unrecognized request argument supplied: reasoning_effort", "type": "invalid_request_error",
                "param": "reasoning_effort"}}).encode())
        n = len(self.requests)
        schema = ((body.get("response_format") or {}).get("json_schema") or {}).get("schema")
        reply = _fill(schema) if schema and "verdict" not in schema.get("properties", {}) else REPLY
        content = "not json" if self.bad_first and n == 1 else json.dumps(reply)
        doc = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
               "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
               "usage": {"prompt_tokens": 50, "completion_tokens": 40 + 7 * n, "total_tokens": 90 + 7 * n,
                         "completion_tokens_details": {"reasoning_tokens": 7 * n}}}
        return self._send(h, 200, json.dumps(doc).encode())


def _fill(schema: dict):
    """The smallest value a JSON schema accepts (the first of an enum): a judge's reply, whatever its codes."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {k: _fill(v) for k, v in schema.get("properties", {}).items()}
    return {"array": [], "string": "x", "integer": 1, "number": 1, "boolean": False}.get(kind, "x")


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    s = ReasoningServer()
    yield s
    s.close()


def _open(server, effort):
    return open_llm(endpoint_entry(server.url, "fake-model"), timeout=5.0, max_retries=1, backoff_base=0.01,
                    reasoning_effort=effort)


def test_effort_is_sent_and_pinned_and_reasoning_tokens_kept_apart(server):
    llm = _open(server, "high")
    try:
        res = llm.complete_json(MESSAGES, SCHEMA)
        assert server.requests[-1]["reasoning_effort"] == "high"
        assert llm.provenance()["reasoning_effort"] == "high"
        assert (res.parsed["verdict"], res.reasoning_tokens, res.completion_tokens) == ("Supported", 7, 47)
        server.bad_first, server.requests[:] = True, []
        res = llm.complete_json(MESSAGES, SCHEMA)      # the first reply does not parse: a repair call follows
        assert len(server.requests) == 2 and res.parse_status == "repaired"
        assert res.reasoning_tokens == 7 * 1 + 7 * 2 and res.completion_tokens == 47 + 54
    finally:
        llm.close()
    plain = _open(server, None)
    try:
        res = plain.complete_json(MESSAGES, SCHEMA)
        assert "reasoning_effort" not in server.requests[-1] and "reasoning_effort" not in plain.provenance()
    finally:
        plain.close()


def test_a_server_that_rejects_the_field_gives_one_sentence(server):
    server.reject_effort = True
    llm = _open(server, "low")
    try:
        with pytest.raises(EndpointError) as err:
            llm.complete_json(MESSAGES, SCHEMA)
    finally:
        llm.close()
    assert str(err.value) == f"{server.url} does not take a reasoning effort for fake-model: run it without one"
    assert len(server.requests) == 1           # not retried, not re-asked without structured output


def test_an_unknown_effort_and_a_local_model_are_refused(server):
    with pytest.raises(InvalidArgument, match="unknown reasoning effort 'extreme'"):
        _open(server, "extreme")
    from factaudit.engine.models.registry import ModelEntry

    local = ModelEntry(name="some-gguf", kind="llm", source="path", path="/nonexistent/some.gguf")
    with pytest.raises(InvalidArgument, match="setting of OpenAI-compatible endpoints; some-gguf runs here"):
        open_llm(local, reasoning_effort="low")


def test_a_verify_run_pins_the_effort_and_its_cost_counts_reasoning_tokens(project, tmp_path, server):
    """`factaudit verify --reasoning-effort low` on an endpoint: the run's config pins it, every request
    carried it, each verdict keeps its call's reasoning tokens, and the run's cost sums them (beside the
    output tokens, which already hold them); a run without one pins nothing new; the classifier refuses it."""
    from click.testing import CliRunner

    from factaudit.engine import services
    from factaudit.engine.cli import cli
    from factaudit.engine.ingest import import_files
    from factaudit.engine.project import runs as run_store

    claims = ["aspirin causes bleeding.", "statins cause muscle pain.", "insulin causes hypoglycemia."]
    (tmp_path / "c.jsonl").write_text("".join(json.dumps({"id": f"p{n}", "text": c}) + "\n"
                                              for n, c in enumerate(claims)), encoding="utf-8")
    (tmp_path / "q.jsonl").write_text("".join(json.dumps({"id": f"q{n}", "claim": c, "label": "Supported"}) + "\n"
                                              for n, c in enumerate(claims)), encoding="utf-8")
    import_files(project, [tmp_path / "c.jsonl"], kind="corpus", dataset="C")
    import_files(project, [tmp_path / "q.jsonl"], kind="claims", dataset="Q")
    retrieval = services.retrieve(project, services.RetrievalRequest("bm25", k=1)).run_id
    path = str(project.path)
    project.close()
    common = ["verify", path, "--retrieval-run", retrieval, "--k", "1", "--endpoint", server.url, "--model",
              "fake-model", "--concurrency", "1", "--json"]
    res = CliRunner().invoke(cli, [*common, "--reasoning-effort", "low"])
    assert res.exit_code == 0, res.output
    run_id = json.loads(res.stdout)["run_id"]
    assert [r.get("reasoning_effort") for r in server.requests] == ["low"] * 3
    plain = CliRunner().invoke(cli, common)
    assert plain.exit_code == 0, plain.output
    with services.open_project(path) as p:
        run = run_store.get_run(p, run_id)
        assert run.config["reasoning_effort"] == "low"
        assert "reasoning_effort" not in run_store.get_run(p, json.loads(plain.stdout)["run_id"]).config
        verdicts = run_store.get_verdicts(p, run_id)
        # one call per claim (concurrency 1): the n-th request reported 7n reasoning tokens
        assert sorted(v.reasoning_tokens for v in verdicts.values()) == [7, 14, 21]
        assert all(v.completion_tokens == 40 + v.reasoning_tokens for v in verdicts.values())
        cost = services.run_cost(p, run_id)
        assert cost.tokens_reasoning == 42 and cost.tokens_out == 3 * 40 + 42
        assert "42 reasoning tokens" in cost.label
        with pytest.raises(InvalidArgument, match="not to the classifier verifier"):
            services.verify(p, services.VerifyRequest(retrieval_run=retrieval, k=1, reasoning_effort="low"))


def test_a_judge_run_pins_the_effort_and_keeps_reasoning_tokens_per_unit(proj, server):
    """The judge takes the same setting: pinned in its config, sent on every call, each unit's reasoning
    tokens stored, the run's cost their sum."""
    from factaudit.engine import services
    from factaudit.engine.project import judge_store, runs as run_store

    res = services.judge(proj, services.JudgeRequest(run=proj.ids["retrieval"], target="evidence", mode="direct", k=2,
                                                     limit=1, endpoint=server.url, model="fake-model",
                                                     reasoning_effort="medium"))
    assert res.status == "done"
    assert run_store.get_run(proj, res.run_id).config["reasoning_effort"] == "medium"
    assert server.requests and all(r["reasoning_effort"] == "medium" for r in server.requests)
    units = judge_store.get_units(proj, res.run_id)
    reported = sum(7 * n for n in range(1, len(server.requests) + 1))
    assert units and sum(u.reasoning_tokens for u in units) == reported
    assert services.run_cost(proj, res.run_id).tokens_reasoning == reported
