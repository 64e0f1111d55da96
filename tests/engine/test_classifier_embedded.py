"""The embedded classifier verifier (resources/models/minilm-verifier/, trained by
packaging/train_verifier.py) opens through the registry and scores obvious pairs the obvious way.
Skipped, with the reason, until the trained folder is committed."""
from __future__ import annotations

import pytest

from factaudit.engine.models import classifier_registry
from factaudit.engine.models.classifier import open_classifier
from factaudit.engine.pipeline.classify import ClaimInput, ClassifyPassage, classify_claims

FOLDER = classifier_registry.embedded_classifier_path()
pytestmark = pytest.mark.skipif(not (FOLDER / "config.json").is_file(),
                                reason=f"the embedded classifier is not committed yet ({FOLDER})")


@pytest.fixture(scope="module")
def model():
    entry = classifier_registry.resolve_classifier(classifier_registry.EMBEDDED_CLASSIFIER)
    assert entry.kind == "classifier" and entry.source == "embedded"
    assert (FOLDER / "verifier.json").is_file()          # the format says it is always there for this model
    return open_classifier(entry.path, name=entry.name, origin="embedded", threads=1)


def test_registry_entry_and_pin(model):
    entry = classifier_registry.embedded_classifier()
    assert entry.extra["labels_map"] == model.spec.labels_map and entry.fits is not False
    pin = model.pin()
    assert pin["name"] == "minilm-verifier" and pin["origin"] == "embedded" and pin["thresholds_source"] == "verifier.json"
    assert "verifier.json" in pin["files"]


def test_obvious_pairs(model):
    """Orderings the shipped demo-grade model gets right. It does not get the verdicts right: the
    verbatim claim and its negation both come out No Evidence, and the negation's P(Refuted) stays below
    its P(Supported) (README, Verifiers), so those are not asserted."""
    evidence = ("Aspirin reduced fever in all 120 children of the trial within two hours. "
                "The trial was run in 2019 in three hospitals.")
    passages = [ClassifyPassage("p1", evidence)]
    same, negated, unrelated = classify_claims(model, [
        ClaimInput("same", "Aspirin reduced fever in the children of the trial.", passages),
        ClaimInput("negated", "Aspirin did not reduce fever in children.", passages),
        ClaimInput("unrelated", "The Eiffel Tower is painted every seven years.", passages)])
    assert same.maxima["Supported"] > unrelated.maxima["Supported"]
    assert same.maxima["Supported"] > negated.maxima["Supported"]
    assert negated.maxima["Refuted"] > max(same.maxima["Refuted"], unrelated.maxima["Refuted"])
    assert unrelated.verdict == "No Evidence"
    # the evidence sentence is what drives support, and the attribution points at it
    assert same.best_support.first == 1 and evidence[same.best_support.start:same.best_support.end].startswith("Aspirin")
    assert negated.driving.first == 1
