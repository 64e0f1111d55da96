"""Offline mode, allowed hosts and the outbound connection log, as the CLI and the GUI see them."""
from __future__ import annotations

from factaudit.engine import changes, netguard, netlog
from factaudit.engine.config import Settings, load_settings, save_settings
from factaudit.engine.errors import InvalidArgument

ConnectionRecord = netlog.ConnectionRecord

# the connection log and the settings are the engine's own functions on the façade (connection_log,
# connection_log_path, offline_settings: engine.netlog / engine.config)
__all__ = ["ConnectionRecord", "allow_host", "disallow_host", "host_name", "set_offline"]


def set_offline(offline: bool, allowed_hosts: list[str] | None = None) -> Settings:
    s = load_settings()
    s.offline = offline
    if allowed_hosts is not None:
        s.allowed_hosts = [h.strip() for h in allowed_hosts if h.strip()]
    save_settings(s)
    changes.note(None, ("network",))
    netguard.set_guard(offline)
    return s


def host_name(value: str) -> str:
    """The host as offline mode compares it (normalised); InvalidArgument if it is not one."""
    host = netguard.normalize_host(value or "")
    if not host or any(c.isspace() or c in "/@?#" for c in host):
        raise InvalidArgument(f"not a host name or address: {value!r}")
    return host


def allow_host(host: str) -> Settings:
    """Let offline mode pass this host from now on (saved in settings.json)."""
    name = host_name(host)
    s = load_settings()
    if name not in {netguard.normalize_host(h) for h in s.allowed_hosts}:
        s.allowed_hosts.append(name)
        save_settings(s)
        changes.note(None, ("network",))
    return s


def disallow_host(host: str) -> Settings:
    name = host_name(host)
    s = load_settings()
    kept = [h for h in s.allowed_hosts if netguard.normalize_host(h) != name]
    if len(kept) == len(s.allowed_hosts):
        raise InvalidArgument(f"{name} is not among the allowed hosts")
    s.allowed_hosts = kept
    save_settings(s)
    changes.note(None, ("network",))
    return s
