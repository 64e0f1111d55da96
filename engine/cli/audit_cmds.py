"""Audit commands: annotations import/export, agreement, taxonomy, codebook versions, triage listing."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say

PROJECT = click.argument("project", type=click.Path(dir_okay=False, path_type=Path))


def _fmt(x, digits: int = 3) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


# ---- annotations -------------------------------------------------------------------------------
@click.group("annotations")
def annotations_group() -> None:
    """Export or merge annotation records (JSONL)."""


@annotations_group.command("export")
@PROJECT
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def annotations_export(project: Path, file: Path, as_json: bool) -> None:
    """Write every annotation record (with ids, so re-import is idempotent)."""
    with services.open_project(project, readonly=True) as p:
        n = services.export_annotations(p, file)
    if as_json:
        emit_json({"file": str(file), "records": n})
    else:
        say(f"wrote {n} annotation records to {file}")


@annotations_group.command("import")
@PROJECT
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def annotations_import(project: Path, file: Path, as_json: bool) -> None:
    """Merge annotation records (all or nothing; known ids with the same content are skipped). On a rater
    package: only its units, by its rater, under its codebook, into the rater's workspace."""
    if services.is_sealed(project):     # a sealed file takes labels only as a rater package (maybe encrypted)
        from factaudit.engine.cli.rater_cmds import package_passphrase

        got = services.import_package_labels(project, file, package_passphrase(project))
        if as_json:
            emit_json(got)
        else:
            say(f"imported {got['added']} labels from {got['file']} ({got['unchanged']} already present); "
                       f"{got['labelled']} of {got['units']} units labelled")
        return
    with services.open_project(project) as p:
        res = services.import_annotations(p, file)
    if as_json:
        emit_json(res)
    else:
        say(f"imported {res.added} annotation records from {res.file} ({res.unchanged} already present); "
                   f"{res.total_after} in the project; raters: {', '.join(res.annotators) or '—'}")


# ---- agreement ---------------------------------------------------------------------------------
@click.command("agreement")
@PROJECT
@click.option("--dimension", "dimensions", multiple=True, help="only these dimensions or steps")
@click.option("--resamples", type=click.IntRange(100, 1_000_000), default=services.DEFAULT_RESAMPLES, show_default=True,
              help="bootstrap resamples over units")
@click.option("--seed", type=int, default=services.DEFAULT_SEED, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def agreement_cmd(project: Path, dimensions, resamples: int, seed: int, as_json: bool) -> None:
    """Cohen's kappa per rater pair and Krippendorff's alpha (nominal) per dimension and step."""
    with services.open_project(project, readonly=True) as p:
        res = services.agreement(p, n_resamples=resamples, seed=seed, dimensions=list(dimensions) or None)
        # kappa/alpha on sentence labels between the expert and the raters (issue #33), a row like a step's
        sentences = services.sentence_label_agreement(p, n_resamples=resamples, seed=seed)
        if sentences is not None and (not dimensions or sentences.dimension in dimensions):
            res = {**res, sentences.dimension: sentences}
    if as_json:
        emit_json(services.agreement_json(res))
        return
    say(f"{'dimension / step':<26} {'alpha':>7} {'95% CI':>17} {'units':>6} {'raters':>6}  kappa per pair")
    for name, r in res.items():
        ci = f"[{_fmt(r.alpha_ci[0])}, {_fmt(r.alpha_ci[1])}]" if r.alpha_ci else "—"
        kappas = "; ".join(f"{k}: {_fmt(v)}" for k, v in r.kappa.items()) or "—"
        say(f"{name:<26} {_fmt(r.alpha):>7} {ci:>17} {r.n_units:>6} {r.n_raters:>6}  {kappas}")


# ---- taxonomy ----------------------------------------------------------------------------------
@click.command("taxonomy")
@PROJECT
@click.option("--annotator", "annotators", multiple=True, help="use only these raters' labels (default: all humans)")
@click.option("--include-llm", is_flag=True, help="let LLM pre-labels count when no --annotator is given")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def taxonomy_cmd(project: Path, annotators, include_llm: bool, as_json: bool) -> None:
    """R1–R6 per retrieval run and V1–V6 per verify run, with the high-quality evidence rate; per verify
    run with reasoning labels, the traces right on every step and the verdict × reasoning 2×2."""
    with services.open_project(project, readonly=True) as p:
        res = services.taxonomy(p, list(annotators) or None, include_llm)
        reasoning = {f.run_id: f for f in services.reasoning_figures(p, list(annotators) or None, include_llm)}
    if as_json:
        emit_json({**res.to_json(), "reasoning": {r: f.to_json() for r, f in reasoning.items()}})
        return
    say(f"codebook v{res.codebook_version}")
    for r in res.retrieval:
        say(f"{r.run_id}: {r.n_labelled} of {r.n_pairs} retrieved pairs labelled; high-quality rate "
                   f"{_fmt(r.high_quality_rate)} ({r.n_high_quality}/{r.n_quality_decided})")
        for pc in r.patterns:
            say(f"  {pc.pattern} {pc.name:<40} {pc.count:>5} / {pc.denominator:<5} {_fmt(pc.share)}")
        marg = ", ".join(f"{m.dimension} {m.high_quality}/{m.n}" for m in r.marginals if m.n)
        if marg:
            say(f"  high-quality code per dimension: {marg}")
    for v in res.verify:
        say(f"{v.run_id}: {v.n_labelled} of {v.n_verdicts} verdicts labelled")
        for pc in v.patterns:
            say(f"  {pc.pattern} {pc.name:<40} {pc.count:>5} / {pc.denominator:<5} {_fmt(pc.share)}")
        if v.run_id in reasoning:
            _echo_reasoning(reasoning[v.run_id])
    if not res.retrieval and not res.verify:
        say("no runs yet")


def _echo_reasoning(f) -> None:
    if not f.n_complete:
        say(f"  reasoning: no trace labelled on all {len(f.steps)} steps ({f.n_incomplete} partly labelled)")
        return
    say(f"  all {len(f.steps)} steps correct: {f.n_all_correct} of {f.n_complete} traces "
        f"{services.percent_text(f.all_correct, f.all_correct_ci)} ({f.n_incomplete} partly labelled left out)")
    firsts = ", ".join(f"{s} {n}" for s, n in f.first_failure.items() if n)
    say(f"  first failing step: {firsts or 'none'}")
    t = f.table
    say(f"  verdict ({f.mapping} for sentence-labelled claims) x reasoning: right & sound "
        f"{t['right_verdict_sound_reasoning']}, right for the wrong reasons {t['right_verdict_wrong_reasoning']}, "
        f"wrong despite sound reasoning {t['wrong_verdict_sound_reasoning']}, wrong & wrong "
        f"{t['wrong_verdict_wrong_reasoning']}; {f.n_verdict_unknown} without gold")
    for r in f.right_for_wrong_reasons[:20]:
        say(f"    right for the wrong reasons: {r['claim_id']} ({r['verdict']}; first failed {r['first_failed_step']})")
    if len(f.right_for_wrong_reasons) > 20:
        say(f"    ... {len(f.right_for_wrong_reasons) - 20} more (use --json)")


# ---- codebook ----------------------------------------------------------------------------------
@click.group("codebook")
def codebook_group() -> None:
    """Show, export or import codebook versions."""


@codebook_group.command("show")
@PROJECT
@click.option("--version", "version", type=int, help="default: the newest")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def codebook_show(project: Path, version: int | None, as_json: bool) -> None:
    """The codebook's dimensions, steps and codes, and the stored versions."""
    with services.open_project(project, readonly=True) as p:
        book = services.codebook(p, version)
        versions = services.codebook_versions(p)
    if as_json:
        emit_json({**book.to_json(), "versions": versions})
        return
    say(f"codebook v{book.version} {book.name} ({len(versions) or 1} version(s) stored)")
    for target in ("evidence", "reasoning"):
        say(f"{target}:")
        for d in book.dimensions(target):
            codes = ", ".join(f"{c.id}" + (f" [{c.pattern}]" if c.pattern else "") for c in d.codes)
            say(f"  {d.id:<24} {codes}")


@codebook_group.command("export")
@PROJECT
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--version", "version", type=int, help="default: the newest")
@handle_errors
def codebook_export(project: Path, file: Path, version: int | None) -> None:
    """Write a codebook version as YAML."""
    with services.open_project(project, readonly=True) as p:
        book = services.export_codebook(p, file, version)
    say(f"wrote codebook v{book.version} to {file}")


@codebook_group.command("import")
@PROJECT
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--note", help="what changed")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def codebook_import(project: Path, file: Path, note: str | None, as_json: bool) -> None:
    """Validate a codebook YAML file and save it as the next version."""
    with services.open_project(project) as p:
        before = len(services.codebook_versions(p))
        book = services.import_codebook(p, file, note)
        created = len(services.codebook_versions(p)) > before
    if as_json:
        emit_json({"version": book.version, "created": created, "sha256": book.sha256})
    elif created:
        say(f"saved codebook v{book.version}")
    else:
        say(f"unchanged: codebook v{book.version} already has this content")


# ---- triage ------------------------------------------------------------------------------------
@click.command("triage")
@PROJECT
@click.option("--run", "run_id", required=True, help="the verify run")
@click.option("--mapping", type=click.Choice(list(services.MAPPINGS)), default="R+NE", show_default=True)
@click.option("--level", type=click.Choice(["sentence", "claim"]), default="sentence", show_default=True)
@click.option("--retrieval-run", help="default: the one named in the verify run's config")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def triage_cmd(project: Path, run_id: str, mapping: str, level: str, retrieval_run: str | None, as_json: bool) -> None:
    """Disagreements between a verify run and the expert, with the pre-filled triage."""
    with services.open_project(project, readonly=True) as p:
        ds = services.disagreements(p, run_id, mapping=mapping, level=level, retrieval_run=retrieval_run)
    summary = services.triage_summary(ds)
    if as_json:
        emit_json({"verify_run": ds.verify_run, "retrieval_run": ds.retrieval_run, "mapping": ds.mapping,
                   "level": ds.level, "n_units": ds.n_units, "n_unscored": ds.n_unscored, "summary": summary,
                   "disagreements": ds.disagreements})
        return
    say(f"{run_id} under {mapping} ({level}s): {len(ds.disagreements)} disagreements among {ds.n_units} "
               f"scored ({ds.n_unscored} unscored); pre-filled {summary['prefilled']}, "
               f"{summary['n_prefill_undecided']} need evidence labels; decided {summary['n_decided']}")
    for d in ds.disagreements[:50]:
        say(f"  {d.unit_id:<24} {d.kind:<14} prefill={d.prefill or '—':<19} triage={d.triage or '—'}")
    if len(ds.disagreements) > 50:
        say(f"  ... {len(ds.disagreements) - 50} more (use --json)")


COMMANDS = [annotations_group, agreement_cmd, taxonomy_cmd, codebook_group, triage_cmd]
