"""PyInstaller entry point: the same `factaudit` command as the console script."""
from factaudit.engine.cli import main

if __name__ == "__main__":
    main()
