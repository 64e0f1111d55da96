"""Cold start of the command line against the bare interpreter (`python -c pass`): `factaudit --version`,
`factaudit info PROJECT` and `factaudit status PROJECT`, N interleaved runs of each measured in the same
session (the machine is shared: the ratio to bare Python is the figure to compare). Targets (issue #22
item 1): `--version` ≤ 3×, `info` and `status` ≤ 5× bare Python. Also which heavy libraries each command
loaded (tests/engine/test_cli_imports.py asserts the same without timing), the CPU seconds of each run
(user + system: the wall clock of a 50 ms command stretches with the machine's load, its CPU time
much less), and for a missed target by how much and which top-level imports cost most. Writes
benchmarks/results/cli_start.json.

The project is a fresh empty one: what is measured is the start-up, not the work on a large file.

    .venv/bin/python benchmarks/bench_cli_start.py [--runs 15] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
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


# The children run as a user's interpreter does: with bytecode caching on. Python writes the .pyc files
# on the first run by default, pip compiles them at install and the bundle ships them; a shell that
# exports PYTHONDONTWRITEBYTECODE (this machine's does) would make every run recompile factaudit's
# sources while `python -c pass` reads the standard library's ready .pyc files: start-up measured
# against a handicap no installed copy has. The warm-up run writes them (git-ignored __pycache__).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def largest_imports(argv: list[str], n: int = 8) -> dict[str, float]:
    """The top-level imports that cost most (cumulative ms, `python -X importtime`), for the note on a
    missed target: what is left on the start path."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "factaudit", *argv], capture_output=True,
                         text=True, env=CHILD_ENV)
    costs = {}
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if name.startswith(" ") and not name.startswith("  ") and cumulative.strip().isdigit():
            costs[name.strip()] = int(cumulative) / 1000
    return dict(sorted(costs.items(), key=lambda kv: -kv[1])[:n])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "cli_start.json")
    args = parser.parse_args()
    project = Path(tempfile.mkdtemp()) / "p.faproj"
    subprocess.run([sys.executable, "-m", "factaudit", "new", str(project)], check=True, stdout=subprocess.DEVNULL,
                   env=CHILD_ENV)
    commands = {
        "python_pass": [sys.executable, "-c", "pass"],
        "version": [sys.executable, "-m", "factaudit", "--version"],
        "info": [sys.executable, "-m", "factaudit", "info", str(project)],
        "status": [sys.executable, "-m", "factaudit", "status", str(project)],
    }
    for cmd in commands.values():                   # warm the file cache and the .pyc files once
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV)
    times: dict[str, list[float]] = {k: [] for k in commands}
    cpu: dict[str, list[float]] = {k: [] for k in commands}   # user + system seconds of the child
    for _ in range(args.runs):                      # interleaved, so load drifts hit every command alike
        for name, cmd in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV)
            times[name].append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    med = {k: statistics.median(v) for k, v in times.items()}
    med_cpu = {k: statistics.median(v) for k, v in cpu.items()}
    low = {k: min(v) for k, v in times.items()}
    loaded = {}
    for name, argv in (("version", ["--version"]), ("info", ["info", str(project)]),
                       ("status", ["status", str(project)])):
        out = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, env=CHILD_ENV)
        line = [x for x in out.stdout.splitlines() if x.startswith("LOADED")]
        loaded[name] = json.loads(line[-1].removeprefix("LOADED ").replace("'", '"')) if line else out.stderr[-300:]
    ratio = {k: round(med[k] / med["python_pass"], 2) for k in TARGETS}
    argvs = {"version": ["--version"], "info": ["info", str(project)], "status": ["status", str(project)]}
    missed = {k: round(ratio[k] - TARGETS[k], 2) for k in TARGETS if ratio[k] > TARGETS[k]}
    costs = {k: largest_imports(argvs[k]) for k in missed}
    result = {
        "runs": args.runs,
        "bytecode_cache": "on, as in an installed copy (PYTHONDONTWRITEBYTECODE removed from the children's "
                          "environment; the warm-up run writes the .pyc files)",
        "median_s": {k: round(v, 4) for k, v in med.items()},
        "min_s": {k: round(v, 4) for k, v in low.items()},
        "ratio_to_bare_python": ratio,
        "ratio_of_minima": {k: round(low[k] / low["python_pass"], 2) for k in TARGETS},
        # CPU time is what load changes least (a shared machine stretches the wall clock of short runs)
        "median_cpu_s": {k: round(v, 4) for k, v in med_cpu.items()},
        "cpu_ratio_to_bare_python": {k: round(med_cpu[k] / med_cpu["python_pass"], 2) for k in TARGETS},
        "target_ratio": TARGETS,
        "target_met": {k: ratio[k] <= TARGETS[k] for k in TARGETS},
        "heavy_libraries_loaded": loaded,
        "missed_by": missed,
        "largest_imports_ms": costs,
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
