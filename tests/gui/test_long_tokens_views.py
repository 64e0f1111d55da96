"""Every view that renders passage or answer text bounds an unbroken word (issue #36 item 5): the
Hits page, Review's detail, the attribution box and the rater's answer view share long_text.bounded, so
a 300 KB word becomes head … tail instead of a quadratic Qt layout."""
from __future__ import annotations

import pytest

WORD = "A" * 150_000 + "Z" * 150_000


def _rendered(fn) -> str:
    out = fn()
    assert "AAAA" in out and "ZZZZ" in out and "…" in out     # head and tail kept, the cut marked
    return out


@pytest.mark.parametrize("view", ["hits", "review_detail", "attribution", "attribution_span"])
def test_a_300_kb_word_is_bounded_in_every_passage_view(qapp, view):
    from factaudit.gui.views import attribution, hits_view, review_detail

    text = f"before {WORD} after"
    fn = {"hits": lambda: hits_view.highlighted(text, [(7, 7 + len(WORD))]),
          "review_detail": lambda: review_detail._esc(text),
          "attribution": lambda: attribution.highlighted(text, None, None),
          "attribution_span": lambda: attribution.highlighted(text, 7, 7 + len(WORD), limit=2000)}[view]
    out = _rendered(fn)
    assert len(out) < 1_000, len(out)
    if view != "attribution_span":           # the limit cuts around the span; the others keep both ends
        assert "before" in out and "after" in out


def test_short_text_is_only_escaped(qapp):
    from factaudit.gui.views.long_text import bounded

    assert bounded("a <b> & c") == "a &lt;b&gt; &amp; c"
    assert bounded(None) == ""
