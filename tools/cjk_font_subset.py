"""Write the CJK font the bundle ships for report plots (engine/reports/plotfont.py reads
resources/reports/fonts/*.otf, inside a resource folder the spec already collects): Noto Sans CJK SC from the system's fonts-noto-cjk (`make fonts`), cut down with
fontTools (a matplotlib dependency) to ASCII, CJK punctuation, full-width forms and the 6,763 hanzi of
GB2312. The whole collection is 19 MB; the subset is about 3 MB, which the 700 MiB bundle cap allows.

    python tools/cjk_font_subset.py OUT_DIR      # writes OUT_DIR/NotoSansCJKsc-subset.otf
    # e.g. OUT_DIR = the staged factaudit/resources/reports/fonts (not committed: a generated binary)

Takes about 25 s on one core. Noto CJK is under the SIL Open Font License 1.1, which allows subsetting
and bundling (the licence text goes beside the font).
"""
from __future__ import annotations

import sys
from pathlib import Path

SOURCES = ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
           "/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc")
FAMILY = "Noto Sans CJK SC"
NAME = "NotoSansCJKsc-subset.otf"


def code_points() -> list[int]:
    chars: set[int] = set(range(0x20, 0x7F)) | set(range(0x3000, 0x3040)) | set(range(0xFF00, 0xFFF0))
    for hi in range(0xB0, 0xF8):            # GB2312 rows 16-87: the hanzi
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(ord(bytes([hi, lo]).decode("gb2312")))
            except UnicodeDecodeError:
                continue
    return sorted(chars | {0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x00B7, 0x2212, 0x0394})


def main(argv: list[str]) -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    out = Path(argv[0] if argv else ".")
    source = next((s for s in SOURCES if Path(s).exists()), None)
    if source is None:
        print("no NotoSansCJK-Regular.ttc: run `make fonts` (fonts-noto-cjk) first", file=sys.stderr)
        return 1
    names = [f["name"].getDebugName(1) for f in TTCollection(source).fonts]
    options = subset.Options()
    options.font_number = names.index(FAMILY)
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    font = subset.load_font(source, options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=code_points())
    sub.subset(font)
    out.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out / NAME), options)
    print(out / NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
