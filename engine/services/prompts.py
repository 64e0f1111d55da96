"""Prompt versions in the project (issue #34 item 1): list, show, preview and save named templates, and
resolve the one a run names.

The shipped templates (resources/prompts) are version 0 of their names and never change here. A project
template has its own name, stands in for one shipped template (its `base`) and is saved as numbered,
append-only versions (like the codebook); a run that names it reads the newest version and pins its
name, version, base, sha256 and text in the run's config. A version that would break the run that reads
it (engine.pipeline.prompts.schema_problems) is refused when it is saved, and checked again when a run
names it, so no run starts with it.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass
from typing import Any

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.pipeline.prompts import Prompt, load_prompt, parse_prompt, placeholders, schema_problems, shipped_names
from factaudit.engine.project import prompt_store
from factaudit.engine.project.db import Project

_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")


@dataclass(frozen=True)
class PromptInfo:
    name: str
    version: int                  # 0: the shipped template
    base: str                     # the shipped template it stands in for (itself for a shipped one)
    sha256: str
    source: str                   # "shipped" | "project"
    created: str | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PromptText:
    info: PromptInfo
    system: str
    user: str
    body: str
    placeholders: list[str]

    def to_json(self) -> dict[str, Any]:
        return {**self.info.to_json(), "system": self.system, "user": self.user, "placeholders": self.placeholders}


def _shipped(name: str) -> PromptText:
    p = load_prompt(name)
    from importlib import resources

    body = resources.files("factaudit.resources").joinpath("prompts", f"{name}.txt").read_text(encoding="utf-8")
    return PromptText(PromptInfo(name, 0, name, p.sha256, "shipped"), p.system, p.user, body, sorted(placeholders(p)))


def _stored(v: prompt_store.PromptVersion) -> PromptText:
    p = parse_prompt(v.name, v.body.encode("utf-8"))
    return PromptText(PromptInfo(v.name, v.version, v.base, v.sha256, "project", v.created, v.note),
                      p.system, p.user, v.body, sorted(placeholders(p)))


def list_prompts(project: Project) -> list[PromptInfo]:
    """The shipped templates, then every saved version of the project's own."""
    return [_shipped(n).info for n in shipped_names()] + [_stored(v).info for v in prompt_store.list_versions(project)]


def show_prompt(project: Project, name: str, version: int | None = None) -> PromptText:
    """A template's text: a shipped one, or a project one's version (None: the newest)."""
    if name in shipped_names():
        if version not in (None, 0):
            raise NotFound(f"the shipped prompt {name!r} has only version 0")
        return _shipped(name)
    return _stored(prompt_store.get_version(project, name, version))


def prompt_problems(body: str, base: str, name: str = "draft") -> list[str]:
    """Why `body` cannot stand in for the shipped template `base` (empty when it can); for an editor's
    live check as well as for saving."""
    if base not in shipped_names():
        raise NotFound(f"no shipped prompt {base!r} to stand in for")
    try:
        candidate = parse_prompt(name, body.encode("utf-8"))
    except NotFound as exc:          # parse_prompt's word for a file without its two sections
        return [str(exc)]
    return schema_problems(candidate, load_prompt(base))


def add_prompt(project: Project, name: str, body: str, base: str | None = None, note: str | None = None) -> PromptInfo:
    """Save `body` as the next version of the project template `name`. A new name needs `base`; a
    later version keeps its name's base; the newest version's own text again is no new version. Refused, with every reason, when the template would break the run."""
    if not _NAME.fullmatch(name):
        raise InvalidArgument(f"prompt name {name!r}: use lower-case letters, digits, '.', '_' or '-' (at most 64)")
    if name in shipped_names():
        raise InvalidArgument(f"{name!r} is a shipped prompt and does not change; save your version under another name")
    try:
        earlier = prompt_store.get_version(project, name)
    except NotFound:
        earlier = None
    if earlier is not None:
        if base not in (None, earlier.base):
            raise InvalidArgument(f"prompt {name!r} stands in for {earlier.base!r}, not {base!r}")
        base = earlier.base
    if base is None:
        raise InvalidArgument(f"a new prompt needs the shipped prompt it stands in for (one of {', '.join(shipped_names())})")
    problems = prompt_problems(body, base, name)
    if problems:
        raise InvalidArgument(f"prompt {name!r} is refused: " + "; ".join(problems))
    sha = hashlib.sha256(body.encode("utf-8")).hexdigest()
    if earlier is not None and earlier.sha256 == sha:      # saving the same text twice makes no new version
        return _stored(earlier).info
    return _stored(prompt_store.add_version(project, name, base, body, sha, note)).info


def preview_prompt(project: Project, name: str, values: dict[str, str] | None = None,
                   version: int | None = None) -> list[dict[str, str]]:
    """The messages the template makes with `values` (a placeholder left out shows as `<name>`)."""
    t = show_prompt(project, name, version)
    prompt = Prompt(t.info.name, t.system, t.user, t.info.sha256)
    filled = {p: (values or {}).get(p, f"<{p}>") for p in t.placeholders}
    return prompt.render(**filled)


def run_prompt(project: Project, name: str, base: str) -> dict[str, Any]:
    """The pin of the newest version of project template `name` for a run that reads shipped `base`:
    name, version, base, sha256 and the text (so a resumed run reads what it started with)."""
    t = show_prompt(project, name)
    if t.info.source == "shipped":
        if name != base:
            raise InvalidArgument(f"this run reads the prompt {base!r}, not {name!r}", setting="prompt")
        return load_prompt(base).ref()
    if t.info.base != base:
        raise InvalidArgument(f"prompt {name!r} stands in for {t.info.base!r}; this run reads {base!r}",
                              setting="prompt")
    problems = prompt_problems(t.body, base, name)
    if problems:        # saved by an earlier version of the checks: still no run starts with it
        raise InvalidArgument(f"prompt {name!r} is refused: " + "; ".join(problems), setting="prompt")
    return {"name": name, "sha256": t.info.sha256, "version": t.info.version, "base": base, "text": t.body}
