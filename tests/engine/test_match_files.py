"""The lexicon and gates files the Analyses page edits: what is saved is what `--lexicon` / `--gates`
read back, and entries the scorer would refuse are refused before anything is written."""
from __future__ import annotations

import json

import pytest
import yaml

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument


def test_a_saved_lexicon_is_the_one_scoring_reads(tmp_path):
    path = tmp_path / "demo.lexicon.yaml"
    assert services.lexicon_entries(path) == {}          # no file yet: an empty list to start from
    services.save_lexicon(path, {"Aspirin": ["ASA", " acetylsalicylic  acid ", "ASA", ""], "ibuprofen": []})
    assert yaml.safe_load(path.read_text(encoding="utf-8")) == {
        "Aspirin": ["ASA", "acetylsalicylic acid"], "ibuprofen": []}
    assert services.lexicon_entries(path) == {"Aspirin": ["ASA", "acetylsalicylic acid"], "ibuprofen": []}
    lex = services.Lexicon.load(path)
    assert lex.canon("asa") == lex.canon("Acetylsalicylic acid") == lex.canon("ASPIRIN")
    assert lex.canon("ibuprofen") != lex.canon("aspirin")
    # a JSON name gets JSON
    services.save_lexicon(tmp_path / "l.json", {"a": ["b"]})
    assert json.loads((tmp_path / "l.json").read_text(encoding="utf-8")) == {"a": ["b"]}


@pytest.mark.parametrize("groups", [
    {"aspirin": ["ASA"], "acetylsalicylic acid": ["asa"]},      # one spelling, two options
    {"aspirin": ["ibuprofen"], "ibuprofen": []},                  # a synonym that is an option of its own
    {"  ": ["x"]},                                                # no canonical option
])
def test_a_lexicon_the_scorer_would_refuse_is_not_written(tmp_path, groups):
    path = tmp_path / "x.lexicon.yaml"
    services.save_lexicon(path, {"kept": ["k"]})
    with pytest.raises(InvalidArgument) as caught:
        services.save_lexicon(path, groups)
    assert caught.value.file == str(path)
    assert services.lexicon_entries(path) == {"kept": ["k"]}


def test_saved_gates_merge_over_the_defaults_as_scoring_reads_them(tmp_path):
    path = tmp_path / "demo.gates.yaml"
    assert services.gate_entries(path) == {}
    services.save_gates(path, {"A": {"strict": 0.95, "critical_misses": 0}, "C": {"faithfulness": 0.8}, "B": {}})
    assert services.gate_entries(path) == {"A": {"strict": 0.95, "critical_misses": 0.0}, "C": {"faithfulness": 0.8}}
    merged = services.load_gates(path)
    expected = {t: dict(c) for t, c in services.DEFAULT_GATES.items()}
    expected["A"]["strict"] = 0.95
    expected["C"]["faithfulness"] = 0.8
    assert merged == expected


@pytest.mark.parametrize("gates", [{"D": {"strict": 0.9}}, {"A": {"precision": 0.9}}, {"A": {"strict": 1.5}},
                                   {"B": {"lenient": -0.1}}, {"A": {"strict": "high"}}])
def test_gates_the_scorer_would_refuse_are_not_written(tmp_path, gates):
    path = tmp_path / "g.yaml"
    with pytest.raises(InvalidArgument):
        services.save_gates(path, gates)
    assert not path.exists()


def test_the_default_homes_sit_beside_the_project(demo_project):
    assert services.default_lexicon_path(demo_project) == demo_project.path.with_name(
        demo_project.path.stem + ".lexicon.yaml")
    assert services.default_gates_path(demo_project).parent == demo_project.path.parent


def test_a_file_that_is_not_a_lexicon_or_gates_says_which_file(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("aspirin: [ASA\n", encoding="utf-8")
    listed = tmp_path / "listed.yaml"
    listed.write_text("- aspirin\n- ASA\n", encoding="utf-8")
    for read in (services.lexicon_entries, services.gate_entries):
        for path in (broken, listed):
            with pytest.raises(InvalidArgument) as caught:
                read(path)
            assert caught.value.file == str(path) and path.name in str(caught.value)
