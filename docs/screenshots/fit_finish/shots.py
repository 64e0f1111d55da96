"""The screenshots of issue #35's fit-and-finish pages: Settings, Models (Close button, demo-grade
classifier), Seal (a free file name), Runs (kinds, statuses and summaries translated) and Agreement
(the κ column), in en, zh_CN and de, on a 1366×768 screen and on 1920×1080 at QT_SCALE_FACTOR=1.5.
Offscreen, one child process per language and screen (the scale is fixed when a QApplication starts):

    python docs/screenshots/fit_finish/shots.py docs/screenshots/fit_finish
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SCREENS = {"1366x768": (1366, 768, "1"), "1920x1080_150": (1920, 1080, "1.5")}
LANGS = ("en", "zh_CN", "de")


def populate(folder: Path) -> Path:
    """The demo's data with a BM25 run over 12 claims and two raters' evidence labels on the same pairs."""
    from factaudit.engine import services
    from factaudit.engine.audit import annotations as ann
    from factaudit.engine.project import runs as run_store

    summary = services.build_demo(folder / "demo", run_steps=False)
    project = services.open_project(summary.project)
    try:
        claims = [r[0] for r in services.page_rows(project, "claims", 0, 12, dataset="scifact-demo")]
        run = services.retrieve(project, services.RetrievalRequest("bm25", k=2, claim_ids=claims)).run_id
        pairs = [(c, h.passage_id) for c, hs in run_store.get_hits(project, run).items() for h in hs][:16]
        for n, (c, p) in enumerate(pairs):
            for who, code in (("alice", "exact"), ("bob", "exact" if n % 4 else "related")):
                ann.annotate(project, target="evidence", claim_id=c, passage_id=p, run_id=run,
                             dimension="entity_match", code=code, annotator=who)
    finally:
        project.close()
    return Path(summary.project)


def child(project_path: str, out: str, suffix: str) -> None:
    from PySide6.QtWidgets import QApplication

    from factaudit.engine import services
    from factaudit.gui.app import configure_app
    from factaudit.gui import i18n
    from factaudit.gui.main_window import ProjectWindow

    app = QApplication([])
    configure_app(app)
    i18n.install(app)
    window = ProjectWindow(services.open_project(project_path))
    window.setGeometry(app.primaryScreen().availableGeometry())
    window.show()

    def settle(condition=lambda: True, ms: int = 120_000) -> None:
        from PySide6.QtCore import QDeadlineTimer

        deadline = QDeadlineTimer(ms)
        while not deadline.hasExpired():
            app.processEvents()
            from factaudit.gui.ops import Op

            Op.wait_all(20)
            if condition():
                app.processEvents()
                return
        print(f"gave up waiting ({suffix})", file=sys.stderr)

    def save(widget, name: str) -> None:
        settle()
        widget.grab().save(str(Path(out) / f"{name}_{suffix}.png"))

    from factaudit.gui.views.models_view import ModelsView

    dialog = window.show_settings()
    save(dialog, "settings")
    dialog.close()
    dialog = window.show_models()
    models = dialog.findChild(ModelsView)
    settle(lambda: models.clf_table.rowCount() > 0)        # the registries are read in the background
    save(dialog, "models")
    dialog.close()
    from factaudit.gui.dialogs.seal_dialog import SealDialog

    seal = SealDialog(window.project, window)
    seal.show()
    save(seal, "seal")
    seal.close()
    window.show_page(2)
    settle(lambda: window.runs_view.table.rowCount() > 0)
    save(window, "runs")
    window.show_page(4)
    labeling = window.page_widget("Labeling")
    agreement = labeling.show_tab("Agreement")
    settle(lambda: getattr(agreement, "results", None) is not None, 300_000)
    save(window, "agreement")
    window.close()


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="fit-finish-shots-"))
    project = populate(tmp)
    failed = 0
    for screen, (w, h, scale) in SCREENS.items():
        config = tmp / f"{screen}.json"
        config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": w, "height": h,
                                                   "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
        for lang in LANGS:
            env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": scale,
                   "QT_ENABLE_HIGHDPI_SCALING": "1", "FACTAUDIT_LANG": lang,
                   "FACTAUDIT_CONFIG_DIR": str(tmp / f"config-{lang}-{screen}"), "FACTAUDIT_DATA_DIR": str(tmp / "data")}
            work = tmp / f"{lang}-{screen}.faproj"
            shutil.copy2(project, work)
            done = subprocess.run([sys.executable, __file__, "--child", str(work), str(out), f"{lang}_{screen}"],
                                  env=env, capture_output=True, text=True, timeout=900)
            if done.returncode:
                failed += 1
                print(done.stderr[-3000:], file=sys.stderr)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(*sys.argv[2:5])
    else:
        sys.exit(main(Path(sys.argv[1])))
