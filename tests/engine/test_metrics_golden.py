"""`metrics`, `compare` and `report` give the figures they gave before issue #22 made them fast.

tests/fixtures/metrics_golden/expected.json holds the outputs of the code as it was (commit 60fe17a)
on the fixture project built below: every figure of `metrics` for four runs (one with parse failures
and a missing verdict), `compare` under every mapping and level, and the report's summary.json and
per_item.jsonl (its digest). Same seed, same resamples -> the same intervals, to the last bit that JSON
keeps; only the p-values of Cochran's Q and exact McNemar (and their Holm adjustments) may move in the
last digits (within 1e-12), since statsmodels no longer computes them. Regenerate only on purpose,
with the old code:

    .venv/bin/python tests/engine/test_metrics_golden.py --write
"""
from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "metrics_golden"
EXPECTED = FIXTURE / "expected.json"
RESAMPLES = 2000
MAPPINGS = ("R", "R+NE", "R+NE+A")
INEXACT_P = {"p_asymptotic", "mcnemar_p", "mcnemar_p_holm"}
# Figures added after the fixture was written (issue #32 item 7: balanced accuracy, the majority baseline,
# no-verdict reasons, the verifier's setup and grounding control): new keys, not changed figures, so a
# key in this set may be present in the output and absent from expected.json; every other key must match.
ADDED_KEYS = {"balanced_accuracy", "balanced_accuracy_classes", "majority", "within_majority",
              "no_verdict_reasons", "setup", "demo_grade", "grounding_control",
              # issue #33: which gold the figures used, and severity recall where the labels carry severities
              "gold", "severity",
              # issue #33: the report's retrieval comparison and why a study figure is not shown
              "retrieval_comparison", "study_notes", "reasoning", "answer_figures", "judge"}
# issue #34: a verify run's cost (tokens, CPU and wall seconds, money with a price) and its cost per correct verdict,
# and the report's grids section (issue #34 item 6)
ADDED_KEYS |= {"cost", "grids"}
# issue #34 item 7: the lenient penalty a multi-answer figure used, and the report's multi-answer test-set section
ADDED_KEYS |= {"lenient_penalty", "answer_sets"}


def build(folder: Path):
    """The fixture project in `folder`; returns (project, [run ids])."""
    from factaudit.engine.ingest import import_files
    from factaudit.engine.project import runs as run_store
    from factaudit.engine.project.db import Project
    from factaudit.engine.project.records import VerdictRecord

    project = Project.create(folder / "golden.faproj")
    import_files(project, [FIXTURE / "corpus.jsonl"], kind="corpus", dataset="corpus")
    import_files(project, [FIXTURE / "answers.jsonl"], kind="answers", dataset="answers")
    import_files(project, [FIXTURE / "claims.jsonl"], kind="claims", dataset="claims")
    runs = [import_files(project, [FIXTURE / f"verdicts_{r}.jsonl"], kind="verdicts").run_id for r in "ABC"]
    # a run as `verify` leaves it: some replies cut off or unparsed, one claim never reached
    rows = [json.loads(x) for x in (FIXTURE / "verdicts_A.jsonl").read_text(encoding="utf-8").splitlines()]
    run = run_store.create_run(project, "verify", {"mode": "joint", "max_tokens": 50})
    for n, r in enumerate(rows):
        if n % 97 == 5:
            continue                                          # missing verdict
        if n % 31 == 3:
            run_store.add_verdict(project, run, VerdictRecord(r["claim_id"], None, "failed", completion_tokens=50))
        elif n % 37 == 4:
            run_store.add_verdict(project, run, VerdictRecord(r["claim_id"], None, "failed", completion_tokens=12))
        else:
            verdict = r["verdict"] if n % 5 else "Refuted"
            run_store.add_verdict(project, run, VerdictRecord(r["claim_id"], verdict, "ok",
                                                              evidence_used=r["passages"], latency_ms=100.0 + n))
    run_store.finish_run(project, run, "done")
    return project, runs + [run]


def outputs(project, runs: list[str], folder: Path) -> dict:
    from factaudit.engine.services import scoring

    out: dict = {"metrics": {}, "compare": {}}
    for r in runs:
        out["metrics"][r] = scoring.score_run(project, r, n_resamples=RESAMPLES, seed=42)
    out["metrics_seed7"] = scoring.score_run(project, runs[0], n_resamples=500, seed=7)
    for level in ("sentence", "claim"):
        for mapping in MAPPINGS:
            out["compare"][f"{level}/{mapping}"] = scoring.compare_runs(
                project, runs[:3], mapping, level, n_resamples=RESAMPLES, seed=42).to_json()
    out["compare"]["claim/R+NE/A,D"] = scoring.compare_runs(project, [runs[0], runs[3]], "R+NE", "claim",
                                                            n_resamples=RESAMPLES, seed=3).to_json()
    scoring.write_report(project, folder / "report", ("json",), n_resamples=RESAMPLES, seed=42)
    summary = json.loads((folder / "report" / "json" / "summary.json").read_text(encoding="utf-8"))
    out["report_summary"] = summary
    rows = [json.loads(x) for x in (folder / "report" / "json" / "per_item.jsonl").read_text(encoding="utf-8").splitlines()]
    # 2,300 rows of verdicts and flags (no computed floats): their digest, with the first rows to show a change
    out["report_per_item"] = {"n": len(rows), "head": rows[:20], "sha256": hashlib.sha256(
        json.dumps(rows, sort_keys=True).encode("utf-8")).hexdigest()}
    config = json.loads((folder / "report" / "json" / "config.json").read_text(encoding="utf-8"))
    out["report_config"] = {k: v for k, v in config.items() if k not in ("created", "app_version", "runs")}
    return json.loads(json.dumps(out))   # what JSON keeps: tuples become lists, keys strings


def _diff(a, b, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        extra = set(a) - set(b)
        if set(b) - set(a) or extra - ADDED_KEYS:
            return [f"{path}: keys {sorted(set(a) ^ set(b))} differ"]
        return [d for k in b for d in _diff(a[k], b[k], f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: {len(a)} items, expected {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in _diff(x, y, f"{path}[{i}]")]
    if isinstance(a, float) and isinstance(b, float):
        # every figure to the bit, except p-values of tests the code now computes itself (exact
        # McNemar summed in integers, the χ² tail by its series): those within 1e-12 of the libraries'
        tol = 1e-12 if path.rsplit("/", 1)[-1] in INEXACT_P else 0.0
        return [] if math.isclose(a, b, rel_tol=tol, abs_tol=0) else [f"{path}: {a!r} != {b!r}"]
    return [] if a == b and type(a) is type(b) else [f"{path}: {a!r} != {b!r}"]


@pytest.fixture(scope="module")
def golden_outputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("golden")
    project, runs = build(folder)
    try:
        yield outputs(project, runs, folder)
    finally:
        project.close()


@pytest.mark.parametrize("part", ["metrics", "metrics_seed7", "compare", "report_summary", "report_per_item",
                                  "report_config"])
def test_figures_are_those_of_the_code_before_issue_22(golden_outputs, part):
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    diffs = _diff(golden_outputs[part], expected[part], part)
    assert not diffs, f"{len(diffs)} figures changed, first: " + "; ".join(diffs[:8])


def test_the_fixture_exercises_what_it_claims():
    """The stored outputs cover parse failures, unscored sentences, the closed regime, categories and
    suspected instructions, so the comparison above checks those paths too."""
    e = json.loads(EXPECTED.read_text(encoding="utf-8"))
    d = e["metrics"]["verify-4"] if "verify-4" in e["metrics"] else list(e["metrics"].values())[3]
    assert d["n_parse_failures"] > 0 and d["n_unscored"] > 0 and d["closed_unscored"]
    a = list(e["metrics"].values())[0]
    assert a["closed"]["n"] == 120 and len(a["by_category"]) == 3 and a["verdicts_with_suspected_instructions"] > 0
    assert all(a[level][m]["f1_ci"] for level in ("sentence", "claim") for m in MAPPINGS)


if __name__ == "__main__":
    import tempfile

    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        p, run_ids = build(Path(tmp))
        try:
            result = outputs(p, run_ids, Path(tmp))
        finally:
            p.close()
    EXPECTED.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {EXPECTED} ({EXPECTED.stat().st_size:,} bytes)")
