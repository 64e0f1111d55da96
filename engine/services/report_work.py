"""What the report adds about the work behind the verdicts (issue #23 item 4): the retrieval metrics of
the retrieval runs the reported verify runs used, and the expert's triage of their disagreements.
Each entry is JSON; a run without the data says why in {"missing": reason}."""
from __future__ import annotations

from typing import Any, Sequence

from factaudit.engine.errors import FactAuditError
from factaudit.engine.project.db import Project


def report_retrieval(project: Project, verify_runs: Sequence[str]) -> dict[str, Any]:
    """{retrieval run: its metrics against the gold evidence, with the verify runs that used it}."""
    from factaudit.engine.audit.triage import retrieval_run_of
    from factaudit.engine.services.retrieval import eval_retrieval

    used: dict[str, list[str]] = {}
    for run in verify_runs:
        rr = retrieval_run_of(project, run)
        if rr:
            used.setdefault(rr, []).append(run)
    out: dict[str, Any] = {}
    for rr, by in used.items():
        try:
            ev = eval_retrieval(project, rr, log_test=False)
        except FactAuditError as exc:     # not finished, or no claim of it has gold evidence
            out[rr] = {"used_by": by, "missing": str(exc)}
            continue
        if not ev.n_evaluated:
            out[rr] = {"used_by": by, "missing": "no claim of this run has gold evidence passages"}
            continue
        out[rr] = {"used_by": by, **ev.to_json()}
    return out


def report_triage(project: Project, verify_runs: Sequence[str], mapping: str, level: str) -> dict[str, Any]:
    """{verify run: how its disagreements under the mapping and level were triaged}."""
    from factaudit.engine.audit import triage as tri

    out: dict[str, Any] = {}
    for run in verify_runs:
        try:
            ds = tri.disagreements(project, run, mapping=mapping, level=level)
        except FactAuditError as exc:
            out[run] = {"missing": str(exc)}
            continue
        summary = tri.triage_summary(ds)
        out[run] = {"mapping": mapping, "level": level, **summary}
    return out
