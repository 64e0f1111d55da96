"""Fit and finish (issue #35 item 5): the report summary never says "caught n/a of the erroneous
sentences", Certify does not claim "already within ±5 % (no interval yet)" when every unit is labelled,
answers' markdown is rendered (escaped first), and the Models page marks the default classifier
demo-grade."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from factaudit.engine import services
from factaudit.engine.reports.lang import ReportLang
from factaudit.engine.reports.summary import plain_summary


def _data(recall, precision):
    sentence = SimpleNamespace(n=4, recall=recall, precision=precision)
    metrics = SimpleNamespace(sentence={"R+NE": sentence}, claim={}, closed=None, n_parse_failures=0)
    return SimpleNamespace(metrics={"v1": metrics}, audit=None)


@pytest.mark.parametrize("lang", ["en", "de", "zh_CN"])
def test_summary_says_why_a_rate_is_undefined_instead_of_n_a(lang):
    rl = ReportLang(lang)
    no_errors = plain_summary(_data(None, 0.0), lang=rl)      # the expert marked no sentence erroneous
    nothing_flagged = plain_summary(_data(0.5, None), lang=rl)
    for text in (no_errors, nothing_flagged):
        assert rl._("n/a") not in text and "v1" in text
    if lang == "en":
        assert "recall undefined" in no_errors and "0% of" not in no_errors.split("Of the")[0]
        assert "Of the sentences it flagged, 0% were truly erroneous" in no_errors
        assert "caught 50% of the erroneous sentences" in nothing_flagged and "precision undefined" in nothing_flagged
    else:      # translated, not the English sentence
        assert "recall undefined" not in no_errors and "precision undefined" not in nothing_flagged
    both = plain_summary(_data(0.25, 0.5), lang=rl)           # the ordinary sentence is unchanged
    if lang == "en":
        assert "caught 25% of the erroneous sentences (recall) and 50% of the sentences it flagged" in both


def test_certify_with_every_unit_labelled_shows_the_labels_interval(qtbot, project):
    from factaudit.engine.metrics.certify import certify
    from factaudit.engine.services.certification import CertifyResult
    from factaudit.gui.views.raters.certify import CertifyPanel

    y = [True] * 6 + [False] * 34
    figures = certify(y, y, [], target_half_width=0.05)
    assert figures.labels_needed.more == 0 and figures.labels_needed.half_width is None
    doc = CertifyResult("v1", "R+NE", "sentence", "expert", figures, {}).to_json()
    panel = CertifyPanel(project)
    qtbot.addWidget(panel)
    panel.show_result(doc)
    text = panel.needed_label.text()
    assert "no interval yet" not in text and "already within" not in text
    assert "Every unit is labelled" in text
    # the interval shown is the labels' own Wilson interval: 6 of 40, computed here by hand
    import math
    n, p, z = 40, 6 / 40, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo, hi = figures.ppi.ci
    assert lo == pytest.approx(centre - half, abs=1e-9) and hi == pytest.approx(centre + half, abs=1e-9)
    assert f"{100 * lo:.1f}" in text and f"{100 * hi:.1f}" in text


def test_answers_markdown_is_rendered_after_escaping():
    from factaudit.gui.views.answers_view import md_html

    out = md_html("## Advice\n**Aspirin** is *not* advised:\n- first\n1. second <script>x</script>\n`a*b` and 2*3*4")
    assert out.split("<br>") == ["<b>Advice</b>", "<b>Aspirin</b> is <i>not</i> advised:", "• first",
                                 "1. second &lt;script&gt;x&lt;/script&gt;", "<code>a*b</code> and 2*3*4"]
    assert "**" not in out and "##" not in out


def test_models_page_marks_the_default_classifier_demo_grade(qtbot, project):
    from factaudit.gui.views.models_view import ModelsView

    weak = [e.name for e in services.classifier_models() if e.demo_grade]
    if not weak:
        pytest.skip("no demo-grade classifier registered here (a real one in local_models/ replaces it)")
    view = ModelsView(project)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: view.clf_table.rowCount() > 0, timeout=120_000)     # read in the background
    names = [view.clf_table.item(r, 0).text() for r in range(view.clf_table.rowCount())]
    assert any(n.startswith(weak[0]) and "[demo-grade]" in n for n in names), names
    assert f"the embedded classifier {weak[0]}" in view.note_label.text()


@pytest.fixture
def restore_locale():
    from PySide6.QtCore import QLocale

    before = QLocale()
    yield QLocale
    QLocale.setDefault(before)


def test_german_intervals_and_counts_never_mix_the_marks(restore_locale):
    from factaudit.gui import i18n
    from factaudit.gui.views.agreement_view import interval

    restore_locale.setDefault(restore_locale("de_DE"))
    assert interval([-0.5, -0.25]) == "[-0,500; -0,250]"          # not "[-0,500, -0,250]": four numbers
    assert i18n.percent_ci(0.8532, (0.8, 0.9)) == "85,3 [80,0; 90,0]"
    assert i18n.number(1248) == "1.248"
    restore_locale.setDefault(restore_locale("en_US"))
    assert interval([-0.5, -0.25]) == "[-0.500, -0.250]"
    assert i18n.percent_ci(0.8532, (0.8, 0.9)) == services.percent_text(0.8532, (0.8, 0.9))   # the CLI's form
    assert i18n.number(1248) == "1,248"


@pytest.mark.parametrize("name, want", [("en_US", "1/2/2026"), ("de_DE", "02.01.2026"), ("zh_CN", "2026/1/2")])
def test_dates_carry_the_whole_year_in_the_locales_order(restore_locale, name, want):
    from datetime import date

    from factaudit.gui import i18n

    restore_locale.setDefault(restore_locale(name))
    assert i18n.date(date(2026, 1, 2)) == want
    assert "2026" in i18n.date("2026-01-02T12:00:00+00:00")       # a time too: never "1/2/26 12:00 PM"


def test_runs_table_names_kinds_statuses_and_summary_keys_in_the_language(qtbot, project, qapp):
    from factaudit.gui import i18n
    from factaudit.gui.run_names import run_kind, run_state
    from factaudit.gui.views.runs_view import RunsView, summary_text

    from factaudit.gui.dialogs.run_details import summary_key

    assert summary_text({"n_claims": 1248}) == f"{summary_key('n_claims')} 1,248" != "n_claims 1,248"
    assert "=" not in summary_text({"n_claims": 1248, "k": 3})
    if i18n.qm_path("de") is None:
        pytest.skip("pyside6-lrelease is not installed")
    try:
        i18n.install(qapp, "de")
        assert run_kind("verify") != "verify" and run_state("done") != "done"
        assert "1.248" in summary_text({"n_claims": 1248}) and "n_claims" not in summary_text({"n_claims": 1248})
        view = RunsView(project)
        qtbot.addWidget(view)
        view._runs_read([SimpleNamespace(id="verify-1", kind="verify", status="done", created=None, finished=None,
                                         summary={"n_claims": 1248}, error=None)])
        assert view.table.item(0, 1).text() == run_kind("verify") and view.table.item(0, 2).text() == run_state("done")
    finally:
        i18n.install(qapp, "en")
