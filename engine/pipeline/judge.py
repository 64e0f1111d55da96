"""The LLM judge: codebook pre-labels for evidence pairs and verifier reasoning.

Evidence modes, for one (claim, passage) unit:
- care: the judge sees the whole retrieved list and rates one passage of it (the list comes first,
  so with a prompt cache the passages of one claim share the prefix);
- direct: the judge sees the one passage alone;
- indirect: the model does not rate at all; it answers the question / checks the claim from the one
  passage, and the polarity label is inferred from its verdict (Supported -> supports, Refuted ->
  refutes, No Evidence -> neutral). Only polarity is labelled in this mode.

Replies are constrained by a JSON schema whose values are the codebook's code ids (one enum per
dimension), so a parsed reply is always a valid set of codes; a reply that does not satisfy the schema
is kept as a parse failure and produces no label.

Relevance (the CARE measurement): a passage is judged relevant iff its polarity is verdict-bearing
(supports or refutes); neutral, or a parse failure, counts as not relevant.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from factaudit.engine.audit.codebook import Codebook, Dimension
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.prf import prf_from_labels
from factaudit.engine.models.llm import LLM, LLMResult
from factaudit.engine.pipeline.prompts import Prompt, load_prompt
from factaudit.engine.pipeline.verify import EvidencePassage, evidence_block, cap_words, neutralise

TARGETS = ("evidence", "reasoning")
MODES = ("care", "direct", "indirect")
POLARITY = "polarity"
RELEVANT_POLARITY = ("supports", "refutes")
VERDICT_TO_POLARITY = {"Supported": "supports", "Refuted": "refutes", "No Evidence": "neutral"}
INDIRECT_VERDICTS = tuple(VERDICT_TO_POLARITY)
ANSWER_MAX_CHARS = 200
MIN_PASSAGE_WORDS = 20


def prompt_name(target: str, mode: str, with_gold: bool) -> str:
    if target == "reasoning":
        base = "judge_reasoning"
    else:
        base = f"judge_evidence_{mode}"
    return base + ("_gold" if with_gold else "")


def judge_prompt(target: str, mode: str, with_gold: bool) -> Prompt:
    return load_prompt(prompt_name(target, mode, with_gold))


def check_mode(target: str, mode: str) -> None:
    if target not in TARGETS:
        raise InvalidArgument(f"unknown target {target!r}; expected one of {', '.join(TARGETS)}")
    if mode not in MODES:
        raise InvalidArgument(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if target == "reasoning" and mode != "care":
        raise InvalidArgument("direct and indirect modes apply to evidence pre-labels; the reasoning judge always "
                              "sees the passages the verifier saw (mode care)", setting=("mode", "target"))


def select_dimensions(codebook: Codebook, target: str, mode: str, wanted: list[str] | None) -> list[Dimension]:
    """The dimensions a run labels: all of the target's (or `wanted`), and only polarity in indirect mode."""
    dims = list(codebook.dimensions(target))
    if wanted:
        known = {d.id: d for d in dims}
        missing = [w for w in wanted if w not in known]
        if missing:
            raise InvalidArgument(f"{missing[0]!r} is not one of the {target} dimensions of codebook "
                                  f"v{codebook.version} ({', '.join(known)})")
        # Codebook order, whatever order they were named in: the schema's key order steers a small
        # model's reply, so the same set must always make the same prompt and schema.
        dims = [d for d in dims if d.id in set(wanted)]
    if target == "evidence" and mode == "indirect":
        pol = [d for d in codebook.evidence if d.id == POLARITY]
        if not pol or not set(VERDICT_TO_POLARITY.values()) <= set(pol[0].code_ids):
            raise InvalidArgument("indirect mode infers the polarity dimension (supports/refutes/neutral), "
                                  f"which codebook v{codebook.version} does not have")
        if wanted and POLARITY not in wanted:
            raise InvalidArgument("indirect mode labels polarity only; leave the dimensions out or include polarity",
                                  setting="dimensions")
        dims = pol
    if not dims:
        raise InvalidArgument(f"codebook v{codebook.version} has no {target} dimensions")
    return dims


def labels_schema(dims: list[Dimension]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {d.id: {"type": "string", "enum": list(d.code_ids)} for d in dims},
        "required": [d.id for d in dims],
        "additionalProperties": False,
    }


INDIRECT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "maxLength": ANSWER_MAX_CHARS},
        "verdict": {"type": "string", "enum": list(INDIRECT_VERDICTS)},
    },
    "required": ["answer", "verdict"],
    "additionalProperties": False,
}


def codes_text(dims: list[Dimension]) -> str:
    lines = []
    for d in dims:
        head = f"- {d.id} ({d.name}"
        head += f": {d.question})" if d.question else ")"
        lines.append(head)
        for c in d.codes:
            lines.append(f"    {c.id}: {c.definition or c.name}")
    return "\n".join(lines)


def gold_text(gold_label: str | None, gold_answers: list[str] | None) -> str:
    parts = []
    if gold_label:
        parts.append(f"the claim's gold verdict is {gold_label}")
    if gold_answers:
        parts.append("the gold answer is " + " / ".join(gold_answers))
    return "; ".join(parts) if parts else "(none recorded)"


@dataclass
class UnitOutcome:
    parse_status: str
    labels: dict[str, str] = field(default_factory=dict)
    answer: dict[str, Any] | None = None
    raw_output: str = ""
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_ms: float | None = None
    trimmed: bool = False
    reasoning_tokens: int | None = None


def _fit(llm: LLM, render: Callable[[list[str]], list[dict[str, str]]], texts: list[str],
         max_tokens: int) -> tuple[list[dict[str, str]], bool]:
    """Trim the longest text until the messages fit the context with room for the reply."""
    texts = list(texts)
    budget = llm.context_length - max_tokens
    trimmed = False
    for _ in range(400):
        messages = render(texts)
        need = llm.count_message_tokens(messages)
        if need <= budget:
            return messages, trimmed
        longest = max(range(len(texts)), key=lambda i: len(texts[i].split())) if texts else None
        if longest is None or len(texts[longest].split()) <= MIN_PASSAGE_WORDS:
            break
        words = texts[longest].split()
        cut = min(len(words) - MIN_PASSAGE_WORDS, max(8, math.ceil((need - budget) * 0.9)))
        texts[longest] = " ".join(words[: len(words) - cut]) + " …"
        trimmed = True
    raise InvalidArgument(f"the judge prompt does not fit the model context ({llm.context_length} tokens) even "
                          "after trimming; use a smaller k or fewer words per passage", setting=("k", "passage_words"))


def _outcome(res: LLMResult, trimmed: bool) -> UnitOutcome:
    return UnitOutcome(parse_status=res.parse_status, raw_output=res.text, prompt_tokens=res.prompt_tokens,
                       completion_tokens=res.completion_tokens, latency_ms=res.latency_ms, trimmed=trimmed,
                       reasoning_tokens=res.reasoning_tokens)


@dataclass(frozen=True)
class JudgeOptions:
    target: str = "evidence"
    mode: str = "care"
    with_gold: bool = False
    max_tokens: int = 120
    passage_words: int | None = None
    seed: int = 0
    temperature: float = 0.0
    template: Prompt | None = None          # a project's version of the template (pinned by the run)

    def prompt(self) -> Prompt:
        return self.template or judge_prompt(self.target, self.mode, self.with_gold)

    def base_prompt(self) -> str:
        return prompt_name(self.target, self.mode, self.with_gold)


def judge_evidence(llm: LLM, opts: JudgeOptions, dims: list[Dimension], claim: str, gold: str,
                   passages: list[EvidencePassage], index: int) -> UnitOutcome:
    """Rate passages[index] for the claim (in care mode, in view of the whole list)."""
    prompt = opts.prompt()
    target = passages[index]
    codes = codes_text(dims)
    base = {"claim": neutralise(claim), "gold": neutralise(gold), "codes": codes, "number": str(index + 1)}
    capped = [cap_words(p.text, opts.passage_words) for p in passages]

    if opts.mode == "care":
        def render(texts: list[str]) -> list[dict[str, str]]:
            numbered = [(n + 1, p, t) for n, (p, t) in enumerate(zip(passages, texts))]
            return prompt.render(**base, evidence=evidence_block(numbered), passage=_one(target, texts[index]))
    else:
        def render(texts: list[str]) -> list[dict[str, str]]:
            return prompt.render(**base, passage=_one(target, texts[0]))
        capped = [capped[index]]
    messages, trimmed = _fit(llm, render, capped, opts.max_tokens)
    if opts.mode == "indirect":
        res = llm.complete_json(messages, INDIRECT_SCHEMA, max_tokens=opts.max_tokens, seed=opts.seed,
                                temperature=opts.temperature)
        out = _outcome(res, trimmed)
        if res.parsed is not None:
            out.answer = {"answer": res.parsed["answer"], "verdict": res.parsed["verdict"]}
            out.labels = {POLARITY: VERDICT_TO_POLARITY[res.parsed["verdict"]]}
        return out
    res = llm.complete_json(messages, labels_schema(dims), max_tokens=opts.max_tokens, seed=opts.seed,
                            temperature=opts.temperature)
    out = _outcome(res, trimmed)
    if res.parsed is not None:
        out.labels = {d.id: res.parsed[d.id] for d in dims}
    return out


def _one(p: EvidencePassage, text: str) -> str:
    return (f"{neutralise(p.title)}. " if p.title else "") + neutralise(text)


def judge_reasoning(llm: LLM, opts: JudgeOptions, dims: list[Dimension], claim: str, gold: str,
                    passages: list[EvidencePassage], verdict: str | None, reasoning: str | None,
                    used: list[str] | None) -> UnitOutcome:
    prompt = opts.prompt()
    numbers = {p.id: n + 1 for n, p in enumerate(passages)}
    used_text = ", ".join(f"[{numbers[u]}]" if u in numbers else u for u in (used or [])) or "none"
    base = {"claim": neutralise(claim), "gold": neutralise(gold), "codes": codes_text(dims),
            "verdict": verdict or "(none)", "used": used_text, "reasoning": neutralise(reasoning or "(none)")}

    def render(texts: list[str]) -> list[dict[str, str]]:
        numbered = [(n + 1, p, t) for n, (p, t) in enumerate(zip(passages, texts))]
        return prompt.render(**base, evidence=evidence_block(numbered))

    messages, trimmed = _fit(llm, render, [cap_words(p.text, opts.passage_words) for p in passages],
                             opts.max_tokens)
    res = llm.complete_json(messages, labels_schema(dims), max_tokens=opts.max_tokens, seed=opts.seed,
                            temperature=opts.temperature)
    out = _outcome(res, trimmed)
    if res.parsed is not None:
        out.labels = {d.id: res.parsed[d.id] for d in dims}
    return out


# ---- relevance (the CARE measurement) --------------------------------------------------------------
def is_relevant(labels: dict[str, str] | None) -> bool:
    """Relevant iff the polarity label is verdict-bearing; no label (parse failure) is not relevant."""
    return bool(labels) and labels.get(POLARITY) in RELEVANT_POLARITY


def prf(gold: list[bool], predicted: list[bool]) -> dict[str, float | int | None]:
    """Relevance precision, recall and F1 (metrics.prf: None where a denominator is 0) with the counts."""
    if len(gold) != len(predicted):
        raise InvalidArgument("gold and predicted relevance differ in length")
    m = prf_from_labels(gold, predicted)
    return {**m.to_json(), "n": len(gold), "n_gold_relevant": m.tp + m.fn, "n_predicted_relevant": m.tp + m.fp}
