"""One self-contained HTML report: inline CSS, matplotlib figures embedded as base64 PNG data URIs."""
from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.reports import artifacts as A
from factaudit.engine.reports import (
    answer_set_section, answer_sections, attribution_section, audit_sections, certify_section, grid_section, study_sections, summary,
    work_section,
)
from factaudit.engine.reports.artifacts import ReportData
from factaudit.engine.reports.lang import EN, ReportLang
from factaudit.engine.reports.plotfont import cjk_fonts
from factaudit.engine.reports.plotfont import figure as _figure
from factaudit.engine.reports.safe import plot_label as L
from factaudit.engine.reports.safe import valid_unicode

TEMPLATE = "report.html.j2"


def _fmt(value: Any) -> str:
    return EN.cell(value)


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


@cjk_fonts
def mapping_plot(data: ReportData, level: str = "sentence", lang: ReportLang = EN) -> str | None:
    """P, R, F1 per mapping and run with their 95% intervals."""
    if not data.metrics:
        return None
    import numpy as np

    runs = list(data.metrics)
    metrics = [("precision", "precision_ci"), ("recall", "recall_ci"), ("f1", "f1_ci")]
    fig = _figure((4.2 * len(MAPPINGS), 3.4))
    axes = fig.subplots(1, len(MAPPINGS), sharey=True)
    width = 0.8 / max(1, len(runs))
    for ax, mapping in zip(np.atleast_1d(axes), MAPPINGS):
        x = np.arange(len(metrics))
        for k, r in enumerate(runs):
            s = getattr(data.metrics[r], level)[mapping]
            vals, lo, hi = [], [], []
            for name, ci_name in metrics:
                v = getattr(s, name)
                ci = getattr(s, ci_name)
                vals.append(v if v is not None else 0.0)
                lo.append(max(0.0, (v or 0) - ci[0]) if ci and v is not None else 0.0)
                hi.append(max(0.0, ci[1] - (v or 0)) if ci and v is not None else 0.0)
            ax.bar(x + (k - (len(runs) - 1) / 2) * width, vals, width, yerr=[lo, hi], capsize=3, label=L(r))
        ax.set_xticks(x, ["P", "R", "F1"])
        ax.set_title(L(f"{mapping} ({lang.word(level)})"))
        ax.set_ylim(0, 1)
        ax.grid(axis="y", alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel(L(lang._("score (95% interval)"), 80))
    np.atleast_1d(axes)[-1].legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return _png(fig)


@cjk_fonts
def confusion_plot(run_id: str, labels: list[str], matrix: list[list[int]], lang: ReportLang = EN) -> str:
    import numpy as np

    m = np.array(matrix)
    fig = _figure((0.9 * len(labels) + 1.6, 0.8 * len(labels) + 1.3))
    ax = fig.subplots()
    ax.imshow(m, cmap="Blues")
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            ax.text(j, i, str(m[i, j]), ha="center", va="center",
                    color="white" if m[i, j] > m.max() / 2 else "black")
    ax.set_xticks(range(len(labels)), [L(x) for x in labels], rotation=30, ha="right")
    ax.set_yticks(range(len(labels)), [L(x) for x in labels])
    ax.set_xlabel(L(lang._("predicted")))
    ax.set_ylabel(L(lang._("gold")))
    ax.set_title(L(run_id))
    fig.tight_layout()
    return _png(fig)


@cjk_fonts
def category_plot(data: ReportData, mapping: str, lang: ReportLang = EN) -> str | None:
    cats = sorted({c for m in data.metrics.values() for c in m.by_category})
    if not cats:
        return None
    import numpy as np

    runs = [r for r in data.metrics if data.metrics[r].by_category]
    fig = _figure((max(5, 0.9 * len(cats) * max(1, len(runs)) + 2), 3.4))
    ax = fig.subplots()
    width = 0.8 / max(1, len(runs))
    x = np.arange(len(cats))
    for k, r in enumerate(runs):
        raw = [data.metrics[r].by_category[c][mapping].recall if c in data.metrics[r].by_category else None
               for c in cats]
        pos = x + (k - (len(runs) - 1) / 2) * width
        ax.bar(pos, [v or 0.0 for v in raw], width, label=L(r))
        for xi, v in zip(pos, raw):
            if v is None:  # no erroneous sentence in this category: recall is undefined, not zero
                ax.text(xi, 0.02, L(lang._("n/a")), ha="center", va="bottom", fontsize=7, color="#52606d")
    ax.set_xticks(x, [L(c) for c in cats], rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(L(lang._("recall on erroneous sentences ({mapping})", mapping=mapping), 80))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _png(fig)


def _environment(lang: ReportLang):
    """The template environment in a language: `_("text", name=value)` for short texts (escaped like
    any value), `{% filter trh(name=value) %}paragraph{% endfilter %}` for the explanations, which hold
    markup of their own (the template's and the catalogue's text is trusted; values are escaped)."""
    import jinja2
    from markupsafe import Markup, escape

    from factaudit.engine.resource_files import resource_path

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resource_path("reports"))),
        autoescape=jinja2.select_autoescape(["html", "j2"]), undefined=jinja2.StrictUndefined,
    )

    def trh(body: str, **values: Any) -> Markup:
        return Markup(lang.paragraph(str(body), **{k: escape(v) for k, v in values.items()}))

    env.filters["fmt"] = lang.cell
    env.filters["trh"] = trh
    env.globals["_"] = lang._
    env.globals["plural"] = lang.plural
    env.globals["lang"] = lang
    return env


def render_html(data: ReportData, lang: ReportLang = EN) -> str:
    env = _environment(lang)
    mapping = data.config.get("mapping", "R+NE")
    context = {
        "html_lang": lang.html_lang,
        "config": data.config,
        "mapping": mapping,
        "level": data.config.get("level", "sentence"),
        "mapping_defs": {m: ", ".join(lang.word(x) for x in sorted(v)) for m, v in MAPPINGS.items()},
        "mapping_table": A.mapping_table(data),
        "exclusions": A.exclusions_table(data),
        "mapping_plot": mapping_plot(data, "sentence", lang),
        "claim_plot": mapping_plot(data, "claim", lang),
        "closed_table": A.closed_table(data),
        "closed_denominator": A.closed_denominator_table(data),
        "verifier_worth": A.verifier_worth_table(data),
        "confusions": [(r, t, confusion_plot(r, data.metrics[r].closed.labels, data.metrics[r].closed.confusion_matrix,
                                            lang))
                       for r, t in A.confusion_tables(data).items()],
        "comparison": data.comparison,
        "comparison_note": data.comparison_note,
        "comparison_table": A.comparison_table(data),
        "pairs_table": A.pairs_table(data),
        "category_table": A.category_table(data),
        "category_plot": category_plot(data, mapping, lang),
        "multi_table": A.multi_answer_table(data),
        "answers": answer_sections.html_context(data),
        "conflict_table": A.conflict_table(data),
        "skipped": data.skipped,
        "audit": audit_sections.html_context(data.audit, lang),
        "work": work_section.html_context(data.retrieval, data.triage),
        "study": study_sections.html_context(data.aggregate, data.retrieval_comparison, data.study_notes,
                                             data.reasoning, data.answer_figures, data.judge),
        "certify": certify_section.html_context(data.certification),
        "grids": grid_section.html_context(data.grids),
        "answer_sets": answer_set_section.html_context(data.answer_sets),
        "attribution": attribution_section.html_context(data.attribution),
        "summary": summary.plain_summary(data, mapping, lang),
        "open_has_data": summary.open_has_data(data, mapping),
        "closed_has_data": summary.closed_has_data(data),
        "empty_sections": summary.empty_sections(data, mapping, lang),
    }
    return env.get_template(TEMPLATE).render(**context)


def write_html(data: ReportData, path: Path, lang: ReportLang = EN) -> Path:
    path = Path(path)
    # a lone surrogate in a project string would make the UTF-8 encoder raise half-way through
    path.write_text(valid_unicode(render_html(data, lang)), encoding="utf-8")
    return path
