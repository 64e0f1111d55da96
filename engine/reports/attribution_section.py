"""The report's attribution section (issue #25 item 4): for each classifier verify run, the claims
whose verdict disagrees with the gold label or the expert's sentence label, each with the sentence
the verdict rests on highlighted in its passage and its probability.

`ReportData.attribution` maps a run to {"n": disagreements, "rows": [AttributedClaim as dict]} (the
first MAX_ROWS rows; services.scoring builds it); html.py passes `html_context` to
attribution_section.html.j2, which marks the sentence with <mark> (autoescaped text around it)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

MAX_ROWS = 40
CONTEXT_CHARS = 240      # passage text shown before and after the driving sentence


@dataclass
class AttributedClaim:
    claim_id: str
    claim: str
    expected: str            # the gold verdict, or the expert's sentence label ("correct" / "error")
    verdict: str
    label: str | None        # the probability's column: Supported | Refuted
    prob: float | None
    passage_id: str | None
    before: str              # passage text around the sentence (cut to CONTEXT_CHARS, marked with …)
    sentence: str
    after: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def split_passage(text: str, start: int | None, end: int | None) -> tuple[str, str, str]:
    """(before, sentence, after) of a passage around a character span, the context cut with ellipses."""
    if start is None or end is None:
        return "", "", ""
    before, sentence, after = text[:start], text[start:end], text[end:]
    if len(before) > CONTEXT_CHARS:
        before = "…" + before[-CONTEXT_CHARS:]
    if len(after) > CONTEXT_CHARS:
        after = after[:CONTEXT_CHARS] + "…"
    return before, sentence, after


def html_context(attribution: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    if not attribution:
        return None
    return {"runs": attribution, "max_rows": MAX_ROWS}
