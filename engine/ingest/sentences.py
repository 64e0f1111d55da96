"""Sentence splitting with character offsets (pysbd), used for answers given without sentences."""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4)
def _segmenter(lang: str):
    import pysbd

    return pysbd.Segmenter(language=lang, clean=False, char_span=True)


def split_sentences(text: str, lang: str = "en") -> list[tuple[int, int, str]]:
    """(start, end, sentence) triples; sentences are stripped, offsets point into `text`."""
    out = []
    for span in _segmenter(lang).segment(text):
        raw = span.sent
        start = span.start + (len(raw) - len(raw.lstrip()))
        stripped = raw.strip()
        if stripped:
            out.append((start, start + len(stripped), stripped))
    return out


def locate(text: str, sentences: list[str]) -> list[tuple[int | None, int | None]]:
    """Offsets of given sentences inside `text`, searching forward; None where not found verbatim."""
    out, pos = [], 0
    for s in sentences:
        i = text.find(s, pos)
        if i < 0:
            i = text.find(s)
        if i < 0:
            out.append((None, None))
        else:
            out.append((i, i + len(s)))
            pos = i + len(s)
    return out
