"""Answer-level audits (issue #13) on a small pharma-style set built by hand.

Every expected figure below comes from the per-item table `HAND`, written by reading the passages
and records (not by running the code), and from plain formulas; intervals from statsmodels.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine.errors import ImportFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics import answer_audit as aa
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.services import scoring

PASSAGES = {
    "p1": "Warfarin interacts with aspirin and increases bleeding risk.",
    "p2": "Coumadin should not be combined with ibuprofen.",
    "p3": "Metformin is first-line therapy for type 2 diabetes.",
    "p4": "Avoid ＧＲＡＰＥＦＲＵＩＴ  juice with simvastatin.",          # full-width, double space
    "p5": "青霉素过敏患者禁用阿莫西林。",
    "p6": "Lisinopril may cause a dry cough.",
    "p8": "Insulin is added when metformin is not enough.",
    "p9": "Paracetamol is safe in pregnancy at usual doses.",
    "p10": "Amiodarone raises digoxin levels.",
    "p11": "Digoxin toxicity presents with nausea and visual changes.",
}

ITEMS = [
    {"id": "q1", "options": ["aspirin", "ibuprofen", "paracetamol", "metformin"], "gold_options": ["aspirin", "ibuprofen"],
     "risk_tier": "A", "critical": True},
    {"id": "q2", "options": ["阿莫西林", "阿奇霉素", "头孢"], "gold_options": ["阿莫西林"], "risk_tier": "B"},
    {"id": "q3", "options": ["metformin", "insulin", "glipizide"], "gold_options": ["metformin", "insulin"], "risk_tier": "B"},
    {"id": "q4", "options": ["grapefruit juice", "orange juice", "water"], "gold_options": ["grapefruit juice"],
     "risk_tier": "C"},
    {"id": "q5", "options": ["lisinopril", "amlodipine"], "gold_options": ["lisinopril"], "risk_tier": "C"},
    {"id": "q6", "options": ["warfarin", "heparin"], "gold_options": ["warfarin"], "risk_tier": "A"},
    {"id": "q7", "options": ["paracetamol", "ibuprofen", "aspirin"], "gold_options": ["paracetamol"], "risk_tier": "B"},
    {"id": "q8", "options": ["amiodarone", "digoxin", "sotalol"], "gold_options": ["amiodarone", "digoxin"],
     "risk_tier": "A", "option_evidence": {"amiodarone": ["p10"], "digoxin": ["p11"]}},
    {"id": "q9", "options": ["bleeding", "rash", "cough"], "gold_options": ["bleeding"], "risk_tier": "C"},
    {"id": "q10", "options": ["x", "y"], "gold_options": ["x"], "risk_tier": "B"},
]

CHOICES = [
    {"item_id": "q1", "chosen": ["aspirin"], "passages": ["p1", "p3"], "citations": ["p1"], "refused": False},
    {"item_id": "q2", "chosen": ["阿莫西林"], "passages": ["p5"], "citations": ["p5"]},
    {"item_id": "q3", "chosen": ["metformin"], "passages": ["p3", "p8"], "citations": []},
    {"item_id": "q4", "chosen": ["grapefruit juice", "orange juice"], "passages": ["p4"], "citations": ["p4"]},
    {"item_id": "q5", "refused": True, "passages": ["p6"]},                                  # the refusal
    {"item_id": "q6", "chosen": ["warfarin"], "passages": ["p2"], "citations": ["p2"]},     # lexicon synonym
    {"item_id": "q7", "chosen": ["acetaminophen"], "passages": ["p9"], "citations": ["p9"]},  # unlisted synonym
    {"item_id": "q8", "chosen": ["amiodarone", "digoxin"], "passages": ["p10"], "citations": ["p10"]},
    {"item_id": "q9", "chosen": ["bleeding", "cough"], "passages": ["p1", "p6"], "citations": ["p1"]},
    {"item_id": "q10", "chosen": ["x"]},                                                    # saw: not recorded
]

# Read off the passages by hand: gold options / gold with evidence seen / chosen / chosen with evidence
# seen / missed by cause / wrong by cause / refused / cited (None for a refusal).
HAND = {
    # q1: ibuprofen's evidence is p2, not seen -> a retrieval miss
    "q1": dict(g=2, gp=1, c=1, cp=1, miss={"retrieval": 1}, wrong={}, refused=False, cited=True),
    "q2": dict(g=1, gp=1, c=1, cp=1, miss={}, wrong={}, refused=False, cited=True),
    # q3: insulin is in p8, which was seen -> a generation miss; no citation
    "q3": dict(g=2, gp=2, c=1, cp=1, miss={"generation": 1}, wrong={}, refused=False, cited=False),
    # q4: "orange juice" occurs in no seen passage -> made up
    "q4": dict(g=1, gp=1, c=2, cp=1, miss={}, wrong={"unsupported": 1}, refused=False, cited=True),
    # q5: refused although p6 names lisinopril -> a generation miss
    "q5": dict(g=1, gp=1, c=0, cp=0, miss={"generation": 1}, wrong={}, refused=True, cited=None),
    # q6: p2 says Coumadin, the lexicon's synonym of warfarin
    "q6": dict(g=1, gp=1, c=1, cp=1, miss={}, wrong={}, refused=False, cited=True),
    # q7: "acetaminophen" is not a listed option and stands in for paracetamol, whose evidence p9 was
    # seen -> one terminology miss, counted once: not also a wrong option or a chosen option (#26 item 6)
    "q7": dict(g=1, gp=1, c=0, cp=0, miss={"terminology": 1}, wrong={}, refused=False, cited=True),
    # q8: option_evidence names p11 for digoxin; p10 mentions digoxin but is not its evidence
    "q8": dict(g=2, gp=1, c=2, cp=1, miss={}, wrong={}, refused=False, cited=True),
    # q9: "cough" is in p6, which was seen -> misread (in evidence)
    "q9": dict(g=1, gp=1, c=2, cp=2, miss={}, wrong={"in_evidence": 1}, refused=False, cited=True),
    # q10: what the system saw is not recorded: out of the evidence figures; no citation recorded
    "q10": dict(g=None, refused=False, cited=False),
}
TIER = {i["id"]: i["risk_tier"] for i in ITEMS}


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def pharma(project, tmp_path):
    corpus = [{"id": k, "text": v} for k, v in PASSAGES.items()]
    import_files(project, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus")
    items = [{**i, "answer": "-", "question": f"question {i['id']}"} for i in ITEMS]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    run = import_files(project, [_jsonl(tmp_path / "choices.jsonl", CHOICES)], kind="choices").run_id
    lex = tmp_path / "lexicon.yaml"
    lex.write_text("warfarin: [coumadin]\n", encoding="utf-8")
    return project, run, Lexicon.load(lex), tmp_path


def _expected(ids):
    seen = [HAND[i] for i in ids if HAND[i]["g"] is not None]
    known = [HAND[i] for i in ids]
    answered = [h for h in known if h["cited"] is not None]
    g, gp = sum(h["g"] for h in seen), sum(h["gp"] for h in seen)
    c, cp = sum(h["c"] for h in seen), sum(h["cp"] for h in seen)
    return {
        "evidence_coverage": (gp, g), "faithfulness": (cp, c),
        "refusal_rate": (sum(h["refused"] for h in known), len(known)),
        "cited_rate": (sum(bool(h["cited"]) for h in answered), len(answered)),
        "missed_options": {k: sum(h["miss"].get(k, 0) for h in seen) for k in ("retrieval", "generation", "terminology")},
        "wrong_options": {k: sum(h["wrong"].get(k, 0) for h in seen) for k in ("unsupported", "in_evidence")},
        "n_with_passages": len(seen),
    }


def _check(figures: dict, ids) -> None:
    exp = _expected(ids)
    for name in ("evidence_coverage", "faithfulness", "refusal_rate", "cited_rate"):
        k, n = exp[name]
        assert figures[name] == pytest.approx(k / n), name
        lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
        assert figures[f"{name}_ci"] == pytest.approx((lo, hi)), name
    assert figures["missed_options"] == exp["missed_options"]
    assert figures["wrong_options"] == exp["wrong_options"]
    assert figures["n_with_passages"] == exp["n_with_passages"]


def test_audit_figures_match_the_hand_table(pharma):
    project, run, lex, _ = pharma
    m = scoring.score_run(project, run, lexicon=lex, n_resamples=500, seed=7)["multi_answer"]
    _check(m, HAND)
    # the hand totals, spelled out once: 10 of 12 gold options seen, 8 of 10 chosen options seen
    # (q7's off-list term is its terminology miss only)
    assert (m["evidence_coverage"], m["faithfulness"]) == (pytest.approx(10 / 12), pytest.approx(8 / 10))
    assert m["missed_options"] == {"retrieval": 1, "generation": 2, "terminology": 1}
    assert m["wrong_options"] == {"unsupported": 1, "in_evidence": 1}
    assert m["refusal_rate"] == pytest.approx(0.1) and m["cited_rate"] == pytest.approx(7 / 9)
    for tier in "ABC":
        _check(m["tiers"][tier], [i for i in HAND if TIER[i] == tier])


def test_scores_and_their_intervals(pharma):
    project, run, lex, _ = pharma
    m = scoring.score_run(project, run, lexicon=lex, n_resamples=2000, seed=11)["multi_answer"]
    gold = {i["id"]: set(i["gold_options"]) for i in ITEMS}
    syn = {"coumadin": "warfarin"}
    strict, inter, len_ = [], [], []
    for c in CHOICES:
        p = {syn.get(o, o) for o in c.get("chosen", [])}
        g = gold[c["item_id"]]
        hit, wrong = len(p & g), len(p - g)
        strict.append(float(p == g))
        inter.append(hit / len(g) if p <= g else 0.0)
        len_.append(max(0.0, hit / len(g) - 0.2 * wrong))
    assert m["strict"] == pytest.approx(np.mean(strict)) == pytest.approx(0.4)
    assert m["intermediate"] == pytest.approx(np.mean(inter))
    assert m["lenient"] == pytest.approx(np.mean(len_))
    lo, hi = proportion_confint(int(sum(strict)), len(strict), alpha=0.05, method="wilson")
    assert m["strict_ci"] == pytest.approx((lo, hi))
    # the bootstrap of the mean, done the plain way with the same generator and draws
    rng = np.random.default_rng(11)
    x = np.asarray(inter)
    idx = rng.integers(0, len(x), size=(2000, len(x)))
    assert m["intermediate_ci"] == pytest.approx(tuple(np.quantile(x[idx].mean(axis=1), [0.025, 0.975])))
    assert m["intermediate_ci"][0] <= m["intermediate"] <= m["intermediate_ci"][1]
    assert m["lenient_ci"][0] <= m["lenient"] <= m["lenient_ci"][1]


def test_per_item_causes(pharma):
    project, run, lex, _ = pharma
    from factaudit.engine.project import scoring_store
    from factaudit.engine.services.answer_audit import item_audits

    audits = {a.item_id: a for a in item_audits(project, scoring_store.get_predictions(project, run),
                                                scoring_store.option_items(project), lex)}
    for item_id, h in HAND.items():
        a = audits[item_id]
        if h["g"] is None:
            assert not a.has_passages
            continue
        assert (a.n_gold, a.gold_present, a.n_chosen, a.chosen_present) == (h["g"], h["gp"], h["c"], h["cp"]), item_id
        assert {k: v for k, v in a.missed.items() if v} == h["miss"], item_id
        assert {k: v for k, v in a.wrong.items() if v} == h["wrong"], item_id
        assert a.refused == h["refused"] and a.cited == h["cited"], item_id
    assert audits["q7"].causes == [{"option": "paracetamol", "kind": "missed", "cause": "terminology",
                                    "chosen_instead": "acetaminophen"}]


def test_without_the_lexicon_the_synonym_is_not_found(pharma):
    project, run, _lex, _ = pharma
    m = scoring.score_run(project, run, n_resamples=200)["multi_answer"]
    # q6: warfarin's evidence (p2 says Coumadin) is no longer seen: one gold and one chosen option fewer
    assert m["evidence_coverage"] == pytest.approx(9 / 12) and m["faithfulness"] == pytest.approx(7 / 10)


def test_gates_take_the_audit_conditions(pharma):
    project, run, lex, tmp_path = pharma
    gates = tmp_path / "gates.yaml"
    gates.write_text("A: {cited: 1}\nB: {evidence_coverage: 0.95}\nC: {faithfulness: 0.9, max_refusal_rate: 0.5}\n")
    from factaudit.engine.metrics.multi_answer import load_gates

    m = scoring.score_run(project, run, lexicon=lex, gates=load_gates(gates), n_resamples=200)["multi_answer"]
    a, b, c = (m["tiers"][t]["checks"] for t in "ABC")
    assert a["cited"] is True and a["critical_misses"] is False        # 3 of 3 answers cite; q1 missed
    assert b["evidence_coverage"] is True                               # 4 of 4 gold options seen
    assert c["faithfulness"] is False and c["max_refusal_rate"] is True  # 3 of 4 = 0.75; refusals 1 of 3
    gates.write_text("B: {refusal_rate: 0.02}\n")
    m = scoring.score_run(project, run, lexicon=lex, gates=load_gates(gates), n_resamples=200)["multi_answer"]
    assert m["tiers"]["B"]["checks"]["refusal_rate"] is False           # no refusal in tier B
    gates.write_text("B: {faithful: 0.9}\n")
    from factaudit.engine.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="unknown metric 'faithful'"):
        load_gates(gates)


def test_refusal_warning(pharma):
    project, run, lex, tmp_path = pharma
    m = scoring.score_run(project, run, lexicon=lex, n_resamples=200)["multi_answer"]
    assert m["warnings"] == []                    # strict 0.4: no warning
    perfect = [{"item_id": i["id"], "chosen": i["gold_options"], "refused": False} for i in ITEMS]
    run2 = import_files(project, [_jsonl(tmp_path / "perfect.jsonl", perfect)], kind="choices").run_id
    m2 = scoring.score_run(project, run2, lexicon=lex, n_resamples=200)["multi_answer"]
    assert m2["strict"] == 1.0 and m2["refusal_rate"] == 0.0
    assert len(m2["warnings"]) == 4 and "the run: strict 100.0% with refusals at 0.0%" in m2["warnings"][0]
    # no refusal recorded at all: the rate is unknown, not zero, and nothing is claimed
    silent = [{"item_id": i["id"], "chosen": i["gold_options"]} for i in ITEMS]
    run3 = import_files(project, [_jsonl(tmp_path / "silent.jsonl", silent)], kind="choices").run_id
    m3 = scoring.score_run(project, run3, lexicon=lex, n_resamples=200)["multi_answer"]
    assert m3["refusal_rate"] is None and m3["warnings"] == [] and m3["n_with_passages"] == 0


def test_metrics_cli_json_and_text(pharma):
    project, run, _lex, tmp_path = pharma
    from factaudit.engine.cli import cli

    project.close()
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--lexicon",
                                   str(tmp_path / "lexicon.yaml"), "--resamples", "200", "--json"])
    assert res.exit_code == 0, res.output
    m = json.loads(res.output)["multi_answer"]
    assert m["missed_options"] == {"retrieval": 1, "generation": 2, "terminology": 1}
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "200"])
    assert res.exit_code == 0, res.output
    assert "missed options: retrieval 1, generation 2, terminology" in res.output
    assert "refusal rate 10.0 [" in res.output


@pytest.mark.parametrize("rows,kind,where", [
    ([{"id": "z1", "answer": "-", "options": ["a", "b"], "gold_options": ["a"], "option_evidence": {"c": ["p1"]}}],
     "answers", "bad.jsonl:1:option_evidence.c: not one of the item's options"),
    ([{"id": "z1", "answer": "-", "options": ["a"], "gold_options": ["a"], "gold_passages": ["p1", "nope"]}],
     "answers", "bad.jsonl:1:gold_passages: unknown passage 'nope'"),
    ([{"id": "z1", "answer": "-", "options": ["a"], "gold_options": ["a"], "answerable": "perhaps"}],
     "answers", "bad.jsonl:1:answerable: expected true or false"),
    ([{"item_id": "q1", "chosen": ["aspirin"]}, {"item_id": "q2", "chosen": [], "passages": ["p1", "p404"]}],
     "choices", "bad.jsonl:2:passages: unknown passage 'p404'"),
    ([{"item_id": "q1", "chosen": ["aspirin"], "citations": ["p1", "p1"]}],
     "choices", "bad.jsonl:1:citations: passage 'p1' is listed twice"),
    ([{"item_id": "q1", "chosen": ["aspirin"], "refused": True}], "choices", "bad.jsonl:1:refused: a refused answer"),
    ([{"item_id": "q1", "chosen": [], "latency_ms": -3}], "choices", "bad.jsonl:1:latency_ms: must not be negative"),
    ([{"item_id": "q1", "chosen": [], "tokens_in": 2.5}], "choices", "bad.jsonl:1:tokens_in: expected a whole number"),
])
def test_bad_records_fail_whole_with_file_line_field(pharma, rows, kind, where):
    project, _run, _lex, tmp_path = pharma
    before = project.reader().execute("SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM items)").fetchone()
    with pytest.raises(ImportFailed) as err:
        import_files(project, [_jsonl(tmp_path / "bad.jsonl", rows)], kind=kind)
    assert where in str(err.value)
    after = project.reader().execute("SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM items)").fetchone()
    assert before == after


def test_csv_record_shapes_and_id_prefix(project, tmp_path):
    corpus = tmp_path / "corpus.csv"
    corpus.write_text("id,text\np1,Aspirin thins blood.\np2,Heparin too.\n", encoding="utf-8")
    import_files(project, [corpus], kind="corpus", id_prefix="x:")
    items = tmp_path / "items.csv"
    items.write_text('id,answer,options,gold_options,option_evidence,gold_passages,answerable,reference\n'
                     'i1,-,"[""aspirin"", ""heparin""]","[""aspirin"", ""heparin""]",'
                     '"{""heparin"": [""p2""]}","[""p1""]",yes,Both thin the blood.\n', encoding="utf-8")
    import_files(project, [items], kind="answers", id_prefix="x:")
    choices = tmp_path / "choices.csv"
    choices.write_text('item_id,chosen,passages,refused,citations,latency_ms,tokens_in,tokens_out\n'
                       'i1,"[""aspirin""]","[""p1""]",no,"[""p1""]",812.5,1200,40\n', encoding="utf-8")
    run = import_files(project, [choices], kind="choices", id_prefix="x:").run_id
    from factaudit.engine.project import scoring_store

    pred = scoring_store.get_predictions(project, run)["x:i1"]
    assert (pred.passages, pred.citations, pred.refused, pred.latency_ms, pred.tokens_in, pred.tokens_out) == (
        ["x:p1"], ["x:p1"], False, 812.5, 1200, 40)
    meta = scoring_store.option_items(project)[0].meta
    assert meta == {"option_evidence": {"heparin": ["x:p2"]}, "gold_passages": ["x:p1"], "answerable": True,
                    "reference": "Both thin the blood."}
    m = scoring.score_run(project, run, n_resamples=200)["multi_answer"]
    # heparin's evidence is x:p2 (not seen): a retrieval miss; aspirin is in x:p1
    assert m["missed_options"] == {"retrieval": 1, "generation": 0, "terminology": 0}
    assert m["evidence_coverage"] == pytest.approx(0.5)


def test_predictions_stay_immutable(pharma):
    project, run, _lex, _ = pharma
    with pytest.raises(sqlite3.DatabaseError, match="immutable"):
        with project.atomic() as conn:
            conn.execute("UPDATE item_predictions SET detail = NULL WHERE run_id = ?", (run,))


@pytest.mark.parametrize("hay,term,found", [
    ("avoid grapefruit juice", "grapefruit juice", True),
    ("aspirinate is not aspirin", "aspirin", True),
    ("aspirinate only", "aspirin", False),
    ("青霉素过敏患者禁用阿莫西林", "阿莫西林", True),
    ("café au lait", "caf", False),
])
def test_term_matching(hay, term, found):
    assert aa.contains_term(hay, term) is found


def test_report_sections(pharma):
    project, run, lex, tmp_path = pharma
    from factaudit.engine import services

    perfect = [{"item_id": i["id"], "chosen": i["gold_options"], "refused": False} for i in ITEMS]
    run2 = import_files(project, [_jsonl(tmp_path / "perfect.jsonl", perfect)], kind="choices").run_id
    sample = services.draw_review_sample(project, run, 0.5, "risk_tier", seed=1)
    for item in sample.items:
        services.mark_review(project, sample.id, item, item != sample.items[0], None, reviewer="dr z")
    out = tmp_path / "report"
    services.write_report(project, out, ["html", "xlsx", "json"], [run, run2], lexicon=lex, n_resamples=300)
    html = (out / "report.html").read_text(encoding="utf-8")
    for text in ("Where options were lost", "Expert review", "Regression comparison",
                 "strict 100.0% with refusals at 0.0%"):
        assert text in html, text
    summary = json.loads((out / "json" / "summary.json").read_text(encoding="utf-8"))
    m = summary["multi_answer"][run]
    assert m["missed_options"] == {"retrieval": 1, "generation": 2, "terminology": 1}
    n = len(sample.items)
    assert m["acceptable_rate"] == pytest.approx((n - 1) / n)
    comp = summary["answer_comparisons"][0]
    assert (comp["before"], comp["after"]) == (run, run2)
    assert comp["changes"]["strict"]["delta"] == pytest.approx(1.0 - 0.4)
    rows = [json.loads(line) for line in (out / "json" / "per_item.jsonl").read_text(encoding="utf-8").splitlines()]
    q7 = next(r for r in rows if r["run_id"] == run and r["item_id"] == "q7")
    assert q7["answer_audit"]["missed"]["terminology"] == 1
    from openpyxl import load_workbook

    wb = load_workbook(out / "report.xlsx")
    assert {"Answer audit", "Expert review", "Answer regression"} <= set(wb.sheetnames)


def test_failure_layers_by_hand(pharma):
    project, run, lex, tmp_path = pharma
    res = scoring.multi_answer_scores(project, run, lex, n_resamples=200)
    layers = {a["item_id"]: a["layers"] for a in res.audit_items if a["failed"]}
    # read off HAND: q2, q6, q8, q10 are strictly right; q7 lost paracetamol to terminology (acetaminophen)
    assert layers == {"q1": ["retrieval"], "q3": ["generation"], "q4": ["generation"], "q5": ["generation"],
                      "q7": ["terminology"], "q9": ["generation"]}
    assert res.audit["failure_layers"] == {"n_failed": 6, "retrieval": 1, "generation": 4, "terminology": 1,
                                           "data": 0, "unknown": 0}
    assert res.tiers["C"].audit["failure_layers"]["n_failed"] == 3          # q4, q5, q9
    # a gold option found nowhere in the corpus is a data problem; a record without seen passages is unknown
    import_files(project, [_jsonl(tmp_path / "more.jsonl", [
        {"id": "q11", "answer": "-", "options": ["zanubrutinib", "aspirin"], "gold_options": ["zanubrutinib", "aspirin"]},
        {"id": "q12", "answer": "-", "options": ["a", "b"], "gold_options": ["a"]}])], kind="answers")
    rows = [{"item_id": "q11", "chosen": ["aspirin"], "passages": ["p1"]}, {"item_id": "q12", "chosen": ["b"]}]
    run2 = import_files(project, [_jsonl(tmp_path / "c2.jsonl", rows)], kind="choices").run_id
    res2 = scoring.multi_answer_scores(project, run2, lex, n_resamples=200)
    layers2 = {a["item_id"]: a["layers"] for a in res2.audit_items if a["failed"]}
    assert layers2 == {"q11": ["data"], "q12": ["unknown"]}
    # the metrics' missed_options keep the three causes: the data miss is a retrieval miss there
    assert res2.audit["missed_options"]["retrieval"] == 1
    out = tmp_path / "rep"
    from factaudit.engine import services

    services.write_report(project, out, ["html", "xlsx"], [run2], lexicon=lex, n_resamples=200)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Failure attribution" in html and "missed zanubrutinib: data" in html


def test_an_off_list_term_is_counted_once():
    """Gold a, b; a's evidence seen, b's not; the system chose x and y, neither a listed option. x stands
    in for a (one terminology miss, nothing else); y, left over, is a wrong option found in p2 (#26 item 6)."""
    from factaudit.engine.metrics.answer_audit import EvidenceFinder, audit_item, summarise

    text = {"p1": "Alpha is the answer.", "p2": "Some say ypsilon."}
    finder = EvidenceFinder(text.get)
    a = audit_item("i", ["alpha", "beta"], ["xenon", "ypsilon"], ["p1", "p2"], finder,
                   options=["alpha", "beta", "gamma"])
    assert {k: v for k, v in a.missed.items() if v} == {"retrieval": 1, "terminology": 1}
    assert {k: v for k, v in a.wrong.items() if v} == {"in_evidence": 1}
    assert (a.n_chosen, a.chosen_present) == (1, 1)          # xenon is the miss, not a chosen option too
    assert [c["option"] for c in a.causes] == ["alpha", "beta", "ypsilon"]
    assert a.causes[0]["chosen_instead"] == "xenon"
    s = summarise([a])
    assert s["faithfulness"] == 1.0 and s["wrong_options"] == {"unsupported": 0, "in_evidence": 1}
    # without listed options nothing is off-list: both terms are wrong options, the miss is generation
    b = audit_item("i", ["alpha", "beta"], ["xenon", "ypsilon"], ["p1", "p2"], finder)
    assert b.missed["terminology"] == 0 and b.missed["generation"] == 1 and b.n_chosen == 2
    assert b.wrong == {"unsupported": 1, "in_evidence": 1}
