"""Typed records that cross the boundary between the project store and the rest of the engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")
SENTENCE_LABELS = ("correct", "error")
RISK_TIERS = ("A", "B", "C")
RUN_STATUSES = ("running", "interrupted", "cancelled", "failed", "done")


@dataclass
class SourceFile:
    path: str
    sha256: str
    bytes: int


@dataclass
class DatasetSpec:
    name: str
    kind: str
    format: str
    files: list[SourceFile]
    split: str | None = None


@dataclass
class DocumentRecord:
    id: str
    title: str | None = None
    source: str | None = None
    meta: dict[str, Any] | None = None


@dataclass
class PassageRecord:
    id: str
    text: str
    title: str | None = None
    doc_id: str | None = None
    ord: int = 0
    lang: str | None = None
    source: str | None = None
    sentence_spans: list[tuple[int, int]] | None = None
    meta: dict[str, Any] | None = None


@dataclass
class ItemRecord:
    id: str
    question: str | None = None
    answer: str | None = None
    gold_answers: list[str] | None = None
    options: list[str] | None = None
    gold_options: list[str] | None = None
    category: str | None = None
    risk_tier: str | None = None
    critical: bool = False
    meta: dict[str, Any] | None = None


@dataclass
class SentenceRecord:
    id: str
    item_id: str
    ord: int
    text: str
    start: int | None = None
    end: int | None = None
    label: str | None = None
    reason: str | None = None
    meta: dict[str, Any] | None = None


@dataclass
class GoldEvidence:
    passage_id: str
    stance: str | None = None
    sentences: list[int] | None = None


@dataclass
class ClaimRecord:
    id: str
    text: str
    gold_label: str | None = None
    item_id: str | None = None
    sentence_id: str | None = None
    ord: int = 0
    gold: list[GoldEvidence] = field(default_factory=list)
    origin: str = "imported"
    run_id: str | None = None
    meta: dict[str, Any] | None = None


@dataclass
class HitRecord:
    claim_id: str
    rank: int
    passage_id: str
    score: float


@dataclass
class ImportedRun:
    """A run computed elsewhere (a TREC retrieval run or verdicts from another tool)."""

    kind: str                    # retrieve | verify
    config: dict[str, Any]
    hits: list[HitRecord] = field(default_factory=list)
    verdicts: list["VerdictRecord"] = field(default_factory=list)
    predictions: list["ItemPrediction"] = field(default_factory=list)


@dataclass
class ItemPrediction:
    """An item-level prediction made elsewhere: chosen options, or candidate answers with a conflict flag."""

    item_id: str
    chosen: list[str] | None = None
    answers: list[str] | None = None
    conflict: bool | None = None
    # What the answering system saw and did (choices records, all optional; issue #13): passage ids
    # in rank order, a refusal, cited passage ids, latency and token counts.
    passages: list[str] | None = None
    refused: bool | None = None
    citations: list[str] | None = None
    latency_ms: float | None = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    tokens_reasoning: int | None = None

    DETAIL_FIELDS = ("passages", "refused", "citations", "latency_ms", "tokens_in", "tokens_out", "tokens_reasoning")

    def detail(self) -> dict[str, Any] | None:
        """The optional fields that were given, as stored in item_predictions.detail."""
        out = {k: getattr(self, k) for k in self.DETAIL_FIELDS if getattr(self, k) is not None}
        return out or None


@dataclass
class ImportBatch:
    dataset: DatasetSpec
    documents: list[DocumentRecord] = field(default_factory=list)
    passages: list[PassageRecord] = field(default_factory=list)
    items: list[ItemRecord] = field(default_factory=list)
    sentences: list[SentenceRecord] = field(default_factory=list)
    claims: list[ClaimRecord] = field(default_factory=list)
    run: ImportedRun | None = None

    def counts(self) -> dict[str, int]:
        out = {
            "documents": len(self.documents),
            "passages": len(self.passages),
            "items": len(self.items),
            "sentences": len(self.sentences),
            "claims": len(self.claims),
        }
        if self.run is not None:
            out["hits"] = len(self.run.hits)
            out["verdicts"] = len(self.run.verdicts)
            out["predictions"] = len(self.run.predictions)
        return {k: v for k, v in out.items() if v}


@dataclass
class DatasetInfo:
    id: int
    name: str
    kind: str
    format: str
    source_sha256: str
    split: str | None
    frozen: bool
    created: str
    counts: dict[str, int]
    files: list[dict[str, Any]]


@dataclass
class RunInfo:
    id: str
    kind: str
    status: str
    config: dict[str, Any]
    config_hash: str
    provenance: dict[str, Any]
    created: str
    finished: str | None
    error: str | None
    summary: dict[str, Any]


@dataclass
class VerdictRecord:
    claim_id: str
    verdict: str | None
    parse_status: str = "ok"
    reasoning: str | None = None
    evidence_used: list[str] | None = None
    stances: dict[str, str] | None = None
    raw_output: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_ms: float | None = None
    trimmed: bool = False
    reasoning_tokens: int | None = None     # the endpoint's count, already inside completion_tokens


@dataclass
class ClaimRow:
    """A claim as the views and pipeline steps see it."""

    id: str
    text: str
    gold_label: str | None
    item_id: str | None
    sentence_id: str | None
    dataset: str
    origin: str
    sentence_label: str | None = None
    n_gold: int = 0


@dataclass
class PassageRow:
    id: str
    doc_id: str | None
    title: str | None
    text: str
    ord: int
    sentence_spans: list[tuple[int, int]] | None = None


@dataclass
class VerdictEvidence:
    """What drove a classifier verdict (table verdict_evidence, beside its verdicts row): the passage
    and character span of the driving window with its probability, the per-label maxima and the
    per-pair probabilities ([passage_id, start, end, P(S), P(R) or None, P(NE)] per window)."""

    claim_id: str
    passage_id: str | None
    span_start: int | None
    span_end: int | None
    label: str | None                   # Supported | Refuted: the column `prob` is of
    prob: float | None
    maxima: dict[str, float | None] = field(default_factory=dict)
    pairs: list[list] = field(default_factory=list)
    detail: dict[str, Any] | None = None
