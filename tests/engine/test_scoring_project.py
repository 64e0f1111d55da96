"""Scoring on real project files: imported verdicts/choices/candidates, metrics, compare, the CLI."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from sklearn.metrics import precision_recall_fscore_support

from factaudit.engine.errors import ImportFailed, InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord
from factaudit.engine.services import scoring

CATS = ("cardiology", "dermatology", "oncology")


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def published_verdicts(kind: str) -> tuple[list[str], list[str]]:
    """Verdicts for 86 erroneous and 139 correct sentences reproducing the seed study's rows under R."""
    if kind == "A":   # TP=30, FP=25 under R; NE and Ambiguous spread so the other mappings differ
        err = ["Refuted"] * 30 + ["No Evidence"] * 10 + ["Ambiguous"] * 5 + ["Supported"] * 41
        ok = ["Refuted"] * 25 + ["No Evidence"] * 8 + ["Ambiguous"] * 4 + ["Supported"] * 102
    else:             # TP=22, FP=17 under R
        err = ["Refuted"] * 22 + ["No Evidence"] * 12 + ["Ambiguous"] * 2 + ["Supported"] * 50
        ok = ["Refuted"] * 17 + ["No Evidence"] * 20 + ["Ambiguous"] * 1 + ["Supported"] * 101
    return err, ok


@pytest.fixture
def study(project, tmp_path):
    """225 labelled sentences (86 erroneous) in 45 answers, one claim each, and two imported verify runs."""
    labels = ["error"] * 86 + ["correct"] * 139
    order = np.random.default_rng(0).permutation(225)
    answers, claims = [], []
    sent_label = {}
    for item in range(45):
        sents = []
        for k in range(5):
            n = int(order[item * 5 + k])
            sid = f"a{item}:s{k + 1}"
            sents.append({"id": sid, "text": f"Sentence {n}.", "label": labels[n]})
            claims.append({"id": f"{sid}#1", "claim": f"Sentence {n}.", "sentence_id": sid, "item_id": f"a{item}"})
            sent_label[sid] = labels[n]
        answers.append({"id": f"a{item}", "answer": " ".join(s["text"] for s in sents), "sentences": sents,
                        "category": CATS[item % 3]})
    import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    runs = {}
    for kind in ("A", "B"):
        err, ok = published_verdicts(kind)
        it_err, it_ok = iter(err), iter(ok)
        rows = [{"claim_id": c["id"], "verdict": next(it_err) if sent_label[c["sentence_id"]] == "error" else next(it_ok),
                 "reasoning": "r"} for c in claims]
        path = _jsonl(tmp_path / f"verdicts_{kind}.jsonl", rows)
        runs[kind] = import_files(project, [path], kind="verdicts").run_id
    return project, runs, sent_label, tmp_path


def test_imported_verdicts_make_a_finished_run_with_provenance(study):
    project, runs, _, tmp_path = study
    info = run_store.get_run(project, runs["A"])
    assert info.id.startswith("imported-") and info.status == "done"
    assert info.provenance["source"] == "imported" and info.provenance["kind"] == "verify"
    sha = hashlib.sha256((tmp_path / "verdicts_A.jsonl").read_bytes()).hexdigest()
    assert info.provenance["files"][0]["sha256"] == sha
    assert len(run_store.get_verdicts(project, runs["A"])) == 225


def test_bad_verdict_files_are_refused_with_a_location(study):
    project, _, _, tmp_path = study
    bad = _jsonl(tmp_path / "bad.jsonl", [{"claim_id": "a0:s1#1", "verdict": "Refuted"},
                                          {"claim_id": "nope", "verdict": "Refuted"},
                                          {"claim_id": "a0:s2#1", "verdict": "Maybe"}])
    with pytest.raises(ImportFailed) as err:
        import_files(project, [bad], kind="verdicts")
    where = {(p.line, p.field) for p in err.value.problems}
    assert (3, "verdict") in where
    dup = _jsonl(tmp_path / "dup.jsonl", [{"claim_id": "a0:s1#1", "verdict": "Refuted"},
                                          {"claim_id": "a0:s1#1", "verdict": "Supported"}])
    with pytest.raises(ImportFailed, match="dup.jsonl:2:claim_id"):
        import_files(project, [dup], kind="verdicts")
    unknown = _jsonl(tmp_path / "unknown.jsonl", [{"claim_id": "nope", "verdict": "Refuted"}])
    with pytest.raises(ImportFailed, match="unknown claim"):
        import_files(project, [unknown], kind="verdicts")


def test_metrics_reproduce_the_published_rows(study):
    project, runs, sent_label, _ = study
    m = scoring.run_metrics(project, runs["A"])
    r = m.sentence["R"]
    assert (r.tp, r.fp, r.fn, r.tn) == (30, 25, 56, 114)
    assert round(r.precision, 3) == 0.545 and round(r.recall, 3) == 0.349 and round(r.f1, 3) == 0.426
    assert [round(x, 3) for x in r.recall_ci] == [0.257, 0.454]
    assert (m.sentence["R+NE"].tp, m.sentence["R+NE"].fp) == (40, 33)
    assert (m.sentence["R+NE+A"].tp, m.sentence["R+NE+A"].fp) == (45, 37)
    # one claim per sentence: claim level equals sentence level
    assert m.claim["R+NE"].to_json() == m.sentence["R+NE"].to_json()
    assert m.n_sentences == 225 and m.n_parse_failures == 0 and m.n_unscored == 0
    assert set(m.by_category) == set(CATS)
    assert sum(s["R"].n for s in m.by_category.values()) == 225
    b = scoring.run_metrics(project, runs["B"]).sentence["R"]
    assert round(b.recall, 3) == 0.256 and [round(x, 3) for x in b.recall_ci] == [0.175, 0.357]
    assert round(b.f1, 3) == 0.352


def test_sentence_aggregation_parse_failures_and_unscored(project, tmp_path):
    answers = [{"id": "q", "answer": "One. Two. Three. Four.", "category": "x", "sentences": [
        {"id": "q:s1", "text": "One.", "label": "error"}, {"id": "q:s2", "text": "Two.", "label": "correct"},
        {"id": "q:s3", "text": "Three.", "label": "error"}, {"id": "q:s4", "text": "Four.", "label": "correct"}]}]
    claims = [{"id": "q:s1#1", "claim": "One a", "sentence_id": "q:s1", "item_id": "q"},
              {"id": "q:s1#2", "claim": "One b", "sentence_id": "q:s1", "item_id": "q"},
              {"id": "q:s2#1", "claim": "Two", "sentence_id": "q:s2", "item_id": "q"},
              {"id": "q:s3#1", "claim": "Three a", "sentence_id": "q:s3", "item_id": "q"},
              {"id": "q:s3#2", "claim": "Three b", "sentence_id": "q:s3", "item_id": "q"}]
    import_files(project, [_jsonl(tmp_path / "ans.jsonl", answers)], kind="answers")
    import_files(project, [_jsonl(tmp_path / "cl.jsonl", claims)], kind="claims")
    run = run_store.create_run(project, "verify", {"test": True})
    for cid, verdict, status in [("q:s1#1", "Supported", "ok"), ("q:s1#2", "Refuted", "ok"),
                                 ("q:s2#1", "No Evidence", "repaired"), ("q:s3#1", None, "failed"),
                                 ("q:s3#2", "Refuted", "ok")]:
        run_store.add_verdict(project, run, VerdictRecord(cid, verdict, status))
    run_store.finish_run(project, run, "done")
    m = scoring.run_metrics(project, run, n_resamples=500)
    # s1 is flagged by its second claim; s3 has a parse failure; s4 has no claims
    assert m.n_parse_failures == 1
    assert m.unscored == {"parse_failed": 1, "no_claims": 1, "missing_verdict": 0} and m.n_unscored == 2
    assert (m.sentence["R"].tp, m.sentence["R"].fp, m.sentence["R"].fn, m.sentence["R"].tn) == (1, 0, 0, 1)
    assert (m.sentence["R+NE"].tp, m.sentence["R+NE"].fp) == (1, 1)
    # claim level: 4 parsed claims with labels inherited from their sentences
    truth = [True, True, False, True]
    pred_r = [False, True, False, True]
    p, r, f, _ = precision_recall_fscore_support(truth, pred_r, average="binary")
    c = m.claim["R"]
    assert c.n == 4 and (c.precision, c.recall, c.f1) == pytest.approx((p, r, f))


def test_compare_two_imported_runs(study):
    project, runs, _, _ = study
    comp = scoring.compare_runs(project, [runs["A"], runs["B"]], "R", "sentence", n_resamples=2_000)
    assert comp.n_shared == 225 and comp.strata == "category"
    pair = comp.pairs[0]
    assert pair.delta_recall == pytest.approx(22 / 86 - 30 / 86)
    assert pair.delta_f1 == pytest.approx(0.352 - 60 / 141)
    assert pair.mcnemar_p_holm == pytest.approx(pair.mcnemar_p)  # one pair: Holm changes nothing
    with pytest.raises(InvalidArgument):
        scoring.compare_runs(project, [runs["A"]])


def test_choices_and_candidates_imports(project, tmp_path):
    items = [
        {"id": "m1", "answer": "x", "options": ["warfarin", "aspirin", "ibuprofen"], "gold_options": ["warfarin"],
         "risk_tier": "A", "critical": True},
        {"id": "m2", "answer": "y", "options": ["a", "b", "c"], "gold_options": ["a", "b"], "risk_tier": "C"},
    ]
    import_files(project, [_jsonl(tmp_path / "mc.jsonl", items)], kind="answers")
    choices = _jsonl(tmp_path / "choices.jsonl", [{"item_id": "m1", "chosen": ["Coumadin"]},
                                                  {"item_id": "m2", "chosen": ["a", "c"]}])
    run = import_files(project, [choices], kind="choices").run_id
    lex_path = tmp_path / "lex.yaml"
    lex_path.write_text("warfarin: [coumadin]\n")
    from factaudit.engine.metrics.multi_answer import Lexicon

    res = scoring.multi_answer_scores(project, run, Lexicon.load(lex_path))
    assert res.n == 2 and res.tiers["A"].passed is True and res.tiers["A"].critical_misses == 0
    assert res.tiers["C"].lenient == pytest.approx(0.3) and res.tiers["C"].passed is False
    without = scoring.multi_answer_scores(project, run)
    assert without.tiers["A"].critical_misses == 1 and without.tiers["A"].passed is False

    with pytest.raises(ImportFailed, match="unknown item"):
        import_files(project, [_jsonl(tmp_path / "c2.jsonl", [{"item_id": "zz", "chosen": []}])], kind="choices")

    conflict_items = [{"id": "r1", "answer": "-", "gold_answers": ["Paris", "Lyon"]},
                      {"id": "r2", "answer": "-", "gold_answers": ["42"]}]
    import_files(project, [_jsonl(tmp_path / "conf.jsonl", conflict_items)], kind="answers")
    cands = _jsonl(tmp_path / "cands.jsonl", [{"item_id": "r1", "answers": ["paris", "Lyon"], "conflict": True},
                                              {"item_id": "r2", "answers": ["42"], "conflict": False}])
    crun = import_files(project, [cands], kind="candidates").run_id
    with pytest.raises(ImportFailed, match="conflict"):
        import_files(project, [_jsonl(tmp_path / "c3.jsonl", [{"item_id": "r1", "answers": []}])], kind="candidates")
    res2 = scoring.conflict_scores(project, crun)
    # no documents in this project: items are not conflicts, and every answer is unsupported
    assert res2.n == 2 and res2.n_conflict == 0 and res2.unsupported_ratio == 1.0
    assert res2.success == pytest.approx(1.0)
    assert scoring.scorable_runs(project) == {run: "choices", crun: "candidates"}


def test_conflict_scores_on_ramdocs_items(project, tmp_path):
    rows = [
        {"question": "Q1?", "documents": [{"text": "d", "type": "correct", "answer": "Paris"},
                                          {"text": "d", "type": "misinfo", "answer": "Lyon"},
                                          {"text": "d", "type": "noise", "answer": "unknown"}],
         "disambig_entity": ["x"], "gold_answers": ["Paris"], "wrong_answers": ["Lyon"]},
        {"question": "Q2?", "documents": [{"text": "d", "type": "correct", "answer": "42"}],
         "disambig_entity": ["y"], "gold_answers": ["42"], "wrong_answers": []},
    ]
    path = _jsonl(tmp_path / "RAMDocs_test.jsonl", rows)
    import_files(project, [path], fmt="ramdocs")
    cands = _jsonl(tmp_path / "cands.jsonl", [{"item_id": "ramdocs-1", "answers": ["paris", "Berlin"], "conflict": True},
                                              {"item_id": "ramdocs-2", "answers": ["42"], "conflict": True}])
    run = import_files(project, [cands], kind="candidates").run_id
    res = scoring.conflict_scores(project, run)
    assert res.n_conflict == 1
    assert res.conflict_precision == pytest.approx(0.5) and res.conflict_recall == 1.0
    assert res.conflict_f1 == pytest.approx(2 / 3)
    assert res.success == 1.0 and res.unsupported_ratio == pytest.approx(1 / 3)


def test_cli_metrics_and_compare_json(study):
    project, runs, _, _ = study
    path = str(project.path)
    project.close()
    from factaudit.engine.cli import cli

    out = CliRunner().invoke(cli, ["metrics", path, "--run", runs["A"], "--json", "--resamples", "1000"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) >= {"run_id", "n_parse_failures", "sentence", "claim", "closed"}
    r = data["sentence"]["R"]
    assert set(r) >= {"tp", "fp", "fn", "tn", "precision", "recall", "f1", "precision_ci", "recall_ci", "f1_ci"}
    assert (r["tp"], r["fp"]) == (30, 25) and round(r["recall_ci"][1], 3) == 0.454
    assert set(data["claim"]) == {"R", "R+NE", "R+NE+A"}
    out = CliRunner().invoke(cli, ["compare", path, "--runs", f"{runs['A']},{runs['B']}", "--mapping", "R",
                                   "--json", "--resamples", "1000"])
    assert out.exit_code == 0, out.output
    comp = json.loads(out.output)
    assert comp["n_shared"] == 225 and len(comp["pairs"]) == 1 and comp["cochran_q"]["df"] == 1
    bad = CliRunner().invoke(cli, ["metrics", path, "--run", "verify-999"])
    assert bad.exit_code != 0 and "verify-999" in bad.output
    bad = CliRunner().invoke(cli, ["compare", path, "--runs", runs["A"]])
    assert bad.exit_code != 0


def test_demo_step_reports_each_verify_run(study):
    project, runs, _, _ = study
    from factaudit.engine.services.demo import DemoSummary

    summary = DemoSummary(project=str(project.path))
    scoring.demo_step_scoring(project, summary)
    step = summary.steps[-1]
    assert step["step"] == "metrics"
    f1 = scoring.run_metrics(project, runs["A"], n_resamples=500).sentence["R+NE"].f1
    assert runs["A"] in step["text"] and f"{f1:.3f}" in step["text"]


@pytest.mark.datasets
def test_conflict_on_the_ramdocs_test_split(project, tmp_path, shared_datasets):
    """Oracle candidates (each document's answer, flag = more than one) on the 500 RAMDocs questions."""
    import re
    import string

    path = shared_datasets / "ramdocs" / "RAMDocs_test.jsonl"
    if not path.is_file():
        pytest.skip("RAMDocs not in the shared datasets")
    import_files(project, [path], fmt="ramdocs")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def norm(a: str) -> str:  # an independent spelling of the normalisation (case, punctuation, spaces)
        return " ".join("".join(" " if ch in string.punctuation else ch for ch in a.lower()).split())

    cands, expected_conflicts = [], 0
    for line, r in enumerate(rows, start=1):
        answers = sorted({norm(d["answer"]) for d in r["documents"]
                          if d["type"] != "noise" and norm(d["answer"]) not in ("", "unknown")})
        expected_conflicts += len(answers) > 1
        cands.append({"item_id": f"ramdocs-{line}", "answers": answers, "conflict": len(answers) > 1})
    run = import_files(project, [_jsonl(tmp_path / "oracle.jsonl", cands)], kind="candidates").run_id
    res = scoring.conflict_scores(project, run)
    assert res.n == 500 and res.n_conflict == expected_conflicts
    assert res.conflict_f1 == 1.0 and res.unsupported_ratio == 0.0
    assert re.match(r"imported-\d+", run)


def test_closed_regime_states_the_claims_it_left_out(project, tmp_path):
    """Replies cut off at max_tokens and replies that did not parse are counted with their reason, not
    silently dropped from the closed denominator (#26 item 7)."""
    from sklearn.metrics import accuracy_score, f1_score

    gold = ["Supported", "Refuted"] * 5
    claims = [{"id": f"c{i}", "claim": f"Claim {i}.", "label": g} for i, g in enumerate(gold)]
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    run = run_store.create_run(project, "verify", {"test": True, "mode": "joint", "max_tokens": 50})
    pred = ["Supported", "Supported", "Supported", "Refuted", "No Evidence", "Refuted", "Supported", "Refuted"]
    for i, v in enumerate(pred):
        run_store.add_verdict(project, run, VerdictRecord(f"c{i}", v, "ok", completion_tokens=20))
    run_store.add_verdict(project, run, VerdictRecord("c8", None, "failed", completion_tokens=50))   # cut off
    run_store.add_verdict(project, run, VerdictRecord("c9", None, "failed", completion_tokens=31))   # bad JSON
    run_store.finish_run(project, run, "done")
    m = scoring.run_metrics(project, run, n_resamples=500)
    assert m.closed.n == 8 and m.closed_unscored == {"cut_off_at_max_tokens": 1, "did_not_parse": 1}
    # the figures themselves are those of the 8 parsed claims
    assert m.closed.accuracy == pytest.approx(accuracy_score(gold[:8], pred))
    assert m.closed.macro_f1 == pytest.approx(f1_score(gold[:8], pred, labels=["Supported", "Refuted"],
                                                       average="macro"))
    js = m.to_json()["closed"]
    assert js["n_unscored"] == 2 and js["unscored_reasons"] == m.closed_unscored
    path = str(project.path)
    project.close()
    from factaudit.engine.cli import cli

    out = CliRunner().invoke(cli, ["metrics", path, "--run", run, "--resamples", "200"])
    assert out.exit_code == 0, out.output
    assert ("8 of 10 claims with a gold verdict scored; 2 left out: 1 reply cut off at max tokens, "
            "1 reply did not parse") in out.output
    # a claims-only run: no "0 sentences and 0 claims scored", no empty open-regime tables
    assert "0 sentences" not in out.output and "sentence level" not in out.output
    assert "no labelled answer sentences, so only the closed regime" in out.output
