"""flydsl.utils.file: atomic_write, FlyDSL's way of writing a cache or artifact file so that readers never see a
partial one (a temporary file beside the destination, moved over it only when the block succeeds)."""
import contextlib
import os
import tempfile

__all__ = ["atomic_write"]


@contextlib.contextmanager
def atomic_write(path, mode="w", encoding=None, **kwargs):
    """Open a temporary file in path's directory; on a clean exit it replaces path (os.replace), on an exception
    it is removed and path is left as it was."""
    path = os.fspath(path)
    if "r" in mode or "a" in mode or "+" in mode:
        raise ValueError(f"atomic_write: mode must be a write mode ('w' or 'wb'), got {mode!r}")
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    os.close(fd)  # reopened by name: the file stays where mkstemp made it, private to this writer
    try:
        with open(tmp, mode, encoding=encoding, **kwargs) if "b" not in mode else open(tmp, mode) as f:
            yield f
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
