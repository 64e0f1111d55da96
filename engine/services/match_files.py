"""The equivalence lexicon and the risk-tier gates as files (the ones `--lexicon` and `--gates` take):
read one into plain data, write one back after checking it, so the desktop editor and a text editor
produce the same file. Their home by default is beside the project file (`<name>.lexicon.yaml`,
`<name>.gates.yaml`); they are inputs to scoring, not part of the project, so writing one changes no
stored figure (a run that used a lexicon pinned its entries)."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Mapping

import yaml

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.metrics import multi_answer as ma
from factaudit.engine.project.db import Project

GATE_METRICS = (*ma.MEAN_METRICS, "critical_misses", *ma.AUDIT_GATE_METRICS)
RISK_TIERS = ("A", "B", "C")


def default_lexicon_path(project: Project) -> Path:
    path = Path(project.path)
    return path.with_name(f"{path.stem}.lexicon.yaml")


def default_gates_path(project: Project) -> Path:
    path = Path(project.path)
    return path.with_name(f"{path.stem}.gates.yaml")


def _read_mapping(path: Path, what: str) -> dict[str, Any]:
    """The file's top-level mapping; a file that does not exist yet is an empty one (a new list).
    `what` is "lexicon" or "gates" (each has its own sentences, so they translate whole)."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        if what == "lexicon":
            raise InvalidArgument(f"cannot read the lexicon file {path.name}: {exc}", file=str(path)) from exc
        raise InvalidArgument(f"cannot read the gates file {path.name}: {exc}", file=str(path)) from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        if what == "lexicon":
            raise InvalidArgument(f"the lexicon file {path.name} is not a list of options with their synonyms",
                                  file=str(path))
        raise InvalidArgument(f"the gates file {path.name} is not a list of risk tiers with their conditions",
                              file=str(path))
    return data


def _write(path: Path, data: Mapping[str, Any]) -> Path:
    """Written whole or not at all: a crash mid-write leaves the old file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True, width=100)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


# ---- the lexicon ---------------------------------------------------------------------------------
def _clean_groups(groups: Mapping[str, Any], where: str | None) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for canonical, synonyms in groups.items():
        name = " ".join(str(canonical).split())
        if not name:
            raise InvalidArgument("a lexicon entry needs a canonical option", file=where, field="canonical")
        if isinstance(synonyms, str):
            synonyms = [synonyms]
        if not isinstance(synonyms, (list, tuple)):
            raise InvalidArgument(f"lexicon entry {name!r}: expected a list of synonyms", file=where, field=name)
        out[name] = list(dict.fromkeys(s for s in (" ".join(str(x).split()) for x in synonyms) if s))
    try:
        ma.Lexicon(out)      # the scorer's own check: no spelling may mean two options
    except InvalidArgument as exc:
        raise InvalidArgument(str(exc), file=where) from exc
    canon = {ma.Lexicon().canon(c): c for c in out}
    for name, synonyms in out.items():
        for s in synonyms:
            other = canon.get(ma.Lexicon().canon(s))
            if other is not None and other != name:
                raise InvalidArgument(f"lexicon: {s!r} is a synonym of {name!r} and an option of its own",
                                      file=where, field=s)
    return out


def lexicon_entries(path: str | Path) -> dict[str, list[str]]:
    """canonical option -> synonyms, as the file has them (no file yet: none)."""
    path = Path(path)
    return _clean_groups(_read_mapping(path, "lexicon"), str(path))


def save_lexicon(path: str | Path, groups: Mapping[str, Any]) -> Path:
    """Check the entries as the scorer reads them and write the file (YAML, or JSON for a .json name)."""
    path = Path(path)
    return _write(path, _clean_groups(groups, str(path)))


# ---- the gates ---------------------------------------------------------------------------------
def gate_entries(path: str | Path) -> dict[str, dict[str, float]]:
    """The file's own conditions per tier (scoring merges them over DEFAULT_GATES)."""
    path = Path(path)
    try:
        return ma.validate_gates(_read_mapping(path, "gates"))
    except InvalidArgument as exc:
        raise InvalidArgument(str(exc), file=str(path)) from exc


def save_gates(path: str | Path, gates: Mapping[str, Mapping[str, float]]) -> Path:
    path = Path(path)
    try:
        clean = ma.validate_gates(gates)
    except InvalidArgument as exc:
        raise InvalidArgument(str(exc), file=str(path)) from exc
    for tier, conds in clean.items():
        for metric, value in conds.items():
            if value < 0 or (metric != "critical_misses" and value > 1):
                raise InvalidArgument(f"gates: {tier}.{metric} must be a share from 0 to 1 (a count for "
                                      f"critical_misses), got {value}", file=str(path), field=f"{tier}.{metric}")
    return _write(path, {t: clean[t] for t in RISK_TIERS if clean.get(t)})
