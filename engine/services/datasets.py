"""Rename and delete datasets (the Data page): a wrong import must not stay forever."""
from __future__ import annotations

from factaudit.engine.errors import InvalidArgument, ReadOnlyProject
from factaudit.engine.project import dataset_store
from factaudit.engine.project.dataset_store import DatasetUsage
from factaudit.engine.project.db import Project
from factaudit.engine.services import status

__all__ = ["DatasetUsage", "dataset_usage", "delete_dataset", "rename_dataset"]


def _writable(project: Project) -> None:
    if project.readonly:
        raise ReadOnlyProject(f"{project.path.name} is open read-only")


dataset_usage = dataset_store.usage  # the engine's function (the GUI reaches it here)


def rename_dataset(project: Project, old: str, new: str) -> DatasetUsage:
    """Rename; returns the usage, whose `runs_naming_it` keep the old name in their (immutable) settings."""
    _writable(project)
    with project.atomic():        # the rename and the note dating it commit together
        dataset_store.rename(project, old, new)
        status.note_edit(project, f"dataset {old!r} renamed to {new.strip()!r}")
    used = dataset_store.usage(project, new.strip())
    return used


def delete_dataset(project: Project, name: str) -> dict[str, int]:
    """Delete a dataset no run or annotation uses; otherwise say which do."""
    _writable(project)
    used = dataset_store.usage(project, name)
    if used.frozen:
        raise InvalidArgument(f"dataset {name!r} is frozen; unfreeze it before deleting it")
    if used.in_use:
        parts = []
        if used.runs:
            shown = ", ".join(used.runs[:8]) + (f" and {len(used.runs) - 8} more" if len(used.runs) > 8 else "")
            parts.append(f"{'run' if len(used.runs) == 1 else 'runs'} {shown}")
        if used.n_annotations:
            parts.append(f"{used.n_annotations:,} annotation{'' if used.n_annotations == 1 else 's'}")
        raise InvalidArgument(f"dataset {name!r} is used by {' and '.join(parts)}; it stays")
    with project.atomic():
        counts = dataset_store.delete(project, name)
        status.note_edit(project, f"dataset {name!r} deleted")
    return counts
