"""Commands on whole projects: new, import, info, demo (the `gui` command is factaudit.launcher's)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, parse_map, progress_bar
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import FORMATS, KINDS


@click.command("new")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@handle_errors
def new_cmd(project: Path) -> None:
    """Create an empty project file."""
    with services.create_project(project) as p:
        click.echo(f"created {p.path} (schema {p.schema_version})")


@click.command("import")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMATS),
              help="recognised from the file's columns or keys when left out (and said which)")
@click.option("--kind", type=click.Choice(KINDS))
@click.option("--map", "maps", multiple=True, metavar="FIELD=COLUMN", help="read FIELD from COLUMN")
@click.option("--map-values", "value_maps", multiple=True, metavar="FIELD=V:NEW,...",
              help="rewrite values, e.g. label=0:Supported,1:No Evidence,2:Refuted")
@click.option("--dataset", help="name of the dataset this import creates (default: the file stem)")
@click.option("--id-prefix", help="prefix every imported id and every reference (to keep colliding ids apart)")
@click.option("--split", help="dataset split (train, dev, test)")
@click.option("--freeze", is_flag=True, help="freeze the dataset after import (refuses edits)")
@click.option("--skip-invalid", is_flag=True,
              help="import the valid records; write each rejected one with its reason to a side file "
                   "(--rejected-out, else FILE.rejected.jsonl beside the project)")
@click.option("--rejected-out", type=click.Path(dir_okay=False, path_type=Path),
              help="with --skip-invalid: the side file for the rejected records (default: beside the project)")
@click.option("--dry-run", is_flag=True, help="show what would be imported (counts, labels, unmapped columns); "
                                               "write nothing")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def import_cmd(project, files, fmt, kind, maps, value_maps, dataset, id_prefix, split, freeze, skip_invalid,
               rejected_out, dry_run, as_json) -> None:
    """Import records (all or nothing unless --skip-invalid)."""
    started = time.perf_counter()
    if rejected_out is not None and not skip_invalid:
        raise InvalidArgument("--rejected-out goes with --skip-invalid (without it nothing is rejected: "
                              "a bad record fails the import)")
    value_map = services.parse_value_map(value_maps)
    if dry_run:
        with services.open_project(project, readonly=True) as p:
            plan = services.plan_import(p, list(files), fmt, kind, parse_map(maps), dataset, id_prefix, split,
                                        value_map=value_map, skip_invalid=skip_invalid)
        _show_plan(plan, as_json)
        return
    with services.open_project(project) as p, progress_bar("importing") as bar:
        res = services.import_files(p, list(files), fmt, kind, parse_map(maps), dataset, id_prefix, split, progress=bar,
                                    value_map=value_map, skip_invalid=skip_invalid, rejected_out=rejected_out)
        if freeze:
            services.freeze_dataset(p, res.dataset.name)
    seconds = time.perf_counter() - started
    if as_json:
        emit_json({"dataset": res.dataset.name, "counts": res.counts, "unresolved_gold": res.unresolved_gold,
                   "run_id": res.run_id, "seconds": round(seconds, 3), "frozen": freeze, "format": res.format,
                   "detected": res.detected, "rejected": res.rejected, "rejected_files": res.rejected_files,
                   "notes": res.notes})
        return
    if res.detected:
        click.echo(f"format: {res.detected}")
    for note in res.notes:
        click.echo(f"note: {note}")
    parts = ", ".join(f"{v} {k}" for k, v in res.counts.items())
    click.echo(f"imported dataset {res.dataset.name!r}: {parts} in {seconds:.1f} s")
    if res.rejected:
        click.echo(f"skipped {res.rejected} invalid records; each with its reason in "
                   + ", ".join(res.rejected_files.values()))
    if res.run_id:
        click.echo(f"created run {res.run_id}")
    if res.unresolved_gold:
        click.echo(f"note: {res.unresolved_gold} gold passages are not in the project yet (import the corpus)")


def _show_plan(plan, as_json: bool) -> None:
    if as_json:
        emit_json(plan.to_json())
        if not plan.ok:
            sys.exit(2)
        return
    click.echo(f"dry run, nothing written. format: {plan.detected or plan.format}"
               + (f", kind {plan.kind}" if plan.kind and not plan.detected else ""))
    if plan.counts:
        click.echo("would import: " + ", ".join(f"{v} {k}" for k, v in plan.counts.items()))
    for name, dist in plan.labels.items():
        click.echo(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in dist.items()))
    for note in plan.notes:
        click.echo(f"note: {note}")
    if plan.unmapped_columns:
        click.echo("columns nothing reads (they would be dropped): " + ", ".join(plan.unmapped_columns))
    for column, values in plan.unmatched_values.items():
        click.echo(f"values of {column} not in the value map: " + ", ".join(values[:20]))
    if plan.rejected:
        click.echo(f"{plan.rejected} invalid records would be skipped")
    if plan.unresolved_gold:
        click.echo(f"note: {plan.unresolved_gold} gold passages are not in the project yet")
    if not plan.ok:
        for line in plan.problems:
            click.echo(f"problem: {line}", err=True)
        sys.exit(2)


@click.command("info")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def info_cmd(project: Path, as_json: bool) -> None:
    """Describe a project: datasets, counts and runs."""
    with services.open_project(project, readonly=True) as p:
        info = services.project_info(p)
    if as_json:
        emit_json(info.to_json())
        return
    click.echo(f"{info.path}  (schema {info.schema_version}, factaudit {info.app_version})")
    c = info.counts
    click.echo(f"  {c['passages']} passages in {c['documents']} documents; {c['items']} items, "
               f"{c['sentences']} sentences, {c['claims_active']} claims; {c['runs']} runs; {c['annotations']} annotations")
    if info.datasets:
        click.echo("datasets:")
        for d in info.datasets:
            counts = ", ".join(f"{v} {k}" for k, v in d["counts"].items() if k != "run_id")
            frozen = " [frozen]" if d["frozen"] else ""
            click.echo(f"  {d['name']:<24} {d['format']:<10} {counts}{frozen}")
    if info.runs:
        click.echo("runs:")
        for r in info.runs:
            click.echo(f"  {r['run_id']:<14} {r['kind']:<10} {r['status']:<12} {_when(r['created'], r['finished'])}")


def _when(created: str, finished: str | None) -> str:
    """"started 2026-12-01 22:33:18 UTC, took 4.2 s": the ISO form's "+00:00" read like a duration."""
    from datetime import datetime, timezone

    def parse(text: str) -> datetime | None:
        try:
            t = datetime.fromisoformat(text)
        except (TypeError, ValueError):
            return None
        return t.replace(tzinfo=t.tzinfo or timezone.utc).astimezone(timezone.utc)

    start, end = parse(created), parse(finished) if finished else None
    if start is None:
        return f"started {created}"
    text = f"started {start:%Y-%m-%d %H:%M:%S} UTC"
    if end is not None:
        secs = (end - start).total_seconds()
        took = f"{secs:.1f} s" if secs < 120 else (f"{secs / 60:.1f} min" if secs < 7200 else f"{secs / 3600:.1f} h")
        text += f", took {took}"
    return text


@click.command("demo")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("projects/demo"),
              show_default=True)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def demo_cmd(out: Path, as_json: bool) -> None:
    """Build the demo project and run the pipeline on the embedded defaults."""
    started = time.perf_counter()
    with progress_bar("demo") as bar:
        summary = services.build_demo(out, progress=bar)
    if as_json:
        emit_json(summary)
        return
    click.echo(f"demo project: {summary.project}")
    for name, counts in summary.imported.items():
        click.echo(f"  imported {name}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    for step in summary.steps:
        text = step.get("text") or ", ".join(f"{k}={v}" for k, v in step.items() if k != "step")
        click.echo(f"  {step['step']}: {text}")
    click.echo(f"done in {time.perf_counter() - started:.1f} s. Open it with: factaudit gui {summary.project}")


COMMANDS = [new_cmd, import_cmd, info_cmd, demo_cmd]
