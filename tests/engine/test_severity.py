"""Severity recall (issue #33 item 8): MedExpert's span grades, kept by the importer, give per-severity
and severity-weighted recall in `metrics` and the report; checked against counts made here by hand."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.ingest.sentences import split_sentences
from factaudit.engine.metrics.classification import MAPPINGS, UnitRecord
from factaudit.engine.metrics.severity import WEIGHTS, gravest, severity_recall

GRADES = ("Mild", "Moderate", "Severe")


def test_gravest_and_a_hand_count():
    assert gravest(["Mild", "severe"]) == "Severe" and gravest(["other"]) is None and gravest([]) is None
    units = [UnitRecord("a", True, ["Refuted"]), UnitRecord("b", True, ["Supported"]),
             UnitRecord("c", True, ["Refuted"]), UnitRecord("d", True, ["No Evidence"]),
             UnitRecord("e", True, ["Supported"]), UnitRecord("f", False, ["Refuted"])]
    grades = {"a": ["Mild"], "b": ["Mild"], "c": ["Severe", "Mild"], "d": ["Moderate"], "f": ["Severe"]}
    r = severity_recall(units, grades, "R")
    # Mild: a flagged, b missed -> 1/2; Moderate: d (No Evidence) missed under R -> 0/1; Severe: c -> 1/1
    assert [(r.by_grade[g].tp, r.by_grade[g].n) for g in GRADES] == [(1, 2), (0, 1), (1, 1)]
    assert r.weighted_recall == pytest.approx((1 * 1 + 3 * 1) / (1 * 2 + 2 * 1 + 3 * 1))
    assert (r.n_graded, r.n_ungraded) == (4, 1)                    # e has no grade; f is not an error
    ne = severity_recall(units, grades, "R+NE")
    assert ne.by_grade["Moderate"].tp == 1 and ne.weighted_recall == pytest.approx(6 / 7)


@pytest.fixture
def medexpert(project, tmp_path):
    """A MedExpert export of 16 answers × 3 sentences with graded flags, one claim a sentence, one run."""
    rng = np.random.default_rng(5)
    tasks, claims, verdicts, grade_of = [], [], [], {}
    for t in range(16):
        text = f"Drug {t} is first line. It needs no monitoring at dose {t}. Ask a pharmacist about drug {t}."
        spans = split_sentences(text)
        result = []
        for k, (start, end, _s) in enumerate(spans, start=1):
            sid = f"medexpert-{t}:s{k}"
            if rng.random() < 0.55:
                g = GRADES[int(rng.integers(0, 3))]
                grade_of[sid] = g
                result.append({"id": f"r{t}{k}", "from_name": "factuality_label",
                               "value": {"start": start, "end": end, "labels": [g]}})
            claims.append({"id": f"{sid}#1", "claim": text[start:end], "sentence_id": sid,
                           "item_id": f"medexpert-{t}"})
            verdicts.append({"claim_id": f"{sid}#1", "verdict": ["Refuted", "Supported", "No Evidence"][int(rng.integers(0, 3))]})
        tasks.append({"id": t, "data": {"question": f"q{t}", "response": text, "title": "PC-x"},
                      "completions": [{"result": result}]})
    src = tmp_path / "medexpert.json"
    src.write_text(json.dumps(tasks), encoding="utf-8")
    import_files(project, [src], fmt="medexpert", dataset="medexpert")
    (tmp_path / "c.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims), encoding="utf-8")
    import_files(project, [tmp_path / "c.jsonl"], kind="claims")
    (tmp_path / "v.jsonl").write_text("".join(json.dumps(v) + "\n" for v in verdicts), encoding="utf-8")
    run_id = import_files(project, [tmp_path / "v.jsonl"], kind="verdicts").run_id
    verdict_of = {v["claim_id"].split("#")[0]: v["verdict"] for v in verdicts}
    return project, run_id, grade_of, verdict_of, tmp_path


def test_metrics_severity_matches_hand_counts(medexpert):
    project, run_id, grade_of, verdict_of, _ = medexpert
    out = services.score_run(project, run_id, n_resamples=200)
    for mapping in MAPPINGS:
        sev = out["severity"][mapping]
        num = den = 0.0
        for g in GRADES:
            ids = [s for s, x in grade_of.items() if x == g]
            tp = sum(verdict_of[s] in MAPPINGS[mapping] for s in ids)
            got = sev["by_severity"][g]
            assert (got["tp"], got["n"]) == (tp, len(ids))
            assert got["recall"] == (pytest.approx(tp / len(ids)) if ids else None)
            num, den = num + WEIGHTS[g] * tp, den + WEIGHTS[g] * len(ids)
        assert sev["weighted_recall"] == pytest.approx(num / den)
        assert sev["n_graded"] == len(grade_of) and sev["n_ungraded"] == 0
        # the plain recall on the same sentences is the unweighted figure
        assert out["sentence"][mapping]["tp"] == sum(s["tp"] for s in sev["by_severity"].values())


def test_cli_and_report_show_severity(medexpert):
    from factaudit.engine.cli import cli

    project, run_id, grade_of, _, tmp_path = medexpert
    path = str(project.path)
    project.close()
    r = CliRunner().invoke(cli, ["metrics", path, "--run", run_id, "--resamples", "200"])
    assert r.exit_code == 0, r.output
    assert "recall by severity" in r.output and "Severe" in r.output and "gold: expert" in r.output
    out = tmp_path / "rep"
    rep = CliRunner().invoke(cli, ["report", path, "--out", str(out), "--format", "json,html", "--resamples", "200"])
    assert rep.exit_code == 0, rep.output
    config = json.loads((out / "json" / "config.json").read_text(encoding="utf-8"))
    assert config["severity"][run_id]["R"]["n_graded"] == len(grade_of)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Recall by error severity" in html and "<code>expert</code> sentence labels" in html
