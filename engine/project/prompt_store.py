"""SQL for the project's prompt versions (issue #34 item 1): append-only, one row per saved version."""
from __future__ import annotations

from dataclasses import dataclass

from factaudit.engine.errors import NotFound
from factaudit.engine.project.db import Project, now_iso


@dataclass(frozen=True)
class PromptVersion:
    name: str
    version: int
    base: str
    body: str
    sha256: str
    created: str
    note: str | None


_COLS = "name, version, base, body, sha256, created, note"


def add_version(project: Project, name: str, base: str, body: str, sha256: str, note: str | None) -> PromptVersion:
    with project.atomic() as conn:
        row = conn.execute("SELECT max(version) FROM prompt_versions WHERE name = ?", (name,)).fetchone()
        version = (row[0] or 0) + 1
        conn.execute(f"INSERT INTO prompt_versions({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (name, version, base, body, sha256, now_iso(), note))
    return get_version(project, name, version)


def get_version(project: Project, name: str, version: int | None = None) -> PromptVersion:
    """A version of `name` (None: the newest)."""
    if version is None:
        r = project.reader().execute(f"SELECT {_COLS} FROM prompt_versions WHERE name = ? ORDER BY version DESC"
                                     " LIMIT 1", (name,)).fetchone()
    else:
        r = project.reader().execute(f"SELECT {_COLS} FROM prompt_versions WHERE name = ? AND version = ?",
                                     (name, version)).fetchone()
    if r is None:
        raise NotFound(f"no prompt {name!r}" + ("" if version is None else f" version {version}") + " in this project")
    return PromptVersion(*r)


def list_versions(project: Project) -> list[PromptVersion]:
    """Every stored version, by name then version."""
    rows = project.reader().execute(f"SELECT {_COLS} FROM prompt_versions ORDER BY name, version").fetchall()
    return [PromptVersion(*r) for r in rows]
