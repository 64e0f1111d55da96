"""The one run lifecycle, shared by verify, decompose, judge, aggregate and retrieve (and the GUI's jobs).

Front half (start_or_resume): a run is created `running` from a request, or with `request.resume`
an interrupted, cancelled or failed run is reopened. In that order, once for every kind: the resumed
run is checked (its kind, its status, its corpus), its typed config is read back (`from_config`, any
shape an earlier version stored) and the model found again from its pin; the prompts' sha256 are
compared with the templates now; a new run's config is validated and its temperature checked by the
kind's ModelOpener. Then the units' inputs are read once, the model opened (and closed at the end
if opened here), the config completed and stored, and the run created or reopened. A kind supplies
a RunKind subclass (its config type and hooks) and a ModelOpener strategy, or none (retrieve):

    with jobs.start_or_resume(project, _VerifyKind(req, on_retry), req, model=llm) as run:
        with jobs.RunLifecycle(project, run.run_id, noun="claims", verb="verifying") as life:
            done = run_store.verdict_claim_ids(project, run.run_id)
            life.work([c for c in run.inputs.claims if c[0] not in done], compute, commit,
                      done_before=len(done), total=len(run.inputs.claims))

Back half (RunLifecycle): the units are worked and committed one transaction at a time, and the run
ends `done`, `cancelled` or `failed`. A `running` run whose process died reads as `interrupted`
(engine/project/runs.py). The capabilities supply only their per-unit work: what the units are, how
one is computed (possibly in worker threads) and how its result is committed (always in the calling
thread, which owns the write connection). Everything else is here: cancel checks between units,
progress (done counts the units done before a resume too; RateMeter.text is the one rate-and-ETA
text), the final status, and one error text that names the run. Enter the RunLifecycle first thing
in the start_or_resume block (an error before it leaves the run `interrupted`, to be resumed).
"""
from __future__ import annotations

import sqlite3
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Iterator, NamedTuple, Protocol, TypeVar

from factaudit.engine.errors import (
    FactAuditError, InvalidArgument, JobCancelled, RunCancelled, RunFailed, RunImmutable,
)
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project
from factaudit.engine.project.queries import corpus_hash as project_corpus_hash
from factaudit.engine.project.records import RunInfo

U = TypeVar("U")
R = TypeVar("R")


class Progress(Protocol):
    def __call__(self, done: int, total: int | None, message: str = "") -> None: ...


ProgressCallback = Callable[[int, "int | None", str], None]


def no_progress(done: int, total: int | None, message: str = "") -> None:
    return None


class CancelToken:
    """Checked between units of work; cancelling never interrupts a write half-way. Each job gets its
    own token (a shared default would let one cancel stop every later job)."""

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


# ---- progress text: the one formatter of rate and ETA ------------------------------------------------
def duration_text(seconds: float) -> str:
    seconds = max(0.0, seconds)
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes:02d} min"


def rate_text(per_second: float, noun: str) -> str:
    """Per second when at least one unit a second goes by, else per minute (LLM calls are slow)."""
    if per_second >= 1.0:
        return f"{per_second:.1f} {noun}/s"
    return f"{per_second * 60:.1f} {noun}/min"


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

    def text(self, done: int, noun: str) -> str:
        """e.g. "2.5 claims/min, ETA 12 min" for `done` units of this session."""
        eta = self.eta_seconds(done)
        return rate_text(self.rate(done), noun) + (f", ETA {duration_text(eta)}" if eta is not None else "")


# ---- creating and reopening runs ---------------------------------------------------------------------
def create_run(project: Project, kind: str, config: dict[str, Any], provenance: dict[str, Any] | None = None) -> str:
    return run_store.create_run(project, kind, config, provenance)


def resumable_run(project: Project, run_id: str, kind: str) -> RunInfo:
    """The run `--resume RUN` names, checked before anything changes: of this kind, not finished, not
    running in another process, and over the same corpus (hashed only when the run pins one: it
    reads every passage). Its config names its inputs."""
    run = run_store.get_run(project, run_id)
    if run.kind != kind:
        raise InvalidArgument(f"{run_id} is a {run.kind} run, not a {kind} run")
    if run.status == "done":
        raise RunImmutable(f"{run_id} is finished; running again makes a new run")
    if run.status not in run_store.RESUMABLE:
        raise RunImmutable(f"{run_id} is {run.status} in another process; it cannot be resumed now")
    pinned = run.config.get("corpus_hash")
    if pinned and project_corpus_hash(project) != pinned:
        raise InvalidArgument(f"the corpus changed since {run_id} started; start a new run instead of resuming")
    return run


def reopen_run(project: Project, run_id: str) -> RunInfo:
    """Mark a resumable run `running` in this process (after resumable_run and any other checks)."""
    return run_store.reopen_run(project, run_id)


def stopped_text(run_id: str, status: str, reason: str, kept: str | None, resumable: bool) -> str:
    """The one message for a run that stopped before the end (CLI and GUI show it as it is)."""
    head = f"{run_id} was cancelled" if status == "cancelled" else f"{run_id} failed: {reason}"
    tail = []
    if kept:
        tail.append(f"{kept} so far are kept")
    if resumable:
        tail.append("the run can be resumed")
    return head + (f" ({'; '.join(tail)})" if tail else "")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, FactAuditError):
        return str(exc)
    if isinstance(exc, sqlite3.Error):  # e.g. "database or disk is full": say what the database said
        return f"the project file could not be written: {exc}"
    return f"{type(exc).__name__}: {exc}"


# ---- working a run -----------------------------------------------------------------------------------
class RunLifecycle:
    """The status of one run while this process works it; see the module docstring.

    Leaving the block with an error ends the run `cancelled` (JobCancelled, KeyboardInterrupt: raises
    RunCancelled) or `failed` (anything else: raises RunFailed naming the run, the original error as
    its cause). Leaving it normally ends the run `done` unless `finish` was called already.
    """

    def __init__(self, project: Project, run_id: str, *, noun: str = "units", verb: str = "working",
                 progress: ProgressCallback = no_progress, cancel: CancelToken | None = None,
                 summary: Callable[[], dict[str, Any]] | None = None, resumable: bool = True,
                 stored: Callable[[], int] | None = None) -> None:
        self.project = project
        # How many units are in the project now, for the stop message: a kind that commits in batches
        # (retrieve) says so, since units it ticked may sit in a batch that never committed.
        self._stored = stored
        self.run_id = run_id
        self.noun = noun
        self.verb = verb
        self.progress = progress
        self.cancel = cancel if cancel is not None else CancelToken()
        self._summary = summary or (lambda: {})
        self.resumable = resumable
        self.started = time.perf_counter()
        # CPU seconds of the whole process (llama.cpp's and ONNX's threads included): a run's cost on a
        # laptop. Two runs worked at once in one process would each count the other's share.
        self.cpu_started = time.process_time()
        self.done_before = 0
        self.n_new = 0
        self.total: int | None = None
        self.summary: dict[str, Any] = {}
        self.finished = False

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def __enter__(self) -> RunLifecycle:
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc is None:
            if not self.finished:
                self.finish()
            return False
        cancelled = isinstance(exc, (JobCancelled, KeyboardInterrupt))
        status = "cancelled" if cancelled else "failed"
        reason = "cancelled by the user" if cancelled else _reason(exc)
        note = self._record_stop(status, reason)
        kept = f"{self._stored() if self._stored is not None else self.done_before + self.n_new} {self.noun}"
        text = stopped_text(self.run_id, status, reason, kept, self.resumable) + note
        if cancelled:
            raise RunCancelled(text, run_id=self.run_id, status=status, reason=reason,
                               resumable=self.resumable) from exc
        raise RunFailed(text, run_id=self.run_id, status=status, reason=reason, resumable=self.resumable) from exc

    def _record_stop(self, status: str, reason: str) -> str:
        """Store the status; a disk-full file may refuse even that: then the run reads as interrupted."""
        try:
            run_store.finish_run(self.project, self.run_id, status, summary={**self._summary(), **self._sessions()},
                                 error=reason)
            return ""
        except (sqlite3.Error, FactAuditError):
            pass
        try:
            run_store.finish_run(self.project, self.run_id, status, summary=None, error=reason[:500])
            return ""
        except (sqlite3.Error, FactAuditError) as again:
            run_store.release_run(self.project, self.run_id)
            return f"; its status could not be stored either ({again}), so it shows as interrupted"

    def finish(self, **extra: Any) -> dict[str, Any]:
        """End the run `done` with its summary (plus `extra`); returns the summary stored."""
        self.summary = {**self._summary(), **extra, **self._sessions()}
        run_store.finish_run(self.project, self.run_id, "done", summary=self.summary)
        self.finished = True
        return self.summary

    def _sessions(self) -> dict[str, Any]:
        """The wall and CPU seconds of every session that worked the run, this one last (a resumed run's
        cost is all of them; engine.services.costs adds them up). A killed session stores none."""
        before = run_store.get_run(self.project, self.run_id).summary.get("sessions") or []
        now = {"wall_s": round(self.seconds, 3), "cpu_s": round(time.process_time() - self.cpu_started, 3),
               "n_new": self.n_new}
        return {"sessions": [*before, now]}

    def tick(self, n: int = 1) -> None:
        """Count `n` committed units and report progress. The message stays the phase's verb, so a
        display can tell phases apart; it formats rate and ETA with RateMeter.text."""
        self.n_new += n
        self.progress(self.done_before + self.n_new, self.total, self.verb)

    def work(self, units: Iterable[U], compute: Callable[[U], R], commit: Callable[[U, R], Any], *,
             done_before: int = 0, total: int | None = None, workers: int = 1) -> int:
        """compute(unit) -> result, then commit(unit, result) in this thread, unit by unit; the cancel
        token is checked before each unit starts. `units` may be lazy (read as work frees up); `total`
        counts the run's units, done before or not (default: done_before + len(units)). With
        workers > 1, computes run in a thread pool (at most `workers` in flight) and commit in
        completion order. Returns the units committed in this session."""
        if total is None:
            units = list(units)
            total = done_before + len(units)
        self.done_before = done_before
        self.total = total
        self.progress(done_before, total, self.verb)
        if workers <= 1:
            # In the calling thread: a llama.cpp model is loaded once per thread, so no pool here.
            for unit in units:
                self.cancel.check()
                commit(unit, compute(unit))
                self.tick()
        else:
            self._pooled(iter(units), compute, commit, workers)
        return self.n_new

    def _pooled(self, queue: Iterator[U], compute: Callable[[U], R], commit: Callable[[U, R], Any],
                workers: int) -> None:
        pending: dict[Future, U] = {}
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix=self.verb) as pool:
            try:
                more = True
                while more or pending:
                    while more and len(pending) < workers:
                        self.cancel.check()
                        unit = next(queue, _END)
                        if unit is _END:
                            more = False
                            break
                        pending[pool.submit(compute, unit)] = unit
                    if not pending:
                        break
                    finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                    for fut in finished:
                        unit = pending.pop(fut)
                        commit(unit, fut.result())
                        self.tick()
            except BaseException:
                for fut in pending:
                    fut.cancel()
                raise


_END: Any = object()


# ---- the front half: starting or resuming a run ------------------------------------------------------
C = TypeVar("C")            # a kind's typed config
Q = TypeVar("Q")            # a kind's request
E = TypeVar("E")            # a model entry (what a pin names)
M = TypeVar("M")            # an opened model


class RunConfig(Protocol):
    """A kind's typed config. `to_config()` is the JSON runs.config stores; `from_config()` reads it
    back for --resume, tolerant of the shapes earlier versions wrote; `validate()` checks a new run's
    settings (InvalidArgument); `changed_prompts()` names the pinned prompts whose template differs
    now (e.g. ["prompt template"]); `model` is the model's pin (None: the run uses no model)."""

    model: dict[str, Any] | None

    def to_config(self) -> dict[str, Any]: ...

    def validate(self) -> None: ...

    def changed_prompts(self) -> list[str]: ...


class ModelOpener(Protocol[E, M]):
    """How a kind finds, checks, opens and closes its model: an LLM (services/llm_opener.py), or
    e.g. an onnxruntime session for a classifier. Transport settings (threads, timeouts, retries)
    belong to the opener, not the config: they do not change what the model answers."""

    def from_pin(self, pin: dict[str, Any]) -> E: ...

    def check(self, config: Any) -> None: ...

    def open(self, entry: E, config: Any) -> M: ...

    def close(self, model: M) -> None: ...

    def provenance(self, model: M) -> dict[str, Any]: ...


class RunKind(Generic[Q, C, E, M]):
    """What one kind of run supplies to start_or_resume: a subclass per kind, overriding the hooks it
    needs. `config_type.from_config` reads a stored config back; `opener` is None for a kind that
    uses no model (retrieve)."""

    name: str = ""
    config_type: Any = None
    opener: ModelOpener[E, M] | None = None
    resumable: bool = True

    def new_config(self, project: Project, request: Q) -> C:
        """A new run's config from the request, before any model opens (validate() follows)."""
        raise NotImplementedError

    def check_resume(self, run_id: str, config: C, request: Q) -> None:
        """Refuse a resume request that names other inputs than the run's."""

    def read_inputs(self, project: Project, config: C, progress: ProgressCallback) -> Any:
        """The run's units' inputs (claims, hits, items), read once per run, before a run exists
        (InvalidArgument when there is nothing to do)."""
        return None

    def entry(self, project: Project, request: Q, config: C, inputs: Any, given: M | None,
              progress: ProgressCallback, cancel: CancelToken | None) -> E | None:
        """The model a new run asks for (None: no model, or `given` is used as it is)."""
        return None

    def complete(self, project: Project, config: C, model: M | None, entry: E | None, inputs: Any) -> C:
        """A new run's config with what only the opened model or the inputs tell (its pin, a calibration)."""
        return config

    def provenance(self, config: C, model: M | None, inputs: Any) -> dict[str, Any]:
        return self.opener.provenance(model) if self.opener is not None and model is not None else {}


class StartedRun(NamedTuple):
    run_id: str
    config: Any               # the kind's typed config (as stored, for a resumed run)
    model: Any                # the opened (or given) model; None for a kind without one
    inputs: Any               # what RunKind.read_inputs read
    resumed: bool


@contextmanager
def start_or_resume(project: Project, kind: RunKind, request: Any, *, model: Any = None,
                    progress: ProgressCallback = no_progress, cancel: CancelToken | None = None
                    ) -> Iterator[StartedRun]:
    """Create a run of `kind` from `request`, or with `request.resume` reopen the run it names; see
    the module docstring. A given `model` is used as it is (it must be the model the run pins) and
    left open; a model opened here is closed when the block ends. Nothing is written until every
    check has passed: the run is created (or reopened) last, just before the block."""
    resume = getattr(request, "resume", None)
    if resume and not kind.resumable:
        raise InvalidArgument(f"{kind.name} runs are not resumable; start a new run")
    entry: Any = None
    if resume:
        run = resumable_run(project, resume, kind.name)
        config = kind.config_type.from_config(run.config)
        kind.check_resume(run.id, config, request)
        if kind.opener is not None and config.model:
            entry = kind.opener.from_pin(config.model)
        changed = config.changed_prompts()
        if changed:
            raise InvalidArgument(f"the {changed[0]} changed since {run.id} started; start a new run")
        run_id: str | None = run.id
    else:
        config = kind.new_config(project, request)
        config.validate()
        if kind.opener is not None:
            kind.opener.check(config)      # e.g. the temperature range, for every LLM-driven kind
        run_id = None
    inputs = kind.read_inputs(project, config, progress)
    if run_id is None:
        entry = kind.entry(project, request, config, inputs, model, progress, cancel)
    own = model is None and entry is not None and kind.opener is not None
    if own:
        model = kind.opener.open(entry, config)
    try:
        if run_id is None:
            config = kind.complete(project, config, model, entry, inputs)
            run_id = create_run(project, kind.name, config.to_config(), kind.provenance(config, model, inputs))
        else:
            reopen_run(project, run_id)
        yield StartedRun(run_id, config, model, inputs, resumed=bool(resume))
    except BaseException:
        if run_id is not None:   # a block that failed before a RunLifecycle ended the run: it reads interrupted
            run_store.release_run(project, run_id)
        raise
    finally:
        if own:
            kind.opener.close(model)
