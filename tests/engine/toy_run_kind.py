"""A kind of run made for the tests of jobs.start_or_resume: its "model" is a stand-in that records
when it is opened and closed, its prompt a module-level template (a test changes it), its units the
scifact-demo claims, each committed as a Supported verdict. Imported by file name, also from the
subprocess that is killed mid-run (tests/ is shadowed by a site-packages `tests` package)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from factaudit.engine import jobs
from factaudit.engine.errors import InvalidArgument
from factaudit.engine.project import queries
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.records import VerdictRecord

KIND = "toy"
TEMPLATE = "Is {claim} supported?"
EVENTS: list[tuple[str, str]] = []           # ("open" | "close", model name), in order


def template_sha() -> str:
    return hashlib.sha256(TEMPLATE.encode()).hexdigest()


@dataclass
class ToyRequest:
    model: str = "toy-model"
    limit: int | None = None
    temperature: float = 0.0
    resume: str | None = None


@dataclass
class ToyConfig:
    limit: int | None = None
    temperature: float = 0.0
    prompt: dict[str, str] = field(default_factory=dict)
    model: dict[str, Any] | None = None

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> ToyConfig:
        # The first toy runs stored no temperature: read them as 0.
        return cls(limit=c.get("limit"), temperature=c.get("temperature", 0.0), prompt=c["prompt"], model=c["model"])

    def to_config(self) -> dict[str, Any]:
        return {"limit": self.limit, "temperature": self.temperature, "prompt": self.prompt, "model": self.model}

    def validate(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise InvalidArgument("limit must be >= 0")

    def changed_prompts(self) -> list[str]:
        return [] if self.prompt.get("sha256") == template_sha() else ["prompt template"]


class ToyModel:
    def __init__(self, name: str) -> None:
        self.name = name


class ToyOpener:
    def from_pin(self, pin: dict[str, Any]) -> str:
        return pin["name"]

    def check(self, config: ToyConfig) -> None:
        if not 0.0 <= config.temperature <= 2.0:
            raise InvalidArgument("temperature must be between 0 and 2")

    def open(self, entry: str, config: ToyConfig) -> ToyModel:
        EVENTS.append(("open", entry))
        return ToyModel(entry)

    def close(self, model: ToyModel) -> None:
        EVENTS.append(("close", model.name))

    def provenance(self, model: ToyModel) -> dict[str, Any]:
        return {"toy": model.name}


class ToyKind(jobs.RunKind):
    name = KIND
    config_type = ToyConfig
    opener = ToyOpener()

    def new_config(self, project, req: ToyRequest) -> ToyConfig:
        return ToyConfig(limit=req.limit, temperature=req.temperature, prompt={"sha256": template_sha()})

    def read_inputs(self, project, cfg: ToyConfig, progress) -> list[str]:
        ids = [c.id for c in queries.list_claims(project, "scifact-demo")]
        ids = ids if cfg.limit is None else ids[: cfg.limit]
        if not ids:
            raise InvalidArgument("no claims: nothing to do")
        return ids

    def entry(self, project, req: ToyRequest, cfg, inputs, given, progress, cancel) -> str | None:
        return req.model if given is None else None

    def complete(self, project, cfg: ToyConfig, model: ToyModel, entry, inputs) -> ToyConfig:
        return ToyConfig(cfg.limit, cfg.temperature, cfg.prompt, {"name": model.name})


def run(project, req: ToyRequest, progress=jobs.no_progress, model=None) -> jobs.StartedRun:
    with jobs.start_or_resume(project, ToyKind(), req, model=model, progress=progress) as started:
        with jobs.RunLifecycle(project, started.run_id, noun="claims", progress=progress) as life:
            done = run_store.verdict_claim_ids(project, started.run_id)
            life.work([c for c in started.inputs if c not in done],
                      lambda c: VerdictRecord(c, "Supported", reasoning=f"by {started.model.name}"),
                      lambda c, rec: run_store.add_verdict(project, started.run_id, rec),
                      done_before=len(done), total=len(started.inputs))
    return started
