"""Option bundles for the commands of LLM-driven runs (verify, judge, decompose, aggregate): each flag of
engine.services.LLMOptions / RetrievalOptions is declared once here, and a command names the ones it
takes (its flags, names and defaults stay what they were). The command receives one `llm` (and one
`retrieval`) bundle instead of a dozen flat parameters:

    @click.command("verify")
    @llm_options("model", "endpoint", "seed", ..., help={"model": "..."})
    @retrieval_options("retrieval_run", "k", "limit", "dataset")
    @handle_errors
    def verify_cmd(project, llm, retrieval, ...): ...
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import click


# field -> (flag declarations, click keyword arguments)
_LLM_FLAGS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "model": (("--model",), {"help": "registry name or GGUF path; with --endpoint, the server's model name"}),
    "endpoint": (("--endpoint",), {"help": "base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1"}),
    "seed": (("--seed",), {"type": int, "default": 0, "show_default": True}),
    "temperature": (("--temperature",), {"type": float, "default": 0.0, "show_default": True}),
    "prompt_cache": (("--prompt-cache/--no-prompt-cache",), {
        "default": False, "show_default": True,
        "help": "reuse llama.cpp's cached prompt prefix (faster; may change greedy output slightly)"}),
    "prompt": (("--prompt",), {"metavar": "NAME", "help": "a prompt template saved in the project (`factaudit "
                               "prompts list`); default: the shipped one (pinned by sha256 with its text)"}),
    "reasoning_effort": (("--reasoning-effort",), {
        "type": click.Choice(["minimal", "low", "medium", "high"]),
        "help": "endpoint models: the API's reasoning_effort (pinned); a server that does not take it refuses the run"}),
    "n_ctx": (("--n-ctx",), {"type": click.IntRange(256), "help": "context size for a GGUF model"}),
    "n_threads": (("--threads",), {"type": click.IntRange(1), "help": "llama.cpp threads (default: the free cores)"}),
    "timeout": (("--timeout",), {"type": float, "default": 60.0, "show_default": True,
                                 "help": "seconds per endpoint call"}),
    "max_retries": (("--retries",), {"type": click.IntRange(0, 10), "default": 4, "show_default": True,
                                     "help": "retries per endpoint call"}),
    "concurrency": (("--concurrency",), {"type": click.IntRange(1, 64), "default": 4, "show_default": True,
                                         "help": "endpoint calls in flight"}),
    "backoff_base": (("--backoff",), {"type": float, "default": 1.0, "show_default": True,
                                      "help": "first retry delay in seconds (doubles)"}),
}
_RETRIEVAL_FLAGS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "retrieval_run": (("--retrieval-run",), {"help": "the retrieval run whose top-k passages are the evidence"}),
    "k": (("--k",), {"type": click.IntRange(1, 100), "help": "top-k passages per claim"}),
    "limit": (("--limit",), {"type": click.IntRange(0), "help": "only the first N units"}),
    "dataset": (("--dataset",), {"help": "only units of this dataset"}),
}


def _bundle(prefix: str, flags: dict, bundle_name: str, target: str, names: tuple[str, ...],
            overrides: dict[str, dict[str, Any]] | None) -> Callable:
    unknown = set(names) - set(flags)
    if unknown:
        raise ValueError(f"no {target} flag for {sorted(unknown)}")

    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(f"{prefix}{name}") for name in names}
            from factaudit.engine import services

            return fn(*args, **{target: getattr(services, bundle_name)(**values)}, **kwargs)

        for name in reversed(names):
            decls, kw = flags[name]
            wrapper = click.option(*decls, f"{prefix}{name}", **{**kw, **(overrides or {}).get(name, {})})(wrapper)
        return wrapper

    return deco


def llm_options(*names: str, overrides: dict[str, dict[str, Any]] | None = None) -> Callable:
    """The LLMOptions flags `names` (field names), collapsed into the command's `llm` argument;
    `overrides` changes a flag's click settings (help, default) for this command."""
    return _bundle("opt_llm_", _LLM_FLAGS, "LLMOptions", "llm", names, overrides)


def retrieval_options(*names: str, overrides: dict[str, dict[str, Any]] | None = None) -> Callable:
    """The RetrievalOptions flags `names`, collapsed into the command's `retrieval` argument."""
    return _bundle("opt_ret_", _RETRIEVAL_FLAGS, "RetrievalOptions", "retrieval", names, overrides)
