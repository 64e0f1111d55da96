"""Gold sources and gold subsets (issue #33 item 1): `metrics`, `compare`, `certify` and the report
score against the expert's, the adjudicated or one rater's sentence labels, and a subset's figures come
beside the full set's. Every figure is checked against scikit-learn on labels resolved by hand here;
the sentence agreement against sklearn's cohen_kappa_score and the krippendorff package."""
from __future__ import annotations

import json
from pathlib import Path

import krippendorff
import numpy as np
import pytest
from click.testing import CliRunner
from sklearn.metrics import cohen_kappa_score, confusion_matrix

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.metrics.gold_source import parse_gold, parse_subset
from factaudit.engine.project import rater_store

N_ANSWERS, PER_ANSWER = 30, 4
VERDICTS = ["Supported", "Refuted", "No Evidence", "Ambiguous"]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def labelled(project, tmp_path):
    """120 expert-labelled sentences (one claim each) in two categories; rater "bob" relabels 60 of
    them (a quarter flipped) and labels 4 sentences the expert left; an adjudicator settles 12."""
    rng = np.random.default_rng(11)
    answers, claims, verdicts = [], [], []
    expert, category = {}, {}
    for a in range(N_ANSWERS):
        sents = []
        for k in range(PER_ANSWER):
            sid = f"a{a}:s{k}"
            sent = {"id": sid, "text": f"Sentence {a}.{k}."}
            if not (a == 0 and k < 4):           # answer a0 is left unlabelled by the expert
                expert[sid] = "error" if rng.random() < 0.35 else "correct"
                sent["label"] = expert[sid]
            category[sid] = "cardio" if a % 2 else "renal"
            sents.append(sent)
            claims.append({"id": f"{sid}#1", "claim": sent["text"], "sentence_id": sid, "item_id": f"a{a}"})
            wrong = expert.get(sid) == "error"
            v = ("Refuted" if rng.random() < 0.6 else "Supported") if wrong else VERDICTS[int(rng.integers(0, 4))]
            verdicts.append({"claim_id": f"{sid}#1", "verdict": v})
        answers.append({"id": f"a{a}", "answer": " ".join(s["text"] for s in sents), "sentences": sents,
                        "category": category[sents[0]["id"]]})
    import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    run_id = import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    labelled_ids = sorted(expert)
    bob = {}
    for sid in rng.choice(labelled_ids, 60, replace=False):
        flip = rng.random() < 0.25
        bob[str(sid)] = ({"error": "correct", "correct": "error"}[expert[sid]] if flip else expert[sid])
    for k in range(4):
        bob[f"a0:s{k}"] = "error" if k % 2 else "correct"
    rows = [rater_store.SentenceRating(f"sr-b{n}", sid, lab, "bob", f"2026-01-01T00:00:{n % 60:02d}")
            for n, (sid, lab) in enumerate(sorted(bob.items()))]
    with project.atomic() as conn:
        rater_store.add_sentence_ratings(conn, rows)
    adjudicated = {}
    for sid in sorted(bob)[:12]:
        adjudicated[sid] = "error" if bob[sid] == "error" or expert.get(sid) == "error" else "correct"
        services.adjudicate_sentence(project, sid, adjudicated[sid], "carol")
    verdict_of = {v["claim_id"].split("#")[0]: v["verdict"] for v in verdicts}
    return project, run_id, {"expert": expert, "bob": bob, "adjudicated": adjudicated,
                             "verdict": verdict_of, "category": category, "tmp": tmp_path}


def _by_hand(source: str, d) -> dict[str, str]:
    if source == "expert":
        return dict(d["expert"])
    if source == "rater:bob":
        return dict(d["bob"])
    out = {**{s: lab for s, lab in d["bob"].items() if s not in d["expert"]}, **d["expert"]}
    out.update(d["adjudicated"])
    return out


def _sklearn_counts(labels: dict[str, str], d, mapping: str, ids=None):
    ids = sorted(labels) if ids is None else sorted(ids)
    y = [labels[s] == "error" for s in ids]
    f = [d["verdict"][s] in MAPPINGS[mapping] for s in ids]
    tn, fp, fn, tp = confusion_matrix(y, f, labels=[False, True]).ravel()
    return int(tp), int(fp), int(fn), int(tn)


def test_parse_gold_and_subset():
    assert parse_gold(None).name == "expert" and parse_gold("adjudicated").name == "adjudicated"
    assert parse_gold("rater:bob").name == parse_gold("bob").name == "rater:bob"
    assert parse_subset("category:renal").name == "category:renal" and parse_subset("") is None
    with pytest.raises(InvalidArgument, match="unknown subset"):
        parse_subset("colour:red")


@pytest.mark.parametrize("source", ["expert", "adjudicated", "rater:bob"])
def test_metrics_under_each_gold_match_sklearn(labelled, source):
    project, run_id, d = labelled
    labels = _by_hand(source, d)
    gold = services.gold_labels(project, source)
    assert gold.labels == labels
    out = services.score_run(project, run_id, gold=source, n_resamples=200)
    assert out["gold"]["source"] == source and out["gold"]["n_labels"] == len(labels)
    assert out["n_sentences"] == len(labels)
    for mapping in MAPPINGS:
        s = out["sentence"][mapping]
        assert (s["tp"], s["fp"], s["fn"], s["tn"]) == _sklearn_counts(labels, d, mapping)
        # one claim a sentence: the claim level reads the same labels through the claims
        c = out["claim"][mapping]
        assert (c["tp"], c["fp"], c["fn"], c["tn"]) == _sklearn_counts(labels, d, mapping)


def test_default_gold_is_the_expert_and_changes_nothing(labelled):
    project, run_id, _ = labelled
    plain = services.run_metrics(project, run_id, n_resamples=200).to_json()
    out = services.score_run(project, run_id, n_resamples=200)
    assert out["gold"]["source"] == "expert"
    assert {k: out[k] for k in plain} == plain


@pytest.mark.parametrize("subset", ["adjudicated", "category:cardio", "units"])
def test_subset_figures_beside_the_full_set(labelled, subset):
    project, run_id, d = labelled
    labels = _by_hand("adjudicated", d)
    if subset == "units":
        keep = sorted(labels)[5:25]
        path = _jsonl(d["tmp"] / "units.jsonl", [{"level": "sentence", "id": s} for s in keep])
        subset = f"units:{path}"
    elif subset == "adjudicated":
        keep = sorted(d["adjudicated"])
    else:
        keep = [s for s in labels if d["category"][s] == "cardio"]
    out = services.score_run(project, run_id, gold="adjudicated", subset=subset, n_resamples=200)
    sub = out["gold_subset"]
    assert sub["n_sentences"] == len(keep) < out["n_sentences"] == len(labels)
    for mapping in MAPPINGS:
        s = sub["sentence"][mapping]
        assert (s["tp"], s["fp"], s["fn"], s["tn"]) == _sklearn_counts(labels, d, mapping, keep)
        assert s["n"] == len(keep)


def test_compare_and_certify_take_the_gold(labelled, project, tmp_path):
    project, run_id, d = labelled
    rows = [{"claim_id": f"{s}#1", "verdict": "Refuted" if i % 3 else "Supported"}
            for i, s in enumerate(sorted(d["verdict"]))]
    second = import_files(project, [_jsonl(tmp_path / "v2.jsonl", rows)], kind="verdicts").run_id
    labels = _by_hand("rater:bob", d)
    comp = services.compare_runs(project, [run_id, second], "R", "sentence", n_resamples=200, gold="rater:bob")
    assert comp.n_shared == len(labels)
    tp, fp, fn, tn = _sklearn_counts(labels, d, "R")
    assert comp.table[0]["recall"] == pytest.approx(tp / (tp + fn))
    # certify: its default keeps the adjudicated labels; an explicit expert gold ignores the raters
    default = services.certify(project, run_id, "R+NE").to_json()
    expert = services.certify(project, run_id, "R+NE", gold="expert").to_json()
    assert default["gold"] == "adjudicated" and expert["gold"] == "expert"
    assert default["n_labelled"] == len(_by_hand("adjudicated", d)) and expert["n_labelled"] == len(d["expert"])
    y = [d["expert"][s] == "error" for s in sorted(d["expert"])]
    f = [d["verdict"][s] in MAPPINGS["R+NE"] for s in sorted(d["expert"])]
    assert expert["sensitivity"]["n"] == sum(y)
    assert expert["sensitivity"]["k"] == sum(a and b for a, b in zip(y, f))
    from factaudit.engine.cli import cli

    path = str(project.path)
    project.close()
    r = CliRunner().invoke(cli, ["compare", path, "--runs", f"{run_id},{second}", "--mapping", "R", "--gold",
                                 "rater:bob", "--resamples", "200", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["gold"]["source"] == "rater:bob" and doc["n_shared"] == len(labels)


def test_unknown_rater_is_refused(labelled):
    project, run_id, _ = labelled
    with pytest.raises(InvalidArgument, match="no sentence labels by rater 'zed'.*bob"):
        services.score_run(project, run_id, gold="rater:zed", n_resamples=200)


def test_sentence_agreement_matches_sklearn_and_krippendorff(labelled):
    project, _, d = labelled
    res = services.sentence_agreement(project, n_resamples=200)
    shared = sorted(set(d["bob"]) & set(d["expert"]))
    kappa = cohen_kappa_score([d["expert"][s] for s in shared], [d["bob"][s] for s in shared])
    assert res["kappa"]["bob|expert"] == pytest.approx(kappa, abs=1e-12)
    units = sorted(set(d["bob"]) | set(d["expert"]))
    code = {"correct": 0, "error": 1}
    data = [[code[r[s]] if s in r else np.nan for s in units] for r in (d["bob"], d["expert"])]
    alpha = krippendorff.alpha(reliability_data=np.array(data, dtype=float), level_of_measurement="nominal")
    assert res["alpha"] == pytest.approx(alpha, abs=1e-12)
    assert res["n_units"] == len(shared)


def test_cli_metrics_compare_and_report_say_which_gold(labelled):
    from factaudit.engine.cli import cli

    project, run_id, d = labelled
    path = str(project.path)
    project.close()
    r = CliRunner().invoke(cli, ["metrics", path, "--run", run_id, "--gold", "adjudicated", "--subset",
                                 "adjudicated", "--resamples", "200", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["gold"]["source"] == "adjudicated" and doc["gold_subset"]["n_sentences"] == len(d["adjudicated"])
    text = CliRunner().invoke(cli, ["metrics", path, "--run", run_id, "--gold", "rater:bob", "--resamples", "200"])
    assert text.exit_code == 0 and "gold: rater:bob (64 sentence labels" in text.output
    bad = CliRunner().invoke(cli, ["metrics", path, "--run", run_id, "--gold", "zed"])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "zed" in bad.output
    out = d["tmp"] / "rep"
    rep = CliRunner().invoke(cli, ["report", path, "--out", str(out), "--format", "json", "--gold", "rater:bob",
                                   "--resamples", "200"])
    assert rep.exit_code == 0, rep.output
    config = json.loads((out / "json" / "config.json").read_text(encoding="utf-8"))
    assert config["gold"]["source"] == "rater:bob" and config["gold"]["n_labels"] == 64


def test_the_readme_example():
    """README "Gold sources": the three golds of the worked example, recomputed by resolve_gold."""
    from factaudit.engine.audit.raters import is_adjudicator
    from factaudit.engine.metrics.gold_source import resolve_gold

    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    expert = {"s1": "error", "s2": "correct", "s3": "error", "s4": "correct", "s5": None}
    ratings = [("s2", "error", "bob"), ("s3", "error", "bob"), ("s5", "error", "bob"), ("s2", "error", "adjudicator:ann")]
    flagged = {"s1", "s2", "s5"}
    said = {"expert": (4, "P 0.5, R 0.5"), "adjudicated": (5, "P 1.0, R 0.75"), "rater:bob": (3, "P 1.0, R 0.667")}
    for source, (n, text) in said.items():
        gold = resolve_gold(parse_gold(source), expert, ratings, is_adjudicator)
        ids = sorted(gold.labels)
        tn, fp, fn, tp = confusion_matrix([gold.labels[s] == "error" for s in ids], [s in flagged for s in ids],
                                          labels=[False, True]).ravel()
        assert len(ids) == n and f"P {tp / (tp + fp):.1f}, R {round(tp / (tp + fn), 3):g}" == text and text in readme
    assert resolve_gold(parse_gold("adjudicated"), expert, ratings, is_adjudicator).changed == 1
    assert cohen_kappa_score(["correct", "error"], ["error", "error"]) == 0 and "κ 0" in readme
    assert "4/7 = 0.571" in readme


def test_agreement_command_has_the_sentence_label_row(labelled):
    from factaudit.engine.cli import cli

    project, _, d = labelled
    path = str(project.path)
    project.close()
    r = CliRunner().invoke(cli, ["agreement", path, "--resamples", "200", "--json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.output)["sentence_label"]
    shared = sorted(set(d["bob"]) & set(d["expert"]))
    kappa = cohen_kappa_score([d["expert"][s] for s in shared], [d["bob"][s] for s in shared])
    assert row["kappa"]["bob|expert"] == pytest.approx(kappa, abs=1e-12) and row["target"] == "sentence"
