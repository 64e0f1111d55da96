"""Per-user directories and settings.

The config directory holds the signing key, trusted keys and settings.json; the data directory holds
the outbound connection log and scratch copies of decrypted sealed files. FACTAUDIT_CONFIG_DIR and
FACTAUDIT_DATA_DIR override both, so tests and portable installs never touch the real home.
API keys never live here: they come from the OS keyring or the environment.
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import platformdirs

APP_NAME = "factaudit"
SETTINGS_FILE = "settings.json"


def _ensure_private_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    # The signing key lives here; other users on the machine must not list or read it.
    try:
        os.chmod(path, 0o700)
    except OSError:
        pass
    return path


def config_dir(create: bool = True) -> Path:
    env = os.environ.get("FACTAUDIT_CONFIG_DIR")
    path = Path(env) if env else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return _ensure_private_dir(path) if create else path


def data_dir(create: bool = True) -> Path:
    env = os.environ.get("FACTAUDIT_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return _ensure_private_dir(path) if create else path


def cache_dir(create: bool = False) -> Path:
    env = os.environ.get("FACTAUDIT_CACHE_DIR")
    path = Path(env) if env else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def local_models_dirs() -> list[Path]:
    """Where users drop GGUF verifiers and sentence-transformers folders, in search order:
    FACTAUDIT_LOCAL_MODELS (os.pathsep-separated) if set; else `local_models/` beside the bundled
    executable (or the source tree) and `local_models/` in the user data directory."""
    env = os.environ.get("FACTAUDIT_LOCAL_MODELS") or os.environ.get("FACTAUDIT_MODELS_DIR")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    if getattr(sys, "frozen", False):
        beside = Path(sys.executable).resolve().parent / "local_models"
    else:
        beside = Path(__file__).resolve().parent.parent / "local_models"
    return [beside, data_dir(create=False) / "local_models"]


@dataclass
class Settings:
    """User settings. Offline mode is on unless the user turns it off; hosts of endpoints the user
    configured are listed in allowed_hosts so the offline guard lets them through."""

    offline: bool = True
    allowed_hosts: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


def load_settings() -> Settings:
    path = config_dir(create=False) / SETTINGS_FILE
    if not path.is_file():
        return Settings()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        # A damaged settings file must not switch offline mode off.
        return Settings()
    return Settings(offline=bool(raw.get("offline", True)),
                    allowed_hosts=[str(h) for h in raw.get("allowed_hosts", []) if str(h).strip()])


def save_settings(settings: Settings) -> Path:
    path = config_dir() / SETTINGS_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_json(), indent=2), encoding="utf-8")
    os.replace(tmp, path)
    return path
