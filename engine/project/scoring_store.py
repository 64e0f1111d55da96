"""SQL for scoring: verdicts joined with expert labels, item predictions, and written reports."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from factaudit.engine.project._json import dumps, loads
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.project.records import ItemPrediction


@dataclass
class VerdictUnit:
    """A verdict of one run on one claim, with everything scoring needs about that claim."""

    claim_id: str
    verdict: str | None
    parse_status: str
    sentence_id: str | None
    sentence_label: str | None
    item_id: str | None
    category: str | None
    gold_label: str | None
    active: bool
    completion_tokens: int | None = None   # tells a reply cut off at max_tokens from one that did not parse


@dataclass
class SentenceUnit:
    id: str
    label: str
    item_id: str
    category: str | None
    claim_ids: list[str]          # active claims made from this sentence


@dataclass
class ItemRow:
    id: str
    category: str | None
    options: list[str] | None
    gold_options: list[str] | None
    gold_answers: list[str] | None
    risk_tier: str | None
    critical: bool
    meta: dict


@dataclass
class ReportRow:
    id: int
    path: str
    format: str
    sha256: str
    runs: list[str]
    created: str


def verdict_units(project: Project, run_id: str) -> list[VerdictUnit]:
    sql = (
        "SELECT v.claim_id, v.verdict, v.parse_status, c.sentence_id, s.label, coalesce(s.item_id, c.item_id),"
        " i.category, c.gold_label, c.active, v.completion_tokens"
        " FROM verdicts v JOIN claims c ON c.id = v.claim_id"
        " LEFT JOIN sentences s ON s.id = c.sentence_id"
        " LEFT JOIN items i ON i.id = coalesce(s.item_id, c.item_id)"
        " WHERE v.run_id = ? ORDER BY c.rowid"
    )
    return [VerdictUnit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], bool(r[8]), r[9])
            for r in project.reader().execute(sql, (run_id,))]


def covered_sentences(project: Project, run_id: str) -> list[SentenceUnit]:
    """Labelled sentences of every answer (item) the run verified at least one claim of."""
    conn = project.reader()
    items_sql = (
        "SELECT DISTINCT s.item_id FROM verdicts v JOIN claims c ON c.id = v.claim_id"
        " JOIN sentences s ON s.id = c.sentence_id WHERE v.run_id = ?"
    )
    rows = conn.execute(
        "SELECT s.id, s.label, s.item_id, i.category FROM sentences s JOIN items i ON i.id = s.item_id"
        f" WHERE s.label IS NOT NULL AND s.item_id IN ({items_sql}) ORDER BY s.item_id, s.ord",
        (run_id,),
    ).fetchall()
    claims: dict[str, list[str]] = {}
    for cid, sid in conn.execute(
        "SELECT c.id, c.sentence_id FROM claims c JOIN sentences s ON s.id = c.sentence_id"
        f" WHERE c.active = 1 AND s.item_id IN ({items_sql}) ORDER BY c.rowid",
        (run_id,),
    ):
        claims.setdefault(sid, []).append(cid)
    return [SentenceUnit(r[0], r[1], r[2], r[3], claims.get(r[0], [])) for r in rows]


@dataclass
class SentenceTable:
    """The sentences side of scoring, read once for several runs (`compare`): every sentence's item,
    the labelled sentences in covered_sentences' order, and the active claims of each sentence."""

    item_of: dict[str, str]
    labelled: list[tuple[str, str, str, str | None]]      # (id, label, item id, category)
    claims_of: dict[str, list[str]]

    def covered(self, rows: Iterable[VerdictUnit]) -> list[SentenceUnit]:
        """covered_sentences(run) from the run's verdict_units rows, without another query."""
        items = {self.item_of[r.sentence_id] for r in rows if r.sentence_id in self.item_of}
        return [SentenceUnit(sid, label, item, cat, self.claims_of.get(sid, []))
                for sid, label, item, cat in self.labelled if item in items]


def sentence_table(project: Project) -> SentenceTable:
    conn = project.reader()
    item_of = dict(conn.execute("SELECT id, item_id FROM sentences"))
    labelled = conn.execute(
        "SELECT s.id, s.label, s.item_id, i.category FROM sentences s JOIN items i ON i.id = s.item_id"
        " WHERE s.label IS NOT NULL ORDER BY s.item_id, s.ord").fetchall()
    claims: dict[str, list[str]] = {}
    for cid, sid in conn.execute("SELECT c.id, c.sentence_id FROM claims c JOIN sentences s ON s.id = c.sentence_id"
                                 " WHERE c.active = 1 ORDER BY c.rowid"):
        claims.setdefault(sid, []).append(cid)
    return SentenceTable(item_of, [tuple(r) for r in labelled], claims)


def all_sentences(project: Project) -> list[tuple[str, str | None, str, str | None]]:
    """(id, expert label or None, item id, category) of every answer sentence, in covered_sentences'
    order: a gold source other than the expert's may label sentences the expert left."""
    return [tuple(r) for r in project.reader().execute(
        "SELECT s.id, s.label, s.item_id, i.category FROM sentences s JOIN items i ON i.id = s.item_id"
        " ORDER BY s.item_id, s.ord")]


def sentence_severities(project: Project) -> dict[str, list[str]]:
    """{sentence: the severity labels its flagged spans carry} (MedExpert imports keep them in meta)."""
    out: dict[str, list[str]] = {}
    for sid, meta in project.reader().execute(
            "SELECT id, meta FROM sentences WHERE meta LIKE '%\"severity\"%'"):
        sev = (loads(meta, {}) or {}).get("severity")
        if isinstance(sev, list) and sev:
            out[sid] = [str(x) for x in sev]
    return out


def scorable_runs(project: Project) -> dict[str, str]:
    """Finished runs that can be scored, with what they hold: 'verdicts', 'choices' or 'candidates'."""
    conn = project.reader()
    out: dict[str, str] = {}
    for (rid,) in conn.execute(
        "SELECT r.id FROM runs r WHERE r.status = 'done' AND EXISTS (SELECT 1 FROM verdicts v WHERE v.run_id = r.id)"
        " ORDER BY r.seq"
    ):
        out[rid] = "verdicts"
    for rid, has_chosen in conn.execute(
        "SELECT r.id, max(p.chosen IS NOT NULL) FROM runs r JOIN item_predictions p ON p.run_id = r.id"
        " WHERE r.status = 'done' GROUP BY r.id ORDER BY r.seq"
    ):
        out[rid] = "choices" if has_chosen else "candidates"
    return out


# ---- item predictions -------------------------------------------------------------------------------
def add_predictions(project: Project, run_id: str, preds: Iterable[ItemPrediction]) -> None:
    with project.atomic() as conn:
        conn.executemany(
            "INSERT INTO item_predictions(run_id, item_id, chosen, answers, conflict, detail) VALUES (?, ?, ?, ?, ?, ?)",
            ((run_id, p.item_id, dumps(p.chosen), dumps(p.answers),
              None if p.conflict is None else int(bool(p.conflict)), dumps(p.detail())) for p in preds),
        )


def get_predictions(project: Project, run_id: str) -> dict[str, ItemPrediction]:
    out = {}
    for r in project.reader().execute(
        "SELECT item_id, chosen, answers, conflict, detail FROM item_predictions WHERE run_id = ? ORDER BY item_id",
        (run_id,)
    ):
        detail = loads(r[4], {}) or {}
        out[r[0]] = ItemPrediction(r[0], loads(r[1]), loads(r[2]), None if r[3] is None else bool(r[3]),
                                   **{k: v for k, v in detail.items() if k in ItemPrediction.DETAIL_FIELDS})
    return out


def _item(r) -> ItemRow:
    return ItemRow(r[0], r[1], loads(r[2]), loads(r[3]), loads(r[4]), r[5], bool(r[6]), loads(r[7], {}) or {})


def option_items(project: Project) -> list[ItemRow]:
    """Multi-answer items: those with gold options."""
    return [_item(r) for r in project.reader().execute(
        "SELECT id, category, options, gold_options, gold_answers, risk_tier, critical, meta FROM items"
        " WHERE gold_options IS NOT NULL ORDER BY rowid")]


def answer_items(project: Project, ids: Iterable[str] | None = None) -> list[ItemRow]:
    """Items with gold answers (conflict scoring)."""
    rows = [_item(r) for r in project.reader().execute(
        "SELECT id, category, options, gold_options, gold_answers, risk_tier, critical, meta FROM items"
        " WHERE gold_answers IS NOT NULL ORDER BY rowid")]
    if ids is not None:
        wanted = set(ids)
        rows = [r for r in rows if r.id in wanted]
    return rows


def document_answers(project: Project, item_ids: Iterable[str]) -> dict[str, list[str]]:
    """Answers the documents of each item support, from passage meta (`{"item_id", "answer"}`)."""
    wanted = set(item_ids)
    out: dict[str, list[str]] = {}
    for (meta,) in project.reader().execute("SELECT meta FROM passages WHERE meta LIKE '%\"item_id\"%'"):
        m = loads(meta, {}) or {}
        if m.get("item_id") in wanted and m.get("type") != "noise" and m.get("answer"):
            out.setdefault(m["item_id"], []).append(str(m["answer"]))
    return out


# ---- reports ----------------------------------------------------------------------------------------
def record_report(project: Project, path: str, fmt: str, sha256: str, runs: list[str]) -> int:
    with project.atomic() as conn:
        cur = conn.execute(
            "INSERT INTO reports(path, format, sha256, runs, created) VALUES (?, ?, ?, ?, ?)",
            (path, fmt, sha256, dumps(runs), now_iso()),
        )
        return int(cur.lastrowid)


def list_reports(project: Project) -> list[ReportRow]:
    return [ReportRow(r[0], r[1], r[2], r[3], loads(r[4], []), r[5]) for r in project.reader().execute(
        "SELECT id, path, format, sha256, runs, created FROM reports ORDER BY id")]


def verdict_calls(project: Project, run_id: str) -> list[tuple[float | None, int | None, int | None]]:
    """(latency_ms, prompt_tokens, completion_tokens) of each verdict of a run (one model call each)."""
    return [(r[0], r[1], r[2]) for r in project.reader().execute(
        "SELECT latency_ms, prompt_tokens, completion_tokens FROM verdicts WHERE run_id = ? ORDER BY rowid", (run_id,))]
