"""Expert review sample (issue #13 item 3): stratified seeded draw, append-only marks, acceptable rate."""
from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files

TIERS = {"A": 7, "B": 13, "C": 20}


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def run40(project, tmp_path):
    items, choices = [], []
    n = 0
    for tier, count in TIERS.items():
        for k in range(count):
            n += 1
            items.append({"id": f"{tier}{k:02d}", "question": f"q {n}", "answer": "-", "options": ["a", "b"],
                          "gold_options": ["a"], "risk_tier": tier})
            # every third item answered wrongly
            choices.append({"item_id": f"{tier}{k:02d}", "chosen": ["b"] if n % 3 == 0 else ["a"]})
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    run = import_files(project, [_jsonl(tmp_path / "choices.jsonl", choices)], kind="choices").run_id
    strict = {c["item_id"]: c["chosen"] == ["a"] for c in choices}
    return project, run, strict


def test_stratified_draw_sizes_and_reproducibility(run40):
    project, run, _ = run40
    s = services.draw_review_sample(project, run, 0.15, "risk_tier", seed=3)
    per_tier = {t: sum(i.startswith(t) for i in s.items) for t in TIERS}
    # round(0.15 × size), at least one: A 1.05 -> 1, B 1.95 -> 2, C 3.0 -> 3
    assert per_tier == {"A": 1, "B": 2, "C": 3}
    assert per_tier == {t: max(1, math.floor(0.15 * n + 0.5)) for t, n in TIERS.items()}
    again = services.draw_review_sample(project, run, 0.15, "risk_tier", seed=3)
    assert again.id == s.id and again.items == s.items           # found again, not drawn twice
    other = services.draw_review_sample(project, run, 0.15, "risk_tier", seed=4)
    assert other.id != s.id and len(other.items) == 6
    assert [x.id for x in services.review_samples(project, run)] == [s.id, other.id]
    # the same seed on a fresh draw (another fraction, then back) gives the same items: nothing depends on state
    from factaudit.engine.audit.review_sample import draw

    pairs = [(i, i[0]) for t, n in TIERS.items() for i in (f"{t}{k:02d}" for k in range(n))]
    assert draw(pairs, 0.15, 3) == s.items == draw(list(reversed(pairs)), 0.15, 3)
    whole = services.draw_review_sample(project, run, 1.0, None, seed=1)
    assert sorted(whole.items) == sorted(i for i, _ in pairs)


def test_bad_settings(run40):
    project, run, _ = run40
    with pytest.raises(InvalidArgument, match="fraction"):
        services.draw_review_sample(project, run, 0.0)
    with pytest.raises(InvalidArgument, match="strata"):
        services.draw_review_sample(project, run, 0.15, "colour")
    s = services.draw_review_sample(project, run)
    outside = next(i for i in ("A00", "A01", "A02", "A03") if i not in s.items)
    with pytest.raises(InvalidArgument, match="not in review sample"):
        services.mark_review(project, s.id, outside, True, reviewer="dr x")
    with pytest.raises(InvalidArgument, match="reviewer"):
        services.mark_review(project, s.id, s.items[0], True, reviewer=" ")


def test_marks_are_append_only_and_acceptable_rate(run40):
    project, run, strict = run40
    s = services.draw_review_sample(project, run, 0.5, "risk_tier", seed=9)
    items = s.items
    assert len(items) == 4 + 7 + 10
    # the reviewer accepts every strict-correct answer but two, and two of the strict-wrong ones
    correct = [i for i in items if strict[i]]
    wrong = [i for i in items if not strict[i]]
    verdict = {i: True for i in correct[2:]} | {i: False for i in correct[:2]} | {i: i in wrong[:2] for i in wrong}
    first = services.mark_review(project, s.id, correct[0], True, "first thought", reviewer="dr x")
    for i, ok in verdict.items():
        services.mark_review(project, s.id, i, ok, None, reviewer="dr x")
    changed = [m for m in _all_marks(project, s.id) if m[0] == correct[0]]
    assert len(changed) == 2 and changed[1][2] == first.id      # the correction supersedes, nothing is lost
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        with project.atomic() as conn:
            conn.execute("UPDATE review_marks SET acceptable = 1")
    with pytest.raises(sqlite3.DatabaseError, match="fixed"):
        with project.atomic() as conn:
            conn.execute("DELETE FROM review_samples")
    m = services.score_run(project, run, n_resamples=200)["multi_answer"]
    k, n = sum(verdict.values()), len(verdict)
    assert m["acceptable_rate"] == pytest.approx(k / n)
    assert m["acceptable_rate_ci"] == pytest.approx(proportion_confint(k, n, alpha=0.05, method="wilson"))
    r = m["review"]
    assert (r["sample_id"], r["n_sampled"], r["n_reviewed"]) == (s.id, 21, 21)
    assert r["table"] == {"strict_and_acceptable": len(correct) - 2, "strict_not_acceptable": 2,
                          "not_strict_acceptable": 2, "not_strict_not_acceptable": len(wrong) - 2}
    assert r["strict_on_reviewed"] == pytest.approx(len(correct) / n)
    queue = services.review_queue(project, s.id)
    assert [q.item_id for q in queue] == items and queue[0].mark is not None and queue[0].question.startswith("q ")


def _all_marks(project, sample_id):
    return project.reader().execute(
        "SELECT item_id, acceptable, supersedes FROM review_marks WHERE sample_id = ? ORDER BY id", (sample_id,)).fetchall()


def test_review_cli(run40):
    project, run, strict = run40
    from factaudit.engine.cli import cli

    project.close()
    res = CliRunner().invoke(cli, ["review-sample", str(project.path), "--run", run, "--seed", "5", "--json"])
    assert res.exit_code == 0, res.output
    sample = json.loads(res.output)
    assert len(sample["items"]) == 6
    for item in sample["items"]:
        flag = "--acceptable" if strict[item] else "--not-acceptable"
        res = CliRunner().invoke(cli, ["review-mark", str(project.path), "--sample", str(sample["id"]), "--item", item,
                                       flag, "--reviewer", "dr y", "--note", "checked"])
        assert res.exit_code == 0, res.output
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "200", "--json"])
    m = json.loads(res.output)["multi_answer"]
    k = sum(strict[i] for i in sample["items"])
    assert m["acceptable_rate"] == pytest.approx(k / 6)
    assert m["review"]["table"]["strict_not_acceptable"] == 0 and m["review"]["table"]["not_strict_acceptable"] == 0
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "200"])
    assert f"acceptable {100 * k / 6:.1f} [" in res.output
    res = CliRunner().invoke(cli, ["review-mark", str(project.path), "--sample", "99", "--item", "A00",
                                   "--acceptable", "--reviewer", "x"])
    assert res.exit_code != 0 and "no review sample 99" in res.output
