"""Issue 36, item 5: a passage, claim or reasoning with a 300 KB unbroken word is shown bounded in
the verdict view and the detail pane (Qt's rich-text layout is quadratic in a word's length), and
its full text is one click away, verbatim. Nothing is timed: the rendered documents' text is
checked to be short, and the full text to come back whole from the link."""
from __future__ import annotations

import json

from PySide6.QtCore import QUrl

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord
from factaudit.gui.views import long_text
from factaudit.gui.views.detail_pane import DetailPane
from factaudit.gui.views.verdict_view import VerdictView

# Not one repeated character: head and tail must be the word's own ends.
WORD = "BEGIN" + "".join(chr(ord("a") + (i * 7) % 26) for i in range(300_000)) + "END"
BOUND = 4 * long_text.MAX_TOKEN + 2_000   # everything else each view shows is a few hundred characters


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _links(browser) -> list[str]:
    return [a for a in browser.toHtml().split("href=\"")[1:] for a in [a.split("\"", 1)[0]]]


def test_verdict_view_bounds_a_300kb_word_and_opens_it_whole(qtbot, tmp_path):
    p = services.create_project(tmp_path / "long.faproj")
    corpus = [{"id": "long", "title": "Huge", "text": f"Aspirin lowered risk. {WORD} Tail sentence."},
              {"id": "short", "title": "Small", "text": "Aspirin lowered the risk of stroke."}]
    import_files(p, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus")
    import_files(p, [_jsonl(tmp_path / "claims.jsonl", [{"id": "c1", "claim": f"Aspirin {WORD[:5000]}"}])],
                 kind="claims")
    trec = tmp_path / "run.trec"
    trec.write_text("c1 Q0 long 1 2.0 t\nc1 Q0 short 2 1.0 t\n")
    rr = import_files(p, [trec], fmt="trec").run_id
    vid = run_store.create_run(p, "verify", {"retrieval_run": rr, "k": 2, "mode": "joint", "model": {"name": "x"}})
    run_store.add_verdict(p, vid, VerdictRecord(claim_id="c1", verdict="Supported", parse_status="ok",
                                                reasoning=f"Because {WORD}", evidence_used=["long"]))
    run_store.finish_run(p, vid, "done")
    view = VerdictView(p, run_id=vid)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)      # the page reads off the UI thread
    view.show_claim("c1")
    qtbot.waitUntil(lambda: not view.loading, timeout=10_000)
    evidence, reasoning = view.evidence.toPlainText(), view.reasoning.toPlainText()
    assert len(evidence) < BOUND and len(reasoning) < BOUND
    # The ordinary passage is whole, the long one keeps its ends and its surrounding sentences.
    assert "Aspirin lowered the risk of stroke." in evidence
    assert "Aspirin lowered risk. BEGIN" in evidence and "END Tail sentence." in evidence
    assert "show the full text (300," in evidence and "show the full text (" in reasoning

    links = _links(view.evidence)
    assert links and all(link.startswith(long_text.LINK_SCHEME + ":") for link in links)
    view.evidence.anchorClicked.emit(QUrl(links[0]))
    dialog = view.full_texts.dialog
    assert dialog is not None and dialog.view.toPlainText() == f"Aspirin lowered risk. {WORD} Tail sentence."
    view.reasoning.anchorClicked.emit(QUrl(_links(view.reasoning)[-1]))
    assert view.full_texts.dialog.view.toPlainText() == f"Because {WORD}"
    p.close()


def test_detail_pane_bounds_every_field_and_keeps_short_ones_verbatim(qtbot):
    pane = DetailPane()
    qtbot.addWidget(pane)
    record = {"id": "p1", "title": "T" * 50_000, "text": f"Start. {WORD} End.", "source": "x.jsonl"}
    pane.show_record("passages", record)
    shown = pane.toPlainText()
    assert len(shown) < 3 * BOUND and "x.jsonl" in shown and "Start. BEGIN" in shown and "END End." in shown
    keys = sorted(pane.full_texts.texts)
    assert {pane.full_texts.texts[k] for k in keys} == {"T" * 50_000, f"Start. {WORD} End."}
    for key in keys:
        assert pane.full_texts.open(QUrl(f"{long_text.LINK_SCHEME}:{key}"))
        assert pane.full_texts.dialog.view.toPlainText() == pane.full_texts.texts[key]
    # Short content: no link, nothing changed.
    pane.show_record("claims", {"id": "c1", "text": "Aspirin lowers stroke risk."})
    assert "Aspirin lowers stroke risk." in pane.toPlainText() and not pane.full_texts.texts


def test_elide_bounds_what_it_returns_and_leaves_normal_text_alone():
    normal = "A sentence with https://example.org/a/b?c=d and 2,500 mg. " * 100
    assert long_text.elide(normal) == (normal, False)
    shown, cut = long_text.elide(WORD)
    assert cut and shown == WORD[:long_text.TOKEN_HEAD] + long_text.ELLIPSIS + WORD[-long_text.TOKEN_TAIL:]
    many = " ".join([WORD[:1000]] * 1000)          # 1 MB of long words: each elided, the whole cut
    shown, cut = long_text.elide(many)
    assert cut and len(shown) <= long_text.MAX_CHARS + 1
