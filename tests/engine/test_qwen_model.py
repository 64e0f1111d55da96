"""The one real run of the default LLM, Qwen2.5-Coder-1.5B-Instruct (issue #32 item 1): its own chat
template (ChatML, read from the GGUF) frames the verify prompt, the context is the one asked for, and
one short log-probability scoring call puts an obviously supported claim's verdict first with most of
the probability. Everything else runs SmolLM2 (tests/conftest.py), so this is the only slow Qwen call."""
from __future__ import annotations

import math

import pytest

from factaudit.engine.models import registry
from factaudit.engine.models.llama_backend import DEFAULT_THREADS, LlamaBackend
from factaudit.engine.models.logprob import render_chat
from factaudit.engine.pipeline.verify import VERDICT_PREFIX
from factaudit.engine.project.records import VERDICTS

MESSAGES = [{"role": "system", "content": "You are a fact-checker. Verdicts: Supported, Refuted, No Evidence, "
                                          "Ambiguous. Reply with JSON."},
            {"role": "user", "content": "Claim: Aspirin lowers fever.\nEvidence: In the trial aspirin reduced "
                                        "body temperature in febrile patients.\nGive the verdict as JSON."}]


@pytest.mark.slow
def test_qwen_puts_a_supported_claim_first(monkeypatch):
    monkeypatch.delenv(registry.DEFAULT_LLM_ENV, raising=False)
    monkeypatch.delenv("FACTAUDIT_LLM_THREADS", raising=False)
    entry = registry.resolve_llm(None, n_ctx=512)
    assert entry.name == "qwen2.5-coder-1.5b" and entry.architecture == "qwen2"
    backend = LlamaBackend(entry)
    try:
        llm = backend._llama()
        assert 1 <= backend.n_threads <= DEFAULT_THREADS == 2 and llm.n_ctx() == 512
        text = render_chat(llm, MESSAGES)
        assert text.startswith("<|im_start|>system\nYou are a fact-checker.")
        assert text.endswith("<|im_end|>\n<|im_start|>assistant\n")
        scores = backend.score_choices(MESSAGES, VERDICT_PREFIX, list(VERDICTS))
        assert max(scores.logprobs, key=scores.logprobs.get) == "Supported", scores.logprobs
        assert scores.logprobs["Supported"] > math.log(0.5), scores.logprobs
        assert scores.prompt_tokens == scores.evaluated_tokens == len(llm.tokenize(
            (text + VERDICT_PREFIX).encode(), add_bos=False, special=True))
    finally:
        backend.close()
