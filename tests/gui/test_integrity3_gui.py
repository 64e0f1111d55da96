"""The rater's confirmation of an untrusted sender (issue #36 item 2): opening a package signed by a key
not among the rater's trusted keys asks, showing the fingerprint; Cancel opens nothing, Open trusts
exactly that key and opens the package in rater mode."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox
from test_rater_gui import build_source, controller, wait_ops  # noqa: F401  (same folder; a fixture)

from factaudit.engine import services


def test_an_untrusted_sender_is_shown_and_confirmed(qtbot, controller, tmp_path, monkeypatch):  # noqa: F811
    for who in ("sender", "rater"):
        monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / who / "config"))
        monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / who / "data"))
        if who == "sender":
            project, _, _ = build_source(tmp_path)
            pkg = tmp_path / "for-bob.faproj"
            services.make_rater_package(project, pkg, "Bob", units=2, k=1)
            project.close()
            sender = services.export_public_key().fingerprint
    asked: list[str] = []

    def answer(choice):
        def question(parent, title, text, *args):
            asked.append(text)
            return choice
        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    controller.open_path(str(pkg))
    wait_ops(qtbot)
    assert len(asked) == 1 and sender in asked[0] and "not among your trusted keys" in asked[0]
    assert not [w for w in controller.windows if getattr(w, "package_path", None)]
    assert sender not in services.trusted_keys()
    assert not (tmp_path / "rater" / "data" / "rater-workspaces").exists()

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Open))
    with qtbot.waitSignal(controller.raterOpened, timeout=180_000) as got:
        controller.open_path(str(pkg))
        wait_ops(qtbot)
    assert len(asked) == 2 and sender in services.trusted_keys()
    got.args[0].close()
