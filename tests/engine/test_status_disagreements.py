"""status_store.disagreement_units (the Workflow page's SQL count of disagreements) against the
engine's own rules in engine.audit.triage, on projects with the cases the rules distinguish: sentences
with several claims, parse failures, missing verdicts, deactivated claims, claims with a gold label
only and claims with no label at all."""
from __future__ import annotations

import json
import random
import sqlite3

import pytest

from factaudit.engine import services
from factaudit.engine.audit import triage as tri
from factaudit.engine.metrics.classification import MAPPINGS
from factaudit.engine.project import status_store
from factaudit.engine.services import status

VERDICTS = ("Supported", "Refuted", "No Evidence", "Ambiguous")


def _spoil(path, run_id: str, claim_ids: list[str], rng: random.Random) -> None:
    """Parse failures, a missing verdict and deactivated claims, written straight into the test's copy
    (a finished run's verdicts are guarded by triggers, lifted here for the edit)."""
    conn = sqlite3.connect(path)
    with conn:
        guards = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
                              " AND tbl_name IN ('runs', 'verdicts')").fetchall()
        for name, _sql in guards:
            conn.execute(f'DROP TRIGGER "{name}"')
        for c in rng.sample(claim_ids, 6):
            conn.execute("UPDATE verdicts SET parse_status = 'failed', verdict = NULL WHERE run_id = ? AND claim_id = ?",
                         (run_id, c))
        conn.execute("DELETE FROM verdicts WHERE run_id = ? AND claim_id = ?", (run_id, claim_ids[3]))
        for _name, sql in guards:
            conn.execute(sql)
        for c in rng.sample(claim_ids, 4):
            conn.execute("UPDATE claims SET active = 0 WHERE id = ?", (c,))
    conn.close()


def _check_every_mapping(project, run_id: str, levels) -> None:
    for level in levels:
        for mapping, flagged in MAPPINGS.items():
            index = tri.disagreement_index(project, run_id, mapping=mapping, level=level, texts=False)
            n_units, ids = status_store.disagreement_units(project, run_id, flagged, level)
            assert (n_units, sorted(ids)) == (index.n_units, sorted(r.unit_id for r in index.rows)), (level, mapping)


def test_sentence_and_claim_level_on_answers(demo_project, tmp_path):
    p = demo_project
    services.decompose(p, services.DecomposeRequest(method="sentence", dataset="medexpert-demo"))
    claim_ids = [r[0] for r in p.reader().execute("SELECT id FROM claims WHERE active = 1 ORDER BY rowid")]
    rng = random.Random(5)
    vfile = tmp_path / "verdicts.jsonl"
    vfile.write_text("".join(json.dumps({"claim_id": c, "verdict": rng.choice(VERDICTS)}) + "\n" for c in claim_ids))
    vrun = services.import_files(p, [vfile], kind="verdicts").run_id
    _spoil(p.path, vrun, claim_ids, rng)
    _check_every_mapping(p, vrun, ("sentence", "claim"))
    n_units, ids = status_store.disagreement_units(p, vrun, MAPPINGS["R+NE"], "sentence")
    assert n_units and ids and len(ids) < n_units


def test_claims_with_gold_labels_only(tmp_path):
    rng = random.Random(11)
    gold = {f"c{i}": (rng.choice(VERDICTS) if i % 7 else None) for i in range(150)}
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": c, "claim": f"claim {c}", **({"label": g} if g else {})}) + "\n"
                              for c, g in gold.items()))
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text("".join(json.dumps({"claim_id": c, "verdict": rng.choice(VERDICTS)}) + "\n" for c in gold))
    p = services.create_project(tmp_path / "claims.faproj")
    try:
        services.import_files(p, [claims], kind="claims")
        vrun = services.import_files(p, [verdicts], kind="verdicts").run_id
        _spoil(p.path, vrun, list(gold), rng)
        _check_every_mapping(p, vrun, ("sentence", "claim"))
        assert status_store.disagreement_units(p, vrun, MAPPINGS["R"], "sentence") == (0, [])
        # the Workflow step reads the same numbers the Review page lists, triaged ones included
        index = tri.disagreement_index(p, vrun, level="claim", texts=False)
        for row in index.rows[:3]:
            services.audit.set_triage(p, vrun, row.unit_id, "verification_error", "alice", level="claim")
        step = status.workflow_status(p).step("review")
        assert step.detail == f"{vrun}: 3 of {len(index.rows):,} disagreements triaged"
    finally:
        p.close()


def test_unknown_level():
    with pytest.raises(ValueError):
        status_store.disagreement_units(None, "verify-1", MAPPINGS["R"], "item")  # type: ignore[arg-type]
