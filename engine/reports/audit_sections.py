"""The audit sections of the HTML and XLSX reports: the failure taxonomy (R1–R6 per retrieval run, V1–V6
per verify run, the high-quality evidence rate with its per-dimension marginals) and rater agreement
(alpha per dimension and step, kappa per rater pair, the LLM pre-label's pull).

The figures are gathered by engine.services.audit.audit_report and passed in; this module only lays
them out (reports never call up into the services). A project without annotations gets no audit sections.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field
from typing import Any, Callable

from factaudit.engine.i18n import N_
from factaudit.engine.reports.artifacts import Table
from factaudit.engine.reports.lang import EN, ReportLang
from factaudit.engine.reports.lang import ci as _ci
from factaudit.engine.reports.plotfont import cjk_fonts
from factaudit.engine.reports.safe import plot_label


@dataclass
class AuditReport:
    codebook_version: int
    annotators: list[str]
    n_annotations: int
    taxonomy: Any                                # engine.audit.taxonomy.Taxonomy
    agreement: dict[str, Any] = field(default_factory=dict)   # {dimension: DimensionAgreement}
    high_quality: dict[str, list[str]] = field(default_factory=dict)   # the codebook's high-quality codes
    # labels in force (corrections and undos resolved), by whom: people, LLM pre-labellers, adjudicators
    n_human_labels: int = 0
    n_llm_labels: int = 0
    n_adjudications: int = 0
    llm_annotators: list[str] = field(default_factory=list)
    codebook: Any = None     # engine.audit.codebook.Codebook of that version: names and definitions, translated

    def to_json(self) -> dict[str, Any]:
        return {"codebook_version": self.codebook_version, "annotators": self.annotators,
                "n_annotations": self.n_annotations, "n_human_labels": self.n_human_labels,
                "n_llm_labels": self.n_llm_labels, "n_adjudications": self.n_adjudications,
                "llm_annotators": self.llm_annotators, "taxonomy": self.taxonomy.to_json(),
                "agreement": {k: v.to_json() for k, v in self.agreement.items()}, "high_quality": self.high_quality}


# ---- tables --------------------------------------------------------------------------------------
def _labelled_retrieval(audit: AuditReport) -> list:
    return [r for r in audit.taxonomy.retrieval if r.n_labelled]


def _labelled_verify(audit: AuditReport) -> list:
    return [v for v in audit.taxonomy.verify if v.n_labelled]


def _pattern_name(audit: AuditReport, pattern: str, name: str, lang: ReportLang) -> str:
    book = audit.codebook
    if book is None or lang.code == "en":
        return name
    return book.pattern_name(pattern, lang.code) if book.patterns.get(pattern) == name else name


def pattern_table(audit: AuditReport, lang: ReportLang = EN) -> Table:
    head = ["run", "stage", "pattern", "name", "count", "denominator", "share"]
    rows = []
    for r in _labelled_retrieval(audit):
        for p in r.patterns:
            rows.append([r.run_id, "retrieval", p.pattern, _pattern_name(audit, p.pattern, p.name, lang), p.count,
                         p.denominator, p.share])
    for v in _labelled_verify(audit):
        for p in v.patterns:
            rows.append([v.run_id, "verification", p.pattern, _pattern_name(audit, p.pattern, p.name, lang), p.count,
                         p.denominator, p.share])
    return head, rows


def codebook_table(audit: AuditReport, lang: ReportLang = EN) -> Table:
    """The codebook the labels were made under, in the report's language: every dimension and step
    with its codes, their names, definitions and patterns."""
    head = ["target", "dimension / step", "code", "name", "definition", "pattern"]
    book = audit.codebook
    if book is None:
        return head, []
    rows = []
    for d in book.dimensions():
        for c in d.codes:
            rows.append([N_("evidence") if d.target == "evidence" else N_("reasoning"),
                         book.text(d, "name", lang.code), c.id, book.text(c, "name", lang.code, d),
                         book.text(c, "definition", lang.code, d), c.pattern or ""])
    return head, rows


def quality_table(audit: AuditReport) -> Table:
    head = ["run", "pairs", "labelled pairs", "decided pairs", "high quality", "high-quality rate",
            "claims undecided for R6"]
    rows = [[r.run_id, r.n_pairs, r.n_labelled, r.n_quality_decided, r.n_high_quality, r.high_quality_rate,
             r.r6_undecided] for r in _labelled_retrieval(audit)]
    return head, rows


def marginals_table(audit: AuditReport) -> Table:
    head = ["run", "dimension / step", "labelled", "code", "count", "share", "high-quality code"]
    rows = []
    runs = [(r.run_id, r.marginals) for r in _labelled_retrieval(audit)] + \
           [(v.run_id, v.marginals) for v in _labelled_verify(audit)]
    for run_id, marginals in runs:
        for m in marginals:
            if not m.n:         # a dimension nobody rated in this run says nothing
                continue
            for code, n in m.codes.items():
                share = n / m.n if m.n else None
                hq = ""
                if m.high_quality is not None:
                    hq = "yes" if code in audit.high_quality.get(m.dimension, ()) else "no"
                rows.append([run_id, m.dimension, m.n, code, n, share, hq])
    return head, rows


def agreement_table(audit: AuditReport) -> Table:
    head = ["dimension / step", "target", "alpha", "alpha 95% CI", "alpha (humans only)", "alpha humans 95% CI",
            "units", "human raters", "LLM pre-labellers"]
    rows = [[name, r.target, r.alpha, _ci(r.alpha_ci), r.alpha_humans, _ci(r.alpha_humans_ci), r.n_units,
             len(r.human_raters), len(r.llm_raters)] for name, r in audit.agreement.items()]
    return head, rows


def kappa_table(audit: AuditReport) -> Table:
    head = ["dimension / step", "rater A", "rater B", "kind", "units", "kappa", "kappa 95% CI", "raw agreement",
            "kappa blind", "units blind", "kappa revealed", "units revealed"]
    rows = []
    for name, r in audit.agreement.items():
        for p in r.pairs:
            b = (p.blind or {}).get("blind") or {}
            v = (p.blind or {}).get("revealed") or {}
            rows.append([name, p.a, p.b, p.kind, p.n_units, p.kappa, _ci(p.kappa_ci), p.agreement, b.get("kappa"),
                         b.get("n_units"), v.get("kappa"), v.get("n_units")])
    return head, rows


# ---- plot ----------------------------------------------------------------------------------------
@cjk_fonts
def pattern_plot(audit: AuditReport, lang: ReportLang = EN) -> str | None:
    """Shares of R1–R6 per retrieval run and V1–V6 per verify run, side by side."""
    groups = [("retrieval", _labelled_retrieval(audit)), ("verification", _labelled_verify(audit))]
    groups = [(name, runs) for name, runs in groups if runs]
    if not groups:
        return None
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5.2 * len(groups), 3.2))
    FigureCanvasAgg(fig)
    axes = np.atleast_1d(fig.subplots(1, len(groups)))
    for ax, (name, runs) in zip(axes, groups):
        patterns = [p.pattern for p in runs[0].patterns]
        x = np.arange(len(patterns))
        width = 0.8 / len(runs)
        for k, r in enumerate(runs):
            shares = {p.pattern: p.share or 0.0 for p in r.patterns}
            ax.bar(x + (k - (len(runs) - 1) / 2) * width, [shares.get(p, 0.0) for p in patterns], width,
                   label=plot_label(f"{r.run_id} (n={r.n_labelled})"))
        ax.set_xticks(x, [plot_label(p) for p in patterns])
        ax.set_ylim(0, 1)
        ax.set_ylabel(plot_label(lang._("share of labelled units (R6: of decided claims)") if name == "retrieval"
                                 else lang._("share of labelled units"), 80))
        ax.set_title(plot_label(lang._("retrieval failure patterns") if name == "retrieval"
                                else lang._("verification failure patterns"), 80))
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


# ---- hooks for html.py and xlsx.py ---------------------------------------------------------------
def html_context(audit: AuditReport | None, lang: ReportLang = EN) -> dict[str, Any] | None:
    if audit is None:
        return None
    return {"codebook_version": audit.codebook_version, "annotators": audit.annotators,
            "n_annotations": audit.n_annotations, "patterns": pattern_table(audit, lang),
            "quality": quality_table(audit), "marginals": marginals_table(audit), "agreement": agreement_table(audit),
            "kappa": kappa_table(audit), "codebook": codebook_table(audit, lang), "plot": pattern_plot(audit, lang)}


def add_sheets(wb, audit: AuditReport | None, sheet: Callable[[Any, str, Table], None], lang: ReportLang = EN) -> None:
    if audit is None:
        return
    for title, table in ((N_("Taxonomy"), pattern_table(audit, lang)), (N_("Evidence quality"), quality_table(audit)),
                         (N_("Label marginals"), marginals_table(audit)), (N_("Agreement"), agreement_table(audit)),
                         (N_("Rater pairs"), kappa_table(audit)), (N_("Codebook"), codebook_table(audit, lang))):
        if table[1]:
            sheet(wb, title, table)
