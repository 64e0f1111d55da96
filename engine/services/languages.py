"""Languages of datasets and records: detection, editing, and the language of each passage and
claim a retrieval run tokenizes with (`factaudit lang`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import lang_store
from factaudit.engine.project.db import Project

__all__ = ["DatasetLanguage", "dataset_languages", "set_dataset_language", "detect_dataset_language",
           "passage_languages", "claim_languages", "normalise_code", "by_script"]

_ISO = re.compile(r"^[a-z]{2}$")


@dataclass(frozen=True)
class DatasetLanguage:
    dataset: str
    lang: str | None


def normalise_code(lang: str) -> str:
    """An ISO 639-1 code ("de", "zh"; "zh-Hans" and "DE" are accepted), else InvalidArgument."""
    code = re.split(r"[-_]", (lang or "").strip().lower(), maxsplit=1)[0]
    if not _ISO.match(code):
        raise InvalidArgument(f"language {lang!r}: expected an ISO 639-1 code such as en, de, zh")
    return code


def dataset_languages(project: Project) -> list[DatasetLanguage]:
    return [DatasetLanguage(name, lang) for name, lang in lang_store.dataset_langs(project).items()]


def detect_dataset_language(project: Project, dataset: str, store: bool = False) -> str | None:
    """The majority language of a sample of the dataset's texts (None when no text has letters);
    with `store`, saved as the dataset's language."""
    from factaudit.engine.text.langid import detect_majority

    lang = detect_majority(lang_store.dataset_texts(project, dataset))
    if store and lang is not None:
        lang_store.set_dataset_lang(project, dataset, lang)
    return lang


def set_dataset_language(project: Project, dataset: str, lang: str) -> str | None:
    """Set a dataset's language; "auto" detects it again. Returns the language stored."""
    if lang.strip().lower() == "auto":
        found = detect_dataset_language(project, dataset)
        lang_store.set_dataset_lang(project, dataset, found)
        return found
    code = normalise_code(lang)
    lang_store.set_dataset_lang(project, dataset, code)
    return code


def ensure_dataset_language(project: Project, dataset: str) -> str | None:
    """After an import: detect and store the language unless the dataset has one."""
    current = lang_store.dataset_langs(project).get(dataset)
    if current:
        return current
    return detect_dataset_language(project, dataset, store=True)


class _DatasetLangs:
    """Each dataset's language, detected (not stored) for datasets that have none yet, once."""

    def __init__(self, project: Project):
        self.project = project
        self.stored = lang_store.dataset_langs(project)
        self.found: dict[str, str | None] = {}
        self.detected: list[str] = []

    def __call__(self, dataset: str) -> str | None:
        if self.stored.get(dataset):
            return self.stored[dataset]
        if dataset not in self.found:
            self.found[dataset] = detect_dataset_language(self.project, dataset)
            self.detected.append(dataset)
        return self.found[dataset]


def passage_languages(project: Project, ids: Sequence[str], dataset: str | None = None,
                      langs: _DatasetLangs | None = None) -> list[str | None]:
    """Each passage's language, aligned with `ids` (read in passage id order, as the corpus is):
    its own, else its dataset's (detected when the dataset has none)."""
    langs = langs or _DatasetLangs(project)
    seen: dict[str | None, str | None] = {}      # one string object per language, not per passage
    out: list[str | None] = []
    rows = lang_store.iter_passage_langs(project, dataset)
    for want, (pid, lang, ds) in zip(ids, rows):
        if pid != want:
            break
        lang = lang or langs(ds)
        out.append(seen.setdefault(lang, lang))
    if len(out) != len(ids):
        # The passages changed between the two reads: look each one up instead.
        own = {pid: (lang, ds) for pid, lang, ds in lang_store.iter_passage_langs(project, dataset)}
        out = [(own[p][0] or langs(own[p][1])) if p in own else None for p in ids]
    return out


def claim_languages(project: Project, datasets: Sequence[str], langs: _DatasetLangs | None = None) -> list[str | None]:
    """The language of each claim, given its dataset's name: the dataset's language."""
    langs = langs or _DatasetLangs(project)
    return [langs(ds) for ds in datasets]


# Han, Kana and Hangul letters (the ranges engine/text/langid.script_language counts).
_KANA = "\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9d"
_HANGUL = "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
_HAN = "\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff\U00020000-\U0002fa1f"
_CJK_CHAR = re.compile(f"[{_KANA}{_HANGUL}{_HAN}]")
_KANA_RE, _HANGUL_RE, _HAN_RE = (re.compile(f"[{x}]") for x in (_KANA, _HANGUL, _HAN))
# A text is read as CJK when at least this share of its letters is Han, Kana or Hangul. A CJK
# analyzer reads its Latin words by the English rule, so a mixed text loses nothing by it.
CJK_SHARE = 0.25


def text_script(text: str) -> str | None:
    """zh, ja or ko when at least CJK_SHARE of the text's letters are Han, Kana or Hangul (any Kana
    -> ja, more Hangul than Han -> ko, else zh); None otherwise."""
    if not _CJK_CHAR.search(text):
        return None
    kana, hangul, han = (len(rx.findall(text)) for rx in (_KANA_RE, _HANGUL_RE, _HAN_RE))
    letters = sum(ch.isalpha() for ch in text)
    if not letters or kana + hangul + han < CJK_SHARE * letters:
        return None
    if kana:
        return "ja"
    return "ko" if hangul > han else "zh"


def by_script(langs: Sequence[str | None], texts: Sequence[str]) -> tuple[list[str | None], dict[str, int]]:
    """Each text's language; where it is unknown (its dataset's could not be told and it has none of
    its own), the one its script decides: a text whose letters are largely Han, Kana or Hangul gets
    zh, ja or ko, so an unknown language never puts a CJK text through the English rule. A language
    detected or set stays as it is (setting a Chinese dataset to English is the user's choice).
    Returns the languages and how many texts took their script's language, per language."""
    out = list(langs)
    changed: dict[str, int] = {}
    for i, text in enumerate(texts):
        if out[i]:
            continue
        script = text_script(text)
        if script is not None:
            out[i] = script
            changed[script] = changed.get(script, 0) + 1
    return out, dict(sorted(changed.items()))
