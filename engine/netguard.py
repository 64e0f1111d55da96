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
`factaudit allow-host HOST`) pass. A *name* is local only in the exact form the resolver will be
asked (after Python's IDNA encoding, case and dots kept) and only when the hosts file maps that form
to loopback for the family asked and is consulted before DNS (nsswitch.conf): glibc does not answer
`localhost.` or `ｌｏｃａｌｈｏｓｔ。` from the hosts file, it asks the DNS server (issue #26). A refusal is logged once as blocked, with zero bytes (nothing was
sent), and raises ConnectionBlocked, whose message is the one line users see. Audit hooks cannot be
removed, so the hook stays installed and `set_guard` only switches it.

Native code that opens its own sockets without Python is outside the hook's reach (issue #36):
onnxruntime >= 1.30 on Linux links Microsoft's 1DS telemetry client, which looks up and posts to
mobile.events.data.microsoft.com from its own threads and keeps a device id and an event store in
~/.cache/Microsoft/DeveloperTools/.onnxruntime. Its only working switch is the environment variable
ORT_DISABLE_TELEMETRY, read once when the native library loads (`disable_telemetry_events()` does
not stop it). So `start_from_settings` sets every known native telemetry switch first, offline or
not, and `native_switches_missed` names a library that was loaded before its switch was set.
"""
from __future__ import annotations

import ipaddress
import os
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
# name, exactly as the hosts file spells it -> the address families it maps to loopback
_hosts_names: dict[str, frozenset[int]] | None = None
NSSWITCH = "/etc/nsswitch.conf"
# nsswitch sources that may come before `files` without sending a hosts-file name to a DNS server:
# they answer locally (myhostname, mymachines) or read the hosts file themselves (systemd-resolved).
_LOCAL_SOURCES = {"myhostname", "mymachines", "resolve"}


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


def literal_ip(host: str):
    """The address when `host` is a literal getaddrinfo parses without DNS, else None. Only IPv6
    takes a `%scope`: `127.0.0.1%x` is not numeric to glibc and would be looked up as a name."""
    addr, pct, scope = host.partition("%")
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return None
    if pct and (ip.version != 6 or not _known_scope(scope)):
        return None
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip


def _known_scope(scope: str) -> bool:
    """An IPv6 zone glibc parses numerically: a number or an existing interface name (else the
    whole string would be taken for a name to look up)."""
    if scope.isdigit():
        return True
    try:
        socket.if_nametoindex(scope)
        return True
    except (OSError, AttributeError, ValueError):
        return False


def wire_name(host) -> str | None:
    """The name as the resolver receives it: Python IDNA-encodes str hosts (NFKC, so full-width
    letters and the ideographic full stop become ASCII) and keeps case and trailing dots."""
    if isinstance(host, (bytes, bytearray)):
        try:
            return bytes(host).decode("ascii")
        except UnicodeDecodeError:
            return None
    try:
        return str(host).encode("idna").decode("ascii")
    except (UnicodeError, ValueError):
        return None


def is_local(host, family: int = 0) -> bool:
    """A loopback (or unspecified) literal, or a name the hosts file maps to loopback in exactly this
    form for `family` (0: any). Everything else — `x.localhost`, `localhost.`, `LOCALHOST` when the
    file says `localhost`, this machine's name when the file lacks it — could be asked of DNS."""
    if host in ("", b""):
        return True
    name = wire_name(host)
    if name is None:
        return False
    ip = literal_ip(name)
    if ip is not None:
        return ip.is_loopback or ip.is_unspecified
    families = _hosts_file_names().get(name)
    if not families:
        return False
    return family not in (socket.AF_INET, socket.AF_INET6) or family in families


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


def url_host(url: str) -> str:
    """The host an HTTP client will resolve for `url`: lower-cased, brackets gone, dots kept."""
    from urllib.parse import urlsplit

    text = url.strip()
    try:
        return urlsplit(text if "://" in text else f"//{text}").hostname or ""
    except ValueError:
        return text.lower()


def would_block(host: str) -> bool:
    """Whether a connection to `host` would be refused now (no lookup, no log): for displays."""
    if not _on:
        return False
    raw = host[1:host.index("]")] if host.startswith("[") and "]" in host else host
    if is_local(raw):
        return False
    return normalize_host(host) not in allowed_hosts()


def check_endpoint(url: str) -> None:
    """Before a client is even built for an endpoint: refuse (and log once) a host offline mode
    would block, so no run is started that could only fail."""
    host = url_host(url)
    if host and would_block(host):
        shown = f"[{host}]" if ":" in host else host
        _refuse(host, f"{url.split('://', 1)[0]}://{shown}" if "://" in url else shown)


def _refuse(host: str, target: str) -> None:
    from factaudit.engine import netlog

    try:
        netlog.record_connection(target, 0, 0, "blocked by offline mode", blocked=True, host=host)
    except OSError:
        pass  # an unwritable log must not let the connection through
    raise ConnectionBlocked(host, target)


def check_address(address) -> None:
    """Raise ConnectionBlocked unless `address` (as passed to connect/sendto) may be reached."""
    if not isinstance(address, tuple) or not address:
        return  # Unix-domain socket paths (keyring, asyncio) never leave the machine
    host = address[0].decode(errors="replace") if isinstance(address[0], bytes) else str(address[0])
    if is_local(address[0]):
        return
    names = allowed_hosts()
    ip = literal_ip(host)
    if host.lower() in names or (ip is not None and str(ip) in _allowed_ips(names)):
        return
    port = address[1] if len(address) > 1 else ""
    shown = f"[{host}]" if ":" in host else host
    _refuse(host, f"{shown}:{port}")


def read_hosts_file(path: str = "/etc/hosts") -> dict[str, frozenset[int]]:
    """Names a hosts file maps to a loopback address, spelled as in the file, with the address
    families (AF_INET, AF_INET6) of their loopback entries. A name also mapped to a non-loopback
    address is left out: the resolver could return that one."""
    found: dict[str, set[int]] = {}
    remote: set[str] = set()
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split("#", 1)[0].split()
                ip = literal_ip(fields[0]) if fields else None
                if ip is None:
                    continue
                family = socket.AF_INET if ip.version == 4 else socket.AF_INET6
                for name in fields[1:]:
                    if ip.is_loopback:
                        found.setdefault(name, set()).add(family)
                    else:
                        remote.add(name)
    except OSError:
        pass
    return {n: frozenset(f) for n, f in found.items() if n not in remote}


def hosts_file_first(path: str = NSSWITCH) -> bool:
    """Whether the resolver reads the hosts file before it could ask DNS. Without nsswitch.conf,
    macOS, musl and Windows read the hosts file first; glibc does not."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [ln.split("#", 1)[0].split() for ln in f]
    except OSError:
        return True
    for fields in lines:
        if fields and fields[0] == "hosts:":
            for source in fields[1:]:
                if source.startswith("["):
                    continue  # an action such as [NOTFOUND=return]
                if source == "files":
                    return True
                if source not in _LOCAL_SOURCES:
                    return False
            return False
    # glibc without an nsswitch.conf uses "dns [!UNAVAIL=return] files": DNS first.
    import platform  # here, not at the top: every command starts the guard, few reach this line

    return platform.libc_ver()[0] != "glibc"


def _hosts_file_names() -> dict[str, frozenset[int]]:
    """The system hosts file's loopback names, read once per process (none if DNS comes first)."""
    global _hosts_names
    if _hosts_names is None:
        _hosts_names = read_hosts_file() if hosts_file_first() else {}
    return _hosts_names


def check_lookup(host, family: int = 0) -> None:
    """Name lookups leak the name to the resolver, so unconfigured names are refused before DNS."""
    if host is None:
        return
    name = host.decode(errors="replace") if isinstance(host, (bytes, bytearray)) else str(host)
    if is_local(host, family) or normalize_host(name) in allowed_hosts():
        return
    wire = wire_name(host)
    if wire is not None and literal_ip(wire) is not None:
        return  # a literal address: no DNS; the connect/sendto check decides
    _refuse(name, f"dns://[{name}]" if ":" in name else f"dns://{name}")


def check_reverse(address) -> None:
    """Reverse lookups of a remote address ask a DNS server about it."""
    host = address[0] if isinstance(address, tuple) and address else address
    if host is None:
        return
    host = str(host)
    if literal_ip(host) is None:
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
        elif event == "socket.getaddrinfo":
            check_lookup(args[0], args[2] if len(args) > 2 and isinstance(args[2], int) else 0)
        elif event == "socket.gethostbyname":
            check_lookup(args[0], socket.AF_INET)
        elif event in ("socket.gethostbyaddr", "socket.getnameinfo"):
            check_reverse(args[0])
    finally:
        _in_hook.busy = False


def _name_in(address) -> object | None:
    """The host of an (host, port, ...) address when it is a name, not a literal."""
    if not isinstance(address, tuple) or not address or not isinstance(address[0], (str, bytes, bytearray)):
        return None
    wire = wire_name(address[0])
    return None if wire is not None and literal_ip(wire) is not None else address[0]


def _guard_method(name: str, where):
    """socket.connect(("name", port)) resolves the name inside the C call, before the audit event
    fires (CPython raises "socket.connect" after getsockaddrarg): so the DNS query left before the
    hook could refuse it. This wrapper looks at the name first."""
    original = getattr(socket.socket, name)

    def method(self, *args):
        if _on and self.family in (socket.AF_INET, socket.AF_INET6):
            host = _name_in(where(args))
            if host is not None:
                check_lookup(host, self.family)
        return original(self, *args)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = original.__doc__
    setattr(socket.socket, name, method)


def install_guard() -> None:
    global _installed
    with _lock:
        if not _installed:
            sys.addaudithook(_hook)
            _guard_method("connect", lambda a: a[0] if a else None)
            _guard_method("connect_ex", lambda a: a[0] if a else None)
            _guard_method("sendto", lambda a: a[-1] if len(a) >= 2 else None)
            _guard_method("sendmsg", lambda a: a[3] if len(a) >= 4 else None)
            _installed = True


def set_guard(enabled: bool) -> None:
    """Switch the guard on or off (installing the hook on first use)."""
    global _on
    if enabled:
        install_guard()
    _on = bool(enabled)


def guard_enabled() -> bool:
    return _on


# Environment switches that native libraries read when they load; never telemetry, offline or not.
# (module that loads the native code, variable, value)
NATIVE_SWITCHES = (
    ("onnxruntime", "ORT_DISABLE_TELEMETRY", "1"),
    ("huggingface_hub", "HF_HUB_DISABLE_TELEMETRY", "1"),
    ("huggingface_hub", "DO_NOT_TRACK", "1"),
)
_loaded_before_switch: set[str] = set()


def quiet_native_telemetry() -> None:
    """Set every native telemetry switch (overriding a user value: no telemetry is a rule, not a
    default) and remember which of their libraries were already loaded, too late to switch."""
    for module, var, value in NATIVE_SWITCHES:
        if os.environ.get(var) != value and module in sys.modules:
            _loaded_before_switch.add(module)
        os.environ[var] = value


def native_switches_missed() -> list[str]:
    """Libraries loaded before their telemetry switch was set in this process (their native code may
    phone home and nothing here can stop it now)."""
    return sorted(m for m in _loaded_before_switch if m in sys.modules)


def start_from_settings() -> bool:
    """The first call of every entry point: native telemetry off, then the guard on unless the user
    turned offline mode off. A damaged or unreadable settings file keeps offline mode on
    (config.load_settings)."""
    quiet_native_telemetry()
    try:
        on = load_settings().offline
    except Exception as exc:  # noqa: BLE001 - never let a settings problem open the network
        import logging

        logging.getLogger(__name__).warning("the settings could not be read (%s: %s); offline mode stays on",
                                            type(exc).__name__, exc)
        on = True
    set_guard(on)
    return on
