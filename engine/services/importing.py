"""Safe imports for the import dialog and the CLI: recognise the format, show what an import would do
before it writes (dry run), map label values, and optionally skip invalid records (issue #15 item 9).

The dialog's sequence: `detect_import_format(path)` → show `guess.describe()`; let the user adjust the
format, kind, column map and value map; `plan_import(...)` → show counts, label distribution,
unmapped columns and problems; then `services.import_files(..., value_map=..., skip_invalid=...)`.
"""
from __future__ import annotations

from pathlib import Path

from factaudit.engine import ingest
from factaudit.engine.ingest.detect import FormatGuess, detect_format
from factaudit.engine.ingest.plan import ImportPlan, ValueMap, parse_value_map
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.project.db import Project


def detect_import_format(path: str | Path) -> FormatGuess:
    """Which format a file is in (SciFact, HealthVer, RAMDocs, HotpotQA, MedExpert export, TREC, or
    generic JSON lines / CSV with a guessed kind) and the rule that matched, from its content."""
    return detect_format(Path(path))


def plan_import(project: Project, files: list[str | Path], fmt: str | None = None, kind: str | None = None,
                mapping: dict[str, str] | None = None, dataset: str | None = None, id_prefix: str | None = None,
                split: str | None = None, progress: ProgressCallback = no_progress, *,
                value_map: ValueMap | None = None, skip_invalid: bool = False) -> ImportPlan:
    """The dry run: what `import_files` would write with the same settings. Writes nothing; bad input
    comes back as `plan.problems` (located `file:line:field: reason`) with `plan.ok` False. The
    arguments are those of `import_files`, so the same settings can be checked and then imported."""
    return ingest.plan_import(project, [Path(f) for f in files], fmt, kind, mapping, dataset, id_prefix, split,
                              progress=progress, value_map=value_map, skip_invalid=skip_invalid)


__all__ = ["FormatGuess", "ImportPlan", "ValueMap", "detect_import_format", "parse_value_map", "plan_import"]
