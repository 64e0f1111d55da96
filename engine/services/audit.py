"""Audit services for the CLI and the GUI: codebook versions, annotations, triage, taxonomy, agreement."""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from pathlib import Path
from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions as cbv
from factaudit.engine.audit import queues
from factaudit.engine.audit import taxonomy as tax
from factaudit.engine.audit import triage as tri
from factaudit.engine.audit.annotations import ImportSummary  # noqa: F401  (re-exported for callers)
from factaudit.engine.errors import ImportFailed, InvalidArgument, NotFound, Problem
from factaudit.engine.metrics import agreement as agr
from factaudit.engine.metrics import stats
from factaudit.engine.project import audit_store as store
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.db import Project
from factaudit.engine.reports.audit_sections import AuditReport


# ---- codebook ----------------------------------------------------------------------------------
codebook = cbv.current  # the engine's function (the GUI reaches it here)


codebook_versions = cbv.list_versions  # the engine's function (the GUI reaches it here)


def export_codebook(project: Project, path: str | Path, version: int | None = None) -> cb.Codebook:
    book = cbv.current(project, version)
    try:
        Path(path).write_text(book.body, encoding="utf-8")
    except OSError as exc:
        raise InvalidArgument(f"cannot write {path}: {exc.strerror or exc}") from exc
    return book


def import_codebook(project: Project, path: str | Path, note: str | None = None) -> cb.Codebook:
    """Validate a codebook YAML file and save it as the next version (unchanged text makes none)."""
    path = Path(path)
    if not path.is_file():
        raise ImportFailed([Problem(str(path), None, None, "file not found")])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ImportFailed([Problem(path.name, None, None, "not valid UTF-8")]) from exc
    return cbv.save_version(project, text, note=note or f"imported from {path.name}", source=path.name)


def save_codebook(project: Project, text: str, note: str | None = None) -> cb.Codebook:
    """Save edited YAML text as a new version."""
    return cbv.save_version(project, text, note=note, source="codebook editor")


def save_codebook_data(project: Project, data: dict[str, Any], note: str | None = None) -> cb.Codebook:
    """The GUI editor's save: a structure shaped like `Codebook.to_json()` becomes a new version."""
    import yaml

    clean = {k: v for k, v in data.items() if k not in ("sha256", "versions")}
    return save_codebook(project, yaml.safe_dump(clean, sort_keys=False, allow_unicode=True, width=100), note)


# ---- annotations -------------------------------------------------------------------------------
def annotate(project: Project, **kwargs) -> Annotation:
    return ann.annotate(project, **kwargs)


def correct_annotation(project: Project, annotation_id: str, code: str, note: str | None = None) -> Annotation:
    return ann.correct(project, annotation_id, code, note)


def undo_annotation(project: Project, annotation_id: str) -> Annotation:
    return ann.undo(project, annotation_id)


def current_annotations(project: Project, *, target: str | None = None, claim_ids: list[str] | None = None,
                        run_id: str | None = None, annotator: str | None = None) -> list[Annotation]:
    """Current labels (latest non-superseded, undone ones left out) matching the filters."""
    records = store.list_annotations(project, target=target, claim_ids=claim_ids, run_id=run_id)
    current = ann.current_labels(records).values()
    return [a for a in current if annotator is None or a.annotator == annotator]


def annotation_history(project: Project, claim_id: str) -> list[Annotation]:
    return store.list_annotations(project, claim_ids=[claim_id])


import_annotations = ann.import_jsonl  # the engine's function (the GUI reaches it here)


# ---- triage ------------------------------------------------------------------------------------
triage_summary = tri.triage_summary  # counts of a disagreement list: prefilled, undecided, decided


def set_triage(project: Project, verify_run: str, unit_id: str, code: str, annotator: str, *,
               level: str = "sentence", note: str | None = None) -> Annotation:
    return tri.set_triage(project, verify_run, unit_id, code, annotator, level=level, note=note)


# ---- labeling queues ---------------------------------------------------------------------------
def evidence_queue(project: Project, retrieval_run: str, annotator: str, **kwargs) -> list[queues.QueueEntry]:
    return queues.evidence_queue(project, retrieval_run, annotator, **kwargs)


def reasoning_queue(project: Project, verify_run: str, annotator: str, **kwargs) -> list[queues.QueueEntry]:
    return queues.reasoning_queue(project, verify_run, annotator, **kwargs)


def open_evidence_queue(project: Project, retrieval_run: str, annotator: str, **kwargs) -> queues.LabelQueue:
    """The evidence queue built lazily (the Labeling page at any size); takes progress and cancel."""
    return queues.open_evidence_queue(project, retrieval_run, annotator, **kwargs)


def open_reasoning_queue(project: Project, verify_run: str, annotator: str, **kwargs) -> queues.LabelQueue:
    return queues.open_reasoning_queue(project, verify_run, annotator, **kwargs)


def queue_full_order(project: Project, spec: dict, *, progress=None, cancel=None) -> tuple[list, int]:
    """The full claim order of a queue opened with `head` (LabelQueue.adopt takes it)."""
    return queues.full_order(project, spec, progress=progress or (lambda *_a: None), cancel=cancel)


def disagreement_index(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
                       **_progress) -> tri.DisagreementIndex:
    """Every disagreement of a run without its evidence (cheap); `expand_disagreements` fills a page."""
    return tri.disagreement_index(project, verify_run, mapping=mapping, level=level)


DisagreementIndex = tri.DisagreementIndex


index_page = tri.index_page  # the engine's function (the GUI reaches it here)


def expand_disagreements(project: Project, index: tri.DisagreementIndex, rows: list[tri.IndexRow], *,
                         retrieval_run: str | None = None, k: int | None = None) -> list[tri.Disagreement]:
    return tri.expand(project, index, rows, retrieval_run=retrieval_run, k=k)


# ---- taxonomy ----------------------------------------------------------------------------------
def taxonomy(project: Project, annotators: list[str] | None = None, include_llm: bool = False) -> tax.Taxonomy:
    return tax.project_taxonomy(project, annotators, include_llm)


# ---- agreement ---------------------------------------------------------------------------------
def rater_tables(project: Project) -> dict[str, tuple[str, dict[str, dict], dict[str, dict], dict[str, dict]]]:
    """{dimension: (target, first-pass ratings {rater: {unit: code}}, retest ratings, first-pass blind
    flags {rater: {unit: bool}})} from current labels."""
    records = store.list_annotations(project)
    out: dict[str, tuple[str, dict[str, dict], dict[str, dict], dict[str, dict]]] = {}
    for a in ann.current_labels(records).values():
        if a.annotator.startswith(ann.ADJUDICATOR_PREFIX):
            continue        # agreement is reported before adjudication
        name = a.dimension if a.target != "triage" else f"triage:{a.dimension}"
        target, first, retest, blind = out.setdefault(name, (a.target, {}, {}, {}))
        unit = a.unit[1:]
        (first if a.pass_ == "first" else retest).setdefault(a.annotator, {})[unit] = a.code
        if a.pass_ == "first":
            blind.setdefault(a.annotator, {})[unit] = a.blind
    return out


def agreement(project: Project, *, n_resamples: int = stats.DEFAULT_RESAMPLES, seed: int = stats.DEFAULT_SEED,
              dimensions: list[str] | None = None) -> dict[str, agr.DimensionAgreement]:
    """Per evidence dimension and reasoning step (codebook order), then any triage levels."""
    book = cbv.current(project)
    tables = rater_tables(project)
    names = [d.id for d in book.dimensions()] + sorted(n for n in tables if n not in {d.id for d in book.dimensions()})
    if dimensions:
        unknown = [d for d in dimensions if d not in names]
        if unknown:
            raise NotFound(f"no dimension or step {unknown[0]!r} (known: {', '.join(names)})")
        names = [n for n in names if n in dimensions]
    out = {}
    for name in names:
        target, first, retest, blind = tables.get(name, (None, {}, {}, {}))
        if target is None:
            target = "evidence" if name in {d.id for d in book.evidence} else "reasoning"
        out[name] = agr.dimension_agreement(name, first, retest=retest, n_resamples=n_resamples, seed=seed,
                                            target=target, blind=blind)
    return out


def agreement_json(results: dict[str, agr.DimensionAgreement]) -> dict[str, Any]:
    return {name: r.to_json() for name, r in results.items()}


def audit_report(project: Project, *, n_resamples: int = stats.DEFAULT_RESAMPLES,
                 seed: int = stats.DEFAULT_SEED) -> AuditReport | None:
    """The audit figures a report lays out, or None when nobody has labelled anything."""
    records = store.list_annotations(project)
    if not any(a.target in ("evidence", "reasoning") and a.code != ann.TOMBSTONE for a in records):
        return None
    found = taxonomy(project)
    figures = {k: v for k, v in agreement(project, n_resamples=n_resamples, seed=seed).items() if v.n_raters}
    # the taxonomy counts human labels only; LLM pre-labelers appear in the agreement tables
    annotators = sorted({a.annotator for a in records if a.target in ("evidence", "reasoning")
                         and not ann.is_llm(a.annotator) and not a.annotator.startswith(ann.ADJUDICATOR_PREFIX)})
    counts = ann.label_counts(records)
    book = codebook(project, found.codebook_version)
    return AuditReport(found.codebook_version, annotators, len(records), found, figures,
                       {k: list(v) for k, v in book.high_quality.items()}, n_human_labels=counts.humans,
                       n_llm_labels=counts.llms, n_adjudications=counts.adjudications,
                       llm_annotators=counts.llm_annotators, codebook=book)


# ---- demo --------------------------------------------------------------------------------------
def demo_step_audit(project: Project, summary, progress) -> None:
    """Store the seed codebook and list the newest verify run's disagreements with their pre-fill."""
    from factaudit.engine.project import runs as run_store

    book = cbv.ensure_seed(project)
    n_codes = sum(len(d.codes) for d in book.dimensions())
    text = (f"codebook v{book.version}: {len(book.evidence)} evidence dimensions and {len(book.reasoning)} "
            f"reasoning steps, {n_codes} codes")
    step: dict[str, Any] = {"step": "audit", "codebook_version": book.version}
    verify_runs = [r for r in run_store.list_runs(project) if r.status == "done"
                   and run_store.verdict_claim_ids(project, r.id)]
    if verify_runs:
        run = verify_runs[-1].id
        progress(0, None, f"finding disagreements in {run}")
        level = "sentence"
        ds = tri.disagreements(project, run, mapping="R+NE", level=level)
        if ds.n_units == 0:  # the run verified claims without labelled sentences: the closed regime
            level = "claim"
            ds = tri.disagreements(project, run, mapping="R+NE", level=level)
        summ = tri.triage_summary(ds)
        step.update({"verify_run": run, "level": level, "n_units": ds.n_units,
                     "n_disagreements": len(ds.disagreements), "prefilled": summ["prefilled"]})
        text += (f"; {run}: {len(ds.disagreements)} of {ds.n_units} {level}s disagree with the expert under R+NE "
                 f"(review and label them in the app, or `factaudit triage PROJECT --run {run}`)")
    step["text"] = text
    summary.steps.append(step)


# ---- views (the desktop Review and Labeling pages) ------------------------------------------------

@dataclass
class PassageText:
    passage_id: str
    title: str
    text: str
    rank: int | None = None


@dataclass
class LabelUnit:
    """Everything the labeling view shows for one queue entry. `verdict`, `stance`, `prelabels` and
    `gold_label` are what blind mode hides until the expert commits the unit."""

    target: str                                  # evidence | reasoning
    claim_id: str
    claim_text: str
    passage: PassageText | None                  # evidence units
    run_id: str | None                           # reasoning units: the verify run
    reasoning: str | None                        # reasoning units: the verifier's trace
    evidence: list[PassageText]                  # reasoning units: the passages the verifier saw or used
    verdict: str | None                          # the system verdict (from the chosen verify run)
    stance: str | None                           # per-passage stance of this passage, when the run has one
    gold_label: str | None
    prelabels: dict[str, dict[str, str]] = _field(default_factory=dict)   # {llm annotator: {dim: code}}
    labels: dict[str, Annotation] = _field(default_factory=dict)          # this annotator's current labels


def verify_run_ids(project: Project) -> list[str]:
    """Finished runs holding verdicts, oldest first."""
    from factaudit.engine.project import scoring_store

    return [r for r, kind in scoring_store.scorable_runs(project).items() if kind == "verdicts"]


def retrieval_run_ids(project: Project) -> list[str]:
    """Finished runs holding retrieval hits, oldest first."""
    return [r for r, has_hits, _ in store.runs_with_outputs(project) if has_hits]


def retrieval_claim_ids(project: Project, run_id: str) -> list[str]:
    """The claims a retrieval run searched for: those with hits (one grouped index scan, no hit records
    built) and those whose search found nothing (their query latency is recorded)."""
    from factaudit.engine.project import runs as run_store

    return list(dict.fromkeys([*store.hit_counts(project, run_id), *run_store.query_latencies(project, run_id)]))


def default_retrieval_run(project: Project, verify_run: str | None) -> str | None:
    """The retrieval run a verify run read (from its config), else the newest retrieval run."""
    if verify_run:
        named = tri.retrieval_run_of(project, verify_run)
        if named:
            return named
    found = retrieval_run_ids(project)
    return found[-1] if found else None


def passage_texts(project: Project, passage_ids: list[str]) -> dict[str, PassageText]:
    from factaudit.engine.project import queries

    rows = queries.get_passages(project, list(passage_ids))
    return {pid: PassageText(pid, rows[pid].title or "", rows[pid].text) for pid in passage_ids if pid in rows}


def _unit_labels(project: Project, target: str, claim_id: str, other: str | None, annotator: str,
                 pass_: str) -> tuple[dict[str, Annotation], dict[str, dict[str, str]]]:
    records = store.list_annotations(project, target=target, claim_ids=[claim_id])
    mine: dict[str, Annotation] = {}
    pre: dict[str, dict[str, str]] = {}
    for a in ann.current_labels(records).values():
        if a.unit[2] != other:
            continue
        if a.annotator == annotator and a.pass_ == pass_:
            mine[a.dimension] = a
        elif ann.is_llm(a.annotator) and a.pass_ == "first":
            pre.setdefault(a.annotator, {})[a.dimension] = a.code
    return mine, pre


def label_unit(project: Project, entry: queues.QueueEntry, annotator: str, *,
               verify_run: str | None = None) -> LabelUnit:
    """One queue entry with its texts, the system verdict, the LLM pre-labels and the annotator's labels.
    Evidence units take the verdict from `verify_run` (optional); reasoning units from their own run."""
    from factaudit.engine.project import queries, runs as run_store

    claim = queries.get_claim(project, entry.claim_id)
    run = entry.run_id if entry.target == "reasoning" else verify_run
    verdict = run_store.get_verdicts(project, run, claim_ids=[entry.claim_id]).get(entry.claim_id) if run else None
    other = entry.passage_id if entry.target == "evidence" else entry.run_id
    mine, pre = _unit_labels(project, entry.target, entry.claim_id, other, annotator, entry.pass_)
    passage, evidence = None, []
    if entry.target == "evidence":
        passage = passage_texts(project, [entry.passage_id]).get(entry.passage_id) or \
            PassageText(entry.passage_id, "", "(passage not in the project)")
        passage.rank = entry.rank
    else:
        ids = list(verdict.evidence_used or []) if verdict else []
        retrieval = tri.retrieval_run_of(project, entry.run_id)
        if retrieval:
            hits = run_store.get_hits(project, retrieval, entry.claim_id).get(entry.claim_id, [])
            ranks = {h.passage_id: h.rank for h in hits}
            ids = ids or [h.passage_id for h in hits]
        else:
            ranks = {}
        texts = passage_texts(project, ids)
        evidence = [texts[p] for p in ids if p in texts]
        for p in evidence:
            p.rank = ranks.get(p.passage_id)
    stance = None
    if verdict is not None and entry.target == "evidence" and verdict.stances:
        stance = verdict.stances.get(entry.passage_id)
    return LabelUnit(entry.target, entry.claim_id, claim.text, passage, entry.run_id,
                     verdict.reasoning if verdict else None, evidence, verdict.verdict if verdict else None, stance,
                     claim.gold_label or claim.sentence_label, pre, mine)
