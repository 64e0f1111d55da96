"""Gold sources and gold subsets (issue #33 item 1): which sentence labels a figure is scored against.

A sentence can carry several labels: the expert's (imported with the answers, the `sentences` table), a
second rater's (merged from a rater package) and an adjudicator's (`adjudicate --target sentence`).
The gold source says which of them a figure uses:

- `expert`: the imported labels, as every figure used before this option existed.
- `adjudicated`: an adjudicated label where there is one, else the expert's, else a merged rater's
  (the latest): the gold `certify` always used, and what a study that re-judges flagged sentences
  reports after its panel.
- `rater:NAME` (or just NAME): that rater's latest labels alone; sentences the rater did not label are
  not scored.

A subset keeps the units whose sentence is in it: `adjudicated` (sentences with an adjudication),
`category:NAME`, or `units:FILE` (a saved unit list: one id a line, or the JSON lines `certify
--draw-sample` writes). Figures on a subset are shown beside the full set's, each with its n.

Pure functions over plain mappings: engine/services/gold_sources.py reads the project and calls them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from factaudit.engine.errors import InvalidArgument

EXPERT, ADJUDICATED, RATER = "expert", "adjudicated", "rater"
GOLD_SOURCES = (EXPERT, ADJUDICATED)          # plus one per rater, named "rater:NAME"
SUBSET_KINDS = ("adjudicated", "category", "units")


@dataclass(frozen=True)
class GoldSpec:
    kind: str                   # expert | adjudicated | rater
    rater: str | None = None

    @property
    def name(self) -> str:
        return f"{RATER}:{self.rater}" if self.kind == RATER else self.kind


def parse_gold(text: str | None) -> GoldSpec:
    """"expert" (also None or ""), "adjudicated", "rater:NAME" or a bare rater NAME."""
    t = (text or EXPERT).strip()
    if t in (EXPERT, ADJUDICATED):
        return GoldSpec(t)
    name = t.split(":", 1)[1].strip() if t.startswith(RATER + ":") else t
    if not name:
        raise InvalidArgument("a rater gold source needs the rater's name (rater:NAME)")
    return GoldSpec(RATER, name)


@dataclass
class GoldLabels:
    """The resolved labels {sentence id: correct|error} and where each came from."""

    spec: GoldSpec
    labels: dict[str, str]
    from_expert: int = 0
    from_rater: int = 0
    from_adjudication: int = 0
    changed: int = 0                 # labels that differ from the expert's on the same sentence
    adjudicated_ids: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_default(self) -> bool:
        return self.spec.kind == EXPERT

    def to_json(self) -> dict[str, Any]:
        return {"source": self.spec.name, "n_labels": len(self.labels), "from_expert": self.from_expert,
                "from_rater": self.from_rater, "from_adjudication": self.from_adjudication,
                "changed_from_expert": self.changed}


def resolve_gold(spec: GoldSpec, expert: Mapping[str, str | None],
                 ratings: Sequence[tuple[str, str, str]], is_adjudicator: Callable[[str], bool]) -> GoldLabels:
    """`expert`: {sentence: label or None}; `ratings`: (sentence, label, annotator), oldest first, so
    the latest of one annotator (or of the adjudicators) wins."""
    adjudicated: dict[str, str] = {}
    rated: dict[str, str] = {}
    by_rater: dict[str, dict[str, str]] = {}
    for sid, label, who in ratings:
        if is_adjudicator(who):
            adjudicated[sid] = label
        else:
            rated[sid] = label
            by_rater.setdefault(who, {})[sid] = label
    base = {s: lab for s, lab in expert.items() if lab is not None}
    if spec.kind == EXPERT:
        return GoldLabels(spec, dict(base), from_expert=len(base), adjudicated_ids=frozenset(adjudicated))
    if spec.kind == RATER:
        if spec.rater not in by_rater:
            known = ", ".join(sorted(by_rater)) or "none"
            raise InvalidArgument(f"no sentence labels by rater {spec.rater!r} (raters with sentence labels: "
                                  f"{known})")
        own = by_rater[spec.rater]
        return GoldLabels(spec, dict(own), from_rater=len(own), adjudicated_ids=frozenset(adjudicated),
                          changed=sum(1 for s, lab in own.items() if s in base and base[s] != lab))
    labels: dict[str, str] = {}
    n_exp = n_rat = n_adj = 0
    for sid in {*base, *rated, *adjudicated}:
        if sid in adjudicated:
            labels[sid], n_adj = adjudicated[sid], n_adj + 1
        elif sid in base:
            labels[sid], n_exp = base[sid], n_exp + 1
        else:
            labels[sid], n_rat = rated[sid], n_rat + 1
    changed = sum(1 for s, lab in labels.items() if s in base and base[s] != lab)
    return GoldLabels(spec, labels, n_exp, n_rat, n_adj, changed, frozenset(adjudicated))


# ---- subsets ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SubsetSpec:
    kind: str                   # adjudicated | category | units
    value: str | None = None

    @property
    def name(self) -> str:
        return self.kind if self.value is None else f"{self.kind}:{self.value}"


def parse_subset(text: str | None) -> SubsetSpec | None:
    if not text or not text.strip():
        return None
    t = text.strip()
    kind, _, value = t.partition(":")
    if kind == "adjudicated" and not value:
        return SubsetSpec(kind)
    if kind in ("category", "units") and value.strip():
        return SubsetSpec(kind, value.strip())
    raise InvalidArgument(f"unknown subset {t!r}; expected adjudicated, category:NAME or units:FILE")


def read_unit_list(path: str | Path) -> set[str]:
    """Ids from a saved unit list: one id a line, or JSON lines with an "id" (certify --draw-sample)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidArgument(f"cannot read the unit list {p.name}: {exc.strerror or exc}", file=str(p)) from None
    ids: set[str] = set()
    for n, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("{"):
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                raise InvalidArgument(f"{p.name} line {n}: not a JSON object", file=str(p),
                                      line=n) from None
            if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
                raise InvalidArgument(f"{p.name} line {n}: expected an \"id\"", file=str(p),
                                      line=n, field="id")
            ids.add(rec["id"])
        else:
            ids.add(line)
    return ids


def subset_filter(spec: SubsetSpec, gold: GoldLabels) -> Callable[[str, str | None, str | None], bool]:
    """A predicate over (sentence id, category, claim id): whether a unit belongs to the subset. A
    unit list may name sentences or claims."""
    if spec.kind == "adjudicated":
        ids = gold.adjudicated_ids
        return lambda sid, cat, cid=None: sid in ids
    if spec.kind == "category":
        return lambda sid, cat, cid=None: cat == spec.value
    listed = read_unit_list(spec.value or "")
    return lambda sid, cat, cid=None: sid in listed or (cid is not None and cid in listed)


def labels_of(ids: Iterable[str], gold: GoldLabels) -> list[str | None]:
    return [gold.labels.get(i) for i in ids]
