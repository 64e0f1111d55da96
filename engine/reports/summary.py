"""The words a client reads first: a plain-language paragraph on what was audited and what was found,
and, for each section without data, which step of the workflow fills it."""
from __future__ import annotations

from typing import Any

# section -> what fills it, in the words of the app's Workflow page
FILLED_BY = {
    "open": ("Open regime: error detection", "Fills when a verify run covers claims from answers whose sentences "
             "carry an expert's correct/error label (Import answers, Decompose, Retrieve, Verify)."),
    "closed": ("Closed regime: verdicts against gold labels", "Fills when a verify run covers claims that carry a "
               "gold verdict, such as SciFact claims (Import claims, Retrieve, Verify)."),
    "audit": ("Audit: evidence quality, error taxonomy and agreement", "Fills as evidence pairs and reasoning traces "
              "are labelled on the Labeling page; agreement needs a second rater or a retest pass."),
}


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def open_has_data(data: Any, mapping: str) -> bool:
    return any((m.sentence.get(mapping) is not None and m.sentence[mapping].n > 0)
               or (m.claim.get(mapping) is not None and m.claim[mapping].n > 0) for m in data.metrics.values())


def closed_has_data(data: Any) -> bool:
    return any(m.closed is not None and m.closed.n > 0 for m in data.metrics.values())


def plain_summary(data: Any, mapping: str = "R+NE") -> str:
    """One paragraph: the runs, the units with expert labels, the headline figures, the labelling."""
    runs = list(data.metrics)
    if not runs:
        return ("Nothing has been scored yet: this report fills once a verify run (or imported verdicts) exists "
                "for claims with an expert's label.")
    parts = [f"This report audits {_plural(len(runs), 'verification run')} ({', '.join(runs)})."]
    for run_id, m in data.metrics.items():
        s = m.sentence.get(mapping)
        c = m.claim.get(mapping)
        if s is not None and s.n > 0:
            parts.append(f"In {run_id}, {_plural(s.n, 'answer sentence')} with an expert label were scored: the "
                         f"verifier caught {_pct(s.recall)} of the erroneous sentences (recall) and "
                         f"{_pct(s.precision)} of the sentences it flagged were truly erroneous (precision), "
                         f"counting {mapping} verdicts as error flags.")
        elif c is not None and c.n > 0:
            parts.append(f"In {run_id}, {_plural(c.n, 'claim')} with an expert label were scored: recall "
                         f"{_pct(c.recall)}, precision {_pct(c.precision)} under {mapping}.")
        if m.closed is not None and m.closed.n > 0:
            parts.append(f"Against gold verdicts, {run_id} was right on {_pct(m.closed.accuracy)} of "
                         f"{_plural(m.closed.n, 'claim')}.")
        if m.n_parse_failures:
            parts.append(f"{_plural(m.n_parse_failures, 'output')} of {run_id} could not be read and were left out.")
    audit = data.audit
    if audit is not None and audit.n_annotations:
        said = [f"{_plural(audit.n_human_labels, 'label')} by {_plural(len(audit.annotators), 'human rater')}"]
        if audit.n_llm_labels:
            said.append(f"{_plural(audit.n_llm_labels, 'pre-label')} by "
                        f"{_plural(len(audit.llm_annotators), 'LLM pre-labeller')}")
        if audit.n_adjudications:
            said.append(_plural(audit.n_adjudications, "adjudication"))
        parts.append(f"{' and '.join(said)} describe why the verifier failed (codebook v{audit.codebook_version}); "
                     "the taxonomy counts the human labels.")
    else:
        parts.append("No one has labelled evidence or reasoning yet, so the report says how often the verifier "
                     "erred, not why.")
    return " ".join(parts)


def empty_sections(data: Any, mapping: str = "R+NE") -> list[tuple[str, str]]:
    """(title, what fills it) for every main section without data."""
    out = []
    if not open_has_data(data, mapping):
        out.append(FILLED_BY["open"])
    if not closed_has_data(data):
        out.append(FILLED_BY["closed"])
    if data.audit is None or not data.audit.n_annotations:
        out.append(FILLED_BY["audit"])
    return out
