"""Fuzz every importer with seeded broken files (issue #11 item 7): zero tracebacks (only ImportFailed
or another FactAuditError) and zero partial writes (every table's row count unchanged after a refusal).

FACTAUDIT_FUZZ_TRIALS raises the per-importer trial count for a longer run; FACTAUDIT_FUZZ_SEED
changes the seed. A failure prints the seed, trial and mutation so it can be replayed.
"""
from __future__ import annotations

import os
import random
import shutil
import traceback
from pathlib import Path

import pytest

from factaudit.engine.errors import FactAuditError
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import Project

from fuzzgen import broken_file  # tests/engine is on sys.path (no __init__.py, rootdir mode)

ROOT = Path(__file__).resolve().parent.parent.parent
GOOD = ROOT / "tests" / "fixtures" / "good"
DEMO = ROOT / "resources" / "demo"
TRIALS = int(os.environ.get("FACTAUDIT_FUZZ_TRIALS", "150"))
SEED = int(os.environ.get("FACTAUDIT_FUZZ_SEED", "20261130"))


def _head(path: Path, n: int) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()[:n]
    return "\n".join(lines) + "\n"


# importer -> [(file name, shape, seed text, format, kind)]
def seeds() -> dict[str, list[tuple[str, str, str, str, str | None]]]:
    g = lambda name: (GOOD / name).read_text(encoding="utf-8")  # noqa: E731
    return {
        "jsonl": [("corpus_x.jsonl", "jsonl", g("corpus.jsonl"), "jsonl", "corpus"),
                  ("claims_x.jsonl", "jsonl", g("claims.jsonl"), "jsonl", "claims"),
                  ("answers_x.jsonl", "jsonl", g("answers.jsonl"), "jsonl", "answers"),
                  ("verdicts_x.jsonl", "jsonl", g("verdicts.jsonl"), "jsonl", "verdicts")],
        "csv": [("corpus_x.csv", "csv", g("corpus_bom_crlf.csv").lstrip("\ufeff"), "csv", "corpus"),
                ("claims_x.csv", "csv", g("claims_lists.csv"), "csv", "claims"),
                ("answers_x.csv", "csv", g("answers.csv"), "csv", "answers")],
        "scifact": [("claims_dev.jsonl", "jsonl", _head(DEMO / "scifact_claims_dev100.jsonl", 6), "scifact", None),
                    ("corpus.jsonl", "jsonl", _head(DEMO / "scifact_corpus_subset.jsonl", 4), "scifact", None)],
        "healthver": [("healthver_dev.csv", "csv", g("healthver_small.csv"), "healthver", None)],
        "medexpert": [("medexpert.json", "json", g("medexpert_small.json"), "medexpert", None)],
        "ramdocs": [("ramdocs.jsonl", "jsonl", g("ramdocs_small.jsonl"), "ramdocs", None)],
        "hotpotqa": [("hotpot_ircot.jsonl", "jsonl", g("hotpotqa_ircot_small.jsonl"), "hotpotqa", None),
                     ("hotpot_orig.json", "json", g("hotpotqa_orig_small.json"), "hotpotqa", None),
                     ("hotpot_orig_corpus.json", "json", g("hotpotqa_orig_small_corpus.json"), "hotpotqa", None)],
        "trec": [("run.trec", "trec", g("run_small.trec"), "trec", None)],
    }


def row_counts(p: Project) -> dict[str, int]:
    conn = p.reader()
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                         "AND name NOT LIKE 'sqlite_%'")]
    return {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


@pytest.fixture(scope="module")
def base_project(tmp_path_factory) -> Path:
    """Holds the corpus and claims the TREC run and the verdicts refer to."""
    path = tmp_path_factory.mktemp("fuzz-base") / "base.faproj"
    with Project.create(path) as p:
        import_files(p, [GOOD / "corpus.jsonl"], kind="corpus", dataset="base-corpus")
        import_files(p, [GOOD / "claims.jsonl"], kind="claims", dataset="base-claims")
    return path


def fuzz_importer(name: str, project_path: Path, work: Path, trials: int, seed: int) -> dict:
    rng = random.Random(f"{seed}:{name}")
    cases = seeds()[name]
    stats = {"trials": 0, "refused": 0, "imported": 0, "tracebacks": [], "partial_writes": []}
    with Project.open(project_path) as p:
        for trial in range(trials):
            file_name, shape, text, fmt, kind = cases[trial % len(cases)]
            how, data = broken_file(text, shape, rng)
            path = work / file_name
            path.write_bytes(data)
            before = row_counts(p)
            stats["trials"] += 1
            try:
                # a per-trial prefix keeps a variant from failing only on ids the last success wrote;
                # runs (verdicts, TREC) refer to the base project's own ids, so they go unprefixed
                prefix = None if kind == "verdicts" or fmt == "trec" else f"t{trial}:"
                import_files(p, [path], fmt=fmt, kind=kind, dataset=f"fuzz-{name}-{trial}", id_prefix=prefix)
                stats["imported"] += 1
            except FactAuditError:
                stats["refused"] += 1
                after = row_counts(p)
                if after != before:
                    changed = {t: (before.get(t), after.get(t)) for t in after if after.get(t) != before.get(t)}
                    stats["partial_writes"].append(f"{name} trial {trial} ({how}, {file_name}): {changed}")
            except Exception:  # noqa: BLE001 - collecting what escaped is the point of this test
                tail = traceback.format_exc().strip().splitlines()[-3:]
                stats["tracebacks"].append(f"{name} seed {seed} trial {trial} ({how}, {file_name}): "
                                           + " | ".join(tail))
                keep = work / f"failed-{name}-{trial}-{file_name}"
                shutil.copyfile(path, keep)
    return stats


IMPORTERS = ["jsonl", "csv", "scifact", "healthver", "medexpert", "ramdocs", "hotpotqa", "trec"]


@pytest.mark.parametrize("name", IMPORTERS)
def test_fuzzed_files_never_traceback_or_write_partially(name, base_project, tmp_path):
    project = tmp_path / "fuzz.faproj"
    shutil.copy2(base_project, project)
    stats = fuzz_importer(name, project, tmp_path, TRIALS, SEED)
    print(f"\nfuzz {name}: {stats['trials']} trials, {stats['refused']} refused, {stats['imported']} imported, "
          f"{len(stats['tracebacks'])} tracebacks, {len(stats['partial_writes'])} partial writes")
    assert stats["trials"] == TRIALS
    assert not stats["tracebacks"], "\n".join(stats["tracebacks"][:10])
    assert not stats["partial_writes"], "\n".join(stats["partial_writes"][:10])
    # the generator really breaks things: most variants must be refused
    assert stats["refused"] >= TRIALS // 3
