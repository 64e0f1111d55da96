"""PyInstaller entry point: the same `factaudit` command as the console script."""
from engine.cli import main

if __name__ == "__main__":
    main()
