"""Write a validated ImportBatch in one transaction (all or nothing)."""
from __future__ import annotations

import hashlib
import sqlite3

from factaudit.engine.errors import ImportFailed, Problem
from factaudit.engine.project._json import dumps
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.project.records import DatasetInfo, ImportBatch
from factaudit.engine.project import injection_store, queries
# Re-exported: the ingest builder checks id collisions through this module.
from factaudit.engine.project.chunked import existing_ids  # noqa: F401


# The kinds an import writes, each stored in the table of the same name (ingest keys its id checks by these).
ID_TABLES = ("documents", "passages", "items", "sentences", "claims")


def any_passages(project: Project) -> bool:
    return project.reader().execute("SELECT 1 FROM passages LIMIT 1").fetchone() is not None


def dataset_name_taken(project: Project, name: str) -> bool:
    return project.reader().execute("SELECT 1 FROM datasets WHERE name = ?", (name,)).fetchone() is not None


def write_batch(project: Project, batch: ImportBatch) -> DatasetInfo:
    spec = batch.dataset
    files = [{"path": f.path, "sha256": f.sha256, "bytes": f.bytes} for f in spec.files]
    combined = hashlib.sha256("".join(sorted(f.sha256 for f in spec.files)).encode()).hexdigest()
    counts = batch.counts()
    try:
        with project.atomic() as conn:
            cur = conn.execute(
                "INSERT INTO datasets(name, kind, format, source_files, source_sha256, split, created, counts)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (spec.name, spec.kind, spec.format, dumps(files), combined, spec.split, now_iso(), dumps(counts)),
            )
            ds = cur.lastrowid
            conn.executemany(
                "INSERT INTO documents(id, dataset_id, title, source, meta) VALUES (?, ?, ?, ?, ?)",
                ((d.id, ds, d.title, d.source, dumps(d.meta)) for d in batch.documents),
            )
            conn.executemany(
                "INSERT INTO passages(id, doc_id, dataset_id, ord, title, text, lang, source, sentence_spans, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    (p.id, p.doc_id, ds, p.ord, p.title, p.text, p.lang, p.source,
                     dumps([list(s) for s in p.sentence_spans]) if p.sentence_spans else None, dumps(p.meta))
                    for p in batch.passages
                ),
            )
            # Flag instruction-like passages now, so the auditor sees them before any run uses them.
            injection_store.store_scans(conn, ((p.id, p.title, p.text) for p in batch.passages))
            conn.executemany(
                "INSERT INTO items(id, dataset_id, question, answer, gold_answers, options, gold_options, category,"
                " risk_tier, critical, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    (i.id, ds, i.question, i.answer, dumps(i.gold_answers), dumps(i.options), dumps(i.gold_options),
                     i.category, i.risk_tier, int(bool(i.critical)), dumps(i.meta))
                    for i in batch.items
                ),
            )
            conn.executemany(
                "INSERT INTO sentences(id, item_id, ord, text, start, end, label, reason, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                ((s.id, s.item_id, s.ord, s.text, s.start, s.end, s.label, s.reason, dumps(s.meta))
                 for s in batch.sentences),
            )
            conn.executemany(
                "INSERT INTO claims(id, dataset_id, item_id, sentence_id, ord, text, gold_label, origin, run_id, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                ((c.id, ds, c.item_id, c.sentence_id, c.ord, c.text, c.gold_label, c.origin, c.run_id, dumps(c.meta))
                 for c in batch.claims),
            )
            conn.executemany(
                "INSERT INTO claim_gold(claim_id, passage_id, stance, sentences) VALUES (?, ?, ?, ?)",
                ((c.id, g.passage_id, g.stance, dumps(g.sentences)) for c in batch.claims for g in c.gold),
            )
            if batch.run is not None:
                from factaudit.engine.project import runs as run_store

                run_id = run_store.create_run(
                    project, "imported", batch.run.config,
                    provenance={"source": "imported", "kind": batch.run.kind, "files": files},
                )
                if batch.run.hits:
                    run_store.add_hits(project, run_id, batch.run.hits)
                if batch.run.verdicts:
                    for v in batch.run.verdicts:
                        run_store.add_verdict(project, run_id, v)
                if batch.run.predictions:
                    from factaudit.engine.project import scoring_store

                    scoring_store.add_predictions(project, run_id, batch.run.predictions)
                run_store.finish_run(project, run_id, "done", summary=counts)
                counts["run_id"] = run_id  # type: ignore[assignment]
                conn.execute("UPDATE datasets SET counts = ? WHERE id = ?", (dumps(counts), ds))
    except sqlite3.IntegrityError as exc:
        # Validation upstream should catch these with file and line; this is the last line of defence.
        raise ImportFailed([Problem(spec.files[0].path if spec.files else "?", None, None,
                                    f"rejected by the project: {exc}")]) from exc
    return queries.get_dataset(project, spec.name)


def freeze_dataset(project: Project, name: str, frozen: bool = True) -> DatasetInfo:
    with project.atomic() as conn:
        cur = conn.execute("UPDATE datasets SET frozen = ? WHERE name = ?", (int(frozen), name))
        if cur.rowcount == 0:
            from factaudit.engine.errors import NotFound

            raise NotFound(f"no dataset named {name!r}")
    return queries.get_dataset(project, name)
