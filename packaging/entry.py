"""PyInstaller entry point: the same `factaudit` command as the console script."""
# First: offline mode (the runtime hook already started it; this keeps a hook-less build safe).
from factaudit.engine.netguard import start_from_settings

start_from_settings()

from factaudit.launcher import main  # noqa: E402

if __name__ == "__main__":
    main()
