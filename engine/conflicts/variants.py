"""The variants of an aggregate run, each one item at a time.

| variant | extraction | repair | grouping | model calls per item |
|---|---|---|---|---|
| full | model, per document | yes | rules | one per document |
| no-repair | model, per document | no | rules | one per document |
| no-grouping | model, per document | yes | model | one per document + 1 |
| single-call | one prompt with all documents (answers, evidence ids, conflict flag) | – | – | 1 |
| single-call-by-language | the same, documents grouped by language | – | – | 1 |
| rules | surface patterns | – | rules | 0 |
| oracle | the documents' own gold answers (privileged: not deployable) | no | rules | 0 |
"""
from __future__ import annotations

from factaudit.engine.conflicts import model as M
from factaudit.engine.conflicts.aggregate import aggregate
from factaudit.engine.conflicts.grouping import group_candidates
from factaudit.engine.conflicts.records import Doc, Extraction, Item, ItemResult
from factaudit.engine.conflicts.repair import repair
from factaudit.engine.conflicts.rules import rules_answer
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.models.llm import LLM

VARIANTS = ("full", "no-repair", "no-grouping", "single-call", "single-call-by-language", "rules", "oracle")
MODEL_VARIANTS = ("full", "no-repair", "no-grouping", "single-call", "single-call-by-language")
PRIVILEGED = ("oracle",)
# RAMDocs marks a noise document's answer "unknown": it supports nothing.
NO_ANSWER = frozenset({"", "unknown", "none", "n/a"})


def oracle_extract(doc: Doc) -> Extraction:
    """Privileged: the document's own gold answer (type and answer are hidden from every other variant)."""
    gold = (doc.gold or "").strip()
    if doc.type == "noise" or gold.casefold() in NO_ANSWER:
        return Extraction(doc.id, None, None, "oracle", "none")
    return Extraction(doc.id, gold, None, "oracle", "ok")


def rules_extract(question: str, doc: Doc) -> Extraction:
    found = rules_answer(question, doc.text)
    return Extraction(doc.id, found, None, "rules", "ok" if found else "none")


def run_item(variant: str, item: Item, llm: LLM | None = None, opts: M.ModelOptions | None = None,
             lexicon: Lexicon | None = None) -> ItemResult:
    if variant not in VARIANTS:
        raise InvalidArgument(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    if variant in MODEL_VARIANTS and llm is None:
        raise InvalidArgument(f"variant {variant} needs a model")
    opts = opts or M.ModelOptions()
    tally = M.Call()
    res = ItemResult(item.id, variant)
    if variant.startswith("single-call"):
        res.grouped_by = "none"
        res.outcome, res.raw = M.single_call(llm, item.question, item.docs, opts, tally,
                                             by_language=variant.endswith("by-language"))
    else:
        by_id = {d.id: d for d in item.docs}
        if variant == "oracle":
            res.extractions = [oracle_extract(d) for d in item.docs]
        elif variant == "rules":
            res.extractions = [rules_extract(item.question, d) for d in item.docs]
        else:
            res.extractions = [M.extract(llm, item.question, d, opts, tally) for d in item.docs]
        final = list(res.extractions)
        if variant not in ("no-repair", "oracle", "rules"):
            for i, ex in enumerate(final):
                fixed, rep = repair(item.question, by_id[ex.doc_id], ex)
                if rep is not None:
                    final[i] = fixed
                    res.repairs.append(rep)
        candidates = [(ex.doc_id, ex.answer) for ex in final if ex.answer]
        if variant == "no-grouping":
            res.grouped_by = "model"
            res.groups = M.group_by_model(llm, item.question, candidates, opts, tally)
        else:
            res.groups = group_candidates(candidates, lexicon)
        res.outcome = aggregate(res.groups)
    res.calls, res.parse_failures = tally.calls, tally.failures
    res.prompt_tokens, res.completion_tokens = tally.prompt_tokens, tally.completion_tokens
    res.latency_ms = round(tally.latency_ms, 3)
    return res


def final_candidates(res: ItemResult) -> dict[str, str | None]:
    """Each document's candidate after repair (what grouping saw)."""
    out = {e.doc_id: e.answer for e in res.extractions}
    for r in res.repairs:
        out[r.doc_id] = r.after
    return out
