"""The outbound connection log and the offline guard.

Every connection the app makes on purpose (an OpenAI-compatible endpoint, say) is recorded with
`record_connection` in `connections.jsonl` in the user data directory, so a user can show their IT
department exactly what left the laptop. Endpoints are logged without credentials or query strings.

The offline guard (engine/netguard.py) logs each connection it refuses here, as blocked, with zero
bytes: nothing was sent.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from factaudit.engine.config import data_dir
from factaudit.engine.redact import redact_text

LOG_FILE = "connections.jsonl"
_write_lock = threading.Lock()


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


def _bracket_bare_ipv6(endpoint: str) -> str:
    """`http://2001:db8::1/x` -> `http://[2001:db8::1]/x`: urlsplit would read host "2001" and port
    "db8::1" (the log once showed blocked IPv6 targets as "http://2001")."""
    scheme, sep, rest = endpoint.partition("://") if "://" in endpoint else ("", "", endpoint)
    rest = rest[2:] if not sep and rest.startswith("//") else rest
    netloc, slash, path = rest.partition("/")
    userinfo, at, hostport = netloc.rpartition("@")
    if hostport.count(":") >= 2 and not hostport.startswith("["):
        hostport = f"[{hostport}]"
    return f"{scheme}{sep}{userinfo}{at}{hostport}{slash}{path}" if sep else f"//{userinfo}{at}{hostport}{slash}{path}"


def sanitize_endpoint(endpoint: str) -> tuple[str, str]:
    """(endpoint without user:password, query or fragment, host). Keys sometimes ride in URLs."""
    try:
        parts = urlsplit(_bracket_bare_ipv6(endpoint))
        host = parts.hostname or ""
    except ValueError:  # not a URL at all (odd characters): keep no more than the text before a "/"
        parts = urlsplit("")
        host = endpoint.split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1].lower()
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
                      *, blocked: bool = False, host: str | None = None) -> ConnectionRecord:
    """Append one outbound connection to the log. Called by whatever talks to the network. `host`,
    when the caller knows it, is logged as given (the guard passes the exact name it refused)."""
    clean, parsed = sanitize_endpoint(endpoint)
    host = parsed if host is None else host
    rec = ConnectionRecord(time=utc_now_iso(), endpoint=clean, host=host, bytes_sent=int(bytes_sent),
                           bytes_received=int(bytes_received), purpose=redact_text(str(purpose)), blocked=blocked)
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
