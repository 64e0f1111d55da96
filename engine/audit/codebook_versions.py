"""The codebook's stored versions in a project: the seed stored as version 1 on first use, each edit
saved as the next version (never in place), and a stored version read back parsed. The codebook itself
(its model and its YAML) is engine.audit.codebook's.
"""
from __future__ import annotations

import functools
import hashlib
from typing import Any

from factaudit.engine.audit.codebook import Codebook, load_seed, parse_codebook, with_version
from factaudit.engine.errors import NotFound


def current(project, version: int | None = None) -> Codebook:
    """The codebook of a version (default: the newest), storing the seed as version 1 on first use.
    A read-only project without a stored codebook gets the seed without storing it."""
    from factaudit.engine.project import audit_store

    if version is None:
        version = audit_store.latest_codebook_version(project)
        if version is None:
            return ensure_seed(project)
    row = audit_store.get_codebook(project, version)
    if row is None:
        if version == 1 and audit_store.latest_codebook_version(project) is None:
            return ensure_seed(project)
        raise NotFound(f"no codebook version {version} in {project.path.name}")
    return _parsed(row.body, version)


@functools.lru_cache(maxsize=32)
def _parsed(body: str, version: int) -> Codebook:
    # Labeling calls this on every keystroke; stored versions never change, so parse each once.
    return parse_codebook(body, source=f"codebook v{version}", version=version)


def ensure_seed(project) -> Codebook:
    from factaudit.engine.project import audit_store

    latest = audit_store.latest_codebook_version(project)
    if latest is not None:
        return current(project, latest)
    seed = load_seed()
    body = with_version(seed.body, 1)
    if not project.readonly:
        # two workers may open the first page needing a codebook at once: check again inside the
        # write transaction, so only one stores the seed and the other reads it
        with project.atomic():
            if audit_store.latest_codebook_version(project) is None:
                audit_store.insert_codebook(project, 1, body, _sha(body), "seed codebook")
        return current(project, 1)
    return parse_codebook(body, source="seed.yaml", version=1)


def save_version(project, text: str, note: str | None = None, source: str = "codebook.yaml") -> Codebook:
    """Validate `text` and store it as the next version; an unchanged codebook makes no new version."""
    from factaudit.engine.project import audit_store

    latest = ensure_seed(project)
    parse_codebook(text, source=source, version=latest.version + 1)   # validate before anything is written
    if _sha(with_version(text, latest.version)) == latest.sha256:
        return latest
    version = latest.version + 1
    body = with_version(text, version)
    audit_store.insert_codebook(project, version, body, _sha(body), note)
    return parse_codebook(body, source=source, version=version)


def list_versions(project) -> list[dict[str, Any]]:
    from factaudit.engine.project import audit_store

    ensure_seed(project)
    return [{"version": r.version, "sha256": r.sha256, "created": r.created, "note": r.note}
            for r in audit_store.list_codebooks(project)]


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
