"""The report as a workbook: one sheet per table, numbers kept as numbers."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from factaudit.engine.reports import artifacts as A
from factaudit.engine.reports import answer_set_section, answer_sections, audit_sections, study_sections, work_section
from factaudit.engine.i18n import N_
from factaudit.engine.reports.artifacts import ReportData, dump_json
from factaudit.engine.reports.lang import EN, Fixed, Interval, Percent, ReportLang, Words
from factaudit.engine.reports.safe import guard_xlsx_cell, xlsx_text

# characters Excel refuses in a sheet name
_BAD_TITLE = str.maketrans({c: " " for c in "[]:*?/\\"})


def _cell(value: Any, lang: ReportLang = EN) -> Any:
    """A cell: numbers stay numbers in every language (Excel shows them in the reader's locale);
    texts the report writes itself (intervals, yes/no, all, pass/fail) in the report's language."""
    if isinstance(value, Interval):
        return xlsx_text(lang.interval(value.lo, value.hi, value.digits))
    if isinstance(value, Fixed):
        return value.value
    if isinstance(value, Percent):
        return xlsx_text(lang.pct(value.value, value.digits))
    if isinstance(value, Words):
        return xlsx_text(lang.words(value))
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (list, dict)):
        value = dump_json(value)
    if isinstance(value, str):
        return xlsx_text(lang.word(value))
    return value


def _title(wb, title: str) -> str:
    """A sheet name Excel accepts: at most 31 characters, none of []:*?/\\, not used yet in the workbook."""
    base = title.translate(_BAD_TITLE).strip()[:31] or "Sheet"
    name, n = base, 2
    while name in wb.sheetnames:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    return name


def _sheet(wb, title: str, table: A.Table, lang: ReportLang = EN, **values: Any) -> None:
    from openpyxl.styles import Font, PatternFill

    ws = wb.create_sheet(_title(wb, lang._(title, **values)))
    head, rows = table
    ws.append([_cell(lang._(h) if isinstance(h, str) else h, lang) for h in head])
    for c in ws[1]:
        c.font = Font(bold=True)
        c.fill = PatternFill("solid", fgColor="F0F4F8")
    for row in rows:
        ws.append([_cell(v, lang) for v in row])
    for row in ws.iter_rows(min_row=1):
        for c in row:
            guard_xlsx_cell(c)  # a category "=HYPERLINK(...)" must stay text, never a live formula
            if isinstance(c.value, float):
                c.number_format = "0.000"
    for col in ws.columns:
        width = max(min(len(str(c.value)), 60) if c.value is not None else 0 for c in col)
        ws.column_dimensions[col[0].column_letter].width = min(40, max(8, width + 2))
    ws.freeze_panes = "A2"


def write_xlsx(data: ReportData, path: Path, lang: ReportLang = EN) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    cfg = data.config

    def sheet(wb, title: str, table: A.Table, **values: Any) -> None:
        _sheet(wb, title, table, lang, **values)

    # Config keys are the JSON's (config.json): machine names, the same in every language
    sheet(wb, N_("Config"), (["key", "value"], [[k, _cell(v)] for k, v in cfg.items()]))
    if data.metrics:
        sheet(wb, N_("Mappings"), A.mapping_table(data))
        sheet(wb, N_("Exclusions"), A.exclusions_table(data))
    closed = A.closed_table(data)
    denominator = A.closed_denominator_table(data)
    if closed[1] or denominator[1]:
        sheet(wb, N_("Closed regime"), closed)
        sheet(wb, N_("Closed denominator"), denominator)
        for run_id, t in A.confusion_tables(data).items():
            sheet(wb, N_("Confusion {run}"), t, run=run_id)
    if data.comparison is not None:
        sheet(wb, N_("Comparison"), A.comparison_table(data))
        sheet(wb, N_("Pairs"), A.pairs_table(data))
        q = data.comparison.cochran_q or {}
        sheet(wb, N_("Cochran Q"), (list(q), [list(q.values())]))
    cats = A.category_table(data)
    if cats[1]:
        sheet(wb, N_("Categories"), cats)
    if data.multi_answer:
        sheet(wb, N_("Multi-answer"), A.multi_answer_table(data))
        answer_sections.add_sheets(wb, data, sheet)
    answer_set_section.add_sheets(wb, data.answer_sets, sheet)
    if data.conflict:
        sheet(wb, N_("Conflict"), A.conflict_table(data))
    for title, table in ((N_("Retrieval"), work_section.retrieval_table(data.retrieval)),
                         (N_("Triage"), work_section.triage_table(data.triage))):
        if table[1]:
            sheet(wb, title, table)
    study_sections.add_sheets(wb, data.aggregate, data.retrieval_comparison, sheet, data.reasoning,
                              data.answer_figures, data.judge)
    audit_sections.add_sheets(wb, data.audit, sheet, lang)
    wb.save(path)
    return Path(path)
