"""An engine error in the command line's words: the message (in the CLI's language) followed by the flags of
the settings it names. The engine says which setting (engine.errors.SETTINGS ids); only the CLI knows that
`retrieval_run` is spelled `--retrieval-run` here. The GUI has its own map (gui/error_render.py)."""
from __future__ import annotations

from typing import Iterable

from factaudit.engine import i18n
from factaudit.engine.errors import FactAuditError, ImportFailed, Problem

# setting id -> the option that sets it (tests/engine/test_errors_render.py checks that each id of
# engine.errors.SETTINGS has one and that every flag here is an option of some command)
FLAGS: dict[str, str] = {
    "all": "--all", "calibration": "--calibration", "confirm_on": "--confirm-on", "dataset": "--dataset",
    "dimensions": "--dimensions", "endpoint": "--endpoint", "evidence": "--evidence", "format": "--format",
    "fraction": "--fraction", "id_prefix": "--id-prefix", "k": "--k", "kind": "--kind", "lenient_penalty": "--lenient-penalty", "level": "--level",
    "limit": "--limit", "map_values": "--map-values", "mode": "--mode", "model": "--model", "n_ctx": "--n-ctx",
    "passage_words": "--passage-words", "prompt": "--prompt", "prompt_cache": "--prompt-cache", "rater": "--rater",
    "rejected_out": "--rejected-out", "resume": "--resume", "retrieval_run": "--retrieval-run",
    "retrievers": "--retrievers", "run": "--run", "runs": "--runs", "scoring": "--scoring", "split": "--split",
    "strata": "--strata", "target": "--target", "target_half_width": "--target-half-width",
    "temperature": "--temperature", "trust": "--trust", "units": "--units", "units_from": "--units-from",
}


def flags(settings: Iterable[str]) -> str:
    """The flags of `settings`, in order, once each ("--retrieval-run, --resume")."""
    # an id without a flag (a bug the test catches) still reads as a flag rather than failing the error path
    return ", ".join(dict.fromkeys(FLAGS.get(s, "--" + s.replace("_", "-")) for s in settings))


def with_flags(text: str, settings: Iterable[str | None]) -> str:
    """`text`, then the flags of `settings` in brackets (None and an empty list add nothing)."""
    named = flags(s for s in settings if s)
    return f"{text} ({named})" if named else text


def cli_text(err: BaseException, lang: str | None = None) -> str:
    """One line for a user: the localized message, then the flags that would fix it."""
    if not isinstance(err, FactAuditError):
        return str(err)
    return with_flags(err.localized(lang), err.settings)


def problem_line(problem: Problem, lang: str | None = None) -> str:
    lang = lang or i18n.language()
    text = str(problem) if lang == "en" else problem.localized(lang)
    return with_flags(text, [problem.setting] if problem.setting else [])


def import_report(err: ImportFailed, lang: str | None = None) -> str:
    """Every problem of a failed import on its own line, each with its flag (ImportFailed.report's lines)."""
    lang = lang or i18n.language()
    lines = [problem_line(p, lang) for p in err.problems]
    if err.truncated:
        lines.append(i18n.t(i18n.N_("... stopped after {n} problems"), lang, n=err.MAX_PROBLEMS))
    return "\n".join(lines)
