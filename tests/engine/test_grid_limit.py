"""The grid's claim limit and grid_done (issue #34 item 6): a grid over the split's first N claims makes its
runs over exactly those claims, and grid_done reads back each cell's finished runs (None before)."""
from __future__ import annotations

import json
from pathlib import Path

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_limited_grid_runs_over_the_first_claims_and_grid_done_finds_it(project, tmp_path):
    topics = ["aspirin bleeding", "statin muscle", "metformin acidosis", "warfarin vitamin", "insulin hypoglycemia"]
    import_files(project, [_jsonl(tmp_path / "c.jsonl", [{"id": f"p{n}", "text": f"{t.split()[0]} causes {t.split()[1]}."}
                                                          for n, t in enumerate(topics)])], kind="corpus", dataset="C")
    import_files(project, [_jsonl(tmp_path / "dev.jsonl", [{"id": f"q{n}", "claim": f"{t.split()[0]} causes {t.split()[1]}.",
                                                            "label": "Supported"} for n, t in enumerate(topics)])],
                 kind="claims", split="dev", dataset="dev")
    spec = services.GridSpec(ks=[1], limit=3)
    assert services.grid_done(project, spec, "dev") == [None]
    res = services.run_grid(project, spec, "dev", n_permutations=100)
    assert res.n_claims == 3 and res.cells[0]["n"] == 3
    retrieve_run, verify_run = res.cells[0]["runs"]
    assert run_store.get_run(project, retrieve_run).config["claim_ids"] == ["q0", "q1", "q2"]
    assert sorted(run_store.get_verdicts(project, verify_run)) == ["q0", "q1", "q2"]
    assert services.grid_done(project, spec, "dev") == [[retrieve_run, verify_run]]
    # the whole split is another grid: nothing of it is done
    assert services.grid_done(project, services.GridSpec(ks=[1]), "dev") == [None]
