"""Numbers Python cannot hold, and a NaN TREC score, are located one-line problems (issue #26 item 5):
JSON integers over 4,300 digits once raised a bare ValueError, 1e400 an OverflowError, and a NaN
score hit a SQL constraint with no line number."""
from __future__ import annotations

import pytest

from factaudit.engine.errors import FactAuditError
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import Project

BIG = "1" + "0" * 5000


@pytest.fixture
def proj(tmp_path):
    with Project.create(tmp_path / "n.faproj") as p:
        yield p


@pytest.mark.parametrize("line, needle", [
    ('{"id": ' + BIG + ', "claim": "Aspirin helps."}', "5,001 digits"),
    ('{"id": "c1", "claim": "Aspirin helps.", "extra": ' + BIG + '}', "5,001 digits"),
    ('{"id": "c1", "claim": "Aspirin helps.", "latency_ms": 1e400}', "out of range"),
    ('{"id": "c1", "claim": "Aspirin helps.", "x": NaN}', "not a JSON number"),
    ('{"id": "c1", "claim": "Aspirin helps.", "x": -Infinity}', "not a JSON number"),
])
def test_out_of_range_json_numbers_are_located(proj, tmp_path, line, needle):
    f = tmp_path / "claims.jsonl"
    f.write_text('{"id": "c0", "claim": "Fine."}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(FactAuditError) as err:
        import_files(proj, [f], kind="claims")
    text = str(err.value)
    assert needle in text and "claims.jsonl:2:" in text, text
    assert "Traceback" not in text and len(text.splitlines()) <= 12
    assert proj.conn.execute("SELECT count(*) FROM claims").fetchone()[0] == 0  # nothing written


def test_nan_trec_score_names_its_line(proj, tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"id": "p1", "text": "A."}\n{"id": "p2", "text": "B."}\n', encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    claims.write_text('{"id": "q1", "claim": "Q?"}\n', encoding="utf-8")
    import_files(proj, [corpus], kind="corpus")
    import_files(proj, [claims], kind="claims")
    run = tmp_path / "run.trec"
    run.write_text("q1 Q0 p1 1 2.5 t\nq1 Q0 p2 2 nan t\n", encoding="utf-8")
    with pytest.raises(FactAuditError) as err:
        import_files(proj, [run], fmt="trec")
    assert "run.trec:2:" in str(err.value) and "finite" in str(err.value), str(err.value)


@pytest.mark.parametrize("line, needle", [
    ('{"id": ' + BIG + ', "claim": "Aspirin helps."}', "5,001 digits"),
    ('{"id": "c1", "claim": "Aspirin helps.", "latency_ms": 1e400}', "out of range"),
])
def test_out_of_range_numbers_in_the_first_record_survive_format_detection(proj, tmp_path, line, needle):
    """Without --format the first record is read to recognise the format; a 5,001-digit integer there
    raised a bare ValueError from the detector before the reader could locate it."""
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    f = tmp_path / "claims.jsonl"
    f.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(FactAuditError) as err:
        import_files(proj, [f], kind="claims")
    assert needle in str(err.value) and "claims.jsonl:1:" in str(err.value), str(err.value)
    proj.close()
    res = CliRunner().invoke(cli, ["import", str(proj.path), str(f), "--kind", "claims"])
    assert res.exit_code == 2, res.output
    lines = [x for x in res.output.splitlines() if not x.startswith("format:")]
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], res.output


@pytest.mark.parametrize("value, needle", [(BIG, "5,001 digits"), ("1e400", "out of range"),
                                           ("NaN", "not a JSON number")])
@pytest.mark.parametrize("field", ["id", "note", "extra"])
def test_out_of_range_numbers_in_annotations_are_located(proj, tmp_path, value, needle, field):
    from factaudit.engine.audit import annotations as ann

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"id": "p1", "text": "A."}\n', encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    claims.write_text('{"id": "c1", "claim": "Q?"}\n', encoding="utf-8")
    import_files(proj, [corpus], kind="corpus")
    import_files(proj, [claims], kind="claims")
    f = tmp_path / "labels.jsonl"
    good = '{"claim_id": "c1", "passage_id": "p1", "dimension": "polarity", "code": "supports", "annotator": "b"'
    f.write_text(good + "}\n" + good + f', "{field}": {value}' + "}\n", encoding="utf-8")
    with pytest.raises(FactAuditError) as err:
        ann.import_jsonl(proj, f)
    assert needle in str(err.value) and "labels.jsonl:2" in str(err.value), str(err.value)
    assert proj.conn.execute("SELECT count(*) FROM annotations").fetchone()[0] == 0
    assert proj.conn.execute("SELECT count(*) FROM codebooks").fetchone()[0] == 0
