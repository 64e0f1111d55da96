"""Issue #35 item 2: a step marked "enough for now" keeps its state and its count, Next moves on past it,
and `factaudit status` tells the same as the Workflow page (both read services.workflow_status)."""
from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def small(tmp_path, monkeypatch):
    """Four answers of two sentences (s1 an error), one claim each, 3 passages per claim, verdicts that
    call every claim Supported: the 4 erroneous sentences are the disagreements to review."""
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "data"))
    passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": f"T{i}", "text": f"Text {i}."} for i in range(6)]
    answers = [{"id": f"a{a}", "question": f"Q{a}?", "answer": f"A{a}. B{a}.", "sentences": [
        {"id": f"a{a}:s1", "text": f"A{a}.", "label": "error"}, {"id": f"a{a}:s2", "text": f"B{a}.", "label": "correct"}]}
        for a in range(4)]
    claims = [{"id": f"a{a}:s{k}#1", "claim": f"C{a}.{k}", "sentence_id": f"a{a}:s{k}", "item_id": f"a{a}"}
              for a in range(4) for k in (1, 2)]
    project = services.create_project(tmp_path / "p.faproj")
    services.import_files(project, [_jsonl(tmp_path / "corpus.jsonl", passages)], kind="corpus")
    services.import_files(project, [_jsonl(tmp_path / "answers.jsonl", answers)], kind="answers")
    services.import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    trec = tmp_path / "run.trec"
    trec.write_text("".join(f"{c['id']} Q0 p{(i + r) % 6} {r} {10 - r}.0 t\n" for i, c in enumerate(claims)
                            for r in range(1, 4)))
    services.import_files(project, [trec], fmt="trec", kind="run")
    verdicts = [{"claim_id": c["id"], "verdict": "Supported", "reasoning": f"Why {c['id']}."} for c in claims]
    vrun = services.import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    yield project, vrun
    project.close()


def _errors(project) -> int:
    """The disagreements by hand: sentences the expert calls an error that no Refuted verdict flags."""
    conn = sqlite3.connect(project.path)
    try:
        return conn.execute("SELECT count(*) FROM sentences WHERE label = 'error'").fetchone()[0]
    finally:
        conn.close()


def test_enough_moves_next_on_and_keeps_the_count(small):
    project, vrun = small
    services.mark_step(project, "score", vrun)
    first = services.workflow_status(project)
    assert first.next_step.name == "review" and first.step("review").state == "todo"
    n = _errors(project)
    assert f"0 of {n} disagreements triaged" in first.step("review").detail
    services.set_triage(project, vrun, "a0:s1", "verification_error", "Ann")
    services.mark_enough(project, "review")
    after = services.workflow_status(project)
    review = after.step("review")
    assert review.state == "partial" and review.enough and not review.next
    assert f"1 of {n} disagreements triaged" in review.detail and "enough for now" in review.detail
    assert after.next_step.name == "prelabel"
    assert after.to_json()["steps"][6]["enough"] is True and "enough" not in after.to_json()["steps"][5]
    # the CLI reads the same function: the same truth
    res = CliRunner().invoke(cli, ["status", str(project.path), "--json"])
    assert res.exit_code == 0, res.output
    doc = {s["name"]: s for s in json.loads(res.output)["steps"]}
    assert doc["review"]["enough"] is True and doc["prelabel"]["next"] is True
    # every optional step enough: Next reaches Report, then (a report written) Seal
    for step in ("prelabel", "label_evidence", "label_reasoning", "agreement"):
        services.mark_enough(project, step)
    assert services.workflow_status(project).next_step.name == "report"
    services.mark_enough(project, "review", False)          # taken back: review is next again
    assert services.workflow_status(project).next_step.name == "review"


def test_only_optional_steps_can_be_enough(small):
    project, _ = small
    with pytest.raises(InvalidArgument):
        services.mark_enough(project, "seal")
    assert "enough" not in services.WORKFLOW_ENOUGH_STEPS and "review" in services.WORKFLOW_ENOUGH_STEPS
    # a done step is not marked (there is nothing to call enough)
    services.mark_enough(project, "decompose")
    assert not services.workflow_status(project).step("decompose").enough


def test_other_paths_show_only_with_their_data(small, tmp_path):
    project, vrun = small
    assert services.workflow_status(project).paths == []
    services.set_triage(project, vrun, "a0:s1", "verification_error", "Ann")
    services.make_rater_package(project, tmp_path / "pkg.faproj", "Bob", units=2, seed=1, k=1)
    status = services.workflow_status(project)
    got = {p.name: (p.state, p.detail) for p in status.paths}
    assert got == {"induction": ("todo", "induction rounds: 0"),
                   "second_rater": ("partial", "packages sent: 1; returns merged: 0")}
    assert not any(p.next for p in status.paths) and status.paths[0].title == "Taxonomy induction"
    res = CliRunner().invoke(cli, ["status", str(project.path), "--json"])
    assert [p["name"] for p in json.loads(res.output)["paths"]] == ["induction", "second_rater"]
    text = CliRunner().invoke(cli, ["status", str(project.path)])
    assert text.exit_code == 0 and "Second rater  partial packages sent: 1; returns merged: 0" in text.output
