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


def test_a_prompt_axis_on_a_saved_endpoint_runs_and_is_found_again(project, tmp_path, monkeypatch):
    """Two prompts × a saved OpenAI-compatible endpoint (a fake on 127.0.0.1 whose verdict is a function of
    the claim): each cell's accuracy is the hand count of that function, and a second run of the grid
    finds every cell (the runs pin the endpoint's URL and model, not the name it was saved under)."""
    from importlib import resources

    from test_verify_endpoint import API_KEY, FakeServer, expected_verdict  # noqa: I001

    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    server = FakeServer()
    try:
        claims = [f"{a} causes {b}." for a, b in (("aspirin", "bleeding"), ("statin", "pain"), ("insulin", "lows"),
                                                  ("digoxin", "nausea"))]
        import_files(project, [_jsonl(tmp_path / "c.jsonl", [{"id": f"p{n}", "text": c} for n, c in enumerate(claims)])],
                     kind="corpus", dataset="C")
        import_files(project, [_jsonl(tmp_path / "dev.jsonl", [{"id": f"q{n}", "claim": c, "label": "Supported"}
                                                               for n, c in enumerate(claims)])],
                     kind="claims", split="dev", dataset="dev")
        services.add_endpoint("fake", server.url, "fake-model")
        joint = resources.files("factaudit.resources").joinpath("prompts", "verify_joint.txt").read_text(encoding="utf-8")
        services.add_prompt(project, "sceptic", joint.replace("careful", "sceptical"), base="verify_joint")
        spec = services.GridSpec(ks=[1], verifiers=["fake"], prompts=[None, "sceptic"])
        res = services.run_grid(project, spec, "dev", n_permutations=100)
        right = sum(expected_verdict(c) == "Supported" for c in claims)
        assert [(c["prompt"], c["correct"], c["n"]) for c in res.cells] == [(None, right, 4), ("sceptic", right, 4)]
        pins = [run_store.get_run(project, c["runs"][-1]).config["prompt"] for c in res.cells]
        assert "text" not in pins[0] and pins[1]["name"] == "sceptic"
        systems = {r["messages"][0]["content"] for r in server.requests}
        assert any("sceptical" in s for s in systems) and any("sceptical" not in s for s in systems)
        assert services.grid_done(project, spec, "dev") == [c["runs"] for c in res.cells]
        asked, runs = len(server.requests), len(run_store.list_runs(project))
        again = services.run_grid(project, spec, "dev", n_permutations=100)
        assert [c["runs"] for c in again.cells] == [c["runs"] for c in res.cells]
        assert len(server.requests) == asked and len(run_store.list_runs(project)) == runs
    finally:
        server.close()
