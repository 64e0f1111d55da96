"""Certification of one verify run (issue #21 item 5): what the expert labels that exist prove about
the verifier and the run's error rate. engine/metrics/certify.py holds the estimators.

Units and flags come from the scoring code (services.scoring_units.open_units, metrics.classification's
UnitRecord.predicted), so a mapping and a level mean here what they mean in `metrics`:
- level sentence: Y = the sentence's label (an adjudicated label where there is one, else the expert's,
  else a second rater's); f = any of its claims flagged under the mapping. The unlabelled units are
  the other sentences of the answers the run verified.
- level claim: Y = the claim's sentence label when it has one, else its gold label read through the
  same mapping (gold Refuted is an error under every mapping); f = its verdict under the mapping.
Units with a parse-failed or missing verdict are left out of both sets and counted in `unscored`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from factaudit.engine.audit.sampling import stratified_sample
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_
from factaudit.engine.metrics import certify as est
from factaudit.engine.metrics.classification import LEVELS, MAPPINGS, UnitRecord, flags_error
from factaudit.engine.project import certify_store, scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.services import scoring_units as scoring
from factaudit.engine.metrics.gold_source import GoldLabels
from factaudit.engine.services.gold_sources import gold_labels
from factaudit.engine.services.rater_merging import sentence_rating_labels
from factaudit.engine.services.scoring_units import DEFAULT_LEVEL, DEFAULT_MAPPING


@dataclass
class CertifyUnits:
    labelled: list[UnitRecord]
    unlabelled: list[UnitRecord]
    unscored: dict[str, int] = field(default_factory=dict)
    label_source: str = N_("sentence labels")
    gold: str = "adjudicated"


@dataclass
class CertifyResult:
    run_id: str
    mapping: str
    level: str
    label_source: str
    figures: est.Certification
    unscored: dict[str, int]
    gold: str = "adjudicated"

    def to_json(self) -> dict[str, Any]:
        c = self.figures
        need = c.labels_needed
        return {
            "run_id": self.run_id, "mapping": self.mapping, "level": self.level, "label_source": self.label_source,
            "gold": self.gold,
            "confidence": c.confidence, "n_labelled": c.n_labelled, "n_unlabelled": c.n_unlabelled,
            "n_labelled_errors": c.n_positive, "unscored": self.unscored,
            "sensitivity": c.sensitivity.to_json(), "specificity": c.specificity.to_json(),
            "error_rate": {"labels_only": c.labels_only.to_json(), "verifier_only": c.verifier_only.to_json(),
                           "ppi": c.ppi.to_json()},
            "labels_needed": need.more, "target_half_width": need.target_half_width,
            "ppi_half_width": need.half_width, "labels_needed_reason": need.reason,
            "notes": c.notes,
        }


def _check(mapping: str, level: str) -> None:
    if mapping not in MAPPINGS:
        raise InvalidArgument(f"unknown mapping {mapping!r}; expected one of {', '.join(MAPPINGS)}")
    if level not in LEVELS:
        raise InvalidArgument(f"unknown level {level!r}; expected sentence or claim")


def certify_units(project: Project, run_id: str, mapping: str = DEFAULT_MAPPING,
                  level: str = DEFAULT_LEVEL, gold: str | GoldLabels | None = None) -> CertifyUnits:
    """The labelled and unlabelled units of a verify run at one level. `gold` None: the labels certify
    has always used (see the module docstring); a gold source (gold_sources) uses its labels alone."""
    _check(mapping, level)
    scoring._check_run(project, run_id)     # NotFound / not a finished verify run
    if gold is not None:
        return _gold_units(project, run_id, mapping, level, gold_labels(project, gold))
    u = scoring.open_units(project, run_id)
    if level == "sentence":
        verdict_of = {r.claim_id: r.verdict for r in u.rows if r.verdict is not None and r.parse_status != "failed"}
        unscored = dict(u.unscored)
        rated, adjudicated = sentence_rating_labels(project)
        # an adjudicated label replaces the expert's; a second rater's labels a sentence the expert left
        labelled = [replace(x, truth=adjudicated[x.id] == "error") if x.id in adjudicated else x for x in u.sentences]
        unlabelled = []
        for s in certify_store.unlabelled_sentences(project, run_id):
            if not s.claim_ids:
                unscored["no_claims"] += 1
            elif any(c not in verdict_of for c in s.claim_ids):
                unscored["missing_verdict"] += 1
            else:
                label = adjudicated.get(s.id) or rated.get(s.id)
                unit = UnitRecord(s.id, label == "error", [verdict_of[c] for c in s.claim_ids], s.category, s.item_id)
                (labelled if label else unlabelled).append(unit)
        source = N_("sentence labels (with rater and adjudicated labels)") if rated or adjudicated \
            else N_("sentence labels")
        return CertifyUnits(labelled, unlabelled, unscored, source)
    labelled, unlabelled = [], []
    parse_failed = 0
    used_gold = used_sentence = False
    for r in u.rows:
        if not r.active:
            continue
        if r.verdict is None or r.parse_status == "failed":
            parse_failed += 1
            continue
        if r.sentence_label is not None:
            labelled.append(UnitRecord(r.claim_id, r.sentence_label == "error", [r.verdict], r.category, r.item_id))
            used_sentence = True
        elif r.gold_label is not None:
            labelled.append(UnitRecord(r.claim_id, flags_error(r.gold_label, mapping), [r.verdict], r.category,
                                       r.item_id))
            used_gold = True
        else:
            unlabelled.append(UnitRecord(r.claim_id, False, [r.verdict], r.category, r.item_id))
    source = {(True, False): N_("sentence labels"), (False, True): N_("claim gold labels"),
              (True, True): N_("sentence labels and claim gold labels")}.get((used_sentence, used_gold), N_("none"))
    # the default at claim level reads the expert's sentence labels (and claim gold labels)
    return CertifyUnits(labelled, unlabelled, {"parse_failed": parse_failed}, source, "expert")


def _gold_units(project: Project, run_id: str, mapping: str, level: str, gold: GoldLabels) -> CertifyUnits:
    """certify_units under one gold source: its labelled units; the unlabelled ones are the run's
    other sentences (claims) it leaves without a label."""
    u = scoring.open_units(project, run_id, gold=gold)
    if level == "claim":
        labelled = [x for x in u.claims]
        unlabelled = [UnitRecord(r.claim_id, False, [r.verdict], r.category, r.item_id) for r in u.rows
                      if r.active and r.verdict is not None and r.parse_status != "failed" and r.sentence_label is None]
        return CertifyUnits(labelled, unlabelled, {"parse_failed": u.n_parse_failures}, N_("sentence labels"), gold.spec.name)
    verdict_of = {r.claim_id: r.verdict for r in u.rows if r.verdict is not None and r.parse_status != "failed"}
    items = {r.item_id for r in u.rows if r.sentence_id}
    table = scoring.sentence_table(project)
    unscored = dict(u.unscored)
    unlabelled = []
    for sid, _label, item, cat in [x for x in scoring_store.all_sentences(project) if x[2] in items]:
        if sid in gold.labels:
            continue
        claims = table.claims_of.get(sid, [])
        if not claims:
            unscored["no_claims"] += 1
        elif any(c not in verdict_of for c in claims):
            unscored["missing_verdict"] += 1
        else:
            unlabelled.append(UnitRecord(sid, False, [verdict_of[c] for c in claims], cat, item))
    return CertifyUnits(list(u.sentences), unlabelled, unscored, N_("sentence labels"), gold.spec.name)


def certify(project: Project, run_id: str, mapping: str = DEFAULT_MAPPING, level: str = DEFAULT_LEVEL, *,
            target_half_width: float | None = None, gold: str | GoldLabels | None = None) -> CertifyResult:
    """Sensitivity, specificity and the run's error rate (labels only, verifier only, prediction-powered),
    against the `gold` source's labels (None: certify_units' default)."""
    units = certify_units(project, run_id, mapping, level, gold)
    if not units.labelled:
        raise InvalidArgument(
            f"{run_id} has no labelled {level}s to certify against: label some (Labeling, a rater package, "
            "or claim gold labels at claim level)", setting="level")
    figures = est.certify([x.truth for x in units.labelled], [x.predicted(mapping) for x in units.labelled],
                          [x.predicted(mapping) for x in units.unlabelled], target_half_width=target_half_width)
    return CertifyResult(run_id, mapping, level, units.label_source, figures, units.unscored, units.gold)


def draw_certify_sample(project: Project, run_id: str, n: int, mapping: str = DEFAULT_MAPPING,
                        level: str = DEFAULT_LEVEL, *, seed: int = 42,
                        gold: str | GoldLabels | None = None) -> list[str]:
    """Ids of n unlabelled units to label next, stratified by the verifier's flag and the dataset."""
    units = certify_units(project, run_id, mapping, level, gold)
    if n > len(units.unlabelled):
        raise InvalidArgument(f"asked for {n} units to label but {run_id} has only {len(units.unlabelled)} "
                              f"unlabelled {level}s")
    datasets = certify_store.unit_datasets(project, level, [x.id for x in units.unlabelled])
    strata = [(x.id, f"{'flagged' if x.predicted(mapping) else 'not flagged'}|{datasets.get(x.id, '')}")
              for x in units.unlabelled]
    return stratified_sample(strata, n, seed)


def write_sample(path: str | Path, level: str, ids: list[str]) -> Path:
    """The drawn units as JSON lines {"level", "id"} (`rater-package --units-from` reads them)."""
    import errno
    import json
    import os

    out = Path(path)
    if out.exists():
        raise InvalidArgument(f"{out} already exists; choose a new file for the sample")
    # Written beside it and linked into place whole: a full disk used to leave a 0-byte file that
    # made the rerun refuse ("already exists"); the link also refuses a file that appeared meanwhile.
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write("".join(json.dumps({"level": level, "id": i}) + "\n" for i in ids))
            fh.flush()
            os.fsync(fh.fileno())
        os.link(tmp, out)
    except FileExistsError as exc:
        raise InvalidArgument(f"{out} already exists; choose a new file for the sample") from exc
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise InvalidArgument(f"no space left on the disk while writing {out}; nothing was written "
                                  "(free some space and run it again)") from exc
        raise InvalidArgument(f"cannot write {out}: {exc.strerror or exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
    return out


def report_certification(project: Project, run_ids: list[str], mapping: str = DEFAULT_MAPPING,
                         level: str = DEFAULT_LEVEL, gold: GoldLabels | None = None) -> dict[str, dict[str, Any]]:
    """The report's section: each verify run's certification, or why it has none (no labelled units)."""
    out: dict[str, dict[str, Any]] = {}
    for run in run_ids:
        try:
            out[run] = certify(project, run, mapping, level, gold=gold).to_json()
        except InvalidArgument as exc:
            out[run] = {"missing": str(exc), "mapping": mapping, "level": level}
    return out
