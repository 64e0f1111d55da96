"""HealthVer: healthver_{dev,test}.csv with columns `id, evidence, claim, label, topic_ip, question`.

One row per claim–passage pair. The row `id` names the pair, not the claim (every row has its own),
so claims are identified by a hash of their text and passages, which have no ids at all, by a hash of
theirs: `hv-<12 hex of sha256(text)>`. The same passage recurs across claims and across the dev and
test files, so passages are content-addressed and kept once per project. Each pair label becomes the
passage's gold stance for that claim; the claim-level gold label follows the per-passage aggregation
(Supports only → Supported, Refutes only → Refuted, both → Ambiguous, all Neutral → No Evidence).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import read_csv
from factaudit.engine.project.records import ClaimRecord, DocumentRecord, GoldEvidence, PassageRecord

REQUIRED = ("id", "evidence", "claim", "label")
STANCES = ("Supported", "Refuted", "No Evidence")


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def passage_id(text: str) -> str:
    return f"hv-{text_hash(text)}"


def claim_id(text: str) -> str:
    return f"hv-claim-{text_hash(text)}"


def aggregate(stances: list[str]) -> str:
    s = set(stances)
    if "Supported" in s and "Refuted" in s:
        return "Ambiguous"
    if "Supported" in s:
        return "Supported"
    if "Refuted" in s:
        return "Refuted"
    return "No Evidence"


@dataclass
class _Claim:
    text: str
    line: int
    topic: str | None
    question: str | None
    pairs: list[str] = field(default_factory=list)
    gold: dict[str, tuple[str, int]] = field(default_factory=dict)  # passage id -> (stance, line)


def load(path: Path, builder: BatchBuilder, kind: str | None = None) -> None:
    if kind not in (None, "claims"):
        builder.problems.add(path.name, None, None,
                             f"a HealthVer file holds claims with their candidate passages; the kind {kind} does not apply",
                             setting="kind")
        return
    file = path.name
    claims: dict[str, _Claim] = {}
    pair_lines: dict[str, int] = {}
    for row in read_csv(path, builder.problems):
        try:
            _row(row.data, row.line, claims, pair_lines, builder, file)
        except RecordError as err:
            builder.problems.add(file, row.line, err.field, err.reason)
        if builder.problems.full:
            return
    for c in claims.values():
        stances = [s for s, _ in c.gold.values()]
        builder.add_claim(ClaimRecord(
            id=claim_id(c.text), text=c.text, gold_label=aggregate(stances),
            gold=[GoldEvidence(passage_id=pid, stance=s) for pid, (s, _) in c.gold.items()],
            meta={"topic_ip": c.topic, "question": c.question, "pair_ids": c.pairs},
        ), file, c.line)


def _row(r: dict, line: int, claims: dict[str, _Claim], pair_lines: dict[str, int], b: BatchBuilder,
         file: str) -> None:
    for name in REQUIRED:
        if name not in r:
            raise RecordError(name, "missing required column")
    pair_id = F.ident(r, "id")
    if pair_id in pair_lines:
        raise RecordError("id", f"duplicate row id {pair_id!r} (first at line {pair_lines[pair_id]})")
    evidence = F.text(r, "evidence").strip()
    text = F.text(r, "claim").strip()
    try:
        stance = F.verdict(r, "label", required=True)
    except RecordError:
        stance = None
    if stance not in STANCES:
        raise RecordError("label", f"unknown pair label {r['label']!r}; expected Supports, Refutes or Neutral")
    pid = passage_id(evidence)
    b.add_document(DocumentRecord(id=pid, source="HealthVer (CORD-19)"), file, line, shared=True)
    b.add_passage(PassageRecord(id=pid, doc_id=pid, text=evidence, lang="en", source="HealthVer (CORD-19)"),
                  file, line, shared=True)
    c = claims.get(text)
    if c is None:
        c = claims[text] = _Claim(text=text, line=line, topic=r.get("topic_ip") or None,
                                  question=(r.get("question") or "").strip() or None)
    pair_lines[pair_id] = line
    c.pairs.append(pair_id)
    seen = c.gold.get(pid)
    if seen is not None and seen[0] != stance:
        raise RecordError("label", f"conflicting label for the same claim–evidence pair (line {seen[1]} says {seen[0]})")
    if seen is None:
        c.gold[pid] = (stance, line)
