"""`python -m factaudit`: the same command as the console script."""
from factaudit.engine.cli import main

if __name__ == "__main__":
    main()
