"""The pre-seal secret scan fails closed (issue #20): a saved endpoints file that is there but cannot
be read could name an endpoint whose keyring key must not ship, so sealing refuses with one line
naming the file, and writes nothing; no file at all means no saved endpoints, and sealing works."""
from __future__ import annotations

import json

import pytest

from factaudit.engine.errors import SealError
from factaudit.engine.models import endpoints_file, registry
from factaudit.engine.services import seal as svc


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    cfg = tmp_path / "user-config"
    cfg.mkdir()
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(cfg))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "user-data"))
    return cfg


@pytest.mark.parametrize("content", [b'[{"name": "lab", "base_url": "http://127.0.0.1:9', b"\xff\xfe\x00garbage",
                                     b'{"base_url": "http://127.0.0.1:9/v1"}', b"[1, 2]"])
def test_a_damaged_endpoints_file_refuses_the_seal_and_writes_nothing(demo_project, tmp_path, config_dir, content):
    path = config_dir / "endpoints.json"
    path.write_bytes(content)
    out = tmp_path / "shipped.faproj"
    with pytest.raises(SealError, match=r"^refusing to seal: the saved endpoints file .*endpoints\.json cannot be "
                                        r"read \(\w+: .*\); the secret scan needs it") as info:
        svc.seal_project(demo_project, out)
    assert "\n" not in str(info.value)
    assert not out.exists()
    assert path.read_bytes() == content                     # the user's file is left as it was
    assert registry.list_endpoints() == []                  # the model list still opens (no endpoints)


def test_an_unreadable_endpoints_file_refuses_the_seal(demo_project, tmp_path, config_dir):
    (config_dir / "endpoints.json").mkdir()                 # there, but not a file that can be read
    with pytest.raises(SealError, match="refusing to seal: the saved endpoints file .* cannot be read"):
        svc.seal_project(demo_project, tmp_path / "shipped.faproj")
    assert not (tmp_path / "shipped.faproj").exists()


def test_no_endpoints_file_or_a_readable_one_seals(demo_project, tmp_path, config_dir):
    assert svc.seal_project(demo_project, tmp_path / "a.faproj").path
    rows = [{"name": "lab", "base_url": "http://127.0.0.1:9/v1", "model": "m"}]
    (config_dir / "endpoints.json").write_text(json.dumps(rows), encoding="utf-8")
    assert endpoints_file.saved_endpoint_urls() == ["http://127.0.0.1:9/v1"]
    assert svc.seal_project(demo_project, tmp_path / "b.faproj").path


def test_adding_an_endpoint_never_overwrites_a_damaged_file(config_dir):
    from factaudit.engine.errors import InvalidArgument

    path = config_dir / "endpoints.json"
    path.write_bytes(b'[{"name": "lab", "base_url": "http://127.0.0.1:9/v1", "model": "m"')   # cut short
    with pytest.raises(InvalidArgument, match="the saved endpoints file .* cannot be read"):
        registry.add_endpoint("other", "http://127.0.0.1:8/v1", "m2")
    assert path.read_bytes().endswith(b'"model": "m"')
