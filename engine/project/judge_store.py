"""SQL for LLM judge runs (judge_units) and taxonomy induction rounds (induction_rounds,
induction_proposals). Tables come from migrations/0007_judge.sql."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from factaudit.engine.project import audit_store
from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.audit_store import Annotation
from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso


@dataclass
class JudgeUnit:
    run_id: str
    claim_id: str
    passage_id: str | None          # None for reasoning units
    parse_status: str
    labels: dict[str, str] = field(default_factory=dict)
    answer: dict[str, Any] | None = None
    raw_output: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_ms: float | None = None
    created: str = ""
    reasoning_tokens: int | None = None     # the endpoint's count, already inside completion_tokens


def add_unit(project: Project, unit: JudgeUnit, annotations: Iterable[Annotation]) -> None:
    """The unit row and its labels commit together: a killed run never leaves half a unit."""
    with project.atomic() as conn:
        conn.execute(
            "INSERT INTO judge_units(run_id, claim_id, passage_id, parse_status, labels, answer, raw_output,"
            " prompt_tokens, completion_tokens, latency_ms, created, reasoning_tokens)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (unit.run_id, unit.claim_id, unit.passage_id or "", unit.parse_status, dumps(unit.labels or None),
             dumps(unit.answer), unit.raw_output, unit.prompt_tokens, unit.completion_tokens, unit.latency_ms,
             unit.created or now_iso(), unit.reasoning_tokens))
        audit_store.insert_annotations(project, list(annotations))


def _unit(r) -> JudgeUnit:
    return JudgeUnit(run_id=r[0], claim_id=r[1], passage_id=r[2] or None, parse_status=r[3], labels=loads(r[4], {}) or {},
                     answer=loads(r[5]), raw_output=r[6], prompt_tokens=r[7], completion_tokens=r[8],
                     latency_ms=r[9], created=r[10], reasoning_tokens=r[11])


def get_units(project: Project, run_id: str) -> list[JudgeUnit]:
    return [_unit(r) for r in project.reader().execute(
        "SELECT run_id, claim_id, passage_id, parse_status, labels, answer, raw_output, prompt_tokens,"
        " completion_tokens, latency_ms, created, reasoning_tokens FROM judge_units WHERE run_id = ? ORDER BY rowid",
        (run_id,))]


def done_keys(project: Project, run_id: str) -> set[tuple[str, str | None]]:
    return {(r[0], r[1] or None) for r in project.reader().execute(
        "SELECT claim_id, passage_id FROM judge_units WHERE run_id = ?", (run_id,))}


def item_gold_answers(project: Project, claim_ids: list[str]) -> dict[str, list[str]]:
    """Gold answers of each claim's item (HotpotQA questions carry them; most claims do not)."""
    out: dict[str, list[str]] = {}
    sql = "SELECT c.id, i.gold_answers FROM claims c JOIN items i ON i.id = c.item_id WHERE c.id IN ({marks})"
    for cid, answers in rows_in(project.reader(), sql, claim_ids):
        value = loads(answers)
        if value:
            out[cid] = [str(a) for a in value]
    return out


# ---- induction rounds ------------------------------------------------------------------------------
@dataclass
class Proposal:
    id: int
    round_id: int
    target: str
    dimension: str
    code_id: str
    name: str
    definition: str
    pattern: str | None
    examples: list[str]
    decision: str | None = None
    merge_into: str | None = None
    decided_by: str | None = None
    decided: str | None = None


@dataclass
class RoundRow:
    id: int
    source_run: str | None
    codebook_version: int
    proposer: str
    cases: list[dict[str, Any]]
    raw_output: str | None
    parse_status: str | None
    created: str
    closed: str | None
    new_version: int | None
    n_new_codes: int | None
    proposals: list[Proposal] = field(default_factory=list)


def insert_round(project: Project, source_run: str | None, codebook_version: int, proposer: str,
                 cases: list[dict[str, Any]], raw_output: str | None, parse_status: str | None,
                 proposals: list[dict[str, Any]]) -> int:
    with project.atomic() as conn:
        cur = conn.execute(
            "INSERT INTO induction_rounds(source_run, codebook_version, proposer, cases, raw_output, parse_status, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (source_run, codebook_version, proposer, dumps(cases), raw_output, parse_status, now_iso()))
        round_id = int(cur.lastrowid)
        conn.executemany(
            "INSERT INTO induction_proposals(round_id, target, dimension, code_id, name, definition, pattern, examples)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(round_id, p["target"], p["dimension"], p["code_id"], p["name"], p["definition"], p.get("pattern"),
              dumps(list(p.get("examples") or []))) for p in proposals])
    return round_id


def _proposal(r) -> Proposal:
    return Proposal(id=r[0], round_id=r[1], target=r[2], dimension=r[3], code_id=r[4], name=r[5], definition=r[6],
                    pattern=r[7], examples=loads(r[8], []) or [], decision=r[9], merge_into=r[10], decided_by=r[11],
                    decided=r[12])


_P_COLS = "id, round_id, target, dimension, code_id, name, definition, pattern, examples, decision, merge_into, decided_by, decided"
_R_COLS = "id, source_run, codebook_version, proposer, cases, raw_output, parse_status, created, closed, new_version, n_new_codes"


def list_rounds(project: Project) -> list[RoundRow]:
    conn = project.reader()
    rounds = [RoundRow(r[0], r[1], r[2], r[3], loads(r[4], []) or [], r[5], r[6], r[7], r[8], r[9], r[10])
              for r in conn.execute(f"SELECT {_R_COLS} FROM induction_rounds ORDER BY id")]
    by_id = {r.id: r for r in rounds}
    for r in conn.execute(f"SELECT {_P_COLS} FROM induction_proposals ORDER BY id"):
        p = _proposal(r)
        if p.round_id in by_id:
            by_id[p.round_id].proposals.append(p)
    return rounds


def get_round(project: Project, round_id: int) -> RoundRow | None:
    for r in list_rounds(project):
        if r.id == round_id:
            return r
    return None


def get_proposal(project: Project, proposal_id: int) -> Proposal | None:
    r = project.reader().execute(f"SELECT {_P_COLS} FROM induction_proposals WHERE id = ?", (proposal_id,)).fetchone()
    return _proposal(r) if r else None


def decide_proposal(project: Project, proposal_id: int, decision: str | None, merge_into: str | None,
                    decided_by: str | None) -> None:
    with project.atomic() as conn:
        conn.execute("UPDATE induction_proposals SET decision = ?, merge_into = ?, decided_by = ?, decided = ? WHERE id = ?",
                     (decision, merge_into, decided_by, now_iso() if decision else None, proposal_id))


def close_round(project: Project, round_id: int, new_version: int | None, n_new_codes: int) -> None:
    with project.atomic() as conn:
        conn.execute("UPDATE induction_rounds SET closed = ?, new_version = ?, n_new_codes = ? WHERE id = ?",
                     (now_iso(), new_version, n_new_codes, round_id))
