"""Answer-level generation audit (citations, unanswerable items) and latency / cost (issue #13 items 4, 7)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint

from factaudit.engine import services
from factaudit.engine.errors import NotFound
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


ITEMS = [
    # cardiology: two answerable items with gold passages, one unanswerable
    {"id": "c1", "category": "cardio", "gold_passages": ["p1", "p2"]},
    {"id": "c2", "category": "cardio", "gold_passages": ["p3"]},
    {"id": "c3", "category": "cardio", "answerable": False},
    # oncology: one answerable with gold, one unanswerable, one answerable without gold passages
    {"id": "o1", "category": "onco", "gold_passages": ["p4"]},
    {"id": "o2", "category": "onco", "answerable": False},
    {"id": "o3", "category": "onco"},
]
CHOICES = [
    {"item_id": "c1", "chosen": ["a"], "citations": ["p1", "p5"], "latency_ms": 100, "tokens_in": 1000, "tokens_out": 50},
    {"item_id": "c2", "chosen": ["a"], "citations": ["p3"], "latency_ms": 200, "tokens_in": 1200, "tokens_out": 40},
    {"item_id": "c3", "refused": True, "latency_ms": 300, "tokens_in": 900, "tokens_out": 10},          # right refusal
    {"item_id": "o1", "refused": True, "latency_ms": 400, "tokens_in": 800, "tokens_out": 12},          # false refusal
    {"item_id": "o2", "chosen": ["a"], "citations": ["p6"], "latency_ms": 1000, "tokens_in": 700, "tokens_out": 30,
     "tokens_reasoning": 20},
    {"item_id": "o3", "chosen": ["a"], "citations": [], "latency_ms": 250, "tokens_in": 600, "tokens_out": 25},
]


@pytest.fixture
def gen_run(project, tmp_path):
    corpus = [{"id": f"p{k}", "text": f"passage {k}"} for k in range(1, 7)]
    import_files(project, [_jsonl(tmp_path / "corpus.jsonl", corpus)], kind="corpus")
    items = [{**i, "answer": "-", "options": ["a", "b"], "gold_options": ["a"]} for i in ITEMS]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    run = import_files(project, [_jsonl(tmp_path / "choices.jsonl", CHOICES)], kind="choices").run_id
    return project, run, tmp_path


def _wilson(k, n):
    return pytest.approx(proportion_confint(k, n, alpha=0.05, method="wilson"))


def test_citations_and_unanswerable_handling_by_hand(gen_run):
    project, run, _ = gen_run
    g = services.score_run(project, run, n_resamples=200)["multi_answer"]["generation"]
    # answered items with gold passages and citations: c1 (cites p1 of p1,p2, plus p5) and c2 (p3 of p3);
    # o1 refused, o3 has no gold passages -> hits 2, cited 3, gold 3
    assert g["n_citation_items"] == 2
    assert g["citation_precision"] == pytest.approx(2 / 3) and g["citation_precision_ci"] == _wilson(2, 3)
    assert g["citation_recall"] == pytest.approx(2 / 3) and g["citation_recall_ci"] == _wilson(2, 3)
    # unanswerable c3 (refused) and o2 (answered): 1 of 2; answerable c1 c2 o1 o3: one false refusal (o1)
    assert (g["n_unanswerable"], g["unanswerable_refusal_rate"]) == (2, 0.5)
    assert g["unanswerable_refusal_rate_ci"] == _wilson(1, 2)
    assert (g["n_answerable"], g["false_refusal_rate"]) == (4, 0.25) and g["false_refusal_rate_ci"] == _wilson(1, 4)
    cardio, onco = g["by_category"]["cardio"], g["by_category"]["onco"]
    assert (cardio["citation_precision"], cardio["citation_recall"]) == (pytest.approx(2 / 3), pytest.approx(2 / 3))
    assert (cardio["unanswerable_refusal_rate"], cardio["false_refusal_rate"]) == (1.0, 0.0)
    assert onco["n_citation_items"] == 0 and onco["citation_precision"] is None
    assert (onco["unanswerable_refusal_rate"], onco["false_refusal_rate"]) == (0.0, 0.5)


def test_latency_and_unknown_cost(gen_run):
    project, run, _ = gen_run
    u = services.score_run(project, run, n_resamples=200)["usage"]
    # sorted latencies 100 200 250 300 400 1000: P50 = (250 + 300) / 2; P95 at rank 0.95·5 = 4.75
    assert u["latency_p50_ms"] == pytest.approx(275.0)
    assert u["latency_p95_ms"] == pytest.approx(400 + 0.75 * (1000 - 400))
    assert (u["tokens_in"], u["tokens_out"], u["tokens_reasoning"]) == (5200, 167, 20)
    assert u["cost"] is None and u["cost_note"].startswith("unknown: no price")


def test_cost_with_a_price(gen_run):
    project, run, tmp_path = gen_run
    with pytest.raises(NotFound, match="no saved endpoint"):
        services.set_price("nowhere", 1.0, 2.0)
    services.add_endpoint("local-llm", "http://127.0.0.1:9/v1", "m1")
    services.set_price("local-llm", 0.5, 2.0)
    u = services.score_run(project, run, n_resamples=200, endpoint="local-llm")["usage"]
    cost = 5200 * 0.5 / 1e6 + 167 * 2.0 / 1e6      # reasoning tokens are inside tokens_out, not added again
    assert u["cost"] == pytest.approx(cost) and u["cost_per_call"] == pytest.approx(cost / 6)
    from factaudit.engine.cli import cli

    project.close()
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "200"])
    assert res.exit_code == 0 and "cost unknown: no price" in res.output
    res = CliRunner().invoke(cli, ["metrics", str(project.path), "--run", run, "--resamples", "200",
                                   "--endpoint", "local-llm"])
    assert res.exit_code == 0 and f"cost {cost:.4f}" in res.output and "P50 275 ms, P95 850 ms" in res.output
    res = CliRunner().invoke(cli, ["price", "--json"])
    assert json.loads(res.output)["local-llm"]["out_per_million"] == 2.0
    res = CliRunner().invoke(cli, ["price", "local-llm", "--remove"])
    assert res.exit_code == 0 and "no price (cost unknown)" in res.output


def test_missing_token_counts_leave_cost_unknown(project, tmp_path):
    items = [{"id": f"m{k}", "answer": "-", "options": ["a"], "gold_options": ["a"]} for k in range(3)]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    rows = [{"item_id": "m0", "chosen": ["a"], "tokens_in": 10, "tokens_out": 1, "latency_ms": 5},
            {"item_id": "m1", "chosen": ["a"], "latency_ms": 7}, {"item_id": "m2", "chosen": ["a"]}]
    run = import_files(project, [_jsonl(tmp_path / "c.jsonl", rows)], kind="choices").run_id
    services.add_endpoint("e", "http://127.0.0.1:9/v1", "m")
    services.set_price("e", 1, 1)
    u = services.run_usage(project, run, "choices", "e")
    assert u["cost"] is None and "2 of 3 calls report no token counts" in u["cost_note"]
    assert (u["n_with_latency"], u["latency_p50_ms"]) == (2, 6.0)


def test_verify_run_finds_its_endpoint_price(project, tmp_path):
    claims = [{"id": f"k{n}", "claim": f"claim {n}"} for n in range(4)]
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    pin = {"source": "endpoint", "endpoint": "http://127.0.0.1:9/v1", "model_name": "m2"}
    run = run_store.create_run(project, "verify", {"model": pin})
    for n, lat in enumerate((30.0, 10.0, 40.0, 20.0)):
        run_store.add_verdict(project, run, VerdictRecord(f"k{n}", "Supported", prompt_tokens=100, completion_tokens=10,
                                                          latency_ms=lat))
    run_store.finish_run(project, run, "done")
    assert services.run_usage(project, run, "verdicts")["cost"] is None       # endpoint not saved: unknown
    services.add_endpoint("srv", "http://127.0.0.1:9/v1/", "m2")
    services.set_price("srv", 3.0, 15.0)
    u = services.score_run(project, run, n_resamples=200)["usage"]
    assert u["endpoint"] == "srv" and u["cost"] == pytest.approx(400 * 3.0 / 1e6 + 40 * 15.0 / 1e6)
    assert u["latency_p50_ms"] == pytest.approx(25.0) and u["latency_p95_ms"] == pytest.approx(30 + 0.85 * 10)


def test_report_shows_usage_and_citations(gen_run):
    project, run, tmp_path = gen_run
    out = tmp_path / "report"
    services.write_report(project, out, ["html", "json"], [run], n_resamples=200)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Latency and cost" in html and "Citations and unanswerable questions" in html
    assert "<td>unknown</td>" in html                      # no price: the cost cell says so
    summary = json.loads((out / "json" / "summary.json").read_text(encoding="utf-8"))
    assert summary["usage"][run]["latency_p50_ms"] == pytest.approx(275.0) and summary["usage"][run]["cost"] is None


def test_hallucination_rate_from_a_verify_run(project, tmp_path):
    # two answers of two sentences each; claims per sentence, verdicts imported as a verify run
    items = [{"id": "h1", "category": "cardio", "answer": "Aspirin thins blood. It cures colds.", "options": ["a"],
              "gold_options": ["a"]},
             {"id": "h2", "category": "onco", "answer": "Statins lower LDL. They help the heart.", "options": ["a"],
              "gold_options": ["a"]}]
    import_files(project, [_jsonl(tmp_path / "items.jsonl", items)], kind="answers")
    claims = [{"id": "c1", "claim": "aspirin thins blood", "sentence_id": "h1:s1"},
              {"id": "c2", "claim": "aspirin cures colds", "sentence_id": "h1:s2"},
              {"id": "c3", "claim": "statins lower LDL", "sentence_id": "h2:s1"},
              {"id": "c4", "claim": "statins help", "sentence_id": "h2:s2"},
              {"id": "c5", "claim": "the heart benefits", "sentence_id": "h2:s2"}]
    import_files(project, [_jsonl(tmp_path / "claims.jsonl", claims)], kind="claims")
    verdicts = [{"claim_id": "c1", "verdict": "Supported"}, {"claim_id": "c2", "verdict": "Refuted"},
                {"claim_id": "c3", "verdict": "Supported"}, {"claim_id": "c4", "verdict": "Supported"},
                {"claim_id": "c5", "verdict": "No Evidence"}]
    vrun = import_files(project, [_jsonl(tmp_path / "v.jsonl", verdicts)], kind="verdicts").run_id
    crun = import_files(project, [_jsonl(tmp_path / "c.jsonl", [{"item_id": "h1", "chosen": ["a"]},
                                                                 {"item_id": "h2", "chosen": ["a"]}])],
                        kind="choices").run_id
    h = services.score_run(project, crun, n_resamples=200, verify_run=vrun)["multi_answer"]["generation"]["hallucination"]
    # by hand: h1:s2 (Refuted) and h2:s2 (one claim No Evidence) are not supported: 2 of 4 sentences
    assert (h["n_sentences"], h["hallucination_rate"]) == (4, 0.5) and h["hallucination_rate_ci"] == _wilson(2, 4)
    assert h["by_category"]["cardio"]["hallucination_rate"] == 0.5 and h["by_category"]["onco"]["n_sentences"] == 2
    with pytest.raises(Exception, match="not a finished verify run"):
        services.score_run(project, crun, n_resamples=200, verify_run=crun)
