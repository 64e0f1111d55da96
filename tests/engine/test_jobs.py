"""The one run lifecycle (engine/jobs.py) on real project files: a killed run reads as interrupted and
--resume finishes it with the same claims as an uninterrupted run; cancel and failure end the run
with one message naming it; a full disk fails the run and --resume finishes it once there is room.
Decomposition by sentence needs no model, so these runs take seconds."""
from __future__ import annotations

import inspect
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from factaudit.engine import jobs, services
from factaudit.engine.cli import cli
from factaudit.engine.errors import JobCancelled, RunCancelled, RunFailed, RunImmutable
from factaudit.engine.jobs import CancelToken, RateMeter
from factaudit.engine.pipeline import decompose as decomp
from factaudit.engine.project import runs as run_store
from factaudit.engine.project import verify_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import VerdictRecord

DATASET = "medexpert-demo"


def request(**kw) -> services.DecomposeRequest:
    return services.DecomposeRequest(method="sentence", dataset=DATASET, **kw)


def claims_of(project: Project) -> list[tuple[str, str, str]]:
    """(claim id, text, sentence id) of the active claims, read with SQL of this test's own."""
    rows = project.reader().execute(
        "SELECT c.id, c.text, c.sentence_id FROM claims c JOIN datasets d ON d.id = c.dataset_id"
        " WHERE d.name = ? AND c.active = 1 ORDER BY c.id", (DATASET,))
    return [tuple(r) for r in rows]


def answers(project: Project) -> list[tuple[str, list[str]]]:
    """(item id, sentence texts) of the demo's answers in import order."""
    conn = project.reader()
    items = [r[0] for r in conn.execute(
        "SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ? ORDER BY i.rowid",
        (DATASET,))]
    return [(i, [r[0] for r in conn.execute("SELECT text FROM sentences WHERE item_id = ? ORDER BY ord", (i,))])
            for i in items]


@pytest.fixture
def reference(demo_project_path, tmp_path) -> list[tuple[str, str, str]]:
    """The claims of one uninterrupted run, on a copy of its own."""
    path = tmp_path / "reference.faproj"
    shutil.copy2(demo_project_path, path)
    with Project.open(path) as p:
        res = services.decompose(p, request())
        assert res.status == "done" and res.n_new_items == res.n_items == 11
        return claims_of(p)


def test_killed_run_is_interrupted_and_resume_finishes_it(demo_project_path, tmp_path, reference):
    path = tmp_path / "killed.faproj"
    shutil.copy2(demo_project_path, path)
    code = (
        "import os, sys\n"
        "from factaudit.engine import services\n"
        "from factaudit.engine.project.db import Project\n"
        "def progress(done, total, message=''):\n"
        "    if done == 3:\n"
        "        os._exit(9)\n"  # dies after the third answer's commit, without ending the run
        f"p = Project.open({str(path)!r})\n"
        f"services.decompose(p, services.DecomposeRequest(method='sentence', dataset={DATASET!r}), progress=progress)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 9, out.stderr
    with Project.open(path) as p:
        (run,) = run_store.list_runs(p, "decompose")
        assert run.status == "interrupted"
        assert len(verify_store.decomposed_item_ids(p, run.id)) == 3
        first3 = {i for i, _ in answers(p)[:3]}
        assert verify_store.decomposed_item_ids(p, run.id) == first3
    res = CliRunner().invoke(cli, ["decompose", str(path), "--resume", run.id, "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert (out["run_id"], out["status"], out["n_items"], out["n_new_items"]) == (run.id, "done", 11, 8)
    assert out["n_claims"] == len(reference) and out["n_retired"] == 0
    with Project.open(path) as p:
        assert run_store.get_run(p, run.id).status == "done"
        assert claims_of(p) == reference      # same ids and texts: nothing decomposed twice, nothing lost
    again = CliRunner().invoke(cli, ["decompose", str(path), "--resume", run.id])
    assert again.exit_code == 2 and "finished" in again.output


def test_cancel_ends_the_run_cancelled_and_resume_finishes_it(demo_project, reference):
    token = CancelToken()
    seen = []

    def progress(done, total, message=""):
        seen.append((done, total, message))
        if done == 2:
            token.cancel()

    with pytest.raises(RunCancelled) as info:
        services.decompose(demo_project, request(), progress=progress, cancel=token)
    err = info.value
    assert isinstance(err, JobCancelled) and err.run_id.startswith("decompose-") and err.status == "cancelled"
    assert str(err) == f"{err.run_id} was cancelled (2 answers so far are kept; the run can be resumed)"
    run = run_store.get_run(demo_project, err.run_id)
    n_first_two = sum(len(s) for _, s in answers(demo_project)[:2])   # one claim per sentence
    assert run.status == "cancelled" and run.error == "cancelled by the user"
    assert run.summary["n_claims"] == n_first_two == len(claims_of(demo_project))
    assert seen[0] == (0, 11, "decomposing") and seen[-1] == (2, 11, "decomposing")

    resumed = []
    res = services.decompose(demo_project, services.DecomposeRequest(resume=err.run_id),
                             progress=lambda d, t, m="": resumed.append((d, t, m)))
    assert res.run_id == err.run_id and res.status == "done" and res.n_new_items == 9
    assert resumed[0] == (2, 11, "decomposing") and resumed[-1] == (11, 11, "decomposing")
    assert run_store.get_run(demo_project, err.run_id).status == "done"
    assert claims_of(demo_project) == reference
    with pytest.raises(RunImmutable, match="finished"):
        services.decompose(demo_project, services.DecomposeRequest(resume=err.run_id))


def test_failure_names_the_run_keeps_the_cause_and_resume_finishes(demo_project, monkeypatch, reference):
    third = set(answers(demo_project)[2][1])
    real = decomp.by_sentence

    def breaks_on_the_third_answer(text):
        if text in third:
            raise ValueError("splitter broke")
        return real(text)

    monkeypatch.setattr(decomp, "by_sentence", breaks_on_the_third_answer)
    with pytest.raises(RunFailed) as info:
        services.decompose(demo_project, request())
    err = info.value
    assert isinstance(err.__cause__, ValueError)
    assert str(err) == (f"{err.run_id} failed: ValueError: splitter broke "
                        "(2 answers so far are kept; the run can be resumed)")
    run = run_store.get_run(demo_project, err.run_id)
    assert run.status == "failed" and run.error == "ValueError: splitter broke"
    monkeypatch.setattr(decomp, "by_sentence", real)
    res = services.decompose(demo_project, services.DecomposeRequest(resume=err.run_id))
    assert res.status == "done" and res.n_new_items == 9 and claims_of(demo_project) == reference


def test_cli_prints_a_stopped_run_in_one_line_with_how_to_resume(demo_project_path, tmp_path, monkeypatch):
    path = tmp_path / "cli.faproj"
    shutil.copy2(demo_project_path, path)
    with Project.open(path) as p:
        third = set(answers(p)[2][1])
    real = decomp.by_sentence
    monkeypatch.setattr(decomp, "by_sentence", lambda text: (_ for _ in ()).throw(ValueError("splitter broke"))
                        if text in third else real(text))
    out = CliRunner().invoke(cli, ["decompose", str(path), "--method", "sentence", "--dataset", DATASET])
    assert out.exit_code == 2
    (line,) = out.output.strip().splitlines()
    assert line.startswith("error: decompose-") and "failed: ValueError: splitter broke" in line
    run_id = line.split()[1]
    assert line.endswith(f"; continue with --resume {run_id}")


def test_a_write_the_file_refuses_fails_the_run_and_resume_finishes(demo_project, monkeypatch, reference):
    real = verify_store.replace_decomposition
    calls = []

    def full_on_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise sqlite3.OperationalError("database or disk is full")
        return real(*args, **kwargs)

    monkeypatch.setattr(verify_store, "replace_decomposition", full_on_the_second)
    with pytest.raises(RunFailed, match="disk is full") as info:
        services.decompose(demo_project, request())
    run = run_store.get_run(demo_project, info.value.run_id)
    assert run.status == "failed" and "database or disk is full" in run.error
    monkeypatch.setattr(verify_store, "replace_decomposition", real)
    res = services.decompose(demo_project, services.DecomposeRequest(resume=run.id))
    assert res.status == "done" and res.n_new_items == 10 and claims_of(demo_project) == reference


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_disk_full_for_real_then_resume_once_there_is_room(demo_project_path, tmp_path, reference):
    disk = tmp_path / "disk"
    disk.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12m", "tmpfs", str(disk)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr   # root here: a mount that fails is a broken setup, not a skip
    try:
        path = disk / "full.faproj"
        shutil.copy2(demo_project_path, path)
        filler = disk / "filler"

        def fill(done, total, message=""):
            if done == 1 and not filler.exists():
                # Leave a few KiB: the next answers' WAL pages no longer fit.
                free = shutil.disk_usage(disk).free
                with open(filler, "wb") as fh:
                    fh.write(b"\0" * max(0, free - 8 * 1024))

        with Project.open(path) as p:
            with pytest.raises(RunFailed) as info:
                services.decompose(p, request(), progress=fill)
            err = info.value
            assert "disk full" in str(err) and str(err).startswith(f"{err.run_id} failed: ")
            status = run_store.get_run(p, err.run_id).status
            assert status in ("failed", "interrupted")   # interrupted: the full file refused the status too
            filler.unlink()
            res = services.decompose(p, services.DecomposeRequest(resume=err.run_id))
            assert res.status == "done" and res.n_items == 11 and res.n_new_items < 11
            assert claims_of(p) == reference
            assert p.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def scifact_claims(project: Project) -> list[str]:
    return [r[0] for r in project.reader().execute(
        "SELECT c.id FROM claims c JOIN datasets d ON d.id = c.dataset_id WHERE d.name = 'scifact-demo'"
        " ORDER BY c.rowid")]


def test_pooled_work_commits_in_the_calling_thread_and_stops_on_cancel(demo_project):
    claims = scifact_claims(demo_project)[:60]
    rid = jobs.create_run(demo_project, "verify", {"k": 1})
    main = threading.get_ident()
    computed_in, committed = set(), []
    token = CancelToken()

    def compute(cid):
        computed_in.add(threading.get_ident())
        return VerdictRecord(cid, "Supported")

    def commit(cid, rec):
        assert threading.get_ident() == main
        run_store.add_verdict(demo_project, rid, rec)
        committed.append(cid)
        if len(committed) == 6:
            token.cancel()

    life = jobs.RunLifecycle(demo_project, rid, noun="claims", verb="verifying", cancel=token)
    with pytest.raises(RunCancelled):
        with life:
            life.work(iter(claims), compute, commit, total=len(claims), workers=3)
    assert main not in computed_in
    stored = run_store.verdict_claim_ids(demo_project, rid)
    # Units already finished when the cancel came still commit; no new unit starts.
    assert stored == set(committed) and 6 <= len(stored) <= 8 and life.n_new == len(stored)
    assert run_store.get_run(demo_project, rid).status == "cancelled"


def test_a_job_that_ends_normally_is_done_with_its_summary(demo_project):
    claims = scifact_claims(demo_project)[:2]
    rid = jobs.create_run(demo_project, "verify", {"k": 1})
    summary = lambda: {"n": len(run_store.verdict_claim_ids(demo_project, rid))}  # noqa: E731
    with jobs.RunLifecycle(demo_project, rid, summary=summary) as life:
        life.work(claims, lambda c: VerdictRecord(c, "Refuted"),
                  lambda c, r: run_store.add_verdict(demo_project, rid, r))
    run = run_store.get_run(demo_project, rid)
    # the summary is the kind's own plus the session's wall and CPU seconds (issue #34 item 5: cost)
    sessions = run.summary.pop("sessions")
    assert (run.status, run.summary, life.n_new) == ("done", {"n": 2}, 2)
    assert [s["n_new"] for s in sessions] == [2] and sessions[0]["cpu_s"] >= 0 and sessions[0]["wall_s"] >= 0


def test_no_shared_cancel_token_is_a_default():
    assert not hasattr(jobs, "NEVER_CANCEL")
    for name in services.__all__:
        fn = getattr(services, name)
        if callable(fn) and not inspect.isclass(fn):
            param = inspect.signature(fn).parameters.get("cancel")
            if param is not None:
                assert param.default is None, name


def test_rate_and_eta_text():
    assert jobs.rate_text(2.5, "claims") == "2.5 claims/s"
    assert jobs.rate_text(0.25, "claims") == "15.0 claims/min"
    assert [jobs.duration_text(s) for s in (42, 600, 7260)] == ["42 s", "10 min", "2 h 01 min"]
    meter = RateMeter(total=100)
    meter.started -= 60.0                  # 20 done in 60 s: 20 a minute, 80 left take 4 minutes
    rate, eta = meter.text(20, "claims").split(", ETA ")
    assert rate.endswith(" claims/min") and 19.9 <= float(rate.split()[0]) <= 20.0 and eta == "4 min"
    assert RateMeter(total=None).text(0, "claims") == "0.0 claims/min"   # nothing done: no ETA
