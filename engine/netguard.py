"""The offline guard: nothing leaves the machine unless the user allowed the host.

Every entry point (the CLI module, the GUI startup, the bundle's runtime hook, the self-test) calls
`start_from_settings()` before importing anything that may open a socket. Offline mode is on unless
the user switched it off in settings.json (user config directory).

The guard is a `sys.addaudithook` hook. CPython raises the audit event *before* the system call, so
raising here refuses the operation before any packet exists:

- "socket.connect"  (TCP connect, and UDP connect)            -> address checked
- "socket.sendto" / "socket.sendmsg" (UDP datagrams)          -> address checked
- "socket.getaddrinfo" / "socket.gethostbyname"               -> a name lookup would ask a DNS server,
                                                                 so names that are not local or allowed
                                                                 are refused before the resolver runs
- "socket.gethostbyaddr" / "socket.getnameinfo"               -> reverse lookups of remote addresses

Loopback, the unspecified address, Unix-domain sockets and the hosts the user allowed (settings or
`factaudit allow-host HOST`) pass. A refusal is logged once as blocked, with zero bytes (nothing was
sent), and raises ConnectionBlocked, whose message is the one line users see. Native code that opens
its own sockets without Python (none of our dependencies does for inference) is outside its reach.
Audit hooks cannot be removed, so the hook stays installed and `set_guard` only switches it.
"""
from __future__ import annotations

import ipaddress
import socket
import sys
import threading

from factaudit.engine.config import load_settings
from factaudit.engine.errors import EndpointError

BLOCK_MESSAGE = ("blocked by offline mode: {host} (allow it in Settings \u203a Network, "
                 "or `factaudit allow-host {host}`)")


class ConnectionBlocked(EndpointError, ConnectionError):
    """Offline mode refused a connection or lookup. Also a ConnectionError, so HTTP clients treat it
    like an unreachable host; callers that retry must look for it and stop (see is_blocked)."""

    def __init__(self, host: str, target: str = ""):
        self.host = host
        self.target = target or host
        super().__init__(BLOCK_MESSAGE.format(host=host))

    def __reduce__(self):  # keep it picklable across process pools
        return (type(self), (self.host, self.target))


_lock = threading.Lock()
_installed = False
_on = False
_allowed_names: set[str] = set()        # allowed for this process (an endpoint the user typed)
_resolved: dict[str, set[str]] = {}
_in_hook = threading.local()
_hosts_names: frozenset[str] | None = None


def blocked_cause(exc: BaseException | None) -> ConnectionBlocked | None:
    """The ConnectionBlocked behind an exception (HTTP clients wrap it two or three times)."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, ConnectionBlocked):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def normalize_host(host: str) -> str:
    host = host.strip().lower()
    if "://" in host:
        from urllib.parse import urlsplit

        host = urlsplit(host).hostname or ""
    if host.startswith("[") and "]" in host:
        host = host[1:host.index("]")]
    return host.rstrip(".")


def allow_for_session(host: str) -> str:
    """Let the guard pass this host for the rest of the process (not saved)."""
    name = normalize_host(host)
    if name:
        _allowed_names.add(name)
    return name


def allowed_hosts() -> set[str]:
    return set(_allowed_names) | {normalize_host(h) for h in load_settings().allowed_hosts}


def _ip(host: str):
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip


def is_local(host: str) -> bool:
    """A loopback address, or a name the hosts file maps to one. Other names, `x.localhost` and this
    machine's own name when the hosts file lacks it included, would be asked of the DNS server."""
    name = host.lower().rstrip(".")
    if name in ("localhost", "") or name in _hosts_file_names():
        return True
    ip = _ip(name)
    return ip is not None and (ip.is_loopback or ip.is_unspecified)


def _allowed_ips(names: set[str]) -> set[str]:
    ips: set[str] = set()
    for name in names:
        if name not in _resolved:
            if _ip(name) is not None:
                _resolved[name] = {str(_ip(name))}
                continue
            try:
                _resolved[name] = {str(_ip(i[4][0]) or i[4][0]) for i in socket.getaddrinfo(name, None)}
            except OSError:
                _resolved[name] = set()
        ips |= _resolved[name]
    return ips


def would_block(host: str) -> bool:
    """Whether a connection to `host` would be refused now (no lookup, no log): for displays."""
    if not _on or is_local(host):
        return False
    name = normalize_host(host)
    return name not in allowed_hosts()


def check_endpoint(url: str) -> None:
    """Before a client is even built for an endpoint: refuse (and log once) a host offline mode
    would block, so no run is started that could only fail."""
    host = normalize_host(url)
    if host and would_block(host):
        _refuse(host, f"{url.split('://', 1)[0]}://{host}" if "://" in url else host)


def _refuse(host: str, target: str) -> None:
    from factaudit.engine import netlog

    try:
        netlog.record_connection(target, 0, 0, "blocked by offline mode", blocked=True)
    except OSError:
        pass  # an unwritable log must not let the connection through
    raise ConnectionBlocked(host, target)


def check_address(address) -> None:
    """Raise ConnectionBlocked unless `address` (as passed to connect/sendto) may be reached."""
    if not isinstance(address, tuple) or not address:
        return  # Unix-domain socket paths (keyring, asyncio) never leave the machine
    host = address[0].decode() if isinstance(address[0], bytes) else str(address[0])
    if is_local(host):
        return
    names = allowed_hosts()
    ip = _ip(host)
    if host.lower() in names or (ip is not None and str(ip) in _allowed_ips(names)):
        return
    port = address[1] if len(address) > 1 else ""
    shown = f"[{host}]" if ":" in host else host
    _refuse(host, f"{shown}:{port}")


def read_hosts_file(path: str = "/etc/hosts") -> frozenset[str]:
    """Names a hosts file maps to a loopback address."""
    names: set[str] = set()
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split("#", 1)[0].split()
                ip = _ip(fields[0]) if fields else None
                if ip is not None and ip.is_loopback:
                    names.update(n.lower().rstrip(".") for n in fields[1:])
    except OSError:
        pass
    return frozenset(names)


def _hosts_file_names() -> frozenset[str]:
    """The system hosts file's loopback names, read once per process."""
    global _hosts_names
    if _hosts_names is None:
        _hosts_names = read_hosts_file()
    return _hosts_names


def check_lookup(host) -> None:
    """Name lookups leak the name to the resolver, so unconfigured names are refused before DNS."""
    if host is None:
        return
    name = host.decode(errors="replace") if isinstance(host, (bytes, bytearray)) else str(host)
    if is_local(name) or normalize_host(name) in allowed_hosts():
        return
    if _ip(name) is not None:
        return  # a literal address: no DNS; the connect/sendto check decides
    _refuse(name, f"dns://{name}")


def check_reverse(address) -> None:
    """Reverse lookups of a remote address ask a DNS server about it."""
    host = address[0] if isinstance(address, tuple) and address else address
    if host is None:
        return
    host = str(host)
    if _ip(host) is None:
        check_lookup(host)
        return
    check_address((host, 0))


def _hook(event: str, args) -> None:
    if not _on or not event.startswith("socket."):
        return
    if getattr(_in_hook, "busy", False):
        return  # resolving allowed names from inside the hook
    _in_hook.busy = True
    try:
        if event in ("socket.connect", "socket.sendto"):
            check_address(args[1])
        elif event == "socket.sendmsg":
            if args[1] is not None:   # None: a connected socket, checked at connect
                check_address(args[1])
        elif event in ("socket.getaddrinfo", "socket.gethostbyname"):
            check_lookup(args[0])
        elif event in ("socket.gethostbyaddr", "socket.getnameinfo"):
            check_reverse(args[0])
    finally:
        _in_hook.busy = False


def install_guard() -> None:
    global _installed
    with _lock:
        if not _installed:
            sys.addaudithook(_hook)
            _installed = True


def set_guard(enabled: bool) -> None:
    """Switch the guard on or off (installing the hook on first use)."""
    global _on
    if enabled:
        install_guard()
    _on = bool(enabled)


def guard_enabled() -> bool:
    return _on


def start_from_settings() -> bool:
    """The first call of every entry point: guard on unless the user turned offline mode off.
    A damaged or unreadable settings file keeps offline mode on (config.load_settings)."""
    try:
        on = load_settings().offline
    except Exception:  # never let a settings problem open the network
        on = True
    set_guard(on)
    return on
