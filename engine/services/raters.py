"""Rater packages (issue #21 item 1): a sealed, blind project file holding only what a second rater
needs, signed by the sender. The sample is stratified by verdict and dataset and reproducible from
its seed. The rater's side is engine/services/rater_side.py; merging and adjudication are
engine/services/rater_merging.py.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from factaudit.engine.audit import codebook_versions
from factaudit.engine.audit import raters as rt
from factaudit.engine.audit.sampling import stratified_sample
from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.project import audit_store, rater_store
from factaudit.engine.project import runs as run_store
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.project.package_copy import PackageContent, copy_content
from factaudit.engine.services import seal_scratch
from factaudit.engine.services.raters_plan import labelled_units, package_runs
from factaudit.engine.version import APP_VERSION

DEFAULT_UNITS = 40
DEFAULT_K = 3


@dataclass(frozen=True)
class PackageResult:
    path: str
    package_id: str
    rater: str
    target: str
    n_units: int
    codebook_version: int
    sender: str
    seed: int
    strata: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"path": Path(self.path).name, "package_id": self.package_id, "rater": self.rater,
                "target": self.target, "n_units": self.n_units, "codebook_version": self.codebook_version,
                "sender": self.sender, "seed": self.seed, "strata": self.strata}


def _verify_run_for(project: Project, retrieval_run: str) -> str | None:
    """The newest finished verify run that read this retrieval run (its verdicts stratify the sample)."""
    from factaudit.engine.audit.triage import retrieval_run_of

    for info in reversed(run_store.list_runs(project, "verify")):
        if info.status == "done" and retrieval_run_of(project, info.id) == retrieval_run:
            return info.id
    return None


def _latest(project: Project, with_hits: bool) -> str | None:
    """The newest finished run holding retrieval hits (or verdicts)."""
    done = {r.id for r in run_store.list_runs(project) if r.status == "done"}
    found = [r for r, hits, verdicts in audit_store.runs_with_outputs(project)
             if r in done and (hits if with_hits else verdicts)]
    return found[-1] if found else None


def _candidates(project: Project, target: str, run: str | None) -> tuple[list[tuple[str, str]], str | None, str | None]:
    """((unit id, stratum) pairs, retrieval run, verify run) for a target."""
    if target == "evidence":
        rrun = run or _latest(project, with_hits=True)
        if rrun is None or not (claims := rater_store.run_claims(project, rrun, "retrieval_hits")):
            raise NotFound("no retrieval run with hits to draw evidence units from (retrieve first, or name a run)",
                           setting="run")
        vrun = _verify_run_for(project, rrun)
        verdicts = rater_store.claim_verdicts(project, vrun) if vrun else {}
        return [(c, f"{verdicts.get(c) or '-'}|{d}") for c, d in claims], rrun, vrun
    vrun = run or _latest(project, with_hits=False)
    if target == "reasoning":
        # Reasoning is a model's text: a classifier run's "P(Refuted)=0.4" is not reasoning to rate (issue #35)
        with_reasoning = [r.id for r in package_runs(project, "reasoning")]
        if run is None:
            vrun = with_reasoning[0] if with_reasoning else None
        elif run not in with_reasoning and rater_store.run_claims(project, run, "verdicts"):
            raise InvalidArgument(f"run {run} holds a classifier's verdicts, which carry no reasoning to label; "
                                  "choose a run verified by a language model", setting="run")
        if vrun is None or not (claims := rater_store.run_claims(project, vrun, "verdicts")):
            raise NotFound("no verify run with verdicts to draw reasoning units from (verify first, or name a run)",
                           setting="run")
        verdicts = rater_store.claim_verdicts(project, vrun)
        return [(c, f"{verdicts.get(c) or '-'}|{d}") for c, d in claims if verdicts.get(c)], None, vrun
    sentences = rater_store.answer_sentences(project)
    if not sentences:
        raise NotFound("no answer sentences to package (import answers first)")
    verdicts = rater_store.claim_verdicts(project, vrun) if vrun else {}
    claims = rater_store.sentence_claim_ids(project, [s for s, _, _ in sentences]) if verdicts else {}
    out = []
    for sid, _, dataset in sentences:
        seen = sorted({v for c in claims.get(sid, []) if (v := verdicts.get(c))})
        out.append((sid, f"{'+'.join(seen) or '-'}|{dataset}"))
    return out, None, vrun


def _read_units_file(path: Path) -> list[str]:
    if not path.is_file():
        raise InvalidArgument(f"no file at {path} to read the units from", setting="units_from")
    ids = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            ids.append(str(rec["id"]) if isinstance(rec, dict) else str(rec))
        except (ValueError, KeyError):
            raise InvalidArgument(f"{path.name}:{n}: expected a JSON line with an \"id\"") from None
    return ids


@dataclass
class Selection:
    """The units a package would hold, in package order, and where they come from."""

    chosen: list[str]                    # claim ids (evidence, reasoning) or sentence ids
    hits: dict[str, list[str]]           # evidence: claim -> passages in the package
    strata: dict[str, str]
    retrieval_run: str | None
    verify_run: str | None

    def unit_keys(self, target: str) -> list[list[str]]:
        if target == "evidence":
            return [["evidence", c, p] for c in self.chosen for p in self.hits.get(c, [])]
        if target == "reasoning":
            return [["reasoning", c, self.verify_run] for c in self.chosen]
        return [["sentence", s] for s in self.chosen]


def select_units(project: Project, target: str, *, units: int | None = DEFAULT_UNITS, all_units: bool = False,
                 seed: int = 42, run: str | None = None, k: int = DEFAULT_K, units_from: str | Path | None = None,
                 labelled: bool = False, extra: int = 0) -> Selection:
    """What make_rater_package would put in the package (read only: the dialog previews the overlap)."""
    if target not in rt.TARGETS:
        raise InvalidArgument(f"unknown target {target!r}; expected one of {', '.join(rt.TARGETS)}")
    if k < 1:
        raise InvalidArgument(f"k must be at least 1, got {k}", setting="k")
    pool, rrun, vrun = _candidates(project, target, run)
    strata = dict(pool)
    fixed_hits: dict[str, list[str]] = {}
    if labelled:
        _, mine = labelled_units(project, target, rrun if target == "evidence" else vrun)
        chosen = [u for u in mine if u in strata]
        if not chosen:
            raise InvalidArgument("no unit of this run has been labelled here yet, so a package of the labelled "
                                  "units would be empty; label some first or draw a sample", setting="units")
        fixed_hits = {c: mine[c] for c in chosen} if target == "evidence" else {}
        if extra > 0:
            taken = set(chosen)
            rest = [(u, st) for u, st in pool if u not in taken]
            if extra > len(rest):
                raise InvalidArgument(f"asked for {extra} more units but only {len(rest)} are left", setting="units")
            chosen += stratified_sample(rest, extra, seed)
    elif units_from is not None:
        chosen = list(dict.fromkeys(_read_units_file(Path(units_from))))
        unknown = [u for u in chosen if u not in strata]
        if unknown:
            raise InvalidArgument(f"the units file names {unknown[0]!r}, which is not a {target} unit of this run",
                                  setting="units_from")
    elif all_units:
        chosen = sorted(strata)
    else:
        if units is None or units < 1:
            raise InvalidArgument("the number of units must be at least 1 (or take all units)", setting=("units", "all"))
        if units > len(pool):
            raise InvalidArgument(f"asked for {units} units but only {len(pool)} are available (or take all units)",
                                  setting=("units", "all"))
        chosen = stratified_sample(pool, units, seed)
    if not chosen:
        raise InvalidArgument("the package would hold no units")
    # Blind means blind (issue #36): the draw lists units stratum by stratum, that is by the verifier's
    # verdict, and the rater walks them in package order; a seeded shuffle, reproducible like the draw.
    chosen = list(chosen)
    random.Random(f"order:{seed}").shuffle(chosen)
    hits = {}
    if target == "evidence":
        hits = {**rater_store.top_passages(project, rrun, [c for c in chosen if c not in fixed_hits], k),
                **fixed_hits}
    return Selection(chosen, hits, strata, rrun, vrun)


def make_rater_package(project: Project, out: str | Path, rater: str, *, target: str = "evidence",
                       units: int | None = DEFAULT_UNITS, all_units: bool = False, seed: int = 42,
                       run: str | None = None, k: int = DEFAULT_K, units_from: str | Path | None = None,
                       instructions: str | None = None, encrypt: bool = False,
                       passphrase: str | None = None, labelled: bool = False, extra: int = 0) -> PackageResult:
    """Write a sealed rater package to `out` and record it in the project (to check the return).
    `labelled`: the units this project's own raters labelled (agreement needs the same units twice),
    plus `extra` units drawn stratified from the rest with `seed`."""
    from factaudit.engine.services.seal import export_public_key, seal_project

    out = Path(out)
    rater = rt.check_rater_name(rater)
    if target not in rt.TARGETS:
        raise InvalidArgument(f"unknown target {target!r}; expected one of {', '.join(rt.TARGETS)}")
    if out.exists():
        raise InvalidArgument(f"{out} already exists; choose a new file for the package")
    if project.readonly:
        raise InvalidArgument(f"{project.path.name} is open read-only; a package is recorded in the project")
    if rater_store.unmerged_records_of(project, rater):
        raise InvalidArgument(f"rater name {rater!r} collides with an existing annotator in this project; "
                              "choose another name")
    if k < 1:
        raise InvalidArgument(f"k must be at least 1, got {k}", setting="k")
    sel = select_units(project, target, units=units, all_units=all_units, seed=seed, run=run, k=k,
                       units_from=units_from, labelled=labelled, extra=extra)
    chosen, strata, rrun, vrun = sel.chosen, sel.strata, sel.retrieval_run, sel.verify_run
    book = codebook_versions.current(project)
    row = audit_store.get_codebook(project, book.version)
    sha = row.sha256 if row else ""
    content = PackageContent(codebook_version=book.version)
    if target == "evidence":
        content.hits = sel.hits
        content.claim_ids, content.retrieval_run = chosen, rrun
        unit_keys = [["evidence", c, p] for c in chosen for p in content.hits.get(c, [])]
    elif target == "reasoning":
        content.claim_ids, content.reasoning_run = chosen, vrun
        unit_keys = [["reasoning", c, vrun] for c in chosen]
    else:
        content.sentence_ids = chosen
        unit_keys = [["sentence", s] for s in chosen]
    sender = export_public_key().fingerprint
    manifest = rt.PackageManifest(
        package_id=f"pkg-{uuid.uuid4()}", source_project_id=rater_store.ensure_project_id(project),
        source_project=project.path.name, sender=sender, rater=rater, target=target,
        codebook_version=book.version, codebook_sha256=sha, units=unit_keys,
        instructions=instructions or rt.DEFAULT_INSTRUCTIONS[target], created=now_iso(), app_version=APP_VERSION,
        seed=None if units_from is not None or all_units or (labelled and not extra) else seed, retrieval_run=rrun,
        verify_run=vrun if target == "reasoning" else None)
    out.parent.mkdir(parents=True, exist_ok=True)
    # the unsealed package (plaintext even when the package is encrypted) never sits beside `out`
    with seal_scratch.space_checked(out.name):
        work = seal_scratch.scratch_dir("package")
        try:
            pkg = Project.create(work / "package.faproj")
            try:
                copy_content(project, pkg, content)
                rater_store.set_meta(pkg, rt.PACKAGE_KEY, manifest.to_text())
                rater_store.mark_rater_package(pkg)
            finally:
                pkg.close()
            # Sealed in the scratch folder, recorded, then moved into place (issue #36 item 7): a kill before
            # the record leaves no package anywhere (the scratch goes at the next run), so there is never a
            # valid package the project has no row for, whose returns would all be refused.
            # (staged beside `out` before the record: the last step, a rename, needs no space)
            sealed = work / "sealed.faproj"
            seal_project(work / "package.faproj", sealed, encrypt=encrypt, passphrase=passphrase)
            part = seal_scratch.stage_beside(sealed, out)
            try:
                rater_store.add_package(project, rater_store.PackageRow(
                    manifest.package_id, rater, target, book.version, sha, unit_keys, rrun or vrun, manifest.seed,
                    out.name, sender, manifest.created))
                os.replace(part, out)
            finally:
                part.unlink(missing_ok=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    counts: dict[str, int] = {}
    for u in chosen:
        counts[strata[u]] = counts.get(strata[u], 0) + 1
    return PackageResult(str(out), manifest.package_id, rater, target, len(unit_keys), book.version, sender,
                         seed, dict(sorted(counts.items())))


@dataclass(frozen=True)
class PackagePreview:
    """What a package would hold, before it is written: its units and how many the first rater labelled."""

    n_units: int
    overlap: int
    first_raters: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"n_units": self.n_units, "overlap": self.overlap, "first_raters": self.first_raters}


def rater_package_preview(project: Project, target: str = "evidence", **choices: Any) -> PackagePreview:
    """The draw make_rater_package would make with the same choices (run, units, all_units, seed, k,
    units_from, labelled, extra), counted against what this project's own raters labelled."""
    sel = select_units(project, target, **choices)
    keys = sel.unit_keys(target)
    who, mine = labelled_units(project, target, sel.retrieval_run if target == "evidence" else sel.verify_run)
    if target == "evidence":
        overlap = sum(1 for _, c, p in keys if p in mine.get(c, ()))
    else:
        overlap = sum(1 for key in keys if key[1] in mine)
    return PackagePreview(len(keys), overlap, who)
