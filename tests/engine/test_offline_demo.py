"""The whole demo pipeline runs with every network socket blocked (Unix sockets allowed: keyring and
asyncio use them), and it attempts no outbound connection at all."""
from __future__ import annotations

import pytest

from factaudit.engine import netguard, netlog


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "user-data"))


@pytest.mark.filterwarnings("ignore:A test tried to use socket.socket")
def test_demo_runs_with_all_sockets_blocked(tmp_path):
    import pytest_socket

    from factaudit.engine.services import build_demo

    pytest_socket.disable_socket(allow_unix_socket=True)
    netguard.set_guard(True)
    try:
        import socket

        with pytest.raises(Exception):
            socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        summary = build_demo(tmp_path / "demo", run_steps=True)
    finally:
        netguard.set_guard(False)
        pytest_socket.enable_socket()
    # Every stage of the pipeline ran, in order (a step may add more than one entry), then "info".
    stages = [s["step"] for s in summary.steps]
    stages = [name for i, name in enumerate(stages) if i == 0 or stages[i - 1] != name]
    assert stages == ["retrieve", "decompose", "retrieve_answers", "verify", "verify_reasoning", "verify_answers",
                      "prelabel", "metrics", "audit", "conflicts", "conflicts_full", "seal", "info"], summary.steps
    info = summary.steps[-1]
    # 1,201 SciFact abstracts + the 47 documents of the 12 RAMDocs questions
    assert info["step"] == "info" and info["passages"] == 1248 and info["claims"] >= 100
    assert netlog.list_connections() == []  # not even a blocked attempt
