"""Cold start to the first window (median of N runs, from the command line) for the source install
and, when built, the PyInstaller bundle in dist/factaudit; plus the bundle's size and its largest
folders. Writes benchmarks/results/startup.json.

    .venv/bin/python benchmarks/bench_startup.py [--runs 5]
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
RESULTS = ROOT / "benchmarks" / "results" / "startup.json"


def time_command(cmd: list[str], runs: int) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds.append(time.perf_counter() - started)
    return {"median_s": round(statistics.median(seconds), 3), "runs_s": [round(s, 3) for s in seconds]}


def folder_sizes(root: Path, top: int = 10) -> tuple[int, list[dict]]:
    sizes: dict[str, int] = {}
    total = 0
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            size = path.stat().st_size
            total += size
            rel = path.relative_to(root).parts
            key = "/".join(rel[:2]) if len(rel) > 2 else rel[0]
            sizes[key] = sizes.get(key, 0) + size
    ranked = sorted(sizes.items(), key=lambda kv: -kv[1])[:top]
    return total, [{"folder": k, "mb": round(v / 2**20, 1)} for k, v in ranked]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "start.faproj"
        subprocess.run([str(ROOT / ".venv" / "bin" / "factaudit"), "new", str(project)], check=True,
                       stdout=subprocess.DEVNULL)
        result: dict = {"machine": {"platform": platform.platform(), "python": sys.version.split()[0],
                                    "cpus": os.cpu_count()}, "runs": args.runs}
        source = [str(ROOT / ".venv" / "bin" / "factaudit"), "gui", str(project), "--quit-when-shown"]
        result["source_first_window"] = time_command(source, args.runs)
        bundle = ROOT / "dist" / "factaudit" / "factaudit"
        if bundle.exists():
            result["bundle_first_window"] = time_command([str(bundle), "gui", str(project), "--quit-when-shown"],
                                                         args.runs)
            result["bundle_vs_source"] = round(result["bundle_first_window"]["median_s"]
                                               / result["source_first_window"]["median_s"], 2)
            total, top = folder_sizes(bundle.parent)
            result["bundle_size_mb"] = round(total / 2**20, 1)
            result["bundle_top_folders"] = top
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
