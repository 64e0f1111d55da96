"""One error hierarchy for the whole engine. `str(err)` is English, and is what is stored, logged and
written in JSON; the CLI and the GUI show `err.localized()`, the same message in the interface language
(engine.i18n: translated when shown, never when raised, so one error reads right in every language)."""
from __future__ import annotations

from dataclasses import dataclass

# msgids (engine.i18n.N_ marks them; written out here so this module imports nothing)
IMPORT_FAILED = "import failed, nothing written: {problem}"
AND_MORE = " (and {n} more)"
STOPPED_AFTER = "... stopped after {n} problems"


def _i18n():
    from factaudit.engine import i18n

    return i18n


class FactAuditError(Exception):
    """Root of every error the engine raises on purpose."""

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
    pass


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
                                       lambda text: text))

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
