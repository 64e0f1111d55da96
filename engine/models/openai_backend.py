"""OpenAI-compatible chat endpoints (OpenAI, vLLM, Ollama, LM Studio) through the `openai` package.

Retries are ours, not the SDK's, so they are bounded, visible (`on_retry`) and use exponential
backoff on 429, 5xx, timeouts, dropped connections and malformed response bodies. A connection the
offline guard refused is never retried: it fails at once with the guard's one-line message, and is
not logged again here (the guard logged it, with zero bytes). Error text is redacted (engine.redact):
servers echo request headers, keys included, in error bodies. Structured output
(response_format json_schema) is asked for first; a server that rejects it with a 400 is remembered
and gets plain JSON instructions instead. A reply that does not parse gets one repair call.

A reasoning effort (issue #34 item 4) is sent as the request's `reasoning_effort` (in the body, so any SDK
version sends it); a server that rejects it with a 400 naming the field fails the run at once with one
sentence, before anything else is tried. Reasoning tokens (`usage.completion_tokens_details.reasoning_tokens`)
are kept apart from the completion tokens, which already include them.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any, Callable

from factaudit.engine.errors import EndpointError, InvalidArgument
from factaudit.engine.netguard import blocked_cause, check_endpoint
from factaudit.engine.netlog import record_connection
from factaudit.engine.redact import redact_text
from factaudit.engine.models.keys import get_api_key
from factaudit.engine.models.replies import LLMResult, Message, parse_reply
from factaudit.engine.models.registry import DEFAULT_N_CTX, ModelEntry

_log = logging.getLogger(__name__)
RetryCallback = Callable[[int, float, str], None]   # (attempt, delay_s, reason)
CHARS_PER_TOKEN = 4  # no tokenizer for remote models: a conservative estimate for context checks

REPAIR_INSTRUCTION = (
    "Your previous reply was not valid JSON for the required schema. Reply again with only one JSON "
    "object that matches this JSON schema, and nothing else:\n{schema}"
)
PLAIN_JSON_INSTRUCTION = "Reply with only one JSON object matching this JSON schema, and nothing else:\n{schema}"
REASONING_EFFORTS = ("minimal", "low", "medium", "high")    # the values OpenAI's API takes


class _Retryable(Exception):
    pass


def _record_connection(endpoint: str, sent: int, received: int, purpose: str) -> None:
    try:
        record_connection(endpoint, sent, received, purpose)
    except Exception as exc:  # noqa: BLE001 - the audit log must not break a run; the miss is reported
        _log.warning("a connection to %s (%d bytes sent, %d received, %s) is missing from the connection log: "
                     "%s: %s", redact_text(endpoint), sent, received, redact_text(purpose), type(exc).__name__,
                     redact_text(str(exc)))


class OpenAIBackend:
    def __init__(self, entry: ModelEntry, *, seed: int = 0, temperature: float = 0.0, timeout: float = 60.0,
                 max_retries: int = 4, concurrency: int = 4, backoff_base: float = 1.0,
                 backoff_max: float = 30.0, on_retry: RetryCallback | None = None, purpose: str = "verify",
                 reasoning_effort: str | None = None):
        check_endpoint(entry.base_url or "")  # offline mode: refuse before any run or client exists
        if reasoning_effort is not None and reasoning_effort not in REASONING_EFFORTS:
            raise InvalidArgument(f"unknown reasoning effort {reasoning_effort!r}; expected one of "
                                  f"{', '.join(REASONING_EFFORTS)}")
        import openai

        self.entry = entry
        self.seed = seed
        self.temperature = temperature
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.on_retry = on_retry
        self.purpose = purpose
        self.reasoning_effort = reasoning_effort
        self.structured: bool | None = None      # None: not yet known
        self._sem = threading.BoundedSemaphore(max(1, concurrency))
        self._concurrency = max(1, concurrency)
        self.retries = 0
        # Local servers take any key; the SDK insists on a non-empty one.
        self._client = openai.OpenAI(base_url=entry.base_url, api_key=get_api_key(entry.base_url or "") or "not-needed",
                                     timeout=timeout, max_retries=0)
        self._openai = openai

    def __repr__(self) -> str:  # never show the client (it holds the key)
        return f"OpenAIBackend({self.entry.base_url!r}, {self.entry.model_name!r})"

    @property
    def context_length(self) -> int:
        return self.entry.n_ctx or DEFAULT_N_CTX

    @property
    def max_concurrency(self) -> int:
        return self._concurrency

    def count_tokens(self, text: str) -> int:
        return len(text) // CHARS_PER_TOKEN + 1

    def count_message_tokens(self, messages: list[Message]) -> int:
        return sum(self.count_tokens(m["content"]) + 8 for m in messages) + 8

    def provenance(self) -> dict[str, Any]:
        out = {
            "backend": "openai-compatible", "endpoint": self.entry.base_url, "model": self.entry.model_name,
            "model_sha256": None, "quantization": None, "seed": self.seed, "temperature": self.temperature,
            "prompt_cache": False, "structured_output": self.structured, "timeout_s": self.timeout,
            "max_retries": self.max_retries,
        }
        # only when set, so the provenance of runs without one reads as before
        return {**out, "reasoning_effort": self.reasoning_effort} if self.reasoning_effort else out

    def close(self) -> None:
        try:
            self._client.close()
        except Exception as exc:  # noqa: BLE001 - closing must not mask the run's own outcome
            _log.warning("closing the connection to %s failed: %s", self.entry.base_url, redact_text(str(exc)))

    # ---- one HTTP call with bounded retries --------------------------------------------------
    def _call(self, messages: list[Message], max_tokens: int, seed: int, temperature: float,
              schema: dict[str, Any] | None) -> tuple[dict[str, Any], int]:
        openai = self._openai
        kwargs: dict[str, Any] = dict(model=self.entry.model_name, messages=messages, max_tokens=max_tokens,
                                      temperature=temperature, seed=seed)
        if self.reasoning_effort is not None:
            kwargs["extra_body"] = {"reasoning_effort": self.reasoning_effort}
        if schema is not None:
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": "reply", "schema": schema, "strict": True}}
        sent = len(json.dumps(kwargs, ensure_ascii=False).encode("utf-8"))
        last = ""
        for attempt in range(self.max_retries + 1):
            received, attempt_sent = 0, sent
            try:
                with self._sem:
                    raw = self._client.chat.completions.with_raw_response.create(**kwargs)
                body = raw.http_response.content
                received = len(body)
                try:
                    data = json.loads(body)
                    data["choices"][0]["message"]
                except (ValueError, KeyError, IndexError, TypeError) as exc:
                    raise _Retryable(f"malformed response body ({exc.__class__.__name__})") from exc
                _record_connection(self.entry.base_url or "", sent, received, self.purpose)
                return data, attempt
            except openai.BadRequestError as exc:
                _record_connection(self.entry.base_url or "", sent, received, self.purpose)
                if self.reasoning_effort is not None and "reasoning_effort" in str(exc):
                    raise EndpointError(f"{self.entry.base_url} does not take a reasoning effort for "
                                        f"{self.entry.model_name}: run it without one") from exc
                raise
            except openai.RateLimitError as exc:
                last = f"HTTP 429 rate limited: {_short(exc)}"
            except openai.InternalServerError as exc:
                last = f"HTTP {exc.status_code} server error: {_short(exc)}"
            except openai.APITimeoutError:
                last = f"no reply within {self.timeout:g} s"
            except openai.APIConnectionError as exc:
                blocked = blocked_cause(exc)
                if blocked is not None:
                    raise blocked from None
                # Nothing is known to have reached the server: log the attempt with no bytes.
                attempt_sent, last = 0, f"connection failed: {_short(exc)}"
            except openai.APIStatusError as exc:
                _record_connection(self.entry.base_url or "", sent, received, self.purpose)
                raise EndpointError(f"{self.entry.base_url} answered HTTP {exc.status_code}: {_short(exc)}") from exc
            except _Retryable as exc:
                last = str(exc)
            _record_connection(self.entry.base_url or "", attempt_sent, received, self.purpose)
            if attempt == self.max_retries:
                break
            delay = min(self.backoff_max, self.backoff_base * (2 ** attempt))
            self.retries += 1
            if self.on_retry:
                self.on_retry(attempt + 1, delay, last)
            time.sleep(delay)
        raise EndpointError(f"{self.entry.base_url} failed after {self.max_retries + 1} attempts: {last}")

    def _request(self, messages: list[Message], schema: dict[str, Any], max_tokens: int, seed: int,
                 temperature: float) -> tuple[dict[str, Any], int]:
        openai = self._openai
        if self.structured is not False:
            try:
                data, retries = self._call(messages, max_tokens, seed, temperature, schema)
                self.structured = True
                return data, retries
            except openai.BadRequestError as exc:
                if "response_format" not in str(exc) and "json_schema" not in str(exc) and self.structured:
                    raise EndpointError(f"{self.entry.base_url} rejected the request: {_short(exc)}") from exc
                self.structured = False  # this server does not do structured output
        plain = [*messages, {"role": "user", "content": PLAIN_JSON_INSTRUCTION.format(schema=json.dumps(schema))}]
        try:
            return self._call(plain, max_tokens, seed, temperature, None)
        except openai.BadRequestError as exc:
            raise EndpointError(f"{self.entry.base_url} rejected the request: {_short(exc)}") from exc

    def complete_json(self, messages: list[Message], schema: dict[str, Any], max_tokens: int = 256,
                      seed: int | None = None, temperature: float | None = None) -> LLMResult:
        seed = self.seed if seed is None else seed
        temp = self.temperature if temperature is None else temperature
        started = time.perf_counter()
        data, retries = self._request(messages, schema, max_tokens, seed, temp)
        # Servers may echo request headers (the key) in a reply: nothing unredacted is kept.
        text, usage = redact_text(_content(data)), data.get("usage") or {}
        parsed, status, problems = parse_reply(text, schema)
        p_tok, c_tok = usage.get("prompt_tokens"), usage.get("completion_tokens")
        r_tok = _reasoning(usage)
        attempts = 1 + retries
        notes = list(problems)
        if status == "failed":
            repair = [*messages, {"role": "assistant", "content": text},
                      {"role": "user", "content": REPAIR_INSTRUCTION.format(schema=json.dumps(schema))}]
            data2, retries2 = self._request(repair, schema, max_tokens, seed, temp)
            attempts += 1 + retries2
            text2 = redact_text(_content(data2))
            usage2 = data2.get("usage") or {}
            parsed, status2, problems2 = parse_reply(text2, schema)
            notes.append("repair attempt made")
            notes.extend(problems2)
            p_tok = _add(p_tok, usage2.get("prompt_tokens"))
            c_tok = _add(c_tok, usage2.get("completion_tokens"))
            r_tok = _add(r_tok, _reasoning(usage2))
            if parsed is not None:
                status = "repaired"
            text = f"{text}\n--- repair reply ---\n{text2}"
        latency = (time.perf_counter() - started) * 1000.0
        return LLMResult(text=text, parsed=parsed, parse_status=status, prompt_tokens=p_tok,
                         completion_tokens=c_tok, latency_ms=latency, attempts=attempts, notes=notes,
                         reasoning_tokens=r_tok)


def _content(data: dict[str, Any]) -> str:
    try:
        return data["choices"][0]["message"].get("content") or ""
    except (KeyError, IndexError, TypeError, AttributeError):
        return ""


def _reasoning(usage: dict[str, Any]) -> int | None:
    """Reasoning tokens where the server reports them (None, not 0, where it does not)."""
    details = usage.get("completion_tokens_details")
    value = details.get("reasoning_tokens") if isinstance(details, dict) else None
    return value if isinstance(value, int) else None


def _add(a: int | None, b: int | None) -> int | None:
    if a is None and b is None:
        return None
    return (a or 0) + (b or 0)


def _short(exc: Exception) -> str:
    text = redact_text(str(exc).replace("\n", " "))
    return text[:200]
