"""The figures' definitions in the README and the report (issue #26 items 6, 7): each worked example is
recomputed here by the code that makes the figure (and macro-F1 by scikit-learn), and the report's
workbook carries macro-F1 both ways and the closed regime's denominator with each reason on its row."""
from __future__ import annotations

from pathlib import Path

import pytest
from sklearn.metrics import f1_score

from factaudit.engine.metrics.answer_audit import EvidenceFinder, audit_item, summarise
from factaudit.engine.metrics.classification import RunMetrics, UnitRecord, closed_scores, score_all_mappings
from factaudit.engine.metrics.multi_answer import score_options
from factaudit.engine.reports import artifacts
from factaudit.engine.reports.artifacts import ReportData
from factaudit.engine.reports.html import render_html
from factaudit.engine.reports.xlsx import write_xlsx
from factaudit.engine.services.scoring_units import CLOSED_REASONS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TEMPLATES = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "resources" / "reports").glob("*.j2"))
S, R, A = "Supported", "Refuted", "Ambiguous"


def test_the_macro_f1_example():
    gold, pred = [S, S, R, R], [S, R, R, A]
    c = closed_scores(gold, pred)
    assert c.macro_f1 == pytest.approx(f1_score(gold, pred, labels=[S, R], average="macro"))
    assert c.macro_f1_all_labels == pytest.approx(f1_score(gold, pred, average="macro"))
    assert (round(c.per_class[S]["f1"], 3), round(c.per_class[R]["f1"], 3)) == (0.667, 0.5)
    assert (f"{c.macro_f1:.3f}", f"{c.macro_f1_all_labels:.3f}") == ("0.583", "0.389")
    assert c.macro_f1_classes == [S, R]
    for text in (README, TEMPLATES):
        assert "S, S, R, R" in text and "0.583" in text and "0.389" in text


@pytest.mark.parametrize("chosen, expected", [(["A", "B"], (0, 0.667, 0.667)), (["A", "B", "D"], (0, 0, 0.467)),
                                              (["A", "B", "C"], (1, 1, 1))])
def test_the_strict_intermediate_lenient_example(chosen, expected):
    strict, intermediate, lenient, _, _ = score_options(chosen, ["A", "B", "C"])
    assert (strict, round(intermediate, 3), round(lenient, 3)) == expected
    said = f"{{{', '.join(chosen)}}}"
    assert said in README and said in TEMPLATES


def test_the_answer_audit_example():
    texts = {"p1": "Aspirin and ibuprofen relieve pain.", "p2": "Paracetamol is safe in pregnancy."}
    options = ["aspirin", "ibuprofen", "naproxen", "paracetamol", "celecoxib"]
    item = audit_item("q1", ["aspirin", "ibuprofen", "naproxen"], ["aspirin", "paracetamol", "celecoxib"],
                      ["p1", "p2"], EvidenceFinder(texts.get), options=options, refused=False, citations=["p1"])
    s = summarise([item])
    assert f"{s['evidence_coverage']:.3f}" == f"{s['faithfulness']:.3f}" == "0.667"
    assert s["missed_options"] == {"retrieval": 1, "generation": 1, "terminology": 0}
    assert s["wrong_options"] == {"unsupported": 1, "in_evidence": 1}
    assert (s["refusal_rate"], s["cited_rate"]) == (0.0, 1.0)
    assert score_options(["aspirin", "paracetamol", "celecoxib"], ["aspirin", "ibuprofen", "naproxen"])[:3] \
        == (0.0, 0.0, 0.0)
    for text in (README, TEMPLATES):
        flat = " ".join(text.split())
        assert "chosen {aspirin, paracetamol, celecoxib}" in flat and "coverage 2/3 = 0.667" in flat
        assert "faithfulness 2/3 = 0.667" in flat


def report_data() -> ReportData:
    units = [UnitRecord("s1", True, [R]), UnitRecord("s2", False, [S])]
    scores = score_all_mappings(units, n_resamples=200)
    m = RunMetrics("verify-1", n_parse_failures=2, sentence=scores, claim=scores,
                   closed=closed_scores([S, S, R, R], [S, R, R, A]),
                   closed_unscored={"cut_off_at_max_tokens": 2, "did_not_parse": 1})
    config = {"mapping": "R+NE", "project": "t.faproj", "created": "2026-12-02T07:00:00+00:00", "app_version": "t",
              "runs": [{"run_id": "verify-1", "holds": "verdicts", "provenance": {}}], "n_resamples": 200, "seed": 42}
    return ReportData(config=config, metrics={"verify-1": m})


def test_the_workbook_has_macro_f1_both_ways_and_the_denominator(tmp_path):
    from openpyxl import load_workbook

    write_xlsx(report_data(), tmp_path / "r.xlsx")
    wb = load_workbook(tmp_path / "r.xlsx", read_only=True)
    rows = list(wb["Closed regime"].iter_rows(values_only=True))
    head = rows[0]
    assert {"macro-F1 (gold classes)", "macro-F1 classes", "macro-F1 (all labels)"} <= set(head)
    body = [dict(zip(head, r)) for r in rows[1:]]
    assert [r["class"] for r in body] == [S, R, A]
    assert {r["macro-F1 classes"] for r in body} == {"Supported, Refuted"}
    assert {round(r["macro-F1 (gold classes)"], 3) for r in body} == {0.583}
    assert {round(r["macro-F1 (all labels)"], 3) for r in body} == {0.389}
    denominator = list(wb["Closed denominator"].iter_rows(values_only=True))
    assert denominator[0] == ("run", "claims with a gold verdict", "row", "claims")
    assert denominator[1:] == [
        ("verify-1", 7, "scored (the denominator of every closed figure)", 4),
        ("verify-1", 7, "left out: reply cut off at max tokens", 2),
        ("verify-1", 7, "left out: reply did not parse", 1),
    ]


def test_every_left_out_reason_has_its_report_row():
    assert set(artifacts.CLOSED_LEFT_OUT) == set(CLOSED_REASONS)


def test_the_html_report_defines_the_closed_figures():
    html = " ".join(render_html(report_data()).split())
    assert "Macro-F1 (gold classes) is the mean per-class F1" in html
    assert "left out: reply cut off at max tokens" in html and "macro-F1 (all labels)" in html
