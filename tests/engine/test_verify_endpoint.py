"""The OpenAI-compatible backend against a local fake server on 127.0.0.1 that returns 429, 500,
timeouts, malformed bodies, truncated and non-JSON replies; resume after kill -9; no key in the file."""
from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from factaudit.engine.errors import EndpointError, RunFailed
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import gold_evidence, iter_passages, list_claims
from factaudit.engine import services as vs

VERDICTS = ["Supported", "Refuted", "No Evidence", "Ambiguous"]
API_KEY = "sk-test-factaudit-7f3c9e1d2b4a"
ROOT = Path(__file__).resolve().parents[2]


def expected_verdict(claim: str) -> str:
    return VERDICTS[int(hashlib.sha256(claim.encode()).hexdigest(), 16) % 4]


class FakeServer:
    """Answers like a model that is deterministic in the claim text; `faults` are consumed one per
    request, first come first served."""

    def __init__(self, client_timeout: float = 1.0):
        self.faults: list[str] = []
        self.always: str | None = None
        self.delay = 0.0
        self.client_timeout = client_timeout
        self.reject_structured = False
        self.requests: list[dict] = []
        self.auth: set[str] = set()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                with server.lock:
                    server.requests.append(body)
                    server.auth.add(self.headers.get("Authorization", ""))
                    fault = server.faults.pop(0) if server.faults else server.always
                if server.delay:
                    time.sleep(server.delay)
                try:
                    server.respond(self, body, fault)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    @staticmethod
    def _send(h, status: int, payload: bytes, ctype: str = "application/json"):
        h.send_response(status)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(payload)))
        h.end_headers()
        h.wfile.write(payload)

    def respond(self, h, body: dict, fault: str | None):
        if fault == "429":
            return self._send(h, 429, b'{"error": {"message": "rate limited", "type": "rate_limit"}}')
        if fault == "500":
            return self._send(h, 500, b'{"error": {"message": "boom", "type": "server_error"}}')
        if fault == "timeout":
            time.sleep(self.client_timeout + 1.0)
            return self._send(h, 200, b"{}")
        if fault == "bad-body":
            return self._send(h, 200, b"<html>proxy error</html>", "application/json")
        if self.reject_structured and "response_format" in body:
            return self._send(h, 400, b'{"error": {"message": "response_format json_schema is not supported"}}')
        user = body["messages"][1]["content"] if len(body["messages"]) > 1 else ""
        m = re.search(r"^Claim: (?:<<<)?(.*?)(?:>>>)?$", user, re.M)
        claim = m.group(1) if m else ""
        reply = json.dumps({"verdict": expected_verdict(claim), "reasoning": f"fake reasoning for {claim[:30]}",
                            "evidence_used": [1]})
        if fault == "truncated":
            reply = reply[: len(reply) // 2]
        elif fault == "non-json":
            reply = "Sure! I think the claim is supported by the evidence."
        doc = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
               "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply}}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
        return self._send(h, 200, json.dumps(doc).encode())


@pytest.fixture
def server():
    s = FakeServer()
    yield s
    s.close()


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "data"))


def add_trec_run(project: Project, tmp_path: Path, n_claims: int = 12, k: int = 3) -> str:
    """A retrieval run over scifact-demo claims: their gold passages first, then others."""
    from factaudit.engine.ingest import import_files

    claims = list_claims(project, "scifact-demo")[:n_claims]
    pids = [p.id for p in iter_passages(project, "scifact-demo")]
    known = set(pids)
    gold = gold_evidence(project)
    lines = []
    for i, c in enumerate(claims):
        ranked: list[str] = []
        for pid in [g.passage_id for g in gold.get(c.id, []) if g.passage_id in known] + \
                [pids[(i * 7 + j * 13) % len(pids)] for j in range(k + 2)]:
            if pid not in ranked:
                ranked.append(pid)
        for r, pid in enumerate(ranked[:k], start=1):
            lines.append(f"{c.id} Q0 {pid} {r} {10 - r}.0 test")
    f = tmp_path / "run.trec"
    f.write_text("\n".join(lines) + "\n")
    return import_files(project, [f], fmt="trec").run_id


def request(server, run, **kw) -> vs.VerifyRequest:
    base = dict(retrieval_run=run, endpoint=server.url, model="fake-model", k=3, timeout=1.0, max_retries=3,
                backoff_base=0.05, concurrency=2, passage_words=40)
    base.update(kw)
    return vs.VerifyRequest(**base)


def test_retries_on_429_500_timeout_and_bad_body_then_finishes(demo_project, tmp_path, server):
    run = add_trec_run(demo_project, tmp_path, n_claims=4)
    server.faults = ["429", "500", "timeout", "bad-body"]
    retries: list[str] = []
    res = vs.verify(demo_project, request(server, run, concurrency=1, max_retries=4),
                    on_retry=lambda a, d, why: retries.append(why))
    assert res.status == "done" and res.n_claims == 4 and res.n_verdicts == 4 and res.n_parse_failures == 0
    assert res.retries == 4
    assert any("429" in r for r in retries) and any("500" in r for r in retries)
    assert any("no reply within" in r for r in retries) and any("malformed" in r for r in retries)
    texts = {c.id: c.text for c in list_claims(demo_project, "scifact-demo")}
    for cid, v in run_store.get_verdicts(demo_project, res.run_id).items():
        assert v.verdict == expected_verdict(texts[cid])
        assert v.parse_status == "ok"
    info = run_store.get_run(demo_project, res.run_id)
    assert info.status == "done"
    # Every HTTP exchange, failed or not, is in the outbound connection log.
    log = [json.loads(line) for line in (tmp_path / "data" / "connections.jsonl").read_text().splitlines()]
    assert len(log) == len(server.requests) == 8 and {r["purpose"] for r in log} == {"verify"}
    assert all(r["endpoint"] == server.url and r["bytes_sent"] > 0 for r in log)
    assert info.config["model"] == {"source": "endpoint", "endpoint": server.url, "model_name": "fake-model"}
    assert info.provenance["endpoint"] == server.url and info.provenance["temperature"] == 0.0


def test_truncated_reply_is_repaired_and_non_json_is_a_parse_failure(demo_project, tmp_path, server):
    run = add_trec_run(demo_project, tmp_path, n_claims=2)
    # claim 1: truncated JSON, then a good repair reply; claim 2: prose twice (reply and repair).
    server.faults = ["truncated", None, "non-json", "non-json"]
    res = vs.verify(demo_project, request(server, run, concurrency=1))
    assert res.status == "done" and res.n_verdicts == 2 and res.n_parse_failures == 1
    verdicts = run_store.get_verdicts(demo_project, res.run_id)
    first, second = (verdicts[c.id] for c in list_claims(demo_project, "scifact-demo")[:2])
    assert first.parse_status == "repaired" and first.verdict in VERDICTS
    assert second.parse_status == "failed" and second.verdict is None and second.reasoning is None
    assert "Sure!" in second.raw_output
    # The failure is stored as such in the file, not mapped to a verdict.
    row = demo_project.reader().execute(
        "SELECT verdict, parse_status FROM verdicts WHERE run_id = ? AND parse_status = 'failed'", (res.run_id,)).fetchall()
    assert [tuple(r) for r in row] == [(None, "failed")]
    assert len(server.requests) == 4


def test_persistent_errors_fail_the_run_with_a_clear_message(demo_project, tmp_path, server):
    run = add_trec_run(demo_project, tmp_path, n_claims=3)
    server.always = "500"
    with pytest.raises(RunFailed) as err:
        vs.verify(demo_project, request(server, run, max_retries=2, concurrency=1))
    assert isinstance(err.value.__cause__, EndpointError)
    assert str(err.value).startswith(f"{err.value.run_id} failed: ")
    assert "failed after 3 attempts" in str(err.value) and "HTTP 500" in str(err.value)
    info = run_store.get_run(demo_project, err.value.run_id)
    assert info.status == "failed" and "HTTP 500" in info.error
    assert len(server.requests) == 3


def test_cli_reports_failure_in_one_line(demo_project, tmp_path, server):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    run = add_trec_run(demo_project, tmp_path, n_claims=2)
    path = demo_project.path
    demo_project.close()
    server.always = "429"
    out = CliRunner().invoke(cli, ["verify", str(path), "--retrieval-run", run, "--endpoint", server.url, "--model", "m",
                                   "--timeout", "1", "--retries", "1", "--backoff", "0.01"])
    assert out.exit_code == 2
    last = out.output.strip().splitlines()[-1]
    assert last.startswith("error: verify-") and "HTTP 429" in last and "--resume" in last
    assert sum(1 for line in out.output.splitlines() if line.startswith("retry ")) >= 1


def test_server_without_structured_output_gets_plain_json_instructions(demo_project, tmp_path, server):
    run = add_trec_run(demo_project, tmp_path, n_claims=2)
    server.reject_structured = True
    res = vs.verify(demo_project, request(server, run, concurrency=1))
    assert res.n_verdicts == 2 and res.n_parse_failures == 0
    assert run_store.get_run(demo_project, res.run_id).summary["structured_output"] is False
    plain = [r for r in server.requests if "response_format" not in r]
    assert len(plain) == 2 and "JSON schema" in plain[0]["messages"][-1]["content"]


def _count(path: Path, run_id: str) -> int:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM verdicts WHERE run_id = ?", (run_id,)).fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        conn.close()


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "factaudit", *args]


def test_kill_9_then_resume_gives_one_verdict_per_claim_equal_to_an_uninterrupted_run(demo_project, tmp_path, server):
    n = 12
    run = add_trec_run(demo_project, tmp_path, n_claims=n)
    path = demo_project.path
    demo_project.close()
    server.delay = 0.25
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    common = ["--endpoint", server.url, "--model", "fake-model", "--k", "3", "--concurrency", "1", "--timeout", "5"]
    proc = subprocess.Popen(_cli("verify", str(path), "--retrieval-run", run, *common), env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    run_id = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        row = conn.execute("SELECT id FROM runs WHERE kind = 'verify' ORDER BY seq DESC LIMIT 1").fetchone()
        conn.close()
        if row and _count(path, row[0]) >= 4:
            run_id = row[0]
            break
        time.sleep(0.05)
    assert run_id is not None, proc.stderr.read().decode() if proc.poll() is not None else "no progress"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    partial = _count(path, run_id)
    assert 4 <= partial < n

    with Project.open(path, readonly=True) as ro:
        assert run_store.get_run(ro, run_id).status == "interrupted"
    server.delay = 0.0
    out = subprocess.run(_cli("verify", str(path), "--resume", run_id, "--timeout", "5", "--json"), env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["run_id"] == run_id and doc["status"] == "done"
    assert doc["n_claims"] == n and doc["n_verdicts"] == n and doc["n_new"] == n - partial

    out2 = subprocess.run(_cli("verify", str(path), "--retrieval-run", run, *common, "--json"), env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert out2.returncode == 0, out2.stderr
    fresh = json.loads(out2.stdout)["run_id"]
    with Project.open(path, readonly=True) as ro:
        rows = ro.reader().execute(
            "SELECT claim_id, count(*) FROM verdicts WHERE run_id = ? GROUP BY claim_id", (run_id,)).fetchall()
        assert len(rows) == n and all(r[1] == 1 for r in rows)
        resumed, uninterrupted = run_store.get_verdicts(ro, run_id), run_store.get_verdicts(ro, fresh)
        assert set(resumed) == set(uninterrupted)
        for cid in resumed:
            assert (resumed[cid].verdict, resumed[cid].reasoning, resumed[cid].evidence_used) == \
                   (uninterrupted[cid].verdict, uninterrupted[cid].reasoning, uninterrupted[cid].evidence_used)
        assert run_store.get_run(ro, run_id).config == run_store.get_run(ro, fresh).config


def test_api_key_is_used_but_never_written_to_the_project(demo_project, tmp_path, server):
    run = add_trec_run(demo_project, tmp_path, n_claims=3)
    server.faults = ["500", "non-json", "non-json"]  # errors and repair prompts must not leak it either
    res = vs.verify(demo_project, request(server, run, concurrency=1))
    assert res.n_verdicts == 3
    assert server.auth == {f"Bearer {API_KEY}"}
    path = demo_project.path
    demo_project.close()
    for suffix in ("", "-wal", "-shm", ".lock"):
        f = Path(str(path) + suffix)
        if f.exists():
            assert API_KEY.encode() not in f.read_bytes()
    for f in tmp_path.rglob("*"):
        if f.is_file():
            assert API_KEY.encode() not in f.read_bytes(), f


def test_bad_requests_fail_before_a_run_is_made(demo_project, tmp_path, server):
    from factaudit.engine.errors import InvalidArgument, NotFound, RunImmutable

    run = add_trec_run(demo_project, tmp_path, n_claims=2)
    with pytest.raises(NotFound):
        vs.verify(demo_project, request(server, "retrieve-999"))
    with pytest.raises(InvalidArgument, match="mode"):
        vs.verify(demo_project, request(server, run, mode="sideways"))
    with pytest.raises(InvalidArgument, match="no hits"):
        vs.verify(demo_project, request(server, run, dataset="medexpert-demo"))
    with pytest.raises(InvalidArgument, match="model name"):
        vs.verify(demo_project, request(server, run, model=None))
    assert run_store.list_runs(demo_project, "verify") == []
    done = vs.verify(demo_project, request(server, run))
    with pytest.raises(RunImmutable, match="finished"):
        vs.verify(demo_project, vs.VerifyRequest(resume=done.run_id))
    with pytest.raises(InvalidArgument, match="not a verify run"):
        vs.verify(demo_project, vs.VerifyRequest(resume=run))


def test_cli_human_summary(demo_project, tmp_path, server):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    run = add_trec_run(demo_project, tmp_path, n_claims=3)
    path = demo_project.path
    demo_project.close()
    out = CliRunner().invoke(cli, ["verify", str(path), "--retrieval-run", run, "--endpoint", server.url,
                                   "--model", "m", "--mode", "joint", "--k", "2", "--limit", "2"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert lines[0].startswith("verify-") and "2/2 claims verified (joint, m@" in lines[0]
    assert "parse failures: 0" in lines[1]
    with Project.open(path, readonly=True) as ro:
        run_id = lines[0].split(":")[0]
        cfg = run_store.get_run(ro, run_id).config
        assert (cfg["k"], cfg["limit"]) == (2, 2)
        assert all(len(json.loads(r[0])) <= 2 for r in ro.reader().execute(
            "SELECT evidence_used FROM verdicts WHERE run_id = ?", (run_id,)))


def test_evidence_sentences_sends_only_the_best_matching_sentences_and_is_pinned(demo_project, tmp_path, server):
    """`--evidence sentences:2`: each passage reaches the model as its two sentences with the highest
    BM25 score for the claim (computed here with bm25s over the same tokens), in passage order."""
    import bm25s

    from factaudit.engine.ingest.sentences import split_sentences
    from factaudit.engine.project.queries import get_passages
    from factaudit.engine.retrieval.tokenize import Tokenizer

    run = add_trec_run(demo_project, tmp_path, n_claims=2)
    res = vs.verify(demo_project, request(server, run, concurrency=1, passage_words=None, evidence="sentences:2"))
    assert res.n_verdicts == 2
    cfg = run_store.get_run(demo_project, res.run_id).config
    assert cfg["evidence"] == "sentences:2"
    whole = vs.verify(demo_project, request(server, run, concurrency=1, passage_words=None, evidence="whole"))
    assert run_store.get_run(demo_project, whole.run_id).config["evidence"] == "whole"
    default = vs.verify(demo_project, request(server, run, concurrency=1, passage_words=None))
    assert run_store.get_run(demo_project, default.run_id).config["evidence"] == vs.VerifyRequest().evidence \
        == "whole"

    tok = Tokenizer()
    hits = run_store.get_hits(demo_project, run)
    claims = {c.id: c.text for c in list_claims(demo_project, "scifact-demo")}
    sent = server.requests[:2]
    for body, (cid, claim_hits) in zip(sent, sorted(hits.items(), key=lambda kv: list(claims).index(kv[0]))):
        user = body["messages"][-1]["content"]
        assert claims[cid] in user
        for h in claim_hits:
            text = get_passages(demo_project, [h.passage_id])[h.passage_id].text
            sentences = [s for _, _, s in split_sentences(text)]
            if len(sentences) <= 2:
                continue
            model = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
            model.index([tok.tokens(s) or ["\x00"] for s in sentences], show_progress=False)
            scores = model.get_scores(tok.tokens(claims[cid]))
            best = sorted(sorted(range(len(sentences)), key=lambda i: (-scores[i], i))[:2])
            left_out = [sentences[i] for i in range(len(sentences)) if i not in best]
            assert all(sentences[i][:60] in user for i in best)
            assert not any(s[:60] in user for s in left_out if len(s) > 40)
    # whole passages: the same claims' prompts are longer
    assert sum(len(b["messages"][-1]["content"]) for b in server.requests[2:4]) > \
        sum(len(b["messages"][-1]["content"]) for b in sent)
