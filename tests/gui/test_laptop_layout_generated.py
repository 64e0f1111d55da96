"""The laptop layout walk (laptop_layout_check.py) on a generated claims-only project as well as the demo:
claims with four-way gold labels, a TREC retrieval run and imported verdicts, made by the generator of
the 100,000-claim benchmark (benchmarks/scale_project.py) at a size a test can afford. Such a project
shows the closed-regime pages (claim-level results, a claim-level Review list) the demo walk does not
reach with its answer claims. The same walk on 100,000 claims is benchmarks/laptop_layout_scale.py, run
by hand (minutes), its result in benchmarks/results/laptop_layout_scale.json."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from laptop_walk import SCREENS, run_walk  # same folder; pytest puts it on sys.path

ROOT = Path(__file__).resolve().parents[2]
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
    width, height, scale = SCREENS[screen]
    proc, result = run_walk(generated_project, tmp_path, width, height, scale)
    assert proc.returncode == 0 and result is not None, proc.stderr[-4000:]
    logical = (round(width / float(scale)), round(height / float(scale)))
    assert abs(result["screen"][0] - logical[0]) <= 2 and abs(result["screen"][1] - logical[1]) <= 2, result
    assert result["window"][0] <= logical[0] and result["window"][1] <= logical[1], result
    assert result["window_after"] == result["window"], "the window grew while its pages were shown"
    assert not result["problems"], "\n".join(result["problems"])
