"""BM25 tokenization per language, straight to vocabulary ids.

Analyzers (chosen from a text's ISO 639-1 code; no code means English, as before languages existed):
- `snowball:<algorithm>` (en, de, fr, es, nl, ... every language PyStemmer has a Snowball stemmer
  for): lower-case, split with the scikit-learn pattern ``(?u)\\b\\w\\w+\\b``, drop bm25s' stop words
  of that language (where bm25s ships a list) before stemming, stem. English is exactly the rule
  every earlier run used, so English rankings do not change.
- `jieba` (zh): NFKC (full-width letters and digits become ASCII), lower-case, jieba's search-mode
  segmentation; bm25s' Chinese stop words; tokens without a word character are punctuation and
  dropped; Latin-script tokens inside Chinese text go through the English rule (drug names,
  abbreviations), so they meet English passages in the same vocabulary.
- `bigram` (ja, ko): NFKC, lower-case; runs of Han, kana or Hangul become overlapping character
  bigrams (a one-character run stays a unigram); other words go through the English rule.
- `word` (any other code): lower-case, the same split, no stop words, no stemming.

All analyzers share one vocabulary (stem -> id), so terms common to two languages (names,
numbers, English words inside Chinese text) match across them. Each analyzer keeps a cache
word -> id, so a word is stemmed once however often it occurs, in the corpus or in queries.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

TOKEN_PATTERN = r"(?u)\b\w\w+\b"
VERSION = 2           # 1 = English-only tokenization through bm25s.tokenize (same English tokens)
DEFAULT_LANG = "en"
STOP = -1             # id of a stop word in an analyzer's cache: dropped
_SEP = "\x00"         # separates documents in a joined chunk; never a token of its own text
_SEP_ID = -2
_CHUNK = 20_000

# ISO 639-1 -> Snowball algorithm in PyStemmer.
SNOWBALL = {
    "ar": "arabic", "hy": "armenian", "eu": "basque", "ca": "catalan", "cs": "czech", "da": "danish",
    "nl": "dutch", "en": "english", "eo": "esperanto", "et": "estonian", "fi": "finnish", "fr": "french",
    "de": "german", "el": "greek", "hi": "hindi", "hu": "hungarian", "id": "indonesian", "ga": "irish",
    "it": "italian", "lt": "lithuanian", "ne": "nepali", "no": "norwegian", "nb": "norwegian",
    "nn": "norwegian", "fa": "persian", "pl": "polish", "pt": "portuguese", "ro": "romanian", "ru": "russian",
    "sr": "serbian", "st": "sesotho", "es": "spanish", "sv": "swedish", "ta": "tamil", "tr": "turkish",
    "yi": "yiddish",
}
# Languages bm25s ships stop-word lists for (bm25s.stopwords).
BM25S_STOPWORDS = frozenset({"en", "de", "nl", "fr", "es", "pt", "it", "ru", "sv", "no", "tr", "da", "zh"})
BIGRAM_LANGS = frozenset({"ja", "ko"})
_CJK = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_CJK_OR_WORD = re.compile(f"([{_CJK}]+)|((?:(?![{_CJK}])\\w){{2,}})")
_HAS_CJK = re.compile(f"[{_CJK}]")
_WORD = re.compile(TOKEN_PATTERN)
_WORD_OR_SEP = re.compile(TOKEN_PATTERN + "|" + _SEP)
_LATIN_WORD = re.compile(r"(?u)\w\w+")
# ASCII text: \w is [A-Za-z0-9_]; everything else becomes a space, letters are lower-cased.
_ASCII_TABLE = {c: (chr(c).lower() if chr(c).isalnum() or chr(c) == "_" else " ") for c in range(128)}
_ASCII_TABLE[ord(_SEP)] = _SEP
_ASCII_JOIN = f" {_SEP} "


def lang_code(lang: str | None) -> str:
    """The primary ISO 639-1 subtag, lower-cased ("zh-Hans" -> "zh"); empty or None -> English."""
    if not lang:
        return DEFAULT_LANG
    return re.split(r"[-_]", lang.strip().lower(), maxsplit=1)[0] or DEFAULT_LANG


def analyzer_name(lang: str | None) -> str:
    code = lang_code(lang)
    if code == "zh":
        return "jieba"
    if code in BIGRAM_LANGS:
        return "bigram"
    if code in SNOWBALL:
        return f"snowball:{code}"
    return "word"


def _stopwords(code: str) -> frozenset[str]:
    if code not in BM25S_STOPWORDS:
        return frozenset()
    from bm25s.tokenization import _infer_stopwords

    return frozenset(_infer_stopwords(code))


class _Analyzer:
    """Splits texts into words and maps a new word to its vocabulary key (None = stop word)."""

    name = "word"

    def split(self, text: str) -> list[str]:
        return _WORD.findall(text.lower())

    def split_chunk(self, texts: Sequence[str]) -> list[str]:
        """Words of all texts, documents separated by _SEP, one pass per run of texts: ASCII runs
        by a translate table and str.split (3x faster than the regex, and the same words once
        one-character words are dropped in `keys`), other runs by the regex."""
        out: list[str] = []
        i, n = 0, len(texts)
        while i < n:
            asc = texts[i].isascii()
            j = i + 1
            while j < n and texts[j].isascii() == asc:
                j += 1
            run = [t.replace(_SEP, " ") if _SEP in t else t for t in texts[i:j]]
            if i:
                out.append(_SEP)
            if asc:
                out.extend(_ASCII_JOIN.join(run).translate(_ASCII_TABLE).split())
            else:
                out.extend(_WORD_OR_SEP.findall(_SEP.join(run).lower()))
            i = j
        return out

    def keys(self, words: list[str]) -> list[str | None]:
        return [w if len(w) > 1 else None for w in words]

    def describe(self) -> str:
        return "lower, \\w\\w+ words, no stop words, no stemming"


class _Snowball(_Analyzer):
    def __init__(self, code: str):
        import Stemmer

        self.code = code
        self.name = f"snowball:{code}"
        self.algorithm = SNOWBALL[code]
        self.stemmer = Stemmer.Stemmer(self.algorithm)
        self.stop = _stopwords(code)

    def keys(self, words: list[str]) -> list[str | None]:
        stems = self.stemmer.stemWords(words)
        return [None if len(w) < 2 or w in self.stop else s for w, s in zip(words, stems)]

    def describe(self) -> str:
        stop = f"bm25s {self.code} stop words" if self.stop else "no stop words"
        return f"lower, \\w\\w+ words, {stop}, PyStemmer snowball {self.algorithm}"


class _Cjk(_Analyzer):
    """Shared by jieba and bigram: NFKC first; Latin-script words follow the English rule."""

    def __init__(self):
        self.english = _Snowball("en")

    def split_chunk(self, texts: Sequence[str]) -> list[str]:
        out: list[str] = []
        for n, text in enumerate(texts):
            if n:
                out.append(_SEP)
            out.extend(self.split(text))
        return out

    def keys(self, words: list[str]) -> list[str | None]:
        latin = [w for w in words if not _HAS_CJK.search(w)]
        latin_keys = dict(zip(latin, self.english.keys(latin))) if latin else {}
        return [latin_keys[w] if w in latin_keys else self._cjk_key(w) for w in words]

    def _cjk_key(self, word: str) -> str | None:
        return word

    def located(self, norm: str) -> list[tuple[str, int, int]]:
        """(word, start, end) in the NFKC, lower-cased text."""
        raise NotImplementedError


class _Jieba(_Cjk):
    name = "jieba"

    def __init__(self):
        super().__init__()
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)   # its dictionary-loading chatter is not ours to print
        self._cut = jieba.cut_for_search
        self._tokenize = jieba.tokenize
        self.version = getattr(jieba, "__version__", "unknown")
        self.stop = _stopwords("zh")

    def split(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFKC", text).lower()
        return [w for w in (w.strip() for w in self._cut(text)) if self._kept(w)]

    @staticmethod
    def _kept(w: str) -> bool:
        # Punctuation, spaces, one Latin letter or digit are dropped, as in the English rule.
        return bool(w) and (_HAS_CJK.search(w) is not None or _LATIN_WORD.fullmatch(w) is not None)

    def located(self, norm: str) -> list[tuple[str, int, int]]:
        return [(w, a, b) for w, a, b in self._tokenize(norm, mode="search") if w.strip() == w and self._kept(w)]

    def _cjk_key(self, word: str) -> str | None:
        return None if word in self.stop else word

    def describe(self) -> str:
        return (f"NFKC, lower, jieba {self.version} search-mode segmentation, bm25s zh stop words, "
                "punctuation dropped; Latin words by the English rule")


class _Bigram(_Cjk):
    name = "bigram"

    def split(self, text: str) -> list[str]:
        return [w for w, _, _ in self.located(unicodedata.normalize("NFKC", text).lower())]

    def located(self, norm: str) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []
        for m in _CJK_OR_WORD.finditer(norm):
            run = m.group(1)
            if run is None:
                out.append((m.group(2), m.start(), m.end()))
            elif len(run) == 1:
                out.append((run, m.start(), m.end()))
            else:
                out.extend((run[i:i + 2], m.start() + i, m.start() + i + 2) for i in range(len(run) - 1))
        return out

    def describe(self) -> str:
        return "NFKC, lower, Han/kana/Hangul runs as character bigrams; Latin words by the English rule"


def make_analyzer(name: str) -> _Analyzer:
    if name == "jieba":
        return _Jieba()
    if name == "bigram":
        return _Bigram()
    if name.startswith("snowball:"):
        return _Snowball(name.split(":", 1)[1])
    return _Analyzer()


@dataclass
class ChunkIds:
    """Token ids of a chunk of documents: `docs` are the documents' positions in the corpus,
    `doc_of` the chunk-local document (index into `docs`) of each kept token in `ids`."""

    docs: np.ndarray      # int64, positions in the corpus
    doc_of: np.ndarray    # int64, per token
    ids: np.ndarray       # int32, per token


class Tokenizer:
    """Tokenizes to ids in one shared vocabulary; `freeze()` it once the index is built, so query
    words the corpus never had are dropped instead of growing the vocabulary."""

    def __init__(self, vocab: dict[str, int] | None = None):
        self.vocab: dict[str, int] = dict(vocab) if vocab else {}
        self.frozen = vocab is not None
        self._analyzers: dict[str, _Analyzer] = {}
        self._word_ids: dict[str, dict[str, int]] = {}

    def freeze(self) -> None:
        self.frozen = True
        # Cached word -> id maps were built while the vocabulary grew; they stay valid.

    def analyzer(self, lang: str | None) -> _Analyzer:
        name = analyzer_name(lang)
        a = self._analyzers.get(name)
        if a is None:
            a = self._analyzers[name] = make_analyzer(name)
            self._word_ids[name] = {_SEP: _SEP_ID}
        return a

    # ---- words -> ids, through the per-analyzer cache ------------------------------------------
    def _ids(self, analyzer: _Analyzer, words: list[str]) -> np.ndarray:
        cache = self._word_ids[analyzer.name]
        new = set(words)
        new.difference_update(cache)
        if new:
            fresh = sorted(new)
            vocab = self.vocab
            for w, key in zip(fresh, analyzer.keys(fresh)):
                if key is None:
                    cache[w] = STOP
                elif key in vocab:
                    cache[w] = vocab[key]
                elif self.frozen:
                    cache[w] = STOP          # unknown to the index: cannot score, dropped
                else:
                    cache[w] = vocab[key] = len(vocab)
        # A list first: np.fromiter over the map pays per item and is ~1.4x slower here.
        return np.array(list(map(cache.__getitem__, words)), dtype=np.int32)

    # ---- the corpus: one call, chunks out --------------------------------------------------------
    def corpus_ids(self, texts: Sequence[str], langs: Sequence[str | None] | str | None = None,
                   chunk: int | None = None, on_chunk: Callable[[int], None] | None = None) -> Iterator[ChunkIds]:
        """Token ids of every text, grouped by analyzer, in chunks of at most `chunk` documents.
        `on_chunk(n_done)` is called after each chunk (progress, cancellation)."""
        done, chunk = 0, chunk or _CHUNK
        for name, positions in _groups(len(texts), langs):
            analyzer = self.analyzer(_lang_of_analyzer(name))
            for start in range(0, len(positions), chunk):
                pos = positions[start:start + chunk]
                words = analyzer.split_chunk([texts[i] for i in pos])
                ids = self._ids(analyzer, words)
                doc_of = np.cumsum(ids == _SEP_ID)
                keep = ids >= 0
                yield ChunkIds(np.asarray(pos, dtype=np.int64), doc_of[keep], ids[keep])
                done += len(pos)
                if on_chunk is not None:
                    on_chunk(done)

    # ---- queries: one call -----------------------------------------------------------------------
    def query_ids(self, texts: Sequence[str], langs: Sequence[str | None] | str | None = None) -> list[list[int]]:
        """Ids of each query's known terms (repeats kept: a repeated word counts twice, as in bm25s)."""
        out: list[list[int]] = [[] for _ in texts]
        for name, positions in _groups(len(texts), langs):
            analyzer = self.analyzer(_lang_of_analyzer(name))
            words = analyzer.split_chunk([texts[i] for i in positions])
            ids = self._ids(analyzer, words)
            doc_of = np.cumsum(ids == _SEP_ID)
            keep = ids >= 0
            for d, i in zip(doc_of[keep].tolist(), ids[keep].tolist()):
                out[positions[d]].append(i)
        return out

    def tokens(self, text: str, lang: str | None = None) -> list[str]:
        """The vocabulary keys (stems, words or bigrams) of one text, stop words dropped."""
        analyzer = self.analyzer(lang)
        words = analyzer.split(text)
        return [k for k in analyzer.keys(words) if k is not None]

    def spans(self, text: str, lang: str | None = None) -> list[tuple[int, int, str]]:
        """(start, end, key) of each word of `text` that is not a stop word, for highlighting."""
        analyzer = self.analyzer(lang)
        if isinstance(analyzer, _Cjk):
            # Positions are found in the NFKC text; they hold for the original only when NFKC kept
            # its length (true of CJK text and full-width forms), else nothing is marked.
            norm = unicodedata.normalize("NFKC", text).lower()
            if len(norm) != len(text):
                return []
            found = analyzer.located(norm)
            keys = analyzer.keys([w for w, _, _ in found])
            return [(a, b, k) for (_, a, b), k in zip(found, keys) if k is not None]
        matches = list(_WORD.finditer(text))
        keys = analyzer.keys([m.group(0).lower() for m in matches])
        return [(m.start(), m.end(), k) for m, k in zip(matches, keys) if k is not None]


def _lang_of_analyzer(name: str) -> str:
    if name == "jieba":
        return "zh"
    if name == "bigram":
        return "ja"
    if name.startswith("snowball:"):
        return name.split(":", 1)[1]
    return "und"


def _groups(n: int, langs: Sequence[str | None] | str | None) -> list[tuple[str, Sequence[int]]]:
    """Positions per analyzer, in first-seen order (a one-language list stays one range)."""
    if langs is None or isinstance(langs, str):
        return [(analyzer_name(langs), range(n))] if n else []
    if len(langs) != n:
        raise ValueError(f"{len(langs)} languages for {n} texts")
    names = {lang: analyzer_name(lang) for lang in set(langs)}
    if len(set(names.values())) == 1:
        return [(next(iter(names.values())), range(n))] if n else []
    groups: dict[str, list[int]] = {}
    for i, lang in enumerate(langs):
        groups.setdefault(names[lang], []).append(i)
    return list(groups.items())


def describe(langs: Iterable[str | None]) -> dict[str, str]:
    """Analyzer rule per language code, for the run config."""
    out = {}
    for lang in sorted({lang_code(x) for x in langs}):
        out[lang] = f"{analyzer_name(lang)}: {make_analyzer(analyzer_name(lang)).describe()}"
    return out
