"""API keys for OpenAI-compatible endpoints: the OS keyring, else FACTAUDIT_API_KEY, else
OPENAI_API_KEY. Keys are never logged, never put into run config or provenance, never written into
a project file. A headless machine without a keyring backend (NoKeyringError) falls back to the
environment variables."""
from __future__ import annotations

import os

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
    except Exception:  # a broken backend (dbus gone, locked wallet) must not stop a run
        return None


def get_api_key(base_url: str) -> str | None:
    key = _keyring_get(base_url.rstrip("/"))
    if key:
        return key
    for var in ENV_VARS:
        if os.environ.get(var):
            return os.environ[var]
    return None


def key_source(base_url: str) -> str:
    """Where the key would come from (for display; never the key itself)."""
    if _keyring_get(base_url.rstrip("/")):
        return "keyring"
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
