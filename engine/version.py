from importlib import metadata

try:
    APP_VERSION = metadata.version("factaudit")
except metadata.PackageNotFoundError:  # running from a source tree without installing
    APP_VERSION = "0.0.0+source"
