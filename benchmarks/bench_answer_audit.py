"""Answer-level audit (issue #13) on a real dataset: RAMDocs questions as multi-answer items.

    .venv/bin/python benchmarks/bench_answer_audit.py [--limit N] [--out benchmarks/results/answer_audit_ramdocs.json]
                                                      [--report DIR]

RAMDocs (../shared/datasets/ramdocs, MIT) gives each question its documents (correct, misinformation
or noise), each with the answer it supports, plus gold and wrong answers. Here an item's options are
its gold and wrong answers, the gold options its gold answers, and its category "conflict" when a
misinformation document is present, else "clean". No model is run: two deterministic answering rules
stand in for systems, so every figure can be re-derived from the file:

- `union@all`: sees every document of the question and chooses every option some document answers;
- `majority@all`: sees every document and chooses the option(s) answered by the most documents;
- `union@3`: sees only the first three documents (file order, a stand-in for a top-3 retriever).

An option's evidence is located by text (no option_evidence): the option, folded, occurs in a seen
document. The script prints and writes the audit figures of each run and the regression comparison of
majority@all and union@3 against union@all.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATASETS = Path(os.environ.get("FACTAUDIT_DATASETS", ROOT.parent / "shared" / "datasets")) / "ramdocs"


def build(limit: int | None, work: Path) -> tuple[Path, Path, dict[str, Path]]:
    from factaudit.engine.text.normalize import fold

    corpus, items = [], []
    runs: dict[str, list[dict]] = {"union@all": [], "majority@all": [], "union@3": []}
    with open(DATASETS / "RAMDocs_test.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    for n, row in enumerate(rows[:limit] if limit else rows, start=1):
        qid = f"rd{n}"
        options: dict[str, str] = {}
        for a in [*row["gold_answers"], *row["wrong_answers"]]:
            options.setdefault(fold(a), a)
        gold = list(dict.fromkeys(options[fold(a)] for a in row["gold_answers"]))
        docs = []
        for k, d in enumerate(row["documents"]):
            pid = f"{qid}-d{k}"
            corpus.append({"id": pid, "text": d["text"]})
            docs.append((pid, options.get(fold(str(d.get("answer", ""))))))
        conflict = any(d["type"] == "misinfo" for d in row["documents"])
        items.append({"id": qid, "question": row["question"], "answer": "-", "options": list(options.values()),
                      "gold_options": gold, "category": "conflict" if conflict else "clean"})
        for name, seen in (("union@all", docs), ("majority@all", docs), ("union@3", docs[:3])):
            answers = [a for _, a in seen if a is not None]
            if name.startswith("majority") and answers:
                counts = Counter(answers)
                top = max(counts.values())
                chosen = [a for a in dict.fromkeys(answers) if counts[a] == top]
            else:
                chosen = list(dict.fromkeys(answers))
            runs[name].append({"item_id": qid, "chosen": chosen, "passages": [p for p, _ in seen]})

    def write(path: Path, records: list[dict]) -> Path:
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
        return path

    return (write(work / "corpus.jsonl", corpus), write(work / "items.jsonl", items),
            {name: write(work / f"{name.replace('@', '_at_')}.jsonl", r) for name, r in runs.items()})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None, help="first N questions (default: all 500)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "answer_audit_ramdocs.json")
    ap.add_argument("--report", type=Path, default=None, help="also write a report into this new folder")
    args = ap.parse_args()
    if not DATASETS.is_dir():
        sys.exit(f"RAMDocs not found at {DATASETS}")
    from factaudit.engine import services
    from factaudit.engine.ingest import import_files

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        corpus, items, runs = build(args.limit, work)
        project = services.create_project(work / "ramdocs.faproj")
        try:
            import_files(project, [corpus], kind="corpus")
            import_files(project, [items], kind="answers")
            run_ids = {name: import_files(project, [path], kind="choices", dataset=name).run_id
                       for name, path in runs.items()}
            figures = {}
            for name, rid in run_ids.items():
                m = services.score_run(project, rid)["multi_answer"]
                keep = ("n", "strict", "strict_ci", "intermediate", "intermediate_ci", "lenient", "lenient_ci",
                        "n_with_passages", "n_gold_options", "n_chosen_options", "evidence_coverage",
                        "evidence_coverage_ci", "missed_options", "wrong_options", "faithfulness", "faithfulness_ci",
                        "failure_layers", "warnings")
                figures[name] = {"run_id": rid, **{k: m.get(k) for k in keep}}
            comps = services.compare_answer_runs(project, list(run_ids.values()))
            if args.report:
                services.write_report(project, args.report, ["html", "json"], list(run_ids.values()))
        finally:
            project.close()
    result = {
        "dataset": "RAMDocs_test.jsonl", "n_questions": figures["union@all"]["n"],
        "seconds": round(time.perf_counter() - t0, 1), "runs": figures,
        "comparisons": [c.to_json() for c in comps],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    for name, f in figures.items():
        print(f"{name:<13} strict {f['strict']:.3f} intermediate {f['intermediate']:.3f} lenient {f['lenient']:.3f} "
              f"coverage {f['evidence_coverage']:.3f} faithfulness {f['faithfulness']:.3f} "
              f"missed {f['missed_options']} wrong {f['wrong_options']}")
    for c in comps:
        deltas = ", ".join(f"{m} {ch.delta:+.3f} [{ch.delta_ci[0]:+.3f}, {ch.delta_ci[1]:+.3f}]"
                           for m, ch in c.changes.items())
        print(f"{c.after} vs {c.before}: {deltas}; diverging {c.diverging}")
    print(f"written to {args.out} in {result['seconds']} s")


if __name__ == "__main__":
    main()
