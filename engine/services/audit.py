"""Audit services for the CLI and the GUI: codebook versions, annotations, triage, taxonomy, agreement."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.audit import annotations as ann
from engine.audit import codebook as cb
from engine.audit import queues
from engine.audit import taxonomy as tax
from engine.audit import triage as tri
from engine.audit.annotations import ImportSummary  # noqa: F401  (re-exported for callers)
from engine.errors import ImportFailed, InvalidArgument, NotFound, Problem
from engine.metrics import agreement as agr
from engine.metrics import stats
from engine.project import audit_store as store
from engine.project.audit_store import Annotation
from engine.project.db import Project


# ---- codebook ----------------------------------------------------------------------------------
def codebook(project: Project, version: int | None = None) -> cb.Codebook:
    return cb.current(project, version)


def codebook_versions(project: Project) -> list[dict[str, Any]]:
    return cb.list_versions(project)


def export_codebook(project: Project, path: str | Path, version: int | None = None) -> cb.Codebook:
    book = cb.current(project, version)
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
    return cb.save_version(project, text, note=note or f"imported from {path.name}", source=path.name)


def save_codebook(project: Project, text: str, note: str | None = None) -> cb.Codebook:
    """Save edited YAML text as a new version."""
    return cb.save_version(project, text, note=note, source="codebook editor")


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


def export_annotations(project: Project, path: str | Path) -> int:
    return ann.export_jsonl(project, path)


def import_annotations(project: Project, path: str | Path) -> ann.ImportSummary:
    return ann.import_jsonl(project, path)


# ---- triage ------------------------------------------------------------------------------------
def disagreements(project: Project, verify_run: str, *, mapping: str = "R+NE", level: str = "sentence",
                  retrieval_run: str | None = None, annotators: list[str] | None = None,
                  k: int | None = None) -> tri.DisagreementSet:
    return tri.disagreements(project, verify_run, mapping=mapping, level=level, retrieval_run=retrieval_run,
                             annotators=annotators, k=k)


def set_triage(project: Project, verify_run: str, unit_id: str, code: str, annotator: str, *,
               level: str = "sentence", note: str | None = None) -> Annotation:
    return tri.set_triage(project, verify_run, unit_id, code, annotator, level=level, note=note)


# ---- labeling queues ---------------------------------------------------------------------------
def evidence_queue(project: Project, retrieval_run: str, annotator: str, **kwargs) -> list[queues.QueueEntry]:
    return queues.evidence_queue(project, retrieval_run, annotator, **kwargs)


def reasoning_queue(project: Project, verify_run: str, annotator: str, **kwargs) -> list[queues.QueueEntry]:
    return queues.reasoning_queue(project, verify_run, annotator, **kwargs)


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
    book = cb.current(project)
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


# ---- demo --------------------------------------------------------------------------------------
def demo_step_audit(project: Project, summary, progress) -> None:
    """Store the seed codebook and list the newest verify run's disagreements with their pre-fill."""
    from engine.project import runs as run_store

    book = cb.ensure_seed(project)
    n_codes = sum(len(d.codes) for d in book.dimensions())
    text = (f"codebook v{book.version}: {len(book.evidence)} evidence dimensions and {len(book.reasoning)} "
            f"reasoning steps, {n_codes} codes")
    step: dict[str, Any] = {"step": "audit", "codebook_version": book.version}
    verify_runs = [r for r in run_store.list_runs(project) if r.status == "done"
                   and run_store.verdict_claim_ids(project, r.id)]
    if verify_runs:
        run = verify_runs[-1].id
        progress(0, None, f"finding disagreements in {run}")
        sentences = any(store.sentence_claims(project).get(s.id) for s in store.labelled_sentences(project))
        level = "sentence" if sentences else "claim"
        ds = tri.disagreements(project, run, mapping="R+NE", level=level)
        summ = tri.triage_summary(ds)
        step.update({"verify_run": run, "level": level, "n_units": ds.n_units,
                     "n_disagreements": len(ds.disagreements), "prefilled": summ["prefilled"]})
        text += (f"; {run}: {len(ds.disagreements)} of {ds.n_units} {level}s disagree with the expert under R+NE "
                 f"(review and label them in the app, or `factaudit triage PROJECT --run {run}`)")
    step["text"] = text
    summary.steps.append(step)
