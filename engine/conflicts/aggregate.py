"""Conflict-aware aggregation: one group -> a direct answer; several -> an explicit conflict listing
each candidate with its documents; none -> abstain."""
from __future__ import annotations

from typing import Sequence

from factaudit.engine.conflicts.grouping import Group
from factaudit.engine.conflicts.records import Listed, Outcome


def aggregate(groups: Sequence[Group]) -> Outcome:
    listed = [Listed(g.label, list(dict.fromkeys(g.doc_ids))) for g in groups]
    if not listed:
        return Outcome("abstain", [], False)
    if len(listed) == 1:
        return Outcome("answer", listed, False)
    # The most supported answer first; ties keep document order (groups come in order of first appearance).
    order = sorted(range(len(listed)), key=lambda i: -len(listed[i].doc_ids))
    return Outcome("conflict", [listed[i] for i in order], True)
