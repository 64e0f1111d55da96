"""What an import would do, before it does it: the dry-run summary, label value mapping, and the
columns of the file that nothing reads (issue #15 item 9)."""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest.readers import Row

# Our field names per generic kind, required ones first (what a column mapping may target).
FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "corpus": (("id", True), ("text", True), ("title", False), ("doc_id", False), ("source", False), ("lang", False)),
    "claims": (("id", True), ("claim", True), ("label", False), ("gold_passages", False), ("item_id", False),
               ("sentence_id", False)),
    "answers": (("id", True), ("answer", True), ("question", False), ("sentences", False), ("gold_answers", False),
                ("options", False), ("gold_options", False), ("category", False), ("risk_tier", False),
                ("critical", False), ("option_evidence", False), ("gold_passages", False), ("answerable", False),
                ("reference", False)),
    "verdicts": (("claim_id", True), ("verdict", True), ("reasoning", False), ("passages", False)),
    "choices": (("item_id", True), ("chosen", True), ("passages", False), ("refused", False), ("citations", False),
                ("latency_ms", False), ("tokens_in", False), ("tokens_out", False), ("tokens_reasoning", False)),
    "candidates": (("item_id", True), ("answers", True), ("conflict", True)),
}

ValueMap = dict[str, dict[str, str]]  # field -> {value in the file: value to import}


def parse_value_map(specs: list[str] | tuple[str, ...] | str | None) -> ValueMap:
    """`label=0:Supported,1:No Evidence,2:Refuted` (one spec per field) → {"label": {"0": ..., ...}}."""
    if not specs:
        return {}
    if isinstance(specs, str):
        specs = [specs]
    out: ValueMap = {}
    for spec in specs:
        name, sep, pairs = spec.partition("=")
        name = name.strip()
        if not sep or not name or not pairs.strip():
            raise InvalidArgument(f"value mapping {spec!r}: expected FIELD=VALUE:NEW,VALUE:NEW")
        table = out.setdefault(name, {})
        for pair in pairs.split(","):
            old, colon, new = pair.partition(":")
            if not colon or not old.strip() or not new.strip():
                raise InvalidArgument(f"value mapping {spec!r}: {pair.strip()!r} is not VALUE:NEW")
            if old.strip() in table and table[old.strip()] != new.strip():
                raise InvalidArgument(f"value mapping for {name}: {old.strip()!r} is mapped twice")
            table[old.strip()] = new.strip()
    return out


class RowWatcher:
    """The reader hook of one import: applies value maps and records the columns it sees."""

    def __init__(self, value_map: ValueMap, mapping: dict[str, str] | None):
        # a value map names our field; with `--map label=rating` the file's column is `rating`
        mapping = mapping or {}
        self.by_column = {mapping.get(f, f): table for f, table in value_map.items()}
        self.field_of = {mapping.get(f, f): f for f in value_map}
        self.columns: dict[str, None] = {}
        self.unmatched: Counter[tuple[str, str]] = Counter()

    def __call__(self, row: Row) -> Row:
        for k in row.data:
            if k not in self.columns:
                self.columns[k] = None
        if not self.by_column:
            return row
        data = row.data
        for column, table in self.by_column.items():
            if column in data and data[column] is not None and not isinstance(data[column], (dict, list)):
                key = str(data[column]).strip()
                if key in table:
                    data = dict(data) if data is row.data else data
                    data[column] = table[key]
                elif key:
                    self.unmatched[(column, key)] += 1
        return row if data is row.data else Row(row.line, data)

    def check_value_maps(self, kind: str | None) -> None:
        """A value map for a field no record has is a typo, not a no-op: one line naming the known fields."""
        if not self.columns:
            return                      # nothing read: the import's own "no records found" says more
        missing = [c for c in self.by_column if c not in self.columns]
        if not missing:
            return
        ours = [name for name, _ in FIELDS.get(kind or "", ())]
        known = list(dict.fromkeys([*ours, *self.columns]))
        said = ", ".join(repr(self.field_of[c]) + (f" (column {c!r})" if c != self.field_of[c] else "")
                         for c in missing)
        raise InvalidArgument(f"the value map names {said}, which no record has; known fields: {', '.join(known)}", setting="map_values")


@dataclass
class ImportPlan:
    """The dry-run summary the import dialog shows before anything is written."""
    files: list[str]
    format: str
    kind: str | None
    detected: str | None                        # "healthver (claims): columns id, evidence, ..." when automatic
    counts: dict[str, int]                      # records per kind that would be written
    labels: dict[str, dict[str, int]]           # label distribution after value mapping, per labelled field
    columns: list[str]                          # columns / top-level keys found in the file(s)
    unmapped_columns: list[str]                 # found but read by nothing: they would be dropped
    unmatched_values: dict[str, list[str]]      # values a value map did not cover, per column
    problems: list[str] = field(default_factory=list)   # `file:line:field: reason`, first 20
    n_problems: int = 0
    # per problem, the setting that would fix it (engine.errors.SETTINGS id) or None, for each front end
    # to name in its own words; left out of to_json so the --json document stays what it was
    problem_settings: list[str | None] = field(default_factory=list)
    rejected: int = 0                           # records --skip-invalid would leave out
    unresolved_gold: int = 0
    ok: bool = True                             # an import with these settings would succeed
    notes: list[str] = field(default_factory=list)   # decisions it would make (ids from row numbers)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["problem_settings"]
        return out


def label_distribution(batch) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}

    def put(name: str, values) -> None:
        c = Counter(v if v is not None else "(none)" for v in values)
        if c and set(c) != {"(none)"}:
            out[name] = dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))

    put("claims.gold_label", (c.gold_label for c in batch.claims))
    put("sentences.label", (s.label for s in batch.sentences))
    if batch.run is not None:
        put("verdicts.verdict", (v.verdict for v in batch.run.verdicts))
    return out


def read_columns(fmt: str, kind: str | None, variant: str | None, mapping: dict[str, str] | None) -> set[str]:
    """The file columns an importer reads with these settings."""
    from factaudit.engine.ingest.detect import ADAPTER_COLUMNS

    if fmt in ("jsonl", "csv"):
        ours = [f for f, _ in FIELDS.get(kind or "", ())]
        mapping = mapping or {}
        return {mapping.get(f, f) for f in ours}
    if variant in ADAPTER_COLUMNS:
        return set(ADAPTER_COLUMNS[variant])
    return {c for cols in ADAPTER_COLUMNS.values() for c in cols if fmt in ("hotpotqa", "scifact")}
