"""An "other" code in every dimension and step: the expert's way to say "none of these fits" on a
label. Taxonomy induction reads every label coded "other" (and every label with a note) as a case the
codebook does not cover, so what the expert saw there becomes a proposed code in the next round.

The seed codebook has no such code (its figures and its 13 + 16 codes stay as published); adding it is
the expert's choice and saves a new codebook version, like any codebook edit."""
from __future__ import annotations

from typing import Any

import yaml

from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.audit.induction import OTHER_CODE
from factaudit.engine.project.db import Project

OTHER_NAME = "Other (say what in a note)"
OTHER_DEFINITION = ("None of the codes fits; the label's note says what was seen. Taxonomy induction reads "
                    "these labels and proposes codes for them.")
OTHER_TRANSLATIONS = {
    "zh_CN": {"name": "其他（在备注中说明）",
              "definition": "没有合适的代码；标注的备注说明所见内容。分类体系归纳会读取这些标注并为其提出代码。"},
    "de": {"name": "Sonstiges (in einer Notiz beschreiben)",
           "definition": "Keiner der Codes passt; die Notiz des Labels beschreibt, was gesehen wurde. Die "
                         "Taxonomie-Induktion liest diese Labels und schlägt Codes für sie vor."},
}


def dimensions_without_other(project: Project) -> list[str]:
    """The dimensions and steps of the current codebook that have no "other" code yet."""
    book = codebook_versions.current(project)
    return [d.id for d in book.dimensions() if d.code(OTHER_CODE) is None]


def add_other_codes(project: Project) -> cb.Codebook:
    """Save the codebook with an "other" code (no failure pattern) added to each dimension and step that
    lacks one, as a new version; a codebook that has them all is returned unchanged."""
    book = codebook_versions.current(project)
    data: dict[str, Any] = yaml.safe_load(book.body)
    added = []
    for target in cb.TARGETS:
        for dim in data.get(target) or []:
            codes = dim.setdefault("codes", [])
            if any(c.get("id") == OTHER_CODE for c in codes):
                continue
            codes.append({"id": OTHER_CODE, "name": OTHER_NAME, "definition": OTHER_DEFINITION,
                          "translations": {k: dict(v) for k, v in OTHER_TRANSLATIONS.items()}})
            added.append(dim.get("id"))
    if not added:
        return book
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    return codebook_versions.save_version(project, text, note=f"an 'other' code in {len(added)} dimensions and steps",
                                          source="other codes")
