"""No failure is swallowed (issue #20 item 4): where the engine goes on after an error (a connection
the log could not record, a broken keyring, a damaged index cache, unreadable settings), it says so
in the log, naming what failed and why."""
from __future__ import annotations

import logging

from factaudit.engine import netguard
from factaudit.engine.models import keys, openai_backend
from factaudit.engine.retrieval import index_cache


def test_a_connection_the_log_could_not_record_is_reported(monkeypatch, caplog):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(openai_backend, "record_connection", full_disk)
    with caplog.at_level(logging.WARNING, logger="factaudit.engine.models.openai_backend"):
        openai_backend._record_connection("http://127.0.0.1:9/v1", 120, 45, "verify")   # does not raise
    (rec,) = caplog.records
    text = rec.getMessage()
    assert "http://127.0.0.1:9/v1" in text and "120 bytes sent, 45 received" in text
    assert "missing from the connection log" in text and "OSError" in text and "No space left" in text


def test_a_broken_keyring_is_reported_and_the_run_goes_on(monkeypatch, caplog):
    import keyring

    def dbus_gone(service, name):
        raise RuntimeError("org.freedesktop.DBus.Error.ServiceUnknown")

    monkeypatch.setattr(keyring, "get_password", dbus_gone)
    with caplog.at_level(logging.WARNING, logger="factaudit.engine.models.keys"):
        assert keys._keyring_get("http://127.0.0.1:9/v1") is None
    assert any("keyring could not be read (RuntimeError: org.freedesktop.DBus.Error.ServiceUnknown)"
               in r.getMessage() for r in caplog.records)


def test_a_damaged_index_cache_is_reported_and_rebuilt(tmp_path, caplog):
    folder, meta = tmp_path / "bm25", {"kind": "bm25", "corpus_hash": "abc"}
    built = []

    def save(obj, path):
        (path / "index.txt").write_text(obj, encoding="utf-8")

    def load(path):
        raise ValueError("truncated index file")

    def build():
        built.append(1)
        return "index"

    assert index_cache.load_or_build(folder, meta, build, save, load) == ("index", "built")
    with caplog.at_level(logging.WARNING, logger="factaudit.engine.retrieval.index_cache"):
        assert index_cache.load_or_build(folder, meta, build, save, load) == ("index", "built")
    assert len(built) == 2
    (rec,) = caplog.records
    assert str(folder) in rec.getMessage() and "ValueError: truncated index file" in rec.getMessage()
    assert "rebuilding it" in rec.getMessage()


def test_unreadable_settings_keep_offline_mode_on_and_say_so(monkeypatch, caplog):
    def broken():
        raise PermissionError(13, "Permission denied")

    guard = []
    monkeypatch.setattr(netguard, "load_settings", broken)
    monkeypatch.setattr(netguard, "set_guard", guard.append)     # this test process keeps its own guard
    with caplog.at_level(logging.WARNING, logger="factaudit.engine.netguard"):
        assert netguard.start_from_settings() is True
    assert guard == [True]
    assert any("settings could not be read (PermissionError" in r.getMessage() and "offline mode stays on"
               in r.getMessage() for r in caplog.records)
