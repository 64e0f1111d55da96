"""`factaudit import`: records from files into a project (all or nothing unless --skip-invalid), or a dry
run saying what would be imported. Its own module because its choices come from the importer, which
the other project commands (`info`, `new`) never load."""
from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import click

from factaudit.engine import i18n, services
from factaudit.engine.cli import error_render
from factaudit.engine.cli.common import emit_json, handle_errors, parse_map, progress_bar, say
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_


@click.command("import")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(services.import_choices()[0]),
              help="recognised from the file's columns or keys when left out (and said which)")
@click.option("--kind", type=click.Choice(services.import_choices()[1]))
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
        say(f"format: {res.detected}")
    for note in res.notes:
        say(f"note: {note}")
    parts = ", ".join(f"{v} {k}" for k, v in res.counts.items())
    say(f"imported dataset {res.dataset.name!r}: {parts} in {seconds:.1f} s")
    if res.rejected:
        say(f"skipped {res.rejected} invalid records; each with its reason in "
                   + ", ".join(res.rejected_files.values()))
    if res.run_id:
        say(f"created run {res.run_id}")
    if res.unresolved_gold:
        say(f"note: {res.unresolved_gold} gold passages are not in the project yet (import the corpus)")


def _show_plan(plan, as_json: bool) -> None:
    if as_json:
        emit_json(plan.to_json())
        if not plan.ok:
            sys.exit(2)
        return
    say(f"dry run, nothing written. format: {plan.detected or plan.format}"
               + (f", kind {plan.kind}" if plan.kind and not plan.detected else ""))
    if plan.counts:
        say("would import: " + ", ".join(f"{v} {k}" for k, v in plan.counts.items()))
    for name, dist in plan.labels.items():
        say(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in dist.items()))
    for note in plan.notes:
        say(f"note: {note}")
    if plan.unmapped_columns:
        say("columns nothing reads (they would be dropped): " + ", ".join(plan.unmapped_columns))
    for column, values in plan.unmatched_values.items():
        say(f"values of {column} not in the value map: " + ", ".join(values[:20]))
    if plan.rejected:
        say(f"{plan.rejected} invalid records would be skipped")
    if plan.unresolved_gold:
        say(f"note: {plan.unresolved_gold} gold passages are not in the project yet")
    if not plan.ok:
        for line, setting in itertools.zip_longest(plan.problems, plan.problem_settings):
            click.echo(i18n.t(N_("problem: {line}"), line=error_render.with_flags(i18n.localize(line), [setting])),
                       err=True)
        sys.exit(2)


COMMANDS = [import_cmd]
