"""The outbound connection log and the offline guard.

Every connection the app makes on purpose (an OpenAI-compatible endpoint, say) is recorded with
`record_connection` in `connections.jsonl` in the user data directory, so a user can show their IT
department exactly what left the laptop. Endpoints are logged without credentials or query strings.

The optional guard (`install_guard` + `set_guard`) is a `sys.addaudithook` hook on "socket.connect":
while it is enabled, connections to anything but loopback, Unix sockets and allowed hosts raise
ConnectionBlocked before any packet is sent, and the attempt is logged as blocked. Audit hooks can
never be removed, so the hook stays installed and `set_guard` only switches it on and off.
"""
from __future__ import annotations

import datetime as _dt
import ipaddress
import json
import os
import socket
import sys
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from factaudit.engine.config import data_dir, load_settings
from factaudit.engine.errors import EndpointError

LOG_FILE = "connections.jsonl"
_write_lock = threading.Lock()


class ConnectionBlocked(EndpointError, ConnectionError):
    """Offline mode refused a connection to a host the user did not configure. Also a
    ConnectionError, so HTTP clients treat it like any unreachable host."""


@dataclass(frozen=True)
class ConnectionRecord:
    time: str
    endpoint: str
    host: str
    bytes_sent: int
    bytes_received: int
    purpose: str
    blocked: bool = False


def utc_now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def log_path() -> Path:
    return data_dir() / LOG_FILE


def sanitize_endpoint(endpoint: str) -> tuple[str, str]:
    """(endpoint without user:password, query or fragment, host). Keys sometimes ride in URLs."""
    parts = urlsplit(endpoint if "://" in endpoint else f"//{endpoint}")
    host = parts.hostname or ""
    netloc = host if ":" not in host else f"[{host}]"
    try:
        port = parts.port
    except ValueError:  # not a number: leave it out rather than fail the log
        port = None
    if port:
        netloc += f":{port}"
    scheme = f"{parts.scheme}://" if parts.scheme else ""
    return f"{scheme}{netloc}{parts.path}", host


def record_connection(endpoint: str, bytes_sent: int, bytes_received: int, purpose: str,
                      *, blocked: bool = False) -> ConnectionRecord:
    """Append one outbound connection to the log. Called by whatever talks to the network."""
    clean, host = sanitize_endpoint(endpoint)
    rec = ConnectionRecord(time=utc_now_iso(), endpoint=clean, host=host, bytes_sent=int(bytes_sent),
                           bytes_received=int(bytes_received), purpose=str(purpose), blocked=blocked)
    line = json.dumps(asdict(rec), ensure_ascii=False) + "\n"
    path = log_path()
    with _write_lock:
        # O_APPEND keeps lines whole when two processes log at once.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)
    return rec


def list_connections(limit: int | None = None) -> list[ConnectionRecord]:
    """Logged connections, oldest first (the last `limit` when given). Damaged lines are skipped."""
    path = data_dir(create=False) / LOG_FILE
    if not path.is_file():
        return []
    out: list[ConnectionRecord] = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                raw = json.loads(line)
                out.append(ConnectionRecord(
                    time=str(raw["time"]), endpoint=str(raw["endpoint"]), host=str(raw.get("host", "")),
                    bytes_sent=int(raw.get("bytes_sent", 0)), bytes_received=int(raw.get("bytes_received", 0)),
                    purpose=str(raw.get("purpose", "")), blocked=bool(raw.get("blocked", False))))
            except (ValueError, KeyError, TypeError):
                continue
    return out[-limit:] if limit else out


def connection_totals() -> dict[str, int]:
    recs = list_connections()
    return {"connections": sum(1 for r in recs if not r.blocked), "blocked": sum(1 for r in recs if r.blocked),
            "bytes_sent": sum(r.bytes_sent for r in recs), "bytes_received": sum(r.bytes_received for r in recs)}


# ---- the offline guard ------------------------------------------------------------------------
_guard_lock = threading.Lock()
_guard_installed = False
_guard_on = False
_allowed_names: set[str] = set()
_resolved: dict[str, set[str]] = {}
_in_hook = threading.local()


def allow_endpoint(endpoint: str) -> str:
    """Let the guard pass connections to this endpoint's host (an endpoint the user configured)."""
    _, host = sanitize_endpoint(endpoint)
    if host:
        _allowed_names.add(host.lower())
    return host


def allowed_hosts() -> set[str]:
    return set(_allowed_names) | {h.lower() for h in load_settings().allowed_hosts}


def _is_local(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _allowed_ips(names: set[str]) -> set[str]:
    ips: set[str] = set()
    for name in names:
        if name not in _resolved:
            try:
                _resolved[name] = {info[4][0] for info in socket.getaddrinfo(name, None)}
            except OSError:
                _resolved[name] = set()
        ips |= _resolved[name]
    return ips


def check_address(address) -> None:
    """Raise ConnectionBlocked unless `address` (as passed to socket.connect) may be reached."""
    if not isinstance(address, tuple) or not address:
        return  # Unix-domain socket paths (keyring, asyncio) never leave the machine
    host = str(address[0])
    if _is_local(host):
        return
    names = allowed_hosts()
    if host.lower() in names or host in _allowed_ips(names):
        return
    port = address[1] if len(address) > 1 else ""
    try:
        record_connection(f"{host}:{port}", 0, 0, "blocked by offline mode", blocked=True)
    except OSError:
        pass
    raise ConnectionBlocked(f"offline mode blocked a connection to {host}:{port}; add the host to the "
                            "allowed hosts in settings if you configured this endpoint")


def check_lookup(host) -> None:
    """Name lookups leak the name to the resolver, so unconfigured names are refused before DNS."""
    if host is None:
        return
    name = host.decode() if isinstance(host, bytes) else str(host)
    if not name or _is_local(name) or name.lower() in allowed_hosts():
        return
    try:
        ipaddress.ip_address(name.split("%", 1)[0])
        return  # a literal address: the connect check decides
    except ValueError:
        pass
    if name.lower() == socket.gethostname().lower():
        return
    try:
        record_connection(f"dns://{name}", 0, 0, "name lookup blocked by offline mode", blocked=True)
    except OSError:
        pass
    raise ConnectionBlocked(f"offline mode blocked a name lookup for {name}; add the host to the allowed "
                            "hosts in settings if you configured this endpoint")


_WATCHED = {"socket.connect", "socket.getaddrinfo", "socket.gethostbyname"}


def _hook(event: str, args) -> None:
    if not _guard_on or event not in _WATCHED:
        return
    if getattr(_in_hook, "busy", False):
        return  # resolving allowed names from inside the hook
    _in_hook.busy = True
    try:
        if event == "socket.connect":
            check_address(args[1])
        else:
            check_lookup(args[0])
    finally:
        _in_hook.busy = False


def install_guard() -> None:
    global _guard_installed
    with _guard_lock:
        if not _guard_installed:
            sys.addaudithook(_hook)
            _guard_installed = True


def set_guard(enabled: bool) -> None:
    """Switch the guard on or off (installing the hook on first use)."""
    global _guard_on
    if enabled:
        install_guard()
    _guard_on = enabled


def guard_enabled() -> bool:
    return _guard_on


def apply_offline_settings() -> bool:
    """Call at start: turn the guard on when the user's settings say offline (the default)."""
    on = load_settings().offline
    set_guard(on)
    return on
