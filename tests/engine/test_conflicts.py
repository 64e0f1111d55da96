"""Conflict-aware answering (issue 14): deterministic grouping, the zero-call variants (`rules`,
`oracle`) as pinned, resumable aggregate runs, the metrics against an independent computation from
the RAMDocs file, and the paired sign tests of `compare`."""
from __future__ import annotations

import json
import re
import sqlite3
import string
import unicodedata
from datetime import datetime

import numpy as np
import pytest
from click.testing import CliRunner
from scipy.stats import binomtest

from factaudit.engine import services
from factaudit.engine.conflicts.aggregate import aggregate
from factaudit.engine.conflicts.grouping import answer_key, group_candidates
from factaudit.engine.conflicts.records import Doc, Extraction, Item
from factaudit.engine.conflicts.repair import repair
from factaudit.engine.conflicts.rules import rules_answer
from factaudit.engine.errors import InvalidArgument, RunCancelled
from factaudit.engine.jobs import CancelToken
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.launcher import cli


# ---- grouping ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("a, b, rule", [
    ("3,559 people", "3559人", "number"),
    ("1.2万人", "12,000 residents", "number"),
    ("三十五公里", "35 km", "number"),
    ("December 8, 1987", "1987年12月8日", "date"),
    ("8 Dec 1987", "一九八七年十二月八日", "date"),
    ("March 1990", "1990年3月", "date"),
    ("ＦＵＬＬ　Ｗｉｄｔｈ！", "full width", "fold"),
    ("The Beatles", "Beatles", "article"),
])
def test_equal_answers_share_a_key_and_name_the_rule(a, b, rule):
    ka, kb = answer_key(a), answer_key(b)
    assert ka.key == kb.key and rule in (ka.rule, kb.rule)
    groups = group_candidates([("d1", a), ("d2", b)])
    assert len(groups) == 1
    assert [d.rule for d in groups[0].decisions] == ["first", rule]


@pytest.mark.parametrize("a, b", [
    ("3,559 people", "10,000 people"), ("35 km", "35 kg"), ("December 8, 1987", "December 9, 1987"),
    ("1987 film", "1987"), ("Mahesh Bhatt", "Raj Kapoor"), ("2010年3月", "2010年4月"),
])
def test_different_answers_stay_apart(a, b):
    assert answer_key(a).key != answer_key(b).key


def test_the_lexicon_joins_synonyms_across_languages():
    lex = Lexicon({"American football": ["美式橄榄球", "gridiron football"]})
    groups = group_candidates([("d1", "American Football"), ("d2", "美式橄榄球"), ("d3", "Golf")], lex)
    assert [g.doc_ids for g in groups] == [["d1", "d2"], ["d3"]]
    assert groups[0].decisions[1].rule == "lexicon"
    assert len(group_candidates([("d1", "American Football"), ("d2", "美式橄榄球")])) == 2   # without it


def test_identical_strings_say_identical_and_empty_answers_are_skipped():
    groups = group_candidates([("d1", "Golf"), ("d2", ""), ("d3", "Golf"), ("d4", None)])
    assert len(groups) == 1 and groups[0].doc_ids == ["d1", "d3"]
    assert [d.rule for d in groups[0].decisions] == ["first", "identical"]


def test_aggregation_answers_lists_a_conflict_or_abstains():
    assert aggregate([]).kind == "abstain"
    one = aggregate(group_candidates([("d1", "Golf"), ("d2", "golf")]))
    assert one.kind == "answer" and not one.explicit_conflict and one.answers[0].doc_ids == ["d1", "d2"]
    many = aggregate(group_candidates([("d1", "Golf"), ("d2", "Tennis"), ("d3", "tennis")]))
    assert many.kind == "conflict" and many.explicit_conflict
    assert [(a.answer, a.doc_ids) for a in many.answers] == [("Tennis", ["d2", "d3"]), ("Golf", ["d1"])]
    assert "Tennis (documents d2, d3)" in many.text


# ---- rules and repair -------------------------------------------------------------------------------
def test_rules_are_conservative():
    q = "What is the population of Broken Bow?"
    assert rules_answer(q, "As of the census of 2010, there were 3,559 people in the city.") == "3,559 people"
    assert rules_answer(q, "there were 3,559 people in 2010 and 3,506 people in 2020") is None   # two values
    assert rules_answer(q, "Broken Bow is a city in Nebraska.") is None
    assert rules_answer("What sport is Bobby Carpenter associated with?",
                        "a former American football linebacker drafted by the Dallas Cowboys") == "American football"
    assert rules_answer("When was Ann born?", "Ann (born March 3, 1950) is a painter") == "March 3, 1950"
    assert rules_answer("这个城市的人口是多少？", "根据2010年人口普查，该市共有3559人。") == "3559人"
    # Chinese numerals with units (#26 item 8): the value as the document writes it, grouped as 3,559
    zh = rules_answer("这个城市的人口是多少？", "根据2010年人口普查，该市共有三千五百五十九人。")
    assert zh == "三千五百五十九人" and answer_key(zh) == answer_key("3,559 people")
    assert answer_key(rules_answer("这个城市的人口是多少？", "该市有三千五百五十九名居民。")).key == "num:3559"
    assert rules_answer("这个城市的人口是多少？", "人口为两万人，另有三万五千人在郊区。") is None   # two values
    assert answer_key("两万人") == answer_key("20,000 people") and answer_key("3.5万人").key == "num:35000"


def test_repair_uses_only_what_extraction_saw():
    doc = Doc("d1", "As of the census of 2010, there were 3,559 people in the city.", "en", "correct", "hidden")
    q = "What is the population of Broken Bow?"
    # a reply that did not parse: the answer field is read from the raw text
    fixed, rep = repair(q, doc, Extraction("d1", None, None, "model", "failed", 'oops {"answer": "3,559 people", "quo'))
    assert fixed.answer == "3,559 people" and rep.rule == "raw_output"
    fixed, rep = repair(q, doc, Extraction("d1", "Unknown", None))
    assert fixed.answer is None and rep.rule == "placeholder"
    fixed, rep = repair(q, doc, Extraction("d1", None, "there were 3,559 people in the city", "model", "none"))
    assert fixed.answer == "3,559 people" and rep.rule == "rules_on_quote"
    fixed, rep = repair(q, doc, Extraction("d1", "10,000", "x"))      # not in the document
    assert fixed.answer == "3,559 people" and rep.rule == "rules_on_document"
    kept, rep = repair(q, doc, Extraction("d1", "3,559 people", "x"))
    assert rep is None and kept.answer == "3,559 people"
    # the document's gold answer and type are never read
    assert "hidden" not in json.dumps([fixed.__dict__, kept.__dict__])


# ---- the RAMDocs file: oracle and rules against an independent computation ---------------------------
_PUNCT = set(string.punctuation)
_FORMATS = ("%B %d %Y", "%d %B %Y", "%b %d %Y", "%d %b %Y", "%Y %m %d")


def plain_norm(text: str) -> str:
    """An independent normaliser written for this test: NFKC, case, punctuation as spaces, thousands
    commas dropped, full English dates as ISO, numbers with counting words as the number, leading articles."""
    s = unicodedata.normalize("NFKC", text).casefold()
    s = re.sub(r"(?<=\d),(?=\d{3}\b)", "", s)
    s = "".join(" " if (c in _PUNCT or unicodedata.category(c).startswith("P")) else c for c in s)
    s = " ".join(s.split())
    s = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", s)
    for fmt in _FORMATS:
        try:
            return datetime.strptime(s, fmt).strftime("%Y-%m-%d")
        except ValueError:
            pass
    for fmt in ("%B %Y", "%b %Y"):
        try:
            return datetime.strptime(s, fmt).strftime("%Y-%m")
        except ValueError:
            pass
    m = re.fullmatch(r"(?:about |approximately |around )?(\d+(?:\.\d+)?)(?: (?:people|residents|inhabitants|persons"
                     r"|person|individuals))?", s)
    if m:
        return "n" + str(float(m.group(1)))
    m = re.fullmatch(r"(\d+(?:\.\d+)?) (thousand|million|billion)(?: people| residents| inhabitants)?", s)
    if m:
        return "n" + str(float(m.group(1)) * {"thousand": 1e3, "million": 1e6, "billion": 1e9}[m.group(2)])
    return re.sub(r"^(the|a|an) ", "", s)


def independent_metrics(rows, predicted):
    """rows: the file's records; predicted: per item (answers, explicit conflict flag)."""
    strict = success = tp = fp = fn = aware = n_conf = answers = unsupported = 0
    for r, (pred_answers, explicit) in zip(rows, predicted):
        gold = {plain_norm(g) for g in r["gold_answers"]}
        supported = {plain_norm(d["answer"]) for d in r["documents"]
                     if d["type"] != "noise" and d["answer"].strip().lower() not in ("", "unknown")}
        pred = {plain_norm(a) for a in pred_answers}
        conflict = len(supported) > 1
        flagged = explicit or len(pred) > 1
        ok = pred == gold
        strict += ok
        success += (explicit and gold <= pred) if conflict else ok
        tp += conflict and flagged
        fp += (not conflict) and flagged
        fn += conflict and not flagged
        n_conf += conflict
        aware += conflict and explicit
        answers += len(pred)
        unsupported += len(pred - supported)
    n = len(rows)
    return {"strict_accuracy": strict / n, "conflict_aware_success": success / n,
            "conflict_f1": 2 * tp / (2 * tp + fp + fn), "conflict_awareness": aware / n_conf,
            "unsupported_ratio": unsupported / answers if answers else None}


@pytest.fixture(scope="module")
def ramdocs(tmp_path_factory, shared_datasets_module):
    path = shared_datasets_module / "ramdocs" / "RAMDocs_test.jsonl"
    proj = tmp_path_factory.mktemp("ramdocs") / "r.faproj"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(proj)]).exit_code == 0
    out = runner.invoke(cli, ["import", str(proj), "--format", "ramdocs", str(path), "--dataset", "ramdocs"])
    assert out.exit_code == 0, out.output
    runs = {}
    for variant in ("oracle", "rules"):
        out = runner.invoke(cli, ["aggregate", str(proj), "--dataset", "ramdocs", "--variant", variant, "--json"])
        assert out.exit_code == 0, out.output
        runs[variant] = json.loads(out.output)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return proj, rows, runs


@pytest.mark.datasets
def test_oracle_metrics_match_an_independent_computation_from_the_file(ramdocs):
    proj, rows, runs = ramdocs
    res = runs["oracle"]
    assert set(res) >= {"run_id", "variant", "n_items", "metrics"} and res["n_items"] == len(rows) == 500
    assert "not deployable" in res["privileged"]
    # the oracle lists every distinct answer its documents support (noise and "unknown" support none)
    predicted = []
    for r in rows:
        seen = {}
        for d in r["documents"]:
            if d["type"] != "noise" and d["answer"].strip().lower() not in ("", "unknown"):
                seen.setdefault(plain_norm(d["answer"]), d["answer"])
        predicted.append((list(seen.values()), len(seen) > 1))
    expected = independent_metrics(rows, predicted)
    assert res["metrics"] == pytest.approx(expected)
    # the oracle's ceiling on RAMDocs: misinformation answers keep strict accuracy down, and gold
    # answers no document supports (77 items) keep conflict-aware success below 1
    assert res["metrics"]["conflict_f1"] == 1.0 and res["metrics"]["unsupported_ratio"] == 0.0
    assert res["metrics"]["conflict_aware_success"] < 1.0


@pytest.mark.datasets
def test_rules_metrics_and_intervals_match_an_independent_computation(ramdocs):
    proj, rows, runs = ramdocs
    res = runs["rules"]
    assert res["model_calls"] == 0 and res["privileged"] is None
    conn = sqlite3.connect(proj)
    stored = {r[0]: (json.loads(r[1]), bool(r[2])) for r in conn.execute(
        "SELECT item_id, answers, conflict FROM conflict_items WHERE run_id = ?", (res["run_id"],))}
    conn.close()
    predicted = [stored[f"ramdocs-{n}"] for n in range(1, len(rows) + 1)]
    assert res["metrics"] == pytest.approx(independent_metrics(rows, predicted))
    # the strict-accuracy interval: 1,000 resamples of the items, seed 13, percentile 2.5 / 97.5
    correct = np.array([{plain_norm(a) for a in p[0]} == {plain_norm(g) for g in r["gold_answers"]}
                        for r, p in zip(rows, predicted)], dtype=float)
    idx = np.random.default_rng(13).integers(0, len(rows), size=(1000, len(rows)))
    lo, hi = np.quantile(correct[idx].mean(axis=1), [0.025, 0.975])
    assert res["intervals"]["strict_accuracy"] == pytest.approx([lo, hi])


@pytest.mark.datasets
def test_compare_gives_paired_sign_tests(ramdocs):
    proj, rows, runs = ramdocs
    a, b = runs["oracle"]["run_id"], runs["rules"]["run_id"]
    out = CliRunner().invoke(cli, ["compare", str(proj), "--runs", f"{a},{b}", "--json"])
    assert out.exit_code == 0, out.output
    comp = json.loads(out.output)
    assert comp["n_shared"] == 500 and comp["variants"] == {a: "oracle", b: "rules"}
    with services.open_project(proj, readonly=True) as p:
        sa = services.conflict_items(p, a)
        sb = {v.item_id: v.score for v in services.conflict_items(p, b)}
    a_only = sum(1 for v in sa if v.score.success and not sb[v.item_id].success)
    b_only = sum(1 for v in sa if sb[v.item_id].success and not v.score.success)
    test = next(t for t in comp["sign_tests"] if t["metric"] == "conflict_aware_success")
    assert (test["a_only"], test["b_only"]) == (a_only, b_only)
    assert test["p_value"] == pytest.approx(binomtest(a_only, a_only + b_only, 0.5).pvalue)
    text = CliRunner().invoke(cli, ["compare", str(proj), "--runs", f"{a},{b}"])
    assert "sign test p" in text.output


# ---- runs: pinned, resumable, immutable, bad input ----------------------------------------------------
def write_items(path, n=6):
    rows = []
    for i in range(n):
        docs = [{"text": f"As of the census of 2010, there were {3000 + i:,} people in Town{i}.", "type": "correct",
                 "answer": f"{3000 + i:,} people"},
                {"text": f"Town{i} had {9000 + i:,} residents according to a blog.", "type": "misinfo",
                 "answer": f"{9000 + i:,} people"} if i % 2 else
                {"text": "Unrelated text about rivers.", "type": "noise", "answer": "unknown"}]
        rows.append({"question": f"What is the population of Town{i}?", "documents": docs,
                     "disambig_entity": [f"Town{i}"], "gold_answers": [f"{3000 + i:,} people"],
                     "wrong_answers": [f"{9000 + i:,} people"] if i % 2 else []})
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return rows


@pytest.fixture
def small(tmp_path):
    src = tmp_path / "small.jsonl"
    write_items(src)
    p = services.create_project(tmp_path / "s.faproj")
    services.import_files(p, [src], fmt="ramdocs", dataset="small")
    yield p
    p.close()


def test_a_cancelled_run_resumes_to_the_same_result(small):
    token = CancelToken()

    def progress(done, total, message=""):
        if done >= 2:
            token.cancel()

    with pytest.raises(RunCancelled) as err:
        services.aggregate(small, services.AggregateRequest(variant="rules", dataset="small"), progress=progress,
                           cancel=token)
    run_id = err.value.run_id
    assert services.get_run(small, run_id).status == "cancelled"
    res = services.aggregate(small, services.AggregateRequest(resume=run_id))
    assert res.run_id == run_id and res.n_items == 6 and res.n_new == 4
    fresh = services.aggregate(small, services.AggregateRequest(variant="rules", dataset="small"))
    assert fresh.metrics == res.metrics
    # every item answered correctly: the rule reads "N people", and misinformation makes a listed conflict
    assert res.metrics["conflict_aware_success"] == 1.0 and res.metrics["conflict_awareness"] == 1.0
    cfg = services.get_run(small, run_id).config
    assert cfg["variant"] == "rules" and cfg["model"] is None and cfg["corpus_hash"]


def test_finished_runs_are_immutable(small):
    res = services.aggregate(small, services.AggregateRequest(variant="oracle", dataset="small"))
    with pytest.raises(sqlite3.DatabaseError, match="immutable"):
        with small.atomic() as conn:
            conn.execute("DELETE FROM conflict_items WHERE run_id = ?", (res.run_id,))
    with pytest.raises(Exception, match="finished"):
        services.aggregate(small, services.AggregateRequest(resume=res.run_id))


def test_bad_input_is_one_line_and_writes_nothing(tmp_path, small):
    path = str(small.path)
    small.close()
    runner = CliRunner()
    for args, reason in ((["--dataset", "nope", "--variant", "rules"], "no dataset 'nope'"),
                         (["--dataset", "small", "--variant", "rules", "--model", "x"], "makes no model calls"),
                         (["--dataset", "small", "--retrieval-run", "retrieve-1"], "one of them"),
                         (["--dataset", "small", "--variant", "oracle", "--lexicon", str(tmp_path / "none.yaml")],
                          "no lexicon file")):
        out = runner.invoke(cli, ["aggregate", path, *args])
        assert out.exit_code == 2 and reason in out.output and len(out.output.strip().splitlines()) == 1
    with services.open_project(path, readonly=True) as p:
        assert [r for r in services.aggregate_runs(p) if r.status == "done"] == []


def test_the_conflicts_view_data_names_the_stage_that_diverged(small):
    res = services.aggregate(small, services.AggregateRequest(variant="rules", dataset="small"))
    views = services.conflict_items(small, res.run_id)
    assert len(views) == 6 and all(v.diverged_at is None for v in views)
    assert {tuple(v.conditions) for v in views} == {("conflict", "misinfo"), ("no-conflict", "noise")}
    item = Item("x", "What sport is Ann associated with?", ["Golf"],
                [Doc("a", "Ann plays golf and tennis.", "en", "correct", "Golf")])
    from factaudit.engine.conflicts.diverge import divergence
    from factaudit.engine.conflicts.variants import run_item

    assert divergence(item, run_item("rules", item)) == "extraction"   # two sports: the rule gives none
    with pytest.raises(InvalidArgument, match="needs a model"):
        run_item("full", item)


def test_a_retrieval_runs_top_k_passages_are_the_documents(small, tmp_path):
    claims = tmp_path / "questions.jsonl"
    claims.write_text("\n".join(json.dumps({"id": f"q{i}", "claim": f"What is the population of Town{i}?",
                                            "item_id": f"ramdocs-{i + 1}"}) for i in range(2)) + "\n")
    services.import_files(small, [claims], fmt="jsonl", kind="claims", dataset="questions")
    trec = tmp_path / "run.trec"
    # q0 gets its own two documents; q1 only its first (k=1 cuts the misinformation document off)
    trec.write_text("q0 Q0 ramdocs-1-d1 1 2.0 t\nq0 Q0 ramdocs-1-d2 2 1.0 t\n"
                    "q1 Q0 ramdocs-2-d1 1 2.0 t\nq1 Q0 ramdocs-2-d2 2 1.0 t\n")
    run = services.import_files(small, [trec], fmt="trec").run_id
    res = services.aggregate(small, services.AggregateRequest(variant="rules", retrieval_run=run, k=1))
    views = {v.item_id: v for v in services.conflict_items(small, res.run_id)}
    assert set(views) == {"q0", "q1"} and [d.id for d in views["q1"].docs] == ["ramdocs-2-d1"]
    assert views["q0"].gold_answers == ["3,000 people"] and views["q0"].result.outcome.answers[0].answer == "3,000 people"
    assert res.metrics["strict_accuracy"] == 1.0 and res.n_conflict == 0
    k2 = services.aggregate(small, services.AggregateRequest(variant="oracle", retrieval_run=run, k=2))
    assert k2.n_conflict == 1 and k2.metrics["conflict_aware_success"] == 1.0   # q1's misinformation now seen


def test_aggregate_prints_and_stores_the_abstain_count(tmp_path):
    """Yes/no questions the rules cannot read: every item abstains, the count is printed and stored,
    and a warning says the 0.0000 figures mean nothing (#26 item 7)."""
    rows = [{"question": f"Is Town{i} on a river?", "documents": [
                {"text": f"Town{i} lies on the river Alm.", "type": "correct", "answer": "yes"}],
             "disambig_entity": [f"Town{i}"], "gold_answers": ["yes"], "wrong_answers": []} for i in range(4)]
    rows.append({"question": "What is the population of Town9?", "documents": [
        {"text": "As of the census of 2010, there were 3,009 people in Town9.", "type": "correct",
         "answer": "3,009 people"}], "disambig_entity": ["Town9"], "gold_answers": ["3,009 people"],
        "wrong_answers": []})
    src = tmp_path / "yesno.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    proj = tmp_path / "y.faproj"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(proj)]).exit_code == 0
    assert runner.invoke(cli, ["import", str(proj), "--format", "ramdocs", str(src), "--dataset", "yn"]).exit_code == 0
    out = runner.invoke(cli, ["aggregate", str(proj), "--dataset", "yn", "--variant", "rules", "--limit", "4"])
    assert out.exit_code == 0, out.output
    conn = sqlite3.connect(proj)
    run_id, = conn.execute("SELECT id FROM runs WHERE kind = 'aggregate' ORDER BY rowid DESC").fetchone()
    stored = conn.execute("SELECT count(*) FROM conflict_items WHERE run_id = ? AND answers = '[]'",
                          (run_id,)).fetchone()[0]
    conn.close()
    assert stored == 4
    assert "abstained on 4 of 4 items" in out.output and "warning: every item abstained" in out.output
    out = runner.invoke(cli, ["aggregate", str(proj), "--dataset", "yn", "--variant", "rules", "--json"])
    res = json.loads(out.output)
    assert res["n_abstained"] == 4 and res["n_items"] == 5        # the population question is answered
    text = runner.invoke(cli, ["aggregate", str(proj), "--dataset", "yn", "--variant", "rules"]).output
    assert "abstained on 4 of 5 items" in text and "warning: every item abstained" not in text
