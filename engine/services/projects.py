"""Project-level services: create, open, describe, import. Listing datasets, runs and table rows, and
freezing a dataset, are the project layer's own functions on the façade (engine/services/__init__.py).

The importer is imported when an import runs: `factaudit info` opens and describes a project without it."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import PROJECT_SUFFIX, Project
from factaudit.engine.version import APP_VERSION

if TYPE_CHECKING:
    from factaudit.engine.ingest import ImportResult
    from factaudit.engine.jobs import ProgressCallback


def create_project(path: str | Path) -> Project:
    path = Path(path)
    if path.suffix != PROJECT_SUFFIX:
        raise InvalidArgument(f"project files end in {PROJECT_SUFFIX}: {path.name}")
    return Project.create(path)


def open_project(path: str | Path, readonly: bool = False) -> Project:
    return Project.open(Path(path), readonly=readonly)


@dataclass
class ProjectInfo:
    path: str
    schema_version: int
    app_version: str
    readonly: bool
    counts: dict[str, int]
    datasets: list[dict[str, Any]] = field(default_factory=list)
    runs: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def project_info(project: Project) -> ProjectInfo:
    datasets = [
        {"name": d.name, "kind": d.kind, "format": d.format, "frozen": d.frozen, "split": d.split,
         "source_sha256": d.source_sha256, "created": d.created, "counts": d.counts}
        for d in queries.list_datasets(project)
    ]
    run_list = [
        {"run_id": r.id, "kind": r.kind, "status": r.status, "created": r.created, "finished": r.finished,
         "config_hash": r.config_hash, "summary": r.summary, "error": r.error}
        for r in runs.list_runs(project)
    ]
    return ProjectInfo(
        path=str(project.path), schema_version=project.schema_version, app_version=APP_VERSION,
        readonly=project.readonly, counts=queries.table_counts(project), datasets=datasets, runs=run_list,
    )


def import_files(project: Project, files: list[str | Path], fmt: str | None = None, kind: str | None = None,
                 mapping: dict[str, str] | None = None, dataset: str | None = None, id_prefix: str | None = None,
                 split: str | None = None, progress: ProgressCallback | None = None, *,
                 value_map: dict[str, dict[str, str]] | None = None,
                 skip_invalid: bool = False, rejected_out: str | Path | None = None) -> ImportResult:
    """All or nothing; `value_map` rewrites field values ({"label": {"0": "Supported"}}), and
    `skip_invalid` imports the valid records and lists the others in `rejected_out`, else in
    `<input>.rejected.jsonl` beside the project (never beside the input)."""
    from factaudit.engine import ingest
    from factaudit.engine.jobs import no_progress

    progress = progress or no_progress
    progress(0, None, "validating")
    result = ingest.import_files(project, [Path(f) for f in files], fmt, kind, mapping, dataset, id_prefix, split,
                                 progress=progress, value_map=value_map, skip_invalid=skip_invalid,
                                 rejected_out=Path(rejected_out) if rejected_out is not None else None)
    lang = _detect_language(project, result.dataset.name)
    # the language decides BM25's analyzer: say which one, and when none could be told
    from factaudit.engine.retrieval.tokenize import analyzer_name

    if any(result.counts.get(k) for k in ("passages", "claims", "items")):   # texts BM25 will tokenize
        result.notes.append(f"language of {result.dataset.name!r}: {lang} (BM25 analyzer {analyzer_name(lang)})" if lang
                            else f"language of {result.dataset.name!r}: unknown; BM25 reads Han, Kana and Hangul "
                                 "texts by their script's analyzer and the others by the English rule; set it "
                                 "with `factaudit lang`")
    total = sum(result.counts.values())
    progress(total, total, "imported")
    return result


def _detect_language(project: Project, dataset: str) -> str | None:
    from factaudit.engine.services.languages import ensure_dataset_language

    return ensure_dataset_language(project, dataset)


def preview_file(path: str | Path, fmt: str | None = None, limit: int = 20) -> tuple[list[str], list[dict]]:
    """The first rows of a generic JSONL/CSV file and its column names, for the import dialog."""
    from factaudit.engine import ingest
    from factaudit.engine.ingest.problems import Problems
    from factaudit.engine.ingest.readers import read_csv, read_jsonl

    path = Path(path)
    fmt = fmt or ingest.infer_format(path)
    reader = read_csv if fmt == "csv" else read_jsonl
    rows, columns = [], []
    for row in reader(path, Problems()):
        rows.append(row.data)
        for k in row.data:
            if k not in columns:
                columns.append(k)
        if len(rows) >= limit:
            break
    return columns, rows


def table_columns(kind: str) -> tuple[str, ...]:
    return queries.TABLES[kind].columns


# ---- for the desktop app's detail pane and import dialog -------------------------------------------
def row_detail(project: Project, kind: str, row_id: str):
    """The full record behind one table row (items with their sentences, claims with gold passages)."""
    from factaudit.engine.project.details import row_detail as _row_detail

    return _row_detail(project, kind, row_id)


def import_choices() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(formats, kinds) the importer accepts."""
    from factaudit.engine import ingest

    return ingest.FORMATS, ingest.KINDS


def import_fields(kind: str) -> tuple[tuple[str, bool], ...]:
    """(field, required) pairs for a generic import kind, required ones first (what `--map FIELD=COLUMN`
    accepts; the table is the importer's, engine/ingest/plan.py); empty for kinds only adapters produce."""
    from factaudit.engine.ingest.plan import FIELDS

    return FIELDS.get(kind, ())
