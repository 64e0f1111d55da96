"""Decompose answers into claims: one claim per sentence, or atomic claims per sentence from an LLM
with the whole answer as context. Pure functions; the service writes the results."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline.prompts import Prompt, load_prompt, neutralise

METHODS = ("sentence", "llm")
MAX_CLAIMS_PER_SENTENCE = 6
ANSWER_CONTEXT_WORDS = 400

DECOMPOSE_SCHEMA = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "items": {"type": "string", "minLength": 3, "maxLength": 300},
            "minItems": 1,
            "maxItems": MAX_CLAIMS_PER_SENTENCE,
        }
    },
    "required": ["claims"],
    "additionalProperties": False,
}


@dataclass
class SentenceClaims:
    claims: list[str]
    parse_status: str            # ok | repaired | failed ("sentence" method: ok)
    fallback: bool = False       # the LLM reply failed: the sentence itself stands as the one claim
    raw_output: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


def by_sentence(sentence: str) -> SentenceClaims:
    return SentenceClaims(claims=[sentence.strip()], parse_status="ok")


def _answer_context(answer: str, sentence: str) -> str:
    words = answer.split()
    if len(words) <= ANSWER_CONTEXT_WORDS:
        return answer
    # Keep the part of the answer around the sentence, which is what pronouns refer to.
    pos = answer.find(sentence)
    before = len(answer[:pos].split()) if pos >= 0 else 0
    start = max(0, before - ANSWER_CONTEXT_WORDS // 2)
    return "… " + " ".join(words[start:start + ANSWER_CONTEXT_WORDS]) + " …"


def by_llm(llm: LLM, sentence: str, answer: str | None, question: str | None, *, max_tokens: int = 256,
           seed: int = 0, temperature: float = 0.0, prompt: Prompt | None = None) -> SentenceClaims:
    """`prompt`: a project's version of the decompose template (default: the shipped one)."""
    prompt = prompt or load_prompt("decompose")
    # The answer is quoted data: it must not be able to close its fence (see verify.neutralise).
    messages = prompt.render(question=neutralise(question or "(not given)"),
                             answer=neutralise(_answer_context(answer or sentence, sentence)),
                             sentence=neutralise(sentence))
    res = llm.complete_json(messages, DECOMPOSE_SCHEMA, max_tokens=max_tokens, seed=seed, temperature=temperature)
    claims = []
    if res.parsed is not None:
        for c in res.parsed["claims"]:
            c = " ".join(c.split())
            if c and c not in claims:
                claims.append(c)
    if not claims:
        # Decomposition is not a verdict: keeping the sentence whole (and flagging it) loses nothing.
        return SentenceClaims(claims=[sentence.strip()], parse_status="failed", fallback=True, raw_output=res.text,
                              prompt_tokens=res.prompt_tokens, completion_tokens=res.completion_tokens)
    return SentenceClaims(claims=claims, parse_status=res.parse_status, raw_output=res.text,
                          prompt_tokens=res.prompt_tokens, completion_tokens=res.completion_tokens)
