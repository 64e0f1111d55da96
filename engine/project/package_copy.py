"""Copy a rater package's units from a project into a fresh project file: texts and ids only.

Each statement names the columns it copies, so what a rater receives is read off this file: no
verdict, gold label, gold answer or option, expert sentence label or reason, run config, item meta,
annotation or pre-label is ever selected."""
from __future__ import annotations

from dataclasses import dataclass, field

from factaudit.engine.project.chunked import rows_in
from factaudit.engine.project.db import Project, now_iso


@dataclass
class PackageContent:
    claim_ids: list[str] = field(default_factory=list)
    sentence_ids: list[str] = field(default_factory=list)        # with their answers, as context
    hits: dict[str, list[str]] = field(default_factory=dict)     # claim -> passages (evidence units)
    retrieval_run: str | None = None
    reasoning_run: str | None = None                             # verify run whose reasoning is rated
    codebook_version: int = 1


def _rows(src: Project, sql: str, ids: list[str]) -> list[tuple]:
    return list(rows_in(src.reader(), sql, ids))


def copy_content(src: Project, dst: Project, c: PackageContent) -> None:
    claims = _rows(src, "SELECT id, dataset_id, item_id, sentence_id, ord, text FROM claims WHERE id IN ({marks})",
                   c.claim_ids)
    sentence_ids = list(dict.fromkeys([*c.sentence_ids, *(r[3] for r in claims if r[3])]))
    item_ids = list(dict.fromkeys(r[2] for r in claims if r[2]))
    sentences = _rows(src, "SELECT item_id FROM sentences WHERE id IN ({marks})", sentence_ids)
    item_ids = list(dict.fromkeys([*item_ids, *(r[0] for r in sentences)]))
    items = _rows(src, "SELECT id, dataset_id, question, answer FROM items WHERE id IN ({marks})", item_ids)
    # every sentence of those answers, unlabelled, so the rater reads each one in its context
    all_sentences = _rows(src, "SELECT id, item_id, ord, text, start, end FROM sentences WHERE item_id IN ({marks})",
                          item_ids)
    passage_ids = list(dict.fromkeys(p for ps in c.hits.values() for p in ps))
    if c.reasoning_run:
        passage_ids += [p for p in _evidence_used(src, c.reasoning_run, c.claim_ids) if p not in passage_ids]
    passages = _rows(src, "SELECT id, doc_id, dataset_id, ord, title, text, lang, source, sentence_spans"
                          " FROM passages WHERE id IN ({marks})", passage_ids)
    docs = _rows(src, "SELECT id, dataset_id, title, source FROM documents WHERE id IN ({marks})",
                 [r[1] for r in passages if r[1]])
    dataset_ids = sorted({r[1] for r in claims} | {r[1] for r in items} | {r[2] for r in passages}
                         | {r[1] for r in docs})
    datasets = list(rows_in(src.reader(), "SELECT id, name, kind, format FROM datasets WHERE id IN ({marks})",
                            dataset_ids))
    books = src.reader().execute("SELECT version, body, sha256, created, note FROM codebooks WHERE version <= ?"
                                 " ORDER BY version", (c.codebook_version,)).fetchall()
    reasoning: list[tuple] = []
    if c.reasoning_run:
        reasoning = list(rows_in(src.reader(), "SELECT claim_id, reasoning, evidence_used FROM verdicts"
                                 " WHERE run_id = ? AND claim_id IN ({marks})", c.claim_ids, before=(c.reasoning_run,)))
    now = now_iso()
    with dst.atomic() as conn:
        conn.executemany("INSERT INTO datasets(id, name, kind, format, source_files, source_sha256, created)"
                         " VALUES (?, ?, ?, ?, '[]', '', ?)", [(*r, now) for r in datasets])
        conn.executemany("INSERT INTO documents(id, dataset_id, title, source) VALUES (?,?,?,?)", docs)
        conn.executemany("INSERT INTO passages(id, doc_id, dataset_id, ord, title, text, lang, source,"
                         " sentence_spans) VALUES (?,?,?,?,?,?,?,?,?)", passages)
        conn.executemany("INSERT INTO items(id, dataset_id, question, answer) VALUES (?,?,?,?)", items)
        conn.executemany("INSERT INTO sentences(id, item_id, ord, text, start, end) VALUES (?,?,?,?,?,?)",
                         all_sentences)
        conn.executemany("INSERT INTO claims(id, dataset_id, item_id, sentence_id, ord, text) VALUES (?,?,?,?,?,?)",
                         claims)
        conn.executemany("INSERT INTO codebooks(version, body, sha256, created, note) VALUES (?,?,?,?,?)", books)
        # runs keep their ids (labels name them) but no config: it may name an endpoint or a model path
        for run_id, kind in ((c.retrieval_run, "retrieve"), (c.reasoning_run, "verify")):
            if run_id:
                conn.execute("INSERT INTO runs(id, kind, status, config, config_hash, created)"
                             " VALUES (?, ?, 'running', '{}', '', ?)", (run_id, kind, now))
        if c.retrieval_run:
            conn.executemany("INSERT INTO retrieval_hits(run_id, claim_id, rank, passage_id, score) VALUES (?,?,?,?,0)",
                             [(c.retrieval_run, cid, rank, pid) for cid, ps in c.hits.items()
                              for rank, pid in enumerate(ps, 1)])
        if c.reasoning_run:
            # the reasoning is what is rated; the verdict column stays empty (the package is blind)
            conn.executemany("INSERT INTO verdicts(run_id, claim_id, verdict, reasoning, evidence_used, parse_status,"
                             " created) VALUES (?, ?, NULL, ?, ?, 'ok', ?)",
                             [(c.reasoning_run, r[0], r[1], r[2], now) for r in reasoning])
        conn.execute("UPDATE runs SET status = 'done', finished = ?", (now,))


def _evidence_used(src: Project, run_id: str, claim_ids: list[str]) -> list[str]:
    import json

    out: list[str] = []
    for (used,) in rows_in(src.reader(), "SELECT evidence_used FROM verdicts WHERE run_id = ? AND claim_id IN ({marks})",
                           claim_ids, before=(run_id,)):
        try:
            out += [p for p in json.loads(used or "[]") if isinstance(p, str)]
        except ValueError:
            continue
    return list(dict.fromkeys(out))
