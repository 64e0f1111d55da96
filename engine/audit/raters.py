"""Second raters offline (issue #21): what a rater package and a return file declare, and the checks
a rater's labels pass before they enter a package workspace or a project.

A package is a sealed project file whose meta row `rater_package` holds a `PackageManifest`; a return
file is a sealed project file whose meta row `rater_return` holds a `ReturnManifest` and whose tables
hold only that rater's annotations (and sentence ratings). Both carry a format number: a file made by
a newer factaudit (a higher number) is refused with a sentence, not misread.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable

from factaudit.engine.audit.annotations import ADJUDICATOR_PREFIX
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.i18n import N_

PACKAGE_KEY = "rater_package"
RETURN_KEY = "rater_return"
PACKAGE_FORMAT = 1
RETURN_FORMAT = 1
TARGETS = ("evidence", "reasoning", "sentences")
SENTENCE_DIMENSION = "sentence_label"
SENTENCE_LABELS = ("correct", "error")
DEFAULT_INSTRUCTIONS = {          # stored in the package in English; the rater window shows them localized
    "evidence": N_("Rate each retrieved passage for its claim on every evidence dimension of the codebook. "
                   "Judge the passage as written; you are not shown what the system concluded."),
    "reasoning": N_("Rate the verifier's reasoning for each claim on every reasoning step of the codebook."),
    "sentences": N_("Label each answer sentence correct or error (it contains an error), reading it in its answer."),
}

Unit = tuple[str, ...]           # ("evidence", claim, passage) | ("reasoning", claim, run) | ("sentence", sentence)


def is_adjudicator(annotator: str) -> bool:
    return annotator.startswith(ADJUDICATOR_PREFIX)


def adjudicator_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidArgument("an adjudication needs the adjudicator's name")
    return name if is_adjudicator(name) else ADJUDICATOR_PREFIX + name


def check_rater_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidArgument("the rater needs a name", setting="rater")
    if name.startswith("llm:") or is_adjudicator(name):
        raise InvalidArgument(f"{name!r} is reserved (llm: and adjudicator: name machine and adjudication records)")
    return name


@dataclass
class PackageManifest:
    package_id: str
    source_project_id: str
    source_project: str              # the file name, never its folder
    sender: str                      # ed25519:<fingerprint>
    rater: str
    target: str
    codebook_version: int
    codebook_sha256: str
    units: list[list[str]]
    instructions: str
    created: str
    app_version: str
    seed: int | None = None
    retrieval_run: str | None = None
    verify_run: str | None = None
    format: int = PACKAGE_FORMAT
    kind: str = "rater-package"

    def to_text(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=False)

    def unit_set(self) -> set[Unit]:
        return {tuple(u) for u in self.units}


@dataclass
class ReturnManifest:
    package_id: str
    source_project_id: str
    rater: str
    rater_key: str                   # ed25519:<fingerprint> of the key that signs the return
    codebook_version: int
    codebook_sha256: str
    n_annotations: int
    n_sentence_ratings: int
    created: str
    app_version: str
    format: int = RETURN_FORMAT
    kind: str = "rater-return"

    def to_text(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=False)


def _load(text: str | None, what: str, cls, fmt: int, kind: str, file: str):
    if text is None:
        raise InvalidArgument(f"{file} is not a {what}")
    try:
        data: dict[str, Any] = json.loads(text)
    except ValueError as exc:
        raise InvalidArgument(f"{file}: its {what} description is not readable") from exc
    if data.get("kind") != kind:
        raise InvalidArgument(f"{file} is not a {what}")
    if not isinstance(data.get("format"), int) or data["format"] > fmt:
        raise InvalidArgument(f"{file} was made by a newer factaudit ({what} format {data.get('format')}; "
                              f"this version reads up to {fmt}): update factaudit to open it")
    known = {f for f in cls.__dataclass_fields__}
    try:
        return cls(**{k: v for k, v in data.items() if k in known})
    except TypeError as exc:
        raise InvalidArgument(f"{file}: its {what} description is incomplete") from exc


def load_package(text: str | None, file: str) -> PackageManifest:
    return _load(text, "rater package", PackageManifest, PACKAGE_FORMAT, "rater-package", file)


def load_return(text: str | None, file: str) -> ReturnManifest:
    return _load(text, "rater return file", ReturnManifest, RETURN_FORMAT, "rater-return", file)


@dataclass
class LabelProblems:
    """The first problem of a rater's labels against a package, as one sentence."""

    problems: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.problems.append(text)

    def raise_if_any(self, file: str) -> None:
        if self.problems:
            more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
            raise InvalidArgument(f"{file}: {self.problems[0]}{more}; nothing was written")


def check_labels(manifest: PackageManifest, records: Iterable[tuple[str, Unit, str, int | None]],
                 file: str) -> None:
    """Each (where, unit, annotator, codebook version) must be a package unit, by its rater, under its codebook."""
    units = manifest.unit_set()
    problems = LabelProblems()
    for where, unit, annotator, version in records:
        if annotator != manifest.rater:
            problems.add(f"{where}: labels by {annotator!r}, but this package is for {manifest.rater!r}")
        elif unit not in units:
            problems.add(f"{where}: {'/'.join(x for x in unit[1:] if x)} is not a unit of this package")
        elif version is not None and version != manifest.codebook_version:
            problems.add(f"{where}: codebook v{version}, but the package uses v{manifest.codebook_version}")
    problems.raise_if_any(file)
