"""Issue #35's real-window screenshot set: the app started as a user starts it (gui.app.start), in an
X11 window under Xvfb and openbox, driven with xdotool (Ctrl+1..7 switch pages; digit keys and R on
the Labeling card) and captured with ImageMagick's `import -window root`. A 1366×768 screen at
scale 1 and a 1920×1080 screen at QT_SCALE_FACTOR=1.5, each in en, zh_CN and de.

    apt-get install -y xvfb openbox xdotool imagemagick pngquant libxcb-cursor0
    .venv/bin/python docs/screenshots/round3/shots.py docs/screenshots/round3 [1366x768|1920x1080_150] [en|zh_CN|de] [shot ...]

A shot's name (SHOTS) limits the captures to the named ones; the steps before them still run.

What has no key (a tab of a page, the Models window, the Seal and Settings dialogs) is asked of the app through a
command file it polls; after every step the app answers once its background reads are idle, so a
capture never shows "Reading…" from a read still under way.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCREENS = {"1366x768": (1366, 768, "1", 97), "1920x1080_150": (1920, 1080, "1.5", 98)}
LANGS = ("en", "zh_CN", "de")
# (file name, steps): a step is ("key", xdotool key names) or ("do", app command); a capture follows
SHOTS = (
    ("workflow", [("key", "ctrl+1")]),
    ("results", [("key", "ctrl+7"), ("do", "wait results")]),
    ("agreement", [("key", "ctrl+5"), ("do", "tab Agreement")]),
    ("disagreements", [("do", "inner 1")]),
    ("labeling_reveal", [("key", "ctrl+5"), ("do", "tab Label"), ("do", "focus labeling"), ("key", "r")]),
    ("analyses_induction", [("key", "ctrl+6"), ("do", "tab Induction")]),
    ("analyses_lexicon", [("do", "tab Lexicon")]),
    ("analyses_gates", [("do", "tab Gates")]),
    ("analyses_prices", [("do", "tab Prices")]),
    ("analyses_experiments", [("do", "tab Experiments")]),
    ("models", [("do", "models")]),
    ("seal", [("do", "close"), ("do", "seal")]),
    ("settings", [("do", "close"), ("do", "settings")]),
    ("review", [("do", "close"), ("key", "ctrl+4"), ("do", "wait review")]),
    ("answers_gold", [("do", "tab Answers"), ("do", "gold")]),
)
# at 1.5x the pages whose columns were cut there (issue #35 item 7) and the wide pages added after them
SHOTS_150 = ("workflow", "results", "agreement", "disagreements", "labeling_reveal", "models", "seal", "settings",
             "review", "answers_gold")
# the claims triaged before the app starts (claim level): the Review list shows each row's decision
TRIAGED = (("1", "retrieval_error"), ("5", "verification_error"), ("13", "wrong_gold"))


def populate(folder: Path) -> Path:
    """The demo's data, a BM25 run over 12 claims, verdicts on them imported as a verify run, and two
    raters' evidence labels on the same 16 pairs (every fourth one disagreeing), and alice's triage of
    three of the run's disagreements with the expert (TRIAGED)."""
    from factaudit.engine import services
    from factaudit.engine.audit import annotations as ann
    from factaudit.engine.project import runs as run_store

    summary = services.build_demo(folder / "demo", run_steps=False)
    project = services.open_project(summary.project)
    try:
        claims = [r[0] for r in services.page_rows(project, "claims", 0, 12, dataset="scifact-demo")]
        run = services.retrieve(project, services.RetrievalRequest("bm25", k=2, claim_ids=claims)).run_id
        hits = run_store.get_hits(project, run)
        verdicts = folder / "verdicts.jsonl"
        names = ("Supported", "Refuted", "No Evidence", "Supported")
        with open(verdicts, "w", encoding="utf-8") as fh:
            for n, c in enumerate(claims):
                passages = [h.passage_id for h in hits.get(c, [])]
                fh.write(json.dumps({"claim_id": c, "verdict": names[n % 4], "passages": passages,
                                     "reasoning": f"The first passage is read against the claim ({len(passages)} passages)."})
                         + "\n")
        verify_run = services.import_files(project, [verdicts], kind="verdicts").run_id
        pairs = [(c, h.passage_id) for c, hs in hits.items() for h in hs][:16]
        for n, (c, p) in enumerate(pairs):
            for who, code in (("alice", "exact"), ("bob", "exact" if n % 4 else "related")):
                ann.annotate(project, target="evidence", claim_id=c, passage_id=p, run_id=run,
                             dimension="entity_match", code=code, annotator=who)
        for claim, outcome in TRIAGED:
            services.set_triage(project, verify_run, claim, outcome, "alice", level="claim")
    finally:
        project.close()
    return Path(summary.project)


# ---- the app's side -----------------------------------------------------------------------------------
def child(project_path: str, commands: str, answers: str) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from factaudit.gui import i18n
    from factaudit.gui.app import start
    from factaudit.gui.collector import IdleCollector
    from factaudit.gui.ops import Op, pool
    from factaudit.gui.views.labeling_parts import set_annotator_name, set_project_annotator

    set_annotator_name("alice")
    # the language as a user sets it (File › Settings), so the Settings dialog shows it rather than "the
    # system's"; FACTAUDIT_LANG, which overrides it, stays set (this config folder is the run's own)
    i18n.set_language(os.environ.get("FACTAUDIT_LANG", ""))
    controller = start(project_path, remember_recent=False)
    app = QApplication.instance()
    collector = IdleCollector(app)  # noqa: F841 - as gui.app.run
    window = controller.windows[0]
    set_project_annotator(window.project, "alice")
    window.showMaximized()
    state = {"seen": 0, "dialog": None, "quiet": 0, "waiting": None, "until": lambda: True}

    def idle() -> bool:
        return not Op._running and not pool().activeThreadCount()

    def current_page():
        return window.pages.currentWidget()

    def run(cmd: str) -> None:
        verb, _, arg = cmd.partition(" ")
        if verb == "tab":
            current_page().show_tab(arg)
        elif verb == "models":
            state["dialog"] = window.show_models()
        elif verb == "seal":
            state["dialog"] = window.do_step("seal")
        elif verb == "settings":
            state["dialog"] = window.show_settings()
        elif verb == "gold":              # the Answers tab's own tabs: Answers, Gold options
            answers = current_page().widget("Answers")
            answers.tabs.setCurrentWidget(answers.gold)
            state["until"] = lambda: answers.gold.bundle is not None
        elif verb == "close" and state["dialog"] is not None:
            state["dialog"].close()
            state["dialog"] = None
        elif verb == "inner":             # Agreement's own tabs: Figures, Disagreements
            current_page().widget("Agreement").inner.setCurrentIndex(int(arg))
        elif verb == "focus":
            page = current_page()
            page.labeling.card.setFocus()
        elif verb == "wait" and arg == "results":
            view = current_page()
            state["until"] = lambda: (not view.loading and view.bundle is not None
                                      and not (view._op is not None and view._op.running))
        elif verb == "wait" and arg == "review":    # the whole list read and the first row's passages shown
            view = current_page().widget("Disagreements")
            state["until"] = lambda: (view.result is not None and view.result.complete and not view.loading
                                      and view.model.rowCount() > 0)

    def poll() -> None:
        if state["waiting"] is not None:
            # answered once reads are idle for 3 polls in a row (and the step's own condition holds)
            state["quiet"] = state["quiet"] + 1 if idle() and state["until"]() else 0
            if state["quiet"] >= 3:
                Path(answers).write_text(str(state["waiting"]))
                state["waiting"], state["until"] = None, lambda: True
            return
        lines = Path(commands).read_text().splitlines() if Path(commands).exists() else []
        if len(lines) > state["seen"]:
            n = len(lines)
            for cmd in lines[state["seen"]:]:
                if cmd.strip() and cmd != "settle":
                    run(cmd)
            state["seen"], state["waiting"], state["quiet"] = n, n, 0

    timer = QTimer()
    timer.setInterval(200)
    timer.timeout.connect(poll)
    timer.start()
    return app.exec()


# ---- the driver's side --------------------------------------------------------------------------------
class Session:
    def __init__(self, env: dict, project: Path, work: Path):
        self.env, self.commands, self.answers = env, work / "commands", work / "answers"
        self.commands.write_text("")
        self.n = 0
        self.proc = subprocess.Popen([sys.executable, __file__, "--child", str(project), str(self.commands),
                                      str(self.answers)], env=env)
        self.ask("settle", timeout=300)

    def ask(self, cmd: str, timeout: float = 300) -> None:
        with open(self.commands, "a", encoding="utf-8") as fh:
            fh.write(cmd + "\n")
        self.n += 1
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.answers.exists() and self.answers.read_text() == str(self.n):
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app ended ({self.proc.returncode})")
            time.sleep(0.2)
        raise TimeoutError(cmd)

    def key(self, keys: str) -> None:
        subprocess.run(["xdotool", "key", "--clearmodifiers", *keys.split()], env=self.env, check=True)
        self.ask("settle")

    def capture(self, path: Path) -> None:
        time.sleep(0.5)         # the last paint after the app said idle
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)
        subprocess.run(["pngquant", "--force", "--ext", ".png", "--quality", "60-90", str(path)], check=False)

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def x_server(display: int, w: int, h: int) -> list[subprocess.Popen]:
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    wm = subprocess.Popen(["openbox"], env={**os.environ, "DISPLAY": f":{display}"},
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    return [wm, xvfb]


def main(out: Path, only: list[str]) -> int:
    langs = [a for a in only if a in LANGS] or LANGS
    names = [a for a in only if a in dict(SHOTS)]     # capture only these (every step still runs)
    only = [a for a in only if a in SCREENS]
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="round3-shots-"))
    project = populate(tmp)
    failed = 0
    for screen, (w, h, scale, display) in SCREENS.items():
        if only and screen not in only:
            continue
        servers = x_server(display, w, h)
        try:
            for lang in langs:
                env = {**os.environ, "DISPLAY": f":{display}", "QT_QPA_PLATFORM": "xcb", "QT_SCALE_FACTOR": scale,
                       "FACTAUDIT_LANG": lang, "FACTAUDIT_CONFIG_DIR": str(tmp / f"config-{lang}-{screen}"),
                       "FACTAUDIT_DATA_DIR": str(tmp / "data")}
                work = tmp / f"{lang}-{screen}"
                work.mkdir()
                copy = work / "demo.faproj"
                shutil.copy2(project, copy)
                session = Session(env, copy, work)
                try:
                    for name, steps in SHOTS:
                        for kind, arg in steps:
                            session.key(arg) if kind == "key" else session.ask(arg)
                        if (scale == "1" or name in SHOTS_150) and (not names or name in names):
                            session.capture(out / f"{name}_{lang}_{screen}.png")
                except (RuntimeError, TimeoutError, subprocess.CalledProcessError) as exc:
                    failed += 1
                    print(f"{lang} {screen}: {exc!r}", file=sys.stderr)
                finally:
                    session.close()
        finally:
            for p in servers:
                p.terminate()
                p.wait(10)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        code = child(*sys.argv[2:5])
        os._exit(code)       # PySide6 may crash in the interpreter's last collection after a driven window
    sys.exit(main(Path(sys.argv[1]), sys.argv[2:]))
