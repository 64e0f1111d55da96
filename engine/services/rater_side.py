"""The rater's side of a package (issue #21 item 2): open it, label in a private workspace that
resumes where the rater stopped, import labels from a file, and write the signed return file.

The package itself stays sealed and untouched; its labels live in a working copy in the user data
folder (`rater-workspaces/<package id>.faproj`), made on first open and reused after.

A package is data, never a path or an identity by assertion (issue #36): its id must match the one
pattern factaudit writes (`pkg-<uuid4>`) and the workspace path is derived from it and checked to
lie in the workspace folder; the key that signed it must be the sender it names, and a sender the
rater has not trusted is refused (with its fingerprint to check) until the rater confirms it.
"""
from __future__ import annotations

import json
import re
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from factaudit.engine.audit import annotations as ann
from factaudit.engine.audit import codebook_versions
from factaudit.engine.audit import raters as rt
from factaudit.engine.config import data_dir
from factaudit.engine.errors import InvalidArgument, SealError
from factaudit.engine.project import audit_store, rater_store
from factaudit.engine.project.db import Project, now_iso
from factaudit.engine.services import seal_scratch
from factaudit.engine.version import APP_VERSION


@dataclass
class RaterWorkspace:
    """An opened package: the writable workspace, its manifest, and how far the rater got."""

    project: Project
    manifest: rt.PackageManifest
    package_path: str
    signer: str | None

    def close(self) -> None:
        self.project.close()

    def __enter__(self) -> "RaterWorkspace":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


PACKAGE_ID = re.compile(r"pkg-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")


class UntrustedSender(SealError):
    """A package (or a return) signed by a key the user has not confirmed. `fingerprint` is the key to
    check with the sender out of band; the front end asks, then passes it back as the trusted key."""

    def __init__(self, message: str, fingerprint: str, setting: str | None = None):
        super().__init__(message, setting=setting)
        self.fingerprint = fingerprint

    def __reduce__(self):  # picklable across the GUI's worker processes
        return (type(self), (str(self), self.fingerprint, self.settings[0] if self.settings else None))


def check_package_id(value: object, file: str) -> str:
    """The package id as factaudit writes it, or one line: it names a file, so nothing else passes."""
    if not isinstance(value, str) or not PACKAGE_ID.fullmatch(value):
        shown = repr(value)[:60] if isinstance(value, str) else type(value).__name__
        raise InvalidArgument(f"{file}: its package id {shown} is not one factaudit writes; nothing was opened")
    return value


MAX_FIELD = 20_000       # characters of one manifest text (the instructions are the longest)
MAX_UNIT_PART = 1_000    # characters of one unit id part


def _text(value: object, limit: int = MAX_FIELD) -> bool:
    return isinstance(value, str) and len(value) <= limit and "\x00" not in value


def checked_manifest(load, text: str | None, file: str, fields: tuple[str, ...]):
    """A package or return description loaded and type-checked: a hostile one (null, a list, NUL, a
    5,000-character id, a number where text belongs) is one line, never a traceback."""
    try:
        manifest = load(text, file)
    except (AttributeError, TypeError, ValueError) as exc:
        raise InvalidArgument(f"{file}: its description is not a set of named fields; nothing was opened") from exc
    check_package_id(manifest.package_id, file)
    bad = [f for f in fields if not _text(getattr(manifest, f))]
    if not isinstance(manifest.codebook_version, int) or isinstance(manifest.codebook_version, bool):
        bad.append("codebook_version")
    units = getattr(manifest, "units", [])
    if not isinstance(units, list) or not all(
            isinstance(u, list) and 2 <= len(u) <= 3 and all(_text(x, MAX_UNIT_PART) for x in u) for u in units):
        bad.append("units")
    if getattr(manifest, "target", "evidence") not in rt.TARGETS:
        bad.append("target")
    if bad:
        raise InvalidArgument(f"{file}: its description has an unreadable {bad[0]}; nothing was opened")
    return manifest


PACKAGE_TEXTS = ("source_project_id", "source_project", "sender", "rater", "codebook_sha256", "instructions",
                 "created", "app_version")
RETURN_TEXTS = ("source_project_id", "rater", "rater_key", "codebook_sha256", "created", "app_version")


def package_manifest(path: str | Path, passphrase: str | None = None) -> tuple[rt.PackageManifest, Any]:
    """(manifest, verification) of a sealed package; a damaged, changed or foreign file raises one line."""
    from factaudit.engine.services.seal import open_sealed

    path = Path(path)
    with open_sealed(path, passphrase) as sealed:
        ver = sealed.verification
        if not ver.valid:
            raise SealError(f"{path.name} has been changed since it was sealed ({ver.status}); ask for a new package")
        text = rater_store.get_meta(sealed.project, rt.PACKAGE_KEY)
    manifest = checked_manifest(rt.load_package, text, path.name, PACKAGE_TEXTS)
    if manifest.sender != ver.signer:
        raise SealError(f"{path.name} names {manifest.sender!r} as its sender but is signed by {ver.signer}; "
                        "nothing was opened")
    return manifest, ver


def check_sender(path: str | Path, ver: Any, trust_sender: str | None = None) -> None:
    """Refuse a package whose signer is not among the rater's trusted keys, unless the rater confirmed
    exactly that fingerprint (then it is added to the trusted keys: the next package needs no asking)."""
    from factaudit.engine.seal_crypt import add_trusted_key

    if ver.trusted:
        return
    if trust_sender and trust_sender.strip() == ver.signer:
        add_trusted_key(ver.signer, f"sender of {Path(path).name}")
        return
    raise UntrustedSender(f"{Path(path).name} is signed by {ver.signer}, which is not among your trusted keys: "
                          "check this fingerprint with the sender, then add it to your trusted keys to open the "
                          "package; nothing was opened", ver.signer)


def is_rater_package(path: str | Path) -> bool:
    """True for a sealed file that declares itself a rater package; never raises."""
    from factaudit.engine.services.seal import is_sealed

    try:
        if not is_sealed(path):
            return False
        value = rater_store.read_meta_of_file(path, rt.PACKAGE_KEY)
        data = json.loads(value) if value else None
        return isinstance(data, dict) and data.get("kind") == "rater-package"
    except (OSError, ValueError, SealError):
        return False


def workspace_path(package_id: str) -> Path:
    """Derived from a checked id, and checked again after resolving: never outside the folder."""
    folder = (data_dir() / "rater-workspaces").resolve()
    path = (folder / f"{check_package_id(package_id, 'the package')}.faproj").resolve()
    if path.parent != folder:
        raise InvalidArgument(f"the workspace of package {package_id} would lie outside {folder}; nothing was opened")
    return path


def open_rater_package(path: str | Path, passphrase: str | None = None,
                       trust_sender: str | None = None) -> RaterWorkspace:
    """The rater's workspace for a package, made on first open (closing and reopening resumes).
    `trust_sender`: the fingerprint the rater confirmed for a sender not yet trusted."""
    from factaudit.engine.services.seal import make_working_copy

    manifest, ver = package_manifest(path, passphrase)
    check_sender(path, ver, trust_sender)
    ws = workspace_path(manifest.package_id)
    if not ws.exists():
        make_working_copy(path, ws, passphrase)
    return RaterWorkspace(Project.open(ws), manifest, str(path), ver.signer)


def workspace_manifest(project: Project) -> rt.PackageManifest | None:
    text = rater_store.get_meta(project, rt.PACKAGE_KEY)
    return checked_manifest(rt.load_package, text, project.path.name, PACKAGE_TEXTS) if text else None


def rater_progress(ws: RaterWorkspace) -> tuple[int, int]:
    """(units fully labelled by the rater, units in the package): "14 of 40"."""
    m = ws.manifest
    if m.target == "sentences":
        done = {r.sentence_id for r in rater_store.sentence_ratings(ws.project, m.rater)}
        return sum(1 for u in m.units if u[1] in done), len(m.units)
    dims = {d.id for d in codebook_versions.current(ws.project, m.codebook_version).dimensions(m.target)}
    have: dict[tuple, set[str]] = {}
    for a in ann.current_labels(audit_store.list_annotations(ws.project, annotator=m.rater)).values():
        if a.pass_ == "first":
            have.setdefault(a.unit, set()).add(a.dimension)
    return sum(1 for u in m.units if dims <= have.get(tuple(u), set())), len(m.units)


def rate_sentence(ws: RaterWorkspace, sentence_id: str, label: str) -> rater_store.SentenceRating:
    """One sentence label by the package's rater (append-only; the latest counts)."""
    m = ws.manifest
    if m.target != "sentences":
        raise InvalidArgument(f"this package is for {m.target} labels, not sentence labels")
    if label not in rt.SENTENCE_LABELS:
        raise InvalidArgument(f"a sentence label is correct or error, got {label!r}")
    rt.check_labels(m, [("label", ("sentence", sentence_id), m.rater, None)], Path(ws.package_path).name)
    rec = rater_store.SentenceRating(f"sr-{uuid.uuid4()}", sentence_id, label, m.rater, now_iso())
    with ws.project.atomic() as conn:
        rater_store.add_sentence_ratings(conn, [rec])
    return rec


@dataclass(frozen=True)
class SentenceContext:
    """A sentence with the answer it is read in (the rater's card, the adjudicator's view)."""

    sentence_id: str
    text: str
    start: int | None
    end: int | None
    item_id: str
    question: str | None
    answer: str | None


def sentence_contexts(project: Project, sentence_ids: list[str]) -> dict[str, SentenceContext]:
    return {sid: SentenceContext(sid, *row) for sid, row in rater_store.sentence_contexts(project, sentence_ids).items()}


def rater_sentence_labels(ws: RaterWorkspace) -> dict[str, str]:
    """{sentence: the package rater's latest label} in the workspace."""
    return {r.sentence_id: r.label for r in rater_store.sentence_ratings(ws.project, ws.manifest.rater)}


def _read_records(path: Path) -> list[tuple[int, dict]]:
    if not path.is_file():
        raise InvalidArgument(f"no labels file at {path}")
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rec = json.loads(line)
            except ValueError:
                raise InvalidArgument(f"{path.name}:{n}: not a JSON object; nothing was written") from None
            if not isinstance(rec, dict):
                raise InvalidArgument(f"{path.name}:{n}: not a JSON object; nothing was written")
            out.append((n, rec))
    return out


def import_package_labels(package: str | Path, labels: str | Path, passphrase: str | None = None,
                          trust_sender: str | None = None) -> dict[str, Any]:
    """`annotations import PACKAGE labels.jsonl`: only the package's units, its rater, its codebook."""
    labels = Path(labels)
    records = _read_records(labels)
    with open_rater_package(package, passphrase, trust_sender) as ws:
        m = ws.manifest
        if m.target == "sentences":
            return _import_sentence_labels(ws, labels, records)
        keyed = []
        for n, r in records:
            target = r.get("target") or ann.infer_target(r.get("passage_id"), r.get("run_id"))
            other = r.get("passage_id") if target == "evidence" else r.get("run_id")
            keyed.append((f"line {n}", (target, str(r.get("claim_id")), other), r.get("annotator"),
                          r.get("codebook_version")))
        rt.check_labels(m, keyed, labels.name)
        s = ann.import_jsonl(ws.project, labels)
        done, total = rater_progress(ws)
        return {"file": s.file, "added": s.added, "unchanged": s.unchanged, "labelled": done, "units": total}


def _import_sentence_labels(ws: RaterWorkspace, labels: Path, records: list[tuple[int, dict]]) -> dict[str, Any]:
    m = ws.manifest
    keyed, fresh = [], []
    known = {r.id: r for r in rater_store.sentence_ratings(ws.project)}
    unchanged = 0
    for n, r in records:
        sid, label = str(r.get("sentence_id") or ""), r.get("label", r.get("code"))
        keyed.append((f"line {n}", ("sentence", sid), r.get("annotator"), r.get("codebook_version")))
        if label not in rt.SENTENCE_LABELS:
            raise InvalidArgument(f"{labels.name}:{n}: a sentence label is correct or error, got {label!r}; "
                                  "nothing was written")
        rec = rater_store.SentenceRating(str(r.get("id") or f"sr-{uuid.uuid4()}"), sid, label, m.rater,
                                         str(r.get("created") or now_iso()))
        if rec.id in known:
            if (known[rec.id].sentence_id, known[rec.id].label) != (sid, label):
                raise InvalidArgument(f"{labels.name}:{n}: {rec.id} is already here with a different label; "
                                      "nothing was written")
            unchanged += 1
        else:
            fresh.append(rec)
    rt.check_labels(m, keyed, labels.name)
    with ws.project.atomic() as conn:
        rater_store.add_sentence_ratings(conn, fresh)
    done, total = rater_progress(ws)
    return {"file": labels.name, "added": len(fresh), "unchanged": unchanged, "labelled": done, "units": total}


@dataclass(frozen=True)
class ReturnResult:
    path: str
    package_id: str
    rater: str
    rater_key: str
    n_annotations: int
    n_sentence_ratings: int
    labelled: int
    units: int

    def to_json(self) -> dict[str, Any]:
        return {"path": Path(self.path).name, "package_id": self.package_id, "rater": self.rater,
                "rater_key": self.rater_key, "n_annotations": self.n_annotations,
                "n_sentence_ratings": self.n_sentence_ratings, "labelled": self.labelled, "units": self.units}


def rater_return(package: str | Path, out: str | Path, *, passphrase: str | None = None, encrypt: bool = False,
                 return_passphrase: str | None = None) -> ReturnResult:
    """Write the rater's labels on the package's units, sealed with the rater's own key."""
    from factaudit.engine.services.seal import export_public_key, seal_project

    out = Path(out)
    if out.exists():
        raise InvalidArgument(f"{out} already exists; choose a new file for the return")
    manifest, _ = package_manifest(package, passphrase)
    if not workspace_path(manifest.package_id).exists():
        raise InvalidArgument(f"no labels yet for {Path(package).name}: label it first")
    # read-only: the rater's window may hold the workspace open for writing meanwhile
    with RaterWorkspace(Project.open(workspace_path(manifest.package_id), readonly=True), manifest, str(package),
                        None) as ws:
        records = audit_store.list_annotations(ws.project, annotator=manifest.rater)
        sentences = rater_store.sentence_ratings(ws.project, manifest.rater)
        rt.check_labels(manifest, [(a.id, a.unit, a.annotator, a.codebook_version) for a in records],
                        Path(package).name)
        labelled, total = rater_progress(ws)
    if not records and not sentences:
        raise InvalidArgument(f"nothing to return: {manifest.rater} has not labelled any unit of this package yet")
    key = export_public_key().fingerprint
    body = rt.ReturnManifest(manifest.package_id, manifest.source_project_id, manifest.rater, key,
                             manifest.codebook_version, manifest.codebook_sha256, len(records), len(sentences),
                             now_iso(), APP_VERSION)
    out.parent.mkdir(parents=True, exist_ok=True)
    # the unsealed return (plaintext even when the return is encrypted) never sits beside `out`
    with seal_scratch.space_checked(out.name):
        work = seal_scratch.scratch_dir("return")
        try:
            ret = Project.create(work / "return.faproj")
            try:
                audit_store.insert_annotations(ret, sorted(records, key=lambda a: (a.created, a.seq)))
                with ret.atomic() as conn:
                    rater_store.add_sentence_ratings(conn, sentences)
                rater_store.set_meta(ret, rt.RETURN_KEY, body.to_text())
            finally:
                ret.close()
            seal_project(work / "return.faproj", out, encrypt=encrypt, passphrase=return_passphrase)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return ReturnResult(str(out), manifest.package_id, manifest.rater, key, len(records), len(sentences),
                        labelled, total)
