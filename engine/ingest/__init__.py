"""Importers: files → validated records → one transaction. Bad input raises ImportFailed naming
file, line and field; nothing is written."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from factaudit.engine.errors import ImportFailed, InvalidArgument, Problem
from factaudit.engine.ingest import generic
from factaudit.engine.ingest.adapters import healthver, hotpotqa, medexpert, ramdocs, scifact, trec
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.readers import source_file
from factaudit.engine.project import imports as store
from factaudit.engine.project.db import Project
from factaudit.engine.project.paths import file_problem
from factaudit.engine.project.records import DatasetInfo, DatasetSpec

# --format name -> adapter module. TREC run files have one kind (`run`): its load takes no kind.
ADAPTER_MODULES = {"scifact": scifact, "healthver": healthver, "medexpert": medexpert, "ramdocs": ramdocs,
                   "hotpotqa": hotpotqa, "trec": trec}
ADAPTERS = tuple(ADAPTER_MODULES)
FORMATS = ("jsonl", "csv", *ADAPTERS)
KINDS = ("corpus", "claims", "answers", "verdicts", "run", "choices", "candidates")


@dataclass
class ImportResult:
    dataset: DatasetInfo
    counts: dict[str, int]
    unresolved_gold: int
    run_id: str | None = None


def infer_format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix == ".csv":
        return "csv"
    raise InvalidArgument(f"cannot infer the format of {path.name}; pass --format ({', '.join(FORMATS)})")


def build_batch(project: Project, files: list[Path], fmt: str | None = None, kind: str | None = None,
                mapping: dict[str, str] | None = None, dataset: str | None = None,
                id_prefix: str | None = None, split: str | None = None, progress=None) -> BatchBuilder:
    if not files:
        raise InvalidArgument("no input files given")
    files = [Path(f) for f in files]
    for f in files:
        problem = file_problem(f)
        if problem:
            raise ImportFailed([Problem(str(f), None, None, problem)])
    fmt = fmt or infer_format(files[0])
    if fmt not in FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if kind is not None and kind not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    if fmt in ("jsonl", "csv") and kind is None:
        raise InvalidArgument("--kind is required for generic jsonl/csv imports "
                              "(corpus, claims, answers, verdicts, choices, candidates)")
    if fmt == "trec":
        kind = "run"
    spec = DatasetSpec(
        name=dataset or files[0].stem, kind=kind or "mixed", format=fmt,
        files=[source_file(f) for f in files], split=split,
    )
    builder = BatchBuilder(spec, progress=progress)
    for f in files:
        _load_one(f, fmt, kind, mapping or {}, builder)
        if builder.problems.full:
            break
    return builder


def _load_one(path: Path, fmt: str, kind: str | None, mapping: dict[str, str], builder: BatchBuilder) -> None:
    if fmt in ("jsonl", "csv"):
        if kind == "run":
            raise InvalidArgument("--kind run takes TREC run files: pass --format trec")
        generic.load(path, fmt, kind, builder, mapping)
        return
    adapter = ADAPTER_MODULES[fmt]
    if fmt == "trec":
        adapter.load(path, builder)
    else:
        adapter.load(path, builder, kind)


def import_files(project: Project, files: list[Path], fmt: str | None = None, kind: str | None = None,
                 mapping: dict[str, str] | None = None, dataset: str | None = None,
                 id_prefix: str | None = None, split: str | None = None, progress=None) -> ImportResult:
    builder = build_batch(project, files, fmt, kind, mapping, dataset, id_prefix, split, progress)
    batch = builder.finish(project, id_prefix)
    if not any(batch.counts().values()):
        raise ImportFailed([Problem(files[0].name if files else "?", None, None, "no records found")])
    unresolved = builder.check_gold_resolves(project)
    if progress is not None:
        progress(builder.n_records, builder.n_records, "writing")
    info = store.write_batch(project, batch)
    run_id = info.counts.get("run_id") if isinstance(info.counts.get("run_id"), str) else None
    return ImportResult(dataset=info, counts=batch.counts(), unresolved_gold=unresolved, run_id=run_id)
