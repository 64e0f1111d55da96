"""benchmarks/bench_pipeline.py's measuring: a stage's CPU seconds and peak RSS come from os.wait4 on
that process alone, checked against what the child itself reports through getrusage(RUSAGE_SELF);
the per-1,000-claim arithmetic and the linear projection; and the script's --help (no stage runs)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))
import bench_pipeline  # noqa: E402

CHILD = """
import json, resource
block = bytearray(160 * 1024 * 1024)        # touched: counts in the peak RSS
for i in range(0, len(block), 4096):
    block[i] = 1
total = sum(i * i for i in range(2_000_000))  # some CPU
ru = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"cpu": ru.ru_utime + ru.ru_stime, "rss_mib": ru.ru_maxrss / 1024}))
"""


def test_wait4_figures_are_the_childs_own():
    info, cpu, rss, _ = bench_pipeline.measured([sys.executable, "-c", CHILD], dict(os.environ))
    assert rss >= 160
    # the child's own figures are taken just before it exits: the parent's may only add its exit
    assert rss == pytest.approx(info["rss_mib"], abs=8)
    assert cpu >= info["cpu"] - 0.01
    assert cpu == pytest.approx(info["cpu"], abs=0.25)


def test_failing_stage_stops_the_benchmark():
    with pytest.raises(SystemExit, match="boom"):
        bench_pipeline.measured([sys.executable, "-c", "raise SystemExit('boom')"], dict(os.environ))


def test_per_claim_and_projection():
    class B:
        rows = {"verify": {"cpu_s": 12.5}}

    row = bench_pipeline.per_claim(B, "verify", 200, start=0.5, projected_to=10_000)
    assert row["beyond_start_up_cpu_s"] == 12.0
    assert row["cpu_s_per_1000_claims"] == 60.0
    assert row["projected"]["cpu_s"] == 600.0


def test_dense_split_by_index_share():
    row = {"cpu_s": 11.0, "service_wall_s": 40.0, "index_wall_s": 30.0, "n_passages": 300, "n_claims": 50}
    per_passage, per_claim = bench_pipeline.dense_split(row, start=1.0)
    assert per_passage == pytest.approx(10.0 * 0.75 / 300)
    assert per_claim == pytest.approx(10.0 * 0.25 / 50)


def test_help_lists_the_sizes():
    out = subprocess.run([sys.executable, str(BENCH / "bench_pipeline.py"), "--help"], capture_output=True,
                         text=True, check=True).stdout
    for option in ("--claims", "--slice", "--llm-claims", "--dense", "--work"):
        assert option in out
