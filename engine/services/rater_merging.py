"""Merging a rater's return file (issue #21 item 3) and adjudicating where raters differ (item 4).

A merge checks the signature, that the package was made from this project, the codebook and every
unit, then appends the labels with their provenance (rater, key fingerprint, package id, time) in
one transaction. Merging the same file again adds nothing; any problem refuses the whole file with
one sentence and nothing is written.

Adjudication records are annotations whose annotator is `adjudicator:<name>` (the role is in the
record, append-only like every label). Agreement leaves them out (it is computed before
adjudication); merged figures (taxonomy, triage, the report) take the adjudicated code where there is one.

A return is data, never an identity by assertion (issue #36): the first return of a package is
merged only from a key the owner trusts or confirms (its fingerprint is shown), and that key is then
pinned: a later return of the package signed by any other key is refused. Returned records are
checked like an import (codes and dimensions of the package's codebook, note size, `supersedes` only
within the rater's own labels) and take the merge's time, not the time the sender wrote.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook_versions
from factaudit.engine.audit import raters as rt
from factaudit.engine.audit.annotation_records import TOMBSTONE
from factaudit.engine.errors import InvalidArgument, SealError
from factaudit.engine.project import audit_store, rater_store
from factaudit.engine.project.db import Project, now_iso


@dataclass(frozen=True)
class MergeResult:
    file: str
    package_id: str
    rater: str
    key_fingerprint: str
    trusted: bool
    added: int
    unchanged: int
    sentence_ratings_added: int

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "package_id": self.package_id, "rater": self.rater,
                "key_fingerprint": self.key_fingerprint, "trusted": self.trusted, "added": self.added,
                "unchanged": self.unchanged, "sentence_ratings_added": self.sentence_ratings_added}


def _read_return(path: Path, trust: str | None, passphrase: str | None):
    from factaudit.engine.services.seal import open_sealed

    name = path.name
    try:
        sealed = open_sealed(path, passphrase, trust=trust)
    except SealError as exc:
        raise SealError(f"{name} is not a readable return file (damaged or truncated): {exc}") from exc
    with sealed:
        ver = sealed.verification
        if not ver.valid:
            raise SealError(f"{name} has been changed since the rater signed it ({ver.status}); nothing was written")
        if trust and not ver.trusted:
            raise SealError(f"{name} is signed by {ver.signer}, not by the key given as trusted; nothing was written",
                            setting="trust")
        from factaudit.engine.services.rater_side import RETURN_TEXTS, checked_manifest

        body = checked_manifest(rt.load_return, rater_store.get_meta(sealed.project, rt.RETURN_KEY), name,
                                RETURN_TEXTS)
        records = audit_store.list_annotations(sealed.project)
        sentences = rater_store.sentence_ratings(sealed.project)
    return body, ver, records, sentences


MAX_NOTE = 2000          # characters of a returned label's note (a note is a sentence or two)


def pinned_keys(project: Project, package_id: str) -> set[str]:
    """The key(s) earlier returns of this package were merged from (the first return pins one)."""
    return {m.key_fingerprint for m in rater_store.merges(project).values()
            if m.package_id == package_id and m.key_fingerprint}


def _check_signer(project: Project, name: str, package_id: str, ver) -> None:
    from factaudit.engine.services.rater_side import UntrustedSender

    pinned = pinned_keys(project, package_id)
    if pinned and ver.signer not in pinned:
        raise SealError(f"{name} is signed by {ver.signer}, but earlier returns of package {package_id} came from "
                        f"{', '.join(sorted(pinned))}; only the rater's own key may answer it; nothing was written")
    if not pinned and not ver.trusted:
        raise UntrustedSender(f"{name} is signed by {ver.signer}, which you have not trusted: check this "
                              "fingerprint with the rater, then give it as the trusted key to merge (it is "
                              "then the only key this package accepts); nothing was written", ver.signer, "trust")


def _check_records(project: Project, name: str, pkg, records: list, sentences: list) -> None:
    """Like an import: the package's codebook, bounded notes, and corrections of the rater's own labels."""
    problems = rt.LabelProblems()
    if pkg.target in ("evidence", "reasoning"):
        dims = {d.id: set(d.code_ids) | {TOMBSTONE} for d in codebook_versions.current(project, pkg.codebook_version)
                .dimensions(pkg.target)}
    else:
        dims = {}
    own = {a.id: a for a in records}
    wanted = [a.supersedes for a in records if a.supersedes and a.supersedes not in own]
    stored = audit_store.get_annotations(project, wanted)
    for a in records:
        if a.target != pkg.target or a.dimension not in dims:
            problems.add(f"{a.id}: dimension {str(a.dimension)[:40]!r} is not among the {pkg.target} dimensions of "
                         f"codebook v{pkg.codebook_version}")
        elif a.code not in dims[a.dimension]:
            problems.add(f"{a.id}: code {str(a.code)[:40]!r} is not a code of {a.dimension}")
        if a.note is not None and len(a.note) > MAX_NOTE:
            problems.add(f"{a.id}: a note of {len(a.note):,} characters (at most {MAX_NOTE:,})")
        if a.supersedes:
            old = own.get(a.supersedes) or stored.get(a.supersedes)
            if old is None or old.annotator != pkg.rater or old.key != a.key:
                problems.add(f"{a.id}: corrects {str(a.supersedes)[:60]!r}, which is not one of {pkg.rater}'s own "
                             "labels of the same unit")
    for r in sentences:
        if r.label not in rt.SENTENCE_LABELS:
            problems.add(f"{r.id}: a sentence label is correct or error, got {str(r.label)[:40]!r}")
    problems.raise_if_any(name)


def rater_merge(project: Project, path: str | Path, *, trust: str | None = None,
                passphrase: str | None = None) -> MergeResult:
    """Append a rater's return file to the project it came from. `trust`: the rater's public key (file or
    fingerprint) the owner confirmed; needed for the first return unless the key is already trusted."""
    path = Path(path)
    name = path.name
    body, ver, records, sentences = _read_return(path, trust, passphrase)
    if ver.signer != body.rater_key:
        raise SealError(f"{name} is signed by {ver.signer}, but names {body.rater_key} as the rater's key")
    if body.source_project_id != rater_store.project_id(project):
        raise InvalidArgument(f"{name} belongs to another project (its package was not made from "
                              f"{project.path.name}); nothing was written")
    pkg = rater_store.get_package(project, body.package_id)
    if pkg is None:
        raise InvalidArgument(f"{name} answers package {body.package_id}, which {project.path.name} did not send")
    if body.rater != pkg.rater:
        raise InvalidArgument(f"{name} is by {body.rater!r}, but package {pkg.id} was for {pkg.rater!r}")
    book = audit_store.get_codebook(project, pkg.codebook_version)
    latest = audit_store.latest_codebook_version(project)
    if (body.codebook_version != pkg.codebook_version or book is None or book.sha256 != pkg.codebook_sha256
            or latest != pkg.codebook_version):
        raise InvalidArgument(f"the codebook changed since package {pkg.id} was made (v{pkg.codebook_version} "
                              f"then, v{latest} now): send a new package under the current codebook; "
                              "nothing was written")
    if rater_store.unmerged_records_of(project, pkg.rater):
        raise InvalidArgument(f"rater name {pkg.rater!r} collides with an annotator already in this project")
    _check_signer(project, name, pkg.id, ver)
    manifest = rt.PackageManifest(pkg.id, body.source_project_id, project.path.name, pkg.sender, pkg.rater,
                                  pkg.target, pkg.codebook_version, pkg.codebook_sha256, pkg.units, "", pkg.created, "")
    rt.check_labels(manifest, [(a.id, a.unit, a.annotator, a.codebook_version) for a in records], name)
    rt.check_labels(manifest, [(r.id, ("sentence", r.sentence_id), r.annotator, None) for r in sentences], name)
    if sentences and pkg.target != "sentences":
        raise InvalidArgument(f"{name} holds sentence labels, but package {pkg.id} was for {pkg.target}")
    _check_records(project, name, pkg, records, sentences)
    existing = audit_store.get_annotations(project, [a.id for a in records])
    fresh = []
    for a in records:
        old = existing.get(a.id)
        if old is None:
            fresh.append(a)
        elif not ann._same(old, a):
            raise InvalidArgument(f"{name}: {a.id} is already in this project with different content; "
                                  "nothing was written")
    known_sr = {r.id for r in rater_store.sentence_ratings(project)}
    fresh_sr = [r for r in sentences if r.id not in known_sr]
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    now = now_iso()
    # The merge's time, not the sender's (a "created" of 9999 would beat every later label); the
    # rater's own order survives in insertion order, the tie-breaker of equal times.
    fresh = [replace(a, created=now) for a in fresh]
    fresh_sr = [replace(r, created=now) for r in fresh_sr]
    with project.atomic() as conn:
        audit_store.insert_annotations(project, fresh)       # a savepoint inside this transaction
        rater_store.add_sentence_ratings(conn, fresh_sr)
        rater_store.add_merges(conn, [rater_store.MergeRow(x.id, pkg.id, pkg.rater, ver.signer or "", sha, now)
                                      for x in [*fresh, *fresh_sr]])
    return MergeResult(name, pkg.id, pkg.rater, ver.signer or "", ver.trusted, len(fresh),
                       len(records) - len(fresh) + len(sentences) - len(fresh_sr), len(fresh_sr))


# ---- adjudication -----------------------------------------------------------------------------
@dataclass
class RaterDisagreement:
    target: str
    claim_id: str
    other: str | None                # passage (evidence) or run (reasoning)
    dimension: str
    codes: dict[str, str]            # {rater: code}, first pass, before adjudication
    adjudicated: str | None = None
    adjudicator: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "claim_id": self.claim_id, "other": self.other, "dimension": self.dimension,
                "codes": self.codes, "adjudicated": self.adjudicated, "adjudicator": self.adjudicator}


def rater_disagreements(project: Project, target: str | None = None,
                        dimension: str | None = None) -> list[RaterDisagreement]:
    """Units where two or more human raters' current first-pass codes differ, per dimension."""
    records = audit_store.list_annotations(project, people_only=True)
    by: dict[tuple, dict[str, str]] = {}
    adjudicated: dict[tuple, ann.Annotation] = {}
    for a in ann.current_labels(records).values():
        if a.pass_ != "first" or a.target not in ("evidence", "reasoning"):
            continue
        if target and a.target != target or dimension and a.dimension != dimension:
            continue
        key = (*a.unit, a.dimension)
        if rt.is_adjudicator(a.annotator):
            if key not in adjudicated or (a.created, a.seq) > (adjudicated[key].created, adjudicated[key].seq):
                adjudicated[key] = a
        else:
            by.setdefault(key, {})[a.annotator] = a.code
    out = []
    for key, codes in sorted(by.items(), key=lambda kv: tuple(str(x) for x in kv[0])):
        if len(codes) >= 2 and len(set(codes.values())) > 1:
            adj = adjudicated.get(key)
            out.append(RaterDisagreement(key[0], key[1], key[2], key[3], dict(sorted(codes.items())),
                                         adj.code if adj else None, adj.annotator if adj else None))
    return out


def sentence_rating_labels(project: Project) -> tuple[dict[str, str], dict[str, str]]:
    """({sentence: a rater's latest label}, {sentence: the adjudicated label}) from sentence ratings
    (the first expert's own label lives in the sentences table)."""
    rated: dict[str, str] = {}
    adjudicated: dict[str, str] = {}
    for r in rater_store.sentence_ratings(project):          # oldest first: the latest wins
        (adjudicated if rt.is_adjudicator(r.annotator) else rated)[r.sentence_id] = r.label
    return rated, adjudicated


def sentence_disagreements(project: Project) -> list[RaterDisagreement]:
    """Sentences where the expert's label and a rater's latest label differ."""
    latest: dict[str, dict[str, str]] = {}
    adjudicated: dict[str, rater_store.SentenceRating] = {}
    for r in rater_store.sentence_ratings(project):
        if rt.is_adjudicator(r.annotator):
            adjudicated[r.sentence_id] = r
        else:
            latest.setdefault(r.sentence_id, {})[r.annotator] = r.label
    expert = rater_store.sentence_labels(project, list(latest))
    out = []
    for sid in sorted(latest):
        codes = dict(sorted(latest[sid].items()))
        if expert.get(sid):
            codes = {"expert": expert[sid], **codes}
        if len(codes) >= 2 and len(set(codes.values())) > 1:
            adj = adjudicated.get(sid)
            out.append(RaterDisagreement("sentence", sid, None, rt.SENTENCE_DIMENSION, codes,
                                         adj.label if adj else None, adj.annotator if adj else None))
    return out


def adjudicate_sentence(project: Project, sentence_id: str, label: str, adjudicator: str) -> rater_store.SentenceRating:
    """The final label of a sentence where the expert and a rater differ (append-only)."""
    import uuid

    if label not in rt.SENTENCE_LABELS:
        raise InvalidArgument(f"a sentence label is correct or error, got {label!r}")
    if sentence_id not in rater_store.sentence_labels(project, [sentence_id]):
        raise InvalidArgument(f"no sentence {sentence_id!r} in {project.path.name}")
    rec = rater_store.SentenceRating(f"sr-{uuid.uuid4()}", sentence_id, label, rt.adjudicator_name(adjudicator), now_iso())
    with project.atomic() as conn:
        rater_store.add_sentence_ratings(conn, [rec])
    return rec


def adjudicate(project: Project, *, target: str, claim_id: str, dimension: str, code: str, adjudicator: str,
               passage_id: str | None = None, run_id: str | None = None, note: str | None = None) -> ann.Annotation:
    """Record the final code of a unit's dimension, by an adjudicator (append-only; the latest counts)."""
    return ann.annotate(project, target=target, claim_id=claim_id, passage_id=passage_id, run_id=run_id,
                        dimension=dimension, code=code, annotator=rt.adjudicator_name(adjudicator), note=note)
