"""SciFact: claims_*.jsonl (id, claim, evidence{doc_id: [{sentences, label}]}, cited_doc_ids) and
corpus.jsonl (doc_id, title, abstract[sentences], structured).

A passage is a whole abstract (title kept apart, sentences joined by a space) with each sentence's
character span kept, so rationale sentence indexes resolve. Retrieval gold is every `cited_doc_ids`
document (as BEIR does; the evidence documents are among them and carry stance and rationales);
claims without evidence are No Evidence; the unlabeled test split has null labels.
"""
from __future__ import annotations

from pathlib import Path

from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.builder import BatchBuilder
from factaudit.engine.ingest.problems import RecordError
from factaudit.engine.ingest.readers import read_jsonl
from factaudit.engine.project.records import ClaimRecord, DocumentRecord, GoldEvidence, PassageRecord


def is_corpus(path: Path) -> bool:
    return "corpus" in path.name.lower()


def load(path: Path, builder: BatchBuilder, kind: str | None = None) -> None:
    corpus = kind == "corpus" or (kind is None and is_corpus(path))
    for row in read_jsonl(path, builder.problems):
        try:
            if corpus:
                _abstract(row.data, builder, path.name, row.line)
            else:
                _claim(row.data, builder, path.name, row.line, unlabeled="test" in path.name.lower())
        except RecordError as err:
            builder.problems.add(path.name, row.line, err.field, err.reason)
        if builder.problems.full:
            return


def abstract_passage(doc_id: str, title: str, sentences: list[str]) -> PassageRecord:
    spans, parts, pos = [], [], 0
    for s in sentences:
        s = s.strip()
        spans.append((pos, pos + len(s)))
        parts.append(s)
        pos += len(s) + 1
    return PassageRecord(id=doc_id, doc_id=doc_id, title=title, text=" ".join(parts), ord=0, lang="en",
                         source="SciFact", sentence_spans=spans)


def _abstract(r: dict, b: BatchBuilder, file: str, line: int) -> None:
    doc_id = F.ident(r, "doc_id")
    title = F.text(r, "title", empty_ok=True) or ""
    abstract = r.get("abstract")
    if not isinstance(abstract, list) or not abstract or not all(isinstance(s, str) for s in abstract):
        raise RecordError("abstract", "expected a non-empty list of sentence strings")
    b.add_document(DocumentRecord(id=doc_id, title=title, source="SciFact"), file, line)
    b.add_passage(abstract_passage(doc_id, title, abstract), file, line)


def _claim(r: dict, b: BatchBuilder, file: str, line: int, unlabeled: bool) -> None:
    claim_id = F.ident(r, "id")
    text = F.text(r, "claim")
    evidence = r.get("evidence", {})
    if evidence is None:
        evidence = {}
    if not isinstance(evidence, dict):
        raise RecordError("evidence", "expected an object {doc_id: [{sentences, label}]}")
    cited = r.get("cited_doc_ids", [])
    if not isinstance(cited, list):
        raise RecordError("cited_doc_ids", "expected a list of document ids")
    gold: list[GoldEvidence] = []
    labels = set()
    for doc_id, sets in evidence.items():
        if not isinstance(sets, list) or not sets:
            raise RecordError(f"evidence.{doc_id}", "expected a non-empty list of rationale sets")
        sentences: list[int] = []
        for s in sets:
            if not isinstance(s, dict) or not isinstance(s.get("sentences"), list):
                raise RecordError(f"evidence.{doc_id}", "each rationale needs a sentences list")
            labels.add(F.verdict(s, "label", required=True))
            if not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in s["sentences"]):
                raise RecordError(f"evidence.{doc_id}", "sentence indexes must be non-negative integers")
            sentences.extend(s["sentences"])
        gold.append(GoldEvidence(passage_id=str(doc_id), stance=None, sentences=sorted(set(sentences))))
    if len(labels) > 1:
        label = "Ambiguous"
    elif labels:
        label = labels.pop()
    else:
        label = None if unlabeled or "evidence" not in r else "No Evidence"
    for g in gold:
        g.stance = label if label in ("Supported", "Refuted") else None
    # Retrieval gold is every cited document (BEIR: 339 pairs for the 300 dev claims); the evidence
    # documents are among them and carry the stance. Dev claim 1245 cites one document twice.
    have = {g.passage_id for g in gold}
    gold += [GoldEvidence(passage_id=d) for d in dict.fromkeys(str(d) for d in cited) if d not in have]
    b.add_claim(ClaimRecord(id=claim_id, text=text, gold_label=label, gold=gold), file, line)
