"""The demo's stamp (issue #23 item 3): a build records the demo version and what it ran, so Open demo
can open a finished demo of this version at once and names why any other is not up to date."""
from __future__ import annotations

import pytest

from factaudit.engine.services import demo


def test_a_data_only_build_is_stamped_and_not_taken_for_the_full_demo(tmp_path):
    demo.build_demo(tmp_path / "a", run_steps=False)
    (found,) = demo.find_demos([tmp_path / "a", tmp_path / "missing", None])
    assert (found.version, found.steps) == (demo.DEMO_VERSION, demo.DATA_ONLY)
    assert not found.is_current() and "data only" in found.why_not()
    assert found.is_current((demo.DATA_ONLY,)) and found.why_not((demo.DATA_ONLY,)) == ""


def test_an_interrupted_build_says_so(tmp_path, monkeypatch):
    def boom(project, summary, progress):
        raise RuntimeError("stopped")

    monkeypatch.setattr(demo, "DEMO_STEPS", [boom])
    with pytest.raises(RuntimeError):
        demo.build_demo(tmp_path, run_steps=True)
    (found,) = demo.find_demos([tmp_path])
    assert found.steps == demo.BUILDING and "interrupted" in found.why_not()


def test_an_older_stamp_is_named():
    old = demo.DemoCandidate("x/demo.faproj", "1", demo.FULL)
    assert not old.is_current() and old.why_not() == (f"it was built by demo version 1, this app builds demo "
                                                      f"version {demo.DEMO_VERSION}")
    assert demo.DemoCandidate("x", None, demo.FULL).why_not().startswith("it was built by a version without a stamp")
    assert demo.DemoCandidate("x", demo.DEMO_VERSION, demo.FULL).is_current()


def test_the_checkout_demo_folder_is_the_one_make_demo_writes():
    from pathlib import Path

    folder = demo.source_demo_dir()
    root = Path(__file__).resolve().parents[2]
    assert folder == root / "projects" / "demo"
    assert "--out projects/demo" in (root / "Makefile").read_text()
