"""Gold sources in the project (issue #33 items 1 and 8): the one place `metrics`, `compare`, `report`,
`certify` and the Results page resolve which sentence labels they score against
(engine/metrics/gold_source.py defines the sources), the gold-subset and severity figures beside a
run's, and the agreement of the people who labelled sentences.
"""
from __future__ import annotations

from typing import Any, Sequence

from factaudit.engine.audit import raters as rt
from factaudit.engine.metrics import stats
from factaudit.engine.metrics.classification import UnitRecord, score_all_mappings
from factaudit.engine.metrics.gold_source import (
    ADJUDICATED, EXPERT, GoldLabels, GoldSpec, parse_gold, parse_subset, resolve_gold, subset_filter,
)
from factaudit.engine.metrics.severity import severity_figures
from factaudit.engine.project import rater_store, scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.services import scoring_units


def gold_labels(project: Project, source: str | GoldSpec | GoldLabels | None = None) -> GoldLabels:
    """The sentence labels of a gold source ("expert" when None). Read once inside scoring_units.read_once()."""
    if isinstance(source, GoldLabels):
        return source
    spec = source if isinstance(source, GoldSpec) else parse_gold(source)
    memo = scoring_units._read_once.get()
    key = (id(project), "gold", spec.name)
    if memo is not None and key in memo:
        return memo[key]
    expert = {sid: label for sid, label, _item, _cat in scoring_store.all_sentences(project)}
    ratings = [(r.sentence_id, r.label, r.annotator) for r in rater_store.sentence_ratings(project)]
    out = resolve_gold(spec, expert, ratings, rt.is_adjudicator)
    if memo is not None:
        memo[key] = out
    return out


def gold_choices(project: Project) -> list[str]:
    """The gold sources this project offers: expert, adjudicated, then one per rater with sentence labels."""
    names = sorted({r.annotator for r in rater_store.sentence_ratings(project) if not rt.is_adjudicator(r.annotator)})
    return [EXPERT, ADJUDICATED, *(f"rater:{n}" for n in names)]


def _sentence_of(u: scoring_units.OpenUnits) -> dict[str, tuple[str | None, str | None]]:
    return {r.claim_id: (r.sentence_id, r.category) for r in u.rows}


def subset_figures(project: Project, u: scoring_units.OpenUnits, gold: GoldLabels, subset: str | None, *,
                   n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> dict[str, Any] | None:
    """The run's open-regime figures on a subset of its units, each level with its n (None: no subset)."""
    spec = parse_subset(subset)
    if spec is None:
        return None
    keep = subset_filter(spec, gold)
    where = _sentence_of(u)
    sentences = [x for x in u.sentences if keep(x.id, x.category, None)]
    claims = [x for x in u.claims if keep(where.get(x.id, (None, None))[0], x.category, x.id)]
    kw = {"n_resamples": n_resamples, "seed": seed}
    return {"subset": spec.name, "gold": gold.spec.name, "n_sentences": len(sentences), "n_claims": len(claims),
            "sentence": {m: s.to_json() for m, s in score_all_mappings(sentences, **kw).items()},
            "claim": {m: s.to_json() for m, s in score_all_mappings(claims, **kw).items()}}


def severity_of_units(project: Project, sentences: Sequence[UnitRecord]) -> dict[str, Any] | None:
    """Per-severity and severity-weighted recall of scored sentences (None: no graded errors)."""
    grades = scoring_store.sentence_severities(project)
    return severity_figures(sentences, grades) if grades else None


def gold_figures(project: Project, run_id: str, gold: str | GoldLabels | None = None, subset: str | None = None, *,
                 n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED) -> dict[str, Any]:
    """What `metrics` adds to a verify run's figures: the gold it used, the severity recall and, with a
    subset, the subset's figures beside the full set's."""
    labels = gold_labels(project, gold)
    u = scoring_units.open_units(project, run_id, gold=labels)
    out: dict[str, Any] = {"gold": labels.to_json()}
    sev = severity_of_units(project, u.sentences)
    if sev is not None:
        out["severity"] = sev
    sub = subset_figures(project, u, labels, subset, n_resamples=n_resamples, seed=seed)
    if sub is not None:
        out["gold_subset"] = sub
    return out


def sentence_agreement(project: Project, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                       seed: int = stats.DEFAULT_SEED) -> dict[str, Any] | None:
    """sentence_label_agreement as JSON."""
    res = sentence_label_agreement(project, n_resamples=n_resamples, seed=seed)
    return res.to_json() if res is not None else None


def sentence_label_agreement(project: Project, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                             seed: int = stats.DEFAULT_SEED):
    """Cohen's kappa for each pair of people who labelled sentences (the expert's imported labels and
    each rater's latest, adjudications left out: they settle disagreements, they do not rate) and
    Krippendorff's alpha over all of them (a metrics.agreement.DimensionAgreement, dimension
    "sentence_label"); None when no rater labelled sentences."""
    from factaudit.engine.metrics.agreement import dimension_agreement

    ratings: dict[str, dict[str, str]] = {}
    for r in rater_store.sentence_ratings(project):
        if not rt.is_adjudicator(r.annotator):
            ratings.setdefault(r.annotator, {})[r.sentence_id] = r.label
    if not ratings:
        return None
    rated = {s for labels in ratings.values() for s in labels}
    expert = rater_store.sentence_labels(project, sorted(rated))
    ratings = {"expert": {s: lab for s, lab in expert.items() if lab}, **ratings}
    return dimension_agreement(rt.SENTENCE_DIMENSION, ratings, n_resamples=n_resamples, seed=seed, target="sentence")
