"""In-process GGUF verifier via llama-cpp-python, with JSON-schema constrained output.

One `Llama` per thread (a llama context is not thread-safe). `n_ctx` is set explicitly (the library
default of 512 silently truncates real prompts). With prompt_cache off every call starts from an
empty KV cache, so a claim's output does not depend on which claim ran before it; with it on,
llama.cpp reuses the longest shared prompt prefix and a LlamaRAMCache keeps earlier states.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import TYPE_CHECKING, Any

from factaudit.engine.errors import InvalidArgument, ModelNotFound
from factaudit.engine.models.replies import LLMResult, Message, parse_reply
from factaudit.engine.models.registry import DEFAULT_N_CTX, ModelEntry

_log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from factaudit.engine.models.logprob import ChoiceScores

# Chat-template tokens around each message (ChatML: "<|im_start|>role\n ... <|im_end|>\n") plus the
# assistant header; a slight over-estimate is safe, an under-estimate would overflow.
PER_MESSAGE_OVERHEAD = 8
PROMPT_CACHE_BYTES = 512 * 1024 * 1024


# Two threads unless FACTAUDIT_LLM_THREADS says otherwise (issue #32): the app shares the machine with
# the GUI and other runs, and more threads than free cores make llama.cpp slower, not faster.
DEFAULT_THREADS = 2


def default_threads() -> int:
    """FACTAUDIT_LLM_THREADS when set; else DEFAULT_THREADS, less the cores other processes keep busy:
    llama.cpp's worker threads spin while waiting for each other, so one thread more than the free
    cores can make a call ten times slower (measured here: 54+60 tokens took 2.7 s on 1 thread, 26 s
    on 2, at load 8 on 2 cores)."""
    if os.environ.get("FACTAUDIT_LLM_THREADS", "").isdigit():
        return max(1, int(os.environ["FACTAUDIT_LLM_THREADS"]))
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    try:
        busy = int(os.getloadavg()[0])
    except (AttributeError, OSError):
        busy = 0
    return max(1, min(DEFAULT_THREADS, cpus, cpus - busy))


class LlamaBackend:
    def __init__(self, entry: ModelEntry, *, seed: int = 0, temperature: float = 0.0, prompt_cache: bool = False,
                 n_threads: int | None = None, n_ctx: int | None = None):
        if not entry.path:
            raise ModelNotFound(f"model {entry.name} has no file")
        self.entry = entry
        self.seed = seed
        self.temperature = temperature
        self.prompt_cache = prompt_cache
        self.n_threads = n_threads or default_threads()
        self.n_ctx = n_ctx or entry.n_ctx or DEFAULT_N_CTX
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()
        self._sha256: str | None = None

    # ---- model instances -------------------------------------------------------------------
    def _llama(self):
        llm = getattr(self._local, "llm", None)
        if llm is None:
            from llama_cpp import Llama

            try:
                llm = Llama(model_path=self.entry.path, n_ctx=self.n_ctx, n_threads=self.n_threads,
                            n_threads_batch=self.n_threads, seed=self.seed, verbose=False)
            except (ValueError, RuntimeError) as exc:
                raise ModelNotFound(f"llama.cpp could not load {self.entry.path}: {exc}") from exc
            if self.prompt_cache:
                from llama_cpp import LlamaRAMCache

                llm.set_cache(LlamaRAMCache(capacity_bytes=PROMPT_CACHE_BYTES))
            self._local.llm = llm
            with self._guard:
                self._all.append(llm)
        return llm

    def close(self) -> None:
        with self._guard:
            for llm in self._all:
                try:
                    llm.close()
                except Exception as exc:  # noqa: BLE001 - close every thread's model, whatever one says
                    _log.warning("closing %s failed: %s: %s", self.entry.name, type(exc).__name__, exc)
            self._all.clear()
        self._local = threading.local()

    # ---- facts -----------------------------------------------------------------------------
    @property
    def context_length(self) -> int:
        return self.n_ctx

    @property
    def max_concurrency(self) -> int:
        return 1  # threads already use every core inside one call

    def count_tokens(self, text: str) -> int:
        return len(self._llama().tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def count_message_tokens(self, messages: list[Message]) -> int:
        return sum(self.count_tokens(m["content"]) + PER_MESSAGE_OVERHEAD for m in messages) + PER_MESSAGE_OVERHEAD

    def model_sha256(self) -> str:
        if self._sha256 is None:
            self._sha256 = self.entry.sha256()
        return self._sha256

    def provenance(self) -> dict[str, Any]:
        return {
            "backend": "llama-cpp", "model": self.entry.name, "model_file": os.path.basename(self.entry.path or ""),
            "model_sha256": self.model_sha256(), "quantization": self.entry.quantization,
            "context_length": self.n_ctx, "n_threads": self.n_threads, "seed": self.seed,
            "temperature": self.temperature, "prompt_cache": self.prompt_cache,
            "llama_cpp_version": _llama_version(),
        }

    # ---- calls -----------------------------------------------------------------------------
    def complete_json(self, messages: list[Message], schema: dict[str, Any], max_tokens: int = 256,
                      seed: int | None = None, temperature: float | None = None) -> LLMResult:
        llm = self._llama()
        need = self.count_message_tokens(messages) + max_tokens
        if need > self.n_ctx:
            raise InvalidArgument(f"prompt needs about {need} tokens but the context holds {self.n_ctx}; "
                                  "the caller must trim evidence first")
        if not self.prompt_cache:
            llm.reset()
        temp = self.temperature if temperature is None else temperature
        started = time.perf_counter()
        try:
            out = llm.create_chat_completion(
                messages=messages, response_format={"type": "json_object", "schema": schema},
                max_tokens=max_tokens, temperature=temp, seed=self.seed if seed is None else seed,
            )
        except ValueError as exc:  # llama-cpp raises ValueError when tokens exceed the context
            raise InvalidArgument(f"llama.cpp refused the prompt: {exc}") from exc
        latency = (time.perf_counter() - started) * 1000.0
        text = out["choices"][0]["message"].get("content") or ""
        usage = out.get("usage") or {}
        parsed, status, problems = parse_reply(text, schema)
        notes = list(problems)
        if out["choices"][0].get("finish_reason") == "length":
            notes.append("stopped at max_tokens")
        return LLMResult(text=text, parsed=parsed, parse_status=status,
                         prompt_tokens=usage.get("prompt_tokens"), completion_tokens=usage.get("completion_tokens"),
                         latency_ms=latency, notes=notes)


    def score_choices(self, messages: list[Message], assistant_prefix: str, choices: list[str],
                      suffix: str = "") -> "ChoiceScores":
        """Log-probability of each answer as the reply's continuation (engine.models.logprob); the
        shared instruction prefix stays in the KV cache across calls, which cannot change a score."""
        from factaudit.engine.models.logprob import score_choices

        started = time.perf_counter()
        out = score_choices(self._llama(), messages, assistant_prefix, choices, suffix=suffix)
        out.latency_ms = (time.perf_counter() - started) * 1000.0
        return out


def _llama_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("llama_cpp_python")
    except PackageNotFoundError:
        return None
