"""The Labeling page driven by keystrokes: stored annotations, blind-then-reveal, undo, and durability of
committed labels across a kill -9 of the app process."""
from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries, runs
from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

LLM = "llm:judge-test@abc123"
ANNOTATOR = "tester"
ROOT = Path(__file__).resolve().parents[2]
# evidence dimensions in codebook order with the digit pressed for each in the first unit
FIRST_KEYS = [("entity_match", 1, "exact"), ("clinical_scope", 2, "broader_narrower"), ("credibility", 1, "reliable"),
              ("polarity", 2, "refutes"), ("chunk_quality", 1, "complete")]
PRELABEL = {"entity_match": "exact", "clinical_scope": "exact", "credibility": "reliable", "polarity": "supports",
            "chunk_quality": "complete"}


def make_audit_data(project, tmp_path: Path, n_claims: int = 4) -> dict:
    """A BM25 k=3 run over a few SciFact claims, an imported verify run that answers Refuted everywhere
    (so every claim disagrees with its gold label), and LLM pre-labels on the first queue units."""
    claims = [c for c in queries.list_claims(project, dataset="scifact-demo") if c.gold_label][:n_claims]
    rr = retrieve(project, RetrievalRequest("bm25", k=3, claim_ids=[c.id for c in claims])).run_id
    hits = runs.get_hits(project, rr)
    path = tmp_path / "verdicts.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c.id, "verdict": "Refuted",
                                        "reasoning": f"TRACE-{c.id}: the passage contradicts the claim.",
                                        "passages": [h.passage_id for h in hits[c.id][:2]]}) + "\n"
                            for c in claims))
    vr = import_files(project, [path], kind="verdicts").run_id
    ev_queue = services.audit.evidence_queue(project, rr, ANNOTATOR, verify_run=vr)
    first = ev_queue[0]
    for dim, code in PRELABEL.items():
        services.audit.annotate(project, target="evidence", claim_id=first.claim_id, passage_id=first.passage_id,
                                dimension=dim, code=code, annotator=LLM)
    rq = services.audit.reasoning_queue(project, vr, ANNOTATOR)
    services.audit.annotate(project, target="reasoning", claim_id=rq[0].claim_id, run_id=vr,
                            dimension="evidence_selection", code="selective_coverage", annotator=LLM)
    return {"retrieval_run": rr, "verify_run": vr, "claims": [c.id for c in claims],
            "n_units": sum(len(hits[c.id]) for c in claims)}


def shot(qtbot, widget, path: Path) -> None:
    """Only when FACTAUDIT_SCREENSHOTS names a folder (never into the tracked docs/ on a plain run).
    Let pending layout requests run first, or freshly set texts show at their old size."""
    folder = os.environ.get("FACTAUDIT_SCREENSHOTS")
    if not folder:
        return
    qtbot.wait(50)
    Path(folder).mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(Path(folder) / Path(path).name))


def _press(qtbot, widget, *keys) -> None:
    for k in keys:
        if isinstance(k, int) and 0 <= k <= 9:
            qtbot.keyClick(widget, getattr(Qt.Key, f"Key_{k}"))
        else:
            qtbot.keyClick(widget, k)


@pytest.fixture
def labeling(qtbot, demo_project, tmp_path):
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import LabelingView, set_annotator_name

    data = make_audit_data(demo_project, tmp_path)
    set_annotator_name(ANNOTATOR)
    set_project_annotator(demo_project, ANNOTATOR)    # the name is per project: no question at the first label
    view = LabelingView(demo_project)
    qtbot.addWidget(view)
    view.resize(1300, 800)
    view.show()
    qtbot.waitExposed(view)
    view.select_runs(data["retrieval_run"], data["verify_run"])
    assert view.flush()                              # the queue opens in a worker
    return view, demo_project, data


def _mine(project, target="evidence"):
    return services.audit.current_annotations(project, target=target, annotator=ANNOTATOR)


def test_keyboard_session_blind_reveal_and_undo(labeling, qtbot, screenshots):
    view, project, data = labeling
    card = view.card
    assert view.queue.total() == data["n_units"] == 12
    assert view.annotator == ANNOTATOR and "annotator tester" in view.progress_label.text()
    assert "Unit 1 " in view.progress_label.text() and "12 units in the run" in view.progress_label.text()
    first = view.entry
    # the codebook definitions of the current dimension are listed with their digit keys
    assert "[1]" in view.codes_label.text() and "Exact" in view.codes_label.text()

    # ---- unit 1: blind until commit
    for n, (_dim, digit, _code) in enumerate(FIRST_KEYS):
        _press(qtbot, card, digit)
        if n < len(FIRST_KEYS) - 1:
            _press(qtbot, card, Qt.Key.Key_Tab)
        text = view.visible_text()
        assert "Refuted" not in text and LLM not in text and "Blind:" in text
    assert view.entry == first                       # not committed until Enter on the last dimension
    _press(qtbot, card, Qt.Key.Key_Return)
    assert view.index == 1 and "Unit 2 " in view.progress_label.text()
    assert view.flush()                              # labels are written by the serial worker
    revealed = view.previous_label.text()
    assert "Refuted" in revealed and LLM in revealed
    assert "3 of 5 agree with you" in revealed       # exact/reliable/complete agree; scope and polarity differ

    stored = {a.dimension: a for a in _mine(project) if (a.claim_id, a.passage_id) == (first.claim_id, first.passage_id)}
    assert {d: a.code for d, a in stored.items()} == {d: c for d, _k, c in FIRST_KEYS}
    assert all(a.blind and a.pass_ == "first" and a.codebook_version == 1 for a in stored.values())
    # the LLM pre-label is kept next to the expert's labels
    llm = services.audit.current_annotations(project, target="evidence", annotator=LLM)
    assert {a.dimension: a.code for a in llm} == PRELABEL

    # ---- unit 2: reveal first, so labels are not blind; a changed mind and Backspace supersede
    second = view.entry
    assert "Refuted" not in view.reveal_label.text()
    shot(qtbot, view, screenshots / "labeling_evidence.png")
    _press(qtbot, card, Qt.Key.Key_R)
    assert "System verdict: <b>Refuted</b>" in view.reveal_label.text()
    _press(qtbot, card, 3)                            # entity_match = mismatch
    _press(qtbot, card, 2)                            # changed mind: related (a correction)
    _press(qtbot, card, Qt.Key.Key_Return, 1)         # clinical_scope = exact
    _press(qtbot, card, Qt.Key.Key_Backspace)         # undo clinical_scope
    assert view.flush()
    assert view.dim_index == 1
    history = services.audit.annotation_history(project, second.claim_id)
    mine2 = [a for a in history if a.passage_id == second.passage_id and a.annotator == ANNOTATOR]
    by_id = {a.id: a for a in mine2}
    scope = [a for a in mine2 if a.dimension == "clinical_scope"]
    assert [a.code for a in scope] == ["exact", "_undo"] and scope[1].supersedes == scope[0].id
    entity = [a for a in mine2 if a.dimension == "entity_match"]
    assert [a.code for a in entity] == ["mismatch", "related"] and by_id[entity[1].supersedes] == entity[0]
    assert not any(a.blind for a in mine2)
    current = {a.dimension: a.code for a in _mine(project) if a.passage_id == second.passage_id}
    assert current == {"entity_match": "related"}

    # finish unit 2 and check the whole store: exactly the expected current labels, nothing else
    _press(qtbot, card, 3, Qt.Key.Key_Tab, 2, Qt.Key.Key_Tab, 3, Qt.Key.Key_Tab, 2, Qt.Key.Key_Return)
    assert view.flush()
    assert view.index == 2
    expected = {(first.claim_id, first.passage_id, d): c for d, _k, c in FIRST_KEYS}
    expected.update({(second.claim_id, second.passage_id, d): c for d, c in
                     (("entity_match", "related"), ("clinical_scope", "different"), ("credibility", "unreliable"),
                      ("polarity", "neutral"), ("chunk_quality", "fragmentary"))})
    got = {(a.claim_id, a.passage_id, a.dimension): a.code for a in _mine(project)}
    assert got == expected
    # an unknown digit for a 2-code dimension writes nothing
    _press(qtbot, card, 1, Qt.Key.Key_Tab, 1, Qt.Key.Key_Tab)
    _press(qtbot, card, 9)
    assert view.flush()
    assert len(_mine(project)) == 12
    # a new queue (Reload queue) skips the finished units
    view.reload()
    assert view.flush()
    assert view.queue.total() == 10


def test_reasoning_mode(labeling, qtbot, screenshots):
    view, project, data = labeling
    view.set_mode("reasoning")
    view.select_runs(data["verify_run"])
    assert view.flush()
    assert view.queue.total() == len(data["claims"])
    entry = view.entry
    text = view.visible_text()
    assert f"TRACE-{entry.claim_id}" in text          # the trace being rated is shown
    assert LLM not in text and "Gold label" not in text
    assert "Evidence selection" in view.codes_title.text()
    keys = [1, 2, 2, 1, 1, 2]                          # one digit per step
    for n, k in enumerate(keys):
        _press(qtbot, view.card, k)
        if n < len(keys) - 1:
            _press(qtbot, view.card, Qt.Key.Key_Return)
    shot(qtbot, view, screenshots / "labeling_reasoning.png")
    _press(qtbot, view.card, Qt.Key.Key_Return)
    assert view.flush()
    assert LLM in view.previous_label.text() and "Gold label" in view.previous_label.text()
    got = {a.dimension: a.code for a in _mine(project, "reasoning")}
    book = services.audit.codebook(project)
    assert got == {d.id: d.codes[k - 1].id for d, k in zip(book.reasoning, keys)}
    assert all(a.run_id == data["verify_run"] and a.blind for a in _mine(project, "reasoning"))


def test_auto_advance_five_keys_and_accepting_a_revealed_prelabel(labeling, qtbot, monkeypatch):
    """Auto-advance: one digit per dimension commits an evidence pair (5 keys); R then A takes the
    LLM pre-label as it stands. Every write runs off the UI thread."""
    import threading

    view, project, data = labeling
    threads = []
    real = services.audit.annotate

    def spy(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "annotate", spy)             # the view calls the façade's name
    view.auto_check.setChecked(True)
    first = view.entry                                # the unit with the LLM pre-label
    _press(qtbot, view.card, Qt.Key.Key_R, Qt.Key.Key_A)
    assert view.index == 1 and view.flush()
    got = {a.dimension: (a.code, a.blind) for a in _mine(project) if a.passage_id == first.passage_id}
    assert got == {d: (c, False) for d, c in PRELABEL.items()}      # revealed first, so not blind
    second = view.entry
    _press(qtbot, view.card, 1, 2, 1, 2, 1)            # five keys, no Enter
    assert view.index == 2 and view.flush()
    got = {a.dimension: a.code for a in _mine(project) if a.passage_id == second.passage_id}
    assert got == {d: c for d, _k, c in FIRST_KEYS}
    assert threads and not any(threads)              # 10 writes, none on the UI thread
    assert len(threads) == 10
    view.auto_check.setChecked(False)


# ---- kill -9 -----------------------------------------------------------------------------------
CHILD = textwrap.dedent("""
    import sys, time
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from factaudit.engine import services
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import LabelingView

    from PySide6.QtCore import QSettings
    # the test's own settings folder, never the user's
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[5])
    app = QApplication([])
    project = services.open_project(sys.argv[1])
    set_project_annotator(project, "tester")     # the name is per project (no question at the first label)
    view = LabelingView(project)
    view.select_runs(sys.argv[2], sys.argv[3])
    assert view.flush()
    n = int(sys.argv[4])
    for i in range(n):
        for step in range(len(view.dims)):
            QTest.keyClick(view.card, Qt.Key.Key_1)
            QTest.keyClick(view.card, Qt.Key.Key_Return)
        assert view.flush()        # a unit counts as committed once its writes finished
        print(f"committed {i + 1}", flush=True)
    # half a unit more, never committed, then wait to be killed
    QTest.keyClick(view.card, Qt.Key.Key_2)
    assert view.flush()            # written by the worker (milliseconds), not yet committed as a unit
    print("waiting", flush=True)
    time.sleep(600)
""")


def test_committed_labels_survive_kill_9(demo_project_path, tmp_path, qapp):
    path = tmp_path / "kill.faproj"
    shutil.copy2(demo_project_path, path)
    project = services.open_project(path)
    data = make_audit_data(project, tmp_path)
    project.close()
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    n = 5
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    err = open(tmp_path / "child.err", "wb")
    # unbuffered bytes, so select() sees every line the child wrote (a buffered reader could hold them)
    proc = subprocess.Popen([sys.executable, str(script), str(path), data["retrieval_run"], data["verify_run"], str(n),
                             str(tmp_path / "child-settings")],
                            stdout=subprocess.PIPE, stderr=err, bufsize=0, env=env, cwd=str(ROOT))
    lines = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not lines or lines[-1] != "waiting"):
            ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                break
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.decode().strip())
        assert lines and lines[-1] == "waiting", (lines, (tmp_path / "child.err").read_text(errors="replace"))
        assert lines[:n] == [f"committed {i + 1}" for i in range(n)]
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
        err.close()
    assert proc.returncode == -signal.SIGKILL

    reopened = services.open_project(path)
    try:
        mine = services.audit.current_annotations(reopened, target="evidence", annotator=ANNOTATOR)
        units = {(a.claim_id, a.passage_id) for a in mine}
        complete = [u for u in units if sum((a.claim_id, a.passage_id) == u for a in mine) == 5]
        assert len(complete) == n                      # every committed unit, all five dimensions
        assert len(mine) == 5 * n + 1                  # plus the one label typed before the kill
        assert all(a.code == "exact" for a in mine if (a.claim_id, a.passage_id) in complete
                   and a.dimension == "entity_match")
    finally:
        reopened.close()


def test_new_runs_while_labelling_keep_the_labelers_place(labeling, qtbot):
    """A page refresh on new runs or verdicts (any job's, or the page's own first reads arriving late) once
    sent the labeler back to the queue's first unit; it keeps their place now, and Reload queue reopens it."""
    view, project, data = labeling
    card = view.card
    for n, (_dim, digit, _code) in enumerate(FIRST_KEYS):
        _press(qtbot, card, digit, Qt.Key.Key_Return if n == len(FIRST_KEYS) - 1 else Qt.Key.Key_Tab)
    assert view.flush() and view.index == 1
    second = view.entry
    _press(qtbot, card, 1)                           # halfway through the second unit
    view.refresh()                                   # what LabelingPage._changed does on "runs"/"verdicts"
    assert view.flush()
    assert view.index == 1 and view.entry == second and view.dim_index == 0 and "keep your place" in view.status.text()
    view.reload_button.click()                       # the labeler asks for it: the finished unit drops out
    assert view.flush()
    assert view.index == 0 and view.queue.total() == data["n_units"] - 1
