"""Choose on dev, confirm once on test (issue #13 item 6): the sweep's pick and the test-look log."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine import services
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store

TOPICS = ["aspirin bleeding", "statin muscle pain", "metformin lactic acidosis", "warfarin vitamin k",
          "insulin hypoglycemia", "lisinopril cough", "amiodarone thyroid", "digoxin nausea"]


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def split_project(project, tmp_path):
    # each topic has two passages; the gold one shares fewer words with the claim than a distractor,
    # so a cut-off of 1 often misses it and 3 finds it
    corpus = []
    for n, t in enumerate(TOPICS):
        corpus.append({"id": f"g{n}", "text": f"{t.split()[0]} is associated with {t.split()[1]} in trials."})
        corpus.append({"id": f"x{n}", "text": f"{t} {t} claims and {t} questions."})
    import_files(project, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus")
    dev = [{"id": f"d{n}", "claim": f"{t} risk", "gold_passages": [f"g{n}"]} for n, t in enumerate(TOPICS[:5])]
    test = [{"id": f"t{n}", "claim": f"{t} risk", "gold_passages": [f"g{n}"]} for n, t in enumerate(TOPICS) if n >= 5]
    import_files(project, [_jsonl(tmp_path / "dev.jsonl", dev)], kind="claims", split="dev", dataset="dev")
    import_files(project, [_jsonl(tmp_path / "test.jsonl", test)], kind="claims", split="test", dataset="test")
    services.freeze_dataset(project, "test")
    return project


def _recall_at(project, run_id: str, k: int) -> float:
    """Plain recall@k of a run from its stored hits (one gold passage per claim here)."""
    hits = run_store.get_hits(project, run_id)
    found = []
    for cid, hs in hits.items():
        top = [h.passage_id for h in sorted(hs, key=lambda h: h.rank)][:k]
        found.append(float(f"g{cid[1:]}" in top))
    return sum(found) / len(found)


def test_pick_on_dev_and_one_logged_look_at_test(split_project):
    project = split_project
    res = services.sweep(project, "dev", ["bm25"], [1, 3], "recall")
    (r1, r3) = res.results
    assert (r1["k"], r3["k"]) == (1, 3) and r1["run_id"] == r3["run_id"]        # one run, cut at each k
    assert r1["value"] == pytest.approx(_recall_at(project, r1["run_id"], 1))
    assert r3["value"] == pytest.approx(_recall_at(project, r1["run_id"], 3))
    assert r1["value"] < r3["value"]                    # the data make the cut-off matter
    best = max(res.results, key=lambda r: r["value"])
    assert (res.pick["retriever"], res.pick["k"]) == (best["retriever"], best["k"])
    assert set(run_store.get_hits(project, r1["run_id"])) == {f"d{n}" for n in range(5)}   # dev claims only
    assert res.test_looks == {}

    c = services.confirm_sweep(project, res.sweep_id, "test")
    assert c["k"] == res.pick["k"] and set(run_store.get_hits(project, c["run_id"])) == {"t5", "t6", "t7"}
    assert c["value"] == pytest.approx(_recall_at(project, c["run_id"], res.pick["k"]))
    assert services.looks_at_test(project) == {"bm25": 1}
    with pytest.raises(InvalidArgument, match="already evaluated"):
        services.confirm_sweep(project, res.sweep_id, "test")
    # looking at test through eval-retrieval is logged too; evaluating the dev run is not
    services.eval_retrieval(project, r1["run_id"])
    assert services.looks_at_test(project) == {"bm25": 1}
    services.eval_retrieval(project, c["run_id"])
    assert services.looks_at_test(project) == {"bm25": 2}
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        with project.atomic() as conn:
            conn.execute("DELETE FROM test_looks")


def test_sweep_refuses_to_tune_on_test(split_project):
    project = split_project
    with pytest.raises(InvalidArgument, match="forbids"):
        services.sweep(project, "test", ["bm25"], [5], "recall@5")
    with pytest.raises(InvalidArgument, match="no claims dataset has split 'train'"):
        services.sweep(project, "train", ["bm25"], [5], "recall@5")
    with pytest.raises(InvalidArgument, match="unknown pick metric"):
        services.sweep(project, "dev", ["bm25"], [5], "accuracy@5")
    services.freeze_dataset(project, "dev")
    with pytest.raises(InvalidArgument, match="frozen as a test set"):
        services.sweep(project, "dev", ["bm25"], [5], "recall@5")


def test_parse_retrievers():
    assert services.parse_retrievers("bm25,dense,rrf:bm25,dense") == ["bm25", "dense", "rrf:bm25,dense"]
    assert services.parse_retrievers("bm25") == ["bm25"]
    with pytest.raises(InvalidArgument):
        services.parse_retrievers(" , ")


def test_sweep_cli_and_report(split_project, tmp_path):
    project = split_project
    from factaudit.engine.cli import cli

    path = project.path
    project.close()
    res = CliRunner().invoke(cli, ["sweep", str(path), "--split", "dev", "--retrievers", "bm25", "--k", "1,3",
                                   "--pick", "recall", "--confirm-on", "test", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["confirmation"]["split"] == "test" and out["test_looks"] == {"bm25": 1}
    res = CliRunner().invoke(cli, ["sweep", str(path), "--confirm", str(out["sweep_id"])])
    assert res.exit_code != 0 and "already evaluated" in res.output
    # the report counts the looks per family
    items = _jsonl(tmp_path / "items.jsonl", [{"id": "m1", "answer": "-", "options": ["a"], "gold_options": ["a"]}])
    with services.open_project(path) as p:
        import_files(p, [items], kind="answers")
        run = import_files(p, [_jsonl(tmp_path / "c.jsonl", [{"item_id": "m1", "chosen": ["a"]}])],
                           kind="choices").run_id
        services.write_report(p, tmp_path / "rep", ["html", "json"], [run], n_resamples=200)
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Looks at the test split" in html
    assert json.loads((tmp_path / "rep" / "json" / "summary.json").read_text())["test_looks"] == {"bm25": 1}
