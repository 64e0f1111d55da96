"""The units a verify run gives the open and closed regimes, after exclusions (parse failures,
sentences without claims or with a missing verdict). Scoring (services/scoring.py) and certification
(services/certification.py) both read them from here, so a level means the same in `metrics` and `certify`.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Iterator

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics.classification import UnitRecord
from factaudit.engine.metrics.gold_source import GoldLabels
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import scoring_store
from factaudit.engine.project.db import Project
from factaudit.engine.services.verify_inputs import NO_VERDICT_REASONS, no_verdict_reason

DEFAULT_MAPPING = "R+NE"
DEFAULT_LEVEL = "sentence"


@dataclass
class OpenUnits:
    """What a verify run gives the open and closed regimes, after exclusions."""

    run_id: str
    sentences: list[UnitRecord]
    claims: list[UnitRecord]
    n_parse_failures: int
    unscored: dict[str, int]
    closed_gold: list[str] = field(default_factory=list)
    closed_pred: list[str] = field(default_factory=list)
    rows: list[scoring_store.VerdictUnit] = field(default_factory=list)
    # claims with a gold verdict left out of the closed regime, by reason (CLOSED_REASONS)
    closed_unscored: dict[str, int] = field(default_factory=dict)
    # every claim without a verdict, gold or not, by reason
    no_verdict_reasons: dict[str, int] = field(default_factory=dict)


# Why a claim with a gold verdict has no verdict to score, as `metrics` words it (one table with the
# run summary's: verify_inputs.NO_VERDICT_REASONS).
CLOSED_REASONS = NO_VERDICT_REASONS


def _failure_reasons(project: Project, run_id: str, rows: list[scoring_store.VerdictUnit]) -> dict[str, int]:
    """NO_VERDICT_REASONS counts of these failed rows; the reasoning is read for them alone, since a
    classifier's "claim too long" is told by its failure text."""
    config = run_store.get_run(project, run_id).config or {}
    stored = run_store.get_verdicts(project, run_id, [r.claim_id for r in rows])
    out: dict[str, int] = {}
    for r in rows:
        v = stored.get(r.claim_id)
        reason = no_verdict_reason(v.reasoning if v else None, r.completion_tokens, config)
        out[reason] = out.get(reason, 0) + 1
    return out


def _check_run(project: Project, run_id: str, want: str | None = "verdicts") -> str:
    run_store.get_run(project, run_id)  # NotFound with a clear message
    kinds = scoring_store.scorable_runs(project)
    if run_id not in kinds:
        raise InvalidArgument(f"{run_id} has nothing to score (it holds no verdicts or item predictions, "
                              "or it is not finished)")
    if want is not None and kinds[run_id] != want:
        raise InvalidArgument(f"{run_id} holds {kinds[run_id]}, not {want}")
    return kinds[run_id]


_read_once: ContextVar[dict | None] = ContextVar("scoring_units_read_once", default=None)


@contextmanager
def read_once() -> Iterator[None]:
    """Inside the block, each run's units (and the sentence table) are read from the project once,
    however many figures ask for them (a report scores, compares and certifies the same runs). For a
    block that only reads: a write in it would not be seen."""
    token = _read_once.set({})
    try:
        yield
    finally:
        _read_once.reset(token)


def _gold_key(gold: GoldLabels | None) -> str:
    return "expert" if gold is None or gold.is_default else gold.spec.name


def _table(project: Project, gold: GoldLabels | None) -> scoring_store.SentenceTable:
    base = scoring_store.sentence_table(project)
    if gold is None or gold.is_default:
        return base
    # another gold source may label sentences the expert left, and leave out ones the expert labelled
    labelled = [(sid, gold.labels[sid], item, cat) for sid, _label, item, cat in scoring_store.all_sentences(project)
                if sid in gold.labels]
    return scoring_store.SentenceTable(base.item_of, labelled, base.claims_of)


def sentence_table(project: Project, gold: GoldLabels | None = None) -> scoring_store.SentenceTable:
    """The sentences with their labels under `gold` (engine.services.gold_sources; None: the expert's)."""
    memo = _read_once.get()
    if memo is None:
        return _table(project, gold)
    key = (id(project), "sentence table", _gold_key(gold))
    if key not in memo:
        memo[key] = _table(project, gold)
    return memo[key]


def open_units(project: Project, run_id: str, table: scoring_store.SentenceTable | None = None,
               gold: GoldLabels | None = None) -> OpenUnits:
    """`table` (sentence_table) when several runs are scored: the sentences are read once. `gold`:
    the labels to score against (None: the expert's). The result is shared inside read_once():
    callers never change it."""
    memo = _read_once.get()
    if memo is None:
        return _open_units(project, run_id, table, gold)
    key = (id(project), run_id, _gold_key(gold))
    if key not in memo:
        memo[key] = _open_units(project, run_id, table if table is not None else sentence_table(project, gold), gold)
    return memo[key]


def _open_units(project: Project, run_id: str, table: scoring_store.SentenceTable | None,
                gold: GoldLabels | None = None) -> OpenUnits:
    rows = scoring_store.verdict_units(project, run_id)
    failed = {r.claim_id for r in rows if r.verdict is None or r.parse_status == "failed"}
    verdict_of = {r.claim_id: r.verdict for r in rows if r.claim_id not in failed}
    if gold is not None and not gold.is_default:
        # claims inherit their sentence's label under the chosen gold, as they do the expert's
        rows = [replace(r, sentence_label=gold.labels.get(r.sentence_id) if r.sentence_id else None) for r in rows]
        if table is None:
            table = _table(project, gold)

    claims = [
        UnitRecord(r.claim_id, r.sentence_label == "error", [r.verdict], r.category, r.item_id)
        for r in rows if r.claim_id not in failed and r.sentence_label is not None and r.active
    ]
    sentences: list[UnitRecord] = []
    unscored = {"parse_failed": 0, "no_claims": 0, "missing_verdict": 0}
    covered = table.covered(rows) if table is not None else scoring_store.covered_sentences(project, run_id)
    for s in covered:
        if not s.claim_ids:
            unscored["no_claims"] += 1
        elif any(c in failed for c in s.claim_ids):
            unscored["parse_failed"] += 1
        elif any(c not in verdict_of for c in s.claim_ids):
            unscored["missing_verdict"] += 1
        else:
            sentences.append(UnitRecord(s.id, s.label == "error", [verdict_of[c] for c in s.claim_ids],
                                        s.category, s.item_id))
    gold = [r for r in rows if r.claim_id not in failed and r.gold_label is not None]
    failed_rows = [r for r in rows if r.claim_id in failed]
    failed_gold = [r for r in failed_rows if r.gold_label is not None]
    closed_unscored = _failure_reasons(project, run_id, failed_gold) if failed_gold else {}
    reasons = _failure_reasons(project, run_id, failed_rows) if failed_rows else {}
    return OpenUnits(run_id, sentences, claims, len(failed), unscored,
                     [r.gold_label for r in gold], [r.verdict for r in gold], rows,  # type: ignore[misc]
                     closed_unscored, reasons)


# ---- how a verify run verified: its setup, its models' grade, its grounding control ----------------
# Config keys that may differ between a run and its grounding control: the control flag itself, and
# what the model sizes or calibrates from the prompts it saw (a control's prompts are shorter).
_UNPAIRED = ("control", "corpus_hash", "bias")


def verify_setup(config: dict) -> dict:
    """strategy, evidence source and control of a stored verify config (earlier configs read compatibly)."""
    from factaudit.engine.services.verify_inputs import strategy_of

    return {"strategy": strategy_of(config), "evidence_source": config.get("evidence_source", "retrieval"),
            "control": config.get("control")}


def _models(config: dict) -> list[dict]:
    """The model pins of a verify config: one, or the cascade's pair {"pair", "classifier", "llm"}."""
    m = config.get("model")
    if isinstance(m, dict) and m.get("pair"):
        return [x for x in (m.get("classifier"), m.get("llm")) if isinstance(x, dict)]
    return [m] if isinstance(m, dict) else []


def demo_grade(config: dict) -> bool:
    """Whether a model the run pins is marked demo-grade in the registry (SmolLM2, the embedded
    classifier while its model card says so)."""
    from factaudit.engine.errors import FactAuditError
    from factaudit.engine.models import classifier_registry, registry

    for m in _models(config):
        name = m.get("name")
        try:
            if name in classifier_registry.EMBEDDED_CLASSIFIERS and m.get("origin", m.get("source")) == "embedded":
                if classifier_registry.embedded_classifier(name).demo_grade:
                    return True
            elif name == registry.SMOLLM2_LLM and registry.resolve_llm(name).demo_grade:
                return True
        except FactAuditError:
            continue
    return False


def _pair_key(config: dict) -> str:
    import json

    c = {k: v for k, v in config.items() if k not in _UNPAIRED and k != "model"}
    c["models"] = [m.get("sha256") or m.get("model_name") or m.get("name") for m in _models(config)]
    return json.dumps(c, sort_keys=True, default=str)


def grounding_control(project: Project, run_id: str) -> dict | None:
    """The grounding control paired with a verify run (same config but `control`; the latest finished
    one), or the real run paired with a control: how many verdicts stay the same without evidence
    (verdicts resting on the model's own knowledge, pattern V6) and both runs' balanced accuracy."""
    from factaudit.engine.metrics.classification import closed_scores

    run = run_store.get_run(project, run_id)
    config = run.config or {}
    is_control = bool(config.get("control"))
    key = _pair_key(config)
    partners = [r for r in run_store.list_runs(project, "verify")
                if r.id != run_id and r.status == "done" and bool((r.config or {}).get("control")) != is_control
                and _pair_key(r.config or {}) == key]
    if not partners:
        return None
    partner = partners[-1]
    real, control = (partner.id, run_id) if is_control else (run_id, partner.id)
    a, b = run_store.get_verdicts(project, real), run_store.get_verdicts(project, control)
    shared = [c for c in a if c in b and a[c].verdict and b[c].verdict]
    same = sum(1 for c in shared if a[c].verdict == b[c].verdict)
    scores = {}
    for name, rid in (("real", real), ("control", control)):
        u = open_units(project, rid)
        cs = closed_scores(u.closed_gold, u.closed_pred)
        scores[name] = (cs.balanced_accuracy, cs.accuracy) if cs else (None, None)
    return {"real_run": real, "control_run": control, "n_compared": len(shared), "n_same": same,
            "share_same": same / len(shared) if shared else None,
            "real_balanced_accuracy": scores["real"][0], "control_balanced_accuracy": scores["control"][0],
            "real_accuracy": scores["real"][1], "control_accuracy": scores["control"][1]}
