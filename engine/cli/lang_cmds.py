"""`factaudit lang`: show or set the language of datasets (BM25 picks its analyzer from it)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine.cli.common import emit_json, handle_errors, say


@click.command("lang")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("dataset", required=False)
@click.argument("code", required=False)
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def lang_cmd(project, dataset, code, as_json) -> None:
    """Show each dataset's language, or set DATASET's to CODE (ISO 639-1, e.g. en, de, zh; `auto`
    detects it again). Retrieval runs made before keep the language they were made with."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    if dataset is not None and code is None:
        raise InvalidArgument("give a language code after the dataset name (or `auto`)")
    with services.open_project(project, readonly=code is None) as p:
        if code is not None:
            services.set_dataset_language(p, dataset, code)
        rows = services.dataset_languages(p)
    if as_json:
        emit_json({"datasets": [{"dataset": r.dataset, "lang": r.lang} for r in rows]})
        return
    for r in rows:
        say(f"{r.dataset}: {r.lang or 'unknown (CJK texts by their script, others by English rules)'}")


COMMANDS = [lang_cmd]
