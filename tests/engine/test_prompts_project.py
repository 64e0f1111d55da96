"""Prompt versions in the project (issue #34 item 1): the shipped templates as version 0, append-only
project versions, templates that would break their run refused with the reason, the CLI, and a verify
run that reads and pins a project template (and reads it again when resumed from its config)."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from importlib import resources

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument, NotFound

PROMPTS = resources.files("factaudit.resources").joinpath("prompts")


def shipped_text(name: str) -> str:
    return PROMPTS.joinpath(f"{name}.txt").read_text(encoding="utf-8")


def variant(name: str = "verify_joint") -> str:
    text = shipped_text(name)
    assert "You are a careful fact-checker." in text
    return text.replace("You are a careful fact-checker.", "You are a meticulous, sceptical fact-checker.")


def test_the_shipped_templates_are_version_zero_with_their_file_sha(project):
    infos = {i.name: i for i in services.list_prompts(project)}
    files = sorted(p.name[:-4] for p in PROMPTS.iterdir() if p.name.endswith(".txt"))
    assert sorted(infos) == files and len(files) >= 10
    for name in files:
        assert infos[name].version == 0 and infos[name].source == "shipped" and infos[name].base == name
        assert infos[name].sha256 == hashlib.sha256(PROMPTS.joinpath(f"{name}.txt").read_bytes()).hexdigest()


def test_versions_are_append_only_and_the_same_text_is_no_new_version(project):
    one = services.add_prompt(project, "sceptic", variant(), base="verify_joint", note="first")
    assert (one.version, one.base, one.source) == (1, "verify_joint", "project")
    assert one.sha256 == hashlib.sha256(variant().encode("utf-8")).hexdigest()
    assert services.add_prompt(project, "sceptic", variant()).version == 1
    two_text = variant().replace("sceptical", "doubtful")
    two = services.add_prompt(project, "sceptic", two_text, note="second")
    assert two.version == 2 and two.base == "verify_joint"
    assert services.show_prompt(project, "sceptic", 1).body == variant()
    assert services.show_prompt(project, "sceptic").body == two_text
    assert [(i.name, i.version) for i in services.list_prompts(project) if i.source == "project"] == \
        [("sceptic", 1), ("sceptic", 2)]
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        with project.atomic() as conn:
            conn.execute("UPDATE prompt_versions SET body = 'x' WHERE name = 'sceptic'")
    with pytest.raises(InvalidArgument, match="stands in for 'verify_joint'"):
        services.add_prompt(project, "sceptic", shipped_text("verify_passage"), base="verify_passage")


@pytest.mark.parametrize("edit, reason", [
    (lambda t: t.replace("{{evidence}}", "the passages"), r"does not show \{\{evidence\}\}"),
    (lambda t: t.replace("Claim: <<<{{claim}}>>>", "Claim: <<<{{claim}}>>> Topic: <<<{{topic}}>>>"),
     r"\{\{topic\}\} is not a value the run fills"),
    (lambda t: t.replace('"evidence_used": [numbers of the passages you relied on]', '"sources": []'),
     r'reply key "evidence_used"'),
    (lambda t: t.replace("<<<EVIDENCE\n{{evidence}}\nEVIDENCE>>>", "{{evidence}}"), r"not inside a <<< … >>> fence"),
    (lambda t: t.replace("### user", "### question"), r"'### system' and '### user' sections"),
])
def test_a_template_that_breaks_its_run_is_refused_with_the_reason(project, edit, reason):
    body = edit(shipped_text("verify_joint"))
    assert body != shipped_text("verify_joint")
    assert services.prompt_problems(body, "verify_joint")
    with pytest.raises(InvalidArgument, match=reason):
        services.add_prompt(project, "broken", body, base="verify_joint")
    assert [i for i in services.list_prompts(project) if i.source == "project"] == []


def test_names_a_new_prompt_needs_and_may_not_take(project):
    with pytest.raises(InvalidArgument, match="shipped prompt"):
        services.add_prompt(project, "verify_joint", variant(), base="verify_joint")
    with pytest.raises(InvalidArgument, match="stands in for"):
        services.add_prompt(project, "sceptic", variant())
    with pytest.raises(InvalidArgument, match="lower-case"):
        services.add_prompt(project, "Sceptic!", variant(), base="verify_joint")
    with pytest.raises(NotFound):
        services.show_prompt(project, "nothing-here")


def test_preview_fills_the_placeholders(project):
    services.add_prompt(project, "sceptic", variant(), base="verify_joint")
    msgs = services.preview_prompt(project, "sceptic", {"claim": "Aspirin cures colds."})
    assert msgs[0]["content"].startswith("You are a meticulous, sceptical fact-checker.")
    assert "Claim: <<<Aspirin cures colds.>>>" in msgs[1]["content"] and "<evidence>" in msgs[1]["content"]


def test_cli_prompts_add_list_show(project, tmp_path):
    path = str(project.path)
    project.close()
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(variant(), encoding="utf-8")
    bad.write_text(variant().replace("{{evidence}}", ""), encoding="utf-8")
    res = CliRunner().invoke(cli, ["prompts", "add", path, "sceptic", str(good), "--base", "verify_joint", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["version"] == 1 and json.loads(res.output)["created"] is True
    res = CliRunner().invoke(cli, ["prompts", "add", path, "sceptic", str(bad)])
    assert res.exit_code == 2 and "does not show {{evidence}}" in res.output
    listed = json.loads(CliRunner().invoke(cli, ["prompts", "list", path, "--json"]).output)
    assert [(x["name"], x["version"]) for x in listed if x["source"] == "project"] == [("sceptic", 1)]
    shown = json.loads(CliRunner().invoke(cli, ["prompts", "show", path, "sceptic", "--json"]).output)
    assert shown["placeholders"] == ["claim", "evidence"] and shown["sha256"] == hashlib.sha256(good.read_bytes()).hexdigest()


def test_a_classifier_or_cascade_run_refuses_a_prompt(project):
    from factaudit.engine.services.verification import VerifyRequest

    with pytest.raises(InvalidArgument, match="prompt") as err:
        services.verify(project, VerifyRequest(evidence_source="gold", prompt="sceptic", strategy="classifier"))
    assert "prompt" in err.value.settings
    with pytest.raises(InvalidArgument, match="cascade reads its own prompt"):
        services.verify(project, VerifyRequest(evidence_source="gold", prompt="sceptic", strategy="cascade"))


@pytest.mark.slow
def test_verify_reads_and_pins_the_project_prompt(demo_project, tmp_path, monkeypatch):
    """Two demo claims with smollm2-135m: the model is asked with the project template, the run pins
    its name, version, sha256 and text, and the config a resume reads rebuilds the same template."""
    from factaudit.engine.pipeline import verify as pv
    from factaudit.engine.project import runs as run_store
    from factaudit.engine.services import verification as vs
    from test_verify_llama import add_trec_run

    info = services.add_prompt(demo_project, "sceptic", variant(), base="verify_joint")
    run = add_trec_run(demo_project, tmp_path, n_claims=2, k=1)
    seen: list[str] = []
    real = pv.verify_claim

    def recording(llm, claim, claim_id, passages, opts):
        seen.append(opts.prompt().system)
        return real(llm, claim, claim_id, passages, opts)

    monkeypatch.setattr(vs, "verify_claim", recording)
    res = services.verify(demo_project, vs.VerifyRequest(retrieval_run=run, model="smollm2-135m", k=1, limit=2,
                                                         passage_words=20, max_tokens=80, prompt="sceptic"))
    assert res.n_claims == 2 and len(seen) == 2
    assert all(s.startswith("You are a meticulous, sceptical fact-checker.") for s in seen)
    pin = run_store.get_run(demo_project, res.run_id).config["prompt"]
    assert pin == {"name": "sceptic", "sha256": info.sha256, "version": 1, "base": "verify_joint", "text": variant()}
    cfg = vs.VerifyConfig.from_config(run_store.get_run(demo_project, res.run_id).config)
    assert cfg.options().prompt().sha256 == info.sha256 and cfg.changed_prompts() == []
    # a version for the per-passage template does not stand in for the joint one
    services.add_prompt(demo_project, "per-passage", shipped_text("verify_passage"), base="verify_passage")
    with pytest.raises(InvalidArgument, match="stands in for 'verify_passage'"):
        services.verify(demo_project, vs.VerifyRequest(retrieval_run=run, model="smollm2-135m", k=1, limit=2,
                                                       prompt="per-passage"))


def test_a_judge_run_pins_a_project_prompt_for_its_template(demo_project):
    """The judge reads the project version of the template its target and mode use (checked on the config
    a new run pins and on the options the units are judged with), and refuses one made for another."""
    from factaudit.engine.pipeline.judge import prompt_name
    from factaudit.engine.services.judging import JudgeRequest, _JudgeKind

    base = prompt_name("evidence", "care", False)
    text = shipped_text(base)
    first = text.splitlines()[1]
    body = text.replace(first, first + " Be strict about the population.", 1)
    info = services.add_prompt(demo_project, "strict-care", body, base=base)
    req = JudgeRequest(run="retrieve-1", target="evidence", mode="care", prompt="strict-care")
    cfg = _JudgeKind(req).new_config(demo_project, req)
    assert cfg.prompt["sha256"] == info.sha256 and cfg.prompt["version"] == 1 and cfg.prompt["base"] == base
    assert cfg.options().prompt().system.splitlines()[0].endswith("Be strict about the population.")
    assert cfg.changed_prompts() == []
    req = JudgeRequest(run="retrieve-1", target="evidence", mode="direct", prompt="strict-care")
    with pytest.raises(InvalidArgument, match=f"stands in for '{base}'"):
        _JudgeKind(req).new_config(demo_project, req)


def test_decompose_by_llm_reads_a_project_prompt(project):
    """The llm method's template comes from the project when named: the pin carries it and the model is
    asked with it (a stand-in model records the messages); the sentence method refuses a prompt."""
    from types import SimpleNamespace

    from factaudit.engine.pipeline import decompose as decomp
    from factaudit.engine.pipeline.prompts import pinned_prompt
    from factaudit.engine.services.decomposition import DecomposeRequest, _DecomposeKind

    body = shipped_text("decompose").replace("You split one sentence", "You carefully split one sentence", 1)
    info = services.add_prompt(project, "careful-split", body, base="decompose")
    req = DecomposeRequest(method="llm", prompt="careful-split")
    cfg = _DecomposeKind(req).new_config(project, req)
    assert cfg.prompt["sha256"] == info.sha256 and cfg.changed_prompts() == []
    seen = []

    class Recorder:
        def complete_json(self, messages, schema, **kw):
            seen.append(messages)
            return SimpleNamespace(parsed={"claims": ["Aspirin thins blood."]}, text="{}", parse_status="ok",
                                   prompt_tokens=10, completion_tokens=5)

    out = decomp.by_llm(Recorder(), "Aspirin thins blood.", None, None, prompt=pinned_prompt(cfg.prompt))
    assert out.claims == ["Aspirin thins blood."]
    assert seen[0][0]["content"].startswith("You carefully split one sentence")
    with pytest.raises(InvalidArgument, match="llm method only"):
        _DecomposeKind(DecomposeRequest(prompt="careful-split")).new_config(project, DecomposeRequest(prompt="careful-split"))
