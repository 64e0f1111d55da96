"""Judge relevance scoring (issue #33 item 5): `metrics --run judge-N` on an evidence judge run over HotpotQA-style
questions, checked against scikit-learn (accuracy, P/R/F1), statsmodels (Wilson intervals) and hand-built
breakdowns by K, question type and difficulty. The judge's labels are written directly (no model): what is
tested is the scoring, not the judge."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from sklearn.metrics import accuracy_score, precision_recall_fscore_support
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import judge_store, queries
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.judge_store import JudgeUnit
from factaudit.engine.project.records import HitRecord

TYPES = ("bridge", "comparison")
LEVELS = ("easy", "hard")


def _questions():
    rows = []
    for q in range(8):
        ctx = [[f"Title {q}-{p}", [f"Sentence one of {q}-{p}.", f"Sentence two of {q}-{p}."]] for p in range(4)]
        rows.append({"_id": f"q{q}", "question": f"Question number {q}?", "answer": f"answer {q}",
                     "type": TYPES[q % 2], "level": LEVELS[(q // 2) % 2], "context": ctx,
                     "supporting_facts": [[f"Title {q}-{q % 4}", 0], [f"Title {q}-{(q + 1) % 4}", 1]]})
    return rows


@pytest.fixture
def judged(tmp_path):
    rows = _questions()
    src = tmp_path / "hotpot.json"
    src.write_text(json.dumps(rows), encoding="utf-8")
    path = tmp_path / "j.faproj"
    p = services.create_project(path)
    services.import_files(p, [src], fmt="hotpotqa", dataset="hp")
    ids = {row.title: row.id for row in queries.iter_passages(p)}
    hits, truth = [], []
    for r in rows:
        for rank, (title, _) in enumerate(r["context"], start=1):
            pid = ids[title]
            hits.append(HitRecord(claim_id=r["_id"], rank=rank, passage_id=pid, score=float(10 - rank)))
            truth.append((r, rank, pid, title in {f[0] for f in r["supporting_facts"]}))
    source = run_store.create_run(p, "imported", {"k": 4})
    run_store.add_hits(p, source, hits)
    run_store.finish_run(p, source, "done")
    judge = run_store.create_run(p, "judge", {"run": source, "target": "evidence", "mode": "care", "with_gold": False})
    rng = random.Random(3)
    expected = []
    for r, rank, pid, gold in truth:
        # a judge right about 70% of the time, one unit a parse failure (no labels: not relevant)
        failed = (r["_id"], rank) == ("q3", 2)
        judged_rel = (gold if rng.random() < 0.7 else not gold) and not failed
        labels = {} if failed else {"polarity": "supports" if judged_rel else "neutral"}
        judge_store.add_unit(p, JudgeUnit(judge, r["_id"], pid, "failed" if failed else "ok", labels), [])
        expected.append({"gold": gold, "judged": judged_rel, "rank": rank, "type": r["type"], "level": r["level"]})
    run_store.finish_run(p, judge, "done")
    p.close()
    assert sum(e["gold"] for e in expected) == 2 * len(rows)
    return path, judge, expected


def _check(fig, rows):
    gold = [e["gold"] for e in rows]
    pred = [e["judged"] for e in rows]
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="binary", zero_division=0)
    assert fig["n"] == len(rows)
    assert fig["accuracy"] == pytest.approx(accuracy_score(gold, pred))
    assert (fig["precision"], fig["recall"], fig["f1"]) == pytest.approx((p, r, f))
    tp = sum(g and q for g, q in zip(gold, pred))
    ref = proportion_confint(tp, sum(gold), alpha=0.05, method="wilson")
    assert fig["recall_ci"] == pytest.approx(list(ref))
    ref = proportion_confint(sum(g == q for g, q in zip(gold, pred)), len(rows), alpha=0.05, method="wilson")
    assert fig["accuracy_ci"] == pytest.approx(list(ref))
    lo, hi = fig["f1_ci"]
    assert lo <= fig["f1"] <= hi


def test_judge_run_scored_against_gold_relevance_overall_by_k_type_and_difficulty(judged):
    path, judge, expected = judged
    res = CliRunner().invoke(cli, ["metrics", str(path), "--run", judge, "--resamples", "500", "--json"])
    assert res.exit_code == 0, res.output
    j = json.loads(res.output)["judge"]
    assert (j["mode"], j["with_gold"], j["n_units"], j["n_parse_failures"]) == ("care", False, 32, 1)
    _check(j["overall"], expected)
    assert set(j["by_k"]) == {"1", "3", "4"}
    for k, fig in j["by_k"].items():
        _check(fig, [e for e in expected if e["rank"] <= int(k)])
    for t in TYPES:
        _check(j["by_question_type"][t], [e for e in expected if e["type"] == t])
    for lv in LEVELS:
        _check(j["by_difficulty"][lv], [e for e in expected if e["level"] == lv])

    text = CliRunner().invoke(cli, ["metrics", str(path), "--run", judge, "--resamples", "500"])
    assert text.exit_code == 0 and "K=3" in text.output and "comparison" in text.output, text.output


def test_a_run_that_is_not_an_evidence_judge_is_refused(judged):
    path, judge, _ = judged
    with services.open_project(path, readonly=True) as p:
        source = run_store.get_run(p, judge).config["run"]
        with pytest.raises(InvalidArgument, match="not an evidence judge run"):
            services.judge_scores(p, source)


def test_the_report_shows_the_judge_run(judged, tmp_path):
    path, judge, _ = judged
    with services.open_project(path) as p:
        services.write_report(p, tmp_path / "rep", ("json", "html", "xlsx"), n_resamples=300)
        direct = services.judge_scores(p, judge, n_resamples=300)
    summary = json.loads((tmp_path / "rep" / "json" / "summary.json").read_text(encoding="utf-8"))
    assert summary["judge"][judge] == json.loads(json.dumps(direct))
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Judge relevance against gold evidence" in html and "first K passages" in html
