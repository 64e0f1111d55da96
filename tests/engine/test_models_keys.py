"""API keys: OS keyring first, then FACTAUDIT_API_KEY, then OPENAI_API_KEY; a machine without a
keyring backend (NoKeyringError) falls back to the variables."""
from __future__ import annotations

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.errors import NoKeyringError

from factaudit.engine.models import keys


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self):
        super().__init__()
        self.store = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        self.store.pop((service, username), None)


@pytest.fixture
def memory_keyring():
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


def test_keyring_wins_over_environment(memory_keyring, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_API_KEY", "env-key")
    keys.set_api_key("https://api.example.org/v1/", "ring-key")
    assert memory_keyring.store == {("factaudit", "https://api.example.org/v1"): "ring-key"}
    assert keys.get_api_key("https://api.example.org/v1") == "ring-key"
    assert keys.key_source("https://api.example.org/v1") == "keyring"
    assert keys.get_api_key("https://other.example.org/v1") == "env-key"
    keys.delete_api_key("https://api.example.org/v1")
    assert keys.get_api_key("https://api.example.org/v1") == "env-key"


def test_no_keyring_backend_falls_back_to_variables_in_order(monkeypatch):
    def no_backend(*a, **k):
        raise NoKeyringError("no backend")

    monkeypatch.setattr(keyring, "get_password", no_backend)
    monkeypatch.delenv("FACTAUDIT_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert keys.get_api_key("http://127.0.0.1:1/v1") is None
    assert keys.key_source("http://127.0.0.1:1/v1") == "none"
    monkeypatch.setenv("OPENAI_API_KEY", "openai-key")
    assert keys.get_api_key("http://127.0.0.1:1/v1") == "openai-key"
    monkeypatch.setenv("FACTAUDIT_API_KEY", "factaudit-key")
    assert keys.get_api_key("http://127.0.0.1:1/v1") == "factaudit-key"
    assert keys.key_source("http://127.0.0.1:1/v1") == "FACTAUDIT_API_KEY"


def test_storing_without_a_keyring_says_what_to_do(monkeypatch):
    from factaudit.engine.errors import EndpointError

    def no_backend(*a, **k):
        raise NoKeyringError("no backend")

    monkeypatch.setattr(keyring, "set_password", no_backend)
    with pytest.raises(EndpointError, match="FACTAUDIT_API_KEY"):
        keys.set_api_key("http://x/v1", "k")


def test_backend_repr_and_provenance_hold_no_key(monkeypatch):
    from factaudit.engine.models import registry
    from factaudit.engine.models.openai_backend import OpenAIBackend

    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", "sk-secret-123456")
    b = OpenAIBackend(registry.endpoint_entry("http://127.0.0.1:9/v1", "m"))
    assert "sk-secret" not in repr(b) and "sk-secret" not in str(b.provenance())
