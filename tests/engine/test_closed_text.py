"""The demo's closed-regime line: balanced accuracy, accuracy and macro-F1 beside the majority baseline scored
the same way, checked against scikit-learn."""
from __future__ import annotations

import random

from sklearn.metrics import accuracy_score, f1_score, recall_score

from factaudit.engine.metrics.classification import closed_scores
from factaudit.engine.services.scoring import closed_text


def test_closed_line_gives_balanced_accuracy_and_the_majority_baseline():
    rng = random.Random(3)
    gold = ["Supported"] * 30 + ["Refuted"] * 14
    pred = [g if rng.random() < 0.6 else rng.choice(["Supported", "Refuted", "No Evidence"]) for g in gold]
    text = closed_text(closed_scores(gold, pred))
    bal = recall_score(gold, pred, labels=["Supported", "Refuted"], average="macro")
    assert f"closed balanced accuracy {bal:.3f}" in text
    assert f"accuracy {accuracy_score(gold, pred):.3f}" in text
    assert f"macro-F1 {f1_score(gold, pred, labels=['Supported', 'Refuted'], average='macro'):.3f}" in text
    always = ["Supported"] * len(gold)
    base_f1 = f1_score(gold, always, labels=["Supported", "Refuted"], average="macro", zero_division=0)
    assert (f"always Supported: balanced accuracy 0.500, accuracy {30 / 44:.3f}, macro-F1 {base_f1:.3f}") in text
