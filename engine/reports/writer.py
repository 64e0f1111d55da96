"""Writing a report: report.html, report.xlsx and the json/ folder, each recorded with its sha256.

`write_all` writes into a folder that must not exist yet (a report is never silently overwritten) and
removes what it wrote if any format fails, so a half-written report never looks complete.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.hashing import sha256_file
from factaudit.engine.reports.artifacts import ReportData, dump_json
from factaudit.engine.reports.html import write_html
from factaudit.engine.reports.lang import ReportLang, report_language
from factaudit.engine.reports.xlsx import write_xlsx


@dataclass
class WrittenFile:
    path: Path
    format: str
    sha256: str


def write_json_folder(data: ReportData, folder: Path) -> list[WrittenFile]:
    folder.mkdir(parents=True)
    files = []
    (folder / "config.json").write_text(dump_json(data.config, indent=2) + "\n", encoding="utf-8")
    with open(folder / "per_item.jsonl", "w", encoding="utf-8") as fh:
        for row in data.per_item:
            fh.write(dump_json(row, sort_keys=True) + "\n")
    (folder / "summary.json").write_text(dump_json(data.summary(), indent=2) + "\n", encoding="utf-8")
    for name in ("config.json", "per_item.jsonl", "summary.json"):
        files.append(WrittenFile(folder / name, "json", sha256_file(folder / name)))
    return files


def write_all(data: ReportData, out: Path, formats: Sequence[str], lang: str | None = None) -> list[WrittenFile]:
    """`lang` (zh, de, en or a locale name; None: the app's language) is the HTML's and the XLSX's;
    the json/ folder is the same in every language."""
    rl = ReportLang(report_language(lang))
    out = Path(out)
    if os.path.lexists(out):
        raise InvalidArgument(f"{out} already exists; reports go into a new folder")
    try:
        out.mkdir(parents=True)
    except OSError as exc:
        raise InvalidArgument(f"cannot write the report to {out}: {exc.strerror or exc}") from exc
    written: list[WrittenFile] = []
    try:
        if "json" in formats:
            written += write_json_folder(data, out / "json")
        if "html" in formats:
            path = write_html(data, out / "report.html", rl)
            written.append(WrittenFile(path, "html", sha256_file(path)))
        if "xlsx" in formats:
            path = write_xlsx(data, out / "report.xlsx", rl)
            written.append(WrittenFile(path, "xlsx", sha256_file(path)))
    except OSError as exc:
        shutil.rmtree(out, ignore_errors=True)
        raise InvalidArgument(f"cannot write the report to {out}: {exc.strerror or exc} (nothing was kept)") from exc
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    return written


def written_json(files: Sequence[WrittenFile]) -> list[dict[str, str]]:
    return [{"path": str(f.path), "format": f.format, "sha256": f.sha256} for f in files]


__all__ = ["WrittenFile", "write_all", "written_json"]
