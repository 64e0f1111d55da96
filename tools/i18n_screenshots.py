"""Screenshots of the translated interface (issue #24 item 3) for the README: a few pages of the demo
project in one language, grabbed off screen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/i18n_screenshots.py zh_CN docs/screenshots/zh_CN [PROJECT]

PROJECT defaults to projects/demo/demo.faproj. The project is read through a private copy (SQLite's
backup, so a project open elsewhere is copied whole and never written). Chinese needs a CJK font
(`make fonts` installs Noto CJK); the PNGs are reduced to a palette so they stay small.
"""
from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from pathlib import Path

# the pages shown, with the tab of a tabbed page (file name, page, tab)
SHOTS = (("workflow", "Workflow", None), ("labeling", "Labeling", "Label"), ("review", "Review", "Disagreements"),
         ("results", "Reports", None))


def _copy(project: Path, into: Path) -> Path:
    dst = into / project.name
    src = sqlite3.connect(f"file:{project}?mode=ro", uri=True)
    out = sqlite3.connect(dst)
    src.backup(out)
    out.close()
    src.close()
    return dst


def _settle(app, rounds: int = 20) -> None:
    from factaudit.gui.ops import Op

    for _ in range(rounds):
        Op.wait_all(200)
        app.processEvents()


def _save(widget, path: Path) -> None:
    """The widget's pixels as a palette PNG (a few hundred kB become well under one hundred)."""
    from PIL import Image
    from PySide6.QtCore import QBuffer, QIODevice

    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    widget.grab().save(buffer, "PNG")
    import io

    image = Image.open(io.BytesIO(bytes(buffer.data()))).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main(argv: list[str]) -> int:
    lang, out = argv[0], Path(argv[1])
    project_path = Path(argv[2] if len(argv) > 2 else "projects/demo/demo.faproj").resolve()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    work = Path(tempfile.mkdtemp(prefix="factaudit-shots-"))
    os.environ["FACTAUDIT_DATA_DIR"] = str(work / "data")      # settings and caches stay out of the user's
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work / "settings"))
    app = QApplication([sys.argv[0]])
    from factaudit.engine import services
    from factaudit.gui import i18n, main_window
    from factaudit.gui.app import configure_app
    from factaudit.gui.views.labeling_parts import set_project_annotator

    configure_app(app)
    if i18n.install(app, lang) != lang:
        print(f"{lang} is not available", file=sys.stderr)
        return 1
    project = services.open_project(_copy(project_path, work))
    set_project_annotator(project, {"zh_CN": "王医生", "de": "Dr. Weber"}.get(lang, "Dr. Smith"))
    window = main_window.ProjectWindow(project)
    window.resize(1280, 760)
    window.show()
    out.mkdir(parents=True, exist_ok=True)
    for name, page, tab in SHOTS:
        window.show_page(main_window.PAGES.index(page))
        _settle(app)
        widget = window.page_widget(page)
        if tab is not None:
            view = widget.show_tab(tab)
            _settle(app)
            if hasattr(view, "flush"):
                view.flush()
            _settle(app)
        _save(window, out / f"{name}.png")
        print(out / f"{name}.png")
    window.close()
    _settle(app, 5)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
