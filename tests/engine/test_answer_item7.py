"""Issue #34 item 7: the lenient penalty as a parameter, a second rater's gold options with agreement, and
the test-set profile; every figure recomputed here by plain code or another library."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.errors import ImportFailed, InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics import multi_answer as ma

OPTIONS = ["a", "b", "c", "d", "e"]
# the fixture's items: question, gold, and a `source` field on some (the rest fall back to the dataset)
ITEMS = [
    ("q1", "Which drug is NOT safe in pregnancy?", ["a"], "pubmed"),
    ("q2", "Which doses are used?", ["a", "b"], "pubmed"),
    ("q3", "All of the following except", ["c"], "textbook"),
    ("q4", "Which two interact?", ["b", "d"], None),
    ("q5", "Is there none?", ["e"], "textbook"),
    ("q6", "What is the notable effect?", ["a", "c", "e"], None),
    ("q7", "Which should never be combined?", ["d"], "pubmed"),
    ("q8", "Which doesn't apply?", ["b"], None),
]
SECOND = {"q1": ["a"], "q2": ["a"], "q3": ["c"], "q4": ["b", "d"], "q5": ["d", "e"], "q6": ["a", "c", "e"],
          "q7": ["c"]}                         # q8 left unrated by the second rater
CHOSEN = {"q1": ["a", "b"], "q2": ["a", "b", "c"], "q3": ["c"], "q4": ["b"], "q5": ["a", "b", "e"],
          "q6": ["a", "c", "d", "e"], "q7": ["a", "b", "c"], "q8": ["b"]}


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def rated(project, tmp_path):
    items = [{"id": i, "question": q, "answer": "-", "options": OPTIONS, "gold_options": g,
              **({"source": s} if s else {})} for i, q, g, s in ITEMS]
    import_files(project, [_jsonl(tmp_path / "mcq.jsonl", items)], kind="answers", dataset="mcq")
    run = import_files(project, [_jsonl(tmp_path / "run.jsonl", [{"item_id": k, "chosen": v}
                                                                   for k, v in CHOSEN.items()])], kind="choices").run_id
    return project, run, tmp_path


# ---- 1. the lenient penalty ---------------------------------------------------------------------------
def _lenient(pred: set, gold: set, p: float) -> float:
    if not gold:
        return 1.0 if not pred else max(0.0, 0.0 - p * len(pred))
    return max(0.0, len(pred & gold) / len(gold) - p * len(pred - gold))


def test_lenient_matches_a_plain_reference_for_several_penalties():
    rng = random.Random(7)
    for penalty in (0.0, 0.1, 0.2, 0.5, 1.0):
        for _ in range(300):
            gold = set(rng.sample(OPTIONS, rng.randint(1, 4)))
            pred = set(rng.sample(OPTIONS, rng.randint(0, 5)))
            assert ma.score_options(sorted(pred), sorted(gold), penalty=penalty)[2] == pytest.approx(
                _lenient(pred, gold, penalty))
    # the default is the documented 0.2
    assert ma.score_options(["a", "b"], ["a"])[2] == pytest.approx(0.8)


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), True, "0.2"])
def test_a_penalty_outside_0_to_1_is_refused(rated, bad):
    project, run, _ = rated
    with pytest.raises(InvalidArgument, match="penalty"):
        services.multi_answer_scores(project, run, n_resamples=100, lenient_penalty=bad)


def test_the_penalty_reaches_the_run_scores_the_comparison_and_the_cli(rated):
    project, run, tmp_path = rated
    gold = {i: set(g) for i, _q, g, _s in ITEMS}
    for penalty in (0.0, 0.35):
        res = services.multi_answer_scores(project, run, n_resamples=200, lenient_penalty=penalty)
        want = sum(_lenient(set(CHOSEN[i]), gold[i], penalty) for i in gold) / len(gold)
        assert res.lenient == pytest.approx(want) and res.to_json()["lenient_penalty"] == penalty
    run2 = import_files(project, [_jsonl(tmp_path / "run2.jsonl", [{"item_id": k, "chosen": sorted(gold[k])}
                                                                     for k in gold])], kind="choices").run_id
    (comp,) = services.compare_answer_runs(project, [run, run2], n_resamples=200, lenient_penalty=0.5)
    before = sum(_lenient(set(CHOSEN[i]), gold[i], 0.5) for i in gold) / len(gold)
    assert comp.changes["lenient"].before == pytest.approx(before) and comp.to_json()["lenient_penalty"] == 0.5

    from factaudit.engine.cli import cli

    figures = {}
    for penalty in ("0.2", "0.6"):
        out = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "100",
                                       "--lenient-penalty", penalty, "--json"])
        assert out.exit_code == 0, out.output
        m = json.loads(out.output)["multi_answer"]
        assert m["lenient_penalty"] == float(penalty)
        figures[penalty] = m["lenient"]
        assert m["lenient"] == pytest.approx(sum(_lenient(set(CHOSEN[i]), gold[i], float(penalty))
                                                 for i in gold) / len(gold))
    assert figures["0.6"] < figures["0.2"]
    text = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "100",
                                    "--lenient-penalty", "0.6"])
    assert "lenient (penalty 0.6)" in text.output
    bad = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--lenient-penalty", "2"])
    assert bad.exit_code != 0


# ---- 2. a second rater's gold options -----------------------------------------------------------------
def _import_second(project, tmp_path, rows=None, rater="rater2"):
    rows = rows if rows is not None else [{"item_id": k, "gold_options": v} for k, v in SECOND.items()]
    return services.import_gold_options(project, _jsonl(tmp_path / f"{rater}.jsonl", rows), rater)


def test_agreement_against_sklearn_and_statsmodels(rated):
    from sklearn.metrics import cohen_kappa_score
    from statsmodels.stats.proportion import proportion_confint

    project, _run, tmp_path = rated
    assert _import_second(project, tmp_path)["n_items"] == len(SECOND)
    res = services.gold_agreement(project)
    gold = {i: set(g) for i, _q, g, _s in ITEMS}
    shared = [i for i in gold if i in SECOND]
    a = [int(o in gold[i]) for i in shared for o in OPTIONS]
    b = [int(o in SECOND[i]) for i in shared for o in OPTIONS]
    same = sum(gold[i] == set(SECOND[i]) for i in shared)
    assert (res.n_items, res.n_decisions, res.n_exact, res.only_first, res.only_second) == (
        len(shared), len(shared) * len(OPTIONS), same, 1, 0)
    assert res.kappa == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    # and by the textbook formula, so the check does not rest on one library
    n = len(a)
    po = sum(x == y for x, y in zip(a, b)) / n
    pe = (sum(a) / n) * (sum(b) / n) + (1 - sum(a) / n) * (1 - sum(b) / n)
    assert res.kappa == pytest.approx((po - pe) / (1 - pe), abs=1e-12)
    assert res.exact == pytest.approx(same / len(shared))
    assert res.exact_ci == pytest.approx(proportion_confint(same, len(shared), method="wilson"), abs=1e-12)
    diffs = {d.item_id: (d.only_first, d.only_second) for d in res.differences}
    assert diffs == {i: (sorted(gold[i] - set(SECOND[i])), sorted(set(SECOND[i]) - gold[i]))
                     for i in shared if gold[i] != set(SECOND[i])}


def test_gold_import_checks_every_record_and_writes_nothing_on_error(rated):
    project, _run, tmp_path = rated
    bad = [{"item_id": "q1", "gold_options": ["a"]}, {"item_id": "nope", "gold_options": ["a"]},
           {"item_id": "q2", "gold_options": ["z"]}, {"item_id": "q3"}]
    with pytest.raises(ImportFailed) as err:
        _import_second(project, tmp_path, bad)
    where = [(p.line, p.field) for p in err.value.problems]
    assert where == [(2, "item_id"), (3, "gold_options"), (4, "gold_options")]
    assert services.gold_raters(project) == []
    with pytest.raises(InvalidArgument):
        services.gold_agreement(project)          # nothing imported
    with pytest.raises(InvalidArgument):
        _import_second(project, tmp_path, rater="expert")
    # a re-import replaces the rater's sets
    _import_second(project, tmp_path)
    _import_second(project, tmp_path, [{"item_id": "q1", "gold_options": ["a"]}])
    assert services.gold_agreement(project, "rater2").n_items == 1


def test_import_and_agreement_cli(rated):
    import csv

    from factaudit.engine.cli import cli

    project, _run, tmp_path = rated
    with open(tmp_path / "second.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["item_id", "gold_options"])
        w.writerows([k, json.dumps(v)] for k, v in SECOND.items())
    project.close()                   # the command opens the file for writing itself
    imp = CliRunner().invoke(cli, ["gold-options", "import", str(project.path), str(tmp_path / "second.csv"),
                                   "--rater", "rater2", "--json"])
    assert imp.exit_code == 0, imp.output
    assert json.loads(imp.output)["n_items"] == len(SECOND)
    out = CliRunner().invoke(cli, ["gold-options", "agreement", str(project.path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["second"] == "rater2" and data["n_items"] == len(SECOND)
    text = CliRunner().invoke(cli, ["gold-options", "agreement", str(project.path)]).output
    assert "Cohen's kappa" in text and "q2:" in text and "q3:" not in text


# ---- 3. the test-set profile and the report -----------------------------------------------------------
NEGATION = re.compile(r"\b(not|no|none|never|except)\b|n't\b", re.I)   # the README's core words


def _expected_profile():
    n = len(ITEMS)
    sources: dict[str, int] = {}
    for _i, _q, _g, s in ITEMS:
        sources[s or "mcq"] = sources.get(s or "mcq", 0) + 1
    return {"n_items": n, "sources": sources, "n_multi": sum(len(g) > 1 for _i, _q, g, _s in ITEMS),
            "n_negation": sum(bool(NEGATION.search(q)) for _i, q, _g, _s in ITEMS),
            "distractors_mean": sum(len(OPTIONS) - len(g) for _i, _q, g, _s in ITEMS) / n}


def test_profile_recomputed_from_the_fixture_rows(rated):
    project, _run, _ = rated
    p = services.answer_set_profile(project)
    want = _expected_profile()
    assert (p.n_items, p.sources, p.n_multi, p.n_negation) == (want["n_items"], want["sources"], want["n_multi"],
                                                               want["n_negation"])
    assert p.multi_share == pytest.approx(want["n_multi"] / want["n_items"])
    assert p.negation_share == pytest.approx(want["n_negation"] / want["n_items"])
    assert p.distractors_mean == pytest.approx(want["distractors_mean"]) and p.n_with_options == len(ITEMS)
    assert "notable" not in "".join(NEGATION.findall("notable"))       # q6's "notable" is no negation


def test_report_holds_penalty_profile_and_agreement(rated):
    project, run, tmp_path = rated
    _import_second(project, tmp_path)
    out = tmp_path / "report"
    services.write_report(project, out, ("html", "json", "xlsx"), [run], n_resamples=200)
    summary = json.loads((out / "json" / "summary.json").read_text(encoding="utf-8"))
    assert summary["multi_answer"][run]["lenient_penalty"] == 0.2
    sets = summary["answer_sets"]
    want = _expected_profile()
    assert sets["profile"]["n_items"] == want["n_items"] and sets["profile"]["sources"] == want["sources"]
    assert sets["profile"]["distractors_mean"] == pytest.approx(want["distractors_mean"])
    agreement = services.gold_agreement(project).to_json()
    assert sets["gold_agreement"]["rater2"]["kappa"] == pytest.approx(agreement["kappa"])
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Multi-answer test set" in html and "Gold options of two raters" in html and "lenient penalty" in html
    assert "Items whose two gold sets differ" in html and ">q2<" in html
    # the report command's penalty reaches its figures
    from factaudit.engine.cli import cli

    out2 = tmp_path / "report-0.5"
    res = CliRunner().invoke(cli, ["report", str(project.path), "--out", str(out2), "--format", "json", "--runs", run,
                                   "--resamples", "100", "--lenient-penalty", "0.5"])
    assert res.exit_code == 0, res.output
    m = json.loads((out2 / "json" / "summary.json").read_text(encoding="utf-8"))["multi_answer"][run]
    gold = {i: set(g) for i, _q, g, _s in ITEMS}
    assert m["lenient_penalty"] == 0.5 and m["lenient"] == pytest.approx(
        sum(_lenient(set(CHOSEN[i]), gold[i], 0.5) for i in gold) / len(gold))


def test_the_readme_examples():
    from sklearn.metrics import cohen_kappa_score
    from statsmodels.stats.proportion import proportion_confint

    from factaudit.engine.metrics import option_sets

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Multi-answer scores"):readme.index("## Desktop bundle")]
    for penalty, text in ((0.2, "0.467"), (0.5, "0.167"), (0.0, "0.667")):
        assert f"{ma.score_options(['A', 'B', 'D'], ['A', 'B', 'C'], penalty=penalty)[2]:.3f}" == text
        assert f"{text} at p = {penalty:g}" in section
    items = [option_sets.RatedItem("1", list("ABCD"), ["A", "B"], ["A"]),
             option_sets.RatedItem("2", list("ABCD"), ["C"], ["C"])]
    res = option_sets.option_agreement(items, "expert", "second")
    a, b, _exact, _without = option_sets.decisions(items)
    assert res.kappa == pytest.approx(cohen_kappa_score(a, b))
    lo, hi = proportion_confint(1, 2, method="wilson")
    assert f"κ = {res.kappa:.3f}" in section and f"[{lo:.3f}, {hi:.3f}]" in section and res.exact == 0.5
    assert option_sets.has_negation("Which drug is NOT safe?") and not option_sets.has_negation("the notable effect")
    for word in ("not", "except", "never", "no", "none"):
        assert word in option_sets.NEGATIONS and word in section
