"""Score a fixed set of answers by their log-probability under a llama.cpp model (issue #16 item 2).

Small models asked to generate a verdict answer "Supported" whatever the evidence says; reading the
model's probabilities for each of the four verdicts, and calibrating them, lets its preferences show.
The prompt is the chat-formatted conversation plus the start of the JSON reply the generating path
would write (`{"verdict": "`); each answer is then a continuation (`Supported"`), scored by the sum
of its tokens' log-probabilities, the last one summed over every token that ends the word the same
way (`"`, `",`, `"}`: word_end_tokens), so the score is token-exact whatever the tokenizer merges. The prompt is evaluated once; each continuation is evaluated from
the prompt's KV cache (the cache is cut back to the prompt after each), one token at a time, so only
the last token's logits are ever needed (no `logits_all`).

Across calls, the evaluated tokens stay in the KV cache: a new prompt that starts with the same
tokens (the shared system instructions) is evaluated only from where it differs (`reuse_prefix`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from factaudit.engine.models.replies import Message

# The plain layout for a model file without a chat template (a base model).
_PLAIN = "{system}\n\n{user}\n\nAnswer:\n"


@dataclass
class ChoiceScores:
    logprobs: dict[str, float]      # answer -> sum of its tokens' log-probabilities
    prompt_tokens: int
    evaluated_tokens: int           # prompt tokens actually evaluated (the rest came from the cache)
    latency_ms: float | None = None


def _chat_template(llm: Any) -> str | None:
    return (getattr(llm, "metadata", None) or {}).get("tokenizer.chat_template")


def render_chat(llm: Any, messages: Sequence[Message]) -> str:
    """The text the model's own chat template makes of `messages`, ending where the assistant speaks."""
    template = _chat_template(llm)
    if not template:
        system = "\n".join(m["content"] for m in messages if m["role"] == "system")
        user = "\n\n".join(m["content"] for m in messages if m["role"] != "system")
        return _PLAIN.format(system=system, user=user)
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    eos = _token_text(llm, llm.token_eos())
    bos = _token_text(llm, llm.token_bos())
    fmt = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos, add_generation_prompt=True)
    return fmt(messages=list(messages)).prompt


def _token_text(llm: Any, token: int) -> str:
    if token is None or token < 0:
        return ""
    return llm.detokenize([token], special=True).decode("utf-8", errors="ignore")


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    top = float(np.max(logits))
    return logits - (top + float(np.log(np.sum(np.exp(logits - top)))))


def _last_logits(llm: Any) -> np.ndarray:
    n_vocab = llm.n_vocab()
    ptr = llm._ctx.get_logits_ith(-1)
    return np.ctypeslib.as_array(ptr, shape=(n_vocab,)).astype(np.float64, copy=True)


def prompt_tokens(llm: Any, messages: Sequence[Message], assistant_prefix: str) -> list[int]:
    text = render_chat(llm, messages) + assistant_prefix
    # A chat template writes the BOS token itself when the model wants one (as llama-cpp-python's
    # own chat path assumes); the plain layout lets the tokenizer add it.
    return llm.tokenize(text.encode("utf-8"), add_bos=not _chat_template(llm), special=True)


def score_choices(llm: Any, messages: Sequence[Message], assistant_prefix: str, choices: Sequence[str],
                  suffix: str = "", reuse_prefix: bool = True) -> ChoiceScores:
    """Log-probability of each `choice + suffix` as the continuation of the chat prompt.

    The prompt is evaluated in two steps: everything before the last message's text (the shared
    instructions), then the rest. With `reuse_prefix` the first step is skipped when the cache already
    holds those tokens; since the computation is the same either way, reuse cannot change a score."""
    text = render_chat(llm, messages)
    tokens = prompt_tokens(llm, messages, assistant_prefix)
    if len(tokens) + 16 > llm.n_ctx():
        from factaudit.engine.errors import InvalidArgument

        raise InvalidArgument(f"prompt needs {len(tokens)} tokens but the context holds {llm.n_ctx()}")
    n_head = _shared_head(llm, text, messages[-1]["content"], tokens)
    cached = llm.input_ids[: llm.n_tokens].tolist() if llm.n_tokens >= n_head else []
    if reuse_prefix and n_head and cached[:n_head] == tokens[:n_head]:
        llm.n_tokens = n_head
        evaluated = len(tokens) - n_head
    else:
        llm.reset()
        if n_head:
            llm.eval(tokens[:n_head])
        evaluated = len(tokens)
    llm.eval(tokens[n_head:])
    first = _log_softmax(_last_logits(llm))
    n_prompt = len(tokens)
    head = llm.tokenize(assistant_prefix.encode("utf-8"), add_bos=False, special=False)
    out: dict[str, float] = {}
    for choice in choices:
        # The continuation is tokenized after the prefix so a word-initial token matches what the
        # model would produce there (tokenizers differ on leading spaces).
        full = llm.tokenize((assistant_prefix + choice + suffix).encode("utf-8"), add_bos=False, special=False)
        cont = full[len(head):] if full[:len(head)] == head else \
            llm.tokenize((choice + suffix).encode("utf-8"), add_bos=False, special=False)
        total = 0.0
        for i in range(len(cont)):
            if i:
                llm.n_tokens = n_prompt + i - 1
                llm.eval([cont[i - 1]])
            lp = first if i == 0 else _log_softmax(_last_logits(llm))
            if i == len(cont) - 1:
                ids = word_end_tokens(llm, cont[i])
                total += float(np.logaddexp.reduce(lp[ids]))
            else:
                total += float(lp[cont[i]])
        out[choice] = total
    llm.n_tokens = n_prompt  # the cache holds the prompt, not a continuation
    return ChoiceScores(logprobs=out, prompt_tokens=n_prompt, evaluated_tokens=evaluated)


_WORD_END: dict[tuple[str, int], np.ndarray] = {}
_VOCAB: dict[str, list[bytes]] = {}


def word_end_tokens(llm: Any, token: int) -> np.ndarray:
    """The tokens that end the answer the way `token` does: its own text, or its text followed by
    what cannot continue the word (`"` and `",`, `ED` and `ED.`). BPE vocabularies merge an answer's
    last characters with what comes next (Qwen and SmolLM2 write `",` as one token), so the
    probability of the bare token alone misses the replies that go on; summing over these counts
    every way the model can write exactly this answer and stop the word there."""
    key = (str(getattr(llm, "model_path", id(llm))), int(token))
    ids = _WORD_END.get(key)
    if ids is None:
        vocab = _VOCAB.get(key[0])
        if vocab is None:
            vocab = _VOCAB[key[0]] = [llm.detokenize([t]) for t in range(llm.n_vocab())]
        text = vocab[token]
        ids = np.asarray([token] if not text else [t for t, v in enumerate(vocab) if v.startswith(text) and
                          (len(v) == len(text) or not v[len(text):len(text) + 1].isalnum())], dtype=np.int64)
        _WORD_END[key] = ids
    return ids


def _shared_head(llm: Any, text: str, last_content: str, tokens: list[int]) -> int:
    """How many leading prompt tokens come before the last message's text (the same for every claim)."""
    at = text.rfind(last_content[:200]) if last_content else -1
    if at <= 0:
        return 0
    head = llm.tokenize(text[:at].encode("utf-8"), add_bos=not _chat_template(llm), special=True)
    n = 0
    while n < min(len(head), len(tokens) - 1) and head[n] == tokens[n]:
        n += 1
    return n


def normalise(logprobs: dict[str, float]) -> dict[str, float]:
    """Log-probabilities renormalised over the answers (a distribution over the closed set)."""
    keys = list(logprobs)
    v = _log_softmax(np.array([logprobs[k] for k in keys], dtype=np.float64))
    return {k: float(x) for k, x in zip(keys, v)}
