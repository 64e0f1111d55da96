"""API keys for OpenAI-compatible endpoints: the OS keyring, else FACTAUDIT_API_KEY, else
OPENAI_API_KEY. Keys are never logged, never put into run config or provenance, never written into
a project file. A headless machine without a keyring backend (NoKeyringError) falls back to the
environment variables.

An endpoint URL may carry a key (`http://user:KEY@host/v1?api_key=KEY`): `split_endpoint_url` takes
it out, so only the clean URL is stored, and keeps the key in memory for this process only. Every key
handed out here is registered with engine.redact, so later writes redact its exact value."""
from __future__ import annotations

import logging
import os
import threading
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from factaudit.engine import redact

SERVICE = "factaudit"
ENV_VARS = ("FACTAUDIT_API_KEY", "OPENAI_API_KEY")


def _keyring_get(base_url: str) -> str | None:
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return None
    try:
        return keyring.get_password(SERVICE, base_url)
    except KeyringError:  # includes NoKeyringError on headless machines
        return None
    except Exception as exc:  # noqa: BLE001 - a broken backend (dbus gone, locked wallet) must not stop a run
        logging.getLogger(__name__).warning("the keyring could not be read (%s: %s); the key comes from the "
                                            "environment variables instead", type(exc).__name__,
                                            redact.redact_text(str(exc)))
        return None


# Query parameters that carry credentials; they are taken out of endpoint URLs.
SECRET_PARAMS = {"api_key", "api-key", "apikey", "key", "token", "access_token", "access-token", "auth",
                 "password", "secret"}
_url_keys: dict[str, str] = {}
_url_lock = threading.Lock()


def split_endpoint_url(url: str) -> tuple[str, str | None]:
    """(URL without userinfo and credential query parameters, the key it carried or None).
    The key is remembered for the clean URL in this process (never written anywhere)."""
    parts = urlsplit(url)
    key = None
    if "@" in parts.netloc:
        userinfo, _, hostport = parts.netloc.rpartition("@")
        user, _, password = userinfo.partition(":")
        key = password or user or None
        redact.register_secret(user)
    else:
        hostport = parts.netloc
    kept = []
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        if name.lower() in SECRET_PARAMS:
            key = value or key
        else:
            kept.append((name, value))
    clean = urlunsplit((parts.scheme, hostport, parts.path, urlencode(kept), "")).rstrip("/")
    if key:
        redact.register_secret(key)
        with _url_lock:
            _url_keys[clean] = key
    return clean, key


def get_api_key(base_url: str) -> str | None:
    """Keyring, else a key that came in this endpoint's URL, else the environment variables."""
    base = base_url.rstrip("/")
    key = _keyring_get(base)
    if not key:
        with _url_lock:
            key = _url_keys.get(base)
    if not key:
        key = next((os.environ[v] for v in ENV_VARS if os.environ.get(v)), None)
    redact.register_secret(key)
    return key


def configured_keys(base_urls: list[str]) -> dict[str, str]:
    """Every key this installation would use, by where it comes from (for the seal's scan): the
    environment variables, keys taken from URLs in this process, keyring entries of the given
    endpoints (callers pass the saved ones, registry.list_endpoints(): the registry imports this
    module, so not the reverse)."""
    found: dict[str, str] = {}
    for name, value in os.environ.items():
        if (name in ENV_VARS or name.endswith("_API_KEY")) and value.strip():
            found[name] = value.strip()
    with _url_lock:
        for url, value in _url_keys.items():
            found[f"the key given in the URL of {url}"] = value
    for url in base_urls:
        value = _keyring_get(url.rstrip("/"))
        if value:
            found[f"the keyring key of {url}"] = value
    for value in found.values():
        redact.register_secret(value)
    return found


def key_source(base_url: str) -> str:
    """Where the key would come from (for display; never the key itself)."""
    if _keyring_get(base_url.rstrip("/")):
        return "keyring"
    with _url_lock:
        if base_url.rstrip("/") in _url_keys:
            return "endpoint URL"
    for var in ENV_VARS:
        if os.environ.get(var):
            return var
    return "none"


def set_api_key(base_url: str, key: str) -> None:
    import keyring
    from keyring.errors import KeyringError

    from factaudit.engine.errors import EndpointError

    try:
        keyring.set_password(SERVICE, base_url.rstrip("/"), key)
    except KeyringError as exc:
        raise EndpointError(
            f"no OS keyring available to store the key ({type(exc).__name__}); set FACTAUDIT_API_KEY instead"
        ) from exc


def delete_api_key(base_url: str) -> None:
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    try:
        keyring.delete_password(SERVICE, base_url.rstrip("/"))
    except (PasswordDeleteError, KeyringError):
        pass
