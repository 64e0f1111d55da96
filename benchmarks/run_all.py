"""`make bench`: run every benchmark with settings that finish in minutes on 2 cores.

Each writes its own JSON to benchmarks/results/. The long variants (1,000,000-passage BM25, the
50-question CARE sample) are run by calling the scripts directly with their flags.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUICK = [
    ["bench_bootstrap.py"],
    ["bench_retrieval.py", "--scale", "100000", "--dense-passages", "500"],
    ["bench_verify.py", "--claims", "3"],
    ["bench_startup.py", "--runs", "5"],
]


def main() -> int:
    failed = []
    for args in QUICK:
        print(f"== {' '.join(args)}", flush=True)
        if subprocess.run([sys.executable, str(HERE / args[0]), *args[1:]]).returncode != 0:
            failed.append(args[0])
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
