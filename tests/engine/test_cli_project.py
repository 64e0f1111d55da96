import json

from click.testing import CliRunner

from factaudit.engine.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(map(str, args)), catch_exceptions=False)


def test_new_import_info_json(tmp_path):
    proj = tmp_path / "p.faproj"
    assert run("new", proj).exit_code == 0
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "p1", "text": "Aspirin lowers fever.", "title": "A"}\n', encoding="utf-8")
    res = run("import", proj, corpus, "--kind", "corpus", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["counts"] == {"documents": 1, "passages": 1}
    info = json.loads(run("info", proj, "--json").output)
    assert info["datasets"][0]["name"] == "c"
    assert info["datasets"][0]["counts"]["passages"] == 1
    assert info["counts"]["passages"] == 1
    assert info["runs"] == []


def test_bad_input_exits_nonzero_with_one_line_reason(tmp_path):
    proj = tmp_path / "p.faproj"
    run("new", proj)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "c1", "claim": "x", "label": "Maybe"}\n', encoding="utf-8")
    res = CliRunner().invoke(cli, ["import", str(proj), str(bad), "--kind", "claims"])
    assert res.exit_code == 2
    first = res.output.strip().splitlines()[0]
    assert first.startswith("error: import failed, nothing written: bad.jsonl:1:label: unknown label")
    assert json.loads(run("info", proj, "--json").output)["counts"]["claims"] == 0


def test_missing_project_is_a_clear_error(tmp_path):
    res = CliRunner().invoke(cli, ["info", str(tmp_path / "nope.faproj")])
    assert res.exit_code == 2
    assert "no project file" in res.output


def test_import_with_trec_run_creates_imported_run(tmp_path):
    proj = tmp_path / "p.faproj"
    run("new", proj)
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "p1", "text": "a"}\n{"id": "p2", "text": "b"}\n', encoding="utf-8")
    claims = tmp_path / "q.jsonl"
    claims.write_text('{"id": "c1", "claim": "a?"}\n', encoding="utf-8")
    trec = tmp_path / "r.trec"
    trec.write_text("c1 Q0 p2 1 0.5 x\nc1 Q0 p1 2 0.9 x\n", encoding="utf-8")
    run("import", proj, corpus, "--kind", "corpus")
    run("import", proj, claims, "--kind", "claims")
    res = run("import", proj, trec, "--format", "trec", "--json")
    assert json.loads(res.output)["run_id"] == "imported-1"
    info = json.loads(run("info", proj, "--json").output)
    assert [(r["run_id"], r["kind"], r["status"]) for r in info["runs"]] == [("imported-1", "imported", "done")]
    from factaudit.engine.project.db import Project
    from factaudit.engine.project.runs import get_hits

    with Project.open(proj, readonly=True) as p:
        # trec_eval orders by score, so p1 (0.9) ranks first whatever the rank column says
        assert [h.passage_id for h in get_hits(p, "imported-1")["c1"]] == ["p1", "p2"]


def test_info_separates_the_start_time_from_the_duration(tmp_path):
    """`info` printed "2026-12-01T22:33:18+00:00", whose "+00:00" reads like a duration (#26 item 7)."""
    import sqlite3
    from datetime import datetime

    from factaudit.engine.project import runs
    from factaudit.engine.project.db import Project

    proj = tmp_path / "p.faproj"
    assert run("new", proj).exit_code == 0
    with Project.open(proj) as p:
        run_id = runs.create_run(p, "verify", {"x": 1})
        runs.finish_run(p, run_id, "done")
    conn = sqlite3.connect(proj)
    # the start and end as the store wrote them
    created, finished = conn.execute("SELECT created, finished FROM runs WHERE id = ?", (run_id,)).fetchone()
    conn.close()
    start = datetime.fromisoformat(created)
    took = (datetime.fromisoformat(finished) - start).total_seconds()
    line = next(x for x in run("info", proj).output.splitlines() if run_id in x)
    assert f"started {start:%Y-%m-%d %H:%M:%S} UTC, took {took:.1f} s" in line
    assert "+00:00" not in line
