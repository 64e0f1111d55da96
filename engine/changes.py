"""What a write changed, computed where the write happens (in the spirit of Anki's ``OpChanges``).

A `Changes` names areas of a project (datasets, runs, verdicts, annotations, ...) or of the app
(models, network). Nobody declares them by hand after the fact: the project's writer connection logs
every row it writes into a per-connection table (engine/project/change_log.py) and, when a transaction
commits, `note()`s the areas those rows belong to; writes outside a project file (the model registry,
the network settings) `note()` theirs at the write itself. A caller that wants to know what its call
changed runs it inside `recording()`::

    with recording() as rec:
        services.rename_dataset(project, "a", "b")
    rec.changes(project)        # Changes(datasets=True, workflow=True): the rename also left a note

or `result, changed = recorded(services.rename_dataset, project, "a", "b")`.

Recordings follow the context (contextvars), so concurrent writes on other threads never leak into
another caller's record; a recording that ends by an exception still holds what was committed before
it (a cancelled run leaves a run behind). No Qt here: the GUI announces what a recording holds.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Changes:
    """Which areas a write changed. Pages compare it with what they show."""

    datasets: bool = False
    runs: bool = False
    verdicts: bool = False
    annotations: bool = False
    codebook: bool = False
    triage: bool = False
    reports: bool = False
    seal: bool = False
    workflow: bool = False        # a step seen through (metrics shown, retrieval evaluated, a choice made)
    raters: bool = False          # second-rater packages sent, returned or merged
    settings: bool = False        # project-wide settings (meta: the project id, a working copy's origin)
    # app-wide, not in a project file: noted with project None, which every listener hears
    models: bool = False          # the model registry (a GGUF added, an endpoint forgotten)
    network: bool = False         # offline mode and its allowed hosts

    AREAS = ("datasets", "runs", "verdicts", "annotations", "codebook", "triage", "reports", "seal", "workflow",
             "raters", "settings", "models", "network")
    APP_AREAS = ("models", "network")

    @classmethod
    def everything(cls) -> "Changes":
        return cls(**{a: True for a in cls.AREAS})

    @classmethod
    def of(cls, *areas: str) -> "Changes":
        unknown = set(areas) - set(cls.AREAS)
        if unknown:
            raise ValueError(f"unknown change areas: {', '.join(sorted(unknown))}")
        return cls(**{a: True for a in areas})

    def __or__(self, other: "Changes") -> "Changes":
        return Changes(**{f.name: getattr(self, f.name) or getattr(other, f.name) for f in fields(self)})

    @property
    def areas(self) -> tuple[str, ...]:
        return tuple(a for a in self.AREAS if getattr(self, a))

    def touches(self, *areas: str) -> bool:
        """True if any of the areas changed (any area at all when none is named)."""
        return any(getattr(self, a) for a in (areas or self.AREAS))


NOTHING = Changes()
PROJECT_AREAS = tuple(a for a in Changes.AREAS if a not in Changes.APP_AREAS)


class Recording:
    """The changes noted while it was active, per project (None: app-wide), in the order first seen."""

    def __init__(self) -> None:
        self._by_key: dict[int, tuple[Any, set[str]]] = {}

    def _add(self, project: Any, areas: Iterable[str]) -> None:
        key = id(project)
        entry = self._by_key.get(key)
        if entry is None:
            entry = self._by_key[key] = (project, set())
        entry[1].update(areas)

    def changes(self, project: Any = None) -> Changes:
        """What changed in `project` (None: the app-wide areas)."""
        entry = self._by_key.get(id(project))
        return Changes.of(*entry[1]) if entry else NOTHING

    def items(self) -> list[tuple[Any, Changes]]:
        """(project, Changes) for every project (or None) something changed in."""
        return [(project, Changes.of(*areas)) for project, areas in self._by_key.values() if areas]

    def total(self) -> Changes:
        out = NOTHING
        for _project, changed in self.items():
            out = out | changed
        return out


_active: ContextVar[tuple[Recording, ...]] = ContextVar("factaudit_change_recordings", default=())


def note(project: Any, areas: Iterable[str]) -> None:
    """Called at the write path: `areas` of `project` (None: the app) changed. Every recording active in
    this context hears it; with none active it goes nowhere (the command line has no pages)."""
    areas = tuple(areas)
    unknown = set(areas) - set(Changes.AREAS)
    if unknown:
        raise ValueError(f"unknown change areas: {', '.join(sorted(unknown))}")
    for rec in _active.get():
        rec._add(project, areas)


@contextlib.contextmanager
def recording() -> Iterator[Recording]:
    """Collect what the writes inside the block changed; nested recordings each hear every write."""
    rec = Recording()
    token = _active.set(_active.get() + (rec,))
    try:
        yield rec
    finally:
        _active.reset(token)


def recorded(fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, Recording]:
    """`fn(*args, **kwargs)` and what it changed."""
    with recording() as rec:
        result = fn(*args, **kwargs)
    return result, rec


__all__ = ["Changes", "NOTHING", "PROJECT_AREAS", "Recording", "note", "recorded", "recording"]
