"""`python -m factaudit`: the same command as the console script."""
# First: offline mode, before anything that may open a socket is imported.
from factaudit.engine.netguard import start_from_settings

start_from_settings()

from factaudit.launcher import main  # noqa: E402

if __name__ == "__main__":
    main()
