"""One error hierarchy for the whole engine; the CLI and the GUI show `str(err)` to users."""
from __future__ import annotations

from dataclasses import dataclass


class FactAuditError(Exception):
    """Root of every error the engine raises on purpose."""


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


class ImportFailed(FactAuditError):
    """Bad input; nothing was written. Carries up to MAX_PROBLEMS located problems."""

    MAX_PROBLEMS = 20

    def __init__(self, problems: list[Problem], truncated: bool = False):
        self.problems = list(problems)[: self.MAX_PROBLEMS]
        self.truncated = truncated or len(problems) > self.MAX_PROBLEMS
        first = self.problems[0] if self.problems else "unknown problem"
        more = len(self.problems) - 1
        suffix = f" (and {more} more{'+' if self.truncated else ''})" if more > 0 or self.truncated else ""
        super().__init__(f"import failed, nothing written: {first}{suffix}")

    @property
    def file(self) -> str | None:
        return self.problems[0].file if self.problems else None

    @property
    def line(self) -> int | None:
        return self.problems[0].line if self.problems else None

    @property
    def field(self) -> str | None:
        return self.problems[0].field if self.problems else None

    def report(self) -> str:
        lines = [str(p) for p in self.problems]
        if self.truncated:
            lines.append(f"... stopped after {self.MAX_PROBLEMS} problems")
        return "\n".join(lines)
