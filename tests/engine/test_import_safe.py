"""Safe imports (issue #15 item 9, engine side): format detection that says what it picked, a dry-run
plan before anything is written, label value mapping, and --skip-invalid with a side file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import ImportFailed, InvalidArgument
from factaudit.engine.project import queries

ROOT = Path(__file__).resolve().parent.parent.parent
GOOD = ROOT / "tests" / "fixtures" / "good"
DEMO = ROOT / "resources" / "demo"

EXPECTED = {  # file -> (format, kind) detection must return
    GOOD / "healthver_small.csv": ("healthver", "claims"),
    GOOD / "ramdocs_small.jsonl": ("ramdocs", "answers"),
    GOOD / "hotpotqa_ircot_small.jsonl": ("hotpotqa", None),
    GOOD / "hotpotqa_orig_small.json": ("hotpotqa", None),
    GOOD / "hotpotqa_orig_small_corpus.json": ("hotpotqa", "corpus"),
    GOOD / "medexpert_small.json": ("medexpert", "answers"),
    GOOD / "run_small.trec": ("trec", "run"),
    DEMO / "scifact_claims_dev100.jsonl": ("scifact", "claims"),
    DEMO / "scifact_corpus_subset.jsonl": ("scifact", "corpus"),
    DEMO / "medexpert_sample.json": ("medexpert", "answers"),
    GOOD / "corpus.jsonl": ("jsonl", "corpus"),
    GOOD / "claims_lists.csv": ("csv", "claims"),
    GOOD / "answers.jsonl": ("jsonl", "answers"),
    GOOD / "verdicts.jsonl": ("jsonl", "verdicts"),
}


@pytest.mark.parametrize("path", list(EXPECTED), ids=[p.name for p in EXPECTED])
def test_detection_by_columns_and_keys(path, tmp_path):
    # renamed to a neutral name: the content decides, not the file name
    neutral = tmp_path / ("data" + (".json" if path.suffix == ".json" else path.suffix))
    neutral.write_bytes(path.read_bytes())
    guess = services.detect_import_format(neutral)
    assert (guess.format, guess.kind) == EXPECTED[path], guess.describe()
    assert guess.reason and guess.format in guess.describe()


def test_healthver_automatic_import_keeps_the_evidence(project):
    """Issue #15: "Automatic" took HealthVer for generic claims and dropped its evidence column."""
    res = services.import_files(project, [GOOD / "healthver_small.csv"])
    assert res.format == "healthver" and "HealthVer" in res.detected
    assert res.counts["passages"] > 0
    gold = queries.gold_evidence(project)
    assert sum(len(v) for v in gold.values()) > 0


@pytest.mark.datasets
def test_shared_healthver_detected(shared_datasets):
    guess = services.detect_import_format(shared_datasets / "healthver" / "healthver_dev.csv")
    assert guess.format == "healthver"


def test_value_map_parsing():
    vm = services.parse_value_map(["label=0:Supported,1:No Evidence,2:Refuted"])
    assert vm == {"label": {"0": "Supported", "1": "No Evidence", "2": "Refuted"}}
    for bad in ("label", "label=", "label=0", "label=0:A,0:B", "=0:A"):
        with pytest.raises(InvalidArgument):
            services.parse_value_map([bad])


def _numeric_claims(tmp_path: Path) -> Path:
    rows = [("c1", "Aspirin helps.", 0), ("c2", "Zinc cures colds.", 2), ("c3", "Vitamin C works.", 1),
            ("c4", "Garlic too.", 0), ("c5", "Bad one.", 7)]
    path = tmp_path / "numeric.jsonl"
    path.write_text("".join(json.dumps({"id": i, "claim": c, "label": lab, "note": "x"}) + "\n"
                            for i, c, lab in rows), encoding="utf-8")
    return path


def test_plan_reports_labels_after_mapping_and_unmapped_columns(project, tmp_path):
    path = _numeric_claims(tmp_path)
    vm = services.parse_value_map(["label=0:Supported,1:No Evidence,2:Refuted"])
    before = queries.table_counts(project)
    plan = services.plan_import(project, [path], kind="claims", value_map=vm)
    assert not plan.ok and plan.problems[0].startswith("numeric.jsonl:5:label: ")  # 7 is in no map
    assert plan.unmapped_columns == ["note"] and plan.columns == ["id", "claim", "label", "note"]
    assert plan.unmatched_values == {"label": ["7"]}
    assert plan.detected and "claims" in plan.detected
    plan = services.plan_import(project, [path], kind="claims", value_map=vm, skip_invalid=True)
    assert plan.ok and plan.rejected == 1 and plan.counts == {"claims": 4}
    assert plan.labels["claims.gold_label"] == {"Supported": 2, "No Evidence": 1, "Refuted": 1}
    assert queries.table_counts(project) == before  # a plan writes nothing
    assert not (tmp_path / "numeric.jsonl.rejected.jsonl").exists()


def test_value_map_follows_a_column_map(project, tmp_path):
    path = tmp_path / "renamed.csv"
    path.write_text("cid,text,rating\nc1,Aspirin helps.,yes\nc2,Zinc cures.,no\n", encoding="utf-8")
    res = services.import_files(project, [path], kind="claims", mapping={"id": "cid", "claim": "text",
                                                                          "label": "rating"},
                                value_map={"label": {"yes": "Supported", "no": "Refuted"}})
    labels = {c.id: c.gold_label for c in queries.list_claims(project)}
    assert res.counts == {"claims": 2} and labels == {"c1": "Supported", "c2": "Refuted"}


def test_skip_invalid_imports_the_rest_and_writes_the_side_file(project, tmp_path):
    path = _numeric_claims(tmp_path)
    vm = {"label": {"0": "Supported", "1": "No Evidence", "2": "Refuted"}}
    with pytest.raises(ImportFailed):  # all or nothing stays the default
        services.import_files(project, [path], kind="claims", value_map=vm)
    assert queries.table_counts(project)["claims_active"] == 0
    res = services.import_files(project, [path], kind="claims", value_map=vm, skip_invalid=True)
    assert res.rejected == 1 and res.counts == {"claims": 4}
    side = Path(res.rejected_files["numeric.jsonl"])
    assert side == tmp_path / "numeric.jsonl.rejected.jsonl"
    rows = [json.loads(x) for x in side.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 1 and rows[0]["line"] == 5 and rows[0]["field"] == "label"
    assert json.loads(rows[0]["record"])["id"] == "c5"


def test_skip_invalid_drops_whole_answers_and_dangling_references(project, tmp_path):
    answers = tmp_path / "answers.jsonl"
    answers.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a1", "answer": "Aspirin thins blood. It is safe."},
        {"id": "a2", "answer": "x", "risk_tier": "Z"},                          # bad tier
        {"id": "a1", "answer": "Duplicate id."},                                # duplicate
    ]) + "\n", encoding="utf-8")
    res = services.import_files(project, [answers], kind="answers", skip_invalid=True)
    assert res.rejected == 2 and res.counts["items"] == 1
    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join(json.dumps(r) for r in [
        {"id": "c1", "claim": "Aspirin thins blood.", "item_id": "a1"},
        {"id": "c2", "claim": "Orphan.", "item_id": "a2"},                      # a2 was rejected above
    ]) + "\n", encoding="utf-8")
    res = services.import_files(project, [claims], kind="claims", skip_invalid=True)
    assert res.rejected == 1 and res.counts == {"claims": 1}
    row = json.loads(Path(res.rejected_files["claims.jsonl"]).read_text().splitlines()[0])
    assert row["field"] == "item_id" and "unknown item 'a2'" in row["reason"]


def test_skip_invalid_with_nothing_valid_fails(project, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "c1", "claim": 5}\n{"id": "c2"}\n', encoding="utf-8")
    with pytest.raises(ImportFailed, match="no valid records"):
        services.import_files(project, [path], kind="claims", skip_invalid=True)
    assert not (tmp_path / "bad.jsonl.rejected.jsonl").exists()


def test_cli_dry_run_map_values_and_skip_invalid(tmp_path):
    proj = tmp_path / "p.faproj"
    CliRunner().invoke(cli, ["new", str(proj)])
    path = _numeric_claims(tmp_path)
    vm = "label=0:Supported,1:No Evidence,2:Refuted"
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--map-values", vm,
                                   "--dry-run", "--skip-invalid", "--json"])
    assert res.exit_code == 0, res.output
    plan = json.loads(res.output)
    assert plan["counts"] == {"claims": 4} and plan["rejected"] == 1 and plan["unmapped_columns"] == ["note"]
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--map-values", vm,
                                   "--skip-invalid"])
    assert res.exit_code == 0, res.output
    assert "skipped 1 invalid records" in res.output and "numeric.jsonl.rejected.jsonl" in res.output
    info = json.loads(CliRunner().invoke(cli, ["info", str(proj), "--json"]).output)
    assert info["counts"]["claims_active"] == 4
    res = CliRunner().invoke(cli, ["import", str(proj), str(GOOD / "healthver_small.csv")])
    assert res.exit_code == 0 and res.output.startswith("format: healthver (claims)")


def test_a_misspelled_value_map_field_is_a_one_line_error(project, tmp_path):
    """`--map-values lable=...` used to be ignored without a word (#26 item 7)."""
    path = _numeric_claims(tmp_path)
    before = queries.table_counts(project)
    with pytest.raises(InvalidArgument) as err:
        services.import_files(project, [path], kind="claims", value_map={"lable": {"0": "Supported"}})
    msg = str(err.value)
    assert "'lable'" in msg and "known fields:" in msg and "label" in msg.split("known fields:")[1]
    assert "\n" not in msg and queries.table_counts(project) == before
    with pytest.raises(InvalidArgument, match="'lable'"):
        services.plan_import(project, [path], kind="claims", value_map={"lable": {"0": "Supported"}})
    target = project.path
    project.close()                     # the CLI opens the project itself
    out = CliRunner().invoke(cli, ["import", str(target), str(path), "--kind", "claims",
                                   "--map-values", "lable=0:Supported,1:No Evidence,2:Refuted"])
    assert out.exit_code != 0 and "Traceback" not in out.output
    assert "'lable', which no record has; known fields: id, claim, label" in out.output


def test_rejected_records_go_beside_the_project_or_to_rejected_out(tmp_path):
    """The side file is never written into the input's folder (a data folder may be read-only, #26 item 9)."""
    data, work = tmp_path / "data", tmp_path / "work"
    data.mkdir()
    work.mkdir()
    path = _numeric_claims(data)
    before = sorted(x.name for x in data.iterdir())
    proj = work / "p.faproj"
    CliRunner().invoke(cli, ["new", str(proj)])
    vm = "label=0:Supported,1:No Evidence,2:Refuted"
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--map-values", vm,
                                   "--skip-invalid", "--dataset", "a"])
    assert res.exit_code == 0, res.output
    side = work / "numeric.jsonl.rejected.jsonl"
    assert str(side) in res.output and sorted(x.name for x in data.iterdir()) == before
    assert [json.loads(x)["line"] for x in side.read_text(encoding="utf-8").splitlines()] == [5]
    out = tmp_path / "elsewhere.jsonl"
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--map-values", vm,
                                   "--skip-invalid", "--dataset", "b", "--id-prefix", "b:", "--rejected-out", str(out)])
    assert res.exit_code == 0, res.output
    assert str(out) in res.output and json.loads(out.read_text(encoding="utf-8"))["line"] == 5
    for bad, why in ((str(path), "is an input"), (str(tmp_path), "is a directory"),
                     (str(tmp_path / "no" / "x.jsonl"), "does not exist")):
        res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--map-values", vm,
                                       "--skip-invalid", "--dataset", "c", "--id-prefix", "c:", "--rejected-out", bad])
        assert res.exit_code != 0 and why in res.output and "Traceback" not in res.output, res.output
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--rejected-out", str(out)])
    assert res.exit_code != 0 and "goes with --skip-invalid" in res.output


def test_a_csv_without_an_id_column_gets_row_number_ids_and_says_so(tmp_path):
    """Such a file could not be imported at all (#26 item 9); now each record is named by its data row."""
    proj = tmp_path / "p.faproj"
    CliRunner().invoke(cli, ["new", str(proj)])
    path = tmp_path / "sheet.csv"
    path.write_text('claim,label\nAspirin helps.,Supported\n"Zinc, they say, cures colds.",Refuted\nTea is red.,\n',
                    encoding="utf-8")
    dry = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims", "--dry-run"])
    assert dry.exit_code == 0 and "sheet.csv has no id column" in dry.output, dry.output
    res = CliRunner().invoke(cli, ["import", str(proj), str(path), "--kind", "claims"])
    assert res.exit_code == 0, res.output
    assert "note: sheet.csv has no id column: ids are generated from the data row numbers (sheet-1 … sheet-3)" \
        in res.output
    import sqlite3

    conn = sqlite3.connect(proj)
    got = conn.execute("SELECT id, text, gold_label FROM claims ORDER BY rowid").fetchall()
    conn.close()
    assert got == [("sheet-1", "Aspirin helps.", "Supported"), ("sheet-2", "Zinc, they say, cures colds.", "Refuted"),
                   ("sheet-3", "Tea is red.", None)]
    # a JSONL record without an id is a problem only beside records that have one (a JSONL file with
    # no ids at all gets record-number ids like this CSV since issue #36 item 8)
    bad = tmp_path / "noid.jsonl"
    bad.write_text('{"id": "n1", "claim": "B."}\n{"claim": "A."}\n', encoding="utf-8")
    res = CliRunner().invoke(cli, ["import", str(proj), str(bad), "--kind", "claims"])
    assert res.exit_code != 0 and "noid.jsonl:2:id" in res.output
