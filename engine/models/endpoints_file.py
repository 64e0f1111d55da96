"""The saved endpoints file (endpoints.json in the user config folder): names, base URLs and model
names, never keys (engine.models.keys). One strict reader, so a damaged file is never taken for "no
endpoints"; the registry builds ModelEntry values from these rows."""
from __future__ import annotations

import json
from pathlib import Path

from factaudit.engine import config
from factaudit.engine.errors import InvalidArgument


def _endpoints_file() -> Path:
    return config.config_dir() / "endpoints.json"


def read_endpoint_rows() -> list[dict]:
    """The saved endpoints ([] without a file). A damaged file raises InvalidArgument: the seal's
    secret scan never takes it for "no endpoints" (fails closed), add/remove never overwrite it."""
    path = _endpoints_file()
    try:
        rows = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ValueError("expected a list of endpoints")
        return rows
    except (OSError, ValueError) as exc:
        raise InvalidArgument(f"the saved endpoints file {path} cannot be read "
                              f"({type(exc).__name__}: {exc})") from exc


def saved_endpoint_urls() -> list[str]:
    """The saved endpoints' base URLs, for the pre-seal secret scan (raises on a damaged file)."""
    return [str(r["base_url"]) for r in read_endpoint_rows() if r.get("base_url")]


def write_endpoint_rows(rows: list[dict]) -> None:
    f = _endpoints_file()
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(json.dumps(rows, indent=1))
