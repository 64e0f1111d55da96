"""The CARE-vs-direct-vs-indirect measurement on HotpotQA (used by bench_care.py and its test): a
seeded sample of questions imported as a retrieval run, one evidence judge run per mode over it, and
relevance scored against the gold supporting paragraphs. The scoring is the app's (`factaudit metrics --run
judge-N`, services.judge_scoring); the sampling and the loop over modes are the benchmark's."""
from __future__ import annotations

import json
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest.adapters.hotpotqa import passage_id
from factaudit.engine.jobs import ProgressCallback, no_progress
from factaudit.engine.models.llm import LLM
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import HitRecord


@dataclass
class RelevanceScore:
    run_id: str
    mode: str
    with_gold: bool
    n_units: int
    n_parse_failures: int
    precision: float
    recall: float
    f1: float
    tp: int
    fp: int
    fn: int
    n_gold_relevant: int
    n_predicted_relevant: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def relevance_pairs(project: Project, judge_run: str) -> list[tuple[str, str, bool, bool]]:
    """(claim, passage, gold relevant, judged relevant) for every unit of an evidence judge run whose claim
    has gold evidence; gold relevant = the passage is one of the claim's gold evidence passages. The
    app's code (services.judge_scoring) decides both."""
    from factaudit.engine.services.judge_scoring import judged_units

    return [(u.claim_id, u.passage_id, u.gold, u.judged) for u in judged_units(project, judge_run)[0]]


def relevance_score(project: Project, judge_run: str) -> RelevanceScore:
    """The app's `metrics --run judge-N` figures (services.judge_scores), in the benchmark's record."""
    j = services.judge_scores(project, judge_run, n_resamples=1000)
    o = j["overall"]
    return RelevanceScore(run_id=judge_run, mode=j["mode"], with_gold=j["with_gold"], n_units=j["n_units"],
                          n_parse_failures=j["n_parse_failures"], precision=o["precision"], recall=o["recall"],
                          f1=o["f1"], tp=o["tp"], fp=o["fp"], fn=o["fn"], n_gold_relevant=o["n_gold_relevant"],
                          n_predicted_relevant=o["n_predicted_relevant"])


@dataclass
class CareSample:
    """A seeded sample of IRCoT HotpotQA questions: which lines, and which paragraphs of each."""

    source: str
    seed: int
    n_questions: int
    paragraphs_per_question: int | None       # None: all of a question's paragraphs
    lines: list[int]                          # 1-based line numbers in the source file
    rows: list[dict[str, Any]] = field(default_factory=list, repr=False)

    def definition(self) -> dict[str, Any]:
        return {"source": self.source, "seed": self.seed, "n_questions": self.n_questions,
                "paragraphs_per_question": self.paragraphs_per_question, "lines": self.lines,
                "question_ids": [r["question_id"] for r in self.rows],
                "n_pairs": sum(len(r["contexts"]) for r in self.rows),
                "n_gold_pairs": sum(1 for r in self.rows for c in r["contexts"] if c.get("is_supporting"))}


def hotpotqa_sample(path: str | Path, n_questions: int, seed: int = 13,
                    paragraphs: int | None = None) -> CareSample:
    """Questions drawn with random.Random(seed) from the file's lines; with `paragraphs`, each
    question keeps its supporting paragraphs plus seeded non-supporting ones up to that many, in file
    order (the retrieved list's order)."""
    path = Path(path)
    with open(path, encoding="utf-8") as fh:
        all_lines = [line for line in fh if line.strip()]
    if n_questions < 1 or n_questions > len(all_lines):
        raise InvalidArgument(f"n_questions must be between 1 and {len(all_lines)}")
    rng = random.Random(seed)
    picked = sorted(rng.sample(range(len(all_lines)), n_questions))
    rows = []
    for i in picked:
        row = json.loads(all_lines[i])
        ctx = row["contexts"]
        if paragraphs is not None and paragraphs < len(ctx):
            support = [j for j, c in enumerate(ctx) if c.get("is_supporting")]
            others = [j for j, c in enumerate(ctx) if not c.get("is_supporting")]
            keep = support[:paragraphs] + rng.sample(others, max(0, paragraphs - len(support)))
            row = {**row, "contexts": [ctx[j] for j in sorted(keep)]}
        rows.append(row)
    return CareSample(source=path.name, seed=seed, n_questions=n_questions, paragraphs_per_question=paragraphs,
                      lines=[i + 1 for i in picked], rows=rows)


def import_care_sample(project: Project, sample: CareSample, workdir: str | Path) -> str:
    """Import the sample (fmt hotpotqa) and record its paragraphs, in file order, as a finished
    retrieval run (kind imported): the list each question's judge sees. Returns the run id."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    file = workdir / f"hotpotqa_care_s{sample.seed}_q{sample.n_questions}.jsonl"
    with open(file, "w", encoding="utf-8") as fh:
        for row in sample.rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    services.import_files(project, [file], fmt="hotpotqa", dataset="hotpotqa-care")
    hits = []
    for row in sample.rows:
        n = len(row["contexts"])
        for rank, c in enumerate(row["contexts"], start=1):
            hits.append(HitRecord(claim_id=row["question_id"], rank=rank,
                                  passage_id=passage_id(c.get("title") or "", c["paragraph_text"]),
                                  score=float(n - rank + 1)))
    cfg = {"source": "hotpotqa contexts in file order", "sample": sample.definition(),
           "k": max(len(r["contexts"]) for r in sample.rows)}
    run_id = run_store.create_run(project, "imported", cfg, provenance={"note": "CARE measurement sample"})
    run_store.add_hits(project, run_id, hits)
    run_store.finish_run(project, run_id, "done", summary={"n_hits": len(hits)})
    return run_id


def care_measurement(project: Project, retrieval_run: str, modes: list[str], llm: LLM, *, with_gold: bool = False,
                     dimensions: list[str] | None = None, k: int = 10, passage_words: int | None = None,
                     max_tokens: int = 60, progress: ProgressCallback = no_progress) -> dict[str, Any]:
    """One evidence judge run per mode over the run's pairs, scored as relevance against the gold
    supporting paragraphs. The same loaded model serves every mode."""
    out: dict[str, Any] = {}
    for mode in modes:
        dims = None if mode == "indirect" else dimensions
        started = time.perf_counter()
        res = services.judge(project, services.JudgeRequest(run=retrieval_run, target="evidence", mode=mode, with_gold=with_gold, k=k,
                                          dimensions=dims, passage_words=passage_words, max_tokens=max_tokens,
                                          prompt_cache=bool(getattr(llm, "prompt_cache", False))),
                    progress=progress, llm=llm)
        score = relevance_score(project, res.run_id)
        out[mode] = {**score.to_json(), "seconds": round(time.perf_counter() - started, 2),
                     "units_per_min": res.units_per_min, "annotator": res.annotator,
                     "code_counts": res.code_counts}
    return out
