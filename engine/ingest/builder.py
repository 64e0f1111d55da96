"""Accumulate validated records with their source location, then check them against the project.

Adapters and the generic importer call `add_*`; `finish` applies an id prefix, rejects duplicate ids
(inside the batch and against the project) and dangling references, each located by file and line.
"""
from __future__ import annotations

from dataclasses import replace

from factaudit.engine.ingest.problems import Problems
from factaudit.engine.project import imports as store
from factaudit.engine.project.db import Project
from factaudit.engine.project.records import (
    ClaimRecord, DatasetSpec, DocumentRecord, HitRecord, ImportBatch, ImportedRun, ItemRecord, PassageRecord,
    ItemPrediction, SentenceRecord, VerdictRecord,
)

Where = tuple[str, int | None]


class BatchBuilder:
    def __init__(self, spec: DatasetSpec, problems: Problems | None = None, progress=None):
        self.progress = progress
        self.n_records = 0
        self.batch = ImportBatch(dataset=spec)
        # `is None`, not `or`: an empty Problems is falsy, and `or` replaced --skip-invalid's unlimited
        # list with the default one capped at 20 ("20 in all" rejected when every record was)
        self.problems = problems if problems is not None else Problems()
        self.where: dict[str, dict[str, Where]] = {k: {} for k in store.ID_TABLES}
        # Content-addressed ids (a hash of the text): the same record may recur within a batch or
        # already be in the project (HealthVer passages shared by dev and test); it is kept once.
        self.shared: dict[str, set[str]] = {"documents": set(), "passages": set()}
        # Scratch space for adapters that need to carry lookups from one input file to the next.
        self.state: dict[str, object] = {}
        self.rejected: list = []  # Problems of records left out by --skip-invalid
        self.detected = None      # detect.FormatGuess when the format was recognised automatically
        self.watcher = None       # plan.RowWatcher: value maps applied and columns seen while reading
        self.notes: list[str] = []  # what the import decided for the user (generated ids), said on import
        self.run_where: list[Where] = []

    def _tick(self) -> None:
        self.n_records += 1
        if self.progress is not None and self.n_records % 500 == 0:
            self.progress(self.n_records, None, f"validated {self.n_records:,} records")

    def _register(self, kind: str, id_: str, file: str, line: int | None) -> bool:
        self._tick()
        seen = self.where[kind]
        if id_ in seen:
            f0, l0 = seen[id_]
            self.problems.add(file, line, "id", f"duplicate {kind[:-1]} id {id_!r} (first at {f0}:{l0})")
            return False
        seen[id_] = (file, line)
        return True

    def add_document(self, doc: DocumentRecord, file: str, line: int | None, *, shared: bool = False) -> None:
        if shared:
            if doc.id in self.where["documents"]:
                return
            self.shared["documents"].add(doc.id)
        if self._register("documents", doc.id, file, line):
            self.batch.documents.append(doc)

    def has_document(self, doc_id: str) -> bool:
        return doc_id in self.where["documents"]

    def has_passage(self, passage_id: str) -> bool:
        return passage_id in self.where["passages"]

    def add_passage(self, p: PassageRecord, file: str, line: int | None, *, shared: bool = False) -> None:
        if shared:
            if p.id in self.where["passages"]:
                return
            self.shared["passages"].add(p.id)
        if self._register("passages", p.id, file, line):
            self.batch.passages.append(p)

    def add_item(self, item: ItemRecord, file: str, line: int | None) -> None:
        if self._register("items", item.id, file, line):
            self.batch.items.append(item)

    def add_sentence(self, s: SentenceRecord, file: str, line: int | None) -> None:
        if self._register("sentences", s.id, file, line):
            self.batch.sentences.append(s)

    def add_claim(self, c: ClaimRecord, file: str, line: int | None) -> None:
        gold_ids = [g.passage_id for g in c.gold]
        if len(set(gold_ids)) != len(gold_ids):
            twice = next(p for p in gold_ids if gold_ids.count(p) > 1)
            self.problems.add(file, line, "gold_passages", f"gold passage {twice!r} is listed twice")
            return
        if self._register("claims", c.id, file, line):
            self.batch.claims.append(c)

    def set_run(self, kind: str, config: dict) -> ImportedRun:
        self.batch.run = ImportedRun(kind=kind, config=config)
        self.run_where: list[Where] = []
        return self.batch.run

    def add_hit(self, hit: HitRecord, file: str, line: int) -> None:
        assert self.batch.run is not None
        self.batch.run.hits.append(hit)
        self._tick()
        self.run_where.append((file, line))

    def add_verdict(self, v: VerdictRecord, file: str, line: int) -> None:
        assert self.batch.run is not None
        self.batch.run.verdicts.append(v)
        self._tick()
        self.run_where.append((file, line))

    def add_prediction(self, p: ItemPrediction, file: str, line: int) -> None:
        """Item-level predictions (--kind choices / candidates); one per item, items must exist."""
        assert self.batch.run is not None
        where = self.__dict__.setdefault("pred_where", {})
        if p.item_id in where:
            f0, l0 = where[p.item_id]
            self.problems.add(file, line, "item_id", f"second prediction for item {p.item_id!r} (first at {f0}:{l0})")
            return
        where[p.item_id] = (file, line)
        self.batch.run.predictions.append(p)
        self._tick()

    def _check_prediction_items(self, project: Project) -> None:
        where = self.__dict__.get("pred_where", {})
        known = {i.id for i in self.batch.items}
        known |= store.existing_ids(project, "items", set(where) - known)
        for item_id, (f, l) in where.items():
            if item_id not in known:
                self.problems.add(f, l, "item_id", f"unknown item {item_id!r}")
        self._check_answer_passages(project)

    def _check_answer_passages(self, project: Project) -> None:
        """Passage ids of answer-level audits (issue #13) must name passages: what a system saw or
        cited (always), and an item's evidence or gold passages (once the project has a corpus; an
        answers file may come before its corpus)."""
        b = self.batch
        refs: list[tuple[Where, str, list[str], bool]] = []
        where = self.__dict__.get("pred_where", {})
        for x in (b.run.predictions if b.run is not None else []):
            for fld in ("passages", "citations"):
                refs.append((where.get(x.item_id, ("?", None)), fld, getattr(x, fld) or [], True))
        for item in b.items:
            meta = item.meta or {}
            loc = self.where["items"].get(item.id, ("?", None))
            for option, ids in (meta.get("option_evidence") or {}).items():
                refs.append((loc, f"option_evidence.{option}", ids, False))
            refs.append((loc, "gold_passages", meta.get("gold_passages") or [], False))
        wanted = {pid for _, _, ids, _ in refs for pid in ids}
        if not wanted:
            return
        have = {x.id for x in b.passages}
        known = have | store.existing_ids(project, "passages", wanted - have)
        corpus = bool(have) or store.any_passages(project)
        for (f, l), fld, ids, always in refs:
            for pid in ids:
                if pid not in known and (always or corpus):
                    self.problems.add(f, l, fld, f"unknown passage {pid!r}")
                    break

    # ---- final checks -------------------------------------------------------------------------
    def finish(self, project: Project, id_prefix: str | None = None, *, skip_invalid: bool = False) -> ImportBatch:
        """Apply the prefix and check the batch against the project. With skip_invalid, records with a
        located problem are dropped (kept in `self.rejected`) and the checks repeat until the rest is
        consistent; a problem without a line (the dataset name, an unreadable file) still fails."""
        if skip_invalid:
            self._reject_located()
        self.problems.raise_if_any()
        if id_prefix:
            self._apply_prefix(id_prefix)
        self._drop_shared_existing(project)
        for _round in range(6):  # dropping a passage can orphan a claim's reference: re-check
            self._project_checks(project)
            if not (skip_invalid and self.problems and self._reject_located()):
                break
        self.problems.raise_if_any()
        return self.batch

    def _project_checks(self, project: Project) -> None:
        spec = self.batch.dataset
        if store.dataset_name_taken(project, spec.name):
            file = spec.files[0].path if spec.files else "?"
            self.problems.add(file, None, None,
                              f"a dataset named {spec.name!r} already exists; choose another dataset name",
                              setting="dataset")
        for kind, where in self.where.items():
            clash = store.existing_ids(project, kind, where.keys())
            for id_ in sorted(clash, key=lambda i: where[i][1] or 0):
                f, l = where[id_]
                self.problems.add(f, l, "id", f"{kind[:-1]} id {id_!r} already exists in the project"
                                               " (an id prefix keeps both)", setting="id_prefix")
        self._check_references(project)
        self._check_prediction_items(project)

    def _reject_located(self) -> bool:
        """Move every located problem to `rejected` and drop the records read from those lines.
        False (nothing moved) when a problem has no line: such a problem concerns the whole import."""
        from factaudit.engine.ingest.skipping import drop_at

        if not self.problems or any(p.line is None for p in self.problems.items):
            return False
        self.rejected.extend(self.problems.items)
        drop_at(self, {(p.file, p.line) for p in self.problems.items})
        self.problems = Problems(limit=None)
        return True

    def _drop_shared_existing(self, project: Project) -> None:
        for kind, ids in self.shared.items():
            if not ids:
                continue
            there = store.existing_ids(project, kind, ids)
            if not there:
                continue
            for id_ in there:
                self.where[kind].pop(id_, None)
            records = getattr(self.batch, kind)
            setattr(self.batch, kind, [r for r in records if r.id not in there])

    def _apply_prefix(self, prefix: str) -> None:
        """Prefix every id AND every reference a record makes (gold passages, items, sentences,
        documents, a run's claims and passages), so a prefixed import points into its own prefixed
        world: prefixing only ids defined in this batch left gold pointing at nothing, or at another
        dataset's passages that happen to share the bare id."""
        b = self.batch

        def p(value: str | None) -> str | None:
            return None if value is None else prefix + value

        b.documents = [replace(d, id=prefix + d.id) for d in b.documents]
        b.passages = [replace(x, id=prefix + x.id, doc_id=p(x.doc_id)) for x in b.passages]
        b.items = [replace(i, id=prefix + i.id, meta=_prefixed_meta(i.meta, prefix)) for i in b.items]
        b.sentences = [replace(s, id=prefix + s.id, item_id=p(s.item_id)) for s in b.sentences]
        b.claims = [
            replace(c, id=prefix + c.id, item_id=p(c.item_id), sentence_id=p(c.sentence_id),
                    gold=[replace(g, passage_id=prefix + g.passage_id) for g in c.gold])
            for c in b.claims
        ]
        if b.run is not None:
            b.run.hits = [replace(h, claim_id=prefix + h.claim_id, passage_id=prefix + h.passage_id)
                          for h in b.run.hits]
            b.run.verdicts = [replace(v, claim_id=prefix + v.claim_id,
                                      evidence_used=[prefix + e for e in v.evidence_used] if v.evidence_used else
                                      v.evidence_used) for v in b.run.verdicts]
            b.run.predictions = [replace(x, item_id=prefix + x.item_id,
                                         passages=[prefix + i for i in x.passages] if x.passages else x.passages,
                                         citations=[prefix + i for i in x.citations] if x.citations else x.citations)
                                 for x in b.run.predictions]
            where = self.__dict__.get("pred_where")
            if where:
                self.pred_where = {prefix + k: w for k, w in where.items()}
        self.where = {k: {prefix + i: w for i, w in v.items()} for k, v in self.where.items()}
        self.shared = {k: {prefix + i for i in v} for k, v in self.shared.items()}

    def _check_references(self, project: Project) -> None:
        b = self.batch
        items = {i.id for i in b.items}
        sentences = {s.id for s in b.sentences}
        ext_items = store.existing_ids(project, "items", {c.item_id for c in b.claims if c.item_id} - items)
        ext_sents = store.existing_ids(project, "sentences", {c.sentence_id for c in b.claims if c.sentence_id} - sentences)
        for c in b.claims:
            f, l = self.where["claims"][c.id]
            if c.item_id and c.item_id not in items and c.item_id not in ext_items:
                self.problems.add(f, l, "item_id", f"unknown item {c.item_id!r}")
            if c.sentence_id and c.sentence_id not in sentences and c.sentence_id not in ext_sents:
                self.problems.add(f, l, "sentence_id", f"unknown sentence {c.sentence_id!r}")
        if b.run is not None:
            claims = {c.id for c in b.claims}
            want_claims = {h.claim_id for h in b.run.hits} | {v.claim_id for v in b.run.verdicts}
            known_claims = claims | store.existing_ids(project, "claims", want_claims - claims)
            passages = {x.id for x in b.passages}
            want_p = {h.passage_id for h in b.run.hits} | {
                pid for v in b.run.verdicts for pid in (v.evidence_used or [])}
            known_p = passages | store.existing_ids(project, "passages", want_p - passages)
            records = [*b.run.hits, *b.run.verdicts]
            for rec, (f, l) in zip(records, self.run_where):
                if rec.claim_id not in known_claims:
                    self.problems.add(f, l, "claim_id", f"unknown claim {rec.claim_id!r}")
                pids = [rec.passage_id] if isinstance(rec, HitRecord) else (rec.evidence_used or [])
                for pid in pids:
                    if pid not in known_p:
                        self.problems.add(f, l, "passage_id" if isinstance(rec, HitRecord) else "passages",
                                          f"unknown passage {pid!r}")
                if self.problems.full:
                    return

    def unresolved_gold(self, project: Project) -> int:
        """Gold passages that are in neither this batch nor the project (claims before their corpus)."""
        return len(self._missing_gold(project)[1])

    def _missing_gold(self, project: Project) -> tuple[set[str], set[str]]:
        wanted = {g.passage_id for c in self.batch.claims for g in c.gold}
        have = {p.id for p in self.batch.passages}
        return wanted, wanted - have - store.existing_ids(project, "passages", wanted - have)

    def check_gold_resolves(self, project: Project) -> int:
        """Fail when gold is given but not one gold passage exists while a corpus does.

        Claims may come before their corpus (an empty corpus: the count is reported), but when passages
        exist and none of the gold ids is among them the ids belong to another world (a forgotten or
        different id prefix): every retrieval figure would silently be 0. Returns the unresolved count.
        """
        wanted, missing = self._missing_gold(project)
        if not wanted or missing != wanted:
            return len(missing)
        if not self.batch.passages and not store.any_passages(project):
            return len(missing)
        for c in self.batch.claims:
            for g in c.gold:
                if g.passage_id in missing:
                    f, l = self.where["claims"][c.id]
                    self.problems.add(f, l, "gold_passages",
                                      f"none of the {len(wanted)} gold passages of this import is in the project "
                                      f"(first: {g.passage_id!r}); the corpus uses other ids — check the id prefix")
                    self.problems.raise_if_any()
        return len(missing)


def _prefixed_meta(meta: dict | None, prefix: str) -> dict | None:
    """An item's passage references (answer audits) follow the id prefix like every other reference."""
    if not meta or not ({"option_evidence", "gold_passages"} & meta.keys()):
        return meta
    out = dict(meta)
    if meta.get("option_evidence"):
        out["option_evidence"] = {o: [prefix + i for i in ids] for o, ids in meta["option_evidence"].items()}
    if meta.get("gold_passages"):
        out["gold_passages"] = [prefix + i for i in meta["gold_passages"]]
    return out
