"""Messages that said something untrue (issue #23 item 6), engine side: the import Check lists as
unread only the columns no file's reader reads, a JSON error names its column once, and a verdict
whose reasoning concludes another verdict is found and counted in `metrics`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from factaudit.engine import services
from factaudit.engine.ingest.problems import Problems
from factaudit.engine.ingest.readers import read_jsonl
from factaudit.engine.services.reasoning_checks import reasoning_contradictions
from factaudit.engine.text.reasoning_check import NOT_SUPPORTED, contradiction, stated_verdict

ROOT = Path(__file__).resolve().parent.parent.parent
DEMO = ROOT / "resources" / "demo"


def test_scifact_claims_and_corpus_together_leave_no_column_unread(project):
    # the claims file comes first: its reader does not read doc_id/title/abstract, the corpus reader does
    plan = services.plan_import(project, [DEMO / "scifact_claims_dev100.jsonl", DEMO / "scifact_corpus_subset.jsonl"])
    assert {"doc_id", "title", "abstract", "claim", "cited_doc_ids"} <= set(plan.columns)
    assert not {"doc_id", "title", "abstract", "structured"} & set(plan.unmapped_columns), plan.unmapped_columns


def test_a_column_no_reader_reads_is_still_listed(project, tmp_path):
    corpus = tmp_path / "corpus_extra.jsonl"
    rows = [json.loads(line) for line in (DEMO / "scifact_corpus_subset.jsonl").read_text().splitlines()[:3]]
    corpus.write_text("".join(json.dumps({**r, "shelf": "B2"}) + "\n" for r in rows), encoding="utf-8")
    plan = services.plan_import(project, [DEMO / "scifact_claims_dev100.jsonl", corpus], fmt="scifact")
    assert "shelf" in plan.unmapped_columns and "abstract" not in plan.unmapped_columns


def _reasons(tmp_path, line: str) -> list[str]:
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    problems = Problems()
    list(read_jsonl(path, problems))
    return [p.reason for p in problems.items]


def test_an_unterminated_string_names_its_column_once(tmp_path):
    reasons = _reasons(tmp_path, '{"id": "c1", "claim": "open')
    assert reasons == ["invalid JSON: Unterminated string starting at column 23"], reasons
    assert "at at" not in reasons[0]


def test_other_json_errors_keep_their_wording(tmp_path):
    reasons = _reasons(tmp_path, '{"id": "c1" "claim": "x"}')
    assert reasons == ["invalid JSON: Expecting ',' delimiter at column 13"], reasons


@pytest.mark.parametrize("reasoning, said", [
    ("Passage 1 is about mice, not humans. Therefore, No Evidence.", "No Evidence"),
    ("The passages do not mention the drug. Verdict: No Evidence", "No Evidence"),
    ("Passage [2] reports the opposite effect, so the claim is refuted.", "Refuted"),
    ("The claim is not supported by any passage.", NOT_SUPPORTED),
    ("There is no evidence against it, and passage 3 states it directly: the claim is supported.", "Supported"),
    ("Passage 1 mentions the gene; passage 2 a different cohort.", None),
    ("", None),
])
def test_the_stated_verdict_is_the_last_explicit_conclusion(reasoning, said):
    assert stated_verdict(reasoning) == said


def test_contradiction_only_when_the_conclusion_differs():
    assert contradiction("Supported", "Nothing on topic. Therefore, No Evidence.") == "No Evidence"
    assert contradiction("No Evidence", "Nothing on topic. Therefore, No Evidence.") is None
    assert contradiction("Supported", "The claim is not supported by the passages.") == NOT_SUPPORTED
    assert contradiction("Refuted", "The claim is not supported by the passages.") is None
    assert contradiction("Supported", "Passage 1 shows the effect in adults.") is None
    assert contradiction(None, "Therefore, Refuted.") is None      # a parse failure has no verdict to contradict


def test_metrics_counts_the_contradicted_verdicts(project, tmp_path):
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"claim {i}", "label": "Supported"}) + "\n"
                              for i in range(4)), encoding="utf-8")
    verdicts = tmp_path / "verdicts.jsonl"
    rows = [("c0", "Supported", "Passage 1 says so. The claim is supported."),
            ("c1", "Supported", "No passage is on topic. Verdict: No Evidence"),
            ("c2", "Refuted", "Passage 2 contradicts it. Therefore, Refuted."),
            ("c3", "No Evidence", "Passage 1 shows it directly, so the claim is supported.")]
    verdicts.write_text("".join(json.dumps({"claim_id": c, "verdict": v, "reasoning": r}) + "\n" for c, v, r in rows),
                        encoding="utf-8")
    services.import_files(project, [claims], kind="claims")
    result = services.import_files(project, [verdicts], kind="verdicts")
    found = reasoning_contradictions(project, result.run_id)
    assert found == {"c1": "No Evidence", "c3": "Supported"}
    scored = services.score_run(project, result.run_id, n_resamples=100)
    assert scored["verdicts_contradicted_by_reasoning"] == 2
