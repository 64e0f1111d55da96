"""Run inside a fresh network namespace (tests/engine/test_offline_guard.py starts it with
`unshare --net --mount`): the namespace has only `lo`, with 198.51.100.7 and 198.51.100.53 added to
it as traps (and 2001:db8::7 when the namespace has IPv6), /etc/resolv.conf bind-mounted to name
198.51.100.53 as the DNS server, and /etc/hosts and /etc/nsswitch.conf replaced by known ones
(`localhost` and `v4only.test` on 127.0.0.1 only; "hosts: files dns"). A packet
that got past the guard would land in a trap here, and can never leave the machine.

Usage:  python netns_probe.py raw guard|off [N] -- socket attempts in this process (N rounds)
        python netns_probe.py run CMD ARGS...   -- run CMD (a child in the same namespace)
Prints one JSON document: what the traps received, what each attempt raised, and what a second
audit hook (added after the guard) saw.
"""
from __future__ import annotations

import ipaddress
import json
import socket
import subprocess
import sys
import threading
import time

TRAP, DNS = "198.51.100.7", "198.51.100.53"
TRAP6 = "2001:db8::7"  # documentation prefix, added to lo as a trap when the namespace has IPv6
TCP_PORT, UDP_PORT = 8080, 9999
received = {"tcp": 0, "udp": 0, "dns": 0, "tcp6": 0}
trap6 = {"bound": False}  # whether the namespace could take the IPv6 trap address
_lock = threading.Lock()


def _count(kind: str) -> None:
    with _lock:
        received[kind] += 1


def start_traps() -> None:
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    tcp.bind((TRAP, TCP_PORT))
    tcp.listen(16)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind((TRAP, UDP_PORT))
    dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    dns.bind((DNS, 53))
    tcp6 = None
    try:
        tcp6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        tcp6.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        tcp6.bind((TRAP6, TCP_PORT))
        tcp6.listen(16)
        trap6["bound"] = True
    except OSError:
        tcp6 = None

    def accept():
        while True:
            conn, _ = tcp.accept()
            _count("tcp")
            conn.close()

    def recv(sock, kind):
        while True:
            sock.recvfrom(4096)
            _count(kind)

    def accept6():
        while True:
            conn, _ = tcp6.accept()
            _count("tcp6")
            conn.close()

    workers = [(accept, ()), (recv, (udp, "udp")), (recv, (dns, "dns"))] + ([(accept6, ())] if tcp6 else [])
    for target, args in workers:
        threading.Thread(target=target, args=args, daemon=True).start()


blocked_counts: dict[str, int] = {}


dns_delta: dict[str, int] = {}


def attempt(results: dict, name: str, fn) -> None:
    before = received["dns"]
    try:
        fn()
        results[name] = "ok"
    except Exception as exc:  # the probe reports whatever happened
        results[name] = f"{type(exc).__name__}: {exc}"
        if type(exc).__name__ == "ConnectionBlocked":
            blocked_counts[name] = blocked_counts.get(name, 0) + 1
    finally:
        time.sleep(0.01)  # a query sent just before a failure reaches the trap thread
        dns_delta[name] = dns_delta.get(name, 0) + received["dns"] - before


DNS_FORMS = {
    "dns_trailing_dot": "localhost.",
    "dns_mixed_case_dot": "LocalHost.",
    "dns_fullwidth_idna": "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54\u3002",  # ｌｏｃａｌｈｏｓｔ。
    "dns_idna_homoglyph": "l\u0435ak.localhost",  # Cyrillic е: xn--lak-...
    "dns_mixed_case": "V4ONLY.TEST.",
    "dns_ipv4_scope": "127.0.0.1%lo",  # not numeric to getaddrinfo: a name lookup
}


def _literal(host) -> bool:
    try:
        ipaddress.ip_address(str(host))
        return True
    except ValueError:
        return False


def raw(mode: str, trials: int = 1) -> dict:
    seen: list[str] = []
    if mode == "guard":
        from factaudit.engine.netguard import start_from_settings

        start_from_settings()

    # Added after the guard: audit hooks run in order, so this sees an event only if the guard let
    # it through, and every audit event is raised before its system call.
    def later_hook(event, args):
        if event in ("socket.connect", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo"):
            target = args[1] if event != "socket.getaddrinfo" else args[0]
            if isinstance(target, tuple):
                target = target[0]
            if target in (None, "127.0.0.1", "v4only.test"):  # v4only.test: the hosts file's loopback name
                return
            if event == "socket.getaddrinfo" and _literal(target):
                return  # a literal address needs no DNS; its connect is what counts
            seen.append(f"{event} {target}")

    sys.addaudithook(later_hook)
    results: dict[str, str] = {}

    def udp_sendto():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(b"sendto", (TRAP, UDP_PORT))

    def udp_connect_send():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((TRAP, UDP_PORT))
            s.send(b"connected")

    def udp_sendmsg():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendmsg([b"sendmsg"], [], 0, (TRAP, UDP_PORT))

    def ipv6_mapped():
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
            s.sendto(b"mapped", (f"::ffff:{TRAP}", UDP_PORT))

    def connect_by_name():
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(2)
            s.connect(("connect.example.org", TCP_PORT))

    for _ in range(trials):
        attempt(results, "tcp", lambda: socket.create_connection((TRAP, TCP_PORT), timeout=2).close())
        attempt(results, "udp_sendto", udp_sendto)
        attempt(results, "udp_connect", udp_connect_send)
        attempt(results, "udp_sendmsg", udp_sendmsg)
        attempt(results, "udp_ipv6_mapped", ipv6_mapped)
        attempt(results, "dns", lambda: socket.getaddrinfo("updates.example.com", 443))
        attempt(results, "dns_gethostbyname", lambda: socket.gethostbyname("telemetry.example.net"))
        # not in the hosts file, so the resolver would ask the DNS server about it
        attempt(results, "dns_localhost_suffix", lambda: socket.getaddrinfo("leak.localhost", 443))
        # Forms of local names the hosts file does not answer (issue #26): glibc sends them to DNS.
        for label, form in DNS_FORMS.items():
            attempt(results, label, lambda form=form: socket.getaddrinfo(form, 443))
        # The hosts file maps v4only.test to 127.0.0.1 only: an IPv6 lookup of it goes on to DNS.
        attempt(results, "dns_ipv6_family", lambda: socket.getaddrinfo("v4only.test", 443, socket.AF_INET6))
        attempt(results, "tcp_ipv6", lambda: socket.create_connection((TRAP6, TCP_PORT), timeout=2).close())
        # connect() with a name resolves inside the socket call: the guard must look first.
        attempt(results, "connect_by_name", connect_by_name)

    # Loopback stays open: a listener on 127.0.0.1 is reachable with the guard on.
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    attempt(results, "loopback", lambda: socket.create_connection(srv.getsockname(), timeout=2).close())
    # Names the hosts file maps, in exactly that form, stay usable offline.
    attempt(results, "loopback_by_name",
            lambda: socket.create_connection(("v4only.test", srv.getsockname()[1]), timeout=2).close())
    srv.close()
    time.sleep(0.5)  # let a datagram that got through reach its trap
    return {"attempts": results, "seen_after_guard": seen, "blocked_counts": blocked_counts,
            "dns_delta": dns_delta}


def main() -> None:
    start_traps()
    out: dict = {}
    if sys.argv[1] == "raw":
        out.update(raw(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1))
    else:
        proc = subprocess.run(sys.argv[2:], capture_output=True, text=True, timeout=300)
        out.update({"rc": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr})
        time.sleep(0.5)
    from factaudit.engine import netlog

    out["received"] = dict(received)
    out["ipv6_trap"] = trap6["bound"]
    out["log"] = [r.__dict__ for r in netlog.list_connections()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
