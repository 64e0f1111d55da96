"""The model's stages: per-document extraction (schema-constrained: a candidate or "" plus the
supporting quote), grouping by the model (the `no-grouping` ablation) and the single-call baselines.

Documents are quoted data (engine.pipeline.prompts fences them); each is capped at DOC_WORDS words so
a prompt fits the context, and the cap is pinned in the run config.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from factaudit.engine.conflicts.grouping import Decision, Group, answer_key
from factaudit.engine.conflicts.records import Doc, Extraction, Listed, Outcome
from factaudit.engine.models.llm import LLM, LLMResult
from factaudit.engine.pipeline.prompts import Prompt, load_prompt, neutralise
from factaudit.engine.pipeline.verify import cap_words

DOC_WORDS = 180
PROMPTS = {"extract": "conflict_extract", "group": "conflict_group", "single": "conflict_single"}
LANG_NAMES = {"en": "English", "zh": "Chinese"}

EXTRACT_SCHEMA = {
    "type": "object",
    # Short fields: a small model otherwise copies whole sentences into "answer" and spends its tokens there.
    "properties": {"answer": {"type": "string", "maxLength": 60}, "quote": {"type": "string", "maxLength": 200}},
    "required": ["answer", "quote"],
    "additionalProperties": False,
}


def group_schema(n: int) -> dict:
    return {"type": "object",
            "properties": {"groups": {"type": "array", "minItems": 1, "maxItems": n, "items": {
                "type": "array", "minItems": 1, "items": {"type": "integer", "enum": list(range(1, n + 1))}}}},
            "required": ["groups"], "additionalProperties": False}


def single_schema(n: int) -> dict:
    return {"type": "object",
            "properties": {
                "answers": {"type": "array", "maxItems": n, "items": {
                    "type": "object",
                    "properties": {"answer": {"type": "string", "minLength": 1, "maxLength": 120},
                                   "documents": {"type": "array", "maxItems": n,
                                                 "items": {"type": "integer", "enum": list(range(1, n + 1))}}},
                    "required": ["answer", "documents"], "additionalProperties": False}},
                "conflict": {"type": "boolean"}},
            "required": ["answers", "conflict"], "additionalProperties": False}


@dataclass(frozen=True)
class ModelOptions:
    max_tokens: int = 120
    seed: int = 0
    temperature: float = 0.0
    doc_words: int = DOC_WORDS

    def prompt(self, stage: str) -> Prompt:
        return load_prompt(PROMPTS[stage])


@dataclass
class Call:
    """Token and latency counts of the model calls of one item."""

    calls: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0

    def add(self, res: LLMResult) -> None:
        self.calls += 1
        self.failures += res.parse_status == "failed"
        self.prompt_tokens += res.prompt_tokens or 0
        self.completion_tokens += res.completion_tokens or 0
        self.latency_ms += res.latency_ms or 0.0


def _complete(llm: LLM, messages, schema, opts: ModelOptions, tally: Call) -> LLMResult:
    res = llm.complete_json(messages, schema, max_tokens=opts.max_tokens, seed=opts.seed,
                            temperature=opts.temperature)
    tally.add(res)
    return res


def extract(llm: LLM, question: str, doc: Doc, opts: ModelOptions, tally: Call) -> Extraction:
    messages = opts.prompt("extract").render(question=neutralise(question),
                                             evidence=neutralise(cap_words(doc.text, opts.doc_words)))
    res = _complete(llm, messages, EXTRACT_SCHEMA, opts, tally)
    if res.parsed is None:
        return Extraction(doc.id, None, None, "model", "failed", res.text)
    answer = res.parsed["answer"].strip() or None
    return Extraction(doc.id, answer, res.parsed["quote"].strip() or None, "model", "ok" if answer else "none",
                      res.text)


def group_by_model(llm: LLM, question: str, candidates: Sequence[tuple[str, str]], opts: ModelOptions,
                   tally: Call) -> list[Group]:
    """The model groups the candidates; one it leaves out (or a reply that does not parse) stands alone."""
    if not candidates:
        return []
    listing = "\n".join(f"[{n}] {neutralise(a)}" for n, (_, a) in enumerate(candidates, start=1))
    messages = opts.prompt("group").render(question=neutralise(question), evidence=listing)
    res = _complete(llm, messages, group_schema(len(candidates)), opts, tally)
    seen: set[int] = set()
    groups: list[Group] = []
    clusters = res.parsed["groups"] if res.parsed is not None else []
    for cluster in clusters + [[n] for n in range(1, len(candidates) + 1)]:
        members = [n for n in dict.fromkeys(cluster) if n not in seen]
        if not members:
            continue
        seen.update(members)
        first = candidates[members[0] - 1][1]
        g = Group(f"model:{len(groups) + 1}", first)
        for i, n in enumerate(members):
            doc_id, answer = candidates[n - 1]
            rule = "first" if i == 0 else "model"
            g.doc_ids.append(doc_id)
            g.answers.append(answer)
            g.decisions.append(Decision(doc_id, answer, answer_key(answer).key, rule))
        groups.append(g)
    return groups


def evidence_listing(docs: Sequence[Doc], opts: ModelOptions, by_language: bool) -> tuple[str, list[Doc]]:
    """Documents numbered [1]..[n] with their language; by_language puts each language's documents
    together under a heading (the `single-call-by-language` baseline). Returns the text and the order."""
    order = list(docs)
    if by_language:
        langs = list(dict.fromkeys(d.lang or "?" for d in docs))
        order = [d for lang in langs for d in docs if (d.lang or "?") == lang]
    lines, current = [], None
    for n, d in enumerate(order, start=1):
        if by_language and (d.lang or "?") != current:
            current = d.lang or "?"
            lines.append(f"Documents in {LANG_NAMES.get(current, current)}:")
        lines.append(f"[{n}] ({d.lang or '?'}) {neutralise(cap_words(d.text, opts.doc_words))}")
    return "\n\n".join(lines), order


def single_call(llm: LLM, question: str, docs: Sequence[Doc], opts: ModelOptions, tally: Call,
                by_language: bool = False) -> tuple[Outcome, str]:
    text, order = evidence_listing(docs, opts, by_language)
    messages = opts.prompt("single").render(question=neutralise(question), evidence=text)
    res = _complete(llm, messages, single_schema(max(1, len(order))), opts, tally)
    if res.parsed is None:
        return Outcome("abstain", [], False), res.text
    listed: dict[str, Listed] = {}
    for a in res.parsed["answers"]:
        ids = [order[n - 1].id for n in a["documents"]]
        key = answer_key(a["answer"]).key
        if key in listed:
            listed[key].doc_ids.extend(i for i in ids if i not in listed[key].doc_ids)
        else:
            listed[key] = Listed(a["answer"].strip(), ids)
    answers = list(listed.values())
    flag = bool(res.parsed["conflict"])
    kind = "abstain" if not answers else ("conflict" if flag or len(answers) > 1 else "answer")
    return Outcome(kind, answers, flag), res.text
