"""Importers: files → validated records → one transaction. Bad input raises ImportFailed naming
file, line and field; nothing is written."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from factaudit.engine.errors import FactAuditError, ImportFailed, InvalidArgument, Problem
from factaudit.engine.ingest import generic
from factaudit.engine.ingest.adapters import healthver, hotpotqa, medexpert, ramdocs, scifact, trec
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.detect import FormatGuess, detect_format
from factaudit.engine.ingest.plan import ImportPlan, RowWatcher, ValueMap, label_distribution, read_columns
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.ingest.readers import ROW_HOOK, source_file
from factaudit.engine.ingest.skipping import by_record, write_rejected
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
    format: str | None = None
    detected: str | None = None                     # which format "automatic" picked, and why
    rejected: int = 0                               # records left out by skip_invalid
    rejected_files: dict[str, str] = field(default_factory=dict)   # input name -> side file path
    notes: list[str] = field(default_factory=list)  # decisions the import made (ids from row numbers)


def infer_format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix == ".csv":
        return "csv"
    raise InvalidArgument(f"cannot infer the format of {path.name}; name it ({', '.join(FORMATS)})", setting="format")


def _check_files(files: list[Path]) -> list[Path]:
    if not files:
        raise InvalidArgument("no input files given")
    files = [Path(f) for f in files]
    for f in files:
        problem = file_problem(f)
        if problem:
            raise ImportFailed([Problem(str(f), None, None, problem)])
    return files


def resolve_format(files: list[Path], fmt: str | None, kind: str | None) -> tuple[str, str | None, FormatGuess | None]:
    """(format, kind, guess): an explicit format wins; else the first file's content decides."""
    if fmt is not None:
        return fmt, kind, None
    guess = detect_format(files[0])
    # an adapter tells each file's kind itself (a SciFact corpus and its claims in one import); the
    # first file's kind is forced only on generic records, which cannot tell
    return guess.format, kind or (guess.kind if guess.format in ("jsonl", "csv") else None), guess


def build_batch(project: Project, files: list[Path], fmt: str | None = None, kind: str | None = None,
                mapping: dict[str, str] | None = None, dataset: str | None = None,
                id_prefix: str | None = None, split: str | None = None, progress=None, *,
                value_map: ValueMap | None = None, skip_invalid: bool = False) -> BatchBuilder:
    files = _check_files(files)
    fmt, kind, guess = resolve_format(files, fmt, kind)
    if fmt not in FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if kind is not None and kind not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    if fmt in ("jsonl", "csv") and kind is None:
        raise InvalidArgument("the kind of records is required for generic jsonl/csv imports "
                              "(corpus, claims, answers, verdicts, choices, candidates)", setting="kind")
    if fmt == "trec":
        kind = "run"
    spec = DatasetSpec(
        name=dataset or _default_name(files), kind=kind or "mixed", format=fmt,
        files=[source_file(f) for f in files], split=split,
    )
    builder = BatchBuilder(spec, problems=Problems(limit=None) if skip_invalid else None, progress=progress)
    builder.detected = guess
    watcher = RowWatcher(value_map or {}, mapping)
    builder.watcher = watcher
    token = ROW_HOOK.set(watcher)
    try:
        for f in files:
            _load_one(f, fmt, kind, mapping or {}, builder)
            if builder.problems.full:
                break
    finally:
        ROW_HOOK.reset(token)
    watcher.check_value_maps(kind)
    return builder


def _load_one(path: Path, fmt: str, kind: str | None, mapping: dict[str, str], builder: BatchBuilder) -> None:
    if fmt in ("jsonl", "csv"):
        if kind == "run":
            raise InvalidArgument("retrieval runs are read from TREC run files: choose the format trec", setting=("kind", "format"))
        generic.load(path, fmt, kind, builder, mapping)
        return
    adapter = ADAPTER_MODULES[fmt]
    if fmt == "trec":
        adapter.load(path, builder)
    else:
        adapter.load(path, builder, kind)


def _default_name(files: list[Path]) -> str:
    """The first file's stem, passing over corpus files when another file comes with them: SciFact's
    `corpus.jsonl claims_dev.jsonl` makes a dataset of claims, named "claims_dev", not "corpus"."""
    named = [f for f in files if "corpus" not in f.stem.lower()]
    return (named[0] if named and len(files) > 1 else files[0]).stem


def _validated(project: Project, files: list[Path], fmt, kind, mapping, dataset, id_prefix, split, progress,
               value_map, skip_invalid) -> tuple[BatchBuilder, int]:
    builder = build_batch(project, files, fmt, kind, mapping, dataset, id_prefix, split, progress,
                          value_map=value_map, skip_invalid=skip_invalid)
    batch = builder.finish(project, id_prefix, skip_invalid=skip_invalid)
    if not any(batch.counts().values()):
        if builder.rejected:
            first = builder.rejected[0]
            raise ImportFailed([Problem(first.file, first.line, first.field,
                                        f"{first.reason} (and every other record was rejected too: "
                                        f"{len(by_record(builder.rejected))} in all, no valid records)")])
        raise ImportFailed([Problem(files[0].name, None, None, "no records found")])
    return builder, builder.check_gold_resolves(project)


def import_files(project: Project, files: list[Path], fmt: str | None = None, kind: str | None = None,
                 mapping: dict[str, str] | None = None, dataset: str | None = None,
                 id_prefix: str | None = None, split: str | None = None, progress=None, *,
                 value_map: ValueMap | None = None, skip_invalid: bool = False,
                 rejected_out: Path | None = None) -> ImportResult:
    """Import all or nothing; with skip_invalid, the valid records, the rest listed in side files
    (`rejected_out`, else `<input>.rejected.jsonl` beside the project)."""
    files = _check_files(files)
    if rejected_out is not None:
        out = Path(rejected_out)
        if out.resolve() in {f.resolve() for f in files} | {Path(project.path).resolve()}:
            raise InvalidArgument(f"the file for rejected records {out} is an input or the project itself; name a new file", setting="rejected_out")
        if out.is_dir():
            raise InvalidArgument(f"the file for rejected records {out} is a folder; name a file", setting="rejected_out")
        if not out.parent.is_dir():
            raise InvalidArgument(f"the file for rejected records {out}: folder {out.parent} does not exist", setting="rejected_out")
    builder, unresolved = _validated(project, files, fmt, kind, mapping, dataset, id_prefix, split, progress,
                                     value_map, skip_invalid)
    batch = builder.batch
    if progress is not None:
        progress(builder.n_records, builder.n_records, "writing")
    # the side files first: if they cannot be written, nothing is imported either
    side = (write_rejected(files, builder.rejected, out=rejected_out, folder=Path(project.path).resolve().parent)
            if builder.rejected else {})
    try:
        info = store.write_batch(project, batch)
    except BaseException:
        for path in side.values():
            path.unlink(missing_ok=True)
        raise
    run_id = info.counts.get("run_id") if isinstance(info.counts.get("run_id"), str) else None
    guess = builder.detected
    return ImportResult(dataset=info, counts=batch.counts(), unresolved_gold=unresolved, run_id=run_id,
                        format=batch.dataset.format, detected=guess.describe() if guess else None,
                        rejected=len(by_record(builder.rejected)),
                        rejected_files={k: str(v) for k, v in side.items()}, notes=list(builder.notes))


def _variant(path: Path, fmt: str, kind: str | None, guess: FormatGuess | None) -> str | None:
    """Which of an adapter's column lists applies to one file (scifact-claims or scifact-corpus, …)."""
    if guess is None and fmt not in ("jsonl", "csv", "trec"):
        try:
            found = detect_format(path)
        except (FactAuditError, OSError):
            found = None
        guess = found if found is not None and found.format == fmt else None
    if guess is not None and guess.variant:
        return guess.variant
    if fmt == "scifact":
        return "scifact-corpus" if kind == "corpus" or "corpus" in path.name.lower() else "scifact-claims"
    return fmt if fmt in ("healthver", "ramdocs", "medexpert") else None


def plan_import(project: Project, files: list[Path], fmt: str | None = None, kind: str | None = None,
                mapping: dict[str, str] | None = None, dataset: str | None = None,
                id_prefix: str | None = None, split: str | None = None, progress=None, *,
                value_map: ValueMap | None = None, skip_invalid: bool = False) -> ImportPlan:
    """Everything `import_files` would do with these settings, without writing: counts per kind, the
    label distribution after value mapping, the columns nothing reads, and the problems found."""
    files = _check_files(files)
    fmt_used, kind_used, guess = resolve_format(files, fmt, kind)
    builder = None
    problems: list[Problem] = []
    n_problems = 0
    unresolved = 0
    try:
        builder, unresolved = _validated(project, files, fmt, kind, mapping, dataset, id_prefix, split, progress,
                                         value_map, skip_invalid)
    except ImportFailed as err:
        problems, n_problems = err.problems, len(err.problems)
    batch = builder.batch if builder is not None else None
    watcher = builder.watcher if builder is not None else None
    if watcher is None:  # the import failed: read once more with a lenient builder to see its columns
        try:
            lenient = build_batch(project, files, fmt, kind, mapping, dataset, None, split, None,
                                  value_map=value_map, skip_invalid=True)
            watcher, batch = lenient.watcher, lenient.batch
        except ImportFailed:
            pass
    columns = list(watcher.columns) if watcher is not None else list(guess.columns if guess else [])
    # each file is read by its own part of an adapter (a SciFact corpus and its claims in one import):
    # a column counts as read when the reader of any of the files reads it
    known: set[str] = set()
    for n, f in enumerate(files):
        known |= read_columns(fmt_used, kind_used, _variant(f, fmt_used, kind_used, guess if n == 0 else None), mapping)
    unmatched: dict[str, list[str]] = {}
    if watcher is not None:
        for (column, value), _n in sorted(watcher.unmatched.items()):
            unmatched.setdefault(column, []).append(value)
    return ImportPlan(
        files=[f.name for f in files], format=fmt_used, kind=kind_used,
        detected=guess.describe() if guess else None,
        counts=batch.counts() if batch is not None and not problems else {},
        labels=label_distribution(batch) if batch is not None else {},
        columns=columns, unmapped_columns=[c for c in columns if c not in known],
        unmatched_values=unmatched, problems=[str(p) for p in problems], n_problems=n_problems,
        problem_settings=[p.setting for p in problems],
        rejected=len(by_record(builder.rejected)) if builder is not None else 0, unresolved_gold=unresolved,
        ok=not problems, notes=list(builder.notes) if builder is not None else [],
    )
