"""The laptop layout walk (tests/gui/laptop_layout_check.py) on a 100,000-claim project: every page, tab
and dialog of the project window at 1366×768 (100 %) and at 1920×1080 with QT_SCALE_FACTOR=1.5, with
the project benchmarks/scale_project.py makes (issue #23 item 1 asks for the demo and a 100k project;
the test suite walks the demo, this script the big project, by hand, since it takes minutes):

    .venv/bin/python benchmarks/laptop_layout_scale.py --out benchmarks/results/laptop_layout_scale.json \\
        [--claims 100000] [--project /tmp/scale.faproj] [--shots FOLDER]

It records per screen the problems the walk found (none is the pass), the window size before and after
and the wall time of the walk. Screens are simulated by the offscreen platform's config file, as in
tests/gui/test_laptop_layout.py.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "gui"))
import laptop_walk  # noqa: E402  (the tests' walk runner: the same screens and child process)
SCREENS = laptop_walk.SCREENS


def walk(project: Path, tmp: Path, width: int, height: int, scale: str, shots: Path | None, suffix: str) -> dict:
    started = time.perf_counter()
    proc, result = laptop_walk.run_walk(project, tmp, width, height, scale, shots, suffix, timeout=3600)
    took = round(time.perf_counter() - started, 1)
    if proc.returncode != 0 or result is None:
        return {"error": proc.stderr[-3000:], "walk_s": took}
    result["walk_s"] = took
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=100_000)
    ap.add_argument("--project", type=Path, help="reuse (or create) the project at this path")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--shots", type=Path, help="save the walk's screenshots here")
    args = ap.parse_args()
    sys.path.insert(0, str(HERE))
    from scale_project import make_project

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        path = args.project or tmp / f"scale-{args.claims}.faproj"
        if not path.exists():
            make_project(path, args.claims)
        result: dict = {"claims": args.claims, "screens": {}}
        for name, (width, height, scale) in SCREENS.items():
            print(f"walking at {name}…", flush=True)
            suffix = "" if scale == "1" else "_150"
            result["screens"][name] = walk(path, tmp, width, height, scale, args.shots, suffix)
            r = result["screens"][name]
            print(f"  {len(r.get('problems', []))} problems, {r['walk_s']} s", flush=True)
        result["passed"] = all(not r.get("error") and not r.get("problems") for r in result["screens"].values())
        result["machine"] = {"platform": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count(),
                             "load_average_1m": round(os.getloadavg()[0], 2)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0 if result["passed"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
