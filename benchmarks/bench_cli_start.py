"""Cold start of the command line: `factaudit info PROJECT` and `factaudit status PROJECT` against the
bare interpreter (`python -c pass`), medians of N interleaved runs measured in the same session
(the machine is shared; the ratio is the figure to compare). Also which heavy libraries each command
loaded. Writes benchmarks/results/cli_start.json.

    .venv/bin/python benchmarks/bench_cli_start.py [--runs 7] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("torch", "llama_cpp", "PySide6", "sentence_transformers", "faiss", "onnxruntime", "scipy", "pandas",
         "statsmodels", "sklearn", "bm25s")
LOADED = ("import sys, runpy; sys.argv = ['factaudit', *sys.argv[1:]]\n"
          "try:\n    runpy.run_module('factaudit', run_name='__main__')\n"
          "except SystemExit:\n    pass\n"
          f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "cli_start.json")
    args = parser.parse_args()
    from factaudit.engine import services

    project = Path(tempfile.mkdtemp()) / "p.faproj"
    services.create_project(project).close()
    commands = {
        "python_pass": [sys.executable, "-c", "pass"],
        "info": [sys.executable, "-m", "factaudit", "info", str(project)],
        "status": [sys.executable, "-m", "factaudit", "status", str(project)],
    }
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(args.runs):                      # interleaved, so load drifts hit every command alike
        for name, cmd in commands.items():
            started = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - started)
    med = {k: statistics.median(v) for k, v in times.items()}
    loaded = {}
    for name in ("info", "status"):
        out = subprocess.run([sys.executable, "-c", LOADED, name, str(project)], capture_output=True, text=True)
        line = [x for x in out.stdout.splitlines() if x.startswith("LOADED")]
        loaded[name] = line[-1].removeprefix("LOADED ") if line else out.stderr[-300:]
    result = {
        "runs": args.runs,
        "median_s": {k: round(v, 3) for k, v in med.items()},
        "ratio_to_bare_python": {k: round(med[k] / med["python_pass"], 1) for k in ("info", "status")},
        "heavy_libraries_loaded": loaded,
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "load_average_1m": round(__import__("os").getloadavg()[0], 2)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
