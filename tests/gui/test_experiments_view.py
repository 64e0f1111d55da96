"""The Experiments view (issue #34 item 6, desktop part): a 2 corpora × 2 k grid (BM25, the embedded
classifier) chosen and run from the view on a small fixture project; its table against grid_table over the
runs read back from the project and against hand counts of the stored verdicts; a grid stopped after its
first cell shows which cells are done and resumes; a view opened again (as after a restart) shows every cell done; the one look at test against its own hand count."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries, runs as run_store

TOPICS = ["aspirin bleeding", "statin muscle", "metformin acidosis", "warfarin vitamin", "insulin hypoglycemia",
          "lisinopril cough", "amiodarone thyroid", "digoxin nausea"]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def grid_project(project, tmp_path):
    """Corpus A supports every topic's claim, B refutes half of them; six dev claims, two test claims."""
    a = [{"id": f"a{n}", "text": f"Trials found that {t.split()[0]} causes {t.split()[1]} in adults."}
         for n, t in enumerate(TOPICS)]
    b = [{"id": f"b{n}", "text": f"A large trial found {t.split()[0]} does not cause {t.split()[1]}."}
         for n, t in enumerate(TOPICS) if n % 2]
    for name, rows in (("A", a), ("B", b)):
        import_files(project, [_jsonl(tmp_path / f"{name}.jsonl", rows)], kind="corpus", dataset=name)

    def claims(ns):
        return [{"id": f"q{n}", "claim": f"{t.split()[0]} causes {t.split()[1]}.", "label": "Supported",
                 "gold_passages": [f"a{n}"]} for n, t in enumerate(TOPICS) if n in ns]
    import_files(project, [_jsonl(tmp_path / "dev.jsonl", claims(range(6)))], kind="claims", split="dev", dataset="dev")
    import_files(project, [_jsonl(tmp_path / "test.jsonl", claims(range(6, 8)))], kind="claims", split="test",
                 dataset="test")
    return project


def _check_only(lst, values) -> None:
    for i in range(lst.count()):
        item = lst.item(i)
        want = Qt.CheckState.Checked if item.text() in values else Qt.CheckState.Unchecked
        if item.checkState() != want:
            item.setCheckState(want)


def _hand_count(project, run_id: str, claim_ids) -> tuple[int, int]:
    verdicts = run_store.get_verdicts(project, run_id)
    gold = {c.id: c.gold_label for c in queries.list_claims(project, ids=list(claim_ids))}
    return sum(c in verdicts and verdicts[c].verdict == g for c, g in gold.items()), len(gold)


def test_a_grid_runs_from_the_view_and_its_table_is_grid_tables(qtbot, grid_project):
    from factaudit.gui.views.experiments_view import ACCURACY_COL, FIGURE, HOLM_COL, ExperimentsView

    p = grid_project
    view = ExperimentsView(p)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: view.state is not None, timeout=30_000)
    assert view.split_combo.currentData() == "dev" and view.split_combo.count() == 1    # test is never tuned on
    _check_only(view.retriever_list, {"bm25"})
    _check_only(view.k_list, {"1", "2"})
    _check_only(view.corpus_list, {"A", "A+B"})
    qtbot.waitUntil(lambda: view.state is not None and len(view.state.cells) == 4, timeout=30_000)
    assert view.state.done == [None] * 4 and view.table.rowCount() == 4
    assert "4 cells over 6 claims" in view.estimate_label.text() and "0 done" in view.estimate_label.text()
    # nothing measured in a fresh project: the view says so rather than guess a time
    assert "time unknown" in view.estimate_label.text()
    assert view.run_button.isEnabled()
    # stopped once the first cell is done (as a kill would stop it), then run again: it resumes
    op = view.run_grid()
    op.progressed.connect(lambda done, total, _m: done >= 1 and view.cancel())
    qtbot.waitUntil(lambda: not op.running, timeout=120_000)
    assert op.status == "cancelled" and "Cancelled" in view.status.text()
    qtbot.waitUntil(lambda: view.state is not None and view.state.done[0] is not None, timeout=30_000)
    n_done = sum(d is not None for d in view.state.done)
    assert 1 <= n_done < 4 and f"{n_done} done" in view.estimate_label.text()
    assert [view.table.item(j, 6).text().split(" ·")[0] for j in range(4)] == ["done"] * n_done + ["to run"] * (4 - n_done)
    view.run_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=120_000)
    assert view.result is not None, view.status.text()
    # the stopped verify run was finished, not made again: one verify run per cell
    assert len([r for r in run_store.list_runs(p, "verify")]) == 4

    spec = services.GridSpec(retrievers=["bm25"], ks=[1, 2], corpora=[["A"], ["A", "B"]])
    chains = services.grid_done(p, spec, "dev")
    assert all(chains) and [c["runs"] for c in view.result.cells] == chains
    dev = [f"q{n}" for n in range(6)]
    gold = {c.id: c.gold_label for c in queries.list_claims(p, ids=dev)}
    rows, omnibus, pairs = services.grid_table(p, chains, gold, 0)
    holm = {pair["cell"]: pair["p_holm"] for pair in pairs}
    for j, row in enumerate(rows):
        acc, ci = view.table.item(j, ACCURACY_COL).data(FIGURE)
        assert acc == row["accuracy"] and list(ci) == row["interval"]
        assert (row["correct"], row["n"]) == _hand_count(p, chains[j][-1], dev)
        assert view.table.item(j, HOLM_COL).data(FIGURE) == holm.get(j)       # the baseline has none
    assert omnibus["q"] == view.result.omnibus["q"] and "Cochran's Q" in view.tests_label.text()
    assert view.table.item(0, 1).text() == "bm25" and view.table.item(0, 3).text() == "A"
    assert "local, CPU" in view.table.item(1, 9).text()

    # opened again (as after a restart): the same grid from the settings, every cell done, nothing to guess
    again = ExperimentsView(p)
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.state is not None and len(again.state.cells) == 4, timeout=30_000)
    assert again.state.done == chains and "every cell is done" in again.estimate_label.text()
    assert [again.table.item(j, 6).text() for j in range(4)] == ["done · baseline", "done", "done", "done"]
    # a claim limit is another grid: its cells are still to run, over fewer claims
    again.limit_spin.setValue(3)
    qtbot.waitUntil(lambda: again.state.n_claims == 3, timeout=30_000)
    assert again.state.done == [None] * 4

    # one look at test for the pick
    assert view.confirm_button.isEnabled()
    view.confirm_button.click()
    qtbot.waitUntil(lambda: not view.op.running, timeout=120_000)
    assert view.confirmation is not None, view.status.text()
    conf = view.confirmation
    assert (conf["correct"], conf["n"]) == _hand_count(p, conf["runs"][-1], ["q6", "q7"])
    assert "Confirmed on test" in view.tests_label.text() and not view.confirm_button.isEnabled()
