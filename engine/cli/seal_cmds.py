"""Commands for sealed files and offline mode: seal, verify-seal, working-copy, export-key,
trust-key, connections."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import ask_passphrase, emit_json, handle_errors, progress_bar, say
from factaudit.engine.errors import SealError

# verify-seal exit codes: 0 valid and the signer trusted, 1 changed, seal broken or SQLite side files
# beside it, 3 a valid signature by a signer who is not trusted (not named with --trust, or, without
# --trust, neither your own key nor one in your trusted keys): the content is as that signer sealed
# it, but nothing says who they are.
EXIT_INVALID = 1
EXIT_UNTRUSTED = 3


@click.command("seal")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="the sealed file to write")
@click.option("--encrypt", is_flag=True, help="encrypt the sealed file with a passphrase (AES-256-GCM)")
@click.option("--force", is_flag=True, help="overwrite --out if it exists")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def seal_cmd(project: Path, out: Path, encrypt: bool, force: bool, as_json: bool) -> None:
    """Write a signed, read-only copy of PROJECT to ship."""
    if not project.is_file():
        raise SealError(f"no project file at {project}")
    passphrase = ask_passphrase(confirm=True) if encrypt else None
    with progress_bar("sealing") as bar:
        res = services.seal_project(project, out, encrypt=encrypt, passphrase=passphrase, overwrite=force,
                                    progress=bar)
    if as_json:
        emit_json(res.to_json())
        return
    rows = sum(t["rows"] for t in res.tables.values())
    say(f"sealed {project} -> {res.path} ({res.bytes:,} bytes{', encrypted' if encrypt else ''})")
    say(f"  {len(res.tables)} tables, {rows:,} rows; signed by {res.signer}")
    say("  share your public key with `factaudit export-key` so the recipient can check the signer")


@click.command("verify-seal")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--trust", "trust", multiple=True, metavar="PUBKEY_OR_FINGERPRINT",
              help="trust only this signer (a public-key file, a base64 key or ed25519:<fingerprint>)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def verify_seal_cmd(file: Path, trust: tuple[str, ...], as_json: bool) -> None:
    """Check that a sealed file is unchanged and who sealed it."""
    passphrase = ask_passphrase(confirm=False) if services.is_encrypted(file) else None
    ver = services.verify_sealed(file, list(trust) or None, passphrase)
    if as_json:
        emit_json(ver.to_json())
    elif ver.damaged:
        say(f"INVALID: {'; '.join(ver.reasons)}")
    else:
        if not ver.valid:
            mark = "INVALID"
        else:
            mark = "VALID" if ver.trusted else "VALID signature, UNTRUSTED signer"
        say(f"{mark}: {file}")
        say(f"  signer {ver.signer} ({'trusted' if ver.trusted else 'NOT trusted'}), sealed {ver.sealed_at} "
                   f"by factaudit {ver.app_version}")
        for reason in ver.reasons:
            say(f"  - {reason}")
    if not ver.valid:
        sys.exit(EXIT_INVALID)
    if not ver.trusted:
        sys.exit(EXIT_UNTRUSTED)


@click.command("working-copy")
@click.argument("sealed", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("dst", type=click.Path(dir_okay=False, path_type=Path))
@handle_errors
def working_copy_cmd(sealed: Path, dst: Path) -> None:
    """Make an unsealed, editable copy of a sealed file (to label and export annotations)."""
    passphrase = ask_passphrase(confirm=False) if services.is_encrypted(sealed) else None
    path = services.make_working_copy(sealed, dst, passphrase)
    say(f"working copy written to {path} (not sealed; edit it freely)")


@click.command("export-key")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), help="also write the PEM here")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def export_key_cmd(out: Path | None, as_json: bool) -> None:
    """Print your public signing key and fingerprint (made on first use) to share."""
    info = services.export_public_key()
    if out:
        out.write_text(info.pem, encoding="utf-8")
    if as_json:
        emit_json({"fingerprint": info.fingerprint, "public_key": info.public_key_b64, "pem": info.pem})
        return
    say(f"fingerprint: {info.fingerprint}")
    click.echo(info.pem.rstrip())


@click.command("trust-key")
@click.argument("key")
@click.option("--label", default="", help="a note kept next to the fingerprint")
@handle_errors
def trust_key_cmd(key: str, label: str) -> None:
    """Add a signer (public-key file, base64 key or fingerprint) to your trusted keys."""
    for fp in sorted(services.trust_key(key, label)):
        say(f"trusted {fp}")


@click.command("connections")
@click.option("--limit", type=int, default=None, help="only the last N")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def connections_cmd(limit: int | None, as_json: bool) -> None:
    """List every outbound connection factaudit made (offline mode log)."""
    recs = services.connection_log(limit)
    settings = services.offline_settings()
    native = services.native_network_status()
    if as_json:
        emit_json({"offline": settings.offline, "allowed_hosts": settings.allowed_hosts, "connections": recs,
                   "native": native.to_json()})
        return
    say(f"offline mode: {'on' if settings.offline else 'off'}; {len(recs)} logged connections")
    for r in recs:
        flag = "BLOCKED " if r.blocked else ""
        say(f"  {r.time}  {flag}{r.endpoint}  sent {r.bytes_sent:,} B, received {r.bytes_received:,} B  ({r.purpose})")
    say(f"note: {native.scope} ({', '.join(f'{k}={v}' for k, v in native.switches.items())})")
    for path in native.traces:
        say(f"warning: onnxruntime telemetry ran on this machine at some time (its store exists: {path}); "
            "runs started by factaudit switch it off")


COMMANDS = [seal_cmd, verify_seal_cmd, working_copy_cmd, export_key_cmd, trust_key_cmd, connections_cmd]
