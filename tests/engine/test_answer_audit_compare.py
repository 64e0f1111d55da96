"""Regression comparison of choices runs (issue #13 item 5): changes and paired bootstrap intervals by hand."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.services.answer_audit import compare_answer_runs

GOLD = {"r1": ["a", "b"], "r2": ["a"], "r3": ["b"], "r4": ["a", "c"], "r5": ["c"], "r6": ["a", "b"]}
# before: careful answers (subsets of gold); after: generous answers (extra options)
BEFORE = {"r1": ["a", "b"], "r2": ["a"], "r3": ["b"], "r4": ["a"], "r5": ["c"], "r6": ["a"]}
AFTER = {"r1": ["a", "b", "c"], "r2": ["a"], "r3": ["b", "c"], "r4": ["a", "c"], "r5": ["c"], "r6": ["a", "b", "c"]}


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _plain_scores(chosen: dict) -> dict[str, np.ndarray]:
    out: dict[str, list[float]] = {"strict": [], "intermediate": [], "lenient": []}
    for item in sorted(GOLD):
        p, g = set(chosen[item]), set(GOLD[item])
        hit, wrong = len(p & g), len(p - g)
        out["strict"].append(float(p == g))
        out["intermediate"].append(hit / len(g) if p <= g else 0.0)
        out["lenient"].append(max(0.0, hit / len(g) - 0.2 * wrong))
    return {k: np.array(v) for k, v in out.items()}


@pytest.fixture
def two_runs(project, tmp_path):
    items = [{"id": k, "answer": "-", "options": ["a", "b", "c"], "gold_options": v} for k, v in GOLD.items()]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    runs = []
    for name, chosen in (("before", BEFORE), ("after", AFTER)):
        rows = [{"item_id": k, "chosen": v} for k, v in chosen.items()]
        runs.append(import_files(project, [_jsonl(tmp_path / f"{name}.jsonl", rows)], kind="choices").run_id)
    return project, runs, tmp_path


def test_changes_and_paired_intervals_by_hand(two_runs):
    project, (r_before, r_after), _ = two_runs
    (comp,) = compare_answer_runs(project, [r_before, r_after], n_resamples=3000, seed=5)
    x, y = _plain_scores(BEFORE), _plain_scores(AFTER)
    # by hand: strict 4/6 -> 3/6; intermediate (1+1+1+.5+1+.5)/6 = 5/6 -> (0+1+0+1+1+0)/6 = 3/6;
    # lenient 5/6 -> (.8+1+.8+1+1+.8)/6 = 5.4/6
    assert comp.changes["strict"].before == pytest.approx(4 / 6) and comp.changes["strict"].after == pytest.approx(3 / 6)
    assert comp.changes["intermediate"].delta == pytest.approx(3 / 6 - 5 / 6)
    assert comp.changes["lenient"].delta == pytest.approx(5.4 / 6 - 5 / 6)
    for m in ("strict", "intermediate", "lenient"):
        assert comp.changes[m].delta == pytest.approx((y[m] - x[m]).mean())
        rng = np.random.default_rng(5)
        idx = rng.integers(0, 6, size=(3000, 6))
        d = (y[m] - x[m])[idx].mean(axis=1)
        assert comp.changes[m].delta_ci == pytest.approx(tuple(np.quantile(d, [0.025, 0.975])))
    assert [comp.changes[m].direction for m in ("strict", "intermediate", "lenient")] == [-1, -1, 1]
    assert comp.diverging is True and comp.n_shared == 6
    assert any("different directions" in n for n in comp.notes) and any("only 6 shared items" in n for n in comp.notes)


def test_reverse_change_and_one_run_twice(two_runs):
    project, (r_before, r_after), _ = two_runs
    (fwd,) = compare_answer_runs(project, [r_before, r_after], n_resamples=500)
    (back,) = compare_answer_runs(project, [r_after, r_before], n_resamples=500)
    assert back.diverging is True      # the reverse change diverges too, with opposite signs
    for m in ("strict", "intermediate", "lenient"):
        assert back.changes[m].delta == pytest.approx(-fwd.changes[m].delta)
    with pytest.raises(InvalidArgument, match="two different runs"):
        compare_answer_runs(project, [r_before, r_before])


def test_uniform_improvement_does_not_diverge(project, tmp_path):
    items = [{"id": f"u{k}", "answer": "-", "options": ["a", "b"], "gold_options": ["a"]} for k in range(4)]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    worse = [{"item_id": f"u{k}", "chosen": ["b"] if k < 2 else ["a"]} for k in range(4)]
    better = [{"item_id": f"u{k}", "chosen": ["a"]} for k in range(4)]
    r1 = import_files(project, [_jsonl(tmp_path / "w.jsonl", worse)], kind="choices").run_id
    r2 = import_files(project, [_jsonl(tmp_path / "b.jsonl", better)], kind="choices").run_id
    (comp,) = compare_answer_runs(project, [r1, r2], n_resamples=500)
    assert {c.direction for c in comp.changes.values()} == {1} and comp.diverging is False
    assert all(c.delta == pytest.approx(0.5) for c in comp.changes.values())


def test_compare_refuses_other_run_kinds(two_runs, tmp_path):
    project, (r_before, _), _ = two_runs
    cands = _jsonl(tmp_path / "c.jsonl", [{"item_id": "r1", "answers": ["a"], "conflict": False}])
    # r1 has no gold_answers, but the run still holds candidates
    crun = import_files(project, [cands], kind="candidates").run_id
    with pytest.raises(InvalidArgument, match="not a finished choices run"):
        compare_answer_runs(project, [r_before, crun])


def test_compare_cli(two_runs):
    project, (r_before, r_after), _ = two_runs
    from factaudit.engine.cli import cli

    project.close()
    res = CliRunner().invoke(cli, ["compare", str(project.path), "--runs", f"{r_before},{r_after}",
                                   "--resamples", "500", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["baseline"] == r_before and out["comparisons"][0]["diverging"] is True
    res = CliRunner().invoke(cli, ["compare", str(project.path), "--runs", f"{r_before},{r_after}", "--resamples", "500"])
    assert res.exit_code == 0 and "DIVERGING" in res.output and "strict         66.7 ->  50.0" in res.output
