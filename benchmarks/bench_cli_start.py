"""Cold start of the command line against the bare interpreter (`python -c pass`): `factaudit --version`,
`factaudit info PROJECT` and `factaudit status PROJECT`, N interleaved runs of each measured in the same
session (the machine is shared: the ratio to bare Python is the figure to compare). Targets (issue #22
item 1): `--version` ≤ 3×, `info` and `status` ≤ 5× bare Python. Also which heavy libraries each command
loaded (tests/engine/test_cli_imports.py asserts the same without timing). Writes
benchmarks/results/cli_start.json.

The project is a fresh empty one: what is measured is the start-up, not the work on a large file.

    .venv/bin/python benchmarks/bench_cli_start.py [--runs 15] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "scipy", "torch", "onnxruntime", "llama_cpp", "bm25s", "faiss", "PySide6", "sqlite_utils.cli",
         "matplotlib", "sentence_transformers", "pandas", "statsmodels", "sklearn", "sqlite_utils")
TARGETS = {"version": 3.0, "info": 5.0, "status": 5.0}
LOADED = ("import sys, runpy; sys.argv = ['factaudit', *sys.argv[1:]]\n"
          "try:\n    runpy.run_module('factaudit', run_name='__main__')\n"
          "except SystemExit:\n    pass\n"
          f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "cli_start.json")
    args = parser.parse_args()
    project = Path(tempfile.mkdtemp()) / "p.faproj"
    subprocess.run([sys.executable, "-m", "factaudit", "new", str(project)], check=True, stdout=subprocess.DEVNULL)
    commands = {
        "python_pass": [sys.executable, "-c", "pass"],
        "version": [sys.executable, "-m", "factaudit", "--version"],
        "info": [sys.executable, "-m", "factaudit", "info", str(project)],
        "status": [sys.executable, "-m", "factaudit", "status", str(project)],
    }
    for cmd in commands.values():                   # warm the file cache and the .pyc files once
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(args.runs):                      # interleaved, so load drifts hit every command alike
        for name, cmd in commands.items():
            started = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - started)
    med = {k: statistics.median(v) for k, v in times.items()}
    low = {k: min(v) for k, v in times.items()}
    loaded = {}
    for name, argv in (("version", ["--version"]), ("info", ["info", str(project)]),
                       ("status", ["status", str(project)])):
        out = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True)
        line = [x for x in out.stdout.splitlines() if x.startswith("LOADED")]
        loaded[name] = json.loads(line[-1].removeprefix("LOADED ").replace("'", '"')) if line else out.stderr[-300:]
    ratio = {k: round(med[k] / med["python_pass"], 2) for k in TARGETS}
    result = {
        "runs": args.runs,
        "median_s": {k: round(v, 4) for k, v in med.items()},
        "min_s": {k: round(v, 4) for k, v in low.items()},
        "ratio_to_bare_python": ratio,
        "ratio_of_minima": {k: round(low[k] / low["python_pass"], 2) for k in TARGETS},
        "target_ratio": TARGETS,
        "target_met": {k: ratio[k] <= TARGETS[k] for k in TARGETS},
        "heavy_libraries_loaded": loaded,
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
