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

from test_verify_endpoint import API_KEY, FakeServer  # noqa: I001

SCHEMA = {"type": "object", "properties": {"verdict": {"type": "string"}}, "required": ["verdict"]}
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
        content = "not json" if self.bad_first and n == 1 else json.dumps({"verdict": "Supported"})
        doc = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
               "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
               "usage": {"prompt_tokens": 50, "completion_tokens": 40 + 7 * n, "total_tokens": 90 + 7 * n,
                         "completion_tokens_details": {"reasoning_tokens": 7 * n}}}
        return self._send(h, 200, json.dumps(doc).encode())


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
        assert (res.parsed, res.reasoning_tokens, res.completion_tokens) == ({"verdict": "Supported"}, 7, 47)
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
