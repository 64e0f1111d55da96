"""`aggregate --prompt` (issue #34 item 1): a project template stands in for the stage template it was saved
for, the model receives its text (checked on the requests a fake server on 127.0.0.1 records), the run pins
it with its text so a resumed run reads it again, and a template for another task is refused before a run
starts. The CLI passes the flag through."""
from __future__ import annotations

import json
from importlib import resources

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.pipeline.prompts import load_prompt
from test_conflicts_models import API_KEY, FakeModel, write_dataset  # noqa: I001

SHIPPED = resources.files("factaudit.resources").joinpath("prompts", "conflict_extract.txt").read_text(encoding="utf-8")
# the fake answers by the system message's first words, which stay; the rest of the system text changes
STRICT = SHIPPED.replace("Keep the answer short", "Keep the answer very short")


@pytest.fixture
def fake():
    s = FakeModel()
    yield s
    s.close()


@pytest.fixture
def proj(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    src = tmp_path / "items.jsonl"
    write_dataset(src)
    p = services.create_project(tmp_path / "a.faproj")
    services.import_files(p, [src], fmt="ramdocs", dataset="sports")
    services.add_prompt(p, "extract-strict", STRICT, base="conflict_extract")
    services.add_prompt(p, "sceptic", resources.files("factaudit.resources").joinpath(
        "prompts", "verify_joint.txt").read_text(encoding="utf-8").replace("careful", "sceptical"), base="verify_joint")
    yield p
    p.close()


def _request(fake, **kw):
    return services.AggregateRequest(variant="full", dataset="sports", endpoint=fake.url, model="fake-model",
                                     timeout=2.0, max_retries=1, concurrency=1, limit=2, **kw)


def test_a_project_prompt_reaches_the_model_and_is_pinned(proj, fake):
    assert STRICT != SHIPPED
    res = services.aggregate(proj, _request(fake, prompt="extract-strict"))
    stored = services.show_prompt(proj, "extract-strict")
    systems = {r["messages"][0]["content"] for r in fake.requests}
    assert systems == {stored.system}
    assert "very short" in next(iter(systems))
    pin = services.get_run(proj, res.run_id).config["prompts"]
    assert pin == {"extract": {"name": "extract-strict", "sha256": stored.info.sha256, "version": 1,
                               "base": "conflict_extract", "text": STRICT}}
    # the shipped template when no prompt is named: its own pin, no text
    fake.requests.clear()
    plain = services.aggregate(proj, _request(fake))
    assert services.get_run(proj, plain.run_id).config["prompts"] == {"extract": load_prompt("conflict_extract").ref()}
    assert {r["messages"][0]["content"] for r in fake.requests} != systems


def test_a_prompt_for_another_task_is_refused_before_a_run(proj, fake):
    before = len(services.list_runs(proj))
    with pytest.raises(InvalidArgument, match="stands in for 'verify_joint'") as caught:
        services.aggregate(proj, _request(fake, prompt="sceptic"))
    assert caught.value.settings == ("prompt",)
    assert len(services.list_runs(proj)) == before and not fake.requests


def test_cli_aggregate_takes_prompt(proj, fake):
    from factaudit.engine.cli import cli

    path = str(proj.path)
    proj.close()
    out = CliRunner().invoke(cli, ["aggregate", path, "--dataset", "sports", "--endpoint", fake.url, "--model",
                                   "fake-model", "--limit", "1", "--prompt", "extract-strict", "--json"])
    assert out.exit_code == 0, out.output
    run_id = json.loads(out.output)["run_id"]
    with services.open_project(path, readonly=True) as p:
        assert services.get_run(p, run_id).config["prompts"]["extract"]["name"] == "extract-strict"
