"""Offline mode, allowed hosts and the outbound connection log, as the CLI and the GUI see them."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from factaudit.engine import changes, netguard, netlog
from factaudit.engine.config import Settings, load_settings, save_settings
from factaudit.engine.errors import InvalidArgument

ConnectionRecord = netlog.ConnectionRecord

# the connection log and the settings are the engine's own functions on the façade (connection_log,
# connection_log_path, offline_settings: engine.netlog / engine.config)
__all__ = ["ConnectionRecord", "NativeNetworkStatus", "allow_host", "disallow_host", "host_name",
           "native_network_status", "set_offline"]

# What the connection log can and cannot see, said wherever it is shown (issue #36).
LOG_SCOPE = ("the log and the offline guard see every socket opened through Python; native libraries that "
             "open their own sockets are not seen, so their telemetry is switched off when factaudit starts")


@dataclass(frozen=True)
class NativeNetworkStatus:
    """Native code the guard cannot see: the switches set at start, and traces of telemetry that ran."""

    switches: dict[str, str]
    missed: list[str] = field(default_factory=list)       # libraries loaded before their switch, this process
    traces: list[str] = field(default_factory=list)       # telemetry stores some earlier process left
    scope: str = LOG_SCOPE

    def to_json(self) -> dict:
        return {"switches": self.switches, "loaded_before_switch": self.missed, "telemetry_traces": self.traces,
                "scope": self.scope}


def _telemetry_stores() -> list[Path]:
    """Where onnxruntime's 1DS client keeps its device id and unsent events (made only when it runs)."""
    roots = [Path(os.environ["XDG_CACHE_HOME"])] if os.environ.get("XDG_CACHE_HOME") else []
    roots.append(Path.home() / ".cache")
    return [r / "Microsoft" / "DeveloperTools" / ".onnxruntime" for r in dict.fromkeys(roots)]


def native_network_status() -> NativeNetworkStatus:
    return NativeNetworkStatus({var: value for _, var, value in netguard.NATIVE_SWITCHES},
                               netguard.native_switches_missed(),
                               [str(p) for p in _telemetry_stores() if p.exists()])


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
