"""The one JSON writer: undefined figures (NaN, ±inf) become null, never the `NaN` token strict
parsers reject, and the `--json` output of a command goes through it."""
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from factaudit.engine import jsonsafe
from factaudit.engine.cli.common import emit_json


def _strict_loads(text: str):
    def refuse(token):
        raise ValueError(f"non-standard JSON token {token}")
    return json.loads(text, parse_constant=refuse)


@dataclass
class Figure:
    name: str
    value: float


def test_non_finite_floats_become_null_at_any_depth():
    value = {"p": float("nan"), "r": [1.5, float("inf"), (float("-inf"), 2)], 3: {"f1": np.float64("nan")},
             "fig": Figure("kappa", math.nan), "arr": np.array([0.5, np.nan]), "n": np.int64(4),
             "path": Path("a/b"), "flags": {True}}
    out = _strict_loads(jsonsafe.dumps(value))
    assert out == {"p": None, "r": [1.5, None, [None, 2]], "3": {"f1": None},
                   "fig": {"name": "kappa", "value": None}, "arr": [0.5, None], "n": 4,
                   "path": "a/b", "flags": [True]}
    # The standard library alone would have written the bare token.
    assert "NaN" in json.dumps({"p": float("nan")})


def test_emit_json_prints_null_for_undefined_figures(capsys):
    emit_json({"precision": float("nan"), "recall": 0.25})
    assert _strict_loads(capsys.readouterr().out) == {"precision": None, "recall": 0.25}


def test_metrics_json_of_a_run_with_undefined_figures_is_strict_json(project, tmp_path):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli
    from factaudit.engine.services import import_files

    (tmp_path / "claims.jsonl").write_text("".join(
        json.dumps({"id": f"c{i}", "claim": f"claim {i}", "label": lab}) + "\n"
        for i, lab in enumerate(["Supported", "Refuted", "Supported"])))
    import_files(project, [tmp_path / "claims.jsonl"], kind="claims", dataset="d")
    (tmp_path / "v.jsonl").write_text("".join(
        json.dumps({"claim_id": f"c{i}", "verdict": "Supported"}) + "\n" for i in range(3)))
    run = import_files(project, [tmp_path / "v.jsonl"], kind="verdicts").run_id
    path = project.path
    project.close()
    res = CliRunner().invoke(cli, ["metrics", str(path), "--run", run, "--json"])
    assert res.exit_code == 0, res.output
    out = _strict_loads(res.output)                 # strict: a bare NaN token would raise here
    # No claim belongs to an answer sentence, so the open-regime figures are undefined: null.
    assert out["sentence"]["R"]["n"] == 0
    assert (out["sentence"]["R"]["precision"], out["sentence"]["R"]["f1"]) == (None, None)
    with pytest.raises(ValueError):
        _strict_loads('{"p": NaN}')
