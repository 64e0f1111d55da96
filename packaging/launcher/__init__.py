"""factaudit: the one installed top-level name.

The source folders engine/, gui/ and resources/ sit at the repository's top level and are mapped
under this package by pyproject.toml (factaudit.engine, factaudit.gui, factaudit.resources), so
the distribution never installs common names such as `engine` or `gui` into site-packages.
"""
from factaudit.engine.version import APP_VERSION as __version__

__all__ = ["__version__"]
