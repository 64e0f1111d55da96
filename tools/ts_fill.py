"""Fill a .ts file's unfinished entries from a table of translations (a Python file defining
T = {source: (zh_CN, de)}), so a translator's table can be kept apart from pyside6-lupdate's output.

    python tools/ts_fill.py TABLE.py resources/i18n/factaudit_zh_CN.ts resources/i18n/factaudit_de.ts

Prints the sources still unfinished. Placeholders ({name}, %1, <b>) must survive: an entry whose
placeholders differ from its source's is refused.
"""
from __future__ import annotations

import runpy
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from factaudit.gui.i18n import placeholders

COLUMN = {"zh_CN": 0, "de": 1}


def fill(table: dict[str, tuple[str, str]], ts: Path) -> list[str]:
    tree = ET.parse(ts)
    lang = tree.getroot().get("language")
    col = COLUMN["zh_CN" if lang.startswith("zh") else lang.split("_")[0]]
    missing = []
    for message in tree.iter("message"):
        source = message.find("source").text or ""
        tr = message.find("translation")
        if tr.get("type") != "unfinished":
            continue
        if source in table:
            text = table[source][col]
            if placeholders(text) != placeholders(source):
                raise SystemExit(f"placeholders differ in {lang}: {source!r} -> {text!r}")
            tr.text = text
            del tr.attrib["type"]
        else:
            missing.append(source)
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    text = ts.read_text(encoding="utf-8").replace("<?xml version='1.0' encoding='utf-8'?>",
                                                  '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>')
    ts.write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    return missing


def main(argv: list[str]) -> int:
    table = runpy.run_path(argv[0])["T"]
    left = 0
    for name in argv[1:]:
        missing = fill(table, Path(name))
        left += len(missing)
        for source in missing:
            print(f"unfinished in {name}: {source!r}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
