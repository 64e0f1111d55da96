"""Multi-answer (option set) scoring: strict, intermediate, lenient, an equivalence lexicon, risk-tier gates.

Options are compared after the lexicon; a chosen quantity inside a gold range counts as that gold
option (`numeric_canons`).

strict        = 1 if pred == gold else 0
intermediate  = 0 if pred ⊄ gold else |pred ∩ gold| / |gold|
lenient       = max(0, |pred ∩ gold| / |gold| − p·|pred − gold|), p the wrong-option penalty (0.2 unless
                the user sets another in [0, 1]: studies differ on how much a wrong option should cost)
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.text.normalize import fold
from factaudit.engine.text.quantities import within

WRONG_OPTION_PENALTY = 0.2

# Gate conditions per risk tier: a metric's mean must reach the value, or a count must not exceed it.
DEFAULT_GATES: dict[str, dict[str, float]] = {
    "A": {"strict": 0.90, "critical_misses": 0},
    "B": {"strict": 0.85, "intermediate": 0.90},
    "C": {"lenient": 0.85},
}
MEAN_METRICS = ("strict", "intermediate", "lenient")
# Answer-level audit conditions (issue #13), computed by metrics.answer_audit and passed to `evaluate`:
# each rate must reach its value, except `max_refusal_rate`, which the refusal rate must not exceed.
# `cited` is the share of answered items that cite at least one passage (1 = every answer cites).
AUDIT_GATE_METRICS = ("evidence_coverage", "faithfulness", "refusal_rate", "max_refusal_rate", "cited")


def _norm(text: str) -> str:
    # Case, spacing, full-width forms, punctuation, thousands separators and Chinese numerals.
    return fold(text)


class Lexicon:
    """Maps synonyms to a canonical option before matching; matching ignores case and spacing.

    The file the user edits is YAML or JSON: `{canonical: [synonym, ...]}`.
    """

    def __init__(self, groups: Mapping[str, Iterable[str]] | None = None):
        self._map: dict[str, str] = {}
        for canonical, synonyms in (groups or {}).items():
            if isinstance(synonyms, str):
                synonyms = [synonyms]
            if not isinstance(synonyms, (list, tuple, set)):
                raise InvalidArgument(f"lexicon entry {canonical!r}: expected a list of synonyms")
            canon = _norm(canonical)
            self._map[canon] = canon
            for s in synonyms:
                prev = self._map.get(_norm(s))
                if prev is not None and prev != canon:
                    raise InvalidArgument(f"lexicon: {s!r} is a synonym of both {prev!r} and {canonical!r}")
                self._map[_norm(s)] = canon

    @classmethod
    def load(cls, path: str | Path) -> "Lexicon":
        path = Path(path)
        if not path.is_file():
            raise InvalidArgument(f"no lexicon file at {path}")
        text = path.read_text(encoding="utf-8")
        try:
            if path.suffix.lower() == ".json":
                data = json.loads(text)
            else:
                import yaml

                data = yaml.safe_load(text)
        except Exception as exc:  # noqa: BLE001 - any parse error is the user's file
            raise InvalidArgument(f"cannot read lexicon {path.name}: {exc}") from exc
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise InvalidArgument(f"lexicon {path.name}: expected a mapping canonical -> [synonyms]")
        return cls(data)

    def canon(self, option: str) -> str:
        n = _norm(option)
        return self._map.get(n, n)

    def canon_set(self, options: Iterable[str]) -> frozenset[str]:
        return frozenset(self.canon(o) for o in options)

    def variants(self, option: str) -> frozenset[str]:
        """Every normalised spelling the lexicon treats as this option (itself included)."""
        canon = self.canon(option)
        return frozenset({_norm(option), canon, *(s for s, c in self._map.items() if c == canon)})


@dataclass
class OptionScore:
    item_id: str
    strict: float
    intermediate: float
    lenient: float
    missed: int            # gold options not chosen
    wrong: int             # chosen options not in gold
    risk_tier: str | None = None
    critical: bool = False
    category: str | None = None


def numeric_canons(pred: Iterable[str], gold: Iterable[str], lexicon: Lexicon) -> list[str]:
    """Each chosen option as a canonical term, where a chosen quantity within a gold option's range
    ("4小时" in "3.5–4.5小时", `text.quantities.within`) takes that gold option's canonical form. Each
    gold option absorbs at most one chosen option, so two answers in one range are not both right."""
    pred = list(pred)
    out = [lexicon.canon(o) for o in pred]
    # exact (lexicon) matches first, so a range is never taken from the option that names it
    open_gold = {lexicon.canon(o): o for o in gold if lexicon.canon(o) not in out}
    for n, option in enumerate(pred):
        if out[n] in open_gold or not open_gold:
            continue
        for gc, g in open_gold.items():
            if within(option, g):
                out[n] = gc
                del open_gold[gc]
                break
    return out


def check_penalty(penalty: float) -> float:
    """The lenient score's wrong-option penalty, refused outside [0, 1]: above 1 one wrong option would
    cancel a complete answer, below 0 a wrong option would earn credit."""
    if isinstance(penalty, bool) or not isinstance(penalty, (int, float)) or not 0.0 <= float(penalty) <= 1.0:
        raise InvalidArgument(f"the lenient score's wrong-option penalty must be a number from 0 to 1, not {penalty!r}",
                              setting="lenient_penalty")
    return float(penalty)


def score_options(pred: Iterable[str], gold: Iterable[str], lexicon: Lexicon | None = None,
                  penalty: float = WRONG_OPTION_PENALTY) -> tuple[float, float, float, int, int]:
    lex = lexicon or Lexicon()
    gold = list(gold)
    p, g = frozenset(numeric_canons(pred, gold, lex)), lex.canon_set(gold)
    hit, wrong, missed = len(p & g), len(p - g), len(g - p)
    strict = 1.0 if p == g else 0.0
    if not g:
        # nothing is correct: only an empty answer earns credit
        partial = 1.0 if not p else 0.0
    else:
        partial = hit / len(g)
    intermediate = partial if p <= g else 0.0
    lenient = max(0.0, partial - penalty * wrong)
    return strict, intermediate, lenient, missed, wrong


@dataclass
class TierResult:
    tier: str
    n: int
    strict: float | None
    intermediate: float | None
    lenient: float | None
    critical_misses: int
    gates: dict[str, float]
    checks: dict[str, bool] = field(default_factory=dict)
    passed: bool | None = None   # None when the tier has no items
    audit: dict[str, Any] = field(default_factory=dict)   # answer-level audit figures of the tier


@dataclass
class MultiAnswerResult:
    run_id: str | None
    n: int
    n_missing: int                  # items with gold options but no prediction in the run
    strict: float | None
    intermediate: float | None
    lenient: float | None
    tiers: dict[str, TierResult]
    items: list[OptionScore]
    # Intervals (95 %): Wilson for strict (a proportion), item bootstrap for the partial-credit means.
    strict_ci: tuple[float, float] | None = None
    intermediate_ci: tuple[float, float] | None = None
    lenient_ci: tuple[float, float] | None = None
    audit: dict[str, Any] = field(default_factory=dict)    # answer-level audit figures (metrics.answer_audit)
    warnings: list[str] = field(default_factory=list)
    audit_items: list[dict[str, Any]] = field(default_factory=list)   # per-item audit rows (causes of misses)
    lenient_penalty: float = WRONG_OPTION_PENALTY      # the wrong-option penalty `lenient` was scored with

    def to_json(self, with_items: bool = False) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k not in ("items", "audit", "audit_items")}
        # the audit figures sit beside strict / intermediate / lenient: `multi_answer.faithfulness`
        out.update(self.audit)
        for tier, t in out["tiers"].items():
            t.update(t.pop("audit"))
        if with_items:
            out["items"] = [asdict(i) for i in self.items]
            out["audit_items"] = self.audit_items
        return out


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def validate_gates(gates: Mapping[str, Mapping[str, float]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for tier, conds in gates.items():
        if tier not in ("A", "B", "C"):
            raise InvalidArgument(f"gates: unknown risk tier {tier!r} (A, B or C)")
        if not isinstance(conds, Mapping):
            raise InvalidArgument(f"gates: tier {tier} needs a mapping of metric -> threshold")
        for metric, value in conds.items():
            if metric not in (*MEAN_METRICS, "critical_misses", *AUDIT_GATE_METRICS):
                raise InvalidArgument(f"gates: unknown metric {metric!r} for tier {tier}")
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise InvalidArgument(f"gates: {tier}.{metric} must be a number")
        out[tier] = {k: float(v) for k, v in conds.items()}
    return out


def load_gates(path: str | Path) -> dict[str, dict[str, float]]:
    """Gate thresholds from YAML/JSON, merged over the defaults (`{A: {strict: 0.95}}`)."""
    path = Path(path)
    if not path.is_file():
        raise InvalidArgument(f"no gates file at {path}")
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise InvalidArgument(f"cannot read gates {path.name}: {exc}") from exc
    if not isinstance(data, dict):
        raise InvalidArgument(f"gates {path.name}: expected a mapping tier -> conditions")
    merged = {t: dict(c) for t, c in DEFAULT_GATES.items()}
    for tier, conds in validate_gates(data).items():
        merged.setdefault(tier, {}).update(conds)
    return merged


def evaluate(items: Sequence[OptionScore], gates: Mapping[str, Mapping[str, float]] | None = None,
             run_id: str | None = None, n_missing: int = 0,
             audit: Mapping[str, Mapping[str, float | None]] | None = None) -> MultiAnswerResult:
    """Scores and tier gates. `audit` gives per tier the audit rates (evidence_coverage, faithfulness,
    refusal_rate, cited_rate); a gate on a rate that is unknown for the tier (not recorded) fails."""
    gates = validate_gates(gates if gates is not None else DEFAULT_GATES)
    audit = audit or {}
    tiers: dict[str, TierResult] = {}
    for tier in ("A", "B", "C"):
        group = [i for i in items if i.risk_tier == tier]
        # a miss on a critical item (contraindication, interaction, allergy) means a gold option was left out
        crit = sum(1 for i in group if i.critical and i.missed > 0)
        res = TierResult(tier, len(group), _mean([i.strict for i in group]), _mean([i.intermediate for i in group]),
                         _mean([i.lenient for i in group]), crit, dict(gates.get(tier, {})))
        if group:
            for metric, threshold in res.gates.items():
                if metric == "critical_misses":
                    res.checks[metric] = crit <= threshold
                elif metric in AUDIT_GATE_METRICS:
                    name = {"max_refusal_rate": "refusal_rate", "cited": "cited_rate"}.get(metric, metric)
                    value = audit.get(tier, {}).get(name)
                    if value is None:
                        res.checks[metric] = False
                    elif metric == "max_refusal_rate":
                        res.checks[metric] = value <= threshold + 1e-12
                    else:
                        res.checks[metric] = value >= threshold - 1e-12
                else:
                    res.checks[metric] = getattr(res, metric) >= threshold - 1e-12
            res.passed = all(res.checks.values())
        tiers[tier] = res
    return MultiAnswerResult(
        run_id, len(items), n_missing, _mean([i.strict for i in items]), _mean([i.intermediate for i in items]),
        _mean([i.lenient for i in items]), tiers, list(items),
    )
