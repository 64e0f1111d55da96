"""The report as a workbook: one sheet per table, numbers kept as numbers."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from factaudit.engine.reports import artifacts as A
from factaudit.engine.reports import answer_sections, audit_sections, work_section
from factaudit.engine.reports.artifacts import ReportData, dump_json
from factaudit.engine.reports.safe import guard_xlsx_cell, xlsx_text


def _cell(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (list, dict)):
        value = dump_json(value)
    if isinstance(value, str):
        return xlsx_text(value)
    return value


def _sheet(wb, title: str, table: A.Table) -> None:
    from openpyxl.styles import Font, PatternFill

    ws = wb.create_sheet(title[:31])
    head, rows = table
    ws.append([_cell(h) for h in head])
    for c in ws[1]:
        c.font = Font(bold=True)
        c.fill = PatternFill("solid", fgColor="F0F4F8")
    for row in rows:
        ws.append([_cell(v) for v in row])
    for row in ws.iter_rows(min_row=1):
        for c in row:
            guard_xlsx_cell(c)  # a category "=HYPERLINK(...)" must stay text, never a live formula
            if isinstance(c.value, float):
                c.number_format = "0.000"
    for col in ws.columns:
        width = max(min(len(str(c.value)), 60) if c.value is not None else 0 for c in col)
        ws.column_dimensions[col[0].column_letter].width = min(40, max(8, width + 2))
    ws.freeze_panes = "A2"


def write_xlsx(data: ReportData, path: Path) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    cfg = data.config
    _sheet(wb, "Config", (["key", "value"], [[k, _cell(v)] for k, v in cfg.items()]))
    if data.metrics:
        _sheet(wb, "Mappings", A.mapping_table(data))
        _sheet(wb, "Exclusions", A.exclusions_table(data))
    closed = A.closed_table(data)
    denominator = A.closed_denominator_table(data)
    if closed[1] or denominator[1]:
        _sheet(wb, "Closed regime", closed)
        _sheet(wb, "Closed denominator", denominator)
        for run_id, t in A.confusion_tables(data).items():
            _sheet(wb, f"Confusion {run_id}", t)
    if data.comparison is not None:
        _sheet(wb, "Comparison", A.comparison_table(data))
        _sheet(wb, "Pairs", A.pairs_table(data))
        q = data.comparison.cochran_q or {}
        _sheet(wb, "Cochran Q", (list(q), [list(q.values())]))
    cats = A.category_table(data)
    if cats[1]:
        _sheet(wb, "Categories", cats)
    if data.multi_answer:
        _sheet(wb, "Multi-answer", A.multi_answer_table(data))
        answer_sections.add_sheets(wb, data, _sheet)
    if data.conflict:
        _sheet(wb, "Conflict", A.conflict_table(data))
    for title, table in (("Retrieval", work_section.retrieval_table(data.retrieval)),
                         ("Triage", work_section.triage_table(data.triage))):
        if table[1]:
            _sheet(wb, title, table)
    audit_sections.add_sheets(wb, data.audit, _sheet)
    wb.save(path)
    return Path(path)
