"""The LLM step of a taxonomy induction round: show the current codebook and the cases it does not
cover, ask for new codes under a JSON schema, and store what came back as an undecided round.

The rounds themselves (which cases are uncovered, decisions, closing a round into a new codebook
version) live in engine.audit.induction; this module is the pipeline step that calls the model, so
the audit package never depends on the pipeline.
"""
from __future__ import annotations

from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.audit import induction
from factaudit.engine.models.llm import LLM
from factaudit.engine.pipeline.prompts import load_prompt, neutralise
from factaudit.engine.project.db import Project

MAX_PROPOSALS = 4


def proposal_schema(book: cb.Codebook, case_ids: list[str], max_items: int = MAX_PROPOSALS) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "proposals": {
                "type": "array", "maxItems": max_items,
                "items": {
                    "type": "object",
                    "properties": {
                        "target": {"type": "string", "enum": list(cb.TARGETS)},
                        "dimension": {"type": "string", "enum": [d.id for d in book.dimensions()]},
                        "code_id": {"type": "string", "minLength": 1, "maxLength": 40},
                        "name": {"type": "string", "minLength": 1, "maxLength": 60},
                        "definition": {"type": "string", "minLength": 1, "maxLength": 300},
                        "pattern": {"type": "string", "maxLength": 4},
                        "examples": {"type": "array", "maxItems": 5, "items": {"type": "string", "enum": case_ids}},
                    },
                    "required": ["target", "dimension", "code_id", "name", "definition", "pattern", "examples"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["proposals"],
        "additionalProperties": False,
    }


def _codebook_text(book: cb.Codebook) -> str:
    lines = []
    for target in cb.TARGETS:
        lines.append(f"{target}:")
        for d in book.dimensions(target):
            codes = ", ".join(f"{c.id}{' (' + c.pattern + ')' if c.pattern else ''}" for c in d.codes)
            lines.append(f"  {d.id}: {codes}")
    return "\n".join(lines)


def _case_text(n: int, c: induction.Case) -> str:
    head = f"[c{n}] claim {c.claim_id}: {c.text[:induction.CASE_TEXT_CHARS]}"
    if c.kind == "note":
        where = f"passage {c.passage_id}, " if c.passage_id else ""
        return f"{head}\n  {where}{c.dimension} labelled {c.code}; the expert noted: {c.note or '(code other)'}"
    tail = f"\n  verifier reasoning: {c.reasoning}" if c.reasoning else ""
    return (f"{head}\n  the verifier said {c.verdict}, the expert/gold says {c.expected}; no failure code "
            f"explains it{tail}")


def run_round(project: Project, llm: LLM, run: str | None = None, max_cases: int = induction.MAX_CASES, seed: int = 0,
              max_tokens: int = 400, max_proposals: int = MAX_PROPOSALS) -> induction.RoundResult:
    book = codebook_versions.current(project)
    prompt = load_prompt("induction_propose")
    proposer = ann.llm_annotator(llm.entry.name, prompt.sha256[:12])
    cases = induction.uncovered_cases(project, run)[:max_cases]
    if not cases:
        return induction.record_round(project, run, proposer, [], [], None, "ok")
    ids = [f"c{n}" for n in range(1, len(cases) + 1)]
    messages = prompt.render(codebook=_codebook_text(book),
                             cases=neutralise("\n".join(_case_text(n, c) for n, c in enumerate(cases, start=1))))
    res = llm.complete_json(messages, proposal_schema(book, ids, max_proposals), max_tokens=max_tokens, seed=seed,
                            temperature=0.0)
    proposals = []
    if res.parsed is not None:
        by_id = dict(zip(ids, cases))
        for raw in res.parsed["proposals"]:
            examples = [by_id[i].claim_id for i in raw.get("examples", []) if i in by_id]
            proposals.append(induction.normalise(book, raw, examples))
    return induction.record_round(project, run, proposer, cases, proposals, res.text, res.parse_status)
