"""Say precisely why a path given by the user is not a regular file we can read or write.

`Path.is_file()` folds a directory, a FIFO, a dangling link, a symlink loop and a permission problem
into one False; the user then reads "file not found" for a file they can see. Each case gets its own
reason here, shared by the project opener and the importers.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def file_problem(path: Path) -> str | None:
    """None when `path` is a regular file we may read; else a short reason ("is a directory", ...)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symbolic link loop (the link points back to itself)"
        if exc.errno == errno.ENOENT:
            if os.path.lexists(path):
                return f"is a broken symbolic link (points to {os.readlink(path)!r}, which does not exist)"
            return "file not found"
        if exc.errno == errno.ENAMETOOLONG:
            return "name is too long"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        if exc.errno == errno.ENOTDIR:
            return "not found (a parent in the path is a file, not a folder)"
        return f"cannot be read: {exc.strerror or exc}"
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if not stat.S_ISREG(mode):
        return "is not a regular file"
    if not os.access(path, os.R_OK):
        return "permission denied"
    return None


def write_blocker(path: Path) -> tuple[str, bool] | None:
    """Why an existing file cannot be written in place, with whether its folder is frozen too.

    Returns None when writing is possible. The second element is True when nobody can create the
    `-wal`/`-shm`/lock files next to it either (read-only file system or unwritable folder): such a
    file can only be read as immutable.
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        if os.statvfs(path).f_flag & os.ST_RDONLY:
            return "it is on a read-only file system", True
    except OSError:
        pass
    # access() also answers for root: EROFS and the immutable attribute deny W_OK even to root.
    if not os.access(folder, os.W_OK):
        return "its folder is not writable", True
    if not os.access(path, os.W_OK):
        return "the file is not writable", False
    return None


def creation_problem(path: Path) -> str | None:
    """Why a new file cannot be created at `path` (None when it probably can)."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        return None  # created by the caller
    if not folder.is_dir():
        return f"{folder} is not a folder"
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return f"{folder} is on a read-only file system"
    except OSError:
        pass
    if not os.access(folder, os.W_OK):
        return f"{folder} is not writable"
    return None
