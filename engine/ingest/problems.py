"""Collect located problems while validating a whole file, then fail once with all of them."""
from __future__ import annotations

from factaudit.engine.errors import ImportFailed, Problem


class Problems:
    def __init__(self, limit: int | None = ImportFailed.MAX_PROBLEMS) -> None:
        # limit None: keep every problem (--skip-invalid reports each rejected record, not the first 20)
        self.items: list[Problem] = []
        self.truncated = False
        self.limit = limit

    def add(self, file: str, line: int | None, field: str | None, reason: str, setting: str | None = None) -> None:
        if self.limit is not None and len(self.items) >= self.limit:
            self.truncated = True
            return
        self.items.append(Problem(file, line, field, reason, setting))

    @property
    def full(self) -> bool:
        return self.truncated

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ImportFailed(self.items, truncated=self.truncated)


class RecordError(Exception):
    """Raised by field validators; the reader turns it into a located Problem."""

    def __init__(self, field: str | None, reason: str):
        super().__init__(reason)
        self.field = field
        self.reason = reason
