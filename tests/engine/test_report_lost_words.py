"""The answer audit's failed items in the report's language (issue #35 item 9): the layers and what each
item lost were English in zh and de. The cells still read as the English text (the JSON's)."""
from __future__ import annotations

from types import SimpleNamespace

from factaudit.engine import i18n
from factaudit.engine.reports.answer_sections import failure_table
from factaudit.engine.reports.lang import ReportLang


def _data():
    item = {"item_id": "q1", "failed": True, "refused": True, "risk_tier": "A", "category": "c",
            "layers": ["retrieval", "generation"],
            "causes": [{"option": "heparin", "kind": "missed", "cause": "retrieval", "layer": "retrieval"},
                       {"option": "aspirin", "kind": "wrong", "cause": "unsupported", "layer": "generation"}]}
    res = SimpleNamespace(items=[SimpleNamespace(item_id="q1", strict=0.0, critical=True)], audit_items=[item])
    return SimpleNamespace(multi_answer={"choices-1": res})


def test_failed_items_read_english_as_data_and_translate_when_shown():
    _head, rows = failure_table(_data())
    layers, lost = rows[0][-2], rows[0][-1]
    assert layers == "retrieval, generation"
    assert lost == "refused; missed heparin: retrieval; wrong aspirin: generation"
    for lang in ("zh_CN", "de"):
        tr = lambda m: i18n.gettext(m, lang)  # noqa: E731
        assert tr("generation") != "generation" and tr("missed {option}: {layer}") != "missed {option}: {layer}"
        want = "; ".join([tr("refused"),
                          i18n.fill(tr("missed {option}: {layer}"), {"option": "heparin", "layer": tr("retrieval")}),
                          i18n.fill(tr("wrong {option}: {layer}"), {"option": "aspirin", "layer": tr("generation")})])
        shown = ReportLang(lang)
        assert shown.cell(lost) == want
        assert shown.cell(layers) == ("、" if lang == "zh_CN" else ", ").join([tr("retrieval"), tr("generation")])
