"""Language identification (ISO 639-1) with py3langid (BSD-3, pure Python + numpy, model inside
the package). A dataset's language is the majority over a fixed, evenly spaced sample of its
texts, so the answer is deterministic and one odd record does not decide it."""
from __future__ import annotations

import functools
import re
from collections import Counter
from typing import Sequence

SAMPLE = 200          # texts looked at per dataset
MAX_CHARS = 1000      # of each text
MIN_CHARS = 12        # shorter texts say little; used only when nothing longer exists
_CODE = re.compile(r"^[a-z]{2}$")


@functools.lru_cache(maxsize=1)
def _identifier():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    # Our own instance: the module-level one is shared state other code may restrict.
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=False)


def script_language(text: str) -> str | None:
    """The language the script alone decides, when most letters are CJK: Kana -> ja, Hangul -> ko,
    Han without Kana -> zh; else None. py3langid guesses short CJK texts badly ("猫" -> af), and an
    English analyzer would read a Chinese sentence as one word, so the script wins."""
    letters = han = kana = hangul = 0
    for ch in text:
        if not ch.isalpha():
            continue
        letters += 1
        o = ord(ch)
        if 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9D:
            kana += 1
        elif 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            hangul += 1
        elif 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x2FA1F:
            han += 1
    if not letters or (han + kana + hangul) * 2 <= letters:
        return None
    if kana:
        return "ja"
    if hangul > han:
        return "ko"
    return "zh" if han else "ko"


def detect(text: str) -> str | None:
    """The language of one text, or None for a text without letters."""
    text = (text or "").strip()[:MAX_CHARS]
    if not any(ch.isalpha() for ch in text):
        return None
    by_script = script_language(text)
    if by_script is not None:
        return by_script
    code = _identifier().classify(text)[0]
    return code if _CODE.match(code) else None


def sample(texts: Sequence[str], n: int = SAMPLE) -> list[str]:
    if len(texts) <= n:
        return list(texts)
    step = len(texts) / n
    return [texts[int(i * step)] for i in range(n)]


def detect_majority(texts: Sequence[str]) -> str | None:
    """The most frequent language over a sample of `texts` (ties: the alphabetically first)."""
    picked = sample([t for t in texts if t and len(t.strip()) >= MIN_CHARS]) or sample([t for t in texts if t])
    votes = Counter(c for c in (detect(t) for t in picked) if c)
    if not votes:
        return None
    best = max(votes.values())
    return min(c for c, v in votes.items() if v == best)
