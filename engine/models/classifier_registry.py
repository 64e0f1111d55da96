"""Registry of classifier verifiers: the embedded MiniLM folder, classification folders in
local_models/ and explicit folder paths, as registry entries (kind "classifier"). The LLMs (GGUF files
and endpoints) are engine.models.registry's; engine.models.classifier runs these.
"""
from __future__ import annotations

import os
from pathlib import Path

from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models.registry import FIT_SHARE, ModelEntry, local_models_dirs, total_memory_bytes

# The classifiers that ship in resources/models. EMBEDDED_CLASSIFIER is the one a run uses when none is
# named: the default verifier the stated rule chose (engine/models/verifier_choice.py), when that is a classifier.
EMBEDDED_CLASSIFIERS = ("minilm-verifier", "minilm-nli-verifier")


def _default_classifier() -> str:
    from factaudit.engine.models.verifier_choice import DEFAULT

    return DEFAULT.classifier if DEFAULT.classifier in EMBEDDED_CLASSIFIERS else EMBEDDED_CLASSIFIERS[0]


EMBEDDED_CLASSIFIER = _default_classifier()
# Every shipped classifier misses the project's targets on SciFact dev (README, "Choosing the default verifier").
DEMO_GRADE_NOTE = "demo-grade: below the accuracy targets on SciFact dev (README)"


def embedded_classifier_path(name: str = EMBEDDED_CLASSIFIER) -> Path:
    from factaudit.engine.resource_files import resource_path

    return resource_path("models", name)


def classifier_entry(folder: str | Path, *, name: str | None = None, source: str = "path") -> ModelEntry:
    """A classification folder as a registry entry (kind "classifier"): labels map, binary or not,
    window and thresholds in `extra`, the RAM estimate from file sizes. ModelNotFound says why a
    folder is not one (engine.models.classifier_folder)."""
    from factaudit.engine.models.classifier_folder import ram_estimate_bytes, read_spec

    spec = read_spec(folder)
    files = spec.files_read()
    size = sum((spec.folder / f).stat().st_size for f in files)
    need = ram_estimate_bytes(spec)
    total = total_memory_bytes()
    return ModelEntry(
        name=name or spec.folder.name, kind="classifier", source=source, path=str(spec.folder), size_bytes=size,
        quantization=None, context_length=spec.max_length, architecture=spec.model_type, ram_needed_bytes=need,
        ram_total_bytes=total, fits=None if total is None else need <= FIT_SHARE * total,
        note=("binary model (no contradiction label): Refuted never comes from it" if spec.binary else None),
        extra={"labels_map": dict(spec.labels_map), "labels": [spec.id2label[i] for i in range(spec.num_labels)],
               "binary": spec.binary, "window": {"sentences": spec.window, "stride": spec.stride},
               "thresholds": spec.thresholds.to_json(), "pair_order": spec.pair_order,
               "needs_export": not spec.has_onnx, "fitted_on": spec.verifier_info.get("fitted_on")})


def embedded_classifier(name: str = EMBEDDED_CLASSIFIER) -> ModelEntry:
    path = embedded_classifier_path(name)
    if not path.is_dir():
        raise ModelNotFound(f"the embedded classifier verifier is missing: {path}")
    entry = classifier_entry(path, name=name, source="embedded")
    entry.demo_grade, entry.note = True, DEMO_GRADE_NOTE
    return entry


def local_classifiers() -> list[ModelEntry]:
    """Classification folders in local_models/; one that looks like one but cannot be used is listed
    with the reason in `note` (so the Models page can say it)."""
    from factaudit.engine.models.classifier_folder import looks_like_classifier

    out, seen = [], set(EMBEDDED_CLASSIFIERS)
    for folder in local_models_dirs():
        if not folder.is_dir():
            continue
        for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
            if sub.name in seen or not looks_like_classifier(sub):
                continue
            seen.add(sub.name)
            try:
                out.append(classifier_entry(sub, source="local"))
            except ModelNotFound as exc:
                out.append(ModelEntry(name=sub.name, kind="classifier", source="local", path=str(sub), note=str(exc)))
    return out


def list_classifiers() -> list[ModelEntry]:
    out = []
    for name in sorted(EMBEDDED_CLASSIFIERS, key=lambda n: n != EMBEDDED_CLASSIFIER):   # the default first
        try:
            out.append(embedded_classifier(name))
        except ModelNotFound:
            pass
    return out + local_classifiers()


def resolve_classifier(model: str | Path | None = None) -> ModelEntry:
    """A shipped classifier's name (none: the default), a local_models/ folder name, or a path to a
    classification folder."""
    model = None if model is None else str(model)
    if model is None:
        return embedded_classifier()
    if model in EMBEDDED_CLASSIFIERS:
        return embedded_classifier(model)
    if "/" not in model and os.sep not in model:
        for folder in local_models_dirs():
            if (folder / model).is_dir():
                return classifier_entry(folder / model, name=model, source="local")
    path = Path(model).expanduser()
    if path.is_dir():
        return classifier_entry(path.resolve(), source="path")
    known = ", ".join(e.name for e in list_classifiers()) or "none"
    raise ModelNotFound(f"unknown classifier {model!r}: not a registry name ({known}) nor a classification folder")


def wants_classifier(model: str | Path | None) -> bool:
    """Whether `--model` is for the classifier backend (so a verify service can pick it): the embedded
    name, or a folder (a local_models/ name or a path). GGUF models are files, never folders, so a
    folder that is not a usable classifier still goes here and resolve_classifier says why."""
    if model is None:
        return False
    model = str(model)
    if model in EMBEDDED_CLASSIFIERS:
        return True
    if "/" not in model and os.sep not in model and any((f / model).is_dir() for f in local_models_dirs()):
        return True
    return Path(model).expanduser().is_dir()
