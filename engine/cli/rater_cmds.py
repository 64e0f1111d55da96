"""Second raters offline: rater-package, rater-return, rater-merge, adjudicate (issue #21)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import ask_passphrase, emit_json, handle_errors, say
from factaudit.engine.errors import InvalidArgument


def package_passphrase(path: Path) -> str | None:
    return ask_passphrase(confirm=False) if path.is_file() and services.is_encrypted(path) else None


@click.command("rater-package")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path), help="the package file to write")
@click.option("--rater", required=True, help="the second rater's name (must not be an annotator already here)")
@click.option("--target", default="evidence", show_default=True, type=click.Choice(("evidence", "reasoning", "sentences")))
@click.option("--units", type=click.IntRange(1), default=40, show_default=True,
              help="how many units (claims for evidence, each with its top --k passages)")
@click.option("--all", "all_units", is_flag=True, help="every unit instead of a sample")
@click.option("--units-from", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="exactly these units (a JSONL file of {\"id\": ...}, e.g. from `certify --draw-sample`)")
@click.option("--run", "run_id", default=None, help="the retrieval run (evidence) or verify run (default: newest)")
@click.option("--k", type=click.IntRange(1), default=3, show_default=True, help="passages per claim (evidence)")
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--encrypt", is_flag=True, help="encrypt the package with a passphrase")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def rater_package_cmd(project, out, rater, target, units, all_units, units_from, run_id, k, seed, encrypt,
                      as_json) -> None:
    """Write a sealed, blind package of units for a second rater (texts only, signed by you)."""
    passphrase = ask_passphrase(confirm=True) if encrypt else None
    with services.open_project(project) as p:
        res = services.make_rater_package(p, out, rater, target=target, units=units, all_units=all_units, seed=seed,
                                          run=run_id, k=k, units_from=units_from, encrypt=encrypt,
                                          passphrase=passphrase)
    if as_json:
        emit_json(res.to_json())
        return
    say(f"wrote {out}: {res.n_units} {target} units for {res.rater} (package {res.package_id}, "
               f"codebook v{res.codebook_version}, signed {res.sender})")
    for stratum, n in res.strata.items():
        say(f"  {stratum}: {n}")


@click.command("rater-return")
@click.argument("package", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path), help="the return file to write")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def rater_return_cmd(package, out, as_json) -> None:
    """Write your labels on a package's units, signed with your key, to send back."""
    res = services.rater_return(package, out, passphrase=package_passphrase(package))
    if as_json:
        emit_json(res.to_json())
        return
    say(f"wrote {out}: {res.n_annotations + res.n_sentence_ratings} labels by {res.rater} "
               f"({res.labelled} of {res.units} units done), signed {res.rater_key}")


@click.command("rater-merge")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("returned", metavar="RETURN", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--trust", default=None, help="the rater's public-key file or fingerprint, checked with the rater: "
              "needed for a package's first return unless the key is already trusted; later returns of the "
              "package must come from the same key")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def rater_merge_cmd(project, returned, trust, as_json) -> None:
    """Merge a rater's return file (signature, project, codebook and units checked; idempotent)."""
    passphrase = package_passphrase(returned)
    with services.open_project(project) as p:
        res = services.rater_merge(p, returned, trust=trust, passphrase=passphrase)
    if as_json:
        emit_json(res.to_json())
        return
    trusted = "trusted" if res.trusted else "the key pinned by this package's first return"
    say(f"merged {res.added + res.sentence_ratings_added} labels by {res.rater} from {res.file} "
               f"({res.unchanged} already here); signed {res.key_fingerprint} ({trusted})")


@click.command("adjudicate")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--list", "list_only", is_flag=True, help="list the units where raters differ")
@click.option("--target", type=click.Choice(("evidence", "reasoning", "sentence")), default=None)
@click.option("--dimension", default=None, help="an evidence dimension or reasoning step")
@click.option("--claim", "claim_id", default=None, help="the claim (evidence, reasoning)")
@click.option("--sentence", "sentence_id", default=None, help="the sentence (target sentence; --code correct|error)")
@click.option("--passage", "passage_id", default=None, help="the passage (evidence)")
@click.option("--run", "run_id", default=None, help="the verify run (reasoning)")
@click.option("--code", default=None, help="the final code")
@click.option("--by", "by", default=None, help="the adjudicator's name")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def adjudicate_cmd(project, list_only, target, dimension, claim_id, sentence_id, passage_id, run_id, code, by,
                   as_json) -> None:
    """List rater disagreements, or record the final code of one (role adjudicator, append-only)."""
    if list_only:
        with services.open_project(project, readonly=True) as p:
            rows = [] if target == "sentence" else services.rater_disagreements(p, target, dimension)
            if target in (None, "sentence") and dimension is None:
                rows += services.sentence_disagreements(p)
        if as_json:
            emit_json([r.to_json() for r in rows])
            return
        for r in rows:
            codes = ", ".join(f"{k}={v}" for k, v in r.codes.items())
            final = f" -> {r.adjudicated}" if r.adjudicated else ""
            say(f"{r.target} {r.claim_id} {r.other or ''} {r.dimension}: {codes}{final}")
        say(f"{len(rows)} disagreements, {sum(1 for r in rows if r.adjudicated)} adjudicated")
        return
    if target == "sentence":
        if not (sentence_id and code and by):
            raise InvalidArgument("adjudicate --target sentence needs --sentence, --code correct|error and --by")
        if code not in ("correct", "error"):
            raise InvalidArgument(f"a sentence label is correct or error, got {code!r}")
        with services.open_project(project) as p:
            sr = services.adjudicate_sentence(p, sentence_id, code, by)
        if as_json:
            emit_json({"id": sr.id, "annotator": sr.annotator, "code": sr.label, "sentence_id": sr.sentence_id})
        else:
            say(f"recorded {sr.label} for sentence {sentence_id} by {sr.annotator}")
        return
    missing = [n for n, v in (("--target", target), ("--claim", claim_id), ("--dimension", dimension),
                              ("--code", code), ("--by", by)) if not v]
    if missing:
        raise InvalidArgument(f"adjudicate needs {', '.join(missing)} (or --list)")
    with services.open_project(project) as p:
        rec = services.adjudicate(p, target=target, claim_id=claim_id, passage_id=passage_id, run_id=run_id,
                                  dimension=dimension, code=code, adjudicator=by)
    if as_json:
        emit_json({"id": rec.id, "annotator": rec.annotator, "code": rec.code, "dimension": rec.dimension})
    else:
        say(f"recorded {rec.code} for {claim_id} {dimension} by {rec.annotator}")


COMMANDS = (rater_package_cmd, rater_return_cmd, rater_merge_cmd, adjudicate_cmd)
