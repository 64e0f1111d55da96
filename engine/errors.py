"""One error hierarchy for the whole engine. `str(err)` is English, and is what is stored, logged and
written in JSON; the CLI and the GUI show `err.localized()`, the same message in the interface language
(engine.i18n: translated when shown, never when raised, so one error reads right in every language).

An error says what went wrong as fields, not in the words of one front end: `settings` (stable ids from
SETTINGS: the options a user sets, such as "retrieval_run" or "k"), `action` (an id from ACTIONS: what
would fix it, such as opening the model manager) and `file`/`line`/`field` where the input has a place.
The message names no command-line flag: the CLI renders the settings as its flags
(engine/cli/error_render.py), the GUI as its setting names with a button for the action
(gui/error_render.py); tests/engine/test_errors_render.py holds both maps to SETTINGS and ACTIONS."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

# msgids (engine.i18n.N_ marks them; written out here so this module imports nothing)
IMPORT_FAILED = "import failed, nothing written: {problem}"
AND_MORE = " (and {n} more)"
STOPPED_AFTER = "... stopped after {n} problems"

# Every setting an error may name. A front end maps each to its own words (a flag, a field label); an id
# is never shown as it is, so it can stay stable while flags and labels are renamed.
SETTINGS = frozenset({
    "all", "calibration", "confirm_on", "dataset", "dimensions", "endpoint", "evidence", "format", "fraction",
    "id_prefix", "k", "kind", "lenient_penalty", "level", "limit", "map_values", "mode", "model", "n_ctx", "passage_words",
    "prompt", "prompt_cache", "rater", "rejected_out", "resume", "retrieval_run", "retrievers", "run", "runs", "scoring",
    "split", "strata", "target", "target_half_width", "temperature", "trust", "units", "units_from",
})
# What would fix an error, where a front end has a way to do it (the GUI: a button).
ACTIONS = frozenset({"open_models", "choose_run"})


def _i18n():
    from factaudit.engine import i18n

    return i18n


def _ids(value: str | Iterable[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


class FactAuditError(Exception):
    """Root of every error the engine raises on purpose. `setting` is one id of SETTINGS or several (in
    the order the message names them); a class may set a default `action` for all its errors."""

    # class defaults, so a subclass with its own __init__ still has every field
    settings: tuple[str, ...] = ()
    action: str | None = None
    _where: tuple[str | None, int | None, str | None] = (None, None, None)

    def __init__(self, *args: object, setting: str | Iterable[str] | None = None, action: str | None = None,
                 file: str | None = None, line: int | None = None, field: str | None = None) -> None:
        super().__init__(*args)
        if setting is not None:
            self.settings = _ids(setting)
        if action is not None:
            self.action = action
        if (file, line, field) != (None, None, None):
            self._where = (file, line, field)

    @property
    def file(self) -> str | None:
        return self._where[0]

    @property
    def line(self) -> int | None:
        return self._where[1]

    @property
    def field(self) -> str | None:
        return self._where[2]

    def localized(self, lang: str | None = None) -> str:
        """The message in `lang` (default: the interface language); English when not translated."""
        return _i18n().localize(str(self), lang)


class ProjectError(FactAuditError):
    pass


class ProjectNotFound(ProjectError):
    pass


class ProjectTooNew(ProjectError):
    pass


class ProjectLocked(ProjectError):
    pass


class ProjectCorrupt(ProjectError):
    pass


class ReadOnlyProject(ProjectError):
    pass


class DatasetFrozen(ProjectError):
    pass


class DiskFull(ProjectError):
    """A write failed for lack of space (or an I/O error); the transaction was rolled back."""


class NotFound(FactAuditError):
    """A run, claim, dataset or other record named by the user does not exist."""


class RunImmutable(FactAuditError):
    pass


class InvalidArgument(FactAuditError):
    pass


class ModelNotFound(FactAuditError):
    action = "open_models"      # the model manager installs, adds and checks models


class EndpointError(FactAuditError):
    pass


class JobCancelled(FactAuditError):
    pass


class RunStopped(FactAuditError):
    """A run that ended before its last unit; the message names the run (engine.jobs.stopped_text).
    The error that stopped it is the __cause__."""

    def __init__(self, message: str, *, run_id: str, status: str, reason: str, resumable: bool = True) -> None:
        super().__init__(message)
        self.run_id = run_id
        self.status = status
        self.reason = reason
        self.resumable = resumable


class RunFailed(RunStopped):
    pass


class RunCancelled(RunStopped, JobCancelled):
    pass


class SealError(FactAuditError):
    pass


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    field: str | None
    reason: str
    setting: str | None = None     # an id of SETTINGS when a setting, not the file, would fix it

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.field:
            where += f":{self.field}"
        return f"{where}: {self.reason}"

    def localized(self, lang: str | None = None) -> str:
        """file:line:field stay as they are; the reason is translated."""
        text = str(self)
        return text[: len(text) - len(self.reason)] + _i18n().localize(self.reason, lang)


class ImportFailed(FactAuditError):
    """Bad input; nothing was written. Carries up to MAX_PROBLEMS located problems."""

    MAX_PROBLEMS = 20

    def __init__(self, problems: list[Problem], truncated: bool = False):
        self.problems = list(problems)[: self.MAX_PROBLEMS]
        self.truncated = truncated or len(problems) > self.MAX_PROBLEMS
        super().__init__(self._message(str(self.problems[0]) if self.problems else "unknown problem",
                                       lambda text: text),
                         setting=dict.fromkeys(p.setting for p in self.problems if p.setting))

    def _message(self, first: str, tr) -> str:
        more = len(self.problems) - 1
        suffix = ""
        if more > 0 or self.truncated:
            suffix = tr(AND_MORE).replace("{n}", f"{more}{'+' if self.truncated else ''}")
        return tr(IMPORT_FAILED).replace("{problem}", first) + suffix

    def localized(self, lang: str | None = None) -> str:
        i18n = _i18n()
        first = self.problems[0].localized(lang) if self.problems else i18n.gettext("unknown problem", lang)
        return self._message(first, lambda text: i18n.gettext(text, lang))

    @property
    def file(self) -> str | None:
        return self.problems[0].file if self.problems else None

    @property
    def line(self) -> int | None:
        return self.problems[0].line if self.problems else None

    @property
    def field(self) -> str | None:
        return self.problems[0].field if self.problems else None

    def report(self, lang: str = "en") -> str:
        """Every problem on its own line (in `lang`, English by default)."""
        i18n = _i18n()
        lines = [p.localized(lang) if lang != "en" else str(p) for p in self.problems]
        if self.truncated:
            lines.append(i18n.gettext(STOPPED_AFTER, lang).replace("{n}", str(self.MAX_PROBLEMS)))
        return "\n".join(lines)
