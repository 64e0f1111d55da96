"""Review (disagreements and triage), the codebook editor, the agreement view, and the audit sections of
the HTML and XLSX reports, over the demo project with MedExpert sentences turned into claims."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import queries, runs
from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

HQ = {"entity_match": "exact", "clinical_scope": "exact", "credibility": "reliable", "polarity": "supports",
      "chunk_quality": "complete"}


def _h(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)


def _verdict(cid: str, label: str) -> str:
    h = _h(cid) % 100
    if label == "error":
        return "Refuted" if h < 45 else "No Evidence" if h < 65 else "Supported"
    return "Supported" if h < 70 else "Ambiguous" if h < 85 else "No Evidence"


def build(project, tmp_path: Path, n_sentences: int = 40) -> dict:
    rows = queries.page_rows(project, "sentences", 0, n_sentences, dataset="medexpert-demo")
    assert rows, "the demo project always carries the MedExpert sample"
    claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
              for sid, item, _o, text, _l, _r in rows]
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims))
    import_files(project, [tmp_path / "claims.jsonl"], kind="claims", dataset="me-claims")
    ids = [c["id"] for c in claims]
    rr = retrieve(project, RetrievalRequest("bm25", k=3, claim_ids=ids)).run_id
    labels = {f"{r[0]}#1": r[4] for r in rows}
    verdicts = {cid: _verdict(cid, labels[cid]) for cid in ids}
    path = tmp_path / "verdicts.jsonl"
    path.write_text("".join(json.dumps({"claim_id": c, "verdict": v, "reasoning": f"REASON-{c}"}) + "\n"
                            for c, v in verdicts.items()))
    vr = import_files(project, [path], kind="verdicts").run_id
    return {"rows": rows, "labels": labels, "verdicts": verdicts, "retrieval_run": rr, "verify_run": vr,
            "hits": {c: [h.passage_id for h in hs] for c, hs in runs.get_hits(project, rr).items()}}


def expected_disagreements(data: dict, mapping: str) -> set[str]:
    """Sentences whose single claim's flag under the mapping differs from the expert label (computed here)."""
    out = set()
    for sid, _item, _o, _text, label, _r in data["rows"]:
        if label not in ("correct", "error"):
            continue
        flagged = data["verdicts"][f"{sid}#1"] in MAPPINGS[mapping]
        if flagged != (label == "error"):
            out.add(sid)
    return out


def shot(qtbot, widget, path: Path) -> None:
    """Only when FACTAUDIT_SCREENSHOTS names a folder (never into the tracked docs/ on a plain run)."""
    import os

    folder = os.environ.get("FACTAUDIT_SCREENSHOTS")
    if not folder:
        return
    qtbot.wait(50)
    Path(folder).mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(Path(folder) / Path(path).name))


# ---- review ------------------------------------------------------------------------------------
def test_review_disagreements_prefill_and_triage(qtbot, demo_project, tmp_path, screenshots):
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import set_annotator_name
    from factaudit.gui.views.review_view import ReviewView

    project = demo_project
    data = build(project, tmp_path)
    want = expected_disagreements(data, "R+NE")
    assert len(want) >= 4
    ordered = [r[0] for r in data["rows"] if r[0] in want]
    x, y = ordered[0], ordered[1]
    # x: every top-k passage rules itself out (entity mismatch) -> pre-fill retrieval error
    for pid in data["hits"][f"{x}#1"]:
        services.audit.annotate(project, target="evidence", claim_id=f"{x}#1", passage_id=pid,
                                dimension="entity_match", code="mismatch", annotator="tester")
    # y: the second passage is high quality on every dimension -> pre-fill verification error
    for dim, code in HQ.items():
        services.audit.annotate(project, target="evidence", claim_id=f"{y}#1", passage_id=data["hits"][f"{y}#1"][1],
                                dimension=dim, code=code, annotator="tester")
    set_annotator_name("dr-review")
    set_project_annotator(project, "dr-review")      # per project: triage asks only when it is unset

    view = ReviewView(project)
    qtbot.addWidget(view)
    view.resize(1300, 820)
    view.show()
    qtbot.waitExposed(view)
    view.select(data["verify_run"], data["retrieval_run"], level="sentence", mapping="R+NE")
    assert view.flush()                                           # the list is read in workers
    shown = view.unit_ids()
    assert set(shown) == want and view.row_count() == len(want)
    assert view.result.n_units == sum(r[4] in ("correct", "error") for r in data["rows"])

    row_x, row_y = shown.index(x), shown.index(y)
    view.set_row(row_x)
    assert view.flush()                                           # its passages are read off the UI thread
    html = view.detail.toPlainText()
    sentence = next(r for r in data["rows"] if r[0] == x)
    assert sentence[3] in html and f"REASON-{x}#1" in html
    titles = services.audit.passage_texts(project, data["hits"][f"{x}#1"])
    assert all(titles[p].title[:40] in html for p in data["hits"][f"{x}#1"] if titles[p].title)
    assert "(pre-filled)" in view.triage_buttons["retrieval_error"].text()
    assert "Retrieval error" in view.prefill_label.text()
    view.list.setFocus()
    qtbot.keyClick(view.list, Qt.Key.Key_Return)                  # accept the pre-fill
    nxt = next(i for i in range(row_x + 1, len(shown)))          # moved on to the next untriaged one
    assert view.current_row() == nxt
    view.set_row(row_y)
    assert "(pre-filled)" in view.triage_buttons["verification_error"].text()
    qtbot.keyClick(view.list, Qt.Key.Key_3)                       # overrule: wrong gold label
    view.set_row(row_y)
    qtbot.keyClick(view.list, Qt.Key.Key_2)                       # changed mind: verification error
    view.set_row(row_y)
    assert view.triage_buttons["verification_error"].isChecked()
    assert view.flush()
    shot(qtbot, view, screenshots / "review.png")

    stored = services.disagreements(project, data["verify_run"], mapping="R+NE",
                                    retrieval_run=data["retrieval_run"])
    decided = {d.unit_id: (d.triage, d.triage_annotator) for d in stored.disagreements if d.triage}
    assert decided == {x: ("retrieval_error", "dr-review"), y: ("verification_error", "dr-review")}
    history = [a for a in services.audit.annotation_history(project, y) if a.target == "triage"]
    assert [a.code for a in history] == ["wrong_gold", "verification_error"] and history[1].supersedes == history[0].id
    assert "2 triaged" in view.summary.text()

    # another mapping gives another, independently computed, set
    view.set_mapping("R")
    assert view.flush()
    assert set(view.unit_ids()) == expected_disagreements(data, "R")


# ---- codebook editor ---------------------------------------------------------------------------
def _save(editor, qtbot) -> int | None:
    """Save through the editor's Op; the stored version, or None when the engine refused it. A saved
    version is read back off the UI thread: wait for it before editing on."""
    from factaudit.gui.ops import Op

    op = editor.save()
    assert op is not None and Op.wait_all(10_000)
    qtbot.waitUntil(lambda: not editor.loading, timeout=10_000)
    return op.result.version if op.status == "done" else None


def _find(tree, path):
    from factaudit.gui.views.codebook_editor import ROLE

    def walk(item):
        if item.data(0, ROLE) == path:
            return item
        for i in range(item.childCount()):
            found = walk(item.child(i))
            if found is not None:
                return found
        return None

    return walk(tree.topLevelItem(0))


def test_codebook_editor_saves_versions_and_shows_errors(qtbot, project, screenshots):
    from factaudit.gui.views.codebook_editor import CodebookEditor

    editor = CodebookEditor(project)
    qtbot.addWidget(editor)
    editor.resize(1200, 760)
    editor.show()
    qtbot.waitExposed(editor)
    qtbot.waitUntil(lambda: not editor.loading, timeout=10_000)
    assert editor.version == 1
    editor.tree.setCurrentItem(_find(editor.tree, ("code", "evidence", 0, 1)))     # entity_match / related
    assert editor.code_id.text() == "related" and editor.code_pattern.currentText() == "R1"
    editor.code_definition.setPlainText("A sibling drug or a parent condition.")
    editor.code_examples.setPlainText("Claim about metformin; passage about sulfonylureas.\nA second example.")
    editor.note_edit.setText("sharper definition")
    assert _save(editor, qtbot) == 2
    book = services.audit.codebook(project)
    code = book.dimension("entity_match").code("related")
    assert book.version == 2 and code.definition == "A sibling drug or a parent condition."
    assert code.examples == ("Claim about metformin; passage about sulfonylureas.", "A second example.")
    assert services.audit.codebook_versions(project)[-1]["note"] == "sharper definition"
    assert services.audit.codebook(project, 1).dimension("entity_match").code("related").definition != code.definition

    # a bad id is refused with the engine's reason, and nothing is stored
    editor.tree.setCurrentItem(_find(editor.tree, ("code", "evidence", 0, 1)))
    editor.code_id.selectAll()
    qtbot.keyClicks(editor.code_id, "Bad Id")
    assert _save(editor, qtbot) is None
    assert "lower_snake_case" in editor.errors.text() and "Not saved" in editor.errors.text()
    assert len(services.audit.codebook_versions(project)) == 2

    # fix it, add a code with a pattern and a new reasoning step, move it up, save: version 3
    editor.code_id.selectAll()
    qtbot.keyClicks(editor.code_id, "related_entity")
    editor.tree.setCurrentItem(_find(editor.tree, ("dim", "evidence", 2)))         # credibility
    editor.add_code()
    editor.code_name.selectAll()
    qtbot.keyClicks(editor.code_name, "Retracted")
    editor.code_pattern.setCurrentText("R3")
    editor.tree.setCurrentItem(_find(editor.tree, ("target", "reasoning")))
    editor.add_dimension()
    editor.move_selected(-1)
    assert _save(editor, qtbot) == 3
    editor.tree.setCurrentItem(_find(editor.tree, ("code", "evidence", 0, 0)))     # entity_match / exact
    editor.tree.scrollToTop()
    assert editor.code_hq.isChecked() and not editor.code_off.isChecked()
    shot(qtbot, editor, screenshots / "codebook_editor.png")
    book = services.audit.codebook(project)
    assert book.dimension("entity_match").code_ids == ("exact", "related_entity", "mismatch")
    assert book.high_quality["entity_match"] == ("exact",)
    cred = book.dimension("credibility")
    assert cred.code_ids[-1] == "code_1" and cred.code("code_1").name == "Retracted"
    assert cred.code("code_1").pattern == "R3"
    assert [d.id for d in book.reasoning][-2] == "new_step_1"
    assert len(book.reasoning) == 7


# ---- agreement ---------------------------------------------------------------------------------
RATERS = ("alice", "bob")
LLM = "llm:judge@0123abcd"


def _rater_files(data: dict, tmp_path: Path) -> tuple[Path, dict]:
    """Two human raters and an LLM on the evidence pairs (alice all, bob the first 20, the LLM all), with
    seeded noise; alice labels half of her pairs blind. Returns the file and the codes by rater."""
    rng = random.Random(7)
    pairs = [(c, p) for c, ps in sorted(data["hits"].items()) for p in ps][:30]
    codes = ("exact", "related", "mismatch")
    truth = {u: rng.choice(codes) for u in pairs}
    given: dict[str, dict] = {r: {} for r in (*RATERS, LLM)}
    recs = []
    for rater, units, noise, hour in (("alice", pairs, 0.25, 9), ("bob", pairs[:20], 0.35, 10), (LLM, pairs, 0.4, 8)):
        for n, u in enumerate(units):
            code = truth[u] if rng.random() > noise else rng.choice(codes)
            given[rater][u] = code
            recs.append({"claim_id": u[0], "passage_id": u[1], "dimension": "entity_match", "code": code,
                         "annotator": rater, "blind": rater == "alice" and n % 2 == 0,
                         "created": f"2026-01-01T{hour:02d}:{n:02d}:00+00:00"})
    path = tmp_path / "raters.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return path, given


def test_agreement_view_matches_sklearn_and_krippendorff(qtbot, demo_project, tmp_path, screenshots):
    import krippendorff
    import numpy as np
    from sklearn.metrics import cohen_kappa_score

    from factaudit.gui.views.agreement_view import AgreementView

    project = demo_project
    data = build(project, tmp_path, n_sentences=12)
    path, given = _rater_files(data, tmp_path)
    summary = services.audit.import_annotations(project, path)
    assert summary.added == 80
    view = AgreementView(project, n_resamples=500)
    qtbot.addWidget(view)
    view.resize(1300, 760)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: view.results is not None, timeout=60_000)

    # independent figures: krippendorff on the raters x units matrix, sklearn on each pair's shared units
    units = sorted({u for g in given.values() for u in g})
    cats = {"exact": 0, "related": 1, "mismatch": 2}
    matrix = np.array([[cats[given[r][u]] if u in given[r] else np.nan for u in units]
                       for r in sorted(given)], dtype=float)
    alpha = krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal")
    rows = {view.dim_table.item(i, 0).data(Qt.ItemDataRole.UserRole): i for i in range(view.dim_table.rowCount())}
    row = rows["entity_match"]
    # shown by its codebook name, not its id (issue #35)
    assert view.dim_table.item(row, 0).text() == services.audit.codebook(project).dimension("entity_match").name
    assert view.dim_table.item(row, 2).text() == f"{alpha:.3f}"
    assert view.dim_table.item(row, 5).text() == "30" and view.dim_table.item(row, 6).text() == "2 + 1"   # alice, bob + the LLM
    r = view.results["entity_match"]
    assert r.alpha_ci[0] <= alpha <= r.alpha_ci[1]

    pairs = {(view.pair_table.item(i, 1).text(), view.pair_table.item(i, 2).text()): i
             for i in range(view.pair_table.rowCount())
             if view.pair_table.item(i, 0).data(Qt.ItemDataRole.UserRole) == "entity_match"}
    for a, b in (("alice", "bob"), ("alice", LLM), ("bob", LLM)):
        shared = sorted(set(given[a]) & set(given[b]))
        kappa = cohen_kappa_score([given[a][u] for u in shared], [given[b][u] for u in shared])
        i = pairs[(a, b)]
        assert view.pair_table.item(i, 4).text() == str(len(shared))
        assert view.pair_table.item(i, 5).text() == f"{kappa:.3f}"
    # the pre-label's pull: alice vs the LLM on her blind labels (every other one of her units)
    blind_units = [u for n, u in enumerate(given["alice"]) if n % 2 == 0]     # insertion order = labelling order
    k_blind = cohen_kappa_score([given["alice"][u] for u in blind_units], [given[LLM][u] for u in blind_units])
    i = pairs[("alice", LLM)]
    assert view.pair_table.item(i, 8).text() == f"{k_blind:.2f} ({len(blind_units)})"
    shot(qtbot, view, screenshots / "agreement.png")


# ---- report sections ---------------------------------------------------------------------------
def test_report_has_taxonomy_and_agreement_sections(demo_project, tmp_path):
    import openpyxl

    project = demo_project
    data = build(project, tmp_path, n_sentences=12)
    path, given = _rater_files(data, tmp_path)
    services.audit.import_annotations(project, path)
    # merged human labels: the most recent wins (bob's where he labelled, alice's elsewhere)
    merged = {**given["alice"], **given["bob"]}
    n_r1 = sum(code in ("related", "mismatch") for code in merged.values())
    n_hits = sum(len(v) for v in data["hits"].values())

    out = tmp_path / "report"
    services.write_report(project, out, ("html", "xlsx"), n_resamples=500)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Audit: failure taxonomy" in html and "Audit: rater agreement" in html
    wb = openpyxl.load_workbook(out / "report.xlsx")
    assert {"Taxonomy", "Evidence quality", "Label marginals", "Agreement", "Rater pairs"} <= set(wb.sheetnames)
    tax = [dict(zip([c.value for c in wb["Taxonomy"][1]], [c.value for c in row])) for row in wb["Taxonomy"].iter_rows(min_row=2)]
    r1 = next(t for t in tax if t["run"] == data["retrieval_run"] and t["pattern"] == "R1")
    assert (r1["count"], r1["denominator"]) == (n_r1, len(merged))
    assert r1["share"] == pytest.approx(n_r1 / len(merged))
    quality = [c.value for c in wb["Evidence quality"][2]]
    assert quality[:3] == [data["retrieval_run"], n_hits, len(merged)]
    assert quality[3] == sum(c != "exact" for c in merged.values())     # only entity_match is labelled
    agreement = {row[0].value: [c.value for c in row] for row in wb["Agreement"].iter_rows(min_row=2)}
    assert agreement["entity_match"][6:9] == [30, 2, 1]      # units, human raters, LLM pre-labellers


def test_taxonomy_view_counts(qtbot, demo_project, tmp_path, screenshots):
    from factaudit.gui.views.taxonomy_view import TaxonomyView

    project = demo_project
    data = build(project, tmp_path, n_sentences=12)
    path, given = _rater_files(data, tmp_path)
    services.audit.import_annotations(project, path)
    merged = {**given["alice"], **given["bob"]}
    n_r1 = sum(code in ("related", "mismatch") for code in merged.values())
    view = TaxonomyView(project)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)       # read off the UI thread
    t = view.retrieval_table
    header = [t.horizontalHeaderItem(c).text() for c in range(t.columnCount())]
    book = services.audit.codebook(project)
    assert header[:3] == ["Run", "Pairs", "Labelled"]
    assert header[3:9] == [f"R{n} {book.patterns[f'R{n}']}" for n in range(1, 7)]   # codes carry their names
    assert header[3] == "R1 Entity mismatch"
    assert t.rowCount() == 1 and t.item(0, 0).text() == data["retrieval_run"]
    assert t.item(0, 2).text() == str(len(merged))
    assert t.item(0, 3).text() == f"{n_r1} ({100 * n_r1 / len(merged):.0f}%)"
    # with the LLM counted, its labels fill nothing new here (every pair has a human label) but may win
    view.llm_box.setChecked(True)
    assert view.loading and view.status.text() == "Reading…"       # says it reads again
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    llm_merged = {**given[LLM], **given["alice"], **given["bob"]}      # LLM labels are the oldest (08:xx)
    n_r1_llm = sum(code in ("related", "mismatch") for code in llm_merged.values())
    assert t.item(0, 3).text().startswith(f"{n_r1_llm} (")
    shot(qtbot, view, screenshots / "taxonomy.png")


def test_labeling_page_tabs(qtbot, project):
    from factaudit.gui.views.labeling_page import LabelingPage

    page = LabelingPage(project)
    qtbot.addWidget(page)
    page.show()
    assert [page.tabs.tabText(i) for i in range(page.tabs.count())] == ["Label", "Codebook", "Agreement", "Taxonomy"]
    page.tabs.setCurrentIndex(1)
    editor = page.widget("Codebook")
    qtbot.waitUntil(lambda: editor.version == 1, timeout=10_000)       # read off the UI thread
    assert page.tabs.widget(1) is editor
    page.tabs.setCurrentIndex(3)
    qtbot.waitUntil(lambda: "No labelled units yet" in page.widget("Taxonomy").status.text(), timeout=10_000)
    qtbot.waitUntil(lambda: "No retrieval run" in page.labeling.status.text(), timeout=10_000)
    page.refresh()


def test_review_falls_back_to_claims_in_the_closed_regime(qtbot, demo_project, tmp_path):
    from test_audit_labeling import make_audit_data

    from factaudit.gui.views.review_view import ReviewView

    data = make_audit_data(demo_project, tmp_path)
    view = ReviewView(demo_project)
    qtbot.addWidget(view)
    assert view.flush()
    assert view.level_combo.currentText() == "claim"
    gold = {c.id: c.gold_label for c in queries.list_claims(demo_project, ids=data["claims"])}
    shown = [view.model.disagreement(i) for i in range(view.row_count())]
    assert {d.unit_id for d in shown} == {c for c, g in gold.items() if g != "Refuted"}
    assert all(d.kind == "wrong_verdict" for d in shown)
    # the LLM pre-labelled one passage high quality on every dimension; the other claims are unlabelled
    prefills = {d.unit_id: d.prefill for d in shown}
    hq_claim = services.audit.current_annotations(demo_project, target="evidence")[0].claim_id
    assert prefills == {c: ("verification_error" if c == hq_claim else None) for c in prefills}
    row = next(i for i, c in enumerate(prefills) if c != hq_claim)
    view.set_row(row)
    assert "No pre-fill" in view.prefill_label.text()
    qtbot.keyClick(view.list, Qt.Key.Key_Return)                  # nothing to accept: nothing stored
    assert view.flush()
    assert not any(d.triage for d in services.disagreements(demo_project, data["verify_run"],
                                                            level="claim").disagreements)


# ---- keyboard ----------------------------------------------------------------------------------
def test_ctrl_4_opens_review_and_digits_triage_at_once(qtbot, demo_project, tmp_path, closer):
    """A page opened by its shortcut takes the keys at once: Ctrl+4 then 2 triages the current
    disagreement without a click into the list (a reviewer works from the keyboard)."""
    from PySide6.QtWidgets import QApplication

    from factaudit.gui.main_window import PAGES, ProjectWindow
    from factaudit.gui.views.labeling_parts import set_project_annotator
    from factaudit.gui.views.labeling_view import set_annotator_name
    from factaudit.gui.views.review_view import TRIAGE

    data = build(demo_project, tmp_path)
    set_annotator_name("dr-keys")
    set_project_annotator(demo_project, "dr-keys")
    window = ProjectWindow(demo_project)
    closer(window)
    window.show()
    qtbot.waitExposed(window)
    review_action = window.page_actions[PAGES.index("Review")]
    assert review_action.shortcut().toString() == "Ctrl+4"
    window.sidebar.setFocus()                          # where the focus is after using the sidebar
    review_action.trigger()                            # what Ctrl+4 does (offscreen windows get no shortcuts)
    assert PAGES[window.sidebar.currentRow()] == "Review"
    page = window.pages.currentWidget()
    review = page._built[0]
    assert review.flush()
    review.select(data["verify_run"], data["retrieval_run"], level="sentence", mapping="R+NE")
    assert review.flush() and review.row_count() > 0
    first = review.current.unit_id
    focus = QApplication.focusWidget()
    assert focus is review.list, focus                 # the keys go to the list, not the sidebar
    qtbot.keyClick(focus, Qt.Key.Key_2)
    assert review.flush()
    stored = services.disagreements(demo_project, data["verify_run"], retrieval_run=data["retrieval_run"],
                                    level="sentence", mapping="R+NE")
    decided = {d.unit_id: (d.triage, d.triage_annotator) for d in stored.disagreements if d.triage}
    assert decided == {first: (TRIAGE[1][0], "dr-keys")}
