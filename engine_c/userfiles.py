"""The files a user names (a position, a data file, an --out target) must be regular files.

A FIFO would block the command forever (opening it waits for a writer, or a reader), and a device
such as /dev/zero never ends; both are refused in one line.  Reading opens without blocking, checks
what was opened (not a name that could change in between), and reads at most a given number of
bytes.  Folders raise IsADirectoryError, so each caller keeps its own message for them.
"""
import errno
import os
import stat

_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class NotRegularFile(OSError):
    """The path names a FIFO, a device or a socket: str() says which, e.g. 'is a FIFO (named pipe)'."""

    def __str__(self):
        return self.strerror


def _refuse(mode, path):
    """Raise for anything but a regular file (IsADirectoryError for a folder)."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    raise NotRegularFile(errno.EINVAL, f"is {kind}", os.fspath(path))


def read_regular(path, limit):
    """At most ``limit`` bytes of the regular file at ``path`` (FileNotFoundError, IsADirectoryError,
    NotRegularFile or another OSError otherwise)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)    # a FIFO opens at once this way
    try:
        _refuse(os.fstat(fd).st_mode, path)
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        return handle.read(limit)


def check_writable(path):
    """Refuse an existing ``path`` that is a FIFO, a device or a socket as a file to write (writing to a
    FIFO blocks until someone reads it); a missing path, a regular file or a folder passes."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    if not stat.S_ISDIR(mode):
        _refuse(mode, path)
