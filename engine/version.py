"""The app's version: pyproject.toml's `version`, written here as a constant so that `factaudit --version`
does not pay for importlib.metadata (about 25 ms, more than the bare interpreter's whole start; issue #22
item 1). tests/engine/test_cli_imports.py checks it against pyproject.toml and the installed distribution."""

APP_VERSION = "0.1.0"
