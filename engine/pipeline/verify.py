"""Verify one claim against its retrieved passages: joint (all k passages in one prompt) or
per-passage (one stance per passage, then engine.pipeline.aggregate).

Passages are data: they sit in a delimited block, the prompt tells the model to ignore
instructions inside it (before and after the block), delimiter and chat-token look-alikes inside
passages are neutralised, sentences the injection heuristic flags are withheld from the model, and the
reply is schema-constrained. A reply that does not satisfy the schema is kept as a parse failure with no
verdict. Evidence is trimmed to fit the context, and the verdict records that it was.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.models.llm import LLM, LLMResult
from factaudit.engine.pipeline.aggregate import STANCES, aggregate_stances
from factaudit.engine.pipeline.evidence import select_budget, select_sentences
from factaudit.engine.pipeline.prompts import Prompt, load_prompt, neutralise
from factaudit.engine.project.records import VERDICTS, VerdictRecord
from factaudit.engine.text.injection import withhold

MODES = ("joint", "per-passage")
SCORING = ("generate", "logprob")
# The logprob path scores each verdict as the continuation of the JSON reply the generating path writes.
VERDICT_PREFIX, VERDICT_SUFFIX = '{"verdict": "', '"'
REASON_MAX_CHARS = 400
MIN_PASSAGE_WORDS = 20


@dataclass(frozen=True)
class EvidencePassage:
    id: str
    text: str
    title: str | None = None


@dataclass(frozen=True)
class VerifyOptions:
    mode: str = "joint"
    max_tokens: int = 200
    passage_words: int | None = None     # cap each passage at this many words (pinned in the run config)
    evidence_sentences: int | None = None   # keep the N sentences best matching the claim (pinned)
    evidence_tokens: int | None = None      # or: a budget of B sentence tokens across the passages (pinned)
    seed: int = 0
    temperature: float = 0.0
    # Sentences flagged by engine.text.injection are withheld from the model (pinned in the run config).
    withhold_instructions: bool = True
    # "generate": the model writes a JSON verdict; "logprob": the four verdicts are scored by their
    # log-probabilities and the best after calibration wins (bias: per-verdict, pinned in the run).
    scoring: str = "generate"
    calibration_bias: tuple[tuple[str, float], ...] | None = None
    template: Prompt | None = None          # a project's version of the mode's template (pinned by the run)

    def prompt(self) -> Prompt:
        return self.template or load_prompt(self.base_prompt())

    def base_prompt(self) -> str:
        return "verify_joint" if self.mode == "joint" else "verify_passage"


def joint_schema(k: int) -> dict:
    return {
        "type": "object",
        "properties": {
            "verdict": {"type": "string", "enum": list(VERDICTS)},
            "reasoning": {"type": "string", "minLength": 1, "maxLength": REASON_MAX_CHARS},
            "evidence_used": {"type": "array", "items": {"type": "integer", "enum": list(range(1, k + 1))},
                              "maxItems": k},
        },
        "required": ["verdict", "reasoning", "evidence_used"],
        "additionalProperties": False,
    }


PASSAGE_SCHEMA = {
    "type": "object",
    "properties": {
        "stance": {"type": "string", "enum": list(STANCES)},
        "reasoning": {"type": "string", "minLength": 1, "maxLength": REASON_MAX_CHARS},
    },
    "required": ["stance", "reasoning"],
    "additionalProperties": False,
}


def cap_words(text: str, n: int | None) -> str:
    if not n:
        return text
    words = text.split()
    return text if len(words) <= n else " ".join(words[:n]) + " …"


def evidence_block(numbered: list[tuple[int, EvidencePassage, str]]) -> str:
    lines = []
    for n, p, text in numbered:
        head = f"[{n}]"
        if p.title:
            head += f" {neutralise(p.title)}."
        lines.append(f"{head} {neutralise(text)}")
    return "\n\n".join(lines) if lines else "(no passages were retrieved)"


def fit_messages(llm: LLM, prompt: Prompt, claim: str, passages: list[EvidencePassage], opts: VerifyOptions,
                 first_number: int = 1) -> tuple[list[dict[str, str]], bool]:
    """Messages that fit the context with room for the reply; (messages, trimmed)."""
    if opts.withhold_instructions:
        passages = [EvidencePassage(p.id, withhold(p.text)[0], withhold(p.title)[0] if p.title else p.title)
                    for p in passages]
    if opts.evidence_sentences:
        passages = [EvidencePassage(p.id, select_sentences(claim, p.text, opts.evidence_sentences), p.title)
                    for p in passages]
    if opts.evidence_tokens:
        cut = select_budget(claim, [p.text for p in passages], opts.evidence_tokens, llm.count_tokens)
        passages = [EvidencePassage(p.id, t, p.title) for p, t in zip(passages, cut)]
    texts = [cap_words(p.text, opts.passage_words) for p in passages]
    budget = llm.context_length - opts.max_tokens
    trimmed = False
    for _ in range(200):
        numbered = [(first_number + i, p, t) for i, (p, t) in enumerate(zip(passages, texts))]
        messages = prompt.render(claim=neutralise(claim), evidence=evidence_block(numbered))
        need = llm.count_message_tokens(messages)
        if need <= budget:
            return messages, trimmed
        if not texts:
            break
        longest = max(range(len(texts)), key=lambda i: len(texts[i].split()))
        words = texts[longest].split()
        if len(words) <= MIN_PASSAGE_WORDS:
            break
        over = need - budget
        # Cut a little more than the overflow: words are usually more than one token.
        cut = min(len(words) - MIN_PASSAGE_WORDS, max(8, math.ceil(over * 0.9)))
        texts[longest] = " ".join(words[: len(words) - cut]) + " …"
        trimmed = True
    raise InvalidArgument(
        f"claim and evidence do not fit the model context ({llm.context_length} tokens) even after trimming; "
        "use a smaller k, per-passage mode or a model with a longer context")


def verify_claim(llm: LLM, claim: str, claim_id: str, passages: list[EvidencePassage],
                 opts: VerifyOptions) -> VerdictRecord:
    if opts.mode == "joint":
        return _joint(llm, claim, claim_id, passages, opts)
    if opts.mode == "per-passage":
        if opts.scoring != "generate":
            raise InvalidArgument("log-probability scoring is for joint mode only")
        return _per_passage(llm, claim, claim_id, passages, opts)
    raise InvalidArgument(f"unknown mode {opts.mode!r}; expected one of {', '.join(MODES)}")


def verdict_logprobs(llm: LLM, messages: list[dict[str, str]]):
    score = getattr(llm, "score_choices", None)
    if score is None:
        raise InvalidArgument(f"log-probability scoring needs a GGUF model run in-process, not {llm.entry.name}")
    return score(messages, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX)


def _joint_logprob(llm: LLM, claim_id: str, messages: list[dict[str, str]], trimmed: bool,
                   opts: VerifyOptions) -> VerdictRecord:
    from factaudit.engine.models.calibration import apply_bias, pick

    res = verdict_logprobs(llm, messages)
    scores = apply_bias(res.logprobs, dict(opts.calibration_bias) if opts.calibration_bias else None)
    verdict = pick(scores, list(VERDICTS))
    ranked = ", ".join(f"{v} {scores[v]:.2f}" for v in sorted(VERDICTS, key=lambda v: -scores[v]))
    raw = {"logprobs": res.logprobs, "scores": scores, "evaluated_tokens": res.evaluated_tokens}
    return VerdictRecord(claim_id=claim_id, verdict=verdict, parse_status="ok",
                         reasoning=f"log-probability scoring (calibrated scores): {ranked}",
                         evidence_used=[], raw_output=json.dumps(raw), prompt_tokens=res.prompt_tokens,
                         completion_tokens=0, latency_ms=res.latency_ms, trimmed=trimmed)


def _joint(llm: LLM, claim: str, claim_id: str, passages: list[EvidencePassage], opts: VerifyOptions) -> VerdictRecord:
    prompt = opts.prompt()
    messages, trimmed = fit_messages(llm, prompt, claim, passages, opts)
    if opts.scoring == "logprob":
        return _joint_logprob(llm, claim_id, messages, trimmed, opts)
    schema = joint_schema(max(1, len(passages)))
    res = llm.complete_json(messages, schema, max_tokens=opts.max_tokens, seed=opts.seed, temperature=opts.temperature)
    rec = VerdictRecord(claim_id=claim_id, verdict=None, parse_status=res.parse_status, raw_output=res.text,
                        prompt_tokens=res.prompt_tokens, completion_tokens=res.completion_tokens,
                        latency_ms=res.latency_ms, trimmed=trimmed, reasoning_tokens=res.reasoning_tokens)
    if res.parsed is not None:
        rec.verdict = res.parsed["verdict"]
        rec.reasoning = res.parsed["reasoning"]
        used: list[str] = []
        for n in res.parsed["evidence_used"]:
            if not 1 <= n <= len(passages):    # no passages (the grounding control): nothing to cite
                continue
            pid = passages[n - 1].id
            if pid not in used:
                used.append(pid)
        rec.evidence_used = used
    return rec


def _per_passage(llm: LLM, claim: str, claim_id: str, passages: list[EvidencePassage],
                 opts: VerifyOptions) -> VerdictRecord:
    prompt = opts.prompt()
    stances: dict[str, str] = {}
    reasons, raws = [], []
    statuses: list[str] = []
    p_tok = c_tok = 0
    r_tok: int | None = None        # None unless some call reported reasoning tokens
    latency = 0.0
    trimmed_any = False
    for n, p in enumerate(passages, start=1):
        # Each passage is numbered [1] in its own prompt: the model sees one passage at a time.
        messages, trimmed = fit_messages(llm, prompt, claim, [p], opts)
        trimmed_any |= trimmed
        res: LLMResult = llm.complete_json(messages, PASSAGE_SCHEMA, max_tokens=opts.max_tokens, seed=opts.seed,
                                           temperature=opts.temperature)
        statuses.append(res.parse_status)
        raws.append({"passage_id": p.id, "parse_status": res.parse_status, "text": res.text})
        p_tok += res.prompt_tokens or 0
        c_tok += res.completion_tokens or 0
        if res.reasoning_tokens is not None:
            r_tok = (r_tok or 0) + res.reasoning_tokens
        latency += res.latency_ms or 0.0
        if res.parsed is not None:
            stances[p.id] = res.parsed["stance"]
            reasons.append(f"[{n}] {res.parsed['stance']}: {res.parsed['reasoning']}")
        else:
            reasons.append(f"[{n}] parse failure")
    if "failed" in statuses:
        status = "failed"
    elif "repaired" in statuses:
        status = "repaired"
    else:
        status = "ok"
    rec = VerdictRecord(claim_id=claim_id, verdict=None, parse_status=status, stances=stances,
                        reasoning="\n".join(reasons), raw_output=json.dumps(raws, ensure_ascii=False),
                        prompt_tokens=p_tok, completion_tokens=c_tok, latency_ms=latency, trimmed=trimmed_any,
                        reasoning_tokens=r_tok)
    if status != "failed":
        rec.verdict = aggregate_stances(stances.values())
        rec.evidence_used = [pid for pid, s in stances.items() if s != "neutral"]
    return rec
