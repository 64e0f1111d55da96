"""Issue #34's "Done when" for the grid, on a small fixture project: 2 retrievers (BM25, dense MiniLM) ×
2 prompts (the shipped template, a project one) × 2 corpora (A, A+B), verified by a saved
OpenAI-compatible endpoint (a fake on 127.0.0.1 whose verdict is a function of the prompt and the
evidence it is sent). `factaudit grid` is killed mid-grid (the server holds one request until the
process is dead), run again, and goes on: finished cells keep their runs, the interrupted verify run is
resumed, no claim is asked twice. Its table is then checked against the same cells run separately with
`factaudit retrieve` and `factaudit verify` (hand counts over their stored verdicts, statsmodels' Wilson
interval, Cochran's Q and Holm)."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from statsmodels.stats.contingency_tables import cochrans_q
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project

from test_verify_endpoint import API_KEY, FakeServer  # noqa: I001

ROOT = Path(__file__).resolve().parents[2]
TOPICS = ["aspirin bleeding", "statin muscle", "metformin acidosis", "warfarin vitamin", "insulin hypoglycemia"]
GOLD = ["Supported", "Refuted", "Supported", "Refuted", "Supported"]


class EvidenceServer(FakeServer):
    """Refuted when a passage it is sent says "does not", else Supported; the sceptical prompt answers No
    Evidence unless two passages name the claim's drug. With `hold_at`, the hold_at-th request waits until
    `release` is set (the test kills the client meanwhile), so the kill falls at a known point."""

    def __init__(self, hold_at: int | None = None):
        super().__init__()
        self.hold_at = hold_at
        self.held, self.release = threading.Event(), threading.Event()

    def respond(self, h, body, fault):
        with self.lock:
            n = len(self.requests)
        if n == self.hold_at:
            self.held.set()
            self.release.wait(120)
            return None
        system, user = body["messages"][0]["content"], body["messages"][1]["content"]
        claim = re.search(r"^Claim: <<<(.*?)>>>$", user, re.M).group(1)
        evidence = user.split("<<<EVIDENCE", 1)[1].split("EVIDENCE>>>", 1)[0]
        passages = [p for p in re.split(r"^\[\d+\]", evidence, flags=re.M) if p.strip()]
        verdict = "Refuted" if any("does not" in p for p in passages) else "Supported"
        if "sceptical" in system and sum(claim.split()[0] in p for p in passages) < 2:
            verdict = "No Evidence"
        doc = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
               "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": json.dumps(
                   {"verdict": verdict, "reasoning": "fake", "evidence_used": [1]})}}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
        return self._send(h, 200, json.dumps(doc).encode())

    def claims_asked(self) -> list[str]:
        return [re.search(r"^Claim: <<<(.*?)>>>$", r["messages"][1]["content"], re.M).group(1) for r in self.requests]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def setup(project, tmp_path, monkeypatch):
    """Corpus A supports every topic (twice for the first three), B refutes the odd ones; five dev claims."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    a = [{"id": f"a{n}", "text": f"Trials found that {t.split()[0]} causes {t.split()[1]} in adults."}
         for n, t in enumerate(TOPICS)]
    a += [{"id": f"a{n}x", "text": f"In a cohort, {t.split()[0]} led to {t.split()[1]}."} for n, t in enumerate(TOPICS[:3])]
    b = [{"id": f"b{n}", "text": f"A large trial found {t.split()[0]} does not cause {t.split()[1]}."}
         for n, t in enumerate(TOPICS) if n % 2]
    for name, rows in (("A", a), ("B", b)):
        import_files(project, [_jsonl(tmp_path / f"{name}.jsonl", rows)], kind="corpus", dataset=name)
    import_files(project, [_jsonl(tmp_path / "dev.jsonl", [
        {"id": f"q{n}", "claim": f"{t.split()[0]} causes {t.split()[1]}.", "label": GOLD[n]}
        for n, t in enumerate(TOPICS)])], kind="claims", split="dev", dataset="dev")
    joint = resources.files("factaudit.resources").joinpath("prompts", "verify_joint.txt").read_text(encoding="utf-8")
    services.add_prompt(project, "sceptic", joint.replace("careful", "sceptical"), base="verify_joint")
    server = EvidenceServer(hold_at=3 * len(TOPICS) + 2)     # the third claim of the fourth cell
    services.add_endpoint("fake", server.url, "fake-model")
    path = project.path
    project.close()
    yield path, server
    server.release.set()
    server.close()


def _cli(*args: str):
    """The command in this process (no interpreter start per call; the killed grid is a real subprocess)."""
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    return CliRunner().invoke(cli, list(args))


GRID = ["--retrievers", "bm25,dense", "--k", "2", "--corpus", "A", "--corpus", "A+B", "--verifiers", "fake",
        "--prompts", "none,sceptic"]


def test_a_grid_killed_mid_way_resumes_and_matches_the_separate_runs(setup):
    path, server = setup
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "factaudit", "grid", str(path), *GRID, "--json"], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert server.held.wait(300), proc.stderr.read().decode() if proc.poll() is not None else "no request held"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        server.release.set()
    spec = services.GridSpec(retrievers=["bm25", "dense"], ks=[2], corpora=[["A"], ["A", "B"]], verifiers=["fake"],
                             prompts=[None, "sceptic"])
    with Project.open(path, readonly=True) as ro:
        done = services.grid_done(ro, spec, "dev")
        assert [d is not None for d in done] == [True] * 3 + [False] * 5
        stopped = [r for r in run_store.list_runs(ro, "verify") if r.status != "done"]
        assert len(stopped) == 1 and stopped[0].status == "interrupted"
        partial = len(run_store.get_verdicts(ro, stopped[0].id))
        n_runs = len(run_store.list_runs(ro))
    asked = len(server.requests)

    out = _cli("grid", str(path), *GRID, "--json")
    assert out.exit_code == 0, out.output
    res = json.loads(out.stdout)
    assert [c["runs"] for c in res["cells"][:3]] == done[:3]        # finished cells reused, not redone
    assert res["cells"][3]["runs"][-1] == stopped[0].id            # the interrupted verify run resumed
    # every claim asked once per cell, except the held request, which the killed process never stored
    rerun = server.claims_asked()[asked:]
    assert len(rerun) == 4 * len(TOPICS) + (len(TOPICS) - partial)
    with Project.open(path, readonly=True) as ro:
        assert len(run_store.list_runs(ro)) == n_runs + 2 + 4      # retrieve runs for dense × A, A+B; 4 verify runs
        assert all(r.status == "done" for r in run_store.list_runs(ro))

    # each cell again, separately, with the single-run commands; its figures are the grid's exactly
    gold = {f"q{n}": g for n, g in enumerate(GOLD)}
    cols = []
    for cell in res["cells"]:
        corpus = [a for c in cell["corpus"] for a in ("--corpus-dataset", c)]
        r = _cli("retrieve", str(path), "--retriever", cell["retriever"], "--k", "2", "--dataset", "dev", *corpus,
                 "--json")
        assert r.exit_code == 0, r.output
        retrieval = json.loads(r.stdout)["run_id"]
        prompt = ["--prompt", cell["prompt"]] if cell["prompt"] else []
        v = _cli("verify", str(path), "--retrieval-run", retrieval, "--k", "2", "--model", "fake", *prompt, "--json")
        assert v.exit_code == 0, v.output
        with Project.open(path, readonly=True) as ro:
            verdicts = run_store.get_verdicts(ro, json.loads(v.stdout)["run_id"])
            grid_verdicts = run_store.get_verdicts(ro, cell["runs"][-1])
        assert {c: x.verdict for c, x in verdicts.items()} == {c: x.verdict for c, x in grid_verdicts.items()}
        right = [int(c in verdicts and verdicts[c].verdict == g) for c, g in gold.items()]
        cols.append(right)
        assert (cell["correct"], cell["n"]) == (sum(right), len(gold))
        assert cell["interval"] == pytest.approx(list(proportion_confint(sum(right), len(gold), method="wilson")),
                                                 abs=1e-12)
        # the cell's cost: the fake reports 20 output tokens a call and no reasoning tokens
        assert (cell["cost"]["tokens_out"], cell["cost"]["tokens_reasoning"]) == (20 * len(gold), None)
    x = np.array(cols).T
    assert len({tuple(c) for c in x.T}) > 2       # retriever, corpus and prompt change the verdicts
    assert res["omnibus"]["q"] == pytest.approx(cochrans_q(x).statistic, rel=1e-12)
    assert res["omnibus"]["p_asymptotic"] == pytest.approx(cochrans_q(x).pvalue, rel=1e-9)
    ps = [p["p"] for p in res["pairwise"]]
    assert [p["p_holm"] for p in res["pairwise"]] == pytest.approx(list(multipletests(ps, method="holm")[1]), rel=1e-12)
