"""Aggregate runs as first-class scored runs (issue #33 item 3): `metrics --run aggregate-N`, `compare` with
intervals, the report's conflict section and the breakdowns by evidence condition, conflict type and
question language, checked against hand labels written into the fixture and an independent count."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli

# question, [(document answer, type)], gold answers, the hand labels: conflict type (None: no conflict), language
ROWS = [
    ("What is the population of Alton?", [("3,000 people", "correct"), ("9,000 people", "misinfo")],
     ["3,000 people"], "number", "en"),
    ("When was Alton founded?", [("December 8, 1987", "correct"), ("March 3, 1990", "misinfo")],
     ["December 8, 1987"], "date", "en"),
    ("Which city hosts the Alton fair?", [("Paris", "correct"), ("Lyon", "correct")],
     ["Paris", "Lyon"], "entity", "en"),
    ("小镇的人口是多少？", [("3000人", "correct"), ("unknown", "noise")], ["3000人"], None, "zh"),
    ("这个公司的总部在哪里？", [("北京", "correct"), ("上海", "misinfo")], ["北京"], "entity", "zh"),
    ("What is the capital of Germany?", [("Berlin", "correct"), ("unknown", "noise")], ["Berlin"], None, "en"),
    ("Who wrote the Alton charter?", [("Anna Smith", "correct"), ("unknown", "noise")], ["Anna Smith"], None, "en"),
]


def _oracle_strict(docs, gold) -> bool:
    """The oracle lists every answer its documents support (noise and "unknown" support none); strict
    accuracy asks for exactly the gold set. The fixture writes equal answers identically."""
    supported = {a for a, t in docs if t != "noise" and a != "unknown"}
    return supported == set(gold)


@pytest.fixture
def project(tmp_path):
    src = tmp_path / "conf.jsonl"
    src.write_text("\n".join(json.dumps({
        "question": q, "documents": [{"text": f"The answer is {a}.", "type": t, "answer": a} for a, t in docs],
        "disambig_entity": ["x"], "gold_answers": gold, "wrong_answers": []}, ensure_ascii=False)
        for q, docs, gold, _, _ in ROWS) + "\n", encoding="utf-8")
    path = tmp_path / "c.faproj"
    p = services.create_project(path)
    services.import_files(p, [src], fmt="ramdocs", dataset="conf")
    oracle = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="conf")).run_id
    rules = services.aggregate(p, services.AggregateRequest(variant="rules", dataset="conf")).run_id
    p.close()
    return path, oracle, rules


def test_metrics_on_an_aggregate_run_gives_the_five_metrics_and_hand_counted_breakdowns(project):
    path, oracle, _ = project
    res = CliRunner().invoke(cli, ["metrics", str(path), "--run", oracle, "--resamples", "500", "--json"])
    assert res.exit_code == 0, res.output
    c = json.loads(res.output)["conflict"]
    assert c["kind"] == "aggregate" and c["variant"] == "oracle" and "not deployable" in c["note"]
    assert c["n_items"] == len(ROWS) and c["n_conflict"] == sum(1 for r in ROWS if r[3])
    strict = [_oracle_strict(docs, gold) for _, docs, gold, _, _ in ROWS]
    assert c["metrics"]["strict_accuracy"] == pytest.approx(np.mean(strict))
    lo, hi = c["intervals"]["strict_accuracy"]
    assert lo <= c["metrics"]["strict_accuracy"] <= hi

    by_type = c["breakdown"]["conflict_type"]
    for ctype in ("number", "date", "entity"):
        members = [s for s, r in zip(strict, ROWS) if r[3] == ctype]
        assert by_type[ctype]["n_items"] == len(members), ctype
        assert by_type[ctype]["metrics"]["strict_accuracy"] == pytest.approx(np.mean(members)), ctype
    by_lang = c["breakdown"]["language"]
    for lang in ("en", "zh"):
        members = [s for s, r in zip(strict, ROWS) if r[4] == lang]
        assert by_lang[lang]["n_items"] == len(members)
        assert by_lang[lang]["metrics"]["strict_accuracy"] == pytest.approx(np.mean(members))
    cond = c["breakdown"]["evidence_condition"]
    assert cond["misinfo"]["n_items"] == sum(1 for r in ROWS if any(t == "misinfo" for _, t in r[1]))
    assert cond["noise"]["n_items"] == sum(1 for r in ROWS if any(t == "noise" for _, t in r[1]))
    assert cond["ambiguous"]["n_items"] == sum(1 for r in ROWS if len(r[2]) > 1)
    assert cond["conflict"]["n_items"] + cond["no-conflict"]["n_items"] == len(ROWS)

    text = CliRunner().invoke(cli, ["metrics", str(path), "--run", oracle, "--resamples", "500"])
    assert text.exit_code == 0 and "by conflict type" in text.output, text.output


def test_compare_gives_intervals_and_the_report_writes_the_conflict_section(project, tmp_path):
    path, oracle, rules = project
    res = CliRunner().invoke(cli, ["compare", str(path), "--runs", f"{oracle},{rules}", "--json"])
    assert res.exit_code == 0, res.output
    comp = json.loads(res.output)
    for r in (oracle, rules):
        lo, hi = comp["intervals"][r]["strict_accuracy"]
        assert lo <= comp["scores"][r]["strict_accuracy"] <= hi

    with services.open_project(path) as p:
        services.write_report(p, tmp_path / "rep", ("json", "html", "xlsx"), n_resamples=300)
    summary = json.loads((tmp_path / "rep" / "json" / "summary.json").read_text(encoding="utf-8"))
    assert set(summary["conflict"]) == {oracle, rules}
    with services.open_project(path, readonly=True) as p:
        direct = services.score_run(p, rules, n_resamples=300)["conflict"]
    assert summary["conflict"][rules]["metrics"] == direct["metrics"]
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Conflict-aware answering runs" in html and "question language" in html

    from openpyxl import load_workbook
    assert "Aggregate runs" in load_workbook(tmp_path / "rep" / "report.xlsx").sheetnames
