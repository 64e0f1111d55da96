"""Issue #35 item 1, through the windows alone: the first rater labels units in the Labeling page, File ›
Send to a rater… offers exactly those units (the overlap counted before writing), the second rater (their
own config and data folders, so their own key) labels them in rater mode, and the merge says how many
units overlap and opens Agreement › Disagreements, where a click on a row and a digit adjudicate.
κ on the page is checked against Cohen's kappa computed here from the stored labels."""
from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from factaudit.engine import services
from test_rater_gui import _open_rater, _project_window, as_user, controller, source, wait_ops  # noqa: F401,I001

LONG = 180_000


def label_unit(qtbot, view, digits) -> tuple[str, str]:
    """One evidence unit by keyboard: a digit and Enter per dimension; returns the unit labelled."""
    # not while a queue is (re)opening: the page's first refreshes can replace the queue under the keys
    qtbot.waitUntil(lambda: not view.loading and view.entry is not None and view.unit is not None, timeout=LONG)
    unit = (view.entry.claim_id, view.entry.passage_id)
    view.auto_check.setChecked(False)
    for n in range(len(view.dims)):
        qtbot.keyClick(view.card, getattr(Qt.Key, f"Key_{digits[n]}"))
        qtbot.keyClick(view.card, Qt.Key.Key_Return)
    assert view.flush()
    return unit


def kappa(a: list[str], b: list[str]) -> float | None:
    """Cohen's kappa of two raters' codes on the same units, from its definition."""
    n = len(a)
    po = sum(x == y for x, y in zip(a, b)) / n
    ca, cb = Counter(a), Counter(b)
    pe = sum(ca[c] * cb[c] for c in set(a) | set(b)) / (n * n)
    return None if pe == 1 else (po - pe) / (1 - pe)


def test_two_raters_label_the_same_units_and_reach_kappa_and_an_adjudication(qtbot, source, controller,
                                                                             monkeypatch, screenshots):
    project, rrun, vrun, tmp = source
    window = _project_window(qtbot, project)
    # ---- Alice, the first rater, labels three evidence pairs in the Labeling page
    window.show_page(window.page_index("Labeling"))
    page = window.page_widget("Labeling")
    page.show_tab("Label")
    lab = page.labeling
    lab.annotator_edit.setText("Alice")
    alice_digits = ([1] * 5, [2] * 5, [1] * 5)
    mine = []
    for digits in alice_digits:
        before = lab.index if lab.entry is not None else -1
        mine.append(label_unit(qtbot, lab, digits))
        qtbot.waitUntil(lambda b=before: lab.index != b, timeout=LONG)
    wait_ops(qtbot)
    # one rater so far: the empty list says so
    agreement = page.show_tab("Agreement")
    agreement.n_resamples = 200
    adj = agreement.show_disagreements()
    wait_ops(qtbot)
    assert adj.table.rowCount() == 0 and "only one rater has labelled" in adj.status.text()
    agreement.inner.setCurrentIndex(0)

    # ---- File › Send to a rater…: the units Alice labelled, counted before writing
    window.send_rater_action.trigger()
    dialog = window.findChild(QDialog, "raterSendDialog")
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=LONG)
    assert dialog.run_combo.currentData() == rrun
    assert dialog.labelled_check.isChecked() and dialog.labelled_check.text() == "The 3 units labelled here"
    assert dialog.overlap_label.text() == ("The package holds 3 units; 3 of them labelled here by Alice: agreement "
                                           "is computed on those.")
    dialog.extra_spin.setValue(1)                               # one more unit for the rater, seeded
    qtbot.waitUntil(lambda: dialog.preview is not None and dialog.preview.n_units > 3, timeout=LONG)
    assert dialog.preview.overlap == 3
    dialog.extra_spin.setValue(0)
    qtbot.waitUntil(lambda: dialog.preview.n_units == 3, timeout=LONG)
    dialog.rater_edit.setText("Bob")
    pkg = tmp / "for-bob.faproj"
    dialog.out_edit.setText(str(pkg))
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    assert pkg.is_file(), dialog.status_label.text()
    sent = services.rater_packages(project)[-1]
    assert sorted((c, p) for _, c, p in sent.units) == sorted(mine) and sent.seed is None
    dialog.close()

    # ---- Bob, in his own folders, labels the same units in rater mode
    as_user(monkeypatch, tmp, "bob")
    rater, view = _open_rater(qtbot, controller, pkg)
    assert "0 of 3" in rater.progress_label.text()
    done: list[tuple[str, str]] = []
    for n in range(3):
        # the next unit is read off the UI thread: "n of 3" can change before it arrives
        qtbot.waitUntil(lambda: view.entry is not None and (view.entry.claim_id, view.entry.passage_id) not in done,
                        timeout=LONG)
        unit = (view.entry.claim_id, view.entry.passage_id)
        done.append(unit)
        digits = alice_digits[mine.index(unit)]
        if unit == mine[2]:
            digits = [2] + digits[1:]                           # Bob differs from Alice on the third unit's first dimension
        label_unit(qtbot, view, digits)
        qtbot.waitUntil(lambda n=n: f"{n + 1} of 3" in rater.progress_label.text(), timeout=LONG)
    ret = tmp / "bob-return.faproj"
    rater.return_labels(str(ret))
    wait_ops(qtbot)
    bob_key = rater.last_return.rater_key
    rater.close()

    # ---- back at Alice's: merge; one line says what became comparable, and Disagreements opens on it
    as_user(monkeypatch, tmp, "sender", trust=False)
    merge = window.merge_returned(str(ret))
    wait_ops(qtbot)
    merge.trust_edit.setText(bob_key)
    qtbot.mouseClick(merge.merge_button, Qt.MouseButton.LeftButton)
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: merge.overlap is not None, timeout=LONG)
    assert merge.overlap_label.text() == ("3 units overlap (3 evidence); κ per dimension ready. "
                                          "Disagreements to adjudicate: 1.")
    merge.close()
    qtbot.waitUntil(lambda: window.current_page == "Labeling" and agreement.inner.currentIndex() == 1, timeout=LONG)
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: adj.table.rowCount() == 1, timeout=LONG)
    row = adj.rows[0]
    assert (row.claim_id, row.other) == mine[2] and row.codes.keys() == {"Alice", "Bob"}
    assert adj.filter_combo.currentData() == "evidence"

    # ---- κ on the Figures tab, against the definition on the stored labels
    agreement.inner.setCurrentIndex(0)
    wait_ops(qtbot)
    dim = services.codebook(project).evidence[0].id
    labels = {(a.annotator, a.claim_id, a.passage_id): a.code
              for a in services.current_annotations(project, target="evidence") if a.dimension == dim}
    want = kappa([labels[("Alice", *u)] for u in mine], [labels[("Bob", *u)] for u in mine])
    assert want is not None and abs(want) < 1
    pt = agreement.pair_table
    shown = next(pt.item(r, 5).text() for r in range(pt.rowCount())
                 if pt.item(r, 0).data(Qt.ItemDataRole.UserRole) == dim
                 and {pt.item(r, 1).text(), pt.item(r, 2).text()} == {"Alice", "Bob"})
    assert shown == f"{want:.3f}", (shown, want)

    # ---- adjudication: a click on the row, then a digit (not the table's type-ahead)
    adj = agreement.show_disagreements()
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: adj.table.rowCount() == 1, timeout=LONG)
    adj.adjudicator_edit.setText("Ann")
    item = adj.table.item(0, 1)
    qtbot.mouseClick(adj.table.viewport(), Qt.MouseButton.LeftButton, pos=adj.table.visualItemRect(item).center())
    adj.table.setFocus()
    qtbot.keyClick(adj.table, Qt.Key.Key_2)
    assert adj.flush()
    wait_ops(qtbot)
    code = adj.codes_of(row)[1][0]
    got = services.rater_disagreements(project, "evidence")
    assert [(g.claim_id, g.adjudicated, g.adjudicator) for g in got] == [(mine[2][0], code, "adjudicator:Ann")]
    window.grab().save(str(screenshots / "rater_roundtrip_adjudicated.png"))
    # the other targets' lists say why they are empty
    adj.filter_combo.setCurrentIndex(adj.filter_combo.findData("reasoning"))
    wait_ops(qtbot)
    qtbot.waitUntil(lambda: "only one rater" in adj.status.text(), timeout=LONG)
    window.close()


def test_empty_disagreement_lists_say_why(qtbot, source):
    from factaudit.gui.views.raters.adjudication import AdjudicationView

    project = source[0]
    view = AdjudicationView(project)
    qtbot.addWidget(view)
    wait_ops(qtbot)
    one = services.RaterOverlap(["Alice"])
    apart = services.RaterOverlap(["Alice", "Bob"])
    agree = services.RaterOverlap(["Alice", "Bob"], {"evidence": 4}, {"evidence": 5}, 0)
    assert "only one rater" in view.empty_text(one)
    assert view.empty_text(apart).startswith("No disagreements: Alice, Bob labelled no unit in common")
    assert view.empty_text(agree) == "No disagreements: Alice, Bob agree on every one of the 4 units they both labelled."
