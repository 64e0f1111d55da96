"""The option bundles LLM-driven runs share (verify, judge, decompose, aggregate), spelled out once.

`LLMOptions` is the model and how it is run (decoding settings that a run pins, transport settings
that it does not); `RetrievalOptions` is which retrieved evidence a run reads. Each request type
keeps its flat fields (callers that build requests field by field keep working); a bundle fills
the fields a request type has, and `build` refuses a bundle setting the request type would ignore,
so a flag never silently does nothing:

    llm = LLMOptions(model="smollm2-135m", n_threads=2)
    req = build(VerifyRequest, llm=llm, retrieval=RetrievalOptions(retrieval_run="retrieve-1", k=3))
    LLMOptions.of(req) == replace(LLMOptions(), model="smollm2-135m", n_threads=2)
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

from factaudit.engine.errors import InvalidArgument

R = TypeVar("R")


@dataclass(frozen=True)
class LLMOptions:
    model: str | None = None            # registry name, GGUF path; with endpoint the server's model name
    endpoint: str | None = None         # base URL of an OpenAI-compatible server
    seed: int = 0
    temperature: float = 0.0
    n_ctx: int | None = None            # GGUF context size (None: sized by the run or the model's default)
    prompt_cache: bool = False          # reuse llama.cpp's cached prompt prefix (pinned: may change output)
    prompt: str | None = None           # a project prompt template by name (services.prompts; pinned)
    reasoning_effort: str | None = None # endpoint models: the API's reasoning_effort (pinned)
    # transport settings (not pinned: they do not change what the model answers)
    n_threads: int | None = None
    timeout: float = 60.0
    max_retries: int = 4
    concurrency: int = 4
    backoff_base: float = 1.0

    @classmethod
    def of(cls, request: Any) -> LLMOptions:
        """The bundle a request holds (fields it lacks keep their defaults)."""
        return cls(**{f.name: getattr(request, f.name) for f in fields(cls) if hasattr(request, f.name)})


@dataclass(frozen=True)
class RetrievalOptions:
    retrieval_run: str | None = None    # the retrieval run whose top-k passages are the evidence
    k: int | None = None                # passages per claim (None: the request type's default)
    limit: int | None = None            # only the first N units
    dataset: str | None = None          # only units of this dataset

    @classmethod
    def of(cls, request: Any) -> RetrievalOptions:
        return cls(**{f.name: getattr(request, f.name) for f in fields(cls) if hasattr(request, f.name)})


def _default(f) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:  # type: ignore[misc]
        return f.default_factory()         # type: ignore[misc]
    return MISSING


def bundle_fields(request_type: type, bundle: Any) -> dict[str, Any]:
    """The bundle's settings as the request type's keyword arguments. A setting the request type has
    no field for is refused unless it is left at its default; k None leaves the type's default."""
    have = {f.name for f in fields(request_type)}
    out: dict[str, Any] = {}
    ignored = []
    for f in fields(bundle):
        value = getattr(bundle, f.name)
        if f.name in have:
            if value is None and f.name == "k":
                continue
            out[f.name] = value
        elif value != _default(f):
            ignored.append(f.name)
    if ignored:
        raise InvalidArgument(f"{', '.join(ignored)} do not apply to {request_type.__name__}")
    return out


def build(request_type: type[R], *, llm: LLMOptions | None = None, retrieval: RetrievalOptions | None = None,
          **rest: Any) -> R:
    """A request of `request_type` from the bundles and the step's own fields (`rest` wins)."""
    kwargs: dict[str, Any] = {}
    for bundle in (llm, retrieval):
        if bundle is not None:
            kwargs.update(bundle_fields(request_type, bundle))
    return request_type(**{**kwargs, **rest})
