"""Rebuild resources/demo/ from ../shared/datasets (SciFact subset + MedExpert sample + RAMDocs subset).

SciFact: the first 100 dev claims, every abstract they cite, and 1,100 other abstracts drawn with a
fixed seed as distractors. MedExpert: the sample export copied as is.
"""
from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "datasets"
OUT = ROOT / "resources" / "demo"
N_CLAIMS, N_DISTRACTORS, SEED = 100, 1100, 20261130


def main() -> int:
    sci = SHARED / "scifact"
    if not sci.is_dir():
        print(f"missing {sci}", file=sys.stderr)
        return 1
    claims = [json.loads(l) for l in (sci / "claims_dev.jsonl").read_text().splitlines() if l.strip()][:N_CLAIMS]
    corpus = [json.loads(l) for l in (sci / "corpus.jsonl").read_text().splitlines() if l.strip()]
    cited = {str(d) for c in claims for d in list(c.get("evidence", {})) + list(c.get("cited_doc_ids", []))}
    others = sorted((d for d in corpus if str(d["doc_id"]) not in cited), key=lambda d: d["doc_id"])
    distractors = random.Random(SEED).sample(others, N_DISTRACTORS)
    keep = {str(d["doc_id"]) for d in distractors} | cited
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "scifact_claims_dev100.jsonl", "w") as fh:
        for c in claims:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    with open(OUT / "scifact_corpus_subset.jsonl", "w") as fh:
        for d in corpus:
            if str(d["doc_id"]) in keep:
                fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    shutil.copy(SHARED / "medexpert_sample" / "sample_data_export_from_JSL.json", OUT / "medexpert_sample.json")
    # RAMDocs: the first 12 questions as they are (conflict-aware answering in the demo)
    ram = (SHARED / "ramdocs" / "RAMDocs_test.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (OUT / "ramdocs_subset.jsonl").write_text("".join(ram[:12]), encoding="utf-8")
    print(f"{len(claims)} claims, {len(keep)} abstracts ({len(cited)} cited)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
