"""What each run cost (issue #34 item 5): CPU and wall seconds kept per session and summed over a resume,
a local run labelled local with its CPU time, an endpoint run's money from its price and its stored token
counts (checked against a hand computation), and the `cost` command."""
from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from factaudit.engine import jobs, services
from factaudit.engine.cli import cli
from factaudit.engine.errors import JobCancelled, RunCancelled
from factaudit.engine.models import registry
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord


def _burn(seconds: float) -> float:
    """Busy CPU for about `seconds` of process time; returns the process time it measured."""
    start = time.process_time()
    x = 0
    while time.process_time() - start < seconds:
        x += sum(i * i for i in range(2000))
    return time.process_time() - start


def test_sessions_add_up_over_a_resume_and_a_local_run_says_local(project):
    run = run_store.create_run(project, "retrieve", {"retriever": "bm25"})
    burnt = []
    with pytest.raises(RunCancelled):
        with jobs.RunLifecycle(project, run, noun="claims"):
            burnt.append(_burn(0.05))
            raise JobCancelled("stop")
    run_store.reopen_run(project, run)
    with jobs.RunLifecycle(project, run, noun="claims"):
        burnt.append(_burn(0.05))
    sessions = run_store.get_run(project, run).summary["sessions"]
    assert len(sessions) == 2
    for s, b in zip(sessions, burnt):    # each session's CPU covers at least what the test burnt in it
        assert s["cpu_s"] >= round(b, 3) - 0.001
    cost = services.run_cost(project, run)
    assert cost.where == "local" and cost.n_sessions == 2 and cost.cost is None and cost.cost_note is None
    assert cost.cpu_s == pytest.approx(sessions[0]["cpu_s"] + sessions[1]["cpu_s"], abs=1e-6)
    assert cost.wall_s == pytest.approx(sessions[0]["wall_s"] + sessions[1]["wall_s"], abs=1e-6)
    assert cost.label.startswith("local, CPU ") and "unknown" not in cost.label


def _endpoint_run(project, tokens: list[tuple[int | None, int | None]]) -> str:
    claims = [r[0] for r in project.reader().execute("SELECT id FROM claims ORDER BY id LIMIT ?", (len(tokens),))]
    run = run_store.create_run(project, "verify", {"model": {"source": "endpoint", "endpoint": "http://127.0.0.1:9/v1",
                                                             "model_name": "tiny"}})
    with jobs.RunLifecycle(project, run, noun="claims"):
        for cid, (tin, tout) in zip(claims, tokens):
            run_store.add_verdict(project, run, VerdictRecord(cid, "Supported", prompt_tokens=tin,
                                                              completion_tokens=tout, latency_ms=12.0))
    return run


def test_an_endpoint_run_costs_its_tokens_at_its_price(demo_project):
    tokens = [(1200, 80), (950, 64), (1810, 91)]
    run = _endpoint_run(demo_project, tokens)
    assert services.run_cost(demo_project, run).cost_note.startswith("unknown: no price set")
    registry.add_endpoint("tiny-server", "http://127.0.0.1:9/v1", "tiny")
    services.set_price("tiny-server", 2.5, 10.0)
    cost = services.run_cost(demo_project, run)
    by_hand = (1200 + 950 + 1810) * 2.5 / 1e6 + (80 + 64 + 91) * 10.0 / 1e6
    assert cost.where == "endpoint" and cost.endpoint == "tiny-server" and cost.n_calls == 3
    assert (cost.tokens_in, cost.tokens_out) == (3960, 235)
    assert cost.cost == pytest.approx(by_hand, rel=1e-12)
    assert cost.per_correct(2)["cost"] == pytest.approx(by_hand / 2, rel=1e-12)
    assert cost.per_correct(0) == {"cost": None, "cpu_s": None}
    # one call without its counts: no money figure, and the reason
    gap = _endpoint_run(demo_project, [(100, 10), (None, None)])
    assert services.run_cost(demo_project, gap).cost is None
    assert "1 of 2 calls report no token counts" in services.run_cost(demo_project, gap).cost_note


def test_cost_command_lists_every_run(demo_project):
    run = _endpoint_run(demo_project, [(10, 2)])
    path = str(demo_project.path)
    demo_project.close()
    res = CliRunner().invoke(cli, ["cost", path, "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["run_id"]: r for r in json.loads(res.output)}
    assert rows[run]["tokens_in"] == 10 and rows[run]["where"] == "endpoint" and rows[run]["n_sessions"] == 1
    res = CliRunner().invoke(cli, ["cost", path, "--run", run])
    assert res.exit_code == 0 and run in res.output and "unknown: no price set" in res.output


def _gold(project, claim_ids):
    q = f"SELECT id, gold_label FROM claims WHERE id IN ({','.join('?' * len(claim_ids))})"
    return dict(project.reader().execute(q, list(claim_ids)).fetchall())


def test_metrics_give_the_cost_per_correct_verdict_and_a_local_run_says_local(demo_project):
    registry.add_endpoint("tiny-server", "http://127.0.0.1:9/v1", "tiny")
    services.set_price("tiny-server", 1.0, 4.0)
    claims = [r[0] for r in demo_project.reader().execute(
        "SELECT id FROM claims WHERE gold_label IS NOT NULL ORDER BY id LIMIT 6")]
    gold = _gold(demo_project, claims)
    said = {c: ("Supported" if i % 2 else gold[c]) for i, c in enumerate(claims)}
    runs = {}
    for where, pin in (("endpoint", {"source": "endpoint", "endpoint": "http://127.0.0.1:9/v1", "model_name": "tiny"}),
                       ("local", {"source": "embedded", "name": "smollm2-135m"})):
        run = run_store.create_run(demo_project, "verify", {"model": pin})
        with jobs.RunLifecycle(demo_project, run, noun="claims"):
            for c in claims:
                run_store.add_verdict(demo_project, run, VerdictRecord(
                    c, said[c], prompt_tokens=500 if where == "endpoint" else None,
                    completion_tokens=50 if where == "endpoint" else None, latency_ms=20.0))
        runs[where] = run
    n_correct = sum(said[c] == gold[c] for c in claims)       # by hand, from the stored gold labels
    assert 3 <= n_correct < 6
    figures = services.score_run(demo_project, runs["endpoint"], n_resamples=50)
    money = 6 * 500 * 1.0 / 1e6 + 6 * 50 * 4.0 / 1e6
    assert figures["cost"]["n_correct"] == n_correct
    assert figures["cost"]["per_correct"]["cost"] == pytest.approx(money / n_correct, rel=1e-12)
    local = services.score_run(demo_project, runs["local"], n_resamples=50)["cost"]
    assert local["where"] == "local" and local["cost"] is None and local["label"].startswith("local, CPU")
    assert local["per_correct"]["cpu_s"] == pytest.approx(local["cpu_s"] / n_correct)
    path = str(demo_project.path)
    demo_project.close()
    res = CliRunner().invoke(cli, ["metrics", path, "--run", runs["local"], "--resamples", "100"])
    assert res.exit_code == 0, res.output
    assert "cost local, CPU" in res.output and "no price set" not in res.output


def test_compare_has_a_cost_column(demo_project):
    from factaudit.engine.services.decomposition import DecomposeRequest

    services.decompose(demo_project, DecomposeRequest(method="sentence", limit=2))   # answers' sentences as claims
    claims = [r[0] for r in demo_project.reader().execute(
        "SELECT id FROM claims WHERE sentence_id IS NOT NULL ORDER BY id LIMIT 6")]
    assert claims
    runs = []
    for verdict in ("Supported", "Refuted"):
        run = run_store.create_run(demo_project, "verify", {"model": {"source": "embedded", "name": "minilm-verifier"}})
        with jobs.RunLifecycle(demo_project, run, noun="claims"):
            for c in claims:
                run_store.add_verdict(demo_project, run, VerdictRecord(c, verdict, latency_ms=5.0))
        runs.append(run)
    expected = {r: services.run_cost(demo_project, r).to_json() for r in runs}
    path = str(demo_project.path)
    demo_project.close()
    res = CliRunner().invoke(cli, ["compare", path, "--runs", ",".join(runs), "--resamples", "100", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["cost"] == expected
    res = CliRunner().invoke(cli, ["compare", path, "--runs", ",".join(runs), "--resamples", "100"])
    assert res.exit_code == 0 and res.output.count("cost local, CPU") == 2
