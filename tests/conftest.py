from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Where the app would pick its default LLM (Qwen 1.5B), tests run the fast SmolLM2. Set here, not in a
# fixture, so module- and session-scoped fixtures see it too; tests of the default itself delete it
# with monkeypatch (tests/engine/test_qwen_*.py).
os.environ["FACTAUDIT_DEFAULT_LLM"] = "smollm2-135m"
os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # onnxruntime's native telemetry, read when it loads (issue #36)

ROOT = Path(__file__).resolve().parent.parent
# The shared datasets sit next to the checkout; FACTAUDIT_DATASETS points elsewhere (e.g. from a worktree).
SHARED_DATASETS = Path(os.environ.get("FACTAUDIT_DATASETS") or ROOT.parent / "shared" / "datasets")
DATASET_FIXTURES = {"shared_datasets", "shared_datasets_module"}
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Signing keys, settings and the connection log go to temporary dirs, never the real home."""
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path_factory.mktemp("user-config")))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path_factory.mktemp("user-data")))


def pytest_collection_modifyitems(config, items):
    """A test that reads the shared datasets must carry @pytest.mark.datasets, so `-m "not datasets"`
    deselects all of them and .ci/run can say how many were skipped because the folder is absent."""
    unmarked = [item.nodeid for item in items
                if DATASET_FIXTURES & set(getattr(item, "fixturenames", ())) and item.get_closest_marker("datasets") is None]
    if unmarked:
        raise pytest.UsageError("mark these tests @pytest.mark.datasets (they read ../shared/datasets): "
                                + ", ".join(unmarked))


@pytest.fixture
def shared_datasets() -> Path:
    if not SHARED_DATASETS.is_dir():
        pytest.skip(f"shared datasets not present at {SHARED_DATASETS}")
    return SHARED_DATASETS


@pytest.fixture(scope="module")
def shared_datasets_module() -> Path:
    """The same, for module-scoped fixtures that build a project once (tests using them are marked too)."""
    if not SHARED_DATASETS.is_dir():
        pytest.skip(f"shared datasets not present at {SHARED_DATASETS}")
    return SHARED_DATASETS


def close_project(project) -> None:
    """Closes a fixture's project once no background read can be on it: closing a reader connection under
    a query still running on a worker thread crashes the sqlite3 module, and a GUI test's window may start
    a page read during teardown, after the test's own wait. Engine tests never import Qt for this."""
    ops = sys.modules.get("factaudit.gui.ops")
    if ops is not None:
        ops.Op.cancel_all()
        ops.Op.wait_all(60_000)
    project.close()


@pytest.fixture
def project(tmp_path):
    from factaudit.engine.project.db import Project

    p = Project.create(tmp_path / "t.faproj")
    yield p
    close_project(p)


@pytest.fixture(scope="session")
def demo_project_path(tmp_path_factory) -> Path:
    """The demo project with its data imported (no pipeline steps), built once per session."""
    from factaudit.engine.services.demo import build_demo

    out = tmp_path_factory.mktemp("demo")
    summary = build_demo(out, run_steps=False)
    return Path(summary.project)


@pytest.fixture
def demo_project(demo_project_path, tmp_path):
    """A private writable copy of the demo project."""
    import shutil

    from factaudit.engine.project.db import Project

    dst = tmp_path / "demo.faproj"
    shutil.copy2(demo_project_path, dst)
    p = Project.open(dst)
    yield p
    close_project(p)
