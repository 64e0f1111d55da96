"""A Chinese–English check (issue 14 item 7): RAMDocs items with every second supporting document
translated into Chinese by the hand-written templates below (population, birth date, sport; the
translation is this test's, not a translator's), run through `oracle`, `rules` and (slow) `full`.

Deterministic grouping must bridge the languages: the oracle scores the same on the bilingual items
as on their English originals, and the rule patterns read every templated Chinese document."""
from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from factaudit.engine import services
from factaudit.engine.conflicts.grouping import answer_key
from factaudit.engine.metrics.multi_answer import Lexicon

SPORTS_ZH = {"Football": "足球", "American football": "美式橄榄球", "Basketball": "篮球", "Baseball": "棒球",
             "Ice hockey": "冰球", "Cricket": "板球", "Golf": "高尔夫球", "Tennis": "网球"}
DATE_FORMATS = ("%B %d, %Y", "%d %B %Y", "%B %d %Y")
PER_KIND = 8
TEMPLATE_STARTS = ("根据人口普查", "此人出生于", "此人是一名")


def _date(text: str) -> datetime | None:
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            pass
    return None


def translate(kind: str, answer: str) -> tuple[str, str] | None:
    """(Chinese document, its answer) from one of three templates, or None when it does not apply."""
    if kind == "population":
        m = re.fullmatch(r"([\d,]+) (?:people|residents|inhabitants)", answer.strip())
        if not m:
            return None
        n = m.group(1).replace(",", "")
        return f"根据人口普查，该地共有{n}人。", f"{n}人"
    if kind == "born":
        d = _date(answer)
        if d is None:
            return None
        zh = f"{d.year}年{d.month}月{d.day}日"
        return f"此人出生于{zh}。", zh
    zh = next((v for k, v in SPORTS_ZH.items() if k.casefold() == answer.strip().casefold()), None)
    return (f"此人是一名{zh}运动员。", zh) if zh else None


def kind_of(question: str) -> str | None:
    if re.search(r"\bpopulation\b", question, re.I):
        return "population"
    if re.search(r"\bborn\b", question):
        return "born"
    if re.search(r"\bsport\b", question, re.I):
        return "sport"
    return None


def build(rows: list[dict]) -> tuple[list[dict], list[dict], int]:
    """(English originals, bilingual copies, translated documents) of the first PER_KIND items of each
    kind with at least two supporting documents, all of which translate."""
    english, bilingual, taken, n_translated = [], [], {}, 0
    for r in rows:
        kind = kind_of(r["question"])
        if kind is None or taken.get(kind, 0) >= PER_KIND:
            continue
        support = [d for d in r["documents"] if d["type"] != "noise"]
        if len(support) < 2 or any(translate(kind, d["answer"]) is None for d in support):
            continue
        taken[kind] = taken.get(kind, 0) + 1
        copy = json.loads(json.dumps(r))
        seen = 0
        for d in copy["documents"]:
            if d["type"] == "noise":
                continue
            seen += 1
            if seen % 2 == 0:
                d["text"], d["answer"] = translate(kind, d["answer"])
                n_translated += 1
        english.append(r)
        bilingual.append(copy)
    return english, bilingual, n_translated


@pytest.fixture(scope="module")
def sets(tmp_path_factory, shared_datasets_module):
    path = shared_datasets_module / "ramdocs" / "RAMDocs_test.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    english, bilingual, n_translated = build(rows)
    tmp = tmp_path_factory.mktemp("bilingual")
    for name, data in (("en", english), ("zhen", bilingual)):
        (tmp / f"{name}.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in data) + "\n",
                                          encoding="utf-8")
    lex = tmp / "lexicon.yaml"
    lex.write_text("".join(f"{en}: [{zh}]\n" for en, zh in SPORTS_ZH.items()), encoding="utf-8")
    p = services.create_project(tmp / "b.faproj")
    services.import_files(p, [tmp / "en.jsonl"], fmt="ramdocs", dataset="en")
    services.import_files(p, [tmp / "zhen.jsonl"], fmt="ramdocs", dataset="zhen", id_prefix="zh:")
    yield p, english, bilingual, n_translated, str(lex)
    p.close()


@pytest.mark.datasets
def test_the_bilingual_set_is_what_the_templates_make(sets):
    p, english, bilingual, n_translated, _ = sets
    kinds = [kind_of(r["question"]) for r in english]
    assert len(english) == len(bilingual) >= 20 and all(1 <= kinds.count(k) <= PER_KIND for k in set(kinds))
    assert len(set(kinds)) == 3 and n_translated >= len(bilingual)
    langs = {}
    for r in bilingual:
        for d in r["documents"]:
            langs[bool(re.search(r"[\u4e00-\u9fff]", d["text"]))] = True
    assert langs == {True: True, False: True}


@pytest.mark.datasets
def test_oracle_scores_the_same_across_languages(sets):
    p, english, bilingual, _, lex = sets
    en = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="en", lexicon=lex))
    zh = services.aggregate(p, services.AggregateRequest(variant="oracle", dataset="zhen", lexicon=lex))
    assert zh.metrics == en.metrics and zh.n_conflict == en.n_conflict
    views = services.conflict_items(p, zh.run_id)
    assert sum("bilingual" in v.conditions for v in views) == len(bilingual)
    # an independent look: each item lists as many answers as its English original has distinct answers
    lexicon = Lexicon({k: [v] for k, v in SPORTS_ZH.items()})
    for v, r in zip(views, english):
        distinct = {answer_key(d["answer"], lexicon).key for d in r["documents"]
                    if d["type"] != "noise" and d["answer"].strip().lower() != "unknown"}
        assert len(v.result.outcome.answers) == len(distinct)
        # the translated documents (and only they: an English page may quote a Chinese name) are tagged zh
        for d in v.docs:
            assert d.lang == ("zh" if d.text.startswith(TEMPLATE_STARTS) else "en"), d.text[:80]


@pytest.mark.datasets
def test_rules_read_every_templated_chinese_document(sets):
    p, _, bilingual, n_translated, lex = sets
    res = services.aggregate(p, services.AggregateRequest(variant="rules", dataset="zhen", lexicon=lex))
    lexicon = Lexicon({k: [v] for k, v in SPORTS_ZH.items()})
    zh_docs = [(d, e) for v in services.conflict_items(p, res.run_id)
               for d, e in zip(v.docs, v.result.extractions) if d.lang == "zh"]
    assert len(zh_docs) == n_translated
    assert all(e.answer and answer_key(e.answer, lexicon).key == answer_key(d.gold, lexicon).key for d, e in zh_docs)


@pytest.mark.datasets
@pytest.mark.slow
def test_full_runs_on_bilingual_items_with_the_embedded_model(sets):
    p, _, _, _, lex = sets
    res = services.aggregate(p, services.AggregateRequest(variant="full", dataset="zhen", lexicon=lex, limit=1,
                                                          n_threads=2, max_tokens=60, doc_words=60))
    assert res.status == "done" and res.model_calls >= 2
    view = services.conflict_items(p, res.run_id)[0]
    assert {d.lang for d in view.docs} == {"en", "zh"}
    assert all(e.status in ("ok", "none") for e in view.result.extractions)
