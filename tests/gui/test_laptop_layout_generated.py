"""The laptop layout walk (laptop_layout_check.py) on a generated claims-only project as well as the demo:
claims with four-way gold labels, a TREC retrieval run and imported verdicts, made by the generator of
the 100,000-claim benchmark (benchmarks/scale_project.py) at a size a test can afford. Such a project
shows the closed-regime pages (claim-level results, a claim-level Review list) the demo walk does not
reach with its answer claims. The same walk on 100,000 claims is benchmarks/laptop_layout_scale.py, run
by hand (minutes), its result in benchmarks/results/laptop_layout_scale.json."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = Path(__file__).with_name("laptop_layout_check.py")
SCREENS = {"1366x768": (1366, 768, "1"), "1920x1080@150%": (1920, 1080, "1.5")}
CLAIMS = 300


@pytest.fixture(scope="module")
def generated_project(tmp_path_factory) -> Path:
    spec = importlib.util.spec_from_file_location("scale_project", ROOT / "benchmarks" / "scale_project.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = tmp_path_factory.mktemp("generated") / "claims.faproj"
    module.make_project(path, CLAIMS, log=lambda *_a: None)
    return path


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_claims_only_project_fits_the_laptop_screen(generated_project, tmp_path, screen):
    import shutil

    width, height, scale = SCREENS[screen]
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": scale,
           "QT_ENABLE_HIGHDPI_SCALING": "1"}
    work = tmp_path / "work.faproj"        # the walk commits a label: each screen starts from the same file
    shutil.copy2(generated_project, work)
    out = tmp_path / "result.json"
    proc = subprocess.run([sys.executable, str(CHECKER), str(work), str(out)], env=env, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0 and out.exists(), proc.stderr[-4000:]
    result = json.loads(out.read_text())
    logical = (round(width / float(scale)), round(height / float(scale)))
    assert abs(result["screen"][0] - logical[0]) <= 2 and abs(result["screen"][1] - logical[1]) <= 2, result
    assert result["window"][0] <= logical[0] and result["window"][1] <= logical[1], result
    assert result["window_after"] == result["window"], "the window grew while its pages were shown"
    assert not result["problems"], "\n".join(result["problems"])
