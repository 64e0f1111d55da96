"""The sealed-file banner (read-only window, signer, status, working copy) and the connection log page."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from factaudit.engine import netguard, netlog, services
from factaudit.engine.errors import ReadOnlyProject
from factaudit.gui.views.connections_view import ConnectionsView
from factaudit.gui.views.sealed_banner import SealedBanner, attach_banner, banner_state


@pytest.fixture(autouse=True)
def user_config(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "user-config"))
    yield
    netguard.set_guard(False)


@pytest.fixture
def sealed_file(demo_copy, tmp_path) -> Path:
    out = tmp_path / "scifact-audit.sealed.faproj"
    services.seal_project(demo_copy, out)
    return out


def test_sealed_window_shows_the_banner_and_makes_a_working_copy(qtbot, sealed_file, tmp_path, screenshots):
    from factaudit.gui.main_window import ProjectWindow

    sealed = services.open_sealed(sealed_file)
    window = ProjectWindow(sealed.project)
    qtbot.addWidget(window)
    banner = attach_banner(window, sealed)
    window.resize(1300, 700)
    window.show()
    qtbot.waitExposed(window)
    assert banner.isVisible() and banner.state == "trusted"
    assert sealed.verification.signer in banner.headline.text() and "trusted" in banner.headline.text()
    assert window.project.readonly
    with pytest.raises(ReadOnlyProject):
        with window.project.atomic():
            pass
    assert window.grab().save(str(screenshots / "sealed_banner.png"))

    dst = tmp_path / "client-working.faproj"
    with qtbot.waitSignal(banner.workingCopyMade, timeout=20_000) as got:
        banner.make_working_copy(str(dst))
    assert got.args == [str(dst)]
    assert not services.is_sealed(dst)
    with services.open_project(dst) as p:
        assert not p.readonly and p.conn.execute("SELECT count(*) FROM passages").fetchone()[0] == 1201
    window.close()


def test_banner_states_for_untrusted_and_changed_files(qtbot, sealed_file, tmp_path, monkeypatch, screenshots):
    changed = tmp_path / "changed.faproj"
    changed.write_bytes(sealed_file.read_bytes())
    conn = sqlite3.connect(changed)
    conn.execute("UPDATE claims SET text = text || '!' WHERE id = (SELECT min(id) FROM claims)")
    conn.commit()
    conn.close()
    # The client's machine: another config dir, so the consultant's key is unknown there.
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "client-config"))
    panel = QWidget()
    qtbot.addWidget(panel)
    layout = QVBoxLayout(panel)
    opened = [services.open_sealed(sealed_file), services.open_sealed(changed)]
    banners = [SealedBanner(s) for s in opened]
    for b in banners:
        layout.addWidget(b)
    panel.resize(1100, 220)
    panel.show()
    qtbot.waitExposed(panel)
    assert [banner_state(s.verification) for s in opened] == ["untrusted", "invalid"]
    assert "NOT among your trusted keys" in banners[0].headline.text()
    assert "CHANGED" in banners[1].headline.text() and "claims" in banners[1].headline.text()
    assert panel.grab().save(str(screenshots / "sealed_banner_states.png"))
    for s in opened:
        s.close()


def test_connection_log_page_lists_connections_and_saves_settings(qtbot, screenshots):
    netlog.record_connection("https://api.openai.com/v1/chat/completions", 18_432, 2_310, "verify (gpt-4o-mini)")
    netlog.record_connection("http://localhost:11434/v1/chat/completions", 9_120, 1_044, "judge (ollama)")
    with pytest.raises(netguard.ConnectionBlocked):
        netguard.check_address(("93.184.216.34", 443))
    view = ConnectionsView()
    qtbot.addWidget(view)
    view.resize(1100, 420)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: view.table.rowCount() == 3, timeout=10_000)     # read off the UI thread
    assert view.table.item(0, 5).text() == "blocked"  # newest first
    assert view.table.item(2, 1).text() == "https://api.openai.com/v1/chat/completions"
    assert "2 outbound connections" in view.summary.text() and "1 blocked attempt." in view.summary.text()
    assert view.offline_box.isChecked()
    assert view.grab().save(str(screenshots / "connection_log.png"))

    view.hosts_edit.setText("api.openai.com, 10.0.0.5")
    view.hosts_edit.editingFinished.emit()
    assert view.writer.wait(10_000)
    assert services.offline_settings().allowed_hosts == ["api.openai.com", "10.0.0.5"]
    view.offline_box.setChecked(False)
    assert view.writer.wait(10_000)
    assert services.offline_settings().offline is False and not netguard.guard_enabled()
