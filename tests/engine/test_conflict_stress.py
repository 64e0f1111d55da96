"""The naturalized stress test of aggregate runs (issue #33 item 3): each rule of
engine/conflicts/naturalize.py on a hand-written example, and the drop of the `rules` variant on a small
RAMDocs-style fixture against hand labels of what its patterns find before and after; the privileged
oracle, which reads no text, is the control with no drop."""
from __future__ import annotations

import json

import numpy as np
import pytest

from factaudit.engine import services
from factaudit.engine.conflicts.naturalize import naturalize_doc, naturalize_item, rewrite_answer
from factaudit.engine.conflicts.records import Doc, Item
from factaudit.engine.errors import InvalidArgument


@pytest.mark.parametrize("answer, text, expected", [
    ("February 8, 1900", "Bryan (February 8, 1900 – March 2, 1977) was a general.",
     "Bryan (the 8th of February 1900 – March 2, 1977) was a general."),
    ("3 May 1921", "She was born on 3 May 1921.", "She was born on the 3rd of May 1921."),
    ("1990年3月22日", "他于1990年3月22日出生。", "他于1990年3月22号出生。"),
    ("3,559 people", "In 2010 there were 3,559 people, 1,575 households.",
     "In 2010 there were people numbering 3,559, 1,575 households."),
    ("3000人", "小镇共有3000人。", "小镇共有人数达3000。"),
    ("1856", "The parish was founded in 1856, and rebuilt in 1900.", "The parish was founded in the year 1856, and rebuilt in 1900."),
    ("1998年", "公司成立于1998年。", "公司成立于公元1998年。"),
    ("Mahesh Bhatt", "A 1979 film directed by Mahesh Bhatt. Mahesh Bhatt wrote it.",
     "A 1979 film with Mahesh Bhatt directing. Mahesh Bhatt wrote it."),
    ("Houghton County", "Born in Houghton County, he moved east.", "a native of Houghton County, he moved east."),
])
def test_each_rule_on_its_example(answer, text, expected):
    out = naturalize_doc(Doc("d1", text, type="correct", gold=answer))
    assert out.doc.text == expected and out.n_rewritten == 1
    assert out.doc.gold == answer and out.doc.type == "correct"        # the truth stays as it was


def test_noise_unknown_and_shapeless_answers_are_left_alone():
    for doc in (Doc("d", "there were 10,000 people", type="noise", gold="10,000 people"),
                Doc("d", "there were 10,000 people", type="correct", gold="unknown"),
                Doc("d", "He played football for Ohio State.", type="correct", gold="football")):
        out = naturalize_doc(doc)
        assert out.n_rewritten == 0 and out.doc is doc
    assert rewrite_answer("football") is None and rewrite_answer("Paris") is None


# question, [(document text, type, its answer)], gold answers; then the hand labels: does `rules` find each
# answer before / after naturalization (its patterns: "N people", "born DATE", "founded in YYYY", "directed by X")
ROWS = [
    ("What is the population of Alton?",
     [("As of 2010, there were 3,000 people in Alton.", "correct", "3,000 people"),
      ("As of 2010, there were 9,000 people in Alton.", "misinfo", "9,000 people")], ["3,000 people"]),
    ("When was the Alton parish founded?",
     [("The parish was founded in 1856 by monks.", "correct", "1856")], ["1856"]),
    ("Who directed Lahu Ke Do Rang?",
     [("Lahu Ke Do Rang is a 1979 film directed by Mahesh Bhatt. It stars Vinod Khanna.", "correct", "Mahesh Bhatt")],
     ["Mahesh Bhatt"]),
    ("When was Ann Lee born?",
     [("Ann Lee was born on March 3, 1950 in Leeds.", "correct", "March 3, 1950")], ["March 3, 1950"]),
    ("What is the population of Brill?",
     [("Brill had 4,100 residents in 2001.", "correct", "4,100 residents"), ("The weather is mild.", "noise", "unknown")],
     ["4,100 residents"]),
    ("What sport is Bobby Carpenter associated with?",
     [("Bobby Carpenter is a former American football linebacker.", "correct", "American football")],
     ["American football"]),
]
# by hand: strict (the answer set equals the gold) and conflict-aware success, original -> naturalized.
# Alton is a conflict item: `rules` lists both numbers and states the conflict (strict no, success yes),
# after naturalization it finds none (abstains: both no). Every other item but the sport is found before
# and lost after; the sport has no template and is unchanged (found both times).
STRICT = [(False, False), (True, False), (True, False), (True, False), (True, False), (True, True)]
SUCCESS = [(True, False), (True, False), (True, False), (True, False), (True, False), (True, True)]


@pytest.fixture
def project(tmp_path):
    src = tmp_path / "conf.jsonl"
    src.write_text("\n".join(json.dumps({
        "question": q, "documents": [{"text": t, "type": ty, "answer": a} for t, ty, a in docs],
        "disambig_entity": ["x"], "gold_answers": gold, "wrong_answers": []}, ensure_ascii=False)
        for q, docs, gold in ROWS) + "\n", encoding="utf-8")
    p = services.create_project(tmp_path / "s.faproj")
    services.import_files(p, [src], fmt="ramdocs", dataset="conf")
    rules = services.aggregate(p, services.AggregateRequest(variant="rules", dataset="conf")).run_id
    oracle = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="conf")).run_id
    yield p, rules, oracle
    p.close()


def test_rules_drop_on_naturalized_documents_matches_the_hand_labels(project):
    p, rules, _ = project
    s = services.naturalized_stress(p, rules, n_resamples=2000, seed=3)
    assert (s["variant"], s["stress"], s["n_items"]) == ("rules", "naturalized", len(ROWS))
    # every document with an answer in a template is rewritten: all but the noise one and the sport
    assert s["n_docs"] == 8 and s["n_docs_rewritten"] == 6 and s["n_mentions_rewritten"] == 6
    before = np.mean([a for a, _ in STRICT])
    after = np.mean([b for _, b in STRICT])
    assert s["original"]["metrics"]["strict_accuracy"] == pytest.approx(before)
    assert s["naturalized"]["metrics"]["strict_accuracy"] == pytest.approx(after)
    assert s["drop"]["strict_accuracy"] == pytest.approx(before - after) == pytest.approx(4 / 6)
    assert s["drop"]["conflict_aware_success"] == pytest.approx(np.mean([a for a, _ in SUCCESS]) - np.mean(
        [b for _, b in SUCCESS]))
    assert s["n_items_changed"] == sum(a != b or c != d for (a, b), (c, d) in zip(STRICT, SUCCESS))
    lo, hi = s["drop_intervals"]["strict_accuracy"]
    assert lo <= s["drop"]["strict_accuracy"] <= hi and lo > 0          # a paired interval clear of 0
    # the original figures are the run's own (services.aggregate_figures), so the drop starts from them
    assert s["original"]["metrics"] == services.aggregate_figures(p, rules, 2000, 3)["metrics"]


def test_the_oracle_is_the_control_and_a_model_variant_needs_its_model(project):
    p, _, oracle = project
    s = services.naturalized_stress(p, oracle, n_resamples=200)
    assert all(v == 0 for v in s["drop"].values() if v is not None) and s["n_items_changed"] == 0
    assert "not deployable" in s["note"]
    run = services.get_run(p, oracle)
    fake = services.aggregate_runs(p)[0].id
    assert fake and run.kind == "aggregate"
    from factaudit.engine.project import runs as run_store

    model_run = run_store.create_run(p, "aggregate", {**run.config, "variant": "full", "privileged": None})
    with pytest.raises(InvalidArgument, match="needs that model"):
        services.naturalized_stress(p, model_run)


def test_naturalize_item_counts_per_document():
    item = Item("i", "When was X founded?", ["1856"], [Doc("a", "founded in 1856", type="correct", gold="1856"),
                                                       Doc("b", "no year here", type="correct", gold="1856")])
    nat = naturalize_item(item)
    assert (nat.n_docs_rewritten, nat.n_mentions) == (1, 1) and nat.item.docs[1] is item.docs[1]


def test_the_stress_command(project):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    p, rules, _ = project
    expected = services.naturalized_stress(p, rules, n_resamples=300, seed=5)
    path = str(p.path)
    res = CliRunner().invoke(cli, ["stress", path, "--run", rules, "--resamples", "300", "--seed", "5", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output) == json.loads(json.dumps(expected))
    res = CliRunner().invoke(cli, ["stress", path, "--run", rules, "--resamples", "300"])
    assert res.exit_code == 0 and "6 of 8 documents rewritten" in res.output, res.output
    assert "strict_accuracy: 83.3 -> 16.7, drop 66.7 [" in res.output          # 5/6 -> 1/6 (STRICT)
    res = CliRunner().invoke(cli, ["stress", path, "--run", "aggregate-99"])
    assert res.exit_code != 0 and "aggregate-99" in res.output
