"""Corpora as an axis (issue #34 item 2): retrieval over a named union of corpus datasets, and per-corpus
gold coverage in eval-retrieval, checked against hand counts on a fixture of three small corpora."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store

TOPICS = ["aspirin bleeding", "statin muscle", "metformin acidosis", "warfarin vitamin", "insulin hypoglycemia"]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def corpora(project, tmp_path):
    """Corpus A holds the gold of topics 0-2, B of topics 2-4 (topic 2's gold is split over A and B),
    C holds only distractors. Claim n's gold: a<n> in A and/or b<n> in B."""
    a = [{"id": f"a{n}", "text": f"{t} reported in a cohort"} for n, t in enumerate(TOPICS) if n <= 2]
    b = [{"id": f"b{n}", "text": f"{t} seen in a registry"} for n, t in enumerate(TOPICS) if n >= 2]
    c = [{"id": f"c{n}", "text": f"unrelated note {n} on hospital parking"} for n in range(5)]
    for name, rows in (("A", a), ("B", b), ("C", c)):
        import_files(project, [_jsonl(tmp_path / f"{name}.jsonl", rows)], kind="corpus", dataset=name)
    claims = [{"id": f"q{n}", "claim": f"{t} risk",
               "gold_passages": [f"a{n}"] * (n <= 2) + [f"b{n}"] * (n >= 2)} for n, t in enumerate(TOPICS)]
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims", dataset="claims")
    return project


def test_a_union_retrieves_only_from_its_corpora_and_pins_them(corpora):
    res = services.retrieve(corpora, services.RetrievalRequest(k=10, corpus_datasets=["C", "A"]))
    run = run_store.get_run(corpora, res.run_id)
    assert run.config["corpus_datasets"] == ["A", "C"] and run.config["corpus_dataset"] is None
    where = {p: d for p, d in corpora.reader().execute(
        "SELECT p.id, d.name FROM passages p JOIN datasets d ON d.id = p.dataset_id")}
    hits = run_store.get_hits(corpora, res.run_id)
    assert {where[h.passage_id] for hs in hits.values() for h in hs} <= {"A", "C"}
    assert res.n_passages == 3 + 5
    # the corpus hash is the union's, not the project's, and differs from each member's
    one = services.retrieve(corpora, services.RetrievalRequest(k=10, corpus_dataset="A"))
    assert run.config["corpus_hash"] != run_store.get_run(corpora, one.run_id).config["corpus_hash"]
    # a config without a union keeps the keys it always had
    assert "corpus_datasets" not in run_store.get_run(corpora, one.run_id).config
    with pytest.raises(InvalidArgument, match="not both"):
        services.retrieve(corpora, services.RetrievalRequest(corpus_dataset="A", corpus_datasets=["B", "C"]))


def test_gold_coverage_per_corpus_and_for_the_union(corpora):
    res = services.retrieve(corpora, services.RetrievalRequest(k=5, corpus_datasets=["A", "B"]))
    cov = services.eval_retrieval(corpora, res.run_id, log_test=False, n_resamples=100).gold_coverage
    # by hand, 5 claims: all gold in A -> q0, q1; any in A -> q0, q1, q2; all in B -> q3, q4; any -> q2-q4;
    # the union A+B holds every claim's gold
    assert cov["A"] == {"n": 5, "all": 0.4, "any": 0.6}
    assert cov["B"] == {"n": 5, "all": 0.4, "any": 0.6}
    assert cov["union"] == {"n": 5, "all": 1.0, "any": 1.0}
    # a run over every corpus lists each dataset with passages, C with none of the gold
    every = services.retrieve(corpora, services.RetrievalRequest(k=5))
    cov = services.eval_retrieval(corpora, every.run_id, log_test=False, n_resamples=100).gold_coverage
    assert sorted(cov) == ["A", "B", "C", "union"] and cov["C"] == {"n": 5, "all": 0.0, "any": 0.0}


def test_cli_retrieve_union_and_coverage(corpora):
    path = str(corpora.path)
    corpora.close()
    res = CliRunner().invoke(cli, ["retrieve", path, "--corpus-dataset", "A", "--corpus-dataset", "B", "--k", "3",
                                   "--json"])
    assert res.exit_code == 0, res.output
    run = json.loads(res.output)["run_id"]
    res = CliRunner().invoke(cli, ["eval-retrieval", path, "--run", run, "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["gold_coverage"]["union"]["all"] == 1.0
    res = CliRunner().invoke(cli, ["eval-retrieval", path, "--run", run])
    assert "gold coverage" in res.output and "40.0% all, 60.0% any of 5 claims" in res.output
