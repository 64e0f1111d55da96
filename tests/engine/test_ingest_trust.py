"""Import reproductions from issue #11: unknown --map columns, --id-prefix on every reference,
gold that resolves to nothing, and the CLI's one-line errors for them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import ImportFailed
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_unknown_map_column_fails_and_lists_the_columns(project, tmp_path):
    f = write_jsonl(tmp_path / "c.jsonl", [{"pid": "p1", "body": "Aspirin."}, {"pid": "p2", "body": "Zinc."}])
    with pytest.raises(ImportFailed) as info:
        import_files(project, [f], kind="corpus", mapping={"id": "pid", "text": "no_such_column"})
    p = info.value.problems[0]
    assert (p.file, p.line, p.field) == ("c.jsonl", 1, "text")
    assert "'no_such_column'" in p.reason and "pid, body" in p.reason
    assert queries.table_counts(project)["passages"] == 0
    res = import_files(project, [f], kind="corpus", mapping={"id": "pid", "text": "body"})
    assert res.counts["passages"] == 2


def test_unknown_map_column_in_csv_via_cli(tmp_path):
    proj = tmp_path / "p.faproj"
    CliRunner().invoke(cli, ["new", str(proj)])
    f = tmp_path / "c.csv"
    f.write_text("pid,body\np1,Aspirin.\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["import", str(proj), str(f), "--kind", "corpus", "--map", "id=pid",
                                   "--map", "text=nope"])
    assert res.exit_code == 2
    line = res.output.strip().splitlines()[0]
    assert line.startswith("error: import failed, nothing written: c.csv:1:text: mapped column 'nope'")
    assert "pid, body" in line


def test_id_prefix_applies_to_every_reference(project, tmp_path):
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [{"id": "p1", "doc_id": "d1", "text": "Aspirin thins blood."},
                                                     {"id": "p2", "doc_id": "d1", "text": "It may cause bleeding."}])
    answers = write_jsonl(tmp_path / "answers.jsonl", [{"id": "a1", "answer": "Aspirin thins blood. It is safe."}])
    claims = write_jsonl(tmp_path / "claims.jsonl", [
        {"id": "c1", "claim": "Aspirin thins blood.", "label": "Supported", "gold_passages": ["p1", "p2"],
         "item_id": "a1", "sentence_id": "a1:s1"}])
    for f, kind in ((corpus, "corpus"), (answers, "answers"), (claims, "claims")):
        import_files(project, [f], kind=kind, id_prefix="A/", dataset=f"A-{kind}")
    # the same files again under another prefix live side by side, each pointing into its own world
    for f, kind in ((corpus, "corpus"), (answers, "answers"), (claims, "claims")):
        import_files(project, [f], kind=kind, id_prefix="B/", dataset=f"B-{kind}")
    conn = project.reader()
    for pre in ("A/", "B/"):
        row = conn.execute("SELECT item_id, sentence_id FROM claims WHERE id = ?", (pre + "c1",)).fetchone()
        assert tuple(row) == (pre + "a1", pre + "a1:s1")
        gold = [r[0] for r in conn.execute("SELECT passage_id FROM claim_gold WHERE claim_id = ? ORDER BY 1",
                                           (pre + "c1",))]
        assert gold == [pre + "p1", pre + "p2"]
        docs = {r[0] for r in conn.execute("SELECT doc_id FROM passages WHERE id LIKE ?", (pre + "%",))}
        assert docs == {pre + "d1"}
        sent_items = {r[0] for r in conn.execute("SELECT item_id FROM sentences WHERE id LIKE ?", (pre + "%",))}
        assert sent_items == {pre + "a1"}
    # every gold reference resolves to a passage that exists
    dangling = conn.execute("SELECT count(*) FROM claim_gold g LEFT JOIN passages p ON p.id = g.passage_id "
                            "WHERE p.id IS NULL").fetchone()[0]
    assert dangling == 0


def test_id_prefix_reaches_imported_verdicts(project, tmp_path):
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [{"id": "p1", "text": "Aspirin thins blood."}])
    claims = write_jsonl(tmp_path / "claims.jsonl", [{"id": "c1", "claim": "Aspirin thins blood.",
                                                      "gold_passages": ["p1"]}])
    verdicts = write_jsonl(tmp_path / "v.jsonl", [{"claim_id": "c1", "verdict": "Supported", "passages": ["p1"]}])
    for f, kind in ((corpus, "corpus"), (claims, "claims"), (verdicts, "verdicts")):
        res = import_files(project, [f], kind=kind, id_prefix="X:", dataset=f"x-{kind}")
    row = project.reader().execute("SELECT claim_id FROM verdicts WHERE run_id = ?", (res.run_id,)).fetchone()
    assert row[0] == "X:c1"


def test_claims_before_any_corpus_are_allowed_and_counted(project, tmp_path):
    claims = write_jsonl(tmp_path / "claims.jsonl", [{"id": "c1", "claim": "x", "gold_passages": ["p9"]}])
    assert import_files(project, [claims], kind="claims").unresolved_gold == 1


def test_gold_resolving_to_nothing_fails_when_a_corpus_exists(project, tmp_path):
    import_files(project, [write_jsonl(tmp_path / "corpus.jsonl", [{"id": "p1", "text": "t"}])], kind="corpus")
    claims = write_jsonl(tmp_path / "claims.jsonl", [{"id": "c1", "claim": "x", "gold_passages": ["q1"]},
                                                     {"id": "c2", "claim": "y", "gold_passages": ["q2"]}])
    with pytest.raises(ImportFailed) as info:
        import_files(project, [claims], kind="claims")
    p = info.value.problems[0]
    assert (p.file, p.line, p.field) == ("claims.jsonl", 1, "gold_passages")
    assert "none of the 2 gold passages" in p.reason
    assert queries.table_counts(project)["claims_active"] == 0
    # one resolving gold passage is enough: the rest are counted, as for claims before their corpus
    claims.write_text(claims.read_text() + json.dumps({"id": "c3", "claim": "z", "gold_passages": ["p1"]}) + "\n")
    assert import_files(project, [claims], kind="claims").unresolved_gold == 2


@pytest.mark.parametrize("value, expected", [(12345, "a number"), (True, "true/false"), ([1], "a list"),
                                             ({"a": 1}, "an object"), (1.5, "a number")])
def test_wrong_json_types_for_text_fail(project, tmp_path, value, expected):
    f = write_jsonl(tmp_path / "c.jsonl", [{"id": "c1", "claim": value}])
    with pytest.raises(ImportFailed) as info:
        import_files(project, [f], kind="claims")
    p = info.value.problems[0]
    assert (p.line, p.field) == (1, "claim") and expected in p.reason


def test_integer_ids_stay_accepted(project, tmp_path):
    """SciFact and friends use JSON numbers as ids: refusing numbers applies to text, not to ids."""
    f = write_jsonl(tmp_path / "c.jsonl", [{"id": 7, "claim": "Seven."}])
    assert import_files(project, [f], kind="claims").counts == {"claims": 1}
