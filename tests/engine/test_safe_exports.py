"""Safe exports (issue #11 item 4): formula-like cells stay text, hostile strings cannot crash a
report, the report names the project file and not its path, an unwritable --out is one line."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import Project
from factaudit.engine.reports import safe
from factaudit.engine.reports.writer import write_all
from factaudit.engine.services import scoring

# Formula payloads from the OWASP CSV-injection page and the reproductions.
FORMULAS = [
    '=HYPERLINK("http://127.0.0.1/x?"&A1,"click")',
    "=cmd|' /C calc'!A0",
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "=IMPORTXML(CONCAT(\"http://127.0.0.1/?\", A1), \"//a\")",
    "-2+3+cmd|' /C calc'!A0",
    "@A1",
    "=DDE(\"cmd\";\"/C calc\";\"__DdeLink_60_870516294\")",
]
# Strings that an import accepts and that broke rendering before (math text, NUL, long, RTL marks).
HOSTILE = ["$x$", r"$\foo$", "a\x00b", "x" * 100_000, "\u202eevil\u202c \u200f", "50$ and 60$"]


def _hostile_project(tmp_path: Path) -> tuple[Path, str]:
    """Answers whose categories are formula payloads and hostile strings, claims, one verdict run."""
    cats = FORMULAS + HOSTILE
    answers, claims, verdicts = [], [], []
    for n, cat in enumerate(cats):
        sents = [{"id": f"a{n}s1", "text": f"Drug {n} cures colds.", "label": "error"},
                 {"id": f"a{n}s2", "text": f"Drug {n} is a pill.", "label": "correct"}]
        answers.append({"id": f"a{n}", "answer": " ".join(s["text"] for s in sents), "category": cat,
                        "sentences": sents})
        for s in sents:
            claims.append({"id": f"{s['id']}#1", "claim": s["text"], "sentence_id": s["id"], "item_id": f"a{n}"})
            verdicts.append({"claim_id": f"{s['id']}#1", "verdict": "Refuted" if n % 2 else "Supported",
                             "reasoning": cats[n][:200]})
    files = {}
    for name, rows in (("answers", answers), ("claims", claims), ("verdicts", verdicts)):
        files[name] = tmp_path / f"{name}.jsonl"
        files[name].write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    path = tmp_path / "secret-client-name.faproj"
    with Project.create(path) as p:
        import_files(p, [files["answers"]], kind="answers")
        import_files(p, [files["claims"]], kind="claims")
        run_id = import_files(p, [files["verdicts"]], kind="verdicts").run_id
    return path, run_id


def _xlsx_cells(path: Path):
    from openpyxl import load_workbook

    wb = load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                yield ws.title, c


def test_formula_payloads_are_text_in_xlsx_and_html_names_only_the_file(tmp_path):
    path, run_id = _hostile_project(tmp_path)
    out = tmp_path / "report"
    with Project.open(path) as p:
        scoring.write_report(p, out, ("html", "xlsx", "json"), [run_id], n_resamples=200)
    # No formula element anywhere in the workbook's XML: every payload was stored as a string.
    with zipfile.ZipFile(out / "report.xlsx") as z:
        xml = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xml"))
    assert "<f>" not in xml and "<f " not in xml
    seen = {c.value for _t, c in _xlsx_cells(out / "report.xlsx") if isinstance(c.value, str)}
    found = [f for f in FORMULAS if f in seen or f.replace("\r", "") in seen]
    assert len(found) == len(FORMULAS), sorted(set(FORMULAS) - set(found))
    for _title, c in _xlsx_cells(out / "report.xlsx"):
        if isinstance(c.value, str) and safe.is_formula_like(c.value):
            assert c.data_type == "s" and c.quotePrefix, (c.coordinate, c.value)
        if isinstance(c.value, str):
            assert len(c.value) <= safe.XLSX_MAX_CHARS
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "secret-client-name.faproj" in html
    assert str(tmp_path) not in html and str(tmp_path.resolve()) not in html
    config = json.loads((out / "json" / "config.json").read_text(encoding="utf-8"))
    assert config["project"] == "secret-client-name.faproj"


def test_hostile_strings_cannot_crash_any_format(tmp_path):
    """Lone surrogates cannot enter through an import, so they are injected into the report data."""
    path, run_id = _hostile_project(tmp_path)
    with Project.open(path, readonly=True) as p:
        kinds = {run_id: "verdicts"}
        data = scoring.build_report_data(p, [run_id], kinds, mapping="R+NE", level="sentence", lexicon=None,
                                         gates=None, n_resamples=200, seed=1)
    m = data.metrics[run_id]
    assert len(m.by_category) == len(FORMULAS) + len(HOSTILE)
    first = next(iter(m.by_category))
    m.by_category["\ud800 $\\frac$ \udfff"] = m.by_category.pop(first)
    data.config["project"] = "bad\ud800name$x$.faproj"
    written = write_all(data, tmp_path / "out", ("html", "xlsx", "json"))
    assert sorted(w.format for w in written) == ["html", "json", "json", "json", "xlsx"]
    html = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "bad\ufffdname$x$.faproj" in html
    cfg = json.loads((tmp_path / "out" / "json" / "config.json").read_text(encoding="utf-8"))
    assert cfg["project"] == "bad\ufffdname$x$.faproj"


def test_plot_label_escapes_math_and_renders(tmp_path):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    for raw in [*HOSTILE, "\ud800", "$$", "\\", "tab\there"]:
        label = safe.plot_label(raw)
        assert len(label) <= safe.PLOT_LABEL_CHARS * 2
        assert "$" not in label.replace(r"\$", "")  # every dollar is escaped
        fig = Figure()
        FigureCanvasAgg(fig)
        ax = fig.subplots()
        ax.set_title(label)
        ax.set_xticks([0], [label])
        fig.savefig(tmp_path / "p.png")  # raises on a math-text parse error or an unencodable string


def test_csv_cells_of_formula_payloads_get_a_quote():
    for f in FORMULAS:
        assert safe.csv_cell(f) == "'" + f
    assert safe.csv_cell("plain") == "plain"
    assert safe.csv_cell(-1.5) == -1.5  # numbers stay numbers
    assert safe.csv_cell("a\ud800") == "a\ufffd"


def test_unwritable_out_is_a_one_line_error(tmp_path):
    path, run_id = _hostile_project(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    res = CliRunner().invoke(cli, ["report", str(path), "--out", str(blocker / "report"), "--format", "json",
                                   "--resamples", "100"])
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot write the report to ")
    assert "Traceback" not in res.output
    with pytest.raises(InvalidArgument, match="cannot write the report"):
        with Project.open(path, readonly=True) as p:
            scoring.write_report(p, Path("/proc/no-such-dir/report"), ("json",), [run_id], n_resamples=100)


def test_report_runs_while_another_process_holds_the_write_lock(tmp_path):
    """A verify run holds the writer lock for minutes; report, info and metrics must still work."""
    path, run_id = _hostile_project(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom factaudit.engine.project.db import Project\n"
         f"p = Project.open({str(path)!r})\nprint('locked', flush=True)\nsys.stdin.read()\np.close()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        res = CliRunner().invoke(cli, ["report", str(path), "--out", str(tmp_path / "r"), "--format", "json",
                                       "--resamples", "100"])
        assert res.exit_code == 0, res.output
        assert (tmp_path / "r" / "json" / "summary.json").is_file()
        for args in (["info", str(path), "--json"], ["metrics", str(path), "--run", run_id, "--json",
                                                      "--resamples", "100"]):
            r = CliRunner().invoke(cli, args)
            assert r.exit_code == 0, (args, r.output)
    finally:
        holder.communicate("", timeout=30)
    assert re.search(r"written", res.output)
