"""Where an item's answer was lost: the first stage at which a variant's state differs from the
privileged oracle's (the documents' own gold answers), and the conditions an item belongs to."""
from __future__ import annotations

from factaudit.engine.conflicts.grouping import answer_key
from factaudit.engine.conflicts.records import Item, ItemResult
from factaudit.engine.conflicts.variants import final_candidates, run_item
from factaudit.engine.metrics.multi_answer import Lexicon

STAGES = ("extraction", "repair", "grouping", "aggregation", "single-call")
CONDITIONS = ("conflict", "no-conflict", "misinfo", "noise", "ambiguous", "bilingual")


def _key(answer: str | None, lexicon: Lexicon | None) -> str | None:
    return answer_key(answer, lexicon).key if answer and answer.strip() else None


def _partition(res: ItemResult) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(g.doc_ids) for g in res.groups)


def _outcome(res: ItemResult, lexicon: Lexicon | None) -> tuple:
    return (frozenset(_key(a.answer, lexicon) for a in res.outcome.answers), res.outcome.explicit_conflict)


def divergence(item: Item, res: ItemResult, lexicon: Lexicon | None = None) -> str | None:
    """None when the outcome matches the oracle's; else extraction, repair, grouping, aggregation or
    single-call (the baselines have no stages to tell apart)."""
    oracle = run_item("oracle", item, lexicon=lexicon)
    if _outcome(res, lexicon) == _outcome(oracle, lexicon):
        return None
    if res.variant.startswith("single-call"):
        return "single-call"
    want = {e.doc_id: _key(e.answer, lexicon) for e in oracle.extractions}
    before = {e.doc_id: _key(e.answer, lexicon) for e in res.extractions}
    after = {d: _key(a, lexicon) for d, a in final_candidates(res).items()}
    wrong = [d for d in want if after.get(d) != want[d]]
    if wrong:
        return "repair" if all(before.get(d) == want[d] for d in wrong) else "extraction"
    return "grouping" if _partition(res) != _partition(oracle) else "aggregation"


def conditions(item: Item, gold_conflict: bool) -> list[str]:
    tags = ["conflict" if gold_conflict else "no-conflict"]
    types = {d.type for d in item.docs}
    if "misinfo" in types:
        tags.append("misinfo")
    if "noise" in types:
        tags.append("noise")
    if len(item.gold_answers) > 1:
        tags.append("ambiguous")
    if len({d.lang for d in item.docs if d.lang}) > 1:
        tags.append("bilingual")
    return tags
