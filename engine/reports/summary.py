"""The words a client reads first: a plain-language paragraph on what was audited and what was found,
and, for each section without data, which step of the workflow fills it."""
from __future__ import annotations

from typing import Any

from factaudit.engine.i18n import N_
from factaudit.engine.reports.lang import EN, ReportLang

# section -> what fills it, in the words of the app's Workflow page
FILLED_BY = {
    "open": (N_("Open regime: error detection"), N_("Fills when a verify run covers claims from answers whose "
             "sentences carry an expert's correct/error label (Import answers, Decompose, Retrieve, Verify).")),
    "closed": (N_("Closed regime: verdicts against gold labels"), N_("Fills when a verify run covers claims that "
               "carry a gold verdict, such as SciFact claims (Import claims, Retrieve, Verify).")),
    "audit": (N_("Audit: evidence quality, error taxonomy and agreement"), N_("Fills as evidence pairs and "
              "reasoning traces are labelled on the Labeling page; agreement needs a second rater or a retest pass.")),
}


def open_has_data(data: Any, mapping: str) -> bool:
    return any((m.sentence.get(mapping) is not None and m.sentence[mapping].n > 0)
               or (m.claim.get(mapping) is not None and m.claim[mapping].n > 0) for m in data.metrics.values())


def closed_has_data(data: Any) -> bool:
    return any(m.closed is not None and m.closed.n > 0 for m in data.metrics.values())


def plain_summary(data: Any, mapping: str = "R+NE", lang: ReportLang = EN) -> str:
    """One paragraph: the runs, the units with expert labels, the headline figures, the labelling."""
    _, pl, pct = lang._, lang.plural, lang.pct
    runs = list(data.metrics)
    if not runs:
        return _("Nothing has been scored yet: this report fills once a verify run (or imported verdicts) exists "
                 "for claims with an expert's label.")
    parts = [pl(len(runs), N_("This report audits {n} verification run ({runs})."),
                N_("This report audits {n} verification runs ({runs})."), runs=", ".join(runs))]
    for run_id, m in data.metrics.items():
        s = m.sentence.get(mapping)
        c = m.claim.get(mapping)
        if s is not None and s.n > 0 and (s.recall is None or s.precision is None):
            # a rate with no denominator read "caught n/a of the erroneous sentences": say why instead
            if s.recall is None:
                parts.append(pl(s.n, N_("In {run}, {n} answer sentence with an expert label was scored; the expert marked "
                                        "none erroneous, so there was no error for the verifier to catch (recall undefined)."),
                                N_("In {run}, {n} answer sentences with an expert label were scored; the expert marked "
                                   "none erroneous, so there was no error for the verifier to catch (recall undefined)."),
                                run=run_id))
                if s.precision is not None:
                    parts.append(_("Of the sentences it flagged, {precision} were truly erroneous (precision), counting "
                                   "{mapping} verdicts as error flags.", precision=pct(s.precision), mapping=mapping))
            else:
                parts.append(pl(s.n, N_("In {run}, {n} answer sentence with an expert label was scored: the verifier caught "
                                        "{recall} of the erroneous sentences (recall) and flagged none under {mapping} "
                                        "(precision undefined)."),
                                N_("In {run}, {n} answer sentences with an expert label were scored: the verifier caught "
                                   "{recall} of the erroneous sentences (recall) and flagged none under {mapping} "
                                   "(precision undefined)."),
                                run=run_id, recall=pct(s.recall), mapping=mapping))
        elif s is not None and s.n > 0:
            parts.append(pl(s.n, N_("In {run}, {n} answer sentence with an expert label was scored: the verifier "
                                    "caught {recall} of the erroneous sentences (recall) and {precision} of the "
                                    "sentences it flagged were truly erroneous (precision), counting {mapping} "
                                    "verdicts as error flags."),
                            N_("In {run}, {n} answer sentences with an expert label were scored: the verifier "
                               "caught {recall} of the erroneous sentences (recall) and {precision} of the "
                               "sentences it flagged were truly erroneous (precision), counting {mapping} "
                               "verdicts as error flags."),
                            run=run_id, recall=pct(s.recall), precision=pct(s.precision), mapping=mapping))
        elif c is not None and c.n > 0:
            parts.append(pl(c.n, N_("In {run}, {n} claim with an expert label was scored: recall {recall}, "
                                    "precision {precision} under {mapping}."),
                            N_("In {run}, {n} claims with an expert label were scored: recall {recall}, "
                               "precision {precision} under {mapping}."),
                            run=run_id, recall=pct(c.recall), precision=pct(c.precision), mapping=mapping))
        if m.closed is not None and m.closed.n > 0:
            parts.append(pl(m.closed.n, N_("Against gold verdicts, {run} was right on {accuracy} of {n} claim."),
                            N_("Against gold verdicts, {run} was right on {accuracy} of {n} claims."),
                            run=run_id, accuracy=pct(m.closed.accuracy)))
        if m.n_parse_failures:
            parts.append(pl(m.n_parse_failures, N_("{n} output of {run} could not be read and was left out."),
                            N_("{n} outputs of {run} could not be read and were left out."), run=run_id))
    audit = data.audit
    if audit is not None and audit.n_annotations:
        said = [_("{labels} by {raters}", labels=pl(audit.n_human_labels, N_("{n} label"), N_("{n} labels")),
                  raters=pl(len(audit.annotators), N_("{n} human rater"), N_("{n} human raters")))]
        if audit.n_llm_labels:
            said.append(_("{labels} by {raters}", labels=pl(audit.n_llm_labels, N_("{n} pre-label"), N_("{n} pre-labels")),
                          raters=pl(len(audit.llm_annotators), N_("{n} LLM pre-labeller"), N_("{n} LLM pre-labellers"))))
        if audit.n_adjudications:
            said.append(pl(audit.n_adjudications, N_("{n} adjudication"), N_("{n} adjudications")))
        parts.append(_("{who} describe why the verifier failed (codebook v{version}); the taxonomy counts the "
                       "human labels.", who=_(" and ").join(said), version=audit.codebook_version))
    else:
        parts.append(_("No one has labelled evidence or reasoning yet, so the report says how often the verifier "
                       "erred, not why."))
    return lang.sentence_sep.join(parts)


def empty_sections(data: Any, mapping: str = "R+NE", lang: ReportLang = EN) -> list[tuple[str, str]]:
    """(title, what fills it) for every main section without data."""
    out = []
    if not open_has_data(data, mapping):
        out.append(FILLED_BY["open"])
    if not closed_has_data(data):
        out.append(FILLED_BY["closed"])
    if data.audit is None or not data.audit.n_annotations:
        out.append(FILLED_BY["audit"])
    return [(lang._(title), lang._(how)) for title, how in out]
