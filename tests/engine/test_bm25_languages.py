"""BM25 per language, built in bulk.

The Chinese and German sets below were written by hand for these tests (short medical statements
in the style of SciFact claims and abstracts; each claim paraphrases exactly one passage, with the
inflected or segmented forms a reader would use). Expected results are stated per claim, and the
English-only rule every run used before is run on the same data as the comparison.
"""
from __future__ import annotations

import json

import bm25s
import numpy as np
import pytest
import Stemmer
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import lang_store, runs
from factaudit.engine.retrieval import tokenize as tok
from factaudit.engine.retrieval.bm25 import B, K1, METHOD, BM25Index, build_matrix, tokenize
from factaudit.engine.services import import_files, languages, retrieval

ZH_PASSAGES = [
    "二甲双胍是2型糖尿病患者的一线降糖药物，可降低心血管事件风险。",
    "阿司匹林可以缓解发热和轻度疼痛，但儿童使用需谨慎。",
    "他汀类药物通过抑制胆固醇合成降低低密度脂蛋白水平。",
    "维生素D补充剂能够降低老年人骨折的风险。",
    "高血压患者应减少食盐摄入并规律运动。",
    "流感疫苗每年接种一次可以预防季节性流感。",
]
ZH_CLAIMS = [("老年人补充维生素D可减少骨折", 3), ("二甲双胍降低糖尿病患者的心血管风险", 0), ("他汀降低胆固醇", 2)]

DE_PASSAGES = [
    "Vitamin D senkt das Risiko von Knochenbrüchen bei älteren Frauen deutlich.",
    "Das Risiko eines Knochenbruchs wird durch Calcium allein nicht verringert.",
    "Ältere Menschen stürzen häufiger, wenn sie Schlafmittel einnehmen.",
    "Regelmäßige Bewegung stärkt die Knochen und die Muskeln.",
    "Vitamin C schützt nicht vor Erkältungen bei Erwachsenen.",
    "Die Impfung gegen Grippe wird älteren Menschen jedes Jahr empfohlen.",
    "Rauchen erhöht das Risiko für Lungenkrebs und Herzinfarkte.",
    "Kinder mit Fieber sollten viel trinken und sich ausruhen.",
]
DE_CLAIMS = [("Knochenbruch älterer Frau", 0), ("Erkältung Erwachsener", 4), ("Sturz durch Schlafmittels", 2),
             ("Herzinfarkt durch das Rauchen", 6), ("fiebernde Kinder trinken", 7),
             ("Muskel und Knochens stärken", 3), ("Impfungen älterer Menschen gegen die Grippe", 5),
             ("Knochenbrüche durch Calciums", 1)]


def _top1(passages, claims, lang):
    idx = BM25Index.build([str(i) for i in range(len(passages))], passages, langs=lang)
    return [int(hits[0][0]) if (hits := idx.search(q, 3, lang=lang)) else None for q, _ in claims]


def test_a_chinese_claim_finds_its_chinese_passage():
    gold = [g for _, g in ZH_CLAIMS]
    assert _top1(ZH_PASSAGES, ZH_CLAIMS, "zh") == gold
    # The English rule keeps a whole Chinese sentence as one token: nothing matches.
    assert _top1(ZH_PASSAGES, ZH_CLAIMS, "en") == [None, None, None]
    assert tokenize(["老年人补充维生素D可减少骨折"], "en") == [["老年人补充维生素d可减少骨折"]]


def test_german_stemming_finds_inflected_forms():
    gold = [g for _, g in DE_CLAIMS]
    german = _top1(DE_PASSAGES, DE_CLAIMS, "de")
    english = _top1(DE_PASSAGES, DE_CLAIMS, "en")
    assert german == gold
    assert sum(a == b for a, b in zip(english, gold)) == 6       # "Knochenbruch", "Erkältung" missed
    assert tokenize(["Knochenbrüchen Knochenbruchs"], "de") == [["knochenbruch", "knochenbruch"]]
    assert tokenize(["die Knochen"], "de") == [["knoch"]]       # "die" is a German stop word


def test_analyzers_per_language():
    assert tok.analyzer_name(None) == tok.analyzer_name("EN") == "snowball:en"
    assert tok.analyzer_name("zh-Hans") == "jieba" and tok.analyzer_name("ko") == "bigram"
    assert tok.analyzer_name("xx") == "word"
    # Japanese/Korean: Han/kana/Hangul runs as bigrams, Latin words by the English rule.
    assert tokenize(["骨折のリスク", "골절 위험 Fractures"], "ja") == [
        ["骨折", "折の", "のリ", "リス", "スク"], ["골절", "위험", "fractur"]]
    # Chinese: full-width letters fold to ASCII and are stemmed as English; punctuation is dropped.
    assert tokenize(["ＡＢＣ Tablets。"], "zh") == [["abc", "tablet"]]


def _bm25s_columns(texts):
    """bm25s' own tokenize + index (English rule): {stem: (doc ids, float32 scores)}."""
    tk = bm25s.tokenize(texts, stopwords="en", stemmer=Stemmer.Stemmer("english"), show_progress=False)
    r = bm25s.BM25(k1=K1, b=B, method=METHOD)
    r.index(tk, show_progress=False)
    s = r.scores
    return {stem: (s["indices"][s["indptr"][i]:s["indptr"][i + 1]], s["data"][s["indptr"][i]:s["indptr"][i + 1]])
            for stem, i in r.vocab_dict.items() if stem}


def _our_columns(texts, chunk):
    t = tok.Tokenizer()
    s = build_matrix(t, texts, None, chunk=chunk)
    return {stem: (s["indices"][s["indptr"][i]:s["indptr"][i + 1]], s["data"][s["indptr"][i]:s["indptr"][i + 1]])
            for stem, i in t.vocab.items()}


@pytest.mark.parametrize("chunk", [3, 20_000])
def test_bulk_index_equals_bm25s_index(chunk):
    # ASCII and non-ASCII texts mixed (two splitting paths), repeats, an empty text, stop words only.
    texts = ["Aspirin reduces fever in children; aspirin!", "β-blockers and naïve T-cells", "",
             "the of and", "Fever, cough & IL-6 in adults (n=1,000)", "Statins reduce LDL-cholesterol",
             "Ünïcode Straße STRASSE straße", "x y z 1 2 a_b"]
    ours, theirs = _our_columns(texts, chunk), _bm25s_columns(texts)
    assert ours.keys() == theirs.keys()
    for stem, (docs, scores) in theirs.items():
        assert np.array_equal(ours[stem][0], docs), stem
        assert np.array_equal(ours[stem][1], scores), stem     # the same float32 values, bit for bit


@pytest.mark.datasets
def test_bulk_index_equals_bm25s_on_scifact(shared_datasets):
    corpus = shared_datasets / "scifact" / "corpus.jsonl"
    docs = [json.loads(line) for line in corpus.open(encoding="utf-8")][:1500]
    texts = [f"{d['title']} {' '.join(s.strip() for s in d['abstract'])}" for d in docs]
    ours, theirs = _our_columns(texts, 400), _bm25s_columns(texts)
    assert ours.keys() == theirs.keys()
    differing = [s for s, (d, v) in theirs.items() if not (np.array_equal(ours[s][0], d) and np.array_equal(ours[s][1], v))]
    assert differing == []


def test_queries_primed_in_one_call_score_as_one_at_a_time():
    ids = [str(i) for i in range(len(DE_PASSAGES))]
    idx = BM25Index.build(ids, DE_PASSAGES, langs="de")
    idx.query_lang = "de"
    single = [idx.search(q, 5) for q, _ in DE_CLAIMS]
    idx.prime([q for q, _ in DE_CLAIMS], "de")
    assert [idx.search(q, 5) for q, _ in DE_CLAIMS] == single
    # A repeated query word counts twice, as in bm25s.
    once, twice = idx.search("Grippe", 1), idx.search("Grippe Grippe", 1)
    assert twice[0][1] == pytest.approx(2 * once[0][1])


def test_save_and_load_keep_index_vocabulary_and_languages(tmp_path):
    ids = [f"z{i}" for i in range(len(ZH_PASSAGES))]
    idx = BM25Index.build(ids, ZH_PASSAGES, langs=["zh"] * len(ids))
    idx.save(tmp_path)
    again = BM25Index.load(tmp_path)
    assert again.langs == ["zh"]
    assert [again.search(q, 3, lang="zh") for q, _ in ZH_CLAIMS] == [idx.search(q, 3, lang="zh") for q, _ in ZH_CLAIMS]
    # bm25s reads the same folder: its vocabulary is ours.
    assert bm25s.BM25.load(str(tmp_path)).vocab_dict == idx.tokenizer.vocab


def _write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def test_project_detects_chinese_pins_the_tokenizer_and_rebuilds_on_edit(project, tmp_path):
    corpus = _write_jsonl(tmp_path / "zh_corpus.jsonl",
                          [{"id": f"z{i}", "text": t} for i, t in enumerate(ZH_PASSAGES)])
    claims = _write_jsonl(tmp_path / "zh_claims.jsonl",
                          [{"id": f"q{n}", "claim": c, "gold_passages": [f"z{g}"]} for n, (c, g) in enumerate(ZH_CLAIMS)])
    import_files(project, [corpus], kind="corpus", dataset="zh_corpus")
    import_files(project, [claims], kind="claims", dataset="zh_claims")
    stored = {d.dataset: d.lang for d in languages.dataset_languages(project)}
    assert stored == {"zh_corpus": "zh", "zh_claims": "zh"}        # detected on import

    res = retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3))
    hits = runs.get_hits(project, res.run_id)
    assert [hits[f"q{n}"][0].passage_id for n in range(len(ZH_CLAIMS))] == [f"z{g}" for _, g in ZH_CLAIMS]
    config = runs.get_run(project, res.run_id).config
    assert config["tokenization"]["version"] == tok.VERSION
    assert config["tokenization"]["languages"]["zh"].startswith("jieba: ")
    assert "jieba" in config["tokenization"]["libraries"]
    assert config["languages"]["passages"] == {"zh": len(ZH_PASSAGES)}
    assert config["languages"]["queries"] == {"zh": len(ZH_CLAIMS)}
    assert retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3)).cache == {"bm25": "hit"}

    # Set by hand to English: the index is rebuilt with the English rule, which finds nothing.
    languages.set_dataset_language(project, "zh_corpus", "en")
    languages.set_dataset_language(project, "zh_claims", "en")
    again = retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3))
    assert again.cache == {"bm25": "built"}
    assert runs.get_hits(project, again.run_id) == {}
    assert languages.set_dataset_language(project, "zh_claims", "auto") == "zh"


def test_lang_command_shows_sets_and_refuses_bad_codes(tmp_path):
    path = tmp_path / "p.faproj"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(path)]).exit_code == 0
    corpus = _write_jsonl(tmp_path / "de.jsonl", [{"id": f"d{i}", "text": t} for i, t in enumerate(DE_PASSAGES)])
    assert runner.invoke(cli, ["import", str(path), "--kind", "corpus", str(corpus)]).exit_code == 0
    shown = runner.invoke(cli, ["lang", str(path), "--json"])
    assert json.loads(shown.output) == {"datasets": [{"dataset": "de", "lang": "de"}]}
    assert runner.invoke(cli, ["lang", str(path), "de", "FR"]).output.strip() == "de: fr"
    bad = runner.invoke(cli, ["lang", str(path), "de", "german"])
    assert bad.exit_code == 2 and bad.output.strip().count("\n") == 0 and "ISO 639-1" in bad.output
    assert runner.invoke(cli, ["lang", str(path), "nope", "de"]).exit_code == 2
    with pytest.raises(InvalidArgument):
        languages.normalise_code("")


def test_highlight_marks_terms_in_each_language():
    from factaudit.engine.retrieval.highlight import match_spans

    text = ZH_PASSAGES[2]
    spans = match_spans("他汀降低胆固醇", text, "zh", "zh")
    marked = {text[a:b] for a, b in spans}
    assert {"降低", "胆固醇"} <= marked and all(text[a:b] in marked for a, b in spans)
    german = DE_PASSAGES[0]
    assert [german[a:b] for a, b in match_spans("Knochenbruch älterer Frau", german, "de", "de")] == [
        "Knochenbrüchen", "älteren", "Frauen"]


def test_common_terms_scored_from_dense_columns_equal_bm25s_bit_for_bit():
    # Zipf-like words, so the commonest ones are in most passages and take the dense path.
    rng = np.random.default_rng(7)
    words = [f"w{i}ord" for i in range(300)]
    p = 1.0 / np.arange(1, 301) ** 1.1
    texts = [" ".join(rng.choice(words, size=int(rng.integers(5, 40)), p=p / p.sum())) for _ in range(3000)]
    idx = BM25Index.build([str(i) for i in range(len(texts))], texts)
    queries = [" ".join(rng.choice(words, size=int(rng.integers(2, 9)), p=p / p.sum())) for _ in range(60)]
    for q in queries:
        ids = idx.query_ids(q)
        assert np.array_equal(idx.scores(ids), idx.retriever.get_scores_from_ids(ids)), q
    assert idx._dense, "no query term was common enough to take the dense path"


def test_a_one_claim_chinese_file_is_read_as_chinese(project, tmp_path):
    """py3langid calls "流感疫苗" Wu Chinese ("wuu", no ISO 639-1 code), so the claims file was "unknown
    (English rules)", its claim one English word, and BM25 found nothing (#26 item 8): the script decides."""
    from factaudit.engine.text.langid import detect, script_language

    assert script_language("流感疫苗") == "zh" and detect("流感疫苗") == "zh"
    assert script_language("東京は日本の首都です") == "ja" and script_language("서울은 수도입니다") == "ko"
    assert script_language("The 阿司匹林 trial showed an effect in adults") is None     # mostly Latin
    corpus = _write_jsonl(tmp_path / "zh_corpus.jsonl",
                          [{"id": f"z{i}", "text": t} for i, t in enumerate(ZH_PASSAGES)])
    claims = _write_jsonl(tmp_path / "one.jsonl", [{"id": "q0", "claim": "流感疫苗", "gold_passages": ["z5"]}])
    import_files(project, [corpus], kind="corpus", dataset="zh_corpus")
    res = import_files(project, [claims], kind="claims", dataset="one")
    assert "language of 'one': zh (BM25 analyzer jieba)" in res.notes      # said on import
    assert {d.dataset: d.lang for d in languages.dataset_languages(project)} == {"zh_corpus": "zh", "one": "zh"}
    res = retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3))
    assert runs.get_hits(project, res.run_id)["q0"][0].passage_id == "z5"
    assert retrieval.eval_retrieval(project, res.run_id).warnings == []
    # claims set to English over a Chinese corpus: analysed differently, and eval-retrieval says so
    languages.set_dataset_language(project, "one", "en")
    other = retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3))
    warned = retrieval.eval_retrieval(project, other.run_id).warnings
    assert len(warned) == 1 and "tokenized as en (snowball:en)" in warned[0] and "zh (jieba)" in warned[0]


def test_an_unknown_language_reads_cjk_texts_by_their_script(project, tmp_path, monkeypatch):
    """#26 item 8: a dataset whose language cannot be told was read with the English rule, a Chinese
    sentence one English word, and BM25 found nothing. Now each text of unknown language takes the
    analyzer its script decides, the run pins how many did, and a Latin text keeps the English rule."""
    corpus = _write_jsonl(tmp_path / "mixed_corpus.jsonl",
                          [{"id": f"z{i}", "text": t} for i, t in enumerate(ZH_PASSAGES)]
                          + [{"id": "e0", "text": "Statins lower cholesterol in adults."}])
    claims = _write_jsonl(tmp_path / "q.jsonl", [{"id": "q0", "claim": "流感疫苗", "gold_passages": ["z5"]},
                                                 {"id": "q1", "claim": "statin cholesterol"}])
    import_files(project, [corpus], kind="corpus", dataset="mixed_corpus")
    import_files(project, [claims], kind="claims", dataset="q")
    # the language could not be told (e.g. a detector answer that is no ISO 639-1 code)
    monkeypatch.setattr(languages, "detect_dataset_language", lambda *a, **k: None)
    for name in ("mixed_corpus", "q"):
        lang_store.set_dataset_lang(project, name, None)
    res = retrieval.retrieve(project, retrieval.RetrievalRequest("bm25", k=3))
    hits = runs.get_hits(project, res.run_id)
    assert hits["q0"][0].passage_id == "z5"
    assert hits["q1"][0].passage_id == "e0"
    config = runs.get_run(project, res.run_id).config
    assert config["languages"]["by_script"] == {"passages": {"zh": len(ZH_PASSAGES)}, "queries": {"zh": 1}}
    assert config["languages"]["passages"] == {"en": 1, "zh": len(ZH_PASSAGES)}
    assert config["tokenization"]["languages"]["zh"].startswith("jieba: ")
    assert languages.text_script("Aspirin 流感疫苗有效吗") == "zh"            # half Han: read as Chinese
    assert languages.text_script("Aspirin in China (中国) lowers fever in adults.") is None
    assert languages.by_script(["en", None, "de"], ["流感疫苗", "東京は首都", "Grippe"]) == (
        ["en", "ja", "de"], {"ja": 1})                               # a language told or set is kept


def test_the_import_note_for_an_unknown_language_says_how_bm25_reads_it(project, tmp_path, monkeypatch):
    from factaudit.engine.services import projects

    monkeypatch.setattr(projects, "_detect_language", lambda *a: None)
    f = _write_jsonl(tmp_path / "u.jsonl", [{"id": "u1", "text": "12 34"}])
    res = projects.import_files(project, [f], kind="corpus")
    assert any("unknown; BM25 reads Han, Kana and Hangul texts by their script's analyzer" in n for n in res.notes)
