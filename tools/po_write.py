"""Write the engine's .po catalogues from a translator's table (T = {msgid: (zh_CN, de)}), keeping the
entries already there; prints the msgids of engine.i18n's marked sources still missing.

    python tools/po_write.py TABLE.py
"""
from __future__ import annotations

import json
import runpy
import sys

from factaudit.engine import i18n

HEADER = ('msgid ""\nmsgstr ""\n"Project-Id-Version: factaudit\\n"\n"Language: {lang}\\n"\n'
          '"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Content-Transfer-Encoding: 8bit\\n"\n')


def write(lang: str, entries: dict[str, str]) -> None:
    path = i18n.po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    blocks = [HEADER.format(lang=lang)]
    for msgid, msgstr in entries.items():
        blocks.append(f"msgid {json.dumps(msgid, ensure_ascii=False)}\nmsgstr {json.dumps(msgstr, ensure_ascii=False)}\n")
    path.write_text("\n".join(blocks), encoding="utf-8")


def main(argv: list[str]) -> int:
    table = runpy.run_path(argv[0])["T"]
    for col, lang in enumerate(("zh_CN", "de")):
        path = i18n.po_path(lang)
        entries = i18n.read_po(path) if path.exists() else {}
        entries.update({k: v[col] for k, v in table.items()})
        write(lang, entries)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
