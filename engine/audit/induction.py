"""Taxonomy induction rounds: the LLM reads cases the current codebook does not cover and proposes
codes; the expert accepts, merges (into an existing code) or rejects each; closing the round saves a
new codebook version with the accepted codes; the saturation plot shows new codes per round.

A case is *not covered* when
- a person's current label carries a free-text note, or uses a code named "other" (the expert had
  something to say that the codes did not capture), or
- (for a verify run) a claim-level disagreement between the verdict and the gold/expert label has no
  current label (human or LLM pre-label) with a failure code (a code naming a pattern) on its top-k
  passages or on its reasoning for that run: nothing in the codebook explains the failure;
and no earlier round has read it. The last rule is what makes rounds converge: a case is read once,
so when no new uncovered cases appear a round proposes nothing and the plot reaches zero.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook as cb, codebook_versions
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.project import audit_store
from factaudit.engine.project import judge_store as store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import list_claims

MAX_CASES = 12
DECISIONS = ("accept", "merge", "reject")
OTHER_CODE = "other"
UNDO_NOTE = "undo"        # what annotations.undo writes on the record that restores a code: not the expert's words
CASE_TEXT_CHARS = 240


@dataclass
class Case:
    key: str                       # stable: note:<annotation id> | disagreement:<verify run>:<claim id>
    kind: str                      # note | disagreement
    claim_id: str
    text: str
    target: str | None = None
    passage_id: str | None = None
    run_id: str | None = None
    dimension: str | None = None
    code: str | None = None
    annotator: str | None = None
    note: str | None = None
    verdict: str | None = None
    expected: str | None = None
    reasoning: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class RoundResult:
    round_id: int
    n_cases: int
    parse_status: str | None
    proposals: list[store.Proposal] = field(default_factory=list)
    proposer: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"round_id": self.round_id, "n_cases": self.n_cases, "parse_status": self.parse_status,
                "proposer": self.proposer, "proposals": [asdict(p) for p in self.proposals]}


@dataclass
class CloseResult:
    round_id: int
    new_version: int | None
    n_new_codes: int
    n_merged: int
    n_rejected: int
    codebook_version: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# ---- cases -------------------------------------------------------------------------------------------
def _read_keys(project: Project) -> set[str]:
    return {c.get("key") for r in store.list_rounds(project) for c in r.cases}


def uncovered_cases(project: Project, run: str | None = None) -> list[Case]:
    book = codebook_versions.current(project)
    claims = {c.id: c for c in list_claims(project, active_only=False)}
    scope: set[str] | None = None
    verify_run = None
    if run:
        info = run_store.get_run(project, run)
        if info.kind == "verify":
            verify_run = run
            scope = set(run_store.verdict_claim_ids(project, run))
        else:
            scope = set(run_store.get_hits(project, run))
    records = audit_store.list_annotations(project)
    current = ann.current_labels(records)
    out: list[Case] = []
    for a in sorted(current.values(), key=lambda r: (r.created, r.seq)):
        if a.target not in cb.TARGETS or ann.is_llm(a.annotator):
            continue
        if not ((a.note and a.note.strip() and a.note != UNDO_NOTE) or a.code == OTHER_CODE):
            continue
        if scope is not None and a.claim_id not in scope:
            continue
        if verify_run and a.target == "reasoning" and a.run_id != verify_run:
            continue
        c = claims.get(a.claim_id)
        out.append(Case(key=f"note:{a.id}", kind="note", claim_id=a.claim_id, text=c.text if c else "",
                        target=a.target, passage_id=a.passage_id, run_id=a.run_id, dimension=a.dimension,
                        code=a.code, annotator=a.annotator, note=(a.note or "").strip() or None))
    if verify_run:
        out.extend(_disagreement_cases(project, book, verify_run, current))
    read = _read_keys(project)
    return [c for c in out if c.key not in read]


def _disagreement_cases(project: Project, book: cb.Codebook, verify_run: str, current: dict) -> list[Case]:
    from factaudit.engine.audit import triage

    try:
        ds = triage.disagreements(project, verify_run, level="claim")
    except NotFound:
        return []
    failing: set[tuple] = set()
    for a in current.values():
        if a.target in cb.TARGETS and book.has_code(a.dimension, a.code, a.target) and book.pattern(a.dimension, a.code):
            failing.add(a.unit)
    out = []
    for d in ds.disagreements:
        for v in d.claims:
            explained = ("reasoning", v.claim_id, verify_run) in failing or any(
                ("evidence", v.claim_id, p) in failing for p in v.passages)
            if explained:
                continue
            out.append(Case(key=f"disagreement:{verify_run}:{v.claim_id}", kind="disagreement", claim_id=v.claim_id,
                            text=v.text, run_id=verify_run, verdict=v.verdict, expected=str(d.expert),
                            reasoning=(v.reasoning or "")[:CASE_TEXT_CHARS] or None))
    return out


# ---- proposals -----------------------------------------------------------------------------------------
def _slug(value: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", (value or "").lower()).strip("_")
    s = re.sub(r"^[0-9_]+", "", s)
    return s[:40]


def normalise(book: cb.Codebook, raw: dict[str, Any], examples: list[str]) -> dict[str, Any]:
    """A proposal ready to store: a valid code id, the dimension's own target."""
    dim = book.dimension(str(raw.get("dimension")))
    code_id = _slug(str(raw.get("code_id") or "")) or _slug(str(raw.get("name") or "")) or "new_code"
    name = " ".join(str(raw.get("name") or code_id.replace("_", " ")).split())[:60]
    definition = " ".join(str(raw.get("definition") or "").split()) or name
    pattern = str(raw.get("pattern") or "").strip().upper() or None
    return {"target": dim.target, "dimension": dim.id, "code_id": code_id, "name": name,
            "definition": definition, "pattern": pattern, "examples": list(dict.fromkeys(examples))}


def record_round(project: Project, run: str | None, proposer: str, cases: list[Case], proposals: list[dict[str, Any]],
                 raw_output: str | None, parse_status: str | None) -> RoundResult:
    book = codebook_versions.current(project)
    round_id = store.insert_round(project, run, book.version, proposer, [c.to_json() for c in cases], raw_output,
                                  parse_status, proposals)
    row = store.get_round(project, round_id)
    return RoundResult(round_id=round_id, n_cases=len(cases), parse_status=parse_status,
                       proposals=row.proposals if row else [], proposer=proposer)


def add_round(project: Project, proposals: list[dict[str, Any]], proposer: str, run: str | None = None) -> RoundResult:
    """A round whose proposals a person wrote; it reads (and so retires) the uncovered cases like an
    LLM round does."""
    if not proposer or not proposer.strip():
        raise InvalidArgument("a round needs a proposer (a person's name)")
    book = codebook_versions.current(project)
    clean = []
    for n, p in enumerate(proposals):
        if not isinstance(p, dict):
            raise InvalidArgument(f"proposal {n + 1}: expected a mapping")
        try:
            book.dimension(str(p.get("dimension")))
        except NotFound as exc:
            raise InvalidArgument(f"proposal {n + 1}: {exc}") from exc
        code_id = str(p.get("code_id") or "")
        if not cb.ID_RE.match(code_id):
            raise InvalidArgument(f"proposal {n + 1}: code_id must be lower_snake_case, got {code_id!r}")
        examples = p.get("examples") or []
        if not isinstance(examples, list) or not all(isinstance(e, str) for e in examples):
            raise InvalidArgument(f"proposal {n + 1}: examples must be a list of claim ids")
        clean.append(normalise(book, p, examples))
    return record_round(project, run, proposer.strip(), uncovered_cases(project, run), clean, None, None)


# ---- decisions -----------------------------------------------------------------------------------------
def _open_round(project: Project, round_id: int) -> store.RoundRow:
    row = store.get_round(project, round_id)
    if row is None:
        raise NotFound(f"no induction round {round_id}")
    if row.closed:
        raise InvalidArgument(f"induction round {round_id} is closed")
    return row


def decide(project: Project, proposal_id: int, decision: str, merge_into: str | None = None,
           decided_by: str | None = None) -> store.Proposal:
    if decision not in DECISIONS:
        raise InvalidArgument(f"decision is one of {', '.join(DECISIONS)}, got {decision!r}")
    p = store.get_proposal(project, proposal_id)
    if p is None:
        raise NotFound(f"no proposal {proposal_id}")
    row = _open_round(project, p.round_id)
    book = codebook_versions.current(project)
    dim = book.dimension(p.dimension, p.target)
    if decision == "accept":
        if dim.code(p.code_id) is not None:
            raise InvalidArgument(f"{p.dimension} already has a code {p.code_id!r}; merge the proposal into it instead")
        twins = [q for q in row.proposals if q.id != p.id and q.decision == "accept" and q.dimension == p.dimension
                 and q.code_id == p.code_id]
        if twins:
            raise InvalidArgument(f"proposal {twins[0].id} already adds {p.code_id!r} to {p.dimension}; merge or reject this one")
        merge_into = None
    elif decision == "merge":
        if not merge_into or dim.code(merge_into) is None:
            raise InvalidArgument(f"merge into one of {p.dimension}'s codes ({', '.join(dim.code_ids)}), got {merge_into!r}")
    else:
        merge_into = None
    store.decide_proposal(project, proposal_id, decision, merge_into, decided_by)
    return store.get_proposal(project, proposal_id)


def _example_text(claim_id: str) -> str:
    return f"claim {claim_id}"


def close_round(project: Project, round_id: int, note: str | None = None) -> CloseResult:
    """Save the codebook with the accepted codes (and merged examples) as a new version; every
    proposal must be decided first. A round that changes nothing saves no version."""
    row = _open_round(project, round_id)
    undecided = [p.id for p in row.proposals if p.decision is None]
    if undecided:
        raise InvalidArgument(f"decide every proposal first ({len(undecided)} undecided: {', '.join(map(str, undecided))})")
    book = codebook_versions.current(project)
    data = yaml.safe_load(book.body)
    patterns = data.setdefault("patterns", {}) or {}
    data["patterns"] = patterns
    changed = False
    accepted = [p for p in row.proposals if p.decision == "accept"]
    merged = [p for p in row.proposals if p.decision == "merge"]
    for p in accepted:
        dim = _yaml_dimension(data, p.target, p.dimension)
        family = "R" if p.target == "evidence" else "V"
        pattern = p.pattern if p.pattern and cb.PATTERN_RE.match(p.pattern) and p.pattern[0] == family else None
        if pattern is None:
            used = [int(k[1:]) for k in patterns if str(k).startswith(family)]
            used += [int(x[1:]) for x in book.pattern_ids(family)]
            pattern = f"{family}{max(used, default=0) + 1}"
        patterns.setdefault(pattern, p.name)
        dim.setdefault("codes", []).append({"id": p.code_id, "name": p.name, "definition": p.definition,
                                            "pattern": pattern,
                                            "examples": [_example_text(e) for e in p.examples]})
        changed = True
    for p in merged:
        dim = _yaml_dimension(data, p.target, p.dimension)
        for code in dim.get("codes", []):
            if code.get("id") == p.merge_into and p.examples:
                examples = list(code.get("examples") or [])
                if isinstance(examples, str):
                    examples = [examples]
                for e in p.examples:
                    if _example_text(e) not in examples:
                        examples.append(_example_text(e))
                        changed = True
                code["examples"] = examples
    new_version = None
    if changed:
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
        summary = f"induction round {round_id}: {len(accepted)} new code(s), {len(merged)} merged"
        saved = codebook_versions.save_version(project, text, note=summary + (f"; {note}" if note else ""),
                                source=f"induction round {round_id}")
        new_version = saved.version if saved.version != book.version else None
    store.close_round(project, round_id, new_version, len(accepted))
    return CloseResult(round_id=round_id, new_version=new_version, n_new_codes=len(accepted), n_merged=len(merged),
                       n_rejected=sum(1 for p in row.proposals if p.decision == "reject"),
                       codebook_version=new_version or book.version)


def _yaml_dimension(data: dict[str, Any], target: str, dim_id: str) -> dict[str, Any]:
    for d in data.get(target) or []:
        if isinstance(d, dict) and d.get("id") == dim_id:
            return d
    raise NotFound(f"the codebook has no {target} dimension {dim_id!r}")


# ---- saturation ----------------------------------------------------------------------------------------
def saturation(project: Project) -> list[tuple[int, int]]:
    """(round id, new codes) for every closed round, in order."""
    return [(r.id, int(r.n_new_codes or 0)) for r in store.list_rounds(project) if r.closed]


def saturation_plot(project: Project, path: str | Path) -> Path:
    """New codes per closed round as a PNG (matplotlib, Agg); saturation is the first zero. Its words are
    in the interface language (engine.i18n), drawn with a CJK-capable font list."""
    from factaudit.engine.reports.plotfont import cjk_fonts

    return cjk_fonts(_draw_saturation)(saturation(project), Path(path))


def _draw_saturation(points: list[tuple[int, int]], path: Path) -> Path:
    # A bare Figure renders with Agg and leaves pyplot's (the GUI's) backend alone.
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    from factaudit.engine.i18n import N_, gettext
    fig = Figure(figsize=(5.5, 3.2), dpi=110)
    ax = fig.add_subplot(1, 1, 1)
    if points:
        xs = list(range(1, len(points) + 1))
        ys = [n for _, n in points]
        ax.bar(xs, ys, color="#4C72B0", width=0.6)
        ax.plot(xs, ys, color="#222222", marker="o", linewidth=1)
        ax.set_xticks(xs)
        ax.set_xticklabels([f"{i}\n(#{rid})" for i, (rid, _) in zip(xs, points)], fontsize=8)
        zero = next((x for x, y in zip(xs, ys) if y == 0), None)
        if zero is not None:
            ax.annotate(gettext(N_("saturated")), (zero, 0), xytext=(zero, max(ys + [1]) * 0.6), ha="center",
                        arrowprops={"arrowstyle": "->"})
        ax.set_ylim(0, max(ys + [1]) * 1.25)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        ax.text(0.5, 0.5, gettext(N_("no closed induction rounds yet")), ha="center", va="center", transform=ax.transAxes)
    ax.set_xlabel(gettext(N_("induction round")))
    ax.set_ylabel(gettext(N_("new codes accepted")))
    ax.set_title(gettext(N_("Taxonomy saturation")))
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png")
    return path
