"""No secret is stored: a key that arrives in an endpoint URL (userinfo and ?api_key=) and comes back
in a server's error body and in a reply never reaches the project file (or its -wal), the connection
log, the report, or a sealed copy; `seal` refuses a project that holds one, naming table, column, row.
A fake OpenAI-compatible server on 127.0.0.1 echoes the Authorization header it receives."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import redact
from factaudit.engine.cli import cli
from factaudit.engine.errors import SealError
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import iter_passages, list_claims
from factaudit.engine.services import seal as seal_svc

KEY = "fa-live-9d8c7b6a5f4e3d2c1b0a"          # not sk-...: only the exact-value rule knows it
USER = "clinic-user"


class EchoServer:
    """mode "401": an error body quoting the Authorization header; "reply": a verdict whose
    reasoning quotes it (a model that repeats its input)."""

    def __init__(self, mode: str):
        self.mode, self.auth = mode, []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                auth = self.headers.get("Authorization", "")
                server.auth.append(auth)
                if server.mode == "401":
                    body = json.dumps({"error": {"message": f"invalid credentials: Authorization: {auth}; "
                                                            f"key {KEY} unknown", "type": "auth"}})
                    status = 401
                else:
                    content = json.dumps({"verdict": "Supported", "evidence_used": [1],
                                          "reasoning": f"The request carried {auth} (raw key {KEY})."})
                    body = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                                       "choices": [{"index": 0, "finish_reason": "stop",
                                                    "message": {"role": "assistant", "content": content}}],
                                       "usage": {"prompt_tokens": 10, "completion_tokens": 10}})
                    status = 200
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url_with_credentials(self) -> str:
        return f"http://{USER}:{KEY}@127.0.0.1:{self.port}/v1?api_key={KEY}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    for var in ("FACTAUDIT_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "data"))


def _retrieval_run(project: Project, tmp_path: Path) -> str:
    from factaudit.engine.ingest import import_files

    claims = list_claims(project, "scifact-demo")[:2]
    pids = [p.id for p in iter_passages(project, "scifact-demo")][:2]
    f = tmp_path / "run.trec"
    f.write_text("".join(f"{c.id} Q0 {pid} {r} {9 - r}.0 t\n" for c in claims for r, pid in enumerate(pids, 1)))
    return import_files(project, [f], fmt="trec").run_id


def _contents(f: Path) -> list[bytes]:
    """A file's bytes, and for zip containers (the XLSX report) every member's bytes too."""
    import zipfile

    parts = [f.read_bytes()]
    if zipfile.is_zipfile(f):
        with zipfile.ZipFile(f) as z:
            parts += [z.read(n) for n in z.namelist()]
    return parts


def _files_holding(root: Path, needle: bytes) -> list[str]:
    return sorted(str(f) for f in root.rglob("*") if f.is_file() and any(needle in b for b in _contents(f)))


def test_a_key_in_the_url_and_echoed_by_the_server_is_stored_nowhere(demo_project, tmp_path):
    run = _retrieval_run(demo_project, tmp_path)
    path = demo_project.path
    demo_project.close()
    runner = CliRunner()
    trials = 0

    failing = EchoServer("401")
    try:
        res = runner.invoke(cli, ["verify", str(path), "--retrieval-run", run, "--endpoint",
                                  failing.url_with_credentials, "--model", "m", "--retries", "0", "--timeout", "5"])
    finally:
        failing.close()
    assert res.exit_code == 2
    assert failing.auth and set(failing.auth) == {f"Bearer {KEY}"}  # the URL's key was used ...
    assert KEY not in res.output and "HTTP 401" in res.output and redact.REDACTED in res.output  # ... not shown

    echoing = EchoServer("reply")
    try:
        res = runner.invoke(cli, ["verify", str(path), "--retrieval-run", run, "--endpoint",
                                  echoing.url_with_credentials, "--model", "m", "--retries", "0", "--json"])
    finally:
        echoing.close()
    assert res.exit_code == 0, res.output
    assert KEY not in res.output

    with Project.open(path, readonly=True) as p:
        rows = p.conn.execute("SELECT status, config, provenance, coalesce(error, '') FROM runs "
                              "WHERE kind = 'verify' ORDER BY seq").fetchall()
        reasoning = [r[0] for r in p.conn.execute("SELECT reasoning FROM verdicts")]
    assert [r[0] for r in rows] == ["failed", "done"]
    assert f"http://127.0.0.1:{echoing.port}/v1" in rows[1][1]       # the endpoint, clean
    assert "HTTP 401" in rows[0][3] and redact.REDACTED in rows[0][3]  # the error, redacted
    assert reasoning and all("Bearer [REDACTED]" in r and "raw key [REDACTED]" in r for r in reasoning)

    out = tmp_path / "report"
    res = runner.invoke(cli, ["report", str(path), "--out", str(out)])
    assert res.exit_code == 0, res.output
    sealed = tmp_path / "shipped.faproj"
    res = runner.invoke(cli, ["seal", str(path), "--out", str(sealed)])
    assert res.exit_code == 0, res.output

    # Every byte written anywhere: project (and any -wal/-shm), user data (connection log), report,
    # sealed copy, user config; the key, its URL-encoded form and the userinfo.
    roots = [tmp_path, Path(str(path)).parent]
    forms = [KEY.encode(), f"{USER}:{KEY}".encode(), f"api_key={KEY}".encode()]
    written = {f for r in roots for f in r.rglob("*") if f.is_file()}
    assert any(f.name == "connections.jsonl" for f in written) and any(f.suffix == ".html" for f in written)
    assert any(f.suffix == ".xlsx" for f in written) and sealed in written
    for needle in forms:
        for root in roots:
            trials += 1
            assert _files_holding(root, needle) == []
    print(f"secret trials: {trials} (forms x roots) over {len(written)} files; leaks: 0")


@pytest.mark.parametrize("value, kind", [
    ("see http://bob:hunter2pass@10.0.0.5/v1", "URL credentials"),
    ("GET /v1/models?api_key=abc123def456 HTTP/1.1", "query"),
    ("Authorization: Bearer eyJhbGciOi.JIUzI1NiJ9", "Authorization header"),
    ("token sk-proj-AbCdEf0123456789xyz was rejected", "sk-"),
    ("the configured one: ENVKEY-5a4b3c2d1e", "FACTAUDIT_API_KEY"),
])
def test_seal_refuses_a_secret_naming_table_column_and_row(demo_project, tmp_path, monkeypatch, value, kind):
    monkeypatch.setenv("FACTAUDIT_API_KEY", "ENVKEY-5a4b3c2d1e")
    claim_id = demo_project.conn.execute("SELECT id FROM claims ORDER BY rowid LIMIT 1 OFFSET 3").fetchone()[0]
    with demo_project.atomic() as conn:
        conn.execute("UPDATE claims SET text = text || ' ' || ? WHERE id = ?", (value, claim_id))
    out = tmp_path / "s.faproj"
    with pytest.raises(SealError) as err:
        seal_svc.seal_project(demo_project, out)
    msg = str(err.value)
    assert f"table claims, column text, row id={claim_id!r}" in msg and kind in msg
    assert "hunter2pass" not in msg and "ENVKEY-5a4b3c2d1e" not in msg
    assert not out.exists() and not list(tmp_path.glob(".s.faproj.*"))


def test_redaction_rules_and_ordinary_prose():
    redact.register_secret("registered-key-0001")
    cases = {
        "https://u:p4ss@host/v1": "https://[REDACTED]@host/v1",
        "http://h/v1?api_key=K1&x=1&token=T2": "http://h/v1?api_key=[REDACTED]&x=1&token=[REDACTED]",
        "Authorization: Bearer abc.def-123": "Authorization: [REDACTED]",
        '{"api_key": "zzz999"}': '{"api_key": "[REDACTED]"}',
        "bearer Z9y8x7w6v5": "bearer [REDACTED]",
        f"key {'sk-' + 'abcdefgh12345678'} leaked": "key [REDACTED] leaked",   # joined: no key-shaped literal
        "x registered-key-0001 y": "x [REDACTED] y",
    }
    for raw, want in cases.items():
        assert redact.redact_text(raw) == want, raw
    prose = ("Carriers and bearers of HLA-B27 had a risk-benefit ratio of 2; the key=value idea; "
             "task-specific tokens; prior authorization: required; see https://example.org/path?x=1.")
    assert redact.redact_text(prose) == prose
    assert redact.find_secret(prose) is None
    obj = {"endpoint": "http://a:b@h/v1", "api_key": "anything", "nested": [{"authorization": "Basic eA=="}]}
    assert redact.redact_obj(obj) == {"endpoint": "http://[REDACTED]@h/v1", "api_key": "[REDACTED]",
                                      "nested": [{"authorization": "[REDACTED]"}]}


def test_the_demo_content_is_not_mistaken_for_secrets(demo_project):
    from factaudit.engine.project import seal_store

    assert seal_store.find_in_text(demo_project.conn, lambda t: redact.find_secret(t)) is None
