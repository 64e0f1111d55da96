"""`factaudit allow-host`: the hosts offline mode lets through."""
from __future__ import annotations

import click

from factaudit.engine.cli.common import emit_json, handle_errors, say
from factaudit.engine.errors import InvalidArgument
from factaudit.engine import services


@click.command("allow-host")
@click.argument("host", required=False)
@click.option("--remove", is_flag=True, help="stop allowing HOST")
@click.option("--list", "list_", is_flag=True, help="list the allowed hosts")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def allow_host_cmd(host: str | None, remove: bool, list_: bool, as_json: bool) -> None:
    """Let offline mode pass connections to HOST (an endpoint you configured)."""
    if host is None and not list_:
        raise InvalidArgument("name a host to allow (or --list)")
    if host is not None:
        settings = services.disallow_host(host) if remove else services.allow_host(host)
    else:
        settings = services.offline_settings()
    if as_json:
        emit_json({"offline": settings.offline, "allowed_hosts": settings.allowed_hosts})
        return
    if host is not None:
        say(f"{'no longer allowed' if remove else 'allowed'}: {services.host_name(host)}")
    say(f"offline mode: {'on' if settings.offline else 'off'}; allowed hosts: "
               f"{', '.join(settings.allowed_hosts) or '(none)'}")


COMMANDS = [allow_host_cmd]
