"""stat: the constants and tests of st_mode bits (POSIX's values, as on Linux)."""

ST_MODE, ST_INO, ST_DEV, ST_NLINK, ST_UID, ST_GID, ST_SIZE, ST_ATIME, ST_MTIME, ST_CTIME = range(10)

_S_IFMT_BITS = 0o170000
S_IFDIR, S_IFCHR, S_IFBLK, S_IFREG = 0o040000, 0o020000, 0o060000, 0o100000
S_IFIFO, S_IFLNK, S_IFSOCK = 0o010000, 0o120000, 0o140000
S_IFDOOR = S_IFPORT = S_IFWHT = 0

S_ISUID, S_ISGID, S_ISVTX = 0o4000, 0o2000, 0o1000
S_IRWXU, S_IRUSR, S_IWUSR, S_IXUSR = 0o700, 0o400, 0o200, 0o100
S_IRWXG, S_IRGRP, S_IWGRP, S_IXGRP = 0o070, 0o040, 0o020, 0o010
S_IRWXO, S_IROTH, S_IWOTH, S_IXOTH = 0o007, 0o004, 0o002, 0o001
S_ENFMT, S_IREAD, S_IWRITE, S_IEXEC = S_ISGID, S_IRUSR, S_IWUSR, S_IXUSR


def S_IMODE(mode):
    """The permission bits of mode (those chmod sets)."""
    return mode & 0o7777


def S_IFMT(mode):
    """The file-type bits of mode."""
    return mode & _S_IFMT_BITS


def S_ISDIR(mode):
    return S_IFMT(mode) == S_IFDIR


def S_ISCHR(mode):
    return S_IFMT(mode) == S_IFCHR


def S_ISBLK(mode):
    return S_IFMT(mode) == S_IFBLK


def S_ISREG(mode):
    return S_IFMT(mode) == S_IFREG


def S_ISFIFO(mode):
    return S_IFMT(mode) == S_IFIFO


def S_ISLNK(mode):
    return S_IFMT(mode) == S_IFLNK


def S_ISSOCK(mode):
    return S_IFMT(mode) == S_IFSOCK


def S_ISDOOR(mode):
    return False


def S_ISPORT(mode):
    return False


def S_ISWHT(mode):
    return False

_TYPE_CHARS = ((S_IFLNK, "l"), (S_IFSOCK, "s"), (S_IFREG, "-"), (S_IFBLK, "b"), (S_IFDIR, "d"), (S_IFCHR, "c"),
               (S_IFIFO, "p"))


def filemode(mode):
    """ls -l's spelling of mode, '-rwxr-xr-x'."""
    out = next((c for k, c in _TYPE_CHARS if S_IFMT(mode) == k), "?")
    for who, (r, w, x, special, on, off) in enumerate(((S_IRUSR, S_IWUSR, S_IXUSR, S_ISUID, "s", "S"),
                                                      (S_IRGRP, S_IWGRP, S_IXGRP, S_ISGID, "s", "S"),
                                                      (S_IROTH, S_IWOTH, S_IXOTH, S_ISVTX, "t", "T"))):
        out += ("r" if mode & r else "-") + ("w" if mode & w else "-")
        if mode & special:
            out += on if mode & x else off
        else:
            out += "x" if mode & x else "-"
    return out
