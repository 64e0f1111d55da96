"""Runs the laptop layout walk (laptop_layout_check.py) in a child process on a simulated screen; the
screen and the scale are fixed when a QApplication starts, hence one process per screen. Shared by the
layout tests and benchmarks/laptop_layout_scale.py."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

CHECKER = Path(__file__).with_name("laptop_layout_check.py")
SCREENS = {  # name -> (screen width, height in device pixels, QT_SCALE_FACTOR)
    "1366x768": (1366, 768, "1"),
    "1920x1080@150%": (1920, 1080, "1.5"),
}


def run_walk(project: Path, tmp: Path, width: int, height: int, scale: str, shots: Path | None = None,
             suffix: str = "", timeout: float = 900) -> tuple[subprocess.CompletedProcess, dict | None]:
    """The child's outcome and the walk's result (None when it wrote none). The walk labels a unit, so
    it runs on a copy: each screen starts from the same file."""
    config = tmp / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": scale,
           "QT_ENABLE_HIGHDPI_SCALING": "1"}
    if os.environ.get("FACTAUDIT_LAPTOP_PLATFORM"):     # e.g. xcb under Xvfb, for the docs' screenshots
        env["QT_QPA_PLATFORM"] = os.environ["FACTAUDIT_LAPTOP_PLATFORM"]
    work = tmp / "work.faproj"
    shutil.copy2(project, work)
    out = tmp / "result.json"
    args = [sys.executable, str(CHECKER), str(work), str(out)]
    if shots is not None:
        args += ["--shots", str(shots), "--suffix", suffix]
    proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout)
    return proc, (json.loads(out.read_text()) if out.exists() else None)
