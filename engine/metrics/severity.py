"""Severity-weighted and per-severity recall (issue #33 item 8).

MedExpert's clinicians grade each flagged span Mild, Moderate or Severe; the importer keeps the grades
of the spans a sentence overlaps (sentence meta "severity"). A sentence takes the gravest grade among
them, since missing it costs what its worst error costs.

- per-severity recall: of the gold-erroneous sentences of one grade, the share the verifier flags
  (Wilson 95 % interval), n = the sentences of that grade;
- severity-weighted recall: Σ w·TP / Σ w·n over the grades, with w = 1, 2, 3 for Mild, Moderate,
  Severe, so a missed Severe error costs three times a missed Mild one. With every weight 1 it is the
  plain recall on the graded sentences.

Erroneous sentences without a grade (a rater's label, or an export without severities) are counted in
`n_ungraded` and left out of both figures.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from factaudit.engine.metrics import stats
from factaudit.engine.metrics.classification import MAPPINGS, UnitRecord

ORDER = ("Mild", "Moderate", "Severe")
WEIGHTS: dict[str, float] = {"Mild": 1.0, "Moderate": 2.0, "Severe": 3.0}


def gravest(labels: Sequence[str]) -> str | None:
    """The gravest known grade among a sentence's labels (case-insensitive); None when none is known."""
    known = [g for g in ORDER if any(str(x).strip().lower() == g.lower() for x in labels)]
    return known[-1] if known else None


@dataclass
class GradeRecall:
    n: int
    tp: int
    recall: float | None
    recall_ci: list[float] | None

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "tp": self.tp, "recall": self.recall, "recall_ci": self.recall_ci}


@dataclass
class SeverityRecall:
    mapping: str
    by_grade: dict[str, GradeRecall]
    weighted_recall: float | None
    n_graded: int
    n_ungraded: int
    weights: dict[str, float] = field(default_factory=lambda: dict(WEIGHTS))

    def to_json(self) -> dict[str, Any]:
        return {"mapping": self.mapping, "weighted_recall": self.weighted_recall, "weights": self.weights,
                "n_graded": self.n_graded, "n_ungraded": self.n_ungraded,
                "by_severity": {g: r.to_json() for g, r in self.by_grade.items()}}


def severity_recall(units: Sequence[UnitRecord], grades: Mapping[str, Sequence[str]], mapping: str,
                    weights: Mapping[str, float] = WEIGHTS) -> SeverityRecall:
    """`units`: scored sentences (truth = gold error); `grades`: {sentence id: its spans' labels}."""
    counts = {g: [0, 0] for g in ORDER}          # grade -> [n, tp]
    ungraded = 0
    for u in units:
        if not u.truth:
            continue
        g = gravest(grades.get(u.id, ()))
        if g is None:
            ungraded += 1
            continue
        counts[g][0] += 1
        counts[g][1] += int(u.predicted(mapping))
    by_grade = {}
    for g, (n, tp) in counts.items():
        ci = stats.wilson(tp, n)
        by_grade[g] = GradeRecall(n, tp, tp / n if n else None, [ci[0], ci[1]] if ci is not None else None)
    den = sum(weights[g] * n for g, (n, _) in counts.items())
    num = sum(weights[g] * tp for g, (_, tp) in counts.items())
    return SeverityRecall(mapping, by_grade, num / den if den else None, sum(n for n, _ in counts.values()),
                          ungraded, dict(weights))


def severity_figures(units: Sequence[UnitRecord], grades: Mapping[str, Sequence[str]]) -> dict[str, Any] | None:
    """Every mapping's severity recall, or None when no scored erroneous sentence has a grade."""
    out = {m: severity_recall(units, grades, m) for m in MAPPINGS}
    if not any(r.n_graded for r in out.values()):
        return None
    return {m: r.to_json() for m, r in out.items()}
