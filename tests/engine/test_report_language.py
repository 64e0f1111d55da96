"""Reports, codebook texts, plots and command-line messages in the user's language (issue #24 items 3-5).

Translations are checked against the engine's catalogue (resources/i18n/engine/<lang>/.../factaudit.po),
never against a copy of it here: the English report's headings are looked up in the catalogue and the
Chinese report must show exactly those translations."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings
from html import unescape
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from factaudit.engine import i18n
from factaudit.engine.audit import codebook as cb
from factaudit.engine.services import scoring
from test_reports import build_runs  # tests/engine is on sys.path (no __init__.py, rootdir mode)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n_extract  # noqa: E402

LANGS = ("zh_CN", "de")
HAN = re.compile(r"[\u4e00-\u9fff]")
HEADING = re.compile(r"<(h1|h2|h3|th|summary)>(.*?)</\1>", re.S)


def _headings(html: str) -> list[str]:
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", m.group(2))).split()) for m in HEADING.finditer(html)]


@pytest.fixture
def reports(demo_project, tmp_path):
    runs, _n = build_runs(demo_project, tmp_path)
    out = {}
    for lang in ("en", "zh", "de"):
        folder = tmp_path / f"report-{lang}"
        scoring.write_report(demo_project, folder, ("html", "xlsx", "json"), runs, n_resamples=300, lang=lang)
        out[lang] = folder
    return out


def test_every_report_text_is_in_both_catalogues_with_its_placeholders():
    wanted = i18n_extract.report_messages() | i18n_extract.marked_messages() | i18n_extract.note_messages()
    assert len(wanted) > 300        # the extractor still finds the report's texts
    for lang in LANGS:
        cat = i18n.catalogue(lang)
        missing = sorted(m for m in wanted if m not in cat)
        assert not missing, (lang, missing[:10])
        for m in wanted:
            extra = set(i18n.placeholders(cat[m])) - set(i18n.placeholders(m))
            assert not extra, (lang, m, extra)           # a translation never invents a value
            assert cat[m].count("<code>") == m.count("<code>"), (lang, m)


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_entry_invents_a_placeholder(lang):
    # CLI lines and errors are matched against their msgid and filled from the English line's values
    for msgid, msgstr in i18n.catalogue(lang).items():
        assert set(i18n.placeholders(msgstr)) <= set(i18n.placeholders(msgid)), (lang, msgid)


def test_every_cli_line_with_words_is_in_both_catalogues():
    # lines of figures and names alone ("  {m:<24} {_fmt(...)}") have nothing to translate
    worded = [m for m in i18n_extract.cli_messages()
              if re.search(r"[A-Za-z]{3}", re.sub(r"\{[^{}\n]*\}", "", m))]
    assert len(worded) > 100
    for lang in LANGS:
        missing = [m for m in worded if m not in i18n.catalogue(lang)]
        assert not missing, (lang, missing[:5])


def test_the_cli_messages_of_a_typical_session_are_translated():
    cli = i18n_extract.cli_messages()
    typical = ["created {p.path} (schema {p.schema_version})", "error: {message}", "report written to {out}:",
               "imported dataset {res.dataset.name!r}: {parts} in {seconds:.1f} s", "runs:", "datasets:"]
    for msgid in typical:
        assert msgid in cli, msgid            # still what the commands print
        for lang in LANGS:
            assert i18n.catalogue(lang).get(msgid, msgid) != msgid, (lang, msgid)


def test_chinese_report_shows_the_catalogue_headings_and_no_english_one(reports):
    en = (reports["en"] / "report.html").read_text(encoding="utf-8")
    zh = (reports["zh"] / "report.html").read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in zh and '<html lang="en">' in en
    en_heads, zh_heads = _headings(en), _headings(zh)
    assert len(en_heads) > 60 and len(en_heads) == len(zh_heads)
    cat = i18n.catalogue("zh_CN")
    for e, z in zip(en_heads, zh_heads):
        expected = i18n.localize(e, "zh_CN")       # exact entry, or a heading with a run name in it
        assert z == expected, (e, z)
        if expected == e:                          # untranslated: only names that read the same (TP, F1, n)
            assert cat.get(e) == e or not re.search(r"[a-z]{3}", e), f"English heading left: {e!r}"
    h2 = [z for z in re.findall(r"<h2>(.*?)</h2>", zh)]
    assert h2 and all(HAN.search(h) for h in h2)
    # the explanations too: the closed-regime paragraph is the catalogue's sentence, not English
    assert "Parse failures never become verdicts" in en
    assert "Parse failures never become verdicts" not in zh
    assert cat["Parse failures never become verdicts. A sentence with a parse-failed claim, with a claim the run did "
               "not verify, or with no claims is left out of sentence-level figures and counted here. The last "
               "column counts the verdicts whose evidence (the passages the model was shown) contains text that "
               "looks like instructions to the model (suspected prompt injection); such verdicts are scored like "
               "the others and deserve a look in Review."][:12] in zh
    summary = re.search(r'<p class="summary">(.*?)</p>', zh, re.S).group(1)
    assert HAN.search(summary) and "This report audits" not in summary


def test_german_report_writes_decimal_commas(reports):
    en = (reports["en"] / "report.html").read_text(encoding="utf-8")
    de = (reports["de"] / "report.html").read_text(encoding="utf-8")
    en_cis = re.findall(r"<td>\[(\d\.\d{3}), (\d\.\d{3})\]</td>", en)
    de_cis = re.findall(r"<td>\[(\d,\d{3}); (\d,\d{3})\]</td>", de)
    assert en_cis and [(a.replace(".", ","), b.replace(".", ",")) for a, b in en_cis] == de_cis
    assert "<h2>" + i18n.gettext("Closed regime: verdicts against gold labels", "de") + "</h2>" in de


def test_json_files_are_the_same_in_every_language(reports):
    for name in ("per_item.jsonl", "summary.json"):
        blobs = {lang: (folder / "json" / name).read_bytes() for lang, folder in reports.items()}
        assert blobs["en"] == blobs["zh"] == blobs["de"], name
    import json

    configs = [json.loads((f / "json" / "config.json").read_text()) for f in reports.values()]
    for c in configs:
        c.pop("created", None)          # the time the report was made
    assert configs[0] == configs[1] == configs[2]


def test_xlsx_headers_translated_and_numbers_stay_numbers(reports):
    from openpyxl import load_workbook

    en = load_workbook(reports["en"] / "report.xlsx")
    zh = load_workbook(reports["zh"] / "report.xlsx")
    assert len(en.sheetnames) == len(zh.sheetnames) > 5
    numeric = 0
    for en_ws, zh_ws in zip(en.worksheets, zh.worksheets):
        title = i18n.localize(en_ws.title, "zh_CN")
        assert zh_ws.title == title[:31] and (zh_ws.title != en_ws.title or en_ws.title == "Cochran Q")
        en_rows = list(en_ws.iter_rows(values_only=True))
        zh_rows = list(zh_ws.iter_rows(values_only=True))
        if en_ws.title != "Config":     # Config's rows are config.json's machine keys
            assert [i18n.gettext(h, "zh_CN") if isinstance(h, str) else h for h in en_rows[0]] == list(zh_rows[0])
        for er, zr in zip(en_rows[1:], zh_rows[1:]):
            for a, b in zip(er, zr):
                if isinstance(a, (int, float)) and not isinstance(a, bool):
                    assert a == b and type(a) is type(b)
                    numeric += 1
    assert numeric > 100
    mapping = zh[i18n.gettext("Mappings", "zh_CN")]
    assert HAN.search("".join(str(c.value) for c in mapping[1]))


# ---- codebook ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_seed_codebook_translations_are_complete(lang):
    book = cb.load_seed()
    for d in book.dimensions():
        for attr in ("name", "question"):
            text = d.translations.get(lang, {}).get(attr)
            assert text and text != getattr(d, attr), (d.id, attr)
        for c in d.codes:
            for attr in ("name", "definition"):
                text = c.translations.get(lang, {}).get(attr)
                assert text and (text != getattr(c, attr) or attr == "name"), (d.id, c.id, attr)
                if lang == "zh_CN":
                    assert HAN.search(text), (d.id, c.id, attr)
    pats = book.translations[lang]["patterns"]
    assert set(pats) == set(book.patterns) and all(pats[p] != book.patterns[p] for p in pats)


def test_codebook_without_translations_reads_as_before_and_borrows_the_seed_words():
    data = yaml.safe_load(cb.load_seed().body)
    data.pop("translations")
    for target in ("evidence", "reasoning"):
        for d in data[target]:
            d.pop("translations")
            for c in d["codes"]:
                c.pop("translations")
    data["evidence"][0]["codes"][1]["definition"] = "An edited definition."
    old = cb.parse_codebook(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), version=1)
    seed = cb.load_seed()
    assert "translations" not in old.to_json() and old.sha256 != seed.sha256
    dim = old.dimension("entity_match")
    exact, related = dim.code("exact"), dim.code("related")
    assert old.text(exact, "definition", "zh_CN", dim) == seed.dimension("entity_match").code("exact").translations["zh_CN"]["definition"]
    assert old.text(related, "definition", "zh_CN", dim) == "An edited definition."    # no stale translation
    assert old.text(related, "name", "de", dim) == seed.dimension("entity_match").code("related").translations["de"]["name"]
    assert old.pattern_name("R1", "zh_CN") == seed.translations["zh_CN"]["patterns"]["R1"]
    assert old.text(exact, "definition", "en", dim) == exact.definition


def test_bad_translations_are_reported_with_their_field():
    text = cb.load_seed().body.replace("    translations:\n      zh_CN: {name: \"实体匹配\"",
                                       "    translations:\n      zh_CN: {colour: \"x\", name: \"实体匹配\"", 1)
    from factaudit.engine.errors import ImportFailed

    with pytest.raises(ImportFailed, match=r"evidence\[0\]\.translations\.zh_CN\.colour"):
        cb.parse_codebook(text)


# ---- plots ---------------------------------------------------------------------------------------
def _glyph_warnings(fn) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    return [str(w.message) for w in caught if re.search(r"[Gg]lyph|missing from", str(w.message))]


def test_a_chinese_plot_has_no_missing_glyph():
    from factaudit.engine.reports import html, plotfont
    from factaudit.engine.reports.lang import ReportLang

    if plotfont.cjk_family() is None:
        pytest.skip("no CJK font on this machine (make fonts installs fonts-noto-cjk)")
    labels = ["支持", "反驳", "无证据", "有歧义"]
    png = _glyph_warnings(lambda: html.confusion_plot("核验-1", labels, [[3, 1, 0, 0], [1, 2, 0, 1], [0, 0, 4, 0],
                                                                        [0, 1, 0, 2]], ReportLang("zh_CN")))
    assert png == []

    # the check can fail: the same plot with a Latin-only font list warns about every Chinese glyph
    import matplotlib

    def latin_only():
        with matplotlib.rc_context({"font.family": ["DejaVu Sans"]}):
            fig = plotfont.figure((3, 2))
            fig.subplots().set_title("核验")
            fig.canvas.draw()

    assert _glyph_warnings(latin_only)


# ---- command line --------------------------------------------------------------------------------
def _cli(args, lang, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "FACTAUDIT_LANG")}
    env["LANG"] = lang
    return subprocess.run([sys.executable, "-m", "factaudit", *args], capture_output=True, env=env, cwd=cwd)


def test_json_output_never_changes_with_lang_and_human_text_does(demo_project_path, tmp_path):
    zh = _cli(["info", str(demo_project_path), "--json"], "zh_CN.UTF-8")
    c = _cli(["info", str(demo_project_path), "--json"], "C")
    assert zh.returncode == c.returncode == 0, zh.stderr
    assert zh.stdout == c.stdout and zh.stdout.startswith(b"{")
    (tmp_path / "exists").mkdir()
    args = ["report", str(demo_project_path), "--out", str(tmp_path / "exists")]
    zh, c = _cli(args, "zh_CN.UTF-8"), _cli(args, "C")
    assert zh.returncode == c.returncode == 2
    zh_err, c_err = zh.stderr.decode(), c.stderr.decode()
    assert c_err.startswith("error: ") and "already exists" in c_err
    assert zh_err != c_err and HAN.search(zh_err) and str(tmp_path / "exists") in zh_err
    reason = c_err.strip()[len("error: "):]
    assert zh_err.strip() == i18n.t("error: {message}", "zh_CN", message=i18n.localize(reason, "zh_CN"))


def test_report_lang_option_and_default_from_lang(demo_project, tmp_path):
    from factaudit.engine.cli import cli

    runs, _n = build_runs(demo_project, tmp_path)
    path = str(demo_project.path)
    demo_project.close()
    runner = CliRunner()
    res = runner.invoke(cli, ["report", path, "--out", str(tmp_path / "r1"), "--format", "html", "--runs",
                              ",".join(runs), "--resamples", "200", "--lang", "de"], env={"LANG": "C"})
    assert res.exit_code == 0, res.output
    assert i18n.gettext("Closed regime: verdicts against gold labels", "de") in (tmp_path / "r1" / "report.html").read_text()
    res = runner.invoke(cli, ["report", path, "--out", str(tmp_path / "r2"), "--format", "html", "--runs",
                              ",".join(runs), "--resamples", "200"], env={"LANG": "zh_CN.UTF-8"})
    assert res.exit_code == 0, res.output
    assert res.output.startswith(i18n.gettext("report written to {out}:", "zh_CN").split("{")[0])
    assert '<html lang="zh-CN">' in (tmp_path / "r2" / "report.html").read_text()
    i18n.set_language("en")


def test_errors_users_meet_are_in_both_catalogues():
    # opening, locking, importing, sealing, running a job, writing a report (tools/i18n_extract.ERROR_MODULES)
    wanted = i18n_extract.raise_messages()
    assert len(wanted) > 60
    for lang in LANGS:
        missing = sorted(m for m in wanted if m not in i18n.catalogue(lang))
        assert not missing, (lang, missing[:5])


def test_errors_translate_when_shown_and_stay_english_as_text():
    from factaudit.engine.errors import ImportFailed, InvalidArgument, Problem

    err = ImportFailed([Problem("a.jsonl", 3, "claim", "file is empty"), Problem("a.jsonl", 9, None, "x")])
    assert str(err) == "import failed, nothing written: a.jsonl:3:claim: file is empty (and 1 more)"
    zh = err.localized("zh_CN")
    assert "a.jsonl:3:claim" in zh and i18n.gettext("file is empty", "zh_CN") in zh and HAN.search(zh)
    assert err.localized("en") == str(err)
    other = InvalidArgument("/tmp/x already exists; reports go into a new folder")
    assert other.localized("de").startswith("/tmp/x ") and other.localized("de") != str(other)
    assert InvalidArgument("nothing like any message").localized("de") == "nothing like any message"


@pytest.mark.parametrize("value, lang", [("zh", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"), ("de_AT.UTF-8", "de"),
                                         ("C", "en"), ("", "en"), ("en_US.UTF-8", "en")])
def test_language_names_normalize(value, lang):
    assert i18n.normalize(value) == lang
    assert i18n.from_environment({"LANG": value}) == lang
    assert i18n.from_environment({"LANG": value, "FACTAUDIT_LANG": "de"}) == "de"


# ---- workflow step details (the engine messages the Workflow page shows) ----------------------------
def test_workflow_step_details_localize_when_shown(demo_project, tmp_path):
    from factaudit.engine.services import status

    before = status.workflow_status(demo_project)
    build_runs(demo_project, tmp_path)
    after = status.workflow_status(demo_project)
    details = {s.detail for s in before.steps + after.steps}
    assert len(details) > 8
    for detail in details:
        zh, de = i18n.localize(detail, "zh_CN"), i18n.localize(detail, "de")
        assert HAN.search(zh), detail                    # every detail the rules wrote has a translation
        assert de != detail, detail
        for run in re.findall(r"\b(?:imported|verify|retrieve|judge)-\d+\b", detail):
            assert run in zh and run in de               # the values are kept
        numbers = re.findall(r"\d[\d,]*", detail)
        assert all(n in zh for n in numbers), (detail, zh)
    # the stored and JSON text stays English
    assert all(not HAN.search(s["detail"]) for s in after.to_json()["steps"])


def test_import_problems_translate_with_file_line_and_field_kept(project, tmp_path):
    from factaudit.engine.errors import ImportFailed
    from factaudit.engine.ingest import import_files

    for lang in LANGS:
        cat = i18n.catalogue(lang)
        assert not [m for m in i18n_extract.import_messages() if m not in cat], lang
    bad = tmp_path / "claims.jsonl"
    bad.write_text('{"id": "c1", "claim": "Aspirin lowers fever."}\n{"id": 3.5, "claim": "x"}\n[1, 2]\n')
    with pytest.raises(ImportFailed) as info:
        import_files(project, [bad], kind="claims")
    err = info.value
    assert len(err.problems) >= 2
    for p in err.problems:
        zh = p.localized("zh_CN")
        where = str(p)[: len(str(p)) - len(p.reason)]
        assert zh.startswith(where) and HAN.search(zh), (str(p), zh)       # claims.jsonl:2:id: kept
    assert err.localized("zh_CN").startswith(i18n.gettext("import failed, nothing written: {problem}", "zh_CN")[:6])
    assert str(err).startswith("import failed, nothing written: claims.jsonl:")      # stored text stays English


def test_status_command_speaks_lang_and_its_json_does_not(demo_project_path):
    from factaudit.engine.cli import cli
    from factaudit.engine.services import status

    runner = CliRunner()
    try:
        zh = runner.invoke(cli, ["status", str(demo_project_path)], env={"LANG": "zh_CN.UTF-8"})
        en = runner.invoke(cli, ["status", str(demo_project_path)], env={"LANG": "C"})
        zh_json = runner.invoke(cli, ["status", str(demo_project_path), "--json"], env={"LANG": "zh_CN.UTF-8"})
        en_json = runner.invoke(cli, ["status", str(demo_project_path), "--json"], env={"LANG": "C"})
    finally:
        i18n.set_language("en")
    assert zh.exit_code == en.exit_code == zh_json.exit_code == 0, zh.output
    assert zh_json.output == en_json.output
    zh_lines, en_lines = zh.output.splitlines(), en.output.splitlines()
    assert len(zh_lines) == len(en_lines) == len(status.STEPS) + 1
    for (name, (title, _purpose)), line, eline in zip(status.STEPS.items(), zh_lines, en_lines):
        assert i18n.gettext(title, "zh_CN") in line and title in eline
        assert HAN.search(line.split(i18n.gettext(title, "zh_CN"), 1)[1]), line    # state and detail too


def test_the_reports_codebook_table_speaks_the_report_language():
    from types import SimpleNamespace

    from factaudit.engine.reports import audit_sections
    from factaudit.engine.reports.lang import EN, ReportLang

    book = cb.load_seed()
    audit = SimpleNamespace(codebook=book)
    en_head, en_rows = audit_sections.codebook_table(audit, EN)
    zh_head, zh_rows = audit_sections.codebook_table(audit, ReportLang("zh_CN"))
    assert len(en_rows) == len(zh_rows) == sum(len(d.codes) for d in book.dimensions())
    codes = [(d, c) for d in book.dimensions() for c in d.codes]
    for (d, c), en, zh in zip(codes, en_rows, zh_rows):
        assert en[1:5] == [d.name, c.id, c.name, c.definition]
        assert zh[1:5] == [d.translations["zh_CN"]["name"], c.id, c.translations["zh_CN"]["name"],
                           c.translations["zh_CN"]["definition"]]
        assert zh[5] == en[5] == (c.pattern or "")
    assert audit_sections._pattern_name(audit, "R1", book.patterns["R1"], ReportLang("de")) == \
        book.translations["de"]["patterns"]["R1"]


def test_audit_sections_render_in_chinese(demo_project):
    """With labels, the audit sections (taxonomy, quality, agreement, codebook) render from the catalogue."""
    from factaudit.engine import services
    from factaudit.engine.audit import annotations as ann
    from factaudit.engine.project import runs as run_store
    from factaudit.engine.reports import html
    from factaudit.engine.reports.artifacts import ReportData
    from factaudit.engine.reports.lang import ReportLang
    from factaudit.engine.services.retrieval import RetrievalRequest, retrieve

    claims = [r[0] for r in services.page_rows(demo_project, "claims", 0, 3, dataset="scifact-demo")]
    run = retrieve(demo_project, RetrievalRequest("bm25", k=2, claim_ids=claims)).run_id
    pairs = [(c, h.passage_id) for c, hs in run_store.get_hits(demo_project, run).items() for h in hs]
    for who in ("alice", "bob"):
        for c, p in pairs:
            ann.annotate(demo_project, target="evidence", claim_id=c, passage_id=p, run_id=run,
                         dimension="entity_match", code="mismatch" if who == "bob" else "exact", annotator=who)
    audit = services.audit_report(demo_project, n_resamples=100)
    assert audit is not None and audit.codebook is not None
    data = ReportData(config={"project": "demo.faproj", "created": "now", "app_version": "x", "runs": [],
                              "n_resamples": 100, "seed": 42}, audit=audit)
    zh = html.render_html(data, ReportLang("zh_CN"))
    for heading in ("Audit: failure taxonomy", "Audit: rater agreement", "Codebook v{version}"):
        assert i18n.t(heading, "zh_CN", version=audit.codebook_version) in zh
    seed_zh = cb.load_seed().dimension("entity_match").code("mismatch").translations["zh_CN"]
    assert seed_zh["name"] in zh and seed_zh["definition"] in zh
    assert "Audit: failure taxonomy" not in zh and "Krippendorff’s alpha (nominal" not in zh
