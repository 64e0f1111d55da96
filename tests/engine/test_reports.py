"""Reports on the demo project: two imported verify runs compared and rendered as HTML, XLSX and JSON."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import queries, scoring_store
from factaudit.engine.services import scoring

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")


def _h(text: str, salt: str) -> int:
    return int(hashlib.sha256(f"{salt}:{text}".encode()).hexdigest()[:8], 16)


def pseudo_verdict(unit_id: str, truth: str, salt: str, skill: int) -> str:
    """Deterministic stand-in for a verifier: right `skill`% of the time, else a hashed verdict."""
    if _h(unit_id, salt) % 100 < skill:
        return truth
    return VERDICTS[_h(unit_id, salt + "v") % 4]


def build_runs(project, tmp_path: Path) -> tuple[list[str], int]:
    """Claims for the MedExpert sentences (one per sentence) and two verify runs over them and SciFact."""
    rows = queries.page_rows(project, "sentences", 0, 100_000, dataset="medexpert-demo")
    assert rows, "the demo project always carries the MedExpert sample"
    claims = [{"id": f"{sid}#1", "claim": text, "sentence_id": sid, "item_id": item}
              for sid, item, _ord, text, _label, _reason in rows]
    label = {f"{sid}#1": lab for sid, _i, _o, _t, lab, _r in rows}
    path = tmp_path / "medexpert_claims.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in claims))
    import_files(project, [path], kind="claims", dataset="medexpert-claims")
    scifact = [c for c in queries.list_claims(project, dataset="scifact-demo") if c.gold_label]
    run_ids = []
    for salt, skill in (("run-a", 55), ("run-b", 70)):
        recs = []
        for cid, lab in label.items():
            truth = "Refuted" if lab == "error" else "Supported"
            recs.append({"claim_id": cid, "verdict": pseudo_verdict(cid, truth, salt, skill), "reasoning": salt})
        for c in scifact:
            recs.append({"claim_id": c.id, "verdict": pseudo_verdict(c.id, c.gold_label, salt, skill)})
        vpath = tmp_path / f"verdicts_{salt}.jsonl"
        vpath.write_text("".join(json.dumps(r) + "\n" for r in recs))
        run_ids.append(import_files(project, [vpath], kind="verdicts").run_id)
    return run_ids, len(claims)


def test_demo_comparison_rendered_in_all_formats(demo_project, tmp_path):
    runs, n_sentences = build_runs(demo_project, tmp_path)
    comp = scoring.compare_runs(demo_project, runs, "R+NE", "sentence", n_resamples=2_000)
    assert comp.n_shared > 0 and len(comp.pairs) == 1

    out = tmp_path / "report"
    written = scoring.write_report(demo_project, out, ("html", "xlsx", "json"), runs, n_resamples=2_000)
    names = sorted(str(w.path.relative_to(out)) for w in written)
    assert names == ["json/config.json", "json/per_item.jsonl", "json/summary.json", "report.html", "report.xlsx"]

    html = (out / "report.html").read_text(encoding="utf-8")
    # self-contained: styles inline, figures as data URIs, nothing fetched from elsewhere
    assert "<style>" in html and html.count("data:image/png;base64,") >= 3
    assert not re.search(r"""(src|href)=["']https?://""", html)
    assert "<link" not in html and "<script" not in html
    for heading in ("Open regime", "Closed regime", "Confusion matrices", "Comparison of runs",
                    "Per-category breakdown", "McNemar"):
        assert heading in html
    assert f"{comp.pairs[0].mcnemar_p_holm:.3f}" in html or f"{comp.pairs[0].mcnemar_p_holm:.1e}" in html

    summary = json.loads((out / "json" / "summary.json").read_text())
    assert set(summary["runs"]) == set(runs)
    m = summary["runs"][runs[0]]
    assert m["closed"]["n"] > 0 and len(m["closed"]["confusion_matrix"]) in (3, 4)
    assert summary["comparison"]["pairs"][0]["mcnemar_p"] == pytest.approx(comp.pairs[0].mcnemar_p)
    config = json.loads((out / "json" / "config.json").read_text())
    assert [r["run_id"] for r in config["runs"]] == runs and config["seed"] == 42
    per_item = [json.loads(line) for line in (out / "json" / "per_item.jsonl").read_text().splitlines()]
    assert len(per_item) == sum(len(scoring_store.verdict_units(demo_project, r)) for r in runs)

    from openpyxl import load_workbook

    wb = load_workbook(out / "report.xlsx", read_only=True)
    assert {"Mappings", "Closed regime", "Comparison", "Pairs", "Categories"} <= set(wb.sheetnames)
    assert any(s.startswith("Confusion") for s in wb.sheetnames)

    recorded = {Path(r.path).name: r for r in scoring_store.list_reports(demo_project)}
    for w in written:
        row = recorded[w.path.name]
        assert row.sha256 == hashlib.sha256(w.path.read_bytes()).hexdigest()
        assert row.runs == runs

    with pytest.raises(InvalidArgument, match="already exists"):
        scoring.write_report(demo_project, out, ("json",), runs)


def test_report_cli_refuses_existing_folder_and_writes_json_only(demo_project, tmp_path):
    runs, _ = build_runs(demo_project, tmp_path)
    path = str(demo_project.path)
    demo_project.close()
    from factaudit.engine.cli import cli

    out = tmp_path / "r1"
    res = CliRunner().invoke(cli, ["report", path, "--out", str(out), "--format", "json", "--runs", ",".join(runs),
                                   "--resamples", "500", "--json"])
    assert res.exit_code == 0, res.output
    files = json.loads(res.output)["files"]
    assert sorted(Path(f["path"]).name for f in files) == ["config.json", "per_item.jsonl", "summary.json"]
    assert not (out / "report.html").exists()
    res = CliRunner().invoke(cli, ["report", path, "--out", str(out), "--format", "json"])
    assert res.exit_code != 0 and "already exists" in res.output
    res = CliRunner().invoke(cli, ["report", path, "--out", str(tmp_path / "r2"), "--format", "pdf"])
    assert res.exit_code != 0 and not (tmp_path / "r2").exists()
