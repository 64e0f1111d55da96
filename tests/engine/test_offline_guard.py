"""Offline mode for real: every attempt runs inside a fresh network namespace that has only loopback
(`unshare --net`, we are root), with trap listeners on the non-loopback addresses it tries, so a guard
that failed would be seen by a trap and still send nothing anywhere.

If `unshare` is missing or not permitted these tests FAIL: the guard must be tested, not skipped.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from factaudit.engine import netguard
from factaudit.engine.config import Settings, save_settings
from factaudit.engine.project.queries import iter_passages, list_claims

PROBE = Path(__file__).with_name("netns_probe.py")
ROOT = Path(__file__).resolve().parents[2]
TRAP = "198.51.100.7"
TRAP6 = "2001:db8::7"
MESSAGE = ("blocked by offline mode: {h} (allow it in Settings \u203a Network, or `factaudit allow-host {h}`)")


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    cfg, data = tmp_path / "cfg", tmp_path / "data"
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(cfg))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(data))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    return cfg, data


def in_netns(tmp_path: Path, *args: str) -> dict:
    """Run the probe in a new network + mount namespace; return its JSON report."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare is not installed: the offline guard cannot be tested in a network namespace")
    resolv = tmp_path / "resolv.conf"
    resolv.write_text("nameserver 198.51.100.53\noptions timeout:1 attempts:1\n")
    hosts, nss = tmp_path / "hosts", tmp_path / "nsswitch.conf"
    hosts.write_text("127.0.0.1 localhost\n127.0.0.1 v4only.test\n")
    nss.write_text("hosts: files dns\n")
    setup = (f"ip link set lo up && ip addr add {TRAP}/32 dev lo && ip addr add 198.51.100.53/32 dev lo && "
             f"(ip -6 addr add {TRAP6}/128 dev lo nodad 2>/dev/null || true) && "
             f"mount --bind {resolv} /etc/resolv.conf && mount --bind {hosts} /etc/hosts && "
             f"mount --bind {nss} /etc/nsswitch.conf && exec \"$0\" \"$@\"")
    proc = subprocess.run(["unshare", "--net", "--mount", "sh", "-c", setup, sys.executable, str(PROBE), *args],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    if proc.returncode != 0 or not proc.stdout.strip():
        pytest.fail(f"could not run in a network namespace (rc {proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---- raw sockets -------------------------------------------------------------------------------
DNS_FORMS = {"dns_trailing_dot": "localhost.", "dns_mixed_case_dot": "LocalHost.",
             "dns_fullwidth_idna": "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54\u3002",
             "dns_idna_homoglyph": "l\u0435ak.localhost", "dns_mixed_case": "V4ONLY.TEST.",
             "dns_ipv4_scope": "127.0.0.1%lo"}
ATTEMPTS = ["tcp", "udp_sendto", "udp_connect", "udp_sendmsg", "udp_ipv6_mapped", "dns", "dns_gethostbyname",
            "dns_localhost_suffix", *DNS_FORMS, "dns_ipv6_family", "tcp_ipv6", "connect_by_name"]
ROUNDS = 50


def test_guard_refuses_tcp_udp_and_dns_before_any_packet(tmp_path, user_dirs):
    out = in_netns(tmp_path, "raw", "guard", str(ROUNDS))
    assert out["blocked_counts"] == {name: ROUNDS for name in ATTEMPTS}
    print(f"guard trials: {ROUNDS * len(ATTEMPTS)} refused of {ROUNDS * len(ATTEMPTS)} "
          f"({ROUNDS} rounds x {len(ATTEMPTS)} kinds); packets at the traps: {sum(out['received'].values())}")
    for name in ATTEMPTS:
        assert out["attempts"][name].startswith("ConnectionBlocked: blocked by offline mode: "), (name, out)
    assert out["attempts"]["tcp"] == "ConnectionBlocked: " + MESSAGE.format(h=TRAP)
    assert out["attempts"]["dns"] == "ConnectionBlocked: " + MESSAGE.format(h="updates.example.com")
    assert out["attempts"]["loopback"] == "ok"
    assert out["attempts"]["loopback_by_name"] == "ok"  # the hosts file's exact name stays usable
    # Nothing arrived at any trap, and no later audit hook saw the calls: they never happened.
    assert out["received"] == {"tcp": 0, "udp": 0, "dns": 0, "tcp6": 0}
    assert out["seen_after_guard"] == []
    # Each refusal is logged once, as blocked, with no bytes.
    blocked = [r for r in out["log"] if r["blocked"]]
    assert len(blocked) == ROUNDS * len(ATTEMPTS)
    assert all(r["bytes_sent"] == 0 and r["bytes_received"] == 0 for r in blocked)
    assert {r["host"] for r in blocked} == {TRAP, "::ffff:198.51.100.7", "updates.example.com", "telemetry.example.net",
                                            "leak.localhost", *DNS_FORMS.values(), "v4only.test", TRAP6,
                                            "connect.example.org"}
    # IPv6 targets are logged whole and in brackets (they once read "http://2001").
    assert {r["endpoint"] for r in blocked if r["host"] == TRAP6} == {f"[{TRAP6}]:8080"}


def test_without_the_guard_the_traps_do_receive(tmp_path, user_dirs):
    """The control: the same attempts with offline mode off reach the traps, so the zero counts
    above are the guard's doing and not a quirk of the namespace."""
    out = in_netns(tmp_path, "raw", "off")
    assert out["received"]["tcp"] == 1
    assert out["received"]["udp"] >= 3
    assert out["received"]["dns"] >= 1
    assert out["attempts"]["udp_sendto"] == "ok" and out["attempts"]["tcp"] == "ok"
    assert not any(r["blocked"] for r in out["log"])
    # Each dotted, mixed-case, IDNA and family-specific form the guard refuses is a real leak: glibc
    # sends it to the DNS server (127.0.0.1%lo fails in glibc without a query; refused anyway).
    leaking = [k for k in DNS_FORMS if k != "dns_ipv4_scope"] + ["dns_ipv6_family", "connect_by_name"]
    assert {k: out["dns_delta"][k] >= 1 for k in leaking} == {k: True for k in leaking}
    if out["ipv6_trap"]:
        assert out["received"]["tcp6"] == 1 and out["attempts"]["tcp_ipv6"] == "ok"


def test_settings_can_turn_offline_mode_off_or_allow_a_host(tmp_path, user_dirs):
    cfg, _ = user_dirs
    save_settings(Settings(offline=False))
    out = in_netns(tmp_path, "raw", "guard")
    assert out["attempts"]["tcp"] == "ok" and out["received"]["tcp"] == 1
    save_settings(Settings(offline=True, allowed_hosts=[TRAP]))
    out = in_netns(tmp_path, "raw", "guard")
    assert out["attempts"]["tcp"] == "ok" and out["attempts"]["udp_sendto"] == "ok"
    assert out["attempts"]["dns"].startswith("ConnectionBlocked")  # other names stay blocked
    assert out["received"]["dns"] == 0


# ---- every entry point starts the guard --------------------------------------------------------
ENTRY_SNIPPET = ("import socket\n{imp}\ntry:\n    socket.create_connection(('" + TRAP + "', 8080), timeout=2)\n"
                 "    print('CONNECTED')\nexcept Exception as exc:\n    print(type(exc).__name__, exc)\n")


@pytest.mark.parametrize("entry, imp", [
    ("cli", "import factaudit.engine.cli"),
    ("console script (launcher)", "import factaudit.launcher"),
    ("console script", "import factaudit.launcher"),
    ("python -m factaudit", "import runpy, sys; sys.argv = ['factaudit', '--version']\n"
                            "try:\n    runpy.run_module('factaudit', run_name='not_main')\nexcept SystemExit:\n    pass"),
    ("gui", "import factaudit.gui.app"),
    ("bundle runtime hook", f"import runpy; runpy.run_path({str(ROOT / 'packaging/hooks/rthook_offline.py')!r})"),
    ("self-test", "from factaudit.engine import selftest\nselftest.CHECKS[:] = selftest.CHECKS[:1]\n"
                  "assert selftest.run_self_test(lambda s: None) == 0"),
])
def test_every_entry_point_starts_the_guard(tmp_path, user_dirs, entry, imp):
    script = tmp_path / "entry.py"
    script.write_text(ENTRY_SNIPPET.format(imp=imp))
    out = in_netns(tmp_path, "run", sys.executable, str(script))
    assert out["rc"] == 0, out
    assert out["stdout"].strip().splitlines()[-1] == "ConnectionBlocked " + MESSAGE.format(h=TRAP), (entry, out)
    assert out["received"]["tcp"] == 0


# ---- a verify run against a non-loopback endpoint -----------------------------------------------
def _retrieval_run(project, tmp_path: Path) -> str:
    from factaudit.engine.ingest import import_files

    claims = list_claims(project, "scifact-demo")[:2]
    pids = [p.id for p in iter_passages(project, "scifact-demo")][:3]
    f = tmp_path / "run.trec"
    f.write_text("".join(f"{c.id} Q0 {pid} {r} {9 - r}.0 t\n" for c in claims for r, pid in enumerate(pids, 1)))
    return import_files(project, [f], fmt="trec").run_id


@pytest.mark.parametrize("endpoint, host", [(f"http://{TRAP}:8080/v1", TRAP),
                                            ("https://llm.example.com/v1", "llm.example.com")])
def test_verify_against_a_remote_endpoint_is_one_line_and_sends_nothing(demo_project, tmp_path, user_dirs,
                                                                         endpoint, host):
    run = _retrieval_run(demo_project, tmp_path)
    path = demo_project.path
    demo_project.close()
    env_key = "sk-guardtest-0123456789abcdef"
    cmd = ["env", f"FACTAUDIT_API_KEY={env_key}", sys.executable, "-m", "factaudit", "verify", str(path),
           "--retrieval-run", run, "--endpoint", endpoint, "--model", "m", "--timeout", "2", "--retries", "3"]
    out = in_netns(tmp_path, "run", *cmd)
    assert out["rc"] == 2, out
    assert out["stderr"].strip().splitlines() == ["error: " + MESSAGE.format(h=host)]
    assert "retry" not in out["stderr"] and "Traceback" not in out["stderr"]
    assert out["received"] == {"tcp": 0, "udp": 0, "dns": 0, "tcp6": 0}
    blocked = [r for r in out["log"] if r["blocked"]]
    assert len(blocked) == 1 and blocked[0]["host"] == host and blocked[0]["bytes_sent"] == 0
    assert not [r for r in out["log"] if not r["blocked"]]  # no fake "bytes sent" entry
    # No run was started that could only fail.
    from factaudit.engine.project.db import Project

    with Project.open(path, readonly=True) as p:
        assert [r for r in p.conn.execute("SELECT id FROM runs WHERE kind = 'verify'")] == []


MID_CALL = """
from factaudit.engine import netguard
from factaudit.engine.models.openai_backend import OpenAIBackend
from factaudit.engine.models.registry import endpoint_entry

netguard.allow_for_session("{trap}")
netguard.set_guard(True)
backend = OpenAIBackend(endpoint_entry("http://{trap}:8080/v1", "m"), max_retries=4, backoff_base=5.0)
netguard._allowed_names.discard("{trap}")   # allowed when the client was built, not any more
retries = []
backend.on_retry = lambda *a: retries.append(a)
try:
    backend.complete_json([{{"role": "user", "content": "x"}}], {{"type": "object"}})
    print("CONNECTED")
except Exception as exc:
    print(type(exc).__name__, exc, "| retries", len(retries), backend.retries)
"""


def test_a_block_inside_the_http_client_is_not_retried(tmp_path, user_dirs):
    """httpx wraps the refusal twice (ConnectError, APIConnectionError); the backend finds it and
    stops at once instead of retrying a connection that can never be made."""
    script = tmp_path / "midcall.py"
    script.write_text(MID_CALL.format(trap=TRAP))
    out = in_netns(tmp_path, "run", sys.executable, str(script))
    assert out["stdout"].strip().splitlines()[-1] == f"ConnectionBlocked {MESSAGE.format(h=TRAP)} | retries 0 0"
    assert out["received"]["tcp"] == 0
    assert [(r["host"], r["bytes_sent"]) for r in out["log"]] == [(TRAP, 0)]


def test_allow_host_command_round_trip(user_dirs):
    from click.testing import CliRunner

    from factaudit.engine.cli import cli

    r = CliRunner().invoke(cli, ["allow-host", "https://API.Example.org:8443/v1", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["allowed_hosts"] == ["api.example.org"]
    assert not netguard.would_block("api.example.org") or not netguard.guard_enabled()
    r = CliRunner().invoke(cli, ["allow-host", "--list"])
    assert "api.example.org" in r.output and "offline mode: on" in r.output
    r = CliRunner().invoke(cli, ["allow-host", "--remove", "api.example.org", "--json"])
    assert json.loads(r.output)["allowed_hosts"] == []
    r = CliRunner().invoke(cli, ["allow-host", "--remove", "api.example.org"])
    assert r.exit_code == 2 and r.output.startswith("error: ") and len(r.output.strip().splitlines()) == 1
    r = CliRunner().invoke(cli, ["allow-host", "user:pw@host"])
    assert r.exit_code == 2
