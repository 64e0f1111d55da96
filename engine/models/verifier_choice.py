"""Which verifier is the default, by a stated rule (issue #32 item 5), and which is the "fast" one.

THE RULE (applied by benchmarks/bench_verifiers.py to one run of every candidate on SciFact dev, BM25 top 3,
2 threads; the result is benchmarks/results/verifiers.json): the default is the candidate with the highest
balanced accuracy (mean recall of Supported and Refuted) among those that verify at least
MIN_CLAIMS_PER_MIN claims a minute by their CPU-based rate (60 x threads / CPU seconds per claim, so
the machine's load during the bench does not decide); ties go to macro-F1, then speed. The fast choice
is the candidate with the highest CPU-based rate. The majority baseline is a reference, never a candidate.

DEFAULT and FAST below are what the last committed bench chose; tests/engine/test_verifier_default.py
fails when they and benchmarks/results/verifiers.json disagree, so a new bench result cannot silently
leave the old default in place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

MIN_CLAIMS_PER_MIN = 10.0


@dataclass(frozen=True)
class VerifierChoice:
    strategy: str                  # classifier | llm | cascade (the verify run kind's strategies)
    classifier: str | None = None
    llm: str | None = None
    max_passages: int | None = None   # the cascade's LLM calls per claim at most


def choose(candidates: Mapping[str, Mapping[str, Any]]) -> tuple[str | None, str | None]:
    """(default, fast) candidate names by THE RULE; candidates without figures (e.g. "not trained
    yet") and the baseline take no part."""
    real = {k: c for k, c in candidates.items()
            if c.get("kind") not in (None, "baseline") and "balanced_accuracy" in c and "claims_per_min_cpu" in c}
    ok = {k: c for k, c in real.items() if c["claims_per_min_cpu"] >= MIN_CLAIMS_PER_MIN}
    default = max(ok, key=lambda k: (ok[k]["balanced_accuracy"], ok[k]["macro_f1"], ok[k]["claims_per_min_cpu"]),
                  default=None)
    fast = max(real, key=lambda k: real[k]["claims_per_min_cpu"], default=None)
    return default, fast


def candidate_choice(name: str, figures: Mapping[str, Any]) -> VerifierChoice:
    """The verifier a bench candidate stands for (names as benchmarks/bench_verifiers.py writes them)."""
    kind = figures.get("kind")
    if kind == "classifier":
        return VerifierChoice("classifier", classifier=name)
    if kind == "cascade":
        pair = name.split(" ")[1]
        classifier, llm = pair.split("+", 1)
        return VerifierChoice("cascade", classifier=classifier, llm=llm, max_passages=figures.get("max_passages"))
    return VerifierChoice("llm", llm=name.split(" ")[0])


# What benchmarks/results/verifiers.json chose (see its "default" and "fast").
DEFAULT = VerifierChoice("classifier", classifier="minilm-verifier")
FAST = VerifierChoice("classifier", classifier="minilm-nli-verifier")
