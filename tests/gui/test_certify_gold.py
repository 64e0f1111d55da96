"""Results › Certify's gold chooser (issue #33): certify's default, the expert's labels, the adjudicated
ones or one rater's, passed to services.certify and named in the summary; the units drawn to label are
the chosen gold's unlabelled ones. On tests/gui/test_results_gold.py's small MedExpert project (rater
"bob" relabels 30 sentences, "carol" adjudicates 6), checked against the service and against a hand
count with statsmodels' Clopper–Pearson interval."""
from __future__ import annotations

import json

import pytest

from test_results_gold import build  # noqa: I001  (tests/gui is on the path, as test_query_op's import)

FLAGS_UNDER_R_NE = {"Refuted", "No Evidence"}          # R+NE: a Refuted or No Evidence verdict flags an error


@pytest.fixture
def panel(qtbot, tmp_path):
    from factaudit.engine import services
    from factaudit.gui.views.raters.certify import CertifyPanel

    path, run_id = build(tmp_path / "p")
    project = services.open_project(path)
    p = CertifyPanel(project)
    qtbot.addWidget(p)
    p.resize(1100, 360)
    p.show()
    p.set_inputs(run_id, "R+NE", "sentence")
    qtbot.waitUntil(lambda: p.result is not None, timeout=30_000)
    yield p, project, run_id, tmp_path
    qtbot.waitUntil(lambda: not (p.op and p.op.running) and not (p.sample_op and p.sample_op.running), timeout=30_000)
    project.close()


def _choose(qtbot, p, gold) -> dict:
    p.gold_combo.setCurrentIndex(p.gold_combo.findData(gold))
    qtbot.waitUntil(lambda: p.result is not None and p.result_gold == gold and p.shown_for[-1] == gold
                    and not p.op.running, timeout=30_000)
    return p.result


def test_gold_chooser_passes_the_gold_to_certify_and_says_which(panel, qtbot):
    from statsmodels.stats.proportion import proportion_confint

    from factaudit.engine import services
    from factaudit.engine.project import rater_store
    from factaudit.engine.project import runs as run_store

    p, project, run_id, _ = panel
    # the default is certify's own, as before the chooser; the project's rater joins the fixed choices
    assert p.result == services.certify(project, run_id, "R+NE", "sentence", target_half_width=0.05).to_json()
    assert "Gold: adjudicated." in p.summary.text()
    assert [p.gold_combo.itemData(i) for i in range(p.gold_combo.count())] == [None, "expert", "adjudicated", "rater:bob"]

    doc = _choose(qtbot, p, "rater:bob")
    assert doc == services.certify(project, run_id, "R+NE", "sentence", target_half_width=0.05, gold="rater:bob").to_json()
    assert doc["gold"] == "rater:bob" and "Gold: rater:bob." in p.summary.text()
    # hand count: bob's 30 sentences, each flagged when one of its claims' verdicts flags under R+NE
    bob = {r.sentence_id: r.label for r in rater_store.sentence_ratings(project, "bob")}
    verdicts = {cid: v.verdict for cid, v in run_store.get_verdicts(project, run_id).items()}
    flagged = {sid: verdicts[f"{sid}#1"] in FLAGS_UNDER_R_NE for sid in bob}       # one claim a sentence
    errors = [sid for sid, lab in bob.items() if lab == "error"]
    tp = sum(flagged[s] for s in errors)
    assert doc["n_labelled"] == len(bob) == 30 and doc["n_labelled_errors"] == len(errors)
    sens = doc["sensitivity"]
    assert sens["value"] == pytest.approx(tp / len(errors))
    assert sens["ci"] == pytest.approx(list(proportion_confint(tp, len(errors), alpha=0.05, method="beta")))
    assert p.table.item(0, 2).text() == f"{tp} of {len(errors)}"

    expert = _choose(qtbot, p, "expert")
    assert expert == services.certify(project, run_id, "R+NE", "sentence", target_half_width=0.05, gold="expert").to_json()
    assert expert["n_labelled"] == 120 and "Gold: expert." in p.summary.text()


def test_the_draw_takes_the_chosen_golds_unlabelled_units(panel, qtbot):
    """A second run whose verdicts mostly follow the labels (so labels help the prediction-powered
    interval): under bob's gold 90 sentences are unlabelled and the draw takes only those."""
    from factaudit.engine import services
    from factaudit.engine.project import rater_store

    p, project, _run_id, tmp_path = panel
    bob = {r.sentence_id: r.label for r in rater_store.sentence_ratings(project, "bob")}
    sids = [f"medexpert-{t}:s{k}" for t in range(40) for k in (1, 2, 3)]
    expert = rater_store.sentence_labels(project, sids)
    rows = [{"claim_id": f"{sid}#1", "verdict": "Refuted" if ((bob.get(sid) or expert.get(sid)) == "error") != (n % 10 == 0)
             else "Supported"} for n, sid in enumerate(sids)]
    src = tmp_path / "v2.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    run2 = services.import_files(project, [src], kind="verdicts").run_id
    p.half_spin.setValue(15.0)
    p.set_inputs(run2, "R+NE", "sentence")
    _choose(qtbot, p, "rater:bob")
    qtbot.waitUntil(lambda: p.result["run_id"] == run2 and p.shown_for[3] == 0.15 and not p.op.running, timeout=30_000)
    doc = p.result
    assert doc == services.certify(project, run2, "R+NE", "sentence", target_half_width=0.15, gold="rater:bob").to_json()
    assert (doc["n_labelled"], doc["n_unlabelled"]) == (30, 90) and doc["labels_needed"]
    assert p.draw_button.isEnabled()
    out = tmp_path / "draw.jsonl"
    p.draw(str(out))
    qtbot.waitUntil(lambda: p.sample_path is not None, timeout=30_000)
    ids = [json.loads(x)["id"] for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(ids) == doc["labels_needed"] and set(ids) <= set(sids) and not set(ids) & set(bob)
    # under the expert's gold every sentence is labelled: nothing is left to draw
    expert_doc = _choose(qtbot, p, "expert")
    assert expert_doc["n_unlabelled"] == 0 and not p.draw_button.isEnabled()
