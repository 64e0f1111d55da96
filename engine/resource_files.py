"""Locate files shipped in the `resources` package (works from source, installed and bundled)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    return Path(str(resources.files("factaudit.resources").joinpath(*parts)))
