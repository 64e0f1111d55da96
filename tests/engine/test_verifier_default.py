"""The default verifier (issue #32 item 5): it is what THE RULE picks from the committed one-run table
benchmarks/results/verifiers.json. No timing is asserted."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from factaudit.engine.models import verifier_choice as vc

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "benchmarks" / "results" / "verifiers.json"
GOLD = {"SUPPORT": "Supported", "CONTRADICT": "Refuted"}


def test_the_default_and_the_fast_choice_are_the_rules_picks_from_the_committed_table():
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    cands = table["candidates"]
    default, fast = vc.choose(cands)
    assert (default, fast) == (table["default"], table["fast"])         # the table was made by the rule
    assert vc.candidate_choice(default, cands[default]) == vc.DEFAULT
    assert vc.candidate_choice(fast, cands[fast]) == vc.FAST
    # the rule itself: nothing fast enough beats the default's balanced accuracy
    ok = [c for c in cands.values() if c.get("claims_per_min_cpu", 0) >= vc.MIN_CLAIMS_PER_MIN and
          c.get("kind") != "baseline"]
    assert cands[default]["balanced_accuracy"] == max(c["balanced_accuracy"] for c in ok)


def test_the_rule_on_made_up_figures():
    cands = {"slow but best": {"kind": "llm", "balanced_accuracy": 0.9, "macro_f1": 0.9, "claims_per_min_cpu": 2.0},
             "good": {"kind": "cascade", "balanced_accuracy": 0.7, "macro_f1": 0.6, "claims_per_min_cpu": 12.0},
             "fast": {"kind": "classifier", "balanced_accuracy": 0.5, "macro_f1": 0.5, "claims_per_min_cpu": 300.0},
             "majority baseline": {"kind": "baseline", "balanced_accuracy": 0.5, "macro_f1": 0.4},
             "minilm-nli-verifier": {"kind": "classifier", "status": "not trained yet"}}
    assert vc.choose(cands) == ("good", "fast")
    cands["good"]["claims_per_min_cpu"] = 9.9
    assert vc.choose(cands) == ("fast", "fast")
