"""Two raters in the app (issue #21, GUI half), driven through the real windows: File › Send to a
rater…, the rater mode a package opens in (keyboard labeling, "n of N", resume), File › Return
labels…, File › Merge returned labels…, Agreement › Disagreements with adjudication, the "needs a
second rater" cells, and the Certify panel of Results against services.certify and a hand count.

Sender and rater are two users: each has their own config and data folders, so their own signing key."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from factaudit.engine import services
from factaudit.gui.ops import Op

REASON = "EXPERT-REASON-MARKER"


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def as_user(monkeypatch, root: Path, who: str, trust: bool = True) -> None:
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(root / who / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(root / who / "data"))
    # The people of a test have checked each other's key fingerprints out of band: a package from an
    # untrusted sender and an untrusted rater's first return are refused (issue #36).
    known = root / "fingerprints.txt"
    for fp in known.read_text().split() if known.exists() and trust else []:
        services.trust_key(fp)
    with known.open("a") as fh:
        fh.write(services.export_public_key().fingerprint + "\n")


def shot(widget, folder: Path, name: str) -> None:
    widget.grab().save(str(folder / name))


def wait_ops(qtbot) -> None:
    assert Op.wait_all(180_000)         # generous: a loaded 2-core machine, never a speed bar
    qtbot.wait(20)


def refuted(a: int, k: int) -> bool:
    """The imported verdicts: s1 (an error) is Refuted unless a % 3 == 0 (missed errors), s2 (correct)
    is Refuted when a % 5 == 0 (false alarms); every other claim is Supported."""
    return a % 3 != 0 if k == 1 else a % 5 == 0


def build_source(tmp_path: Path, n_answers: int = 6):
    """Answers of two sentences (the expert calls s1 an error), one claim per sentence, a TREC run of
    3 passages per claim, and a verify run following `refuted`."""
    passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": f"Title {i}", "text": f"Passage text {i}."}
                for i in range(12)]
    answers = [{"id": f"a{a}", "question": f"Question {a}?", "answer": f"Answer {a}. Second {a}.", "sentences": [
        {"id": f"a{a}:s1", "text": f"Answer {a}.", "label": "error", "reason": REASON},
        {"id": f"a{a}:s2", "text": f"Second {a}.", "label": "correct"}]} for a in range(n_answers)]
    claims = [{"id": f"a{a}:s{k}#1", "claim": f"Claim {a}.{k}", "sentence_id": f"a{a}:s{k}", "item_id": f"a{a}"}
              for a in range(n_answers) for k in (1, 2)]
    project = services.create_project(tmp_path / "src.faproj")
    services.import_files(project, [_jsonl(tmp_path / "corpus.jsonl", passages)], kind="corpus")
    services.import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    services.import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    trec = tmp_path / "run.trec"
    trec.write_text("".join(f"{c['id']} Q0 p{(i + r) % 12} {r} {10 - r}.0 t\n" for i, c in enumerate(claims)
                            for r in range(1, 4)))
    rrun = services.import_files(project, [trec], fmt="trec", kind="run").run_id
    verdicts = [{"claim_id": f"a{a}:s{k}#1", "verdict": "Refuted" if refuted(a, k) else "Supported",
                 "reasoning": f"Reasoning on a{a}:s{k}."} for a in range(n_answers) for k in (1, 2)]
    vrun = services.import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    return project, rrun, vrun


@pytest.fixture
def source(tmp_path, monkeypatch):
    as_user(monkeypatch, tmp_path, "sender")
    project, rrun, vrun = build_source(tmp_path)
    yield project, rrun, vrun, tmp_path
    # as the app does: the project's windows close first (a failed test leaves them open), waiting for
    # their reads; qtbot would close them only after this fixture, over a closed project
    from PySide6.QtWidgets import QApplication

    for w in QApplication.topLevelWidgets():
        if getattr(w, "project", None) is project and w.isVisible():
            w.close()
    Op.cancel_all()
    assert Op.wait_all(60_000)
    if project.is_open:
        project.close()


@pytest.fixture
def controller(qapp):
    from factaudit.gui.app import AppController

    c = AppController()
    yield c
    for w in list(c.windows):
        w.close()
    c.start.close()


def _project_window(qtbot, project):
    from factaudit.gui.main_window import ProjectWindow

    window = ProjectWindow(project)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


def _open_rater(qtbot, controller, pkg: Path):
    with qtbot.waitSignal(controller.raterOpened, timeout=180_000) as got:
        controller.open_path(str(pkg))
    window = got.args[0]
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    view = window.labeling
    if hasattr(view, "loading"):
        assert view.flush()
    return window, view


def _label_evidence_unit(qtbot, view) -> None:
    """One unit through today's keys: a digit and Enter per dimension (the last Enter commits)."""
    view.auto_check.setChecked(False)
    for n in range(len(view.dims)):
        qtbot.keyClick(view.card, Qt.Key.Key_1 if n % 2 == 0 else Qt.Key.Key_2)
        qtbot.keyClick(view.card, Qt.Key.Key_Return)
    assert view.flush()


def test_evidence_round_trip_through_the_windows(qtbot, source, controller, monkeypatch, screenshots):
    project, rrun, vrun, tmp = source
    window = _project_window(qtbot, project)
    assert window.send_rater_action.isEnabled() and window.merge_rater_action.isEnabled()
    # ---- the sender: File › Send to a rater…
    window.send_rater_action.trigger()
    dialog = window.findChild(QDialog, "raterSendDialog")
    dialog.rater_edit.setText("Bob")
    assert dialog.out_edit.text().endswith("src-for-Bob.faproj")
    pkg = tmp / "for-bob.faproj"
    dialog.out_edit.setText(str(pkg))
    dialog.units_spin.setValue(2)
    dialog.k_spin.setValue(1)
    dialog.seed_spin.setValue(7)
    shot(dialog, screenshots, "rater_send_dialog.png")
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    assert pkg.is_file(), dialog.status_label.text()
    assert dialog.status_label.text().startswith("Wrote for-bob.faproj: 2 evidence pairs for Bob")
    assert REASON.encode() not in pkg.read_bytes()
    units = services.rater_packages(project)[0].units
    assert len(units) == 2 and services.rater_packages(project)[0].seed == 7
    dialog.close()

    # ---- the rater, another user with another key: the package opens in rater mode
    as_user(monkeypatch, tmp, "rater")
    rater, view = _open_rater(qtbot, controller, pkg)
    assert rater.objectName() == "raterWindow"
    assert rater.findChild(type(window.sidebar), "sidebar") is None     # nothing else to get lost in
    assert [a.text() for a in rater.menuBar().actions()] == ["&File", "&Help"]
    assert "0 of 2" in rater.progress_label.text()
    assert view.annotator == "Bob" and view.annotator_edit.isReadOnly()
    assert not any(w.isVisible() for w in (view.mode_combo, view.run_combo, view.verdict_combo, view.reveal_label))
    assert "Bob" in rater.header.text() and "src.faproj" in rater.header.text()
    shot(rater, screenshots, "rater_mode.png")
    first = (view.entry.claim_id, view.entry.passage_id)
    _label_evidence_unit(qtbot, view)
    qtbot.waitUntil(lambda: "1 of 2" in rater.progress_label.text(), timeout=120_000)
    rater.close()                                   # closing and reopening resumes
    qtbot.waitUntil(lambda: rater not in controller.windows, timeout=120_000)
    rater, view = _open_rater(qtbot, controller, pkg)
    assert "1 of 2" in rater.progress_label.text()
    assert (view.entry.claim_id, view.entry.passage_id) != first
    _label_evidence_unit(qtbot, view)
    qtbot.waitUntil(lambda: "2 of 2" in rater.progress_label.text(), timeout=120_000)
    assert "all done" in rater.progress_label.text()
    ret = tmp / "bob-return.faproj"
    assert rater.return_action.text() == "&Return labels…"
    rater.return_labels(str(ret))
    wait_ops(qtbot)
    assert ret.is_file()
    assert rater.last_return.labelled == 2 and rater.last_return.n_annotations == 2 * len(view.dims)
    rater_key = rater.last_return.rater_key
    rater.close()

    # ---- back at the sender's: File › Merge returned labels…
    as_user(monkeypatch, tmp, "sender", trust=False)     # the rater's key not yet confirmed
    merge = window.merge_returned(str(ret))
    wait_ops(qtbot)
    assert merge.signature_label.text() == (f"Signature: valid, signed by {rater_key}, a key not in your trusted "
                                            "keys (check the fingerprint with the rater).")
    qtbot.mouseClick(merge.merge_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    # a first return is never merged from an unconfirmed key (issue #36): the owner types its fingerprint
    assert merge.status_label.text().startswith(f"Not merged: bob-return.faproj is signed by {rater_key}, which "
                                                "you have not trusted")
    assert services.merge_provenance(project) == {}
    merge.trust_edit.setText(rater_key)
    qtbot.mouseClick(merge.merge_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    n = 2 * len(view.dims)
    assert merge.status_label.text() == (f"Merged {n} labels by Bob from bob-return.faproj; signed {rater_key} "
                                         "(trusted).")
    shot(merge, screenshots, "rater_merge_dialog.png")
    qtbot.mouseClick(merge.merge_button, Qt.MouseButton.LeftButton)     # the same file again adds nothing
    wait_ops(qtbot)
    assert merge.status_label.text().startswith("Nothing new: every label by Bob")
    assert len(services.merge_provenance(project)) == n
    merge.close()

    # ---- Alice (here) labels the same units, differing from Bob on one dimension of the first
    book = services.codebook(project)
    mine = {(a.claim_id, a.passage_id, a.dimension): a.code
            for a in services.current_annotations(project, target="evidence") if a.annotator == "Bob"}
    for (claim, passage, dim), code in mine.items():
        d = book.dimension(dim, "evidence")
        other = next(c.id for c in d.codes if c.id != code)
        differ = (claim, passage) == tuple(units[0][1:]) and dim == d.id and dim == book.evidence[0].id
        services.annotate(project, target="evidence", claim_id=claim, passage_id=passage, dimension=dim,
                          code=other if differ else code, annotator="Alice")
    # ---- Agreement › Disagreements: side by side, a digit records the final code
    window.show_page(window.page_index("Labeling"))
    page = window.page_widget("Labeling")
    agreement = page.show_tab("Agreement")
    agreement.n_resamples = 200
    wait_ops(qtbot)
    assert "2 human raters: Alice, Bob." in agreement.status.text() and not agreement.send_button.isVisible()
    adj = agreement.show_disagreements()
    wait_ops(qtbot)
    assert adj.table.rowCount() == 1 and adj.current.codes.keys() == {"Alice", "Bob"}
    row = adj.current
    assert [adj.side_by_side.itemAt(i).widget().text().split("<br>")[0] for i in range(adj.side_by_side.count())] \
        == ["<b>Alice</b>", "<b>Bob</b>"]
    assert "Claim" in adj.texts.toPlainText() and "Passage" in adj.texts.toPlainText()
    adj.adjudicator_edit.setText("Ann")
    shot(window, screenshots, "rater_adjudication.png")
    third = adj.codes_of(row)[2][0]
    qtbot.keyClick(adj.card, Qt.Key.Key_3)
    assert adj.flush()
    wait_ops(qtbot)
    got = services.rater_disagreements(project, "evidence")
    assert [(g.claim_id, g.adjudicated, g.adjudicator) for g in got] == [(row.claim_id, third, "adjudicator:Ann")]
    assert adj.table.item(0, 3).text() == adj._code_name(row, third)
    window.close()


def test_sentence_package_in_rater_mode_resumes_and_returns(qtbot, source, controller, monkeypatch, screenshots):
    project, _, _, tmp = source
    window = _project_window(qtbot, project)
    dialog = window.send_to_rater()
    dialog.rater_edit.setText("Eve")
    dialog.target_combo.setCurrentIndex(2)
    assert not dialog.k_spin.isEnabled()
    dialog.all_check.setChecked(True)
    assert not dialog.units_spin.isEnabled()
    pkg = tmp / "for-eve.faproj"
    dialog.out_edit.setText(str(pkg))
    dialog.start()
    wait_ops(qtbot)
    assert "12 sentences for Eve" in dialog.status_label.text()
    dialog.close()
    window.close()

    as_user(monkeypatch, tmp, "eve")
    rater, view = _open_rater(qtbot, controller, pkg)
    assert "0 of 12" in rater.progress_label.text() and view.position_label.text() == "Sentence 1 of 12"
    first, second = view.ids[0], view.ids[1]
    ctx = services.sentence_contexts(rater.project, [first])[first]
    assert ctx.text in view.sentence_label.text() and ctx.question in view.body.toPlainText()
    shot(rater, screenshots, "rater_mode_sentences.png")
    expert = {f"a{a}:s{k}": "error" if k == 1 else "correct" for a in range(6) for k in (1, 2)}
    eve = {first: "correct" if expert[first] == "error" else "error", second: expert[second]}   # differs once
    key = {"correct": Qt.Key.Key_1, "error": Qt.Key.Key_2}
    qtbot.keyClick(view.card, key[eve[first]])        # a label, and on to the next
    qtbot.keyClick(view.card, key[eve[second]])
    qtbot.keyClick(view.card, Qt.Key.Key_Left)        # back: the label made is shown
    assert view.code_buttons[0 if eve[second] == "correct" else 1].isChecked() and view.index == 1
    assert view.flush()
    qtbot.waitUntil(lambda: "2 of 12" in rater.progress_label.text(), timeout=120_000)
    rater.close()
    qtbot.waitUntil(lambda: rater not in controller.windows, timeout=120_000)
    rater, view = _open_rater(qtbot, controller, pkg)
    assert view.index == 2 and "2 of 12" in rater.progress_label.text()
    rater.return_labels(str(tmp / "eve-return.faproj"))
    wait_ops(qtbot)
    assert (rater.last_return.n_sentence_ratings, rater.last_return.labelled) == (2, 2)
    rater.close()

    as_user(monkeypatch, tmp, "sender")
    project = services.open_project(tmp / "src.faproj")       # the first window closed it
    window = _project_window(qtbot, project)
    merge = window.merge_returned(str(tmp / "eve-return.faproj"))
    wait_ops(qtbot)
    merge.start()
    wait_ops(qtbot)
    assert merge.status_label.text().startswith("Merged 2 labels by Eve")
    assert services.sentence_rating_labels(project)[0] == eve
    # where Eve and the expert differ, Agreement › Disagreements lists the sentence; 2 = error is final
    from factaudit.gui.views.raters.adjudication import AdjudicationView

    adj = AdjudicationView(project)
    qtbot.addWidget(adj)
    adj.filter_combo.setCurrentIndex(3)                # sentences
    adj.show()
    wait_ops(qtbot)
    assert adj.table.rowCount() == 1 and adj.current.codes == {"expert": expert[first], "Eve": eve[first]}
    assert "Question" in adj.texts.toPlainText()
    adj.adjudicator_edit.setText("Ann")
    qtbot.keyClick(adj.card, Qt.Key.Key_2)
    assert adj.flush()
    got = services.sentence_disagreements(project)
    assert [(g.claim_id, g.adjudicated, g.adjudicator) for g in got] == [(first, "error", "adjudicator:Ann")]
    window.close()


def test_reasoning_package_in_rater_mode(qtbot, source, controller, monkeypatch):
    project, _, vrun, tmp = source
    pkg = tmp / "reasoning.faproj"
    services.make_rater_package(project, pkg, "Dana", target="reasoning", units=3, seed=3)
    as_user(monkeypatch, tmp, "dana")
    rater, view = _open_rater(qtbot, controller, pkg)
    assert view.mode == "reasoning" and "0 of 3" in rater.progress_label.text()
    assert view.entry is not None and view.entry.run_id == vrun
    assert "Reasoning on" in view.body.toPlainText()       # the trace is what is rated; no verdict is in the file
    _label_evidence_unit(qtbot, view)                        # a digit and Enter per reasoning step
    qtbot.waitUntil(lambda: "1 of 3" in rater.progress_label.text(), timeout=120_000)
    rater.close()


def test_factaudit_gui_on_a_package_opens_rater_mode(qtbot, source, monkeypatch):
    """`factaudit gui FILE` (gui.app.start) on a package: the rater window, not a project window."""
    project, _, _, tmp = source
    pkg = tmp / "cli.faproj"
    services.make_rater_package(project, pkg, "Gus", target="sentences", units=2)
    as_user(monkeypatch, tmp, "gus")
    from factaudit.gui.app import start

    controller = start(str(pkg))
    try:
        qtbot.waitUntil(lambda: bool(controller.windows), timeout=180_000)
        (window,) = controller.windows
        assert window.objectName() == "raterWindow" and window.package_path == str(pkg)
        assert not controller.start.isVisible()
    finally:
        for w in list(controller.windows):
            w.close()
        controller.start.close()


def test_an_encrypted_package_from_the_dialog(qtbot, source, controller, monkeypatch):
    project, _, _, tmp = source
    window = _project_window(qtbot, project)
    dialog = window.send_to_rater()
    dialog.rater_edit.setText("Hal")
    dialog.target_combo.setCurrentIndex(2)
    dialog.units_spin.setValue(3)
    pkg = tmp / "enc.faproj"
    dialog.out_edit.setText(str(pkg))
    dialog.encrypt_check.setChecked(True)
    dialog.pass_edit.setText("tea for two")
    dialog.pass2_edit.setText("tea for three")
    assert dialog.start() is None and dialog.status_label.text() == "The two passphrases differ."
    dialog.pass2_edit.setText("tea for two")
    dialog.start()
    wait_ops(qtbot)
    assert services.is_encrypted(pkg) and not dialog.pass_edit.text()     # the passphrase is not kept
    dialog.close()
    as_user(monkeypatch, tmp, "hal")
    monkeypatch.setenv("FACTAUDIT_PASSPHRASE", "tea for two")
    rater, view = _open_rater(qtbot, controller, pkg)
    qtbot.keyClick(view.card, Qt.Key.Key_1)
    assert view.flush()
    rater.return_labels(str(tmp / "hal-return.faproj"))
    wait_ops(qtbot)
    assert rater.last_return is not None and rater.last_return.n_sentence_ratings == 1
    rater.close()
    window.close()


def test_a_sentence_package_that_cannot_be_read_says_so_and_takes_no_key(qtbot, source, monkeypatch):
    from factaudit.engine.errors import InvalidArgument
    from factaudit.gui.query_op import ReadFailure
    from factaudit.gui.views.raters.labeling import SentenceRaterView

    project, _, _, tmp = source
    pkg = tmp / "unreadable.faproj"
    services.make_rater_package(project, pkg, "Ivy", target="sentences", units=2)
    as_user(monkeypatch, tmp, "ivy")

    def broken(_project, _ids):
        raise InvalidArgument("the package's sentences cannot be read right now")
    readable = services.sentence_contexts
    with services.open_rater_package(pkg) as ws:
        monkeypatch.setattr(services, "sentence_contexts", broken)
        view = SentenceRaterView(ws)
        qtbot.addWidget(view)
        view.show()
        assert view.flush()
        banner = ReadFailure.of(view, create=False)
        assert banner is not None and banner.isVisible() and "cannot be read right now" in banner.text()
        qtbot.keyClick(view.card, Qt.Key.Key_1)              # no sentence to label: the key does nothing
        assert view.flush() and services.rater_sentence_labels(ws) == {}
        assert not any(b.isEnabled() for b in view.code_buttons)
        monkeypatch.setattr(services, "sentence_contexts", readable)
        view.refresh()                                        # readable again: the first sentence
        assert view.flush() and not banner.isVisible()
        assert view.position_label.text() == "Sentence 1 of 2" and view.current == view.ids[0]
        wait_ops(qtbot)


def test_a_tampered_return_is_refused_in_one_sentence(qtbot, source, monkeypatch):
    project, _, _, tmp = source
    pkg = tmp / "p.faproj"
    services.make_rater_package(project, pkg, "Carol", target="sentences", units=2)
    as_user(monkeypatch, tmp, "carol")
    with services.open_rater_package(pkg) as ws:
        for u in ws.manifest.units:
            services.rate_sentence(ws, u[1], "correct")
    ret = tmp / "ret.faproj"
    services.rater_return(pkg, ret)
    raw = bytearray(ret.read_bytes())
    at = raw.find(b"Carol", len(raw) // 3)
    raw[at] = ord("X")
    bad = tmp / "tampered.faproj"
    bad.write_bytes(bytes(raw))
    as_user(monkeypatch, tmp, "sender")
    window = _project_window(qtbot, project)
    merge = window.merge_returned(str(bad))
    wait_ops(qtbot)
    assert merge.signature_label.text().startswith("Signature: NOT valid")
    merge.start()
    wait_ops(qtbot)
    text = merge.status_label.text()
    assert text.startswith("Not merged: ") and "\n" not in text and "nothing was written" in text
    # the genuine file, but Trust only names another key (the sender's own): refused, nothing written
    merge.file_edit.setText(str(ret))
    merge.trust_edit.setText(services.export_public_key().fingerprint)
    merge.check()
    wait_ops(qtbot)
    assert merge.signature_label.text().startswith("Signature: valid, signed by ")
    merge.start()
    wait_ops(qtbot)
    text = merge.status_label.text()
    assert text.startswith("Not merged: ") and "not by the key given" in text and "--trust" not in text
    assert services.merge_provenance(project) == {}
    window.close()


def test_one_rater_says_what_is_missing(qtbot, source):
    project, rrun, _, _ = source
    book = services.codebook(project)
    d = book.evidence[0]
    services.annotate(project, target="evidence", claim_id="a0:s1#1", passage_id="p1", dimension=d.id,
                      code=d.codes[0].id, annotator="Solo")
    from factaudit.gui.views.agreement_view import NEEDS_SECOND, AgreementView

    view = AgreementView(project, n_resamples=200)
    qtbot.addWidget(view)
    view.show()
    wait_ops(qtbot)
    assert "κ and α between people need a second rater: File › Send to a rater…" in view.status.text()
    assert view.send_button.isVisible()
    row = next(r for r in range(view.dim_table.rowCount()) if view.dim_table.item(r, 0).data(Qt.ItemDataRole.UserRole) == d.id)
    assert view.dim_table.item(row, 0).text() == d.name
    assert view.dim_table.item(row, 2).text() == "–" and "second rater" in view.dim_table.item(row, 2).toolTip()
    assert view.dim_table.item(row, 7).text() == f"– {NEEDS_SECOND}"


def test_certify_panel_matches_the_service_and_a_hand_count(qtbot, source, screenshots):
    project, _, vrun, tmp = source
    window = _project_window(qtbot, project)
    window.show_page(window.page_index("Reports"))
    results = window.page_widget("Reports")
    results.n_resamples = 200
    results.run_combo.setCurrentText(vrun)
    results.mapping_choice.set("R")
    results.lower_tabs.setCurrentWidget(results.certify_panel)
    panel = results.certify_panel
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: panel.result is not None and panel.result["mapping"] == "R", timeout=120_000)
    doc = panel.result
    assert doc == services.certify(project, vrun, "R", results.level, target_half_width=0.05).to_json()
    # by hand, sentence level: all 12 sentences labelled, 6 errors; flagged: s1 of a1 a2 a4 a5, s2 of a0 a5
    assert (doc["n_labelled"], doc["n_labelled_errors"], doc["n_unlabelled"]) == (12, 6, 0)
    assert (doc["sensitivity"]["k"], doc["sensitivity"]["n"]) == (4, 6)
    assert (doc["specificity"]["k"], doc["specificity"]["n"]) == (4, 6)
    assert doc["error_rate"]["labels_only"]["value"] == pytest.approx(0.5)
    assert doc["error_rate"]["verifier_only"]["value"] == pytest.approx(6 / 12)
    assert doc["error_rate"]["ppi"]["value"] == pytest.approx(0.5)      # every unit labelled: the labels alone
    lo, hi = doc["sensitivity"]["ci"]
    assert panel.table.item(0, 1).text() == f"{100 * 4 / 6:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]"
    assert panel.table.item(3, 3).text().startswith("none")
    assert "reduces to the labels alone" in panel.notes_label.text()
    shot(window, screenshots, "certify_panel.png")
    window.close()


def test_certify_draws_the_labels_it_takes_and_sends_them(qtbot, tmp_path, monkeypatch, screenshots):
    import numpy as np

    as_user(monkeypatch, tmp_path, "sender")
    project, _, vrun = build_source(tmp_path, n_answers=60)
    try:
        # only the first 10 answers keep the expert's labels: the other 100 sentences are unlabelled
        project.conn.execute("UPDATE sentences SET label = NULL, reason = NULL WHERE CAST(substr(item_id, 2) AS"
                             " INTEGER) >= 10")
        project.conn.commit()
        from factaudit.gui.views.raters.certify import CertifyPanel

        panel = CertifyPanel(project)
        qtbot.addWidget(panel)
        panel.resize(1100, 320)
        panel.half_spin.setValue(20.0)
        panel.show()
        panel.set_inputs(vrun, "R", "sentence")
        wait_ops(qtbot)
        doc = panel.result
        assert doc is not None and (doc["n_labelled"], doc["n_unlabelled"]) == (20, 100)
        assert doc == services.certify(project, vrun, "R", "sentence", target_half_width=0.20).to_json()
        # prediction-powered by hand: mean f over the unlabelled + mean (Y - f) over the labelled
        y = np.array([k == 1 for a in range(10) for k in (1, 2)], dtype=float)
        f_l = np.array([refuted(a, k) for a in range(10) for k in (1, 2)], dtype=float)
        f_u = np.array([refuted(a, k) for a in range(10, 60) for k in (1, 2)], dtype=float)
        theta = f_u.mean() + (y - f_l).mean()
        half = 1.959963984540054 * np.sqrt(f_u.var() / len(f_u) + (y - f_l).var() / len(y))
        assert doc["error_rate"]["ppi"]["value"] == pytest.approx(theta)
        assert doc["error_rate"]["ppi"]["ci"] == pytest.approx([theta - half, theta + half])
        assert panel.table.item(4, 1).text() == f"{100 * theta:.1f} [{100 * (theta - half):.1f}, " \
                                                f"{100 * (theta + half):.1f}]"
        lo, hi = doc["error_rate"]["labels_only"]["ci"]
        assert ("wider than the labels' own" in panel.notes_label.text()) == (2 * half > hi - lo)
        more = doc["labels_needed"]
        assert more and f"{more} more labelled sentences" in panel.needed_label.text()
        assert panel.draw_button.isEnabled()
        shot(panel, screenshots, "certify_needed.png")
        out = tmp_path / "draw.jsonl"
        panel.draw(str(out))
        wait_ops(qtbot)
        lines = [json.loads(x) for x in out.read_text().splitlines()]
        assert len(lines) == more and {x["level"] for x in lines} == {"sentence"}
        assert all(int(x["id"][1:].split(":")[0]) >= 10 for x in lines)        # unlabelled sentences only
        dialog = panel.send_sample()
        assert dialog.target == "sentences" and not dialog.units_spin.isEnabled()
        assert "draw.jsonl" in dialog.from_label.text()
        dialog.rater_edit.setText("Finn")
        dialog.out_edit.setText(str(tmp_path / "finn.faproj"))
        dialog.start()
        wait_ops(qtbot)
        assert (tmp_path / "finn.faproj").is_file(), dialog.status_label.text()
        assert sorted(u[1] for u in services.rater_packages(project)[0].units) == sorted(x["id"] for x in lines)
        dialog.close()
    finally:
        project.close()
