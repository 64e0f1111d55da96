"""The five conflict metrics of an aggregate run broken down by what the data carries about each item.

Groups (each with its n and bootstrap intervals, engine.conflicts.metrics.summarise):
- evidence condition: the tags of engine.conflicts.diverge.conditions (conflict / no-conflict, misinfo,
  noise, ambiguous, bilingual). An item carries several tags, so these groups overlap;
- conflict type, on conflict items only: `date` when every answer its documents support is a date,
  `number` when every one is a quantity, `entity` otherwise (the grouping keys of
  engine.conflicts.grouping decide: date:…, num:…);
- question language: `zh` when the question holds a CJK ideograph, `en` when it holds Latin letters
  and no ideograph, `other` otherwise.
A breakdown with a single group is left out: it would only repeat the run's figures.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from factaudit.engine.conflicts import metrics as cm
from factaudit.engine.conflicts.diverge import conditions
from factaudit.engine.conflicts.records import Item
from factaudit.engine.metrics.multi_answer import Lexicon

BREAKDOWNS = ("evidence_condition", "conflict_type", "language")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")


def conflict_type(item: Item, lexicon: Lexicon | None = None) -> str:
    supported = cm.supported_keys(item, lexicon)
    if supported and all(k.startswith("date:") for k in supported):
        return "date"
    if supported and all(k.startswith("num:") for k in supported):
        return "number"
    return "entity"


def question_language(question: str) -> str:
    if _HAN.search(question):
        return "zh"
    return "en" if _LATIN.search(question) else "other"


def groups(item: Item, score: cm.ItemScore, lexicon: Lexicon | None = None) -> dict[str, list[str]]:
    """The groups one item falls in, per breakdown."""
    return {
        "evidence_condition": conditions(item, score.gold_conflict),
        "conflict_type": [conflict_type(item, lexicon)] if score.gold_conflict else [],
        "language": [question_language(item.question)],
    }


def breakdown(items: Sequence[Item], scores: Mapping[str, cm.ItemScore], lexicon: Lexicon | None = None,
              n_resamples: int = cm.DEFAULT_RESAMPLES, seed: int = cm.DEFAULT_SEED) -> dict[str, dict[str, Any]]:
    """breakdown name -> group -> RunScores JSON, over the scored items."""
    members: dict[str, dict[str, list[cm.ItemScore]]] = {b: {} for b in BREAKDOWNS}
    for it in items:
        s = scores.get(it.id)
        if s is None:
            continue
        for b, tags in groups(it, s, lexicon).items():
            for tag in tags:
                members[b].setdefault(tag, []).append(s)
    out: dict[str, dict[str, Any]] = {}
    for b, by_tag in members.items():
        if len(by_tag) < 2:
            continue
        out[b] = {tag: cm.summarise(by_tag[tag], n_resamples, seed).to_json() for tag in sorted(by_tag)}
    return out
