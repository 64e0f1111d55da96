"""Typed records of one conflict-aware answering run: an item with its documents, what each stage
made of it, and the outcome. Stored per item as JSON (engine.project.conflict_store)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine.conflicts.grouping import Group

OUTCOMES = ("answer", "conflict", "abstain")


@dataclass
class Doc:
    id: str
    text: str
    lang: str | None = None
    type: str | None = None          # correct | misinfo | noise (privileged: only the oracle and metrics read it)
    gold: str | None = None          # the document's own answer (privileged, likewise)


@dataclass
class Item:
    id: str
    question: str
    gold_answers: list[str]
    docs: list[Doc]


@dataclass
class Extraction:
    doc_id: str
    answer: str | None
    quote: str | None = None
    source: str = "model"            # model | rules | oracle
    status: str = "ok"               # ok | none (no candidate) | failed (reply did not parse)
    raw: str | None = None


@dataclass
class Repair:
    doc_id: str
    before: str | None
    after: str | None
    rule: str


@dataclass
class Listed:
    answer: str
    doc_ids: list[str]


@dataclass
class Outcome:
    kind: str                         # answer | conflict | abstain
    answers: list[Listed]
    explicit_conflict: bool           # the output states a conflict (pipeline: kind == conflict; single call: its flag)

    @property
    def text(self) -> str:
        if self.kind == "abstain":
            return "No answer: no document supports one."
        if self.kind == "answer" and not self.explicit_conflict:
            return self.answers[0].answer
        parts = [f"{a.answer} (documents {', '.join(a.doc_ids) or '?'})" for a in self.answers]
        return "Conflict: the documents support different answers: " + "; ".join(parts)


@dataclass
class ItemResult:
    item_id: str
    variant: str
    extractions: list[Extraction] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    grouped_by: str = "rules"         # rules | model | none (single call)
    outcome: Outcome = field(default_factory=lambda: Outcome("abstain", [], False))
    calls: int = 0
    parse_failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    raw: str | None = None            # a single call's reply

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["groups"] = [g.to_json() for g in self.groups]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "ItemResult":
        o = d.get("outcome") or {}
        return cls(
            item_id=d["item_id"], variant=d["variant"],
            extractions=[Extraction(**e) for e in d.get("extractions", [])],
            repairs=[Repair(**r) for r in d.get("repairs", [])],
            groups=[Group.from_json(g) for g in d.get("groups", [])], grouped_by=d.get("grouped_by", "rules"),
            outcome=Outcome(o.get("kind", "abstain"), [Listed(**a) for a in o.get("answers", [])],
                            bool(o.get("explicit_conflict"))),
            calls=d.get("calls", 0), parse_failures=d.get("parse_failures", 0),
            prompt_tokens=d.get("prompt_tokens", 0), completion_tokens=d.get("completion_tokens", 0),
            latency_ms=d.get("latency_ms", 0.0), raw=d.get("raw"),
        )
