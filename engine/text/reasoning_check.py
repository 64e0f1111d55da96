"""Verdicts whose own reasoning says otherwise: an LLM that writes "…so there is no evidence; verdict:
No Evidence" and then returns Supported. The reasoning's conclusion is its last explicit statement of
a verdict (a "verdict is X", "therefore X", "the claim is (not) supported/refuted" phrase); a
verdict that differs from it is contradicted. Conservative on purpose: a passing "no evidence
against it" inside the argument is not a conclusion, and reasoning without an explicit statement
contradicts nothing."""
from __future__ import annotations

import re

SUPPORTED, REFUTED, NO_EVIDENCE, AMBIGUOUS = "Supported", "Refuted", "No Evidence", "Ambiguous"
NOT_SUPPORTED = "not Supported"          # "the claim is not supported": Refuted or No Evidence

_LABEL = (r"(supported|supports|refuted|refutes|contradicted|no[ _-]evidence|not[ _-]enough[ _-]info(?:rmation)?|nei"
          r"|insufficient[ _-](?:evidence|information)|ambiguous)")
_WORDS = {
    "supported": SUPPORTED, "supports": SUPPORTED, "refuted": REFUTED, "refutes": REFUTED, "contradicted": REFUTED,
    "no evidence": NO_EVIDENCE, "not enough info": NO_EVIDENCE, "not enough information": NO_EVIDENCE,
    "nei": NO_EVIDENCE, "insufficient evidence": NO_EVIDENCE, "insufficient information": NO_EVIDENCE,
    "ambiguous": AMBIGUOUS,
}
_QUOTE = r"[\"'*`“”‘’\s]*"
_STATEMENTS = (
    # "Verdict: No Evidence", "the answer is Refuted", "label = supported"
    re.compile(r"\b(?:verdict|label|answer|conclusion|classification|rating)\s*(?:is|would be|should be|:|=|-)"
               + _QUOTE + _LABEL + r"\b", re.IGNORECASE),
    # "Therefore, No Evidence", "Thus the claim is refuted", "so it is supported"
    re.compile(r"\b(?:therefore|thus|hence|so|consequently|in conclusion|overall)[,:]?\s+(?:the claim\s+|it\s+|this\s+)?"
               r"(?:is\s+|should be\s+|would be\s+|can be\s+)?(?:classified as\s+|labell?ed\s+)?" + _QUOTE + _LABEL + r"\b",
               re.IGNORECASE),
    # "the claim is supported / is not supported / is refuted"
    re.compile(r"\b(?:the\s+)?claim\s+is\s+(not\s+)?(?:fully\s+|clearly\s+|directly\s+)?" + _LABEL + r"\b",
               re.IGNORECASE),
)


def _label(word: str) -> str | None:
    return _WORDS.get(re.sub(r"[ _-]+", " ", word.lower()))


def stated_verdict(reasoning: str | None) -> str | None:
    """The verdict the reasoning itself concludes (its last explicit statement), or None."""
    if not reasoning:
        return None
    found: list[tuple[int, str]] = []
    for pattern in _STATEMENTS:
        for m in pattern.finditer(reasoning):
            groups = [g for g in m.groups() if g is not None]
            negated = bool(m.lastindex and m.lastindex > 1 and m.group(1) and m.group(1).strip().lower() == "not")
            label = _label(groups[-1])
            if label is None:
                continue
            if negated:
                if label != SUPPORTED:
                    continue            # "is not refuted" says too little to name a verdict
                label = NOT_SUPPORTED
            found.append((m.end(), label))
    return max(found)[1] if found else None


def contradiction(verdict: str | None, reasoning: str | None) -> str | None:
    """What the reasoning says instead of the verdict, when it says something else; else None."""
    if not verdict:
        return None
    said = stated_verdict(reasoning)
    if said is None or said == verdict:
        return None
    if said == NOT_SUPPORTED:
        return said if verdict == SUPPORTED else None
    return said
