"""Reads the rater's window needs (issue #21, GUI half): the return file is written while the rater's
workspace is still open for writing in the same process, and sentence units come with their answer."""
from __future__ import annotations

import json
from pathlib import Path

from factaudit.engine import services


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _as_user(monkeypatch, root: Path, who: str) -> None:
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(root / who / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(root / who / "data"))
    # The people of a test have checked each other's key fingerprints out of band: a package from an
    # untrusted sender and an untrusted rater's first return are refused (issue #36).
    known = root / "fingerprints.txt"
    for fp in known.read_text().split() if known.exists() else []:
        services.trust_key(fp)
    with known.open("a") as fh:
        fh.write(services.export_public_key().fingerprint + "\n")


def test_return_while_the_workspace_is_open_and_sentence_contexts(tmp_path, monkeypatch):
    _as_user(monkeypatch, tmp_path, "sender")
    answers = [{"id": f"a{a}", "question": f"Question {a}?", "answer": f"First {a}. Second {a}.", "sentences": [
        {"id": f"a{a}:s1", "text": f"First {a}.", "label": "error"},
        {"id": f"a{a}:s2", "text": f"Second {a}.", "label": "correct"}]} for a in range(3)]
    project = services.create_project(tmp_path / "src.faproj")
    try:
        services.import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
        pkg = tmp_path / "pkg.faproj"
        services.make_rater_package(project, pkg, "Eve", target="sentences", all_units=True)
        _as_user(monkeypatch, tmp_path, "eve")
        ws = services.open_rater_package(pkg)
        try:
            ids = [u[1] for u in ws.manifest.units]
            ctx = services.sentence_contexts(ws.project, ids)
            assert set(ctx) == set(ids)
            first = ctx["a1:s2"]
            assert (first.text, first.item_id, first.question, first.answer) == \
                ("Second 1.", "a1", "Question 1?", "First 1. Second 1.")
            assert first.answer[first.start:first.end] == "Second 1."
            services.rate_sentence(ws, "a1:s2", "error")
            services.rate_sentence(ws, "a1:s2", "correct")          # the latest counts
            assert services.rater_sentence_labels(ws) == {"a1:s2": "correct"}
            # the window still holds the workspace for writing: the return reads it read-only
            out = services.rater_return(pkg, tmp_path / "ret.faproj")
            assert (out.n_sentence_ratings, out.labelled, out.units) == (2, 1, 6)
            services.rate_sentence(ws, "a0:s1", "error")            # and labeling goes on after
        finally:
            ws.close()
        _as_user(monkeypatch, tmp_path, "sender")
        merged = services.rater_merge(project, tmp_path / "ret.faproj")
        assert merged.sentence_ratings_added == 2
    finally:
        project.close()
