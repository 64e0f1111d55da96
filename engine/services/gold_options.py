"""Double annotation of gold options and the test-set profile of multi-answer items (issue #34 item 7).

A second rater's gold option sets come as JSONL or CSV records `{"item_id", "gold_options": [...]}`
(CSV: the list JSON-encoded, as every list-valued CSV cell) and are kept per rater beside
`items.gold_options`, the first rater's sets, which every score keeps using. `gold_agreement` compares
the two (metrics.option_sets); `answer_set_profile` describes the items; `answer_set_figures` is both, for
the report.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.ingest import fields as F
from factaudit.engine.ingest.problems import Problems, RecordError
from factaudit.engine.ingest.readers import read_csv, read_jsonl, source_file
from factaudit.engine.metrics import option_sets as os_
from factaudit.engine.metrics.multi_answer import Lexicon
from factaudit.engine.project import gold_option_store as store
from factaudit.engine.project.db import Project

FIRST_RATER = "expert"      # the gold imported with the items; a second rater may not take this name


def import_gold_options(project: Project, path: str | Path, rater: str) -> dict[str, Any]:
    """A second rater's gold option sets for items already in the project. Every record is checked
    (the item exists and has gold options to compare with, the options are among the item's) before
    anything is written; a bad file raises ImportFailed naming file, line and field."""
    rater = (rater or "").strip()
    if not rater or rater == FIRST_RATER:
        raise InvalidArgument(f"name the second rater (not {FIRST_RATER!r}, the imported gold's rater)",
                              setting="rater")
    path = Path(path)
    if not path.is_file():
        raise InvalidArgument(f"no file at {path}")
    from_csv = path.suffix.lower() == ".csv"
    problems = Problems()
    rows = read_csv(path, problems) if from_csv else read_jsonl(path, problems)
    items = {it.id: it for it in store.option_items(project)}
    sets: dict[str, list[str]] = {}
    for row in rows:
        try:
            item_id = row.data.get("item_id")
            if not isinstance(item_id, (str, int)) or isinstance(item_id, bool) or str(item_id) == "":
                raise RecordError("item_id", "required: the id of an item with gold options")
            item = items.get(str(item_id))
            if item is None or item.gold_options is None:
                raise RecordError("item_id", f"no item {item_id!s} with gold options in this project")
            if str(item_id) in sets:
                raise RecordError("item_id", f"item {item_id!s} appears twice")
            gold = F.str_list(row.data, "gold_options", from_csv=from_csv)
            if gold is None:
                raise RecordError("gold_options", "required: the list of options this rater takes as right")
            if item.options and not set(gold) <= set(item.options):
                raise RecordError("gold_options", "gold options must be among the options")
            sets[str(item_id)] = gold
        except RecordError as exc:
            problems.add(path.name, row.line, exc.field, exc.reason)
            if problems.full:
                break
    problems.raise_if_any()
    if not sets:
        raise InvalidArgument(f"{path.name} holds no gold option sets")
    src = source_file(path)
    n = store.replace_ratings(project, rater, sets, src.path, src.sha256)
    return {"rater": rater, "n_items": n, "file": src.path, "sha256": src.sha256}


def gold_raters(project: Project) -> list[str]:
    """The second raters whose gold option sets the project holds."""
    return store.raters(project)


def gold_agreement(project: Project, rater: str | None = None,
                   lexicon: Lexicon | None = None) -> os_.OptionAgreement:
    """The imported gold against `rater`'s sets (the only second rater when None) on the items both set."""
    raters = store.raters(project)
    if not raters:
        raise InvalidArgument("no second rater's gold options in this project yet: import them first")
    if rater is None:
        if len(raters) > 1:
            raise InvalidArgument(f"several second raters ({', '.join(raters)}): name one", setting="rater")
        rater = raters[0]
    elif rater not in raters:
        raise InvalidArgument(f"no gold options from a rater {rater!r} (raters: {', '.join(raters)})",
                              setting="rater")
    second = store.ratings(project, rater)
    items = [it for it in store.option_items(project) if it.gold_options is not None]
    both = [os_.RatedItem(it.id, it.options, it.gold_options, second[it.id]) for it in items if it.id in second]
    return os_.option_agreement(both, FIRST_RATER, rater, lexicon, only_first=len(items) - len(both),
                                only_second=len(second) - len(both))


def answer_set_profile(project: Project, item_ids: set[str] | None = None,
                     lexicon: Lexicon | None = None) -> os_.SetProfile | None:
    """The profile of the items with gold options (of `item_ids` when given); None when there are none.
    An item's source is its `source` field where the import carried one, else its dataset's name."""
    items = [it for it in store.option_items(project, item_ids) if it.gold_options is not None]
    if not items:
        return None
    return os_.profile([os_.ProfileItem(it.id, it.source or it.dataset, it.question, it.options, it.gold_options)
                        for it in items], lexicon)


def answer_set_figures(project: Project, lexicon: Lexicon | None = None) -> dict[str, Any]:
    """The report's test-set section: the profile and the agreement with every second rater
    ({} when the project has no option items)."""
    prof = answer_set_profile(project, lexicon=lexicon)
    if prof is None:
        return {}
    return {"profile": prof.to_json(),
            "gold_agreement": {r: gold_agreement(project, r, lexicon).to_json() for r in store.raters(project)}}
