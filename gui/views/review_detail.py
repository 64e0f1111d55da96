"""The Review page's parts: the detail pane (a disagreement with its claims, reasoning, or for a classifier
run the attribution with its sentence highlighted, and top-k evidence),
what the list shows, and the worker that reads one page of it."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication


from factaudit.engine import services
from factaudit.gui.i18n import verdict_name
from factaudit.gui.qtmodels.disagreement_model import kind_name
from factaudit.gui.views.attribution import attribution_line, highlighted
from factaudit.gui.views.labeling_parts import markdown_html
from factaudit.gui.views.long_text import bounded

EVIDENCE_NAMES = {"high_quality": QT_TRANSLATE_NOOP("review_detail", "a high-quality passage is in the top k"), "none": QT_TRANSLATE_NOOP("review_detail", "no high-quality passage"),
                  "undecided": QT_TRANSLATE_NOOP("review_detail", "evidence not fully labelled")}
PASSAGE_CHARS = 900
PAGE = 2000                     # verdicts (or labelled sentences) read per page of the Review list
LATER_PAGE = 10000              # after the first: each page costs the UI thread an insert and a summary
                                # (about 16 ms a page at 100,000 claims), so fewer, bigger pages


# an expert's sentence label (engine/audit/raters.SENTENCE_LABELS); verdicts go through gui.i18n
LABEL_NAMES = {"correct": QT_TRANSLATE_NOOP("review_detail", "correct"), "error": QT_TRANSLATE_NOOP("review_detail", "error")}


def label_name(value) -> str:
    """A sentence label or verdict as the interface shows it (stored values stay English)."""
    if value in LABEL_NAMES:
        return QCoreApplication.translate("review_detail", LABEL_NAMES[value])
    return verdict_name(value) if isinstance(value, str) else value


def _evidence_name(key: str) -> str:
    return QCoreApplication.translate("review_detail", EVIDENCE_NAMES[key]) if key in EVIDENCE_NAMES else key


def _tr(text: str) -> str:
    return QCoreApplication.translate("review_detail", text)


def _esc(text) -> str:
    return bounded(text)


def detail_html(d, texts: dict, mapping: str, sent: int | None, suspect: dict | None = None,
                attribution: dict | None = None) -> str:
    """`texts` maps passage ids to PassageText; `sent` is how many top passages the verifier received
    (the verify run's k), when known: those are marked, and so are the ones it says it used.
    `suspect` maps flagged passage ids to their injection findings: those get a warning.
    `attribution` (a classifier run's, services.Attribution by claim) replaces the reasoning and
    highlights the driving sentence in its passage."""
    suspect, attribution = suspect or {}, attribution or {}
    level = QCoreApplication.translate("review_detail", "sentence") if d.level == "sentence" else QCoreApplication.translate("review_detail", "claim") if d.level == "claim" else d.level
    parts = [f"<p style='color:#6b7380'>{_esc(kind_name(d.kind))} · {_esc(level)} {_esc(d.unit_id)}"
             + (" · " + QCoreApplication.translate("review_detail", "item {id}").format(id=_esc(d.item_id)) if d.item_id else "") + "</p>",
             f"<h3>{_esc(d.text)}</h3>",
             "<p>" + QCoreApplication.translate("review_detail", "expert: <b>{expert}</b> · system: <b>{system}</b> (under {mapping})").format(
                 expert=_esc(label_name(d.expert)), system=_esc(label_name(d.predicted)), mapping=_esc(mapping))
             + ("<br><span style='color:#4a5260'>" + QCoreApplication.translate("review_detail", "Expert's reason: {reason}").format(
                 reason=_esc(d.expert_reason)) + "</span>" if d.expert_reason else "") + "</p>"]
    for c in d.claims:
        flag = " <span style='color:#8f1d1d'>" + QCoreApplication.translate("review_detail", "(flagged as an error)") + "</span>" if c.flagged else ""
        parts.append("<hr>")
        parts.append("<p>" + QCoreApplication.translate("review_detail", "<b>Claim {id}:</b> {text}").format(id=_esc(c.claim_id), text=_esc(c.text)) + "<br>"
                     + QCoreApplication.translate("review_detail", "Verdict: <b>{verdict}</b>").format(verdict=_esc(verdict_name(c.verdict) if c.verdict else '—')) + flag
                     + (" · " + QCoreApplication.translate("review_detail", "gold: {label}").format(label=_esc(verdict_name(c.gold_label))) if c.gold_label else "")
                     + " · " + QCoreApplication.translate("review_detail", "evidence: {evidence}").format(evidence=_esc(_evidence_name(c.evidence))) + "</p>")
        a = attribution.get(c.claim_id)
        if a is not None:
            driver = texts.get(a.passage_id)
            parts.append(attribution_line(a, driver.text if driver else None))
        else:
            said = services.reasoning_contradiction(c.verdict, c.reasoning)
            if said is not None:
                parts.append("<p style='color:#8f1d1d'>" + QCoreApplication.translate("review_detail", "<b>⚠ The reasoning contradicts the verdict:</b> it concludes {said}, the verdict is {verdict}.").format(
                    said=_esc(verdict_name(said)), verdict=_esc(verdict_name(c.verdict))) + "</p>")
            parts.append("<div style='background:#f3f5f8'><b>" + QCoreApplication.translate("review_detail", "Reasoning:") + "</b>"
                         + (markdown_html(c.reasoning) if c.reasoning else QCoreApplication.translate("review_detail", " (none recorded)")) + "</div>")
        if not c.passages:
            parts.append("<p style='color:#6b7380'>" + QCoreApplication.translate("review_detail", "No passages.") + "</p>")
        elif sent:
            template = (QCoreApplication.translate("review_detail", "The verifier received the top {k} passages (marked ▶); ✔ marks the passage whose sentence drove the verdict.") if a is not None else
                        QCoreApplication.translate("review_detail", "The verifier received the top {k} passages (marked ▶); ✔ marks those it says it used."))
            parts.append("<p style='color:#6b7380'>" + template.format(k=sent) + "</p>")
        for rank, pid in enumerate(c.passages, start=1):
            p = texts.get(pid)
            driving = a is not None and a.passage_id == pid and p is not None
            body = highlighted(p.text if p else QCoreApplication.translate("review_detail", "(passage not in the project)"), a.start if driving else None,
                               a.end if driving else None, limit=PASSAGE_CHARS)
            title = f"{_esc(p.title)} " if p and p.title else ""
            marks = ("▶ " if sent and rank <= sent else "") + ("✔ " if pid in c.used else "")
            style = "" if not sent or rank <= sent else " style='color:#8a909a'"
            warn = (f"<br><span style='color:#8f1d1d'>{_esc(services.passage_warning(suspect[pid]))}</span>"
                    if pid in suspect else "")
            parts.append(f"<p{style}><b>{marks}[{rank}]</b> {title}<span style='color:#6b7380'>{_esc(pid)}</span>"
                         f"{warn}<br><span>{body}</span></p>")
    return "".join(parts)


class Loaded:
    """What the list shows: the run, mapping and level, and the counts summed over the pages read."""

    def __init__(self, verify_run: str, mapping: str, level: str, retrieval_run: str | None):
        self.verify_run, self.mapping, self.level, self.retrieval_run = verify_run, mapping, level, retrieval_run
        self.n_units = self.n_unscored = 0
        self.counts: dict[str, int] = {}
        self.complete = False
        # expand() takes an index for its run, mapping and level; the rows come from the model
        self.index = services.DisagreementIndex(verify_run, mapping, level, 0, 0)
        self.sent_k = None


def index_page(project, verify_run, mapping, level, after):
    return services.index_page(project, verify_run, mapping=mapping, level=level, after=after,
                                     limit=PAGE if after is None else LATER_PAGE)
