"""Job plumbing shared by the CLI and the GUI: progress sinks and cancel tokens."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol

from factaudit.engine.errors import JobCancelled


class Progress(Protocol):
    def __call__(self, done: int, total: int | None, message: str = "") -> None: ...


def no_progress(done: int, total: int | None, message: str = "") -> None:
    return None


class CancelToken:
    """Checked between units of work; cancelling never interrupts a write half-way."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise JobCancelled("cancelled by the user")


NEVER_CANCEL = CancelToken()


@dataclass
class RateMeter:
    """Units per second and ETA over the work done so far, for progress displays."""

    total: int | None
    started: float = field(default_factory=time.monotonic)

    def rate(self, done: int) -> float:
        elapsed = time.monotonic() - self.started
        return done / elapsed if elapsed > 0 else 0.0

    def eta_seconds(self, done: int) -> float | None:
        r = self.rate(done)
        if not self.total or r <= 0:
            return None
        return max(0.0, (self.total - done) / r)


ProgressCallback = Callable[[int, "int | None", str], None]
