"""Run inside a fresh network namespace (tests/engine/test_offline_guard.py starts it with
`unshare --net --mount`): the namespace has only `lo`, with 198.51.100.7 and 198.51.100.53 added to
it as traps, and /etc/resolv.conf bind-mounted to name 198.51.100.53 as the DNS server. A packet
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
TCP_PORT, UDP_PORT = 8080, 9999
received = {"tcp": 0, "udp": 0, "dns": 0}
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

    def accept():
        while True:
            conn, _ = tcp.accept()
            _count("tcp")
            conn.close()

    def recv(sock, kind):
        while True:
            sock.recvfrom(4096)
            _count(kind)

    for target, args in ((accept, ()), (recv, (udp, "udp")), (recv, (dns, "dns"))):
        threading.Thread(target=target, args=args, daemon=True).start()


blocked_counts: dict[str, int] = {}


def attempt(results: dict, name: str, fn) -> None:
    try:
        fn()
        results[name] = "ok"
    except Exception as exc:  # the probe reports whatever happened
        results[name] = f"{type(exc).__name__}: {exc}"
        if type(exc).__name__ == "ConnectionBlocked":
            blocked_counts[name] = blocked_counts.get(name, 0) + 1


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
            if target in (None, "127.0.0.1"):
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

    # Loopback stays open: a listener on 127.0.0.1 is reachable with the guard on.
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    attempt(results, "loopback", lambda: socket.create_connection(srv.getsockname(), timeout=2).close())
    srv.close()
    time.sleep(0.5)  # let a datagram that got through reach its trap
    return {"attempts": results, "seen_after_guard": seen, "blocked_counts": blocked_counts}


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
    out["log"] = [r.__dict__ for r in netlog.list_connections()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
