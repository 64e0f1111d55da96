"""verify_claim with a scripted LLM: per-passage aggregation end to end, parse failures never become
verdicts, evidence trimming against the context, and JSON reply parsing."""
from __future__ import annotations

import json

import pytest

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.models.llm import LLMResult, parse_reply, schema_errors
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.pipeline.verify import PASSAGE_SCHEMA, EvidencePassage, VerifyOptions, joint_schema, verify_claim


class ScriptedLLM:
    """Replies from a list; counts one token per word so budgets are easy to reason about."""

    def __init__(self, replies, context_length=4096):
        self.replies = list(replies)
        self.calls = []
        self._ctx = context_length
        self.entry = ModelEntry(name="scripted", kind="llm", source="path")

    @property
    def context_length(self):
        return self._ctx

    @property
    def max_concurrency(self):
        return 1

    def count_tokens(self, text):
        return len(text.split())

    def count_message_tokens(self, messages):
        return sum(self.count_tokens(m["content"]) for m in messages)

    def complete_json(self, messages, schema, max_tokens=256, seed=None, temperature=None):
        self.calls.append(messages)
        text = self.replies.pop(0)
        parsed, status, _ = parse_reply(text, schema)
        return LLMResult(text, parsed, status, self.count_message_tokens(messages), 5, 1.0)

    def provenance(self):
        return {}

    def close(self):
        pass


PS = [EvidencePassage("p1", "Aspirin lowered risk."), EvidencePassage("p2", "Aspirin raised risk."),
      EvidencePassage("p3", "The weather was fine.")]


def stance(s):
    return json.dumps({"stance": s, "reasoning": f"it {s}"})


def test_per_passage_conflict_is_ambiguous_with_both_sides_listed():
    llm = ScriptedLLM([stance("supports"), stance("refutes"), stance("neutral")])
    rec = verify_claim(llm, "Aspirin lowers risk.", "c", PS, VerifyOptions(mode="per-passage"))
    assert rec.verdict == "Ambiguous" and rec.parse_status == "ok"
    assert rec.stances == {"p1": "supports", "p2": "refutes", "p3": "neutral"}
    assert rec.evidence_used == ["p1", "p2"]
    assert "[1] supports" in rec.reasoning and "[2] refutes" in rec.reasoning
    assert len(llm.calls) == 3 and all("Aspirin lowers risk." in c[1]["content"] for c in llm.calls)
    assert rec.prompt_tokens == sum(llm.count_message_tokens(c) for c in llm.calls)


def test_per_passage_with_one_unparseable_stance_has_no_verdict():
    llm = ScriptedLLM([stance("supports"), "I think it supports", stance("neutral")])
    rec = verify_claim(llm, "Aspirin lowers risk.", "c", PS, VerifyOptions(mode="per-passage"))
    assert rec.parse_status == "failed" and rec.verdict is None and rec.evidence_used is None
    assert rec.stances == {"p1": "supports", "p3": "neutral"}
    raws = json.loads(rec.raw_output)
    assert [r["parse_status"] for r in raws] == ["ok", "failed", "ok"]


def test_joint_reply_outside_the_schema_is_a_failure_not_a_verdict():
    bad = json.dumps({"verdict": "Mostly true", "reasoning": "x", "evidence_used": [1]})
    rec = verify_claim(ScriptedLLM([bad]), "c", "c", PS, VerifyOptions())
    assert rec.parse_status == "failed" and rec.verdict is None and rec.raw_output == bad
    wrapped = "Here you go:\n```json\n" + json.dumps({"verdict": "Refuted", "reasoning": "p2 says so",
                                                      "evidence_used": [2, 2]}) + "\n```"
    rec = verify_claim(ScriptedLLM([wrapped]), "c", "c", PS, VerifyOptions())
    assert rec.parse_status == "repaired" and rec.verdict == "Refuted" and rec.evidence_used == ["p2"]


def test_evidence_is_trimmed_to_the_context_and_flagged():
    long = EvidencePassage("long", " ".join(["word"] * 3000))
    llm = ScriptedLLM([json.dumps({"verdict": "No Evidence", "reasoning": "r", "evidence_used": []})],
                      context_length=1000)
    rec = verify_claim(llm, "claim", "c", [long, PS[0]], VerifyOptions(max_tokens=100))
    assert rec.trimmed and rec.prompt_tokens <= 1000 - 100
    assert "Aspirin lowered risk." in llm.calls[0][1]["content"]  # the short passage is untouched
    llm = ScriptedLLM([], context_length=100)
    with pytest.raises(InvalidArgument, match="do not fit"):
        verify_claim(llm, "claim", "c", [long] * 5, VerifyOptions(max_tokens=50))


def test_passage_word_cap_is_not_counted_as_context_trimming():
    llm = ScriptedLLM([json.dumps({"verdict": "Supported", "reasoning": "r", "evidence_used": [1]})])
    rec = verify_claim(llm, "claim", "c", [EvidencePassage("a", "one two three four five six")],
                       VerifyOptions(passage_words=3))
    assert not rec.trimmed and "one two three …" in llm.calls[0][1]["content"]
    assert "four" not in llm.calls[0][1]["content"]


def test_schema_checker_on_hand_checked_cases():
    cases = [
        ({"verdict": "Supported", "reasoning": "ok", "evidence_used": [1, 3]}, True),
        ({"verdict": "Supported", "reasoning": "", "evidence_used": [1]}, False),          # minLength 1
        ({"verdict": "Supported", "reasoning": "ok", "evidence_used": [4]}, False),        # passage 4 of 3
        ({"verdict": "Yes", "reasoning": "ok", "evidence_used": []}, False),               # not a verdict
        ({"verdict": "Refuted", "reasoning": "ok"}, False),                                # missing key
        ({"verdict": "Refuted", "reasoning": "ok", "evidence_used": [], "extra": 1}, False),
        ({"verdict": "Refuted", "reasoning": "ok", "evidence_used": [True]}, False),       # bool is no integer
        ({"verdict": "Refuted", "reasoning": "ok", "evidence_used": [1, 2, 3, 1]}, False),  # maxItems 3
        (["Refuted"], False),
    ]
    for case, valid in cases:
        assert (schema_errors(case, joint_schema(3)) == []) is valid, case
    for case, valid in [({"stance": "neutral", "reasoning": "r"}, True), ({"stance": "maybe", "reasoning": "r"}, False),
                        ({"stance": "neutral"}, False)]:
        assert (schema_errors(case, PASSAGE_SCHEMA) == []) is valid, case
