"""The context a GGUF run needs: sized to the longest prompt of the run, not the model's maximum.

A llama.cpp context of 8192 tokens where the prompts need ~1,500 cost ~7 % per call on this machine
(issue #16), and the KV cache it allocates is RAM the user does not get back. Prompt lengths are
counted with the model's own tokenizer loaded alone (`vocab_only`: no weights, milliseconds).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from factaudit.engine.models.llama_backend import PER_MESSAGE_OVERHEAD
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.models.replies import Message

STEP = 256          # n_ctx is rounded up to a multiple of this
MIN_N_CTX = 512
# The reply's room besides max_tokens: the logprob path's JSON prefix and label tokens, template slack.
SLACK = 32


def context_for(longest_prompt: int, reply_tokens: int, trained: int | None) -> int:
    need = longest_prompt + reply_tokens + SLACK
    n = max(MIN_N_CTX, STEP * math.ceil(need / STEP))
    return min(n, trained) if trained else n


@lru_cache(maxsize=4)
def _vocab(path: str) -> Any:
    from llama_cpp import Llama

    return Llama(model_path=path, vocab_only=True, verbose=False)


class PromptCounter:
    """Enough of the LLM interface for engine.pipeline.verify.fit_messages to build and measure prompts
    without loading the weights."""

    def __init__(self, entry: ModelEntry, context_length: int):
        self.entry = entry
        self.context_length = context_length
        self._llama = _vocab(entry.path)

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def count_message_tokens(self, messages: list[Message]) -> int:
        return sum(self.count_tokens(m["content"]) + PER_MESSAGE_OVERHEAD for m in messages) + PER_MESSAGE_OVERHEAD
