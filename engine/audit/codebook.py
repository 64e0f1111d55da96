"""The audit codebook: evidence dimensions and reasoning steps with their codes, versioned per project.

The seed (resources/codebook/seed.yaml) becomes version 1 the first time a project needs a codebook.
Every edit is saved as a new version, never in place, because each annotation names the version it
was made under and must stay interpretable. Storing and reading those versions in a project is
engine.audit.codebook_versions's.
"""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from factaudit.engine.errors import ImportFailed, InvalidArgument, NotFound, Problem
from factaudit.engine.resource_files import resource_path

TARGETS = ("evidence", "reasoning")
# libyaml's parser with the safe constructor: the same objects as yaml.safe_load, a tenth of the time
# (the seed codebook's parse was most of `factaudit status` on a new project)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
PATTERN_RE = re.compile(r"^[RV][0-9]+$")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
# R6 is derived from labels (no passage on topic), never chosen as a code.
CLAIM_LEVEL_PATTERNS = ("R6",)


# Translated texts ride in the codebook itself (issue #24 item 4), beside the English they translate:
#   translations: {zh_CN: {name: ..., definition: ...}, de: {...}}     on a code
#   translations: {zh_CN: {name: ..., question: ...}, de: {...}}       on a dimension
#   translations: {zh_CN: {name: ..., patterns: {R1: ...}}, de: ...}   at the top
# so they are versioned and hashed with the codebook like every other text in it. English stays the
# reference: ids, annotations and JSON never depend on them, and a codebook without them (every
# project stored before) reads as before.
TRANSLATED_FIELDS = {"code": ("name", "definition"), "dimension": ("name", "question"), "codebook": ("name",)}


@dataclass(frozen=True)
class Code:
    id: str
    name: str
    definition: str = ""
    examples: tuple[str, ...] = ()
    pattern: str | None = None       # None for codes that are not failures
    translations: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Dimension:
    """An evidence dimension or a reasoning step."""

    id: str
    name: str
    target: str                      # evidence | reasoning
    codes: tuple[Code, ...]
    question: str = ""
    translations: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, hash=False)

    def code(self, code_id: str) -> Code | None:
        for c in self.codes:
            if c.id == code_id:
                return c
        return None

    @property
    def code_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.codes)


@dataclass
class Codebook:
    version: int
    evidence: tuple[Dimension, ...]
    reasoning: tuple[Dimension, ...]
    high_quality: dict[str, tuple[str, ...]]
    off_topic: dict[str, tuple[str, ...]]
    patterns: dict[str, str] = field(default_factory=dict)
    name: str = ""
    body: str = ""                   # the YAML text this was parsed from
    translations: dict[str, dict[str, Any]] = field(default_factory=dict)   # top level: name, patterns

    def text(self, obj: "Code | Dimension", attr: str, lang: str, dimension: "Dimension | None" = None) -> str:
        """A code's or dimension's name, definition or question in `lang`: its own translation, else the
        seed codebook's when this text is still the seed's English (projects whose codebook was stored
        before translations existed), else the English."""
        english = getattr(obj, attr)
        if lang == "en":
            return english
        own = obj.translations.get(lang, {}).get(attr)
        if own:
            return own
        return seed_translation(obj, attr, lang, dimension) or english

    def pattern_name(self, pattern: str, lang: str) -> str:
        english = self.patterns.get(pattern, pattern)
        if lang == "en":
            return english
        own = (self.translations.get(lang, {}).get("patterns") or {}).get(pattern)
        if own:
            return own
        seed = load_seed_cached()
        if seed.patterns.get(pattern) == english:
            return (seed.translations.get(lang, {}).get("patterns") or {}).get(pattern) or english
        return english

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body.encode("utf-8")).hexdigest()

    def dimensions(self, target: str | None = None) -> tuple[Dimension, ...]:
        if target == "evidence":
            return self.evidence
        if target == "reasoning":
            return self.reasoning
        return self.evidence + self.reasoning

    def dimension(self, dim_id: str, target: str | None = None) -> Dimension:
        for d in self.dimensions(target):
            if d.id == dim_id:
                return d
        where = f"{target} " if target else ""
        known = ", ".join(d.id for d in self.dimensions(target))
        raise NotFound(f"codebook v{self.version} has no {where}dimension {dim_id!r} (known: {known})")

    def has_code(self, dim_id: str, code_id: str, target: str | None = None) -> bool:
        try:
            return self.dimension(dim_id, target).code(code_id) is not None
        except NotFound:
            return False

    def pattern(self, dim_id: str, code_id: str) -> str | None:
        code = self.dimension(dim_id).code(code_id)
        return code.pattern if code else None

    def pattern_ids(self, prefix: str) -> list[str]:
        """Patterns of one family (R or V) in numeric order, including the claim-level R6."""
        found = {c.pattern for d in self.dimensions() for c in d.codes if c.pattern and c.pattern.startswith(prefix)}
        found |= {p for p in self.patterns if p.startswith(prefix)}
        if prefix == "R":
            found |= set(CLAIM_LEVEL_PATTERNS)
        return sorted(found, key=lambda p: int(p[1:]))

    def is_high_quality(self, labels: dict[str, str]) -> bool | None:
        """True/False when the labels decide it; None while a needed dimension is unlabelled and
        no labelled dimension already rules it out."""
        missing = False
        for dim, allowed in self.high_quality.items():
            code = labels.get(dim)
            if code is None:
                missing = True
            elif code not in allowed:
                return False
        return None if missing else True

    def is_off_topic(self, labels: dict[str, str]) -> bool | None:
        """True when a labelled dimension marks the passage off topic; None when undecided."""
        missing = False
        for dim, codes in self.off_topic.items():
            code = labels.get(dim)
            if code is None:
                missing = True
            elif code in codes:
                return True
        return None if missing else False

    def to_json(self) -> dict[str, Any]:
        def tr(obj) -> dict[str, Any]:
            # only when there are any, so the editor's round trip (services.save_codebook_data) keeps them
            # and a codebook without translations has the JSON it always had
            return {"translations": obj.translations} if obj.translations else {}

        def dims(ds):
            return [{"id": d.id, "name": d.name, "question": d.question,
                     "codes": [{"id": c.id, "name": c.name, "definition": c.definition,
                                "examples": list(c.examples), "pattern": c.pattern, **tr(c)} for c in d.codes],
                     **tr(d)}
                    for d in ds]

        return {"version": self.version, "name": self.name, "sha256": self.sha256, "patterns": dict(self.patterns),
                "evidence": dims(self.evidence), "reasoning": dims(self.reasoning),
                "high_quality": {k: list(v) for k, v in self.high_quality.items()},
                "off_topic": {k: list(v) for k, v in self.off_topic.items()}, **tr(self)}


def seed_path() -> Path:
    return resource_path("codebook", "seed.yaml")


def load_seed() -> Codebook:
    path = seed_path()
    return parse_codebook(path.read_text(encoding="utf-8"), source=str(path))


@functools.lru_cache(maxsize=1)
def load_seed_cached() -> Codebook:
    return load_seed()


def seed_translation(obj: "Code | Dimension", attr: str, lang: str, dimension: "Dimension | None" = None) -> str | None:
    """The seed's translation of `obj.attr` when `obj` is the seed's dimension or code and that text
    is still the seed's English word for word (an edited definition gets no stale translation)."""
    seed = load_seed_cached()
    if isinstance(obj, Dimension):
        found = next((d for d in seed.dimensions() if d.id == obj.id), None)
    else:
        if dimension is None:
            return None
        dim = next((d for d in seed.dimensions() if d.id == dimension.id), None)
        found = dim.code(obj.id) if dim is not None else None
    if found is None or getattr(found, attr) != getattr(obj, attr):
        return None
    return found.translations.get(lang, {}).get(attr) or None


def _translations(raw: Any, kind: str, where: str, bad) -> dict[str, dict[str, Any]]:
    """The `translations` mapping of a code, dimension or the codebook, checked: language -> texts."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        bad(f"{where}translations", "expected a mapping of language (zh_CN, de, ...) to translated texts")
        return {}
    out: dict[str, dict[str, Any]] = {}
    for lang, texts in raw.items():
        if not isinstance(texts, dict):
            bad(f"{where}translations.{lang}", "expected a mapping of field to translated text")
            continue
        keep: dict[str, Any] = {}
        for key, value in texts.items():
            if kind == "codebook" and key == "patterns":
                if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                    bad(f"{where}translations.{lang}.patterns", "expected a mapping of pattern id to name")
                    continue
                keep["patterns"] = {str(k): v.strip() for k, v in value.items()}
            elif key not in TRANSLATED_FIELDS[kind]:
                bad(f"{where}translations.{lang}.{key}",
                    f"only {', '.join(TRANSLATED_FIELDS[kind])} are translated here")
            elif not isinstance(value, str):
                bad(f"{where}translations.{lang}.{key}", "expected a string")
            else:
                keep[key] = value.strip()
        out[str(lang)] = keep
    return out


def parse_codebook(text: str, source: str = "codebook.yaml", version: int | None = None) -> Codebook:
    """Parse and validate a codebook; every problem is reported with its field path."""
    problems: list[Problem] = []

    def bad(field_path: str | None, reason: str) -> None:
        problems.append(Problem(source, None, field_path, reason))

    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ImportFailed([Problem(source, mark.line + 1 if mark else None, None, f"not valid YAML: {exc}")]) from exc
    if not isinstance(data, dict):
        raise ImportFailed([Problem(source, None, None, "a codebook is a YAML mapping with evidence and reasoning")])

    ver = data.get("version", 1) if version is None else version
    if not isinstance(ver, int) or isinstance(ver, bool) or ver < 1:
        bad("version", f"expected a positive integer, got {ver!r}")
        ver = 1
    patterns = data.get("patterns") or {}
    if not isinstance(patterns, dict) or not all(isinstance(k, str) and PATTERN_RE.match(k) for k in patterns):
        bad("patterns", "expected a mapping of pattern ids (R1, V2, ...) to names")
        patterns = {}

    parsed: dict[str, tuple[Dimension, ...]] = {}
    for target in TARGETS:
        raw = data.get(target)
        if not isinstance(raw, list) or not raw:
            bad(target, "expected a non-empty list of dimensions")
            parsed[target] = ()
            continue
        dims = []
        for i, d in enumerate(raw):
            where = f"{target}[{i}]"
            if not isinstance(d, dict):
                bad(where, "expected a mapping with id and codes")
                continue
            did = d.get("id")
            if not isinstance(did, str) or not ID_RE.match(did):
                bad(f"{where}.id", f"expected a lower_snake_case id, got {did!r}")
                continue
            codes = []
            raw_codes = d.get("codes")
            if not isinstance(raw_codes, list) or not raw_codes:
                bad(f"{where}.codes", "expected a non-empty list of codes")
                raw_codes = []
            for j, c in enumerate(raw_codes):
                cwhere = f"{where}.codes[{j}]"
                if not isinstance(c, dict):
                    bad(cwhere, "expected a mapping with id and definition")
                    continue
                cid = c.get("id")
                if not isinstance(cid, str) or not ID_RE.match(cid):
                    bad(f"{cwhere}.id", f"expected a lower_snake_case id, got {cid!r}")
                    continue
                pattern = c.get("pattern")
                if pattern is not None and (not isinstance(pattern, str) or not PATTERN_RE.match(pattern)):
                    bad(f"{cwhere}.pattern", f"expected a pattern id like R1 or V3, got {pattern!r}")
                    pattern = None
                if pattern and pattern[0] != ("R" if target == "evidence" else "V"):
                    bad(f"{cwhere}.pattern", f"{target} codes feed {'R' if target == 'evidence' else 'V'} patterns, got {pattern}")
                examples = c.get("examples") or []
                if isinstance(examples, str):
                    examples = [examples]
                if not isinstance(examples, list) or not all(isinstance(e, str) for e in examples):
                    bad(f"{cwhere}.examples", "expected a list of strings")
                    examples = []
                definition = c.get("definition") or ""
                if not isinstance(definition, str):
                    bad(f"{cwhere}.definition", "expected a string")
                    definition = ""
                codes.append(Code(cid, str(c.get("name") or cid.replace("_", " ")), definition.strip(),
                                  tuple(examples), pattern,
                                  _translations(c.get("translations"), "code", f"{cwhere}.", bad)))
            ids = [c.id for c in codes]
            for dup in sorted({x for x in ids if ids.count(x) > 1}):
                bad(f"{where}.codes", f"code {dup!r} appears more than once")
            dims.append(Dimension(did, str(d.get("name") or did.replace("_", " ").capitalize()), target,
                                  tuple(codes), str(d.get("question") or ""),
                                  _translations(d.get("translations"), "dimension", f"{where}.", bad)))
        parsed[target] = tuple(dims)

    all_ids = [d.id for t in TARGETS for d in parsed[t]]
    for dup in sorted({x for x in all_ids if all_ids.count(x) > 1}):
        bad(None, f"dimension id {dup!r} is used more than once (evidence and reasoning ids must be distinct)")
    evidence = {d.id: d for d in parsed["evidence"]}

    def code_sets(key: str) -> dict[str, tuple[str, ...]]:
        raw = data.get(key)
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            bad(key, "expected a mapping of evidence dimension to a list of codes")
            return {}
        out = {}
        for dim, codes in raw.items():
            if isinstance(codes, str):
                codes = [codes]
            if dim not in evidence:
                bad(f"{key}.{dim}", "not an evidence dimension of this codebook")
                continue
            if not isinstance(codes, list) or not codes:
                bad(f"{key}.{dim}", "expected a non-empty list of codes")
                continue
            for c in codes:
                if evidence[dim].code(c) is None:
                    bad(f"{key}.{dim}", f"{c!r} is not a code of {dim}")
            out[dim] = tuple(codes)
        return out

    high_quality = code_sets("high_quality")
    if "high_quality" not in data:
        bad("high_quality", "missing: which codes make a passage high quality")
    off_topic = code_sets("off_topic")
    top_translations = _translations(data.get("translations"), "codebook", "", bad)
    if problems:
        raise ImportFailed(problems)
    return Codebook(version=ver, evidence=parsed["evidence"], reasoning=parsed["reasoning"],
                    high_quality=high_quality, off_topic=off_topic,
                    patterns={str(k): str(v) for k, v in patterns.items()}, name=str(data.get("name") or ""),
                    body=text, translations=top_translations)


def with_version(codebook_text: str, version: int) -> str:
    """The YAML text with its `version:` set, keeping comments and layout of the rest."""
    lines = codebook_text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if re.match(r"^version\s*:", line):
            lines[i] = f"version: {version}\n"
            return "".join(lines)
    return f"version: {version}\n" + codebook_text


def require_code(codebook: Codebook, target: str, dim_id: str, code_id: str) -> Code:
    """The Code, or InvalidArgument naming what is allowed."""
    try:
        dim = codebook.dimension(dim_id, target)
    except NotFound as exc:
        raise InvalidArgument(str(exc)) from exc
    code = dim.code(code_id)
    if code is None:
        raise InvalidArgument(f"{code_id!r} is not a code of {dim_id} in codebook v{codebook.version} "
                              f"(allowed: {', '.join(dim.code_ids)})")
    return code
