"""One interface for verifier LLMs, whatever runs them (llama.cpp in-process or an
OpenAI-compatible server), and `open_llm`, which picks the backend for a registry entry.
"""
from __future__ import annotations

from typing import Any, Protocol

from factaudit.engine.models.registry import ModelEntry
# The reply types and parsing live in models.replies (the backends import them from there); they are
# re-exported here because callers think of them as part of the LLM interface.
from factaudit.engine.models.replies import PARSE_STATUSES, LLMResult, Message, parse_reply, schema_errors

__all__ = ["LLM", "LLMResult", "Message", "PARSE_STATUSES", "open_llm", "parse_reply", "schema_errors"]


class LLM(Protocol):
    entry: ModelEntry

    def complete_json(self, messages: list[Message], schema: dict[str, Any], max_tokens: int = 256,
                      seed: int | None = None, temperature: float | None = None) -> LLMResult: ...

    def count_tokens(self, text: str) -> int: ...

    def count_message_tokens(self, messages: list[Message]) -> int: ...

    @property
    def context_length(self) -> int: ...

    @property
    def max_concurrency(self) -> int: ...

    def provenance(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


def open_llm(entry: ModelEntry, *, seed: int = 0, temperature: float = 0.0, prompt_cache: bool = False,
             n_threads: int | None = None, timeout: float = 60.0, max_retries: int = 4,
             concurrency: int = 4, backoff_base: float = 1.0, on_retry=None, reasoning_effort: str | None = None) -> LLM:
    if entry.is_endpoint:
        from factaudit.engine.models.openai_backend import OpenAIBackend

        return OpenAIBackend(entry, seed=seed, temperature=temperature, timeout=timeout, max_retries=max_retries,
                             concurrency=concurrency, backoff_base=backoff_base, on_retry=on_retry,
                             reasoning_effort=reasoning_effort)
    if reasoning_effort is not None:
        from factaudit.engine.errors import InvalidArgument

        raise InvalidArgument(f"a reasoning effort is a setting of OpenAI-compatible endpoints; {entry.name} runs here")
    from factaudit.engine.models.llama_backend import LlamaBackend

    return LlamaBackend(entry, seed=seed, temperature=temperature, prompt_cache=prompt_cache, n_threads=n_threads)
