"""The model opener of LLM-driven runs (verify, judge, decompose, aggregate) for jobs.start_or_resume:
a pinned model found again, the decoding settings checked, the model opened with this session's
transport settings and closed."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.models.llm import LLM, open_llm
from factaudit.engine.models.registry import ModelEntry
from factaudit.engine.services.models import entry_from_pin


@dataclass
class LLMOpener:
    """Transport settings are not pinned (they do not change what the model answers), so they come
    from this session's request, also on --resume. Seed, temperature and the prompt-cache flag come
    from the run's config."""

    n_threads: int | None = None
    timeout: float = 60.0
    max_retries: int = 4
    concurrency: int = 4
    backoff_base: float = 1.0
    on_retry: Callable[[int, float, str], None] | None = None

    @classmethod
    def for_request(cls, request: Any, on_retry: Callable[[int, float, str], None] | None = None) -> LLMOpener:
        """The transport settings the request has (each request type has a subset of them)."""
        given = {f.name: getattr(request, f.name) for f in fields(cls) if hasattr(request, f.name)}
        return cls(**{**given, "on_retry": on_retry})

    def from_pin(self, pin: dict[str, Any]) -> ModelEntry:
        return entry_from_pin(pin)

    def check(self, config: Any) -> None:
        temperature = getattr(config, "temperature", None)
        if temperature is not None and not (0.0 <= temperature <= 2.0):
            raise InvalidArgument("temperature must be between 0 and 2")

    def open(self, entry: ModelEntry, config: Any) -> LLM:
        return open_llm(entry, seed=config.seed, temperature=config.temperature,
                        prompt_cache=bool(getattr(config, "prompt_cache", False)), n_threads=self.n_threads,
                        timeout=self.timeout, max_retries=self.max_retries, concurrency=self.concurrency,
                        backoff_base=self.backoff_base, on_retry=self.on_retry,
                        reasoning_effort=getattr(config, "reasoning_effort", None))

    def close(self, model: LLM) -> None:
        model.close()

    def provenance(self, model: LLM) -> dict[str, Any]:
        return model.provenance()
