"""The Results page's study sections (issue #33): retrieval runs compared, evidence judge runs scored
against gold relevance, aggregate (conflict) runs' five metrics. One small project (8 HotpotQA-style
questions, 7 conflict items) built through services; each section's figures are checked against the
services' own return values and against an independent computation (hand-computed per-claim Recall and
reciprocal rank with statsmodels' Holm, scikit-learn's P/R/F1, a hand count of strict accuracy)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

K = 4
TYPES = ("bridge", "comparison")
LEVELS = ("easy", "hard")
# question, [(document answer, type)], gold answers (as tests/engine/test_conflict_figures.py)
CONFLICT_ROWS = [
    ("What is the population of Alton?", [("3,000 people", "correct"), ("9,000 people", "misinfo")], ["3,000 people"]),
    ("When was Alton founded?", [("December 8, 1987", "correct"), ("March 3, 1990", "misinfo")], ["December 8, 1987"]),
    ("Which city hosts the Alton fair?", [("Paris", "correct"), ("Lyon", "correct")], ["Paris", "Lyon"]),
    ("小镇的人口是多少？", [("3000人", "correct"), ("unknown", "noise")], ["3000人"]),
    ("这个公司的总部在哪里？", [("北京", "correct"), ("上海", "misinfo")], ["北京"]),
    ("What is the capital of Germany?", [("Berlin", "correct"), ("unknown", "noise")], ["Berlin"]),
    ("Who wrote the Alton charter?", [("Anna Smith", "correct"), ("unknown", "noise")], ["Anna Smith"]),
]


def _questions() -> list[dict]:
    """12 questions of 4 paragraphs each; every paragraph names its town (so BM25 ranks the question's own
    four), the two supporting ones also say "river flows past" (so BM25 tends to rank them first)."""
    rows = []
    for q in range(12):
        support = {q % 4, (q + 1) % 4}
        ctx = [[f"Title {q}-{p}", [f"The river flows past Alton{q}ville." if p in support
                                   else f"Alton{q}ville has a market on day {p}.", f"More on {q}-{p}."]] for p in range(4)]
        rows.append({"_id": f"q{q}", "question": f"Which river flows past Alton{q}ville?", "answer": f"river {q % 4}",
                     "type": TYPES[q % 2], "level": LEVELS[(q // 2) % 2], "context": ctx,
                     "supporting_facts": [[f"Title {q}-{p}", 0] for p in sorted(support)]})
    return rows


def build(folder: Path) -> dict:
    """A project with a BM25 run and an imported TREC run that reverses every third claim's ranking and
    puts another question's passage first in the next third (known regressions, no model needed), an
    evidence judge run whose labels are written directly (no model: the scoring is tested, not the judge;
    the judge is right about 70 % of the time), and two aggregate runs (oracle and rules) over RAMDocs items."""
    from factaudit.engine import services
    from factaudit.engine.project import judge_store, queries
    from factaudit.engine.project import runs as run_store
    from factaudit.engine.project.judge_store import JudgeUnit

    folder.mkdir(parents=True, exist_ok=True)
    rows = _questions()
    (folder / "hotpot.json").write_text(json.dumps(rows), encoding="utf-8")
    (folder / "conf.jsonl").write_text("\n".join(json.dumps({
        "question": q, "documents": [{"text": f"The answer is {a}.", "type": t, "answer": a} for a, t in docs],
        "disambig_entity": ["x"], "gold_answers": gold, "wrong_answers": []}, ensure_ascii=False)
        for q, docs, gold in CONFLICT_ROWS) + "\n", encoding="utf-8")
    path = folder / "studies.faproj"
    p = services.create_project(path)
    try:
        services.import_files(p, [folder / "hotpot.json"], fmt="hotpotqa", dataset="hp")
        bm25 = services.retrieve(p, services.RetrievalRequest("bm25", k=K, dataset="hp")).run_id
        lines = []
        for n, (c, hs) in enumerate(sorted(run_store.get_hits(p, bm25).items())):
            order = [h.passage_id for h in sorted(hs, key=lambda h: h.rank)]
            if n % 3 == 0:
                order = order[::-1]
            elif n % 3 == 1:           # the top passage swapped for another question's: Recall may drop
                other = sorted(run_store.get_hits(p, bm25))[(n + 1) % len(rows)]
                order = [run_store.get_hits(p, bm25)[other][-1].passage_id] + order[1:]
            lines += [f"{c} Q0 {pid} {r} {100 - r} swapped\n" for r, pid in enumerate(order, start=1)]
        (folder / "swapped.trec").write_text("".join(lines), encoding="utf-8")
        swapped = services.import_files(p, [folder / "swapped.trec"], fmt="trec", dataset="swapped-run").run_id

        gold = {cid: {g.passage_id for g in gs} for cid, gs in queries.gold_evidence(p).items()}
        judge = run_store.create_run(p, "judge", {"run": bm25, "target": "evidence", "mode": "care", "with_gold": False})
        rng = random.Random(5)
        truth = []
        for cid, hs in sorted(run_store.get_hits(p, bm25).items()):
            for h in hs:
                g = h.passage_id in gold.get(cid, set())
                judged = g if rng.random() < 0.7 else not g
                judge_store.add_unit(p, JudgeUnit(judge, cid, h.passage_id, "ok",
                                                  {"polarity": "supports" if judged else "neutral"}), [])
                truth.append((cid, h.rank, g, judged))
        run_store.finish_run(p, judge, "done")

        services.import_files(p, [folder / "conf.jsonl"], fmt="ramdocs", dataset="conf")
        oracle = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="conf")).run_id
        rules = services.aggregate(p, services.AggregateRequest(variant="rules", dataset="conf")).run_id
    finally:
        p.close()
    return {"path": path, "bm25": bm25, "swapped": swapped, "judge": judge, "truth": truth,
            "oracle": oracle, "rules": rules}


N = 300     # bootstrap resamples: small and fast; the services get the same number and seed


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build(tmp_path_factory.mktemp("studies"))


@pytest.fixture
def view(qtbot, built):
    from factaudit.engine import services
    from factaudit.gui.views.results_view import ResultsView

    project = services.open_project(built["path"])
    v = ResultsView(project, n_resamples=N)
    qtbot.addWidget(v)
    v.resize(1300, 820)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(lambda: not v.loading, timeout=30_000)
    yield v, project
    qtbot.waitUntil(lambda: not any(s.loading for s in v.study_sections), timeout=30_000)
    project.close()


def _rows(table) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def _open(v, qtbot, index: int):
    """Show the study tab `index` (0 retrieval, 1 judge, 2 conflict) and wait for its figures."""
    section = v.study_sections[index]
    assert section.result is None and section.stale       # nothing is read before the tab is shown
    v.lower_tabs.setCurrentWidget(section)
    qtbot.waitUntil(lambda: section.result is not None and not section.loading, timeout=30_000)
    return section


def _per_claim(hits, gold) -> dict[str, tuple[float, float]]:
    """Hand-computed Recall@K and reciprocal rank@K of each claim with gold evidence."""
    out = {}
    for cid, hs in hits.items():
        g = gold.get(cid)
        if not g:
            continue
        top = [h.passage_id for h in sorted(hs, key=lambda h: h.rank)][:K]
        first = next((r for r, pid in enumerate(top, start=1) if pid in g), None)
        out[cid] = (len(g & set(top)) / len(g), 1 / first if first else 0.0)
    return out


def test_retrieval_runs_compared_against_a_hand_count_and_statsmodels_holm(view, qtbot, built):
    from statsmodels.stats.multitest import multipletests

    from factaudit.engine import services
    from factaudit.engine.project import queries
    from factaudit.engine.project import runs as run_store
    from factaudit.gui import i18n
    from factaudit.gui.views.results_parts import _pvalue

    v, project = view
    tabs = [v.lower_tabs.tabText(i) for i in range(v.lower_tabs.count())]
    assert tabs[-3:] == ["Retrieval runs", "Judge runs", "Conflict runs"]
    sec = _open(v, qtbot, 0)
    qtbot.waitUntil(lambda: sec.comparison is not None and not sec.loading, timeout=30_000)
    a, b = built["bm25"], built["swapped"]
    assert (sec.baseline_combo.currentText(), sec.compared_combo.currentText()) == (a, b)
    expected = services.compare_retrieval_runs(project, [a, b], n_resamples=N)
    gold = {cid: {g.passage_id for g in gs} for cid, gs in queries.gold_evidence(project).items()}
    pa, pb = _per_claim(run_store.get_hits(project, a), gold), _per_claim(run_store.get_hits(project, b), gold)
    shared = sorted(set(pa) & set(pb))
    assert expected.n_shared == len(shared) == 12 and expected.k == K
    rows = {r[0]: r for r in _rows(sec.table)}
    assert set(rows) == {f"Recall@{K}", f"MRR@{K}", f"nDCG@{K}"}
    holm = multipletests([d.p for d in expected.deltas], method="holm")[1]
    for d, adjusted in zip(expected.deltas, holm):
        row = rows[f"{ {'recall': 'Recall', 'mrr': 'MRR', 'ndcg': 'nDCG'}[d.metric.split('@')[0]] }@{K}"]
        assert row[1] == i18n.number(d.baseline, 3) and row[2] == i18n.number(d.value, 3)
        assert row[3] == f"{i18n.number(d.delta, 3)} {i18n.interval(*d.delta_ci, 3)}"
        assert row[4] == _pvalue(d.p) and row[5] == _pvalue(adjusted)
        assert row[6:] == [str(d.n_regressed), str(d.n_improved)]
    # the hand count: Recall and RR per claim, B − A
    for j, name in ((0, "Recall"), (1, "MRR")):
        diffs = np.array([pb[c][j] - pa[c][j] for c in shared])
        row = rows[f"{name}@{K}"]
        assert row[1] == i18n.number(np.mean([pa[c][j] for c in shared]), 3)
        assert row[3].startswith(i18n.number(diffs.mean(), 3) + " ")
        assert int(row[6]) == int((diffs < -1e-12).sum()) > 0
        listed = {r[1] for r in _rows(sec.regressions) if r[0] == f"{name}@{K}"}
        assert listed == {c for c, x in zip(shared, diffs) if x < -1e-12}
    n_recall = int(rows[f"Recall@{K}"][6])
    n_mrr = int(rows[f"MRR@{K}"][6])
    assert f"Claims that regress: {n_recall} in Recall@{K}, {n_mrr} in MRR@{K}." in sec.note.text()

    # the other way round: every Δ changes sign, the pair is kept across the page's Refresh
    sec.baseline_combo.setCurrentText(b)
    sec.compared_combo.setCurrentText(a)
    qtbot.waitUntil(lambda: sec.comparison is not None and sec.comparison.runs == [b, a] and not sec.loading,
                    timeout=30_000)
    for d, back in zip(expected.deltas, sec.comparison.deltas):
        assert back.delta == pytest.approx(-d.delta, abs=1e-12)
    v.refresh()
    qtbot.waitUntil(lambda: not sec.loading and sec.comparison is not None, timeout=30_000)
    assert sec.comparison.runs == [b, a]


def test_judge_runs_scored_against_gold_relevance_as_scikit_learn_and_statsmodels(view, qtbot, built):
    from sklearn.metrics import accuracy_score, precision_recall_fscore_support
    from statsmodels.stats.proportion import proportion_confint

    from factaudit.engine import services
    from factaudit.gui import i18n

    v, project = view
    sec = _open(v, qtbot, 1)
    expected = services.judge_scores(project, built["judge"], N)
    truth = built["truth"]

    def figures(units):
        gold, judged = [u[2] for u in units], [u[3] for u in units]
        p, r, f, _ = precision_recall_fscore_support(gold, judged, average="binary", zero_division=0)
        return accuracy_score(gold, judged), p, r, f

    rows = _rows(sec.table)
    assert len(rows) == 1 and rows[0][:4] == [built["judge"], "care", "no", str(len(truth))]
    o = expected["overall"]
    assert rows[0][4:] == [i18n.percent_ci(o[k], o[f"{k}_ci"]) for k in ("accuracy", "precision", "recall", "f1")]
    acc, p, r, f = figures(truth)
    assert (o["accuracy"], o["precision"], o["recall"], o["f1"]) == pytest.approx((acc, p, r, f))
    assert rows[0][4].startswith(i18n.number(100 * acc, 1) + " ")
    assert rows[0][7].startswith(i18n.number(100 * f, 1) + " ")
    tp = sum(g and j for _c, _r, g, j in truth)
    wilson = proportion_confint(tp, sum(g for _c, _r, g, _j in truth), alpha=0.05, method="wilson")
    assert rows[0][6] == i18n.percent_ci(r, wilson)
    # the breakdown below: all, then by K, question type and difficulty, each as a hand-filtered sklearn figure
    detail = {row[0]: row for row in _rows(sec.detail)}
    assert list(detail)[0] == "all" and {"K = 1", f"K = {K}", "type bridge", "type comparison",
                                         "difficulty easy", "difficulty hard"} <= set(detail)
    top1 = [u for u in truth if u[1] <= 1]
    assert detail["K = 1"][1] == str(len(top1)) == "12"
    acc1, p1, r1, f1 = figures(top1)
    assert detail["K = 1"][2].startswith(i18n.number(100 * acc1, 1) + " ")
    assert detail["K = 1"][5] == i18n.percent_ci(f1, expected["by_k"]["1"]["f1_ci"])
    bridge = [u for u in truth if int(u[0][1:]) % 2 == 0]            # q0, q2, …: TYPES[q % 2]
    assert detail["type bridge"][1] == str(len(bridge))
    assert detail["type bridge"][4].startswith(i18n.number(100 * figures(bridge)[2], 1))


def test_conflict_runs_five_metrics_and_breakdowns(view, qtbot, built):
    from factaudit.engine import services
    from factaudit.gui import i18n
    from factaudit.gui.views.results_studies import CONFLICT_METRIC_NAMES

    v, project = view
    sec = _open(v, qtbot, 2)
    rows = _rows(sec.table)
    assert [r[:2] for r in rows] == [[built["oracle"], "oracle"], [built["rules"], "rules"]]
    for row, run in zip(rows, (built["oracle"], built["rules"])):
        fig = services.aggregate_figures(project, run, N)
        assert row[2:4] == [str(fig["n_items"]), str(fig["n_conflict"])]
        assert row[4:] == [i18n.percent_ci(fig["metrics"][m], fig["intervals"][m]) for m in CONFLICT_METRIC_NAMES]
    # hand count: the oracle lists every answer its documents support; strict = exactly the gold set
    strict = [{a for a, t in docs if t != "noise" and a != "unknown"} == set(gold) for _q, docs, gold in CONFLICT_ROWS]
    assert rows[0][2] == str(len(CONFLICT_ROWS))
    assert rows[0][4].startswith(i18n.number(100 * np.mean(strict), 1) + " ")
    # the chosen run's breakdown: two Chinese questions and five English ones
    sec.table.selectRow(1)
    detail = _rows(sec.detail)
    lang = {r[1]: r for r in detail if r[0] == "question language"}
    assert {k: r[2] for k, r in lang.items()} == {"en": "5", "zh": "2"}
    fig = services.aggregate_figures(project, built["rules"], N)["breakdown"]["language"]["zh"]
    assert lang["zh"][3:] == [i18n.percent_ci(fig["metrics"][m], fig["intervals"][m]) for m in CONFLICT_METRIC_NAMES]
    assert {r[0] for r in detail} == {"evidence condition", "conflict type", "question language"}


# ---- a saved unit list as the Results page's subset ---------------------------------------------------
def test_a_unit_list_is_offered_and_scored_as_the_subset(qtbot, tmp_path):
    """On test_results_gold's MedExpert project: a unit list file of 12 sentences chosen as the subset is
    scored beside the full set (against the service and a hand count); a sample Certify draws is offered."""
    from factaudit.engine import services
    from factaudit.engine.project import rater_store
    from factaudit.engine.project import runs as run_store
    from factaudit.gui.views.results_parts import choose_unit_list
    from factaudit.gui.views.results_view import ResultsView
    from test_results_gold import build as build_gold

    path, run_id = build_gold(tmp_path / "g")
    listed = [f"medexpert-{t}:s{k}" for t in range(0, 24, 2) for k in (1,)]           # 12 sentences
    units = tmp_path / "units.txt"
    units.write_text("\n".join(listed) + "\n", encoding="utf-8")
    project = services.open_project(path)
    try:
        v = ResultsView(project, n_resamples=N)
        qtbot.addWidget(v)
        v.resize(1300, 820)
        v.show()
        qtbot.waitUntil(lambda: v.bundle is not None and v.bundle.metrics is not None, timeout=30_000)
        choose_unit_list(v.subset_combo, str(units))
        assert v.subset_combo.currentData() == f"units:{units}"
        qtbot.waitUntil(lambda: ((v.bundle.extras or {}).get("gold_subset") or {}).get("subset") == f"units:{units}",
                        timeout=30_000)
        expected = services.score_run(project, run_id, subset=f"units:{units}", n_resamples=N)["gold_subset"]
        s = expected["sentence"]["R+NE"]
        # hand count: the expert's label of each listed sentence against its one claim's verdict under R+NE
        labels = rater_store.sentence_labels(project, listed)
        verdicts = {cid: x.verdict for cid, x in run_store.get_verdicts(project, run_id).items()}
        flagged = {sid: verdicts[f"{sid}#1"] in ("Refuted", "No Evidence") for sid in listed}
        tp = sum(labels[sid] == "error" and flagged[sid] for sid in listed)
        fn = sum(labels[sid] == "error" and not flagged[sid] for sid in listed)
        fp = sum(labels[sid] != "error" and flagged[sid] for sid in listed)
        assert (s["n"], s["tp"], s["fn"], s["fp"]) == (12, tp, fn, fp)
        rows = {r[0]: r for r in _rows(v.figures_panel.table)}
        row = rows["Subset unit list units.txt, sentence level (R+NE)"]
        assert row[1] == "12" and services.percent_text(s["recall"], s["recall_ci"]) in row[2]
        # the choice survives the next read (the categories are filled again around it)
        v.refresh()
        qtbot.waitUntil(lambda: not v.loading, timeout=30_000)
        assert v.subset_combo.currentData() == f"units:{units}"
        assert [v.subset_combo.itemData(i) for i in range(v.subset_combo.count())][-1] == f"units:{units}"
        # a sample Certify writes is offered, not chosen
        drawn = tmp_path / "drawn.jsonl"
        v.certify_panel.sampleDrawn.emit(str(drawn))
        assert v.subset_combo.findData(f"units:{drawn}") > 0 and v.subset_combo.currentData() == f"units:{units}"
        _settle(qtbot, v)
    finally:
        project.close()


def _settle(qtbot, v) -> None:
    """The page's scoring ends before the project closes."""
    from factaudit.gui.ops import Op

    qtbot.waitUntil(lambda: v._op is None or not v._op.running, timeout=30_000)
    Op.wait_all(30_000)


def test_the_naturalized_stress_test_of_the_chosen_run(view, qtbot, built):
    from factaudit.engine import services
    from factaudit.gui import i18n

    v, project = view
    sec = _open(v, qtbot, 2)
    sec.table.selectRow(1)                                           # the rules run
    assert sec.stress.run_id == built["rules"] and sec.stress.button.isEnabled()
    sec.stress.button.click()
    qtbot.waitUntil(lambda: sec.stress.result is not None and not sec.loading, timeout=30_000)
    expected = services.naturalized_stress(project, built["rules"], N)
    assert sec.stress.result == expected
    rows = _rows(sec.stress.table)
    assert rows[0] == ["Strict accuracy", *(i18n.percent_ci(v_, ci) for v_, ci in (
        (expected["original"]["metrics"]["strict_accuracy"], expected["original"]["intervals"]["strict_accuracy"]),
        (expected["naturalized"]["metrics"]["strict_accuracy"], expected["naturalized"]["intervals"]["strict_accuracy"]),
        (expected["drop"]["strict_accuracy"], expected["drop_intervals"]["strict_accuracy"])))]
    # hand count of the fixture's "The answer is …" documents: two quantities ("people numbering 3,000"), two
    # English dates ("the 8th of December 1987") and the Chinese count ("人数达3000") are rewritten
    assert expected["n_mentions_rewritten"] == 5 and expected["n_docs_rewritten"] == 5
    assert expected["original"]["metrics"] == services.aggregate_figures(project, built["rules"], N)["metrics"]
    assert f"{expected['n_docs_rewritten']} of {expected['n_docs']} documents rewritten" in sec.stress.label.text()
    # another run clears the shown test
    sec.table.selectRow(0)
    assert sec.stress.result is None and sec.stress.table.isHidden()
