/* mod_posix.c - the `posix` module: the system calls under `os` (src/stdlib/os.py builds the
 * public os module, environ and os.path on top of these). Errors are OSError subclasses chosen
 * by errno, with CPython's "[Errno N] strerror: 'filename'" text. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "exec/interp.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

extern char **environ;

/* ------------------------------------------------------------------ errors */

static fy_type *errno_type(int err) {
    switch (err) {
    case ENOENT: return &fy_FileNotFoundError;
    case EEXIST: return &fy_FileExistsError;
    case EISDIR: return &fy_IsADirectoryError;
    case ENOTDIR: return &fy_NotADirectoryError;
    case EACCES:
    case EPERM: return &fy_PermissionError;
    case ETIMEDOUT: return &fy_TimeoutError;
    case EPIPE:
    case ESHUTDOWN: return &fy_BrokenPipeError;
    case ECHILD: return &fy_ChildProcessError;
    default: return &fy_OSError;
    }
}

/* Raise the OSError subclass for err with (errno, strerror[, filename[, None, filename2]]). */
fy_obj *fy_posix_raise_errno(int err, fy_obj *filename, fy_obj *filename2) {
    fy_type *t = errno_type(err);
    fy_obj *eno = fy_int_from(err), *msg = fy_str_from_cstr(strerror(err));
    if (!eno || !msg) {
        FY_XDECREF(eno);
        FY_XDECREF(msg);
        return NULL;
    }
    fy_obj *args[5] = {eno, msg, filename, fy_None, filename2};
    size_t nargs = filename2 ? 5 : filename ? 3 : 2;
    fy_obj *exc = fy_exc_new(t, args, nargs);
    if (exc) {
        /* If the core's OSError does not format "[Errno N] ..." itself, build the text. */
        fy_obj *s = fy_str(exc);
        if (s && strncmp(FY_STR_DATA(s), "[Errno ", 7) != 0) {
            fy_sbuf b = {0};
            fy_sbuf_printf(&b, "[Errno %d] %s", err, strerror(err));
            if (filename) {
                fy_sbuf_adds(&b, ": ");
                fy_sbuf_add_repr(&b, filename);
            }
            if (filename2) {
                fy_sbuf_adds(&b, " -> ");
                fy_sbuf_add_repr(&b, filename2);
            }
            fy_obj *m = fy_sbuf_finish(&b);
            FY_DECREF(exc);
            exc = m ? fy_exc_new(t, &m, 1) : NULL;
            FY_XDECREF(m);
            if (exc) {
                fy_setattr_cstr(exc, "errno", eno);
                fy_setattr_cstr(exc, "strerror", msg);
                fy_setattr_cstr(exc, "filename", filename ? filename : fy_None);
                fy_setattr_cstr(exc, "filename2", filename2 ? filename2 : fy_None);
                if (fy_err_occurred()) fy_err_clear();
            }
        }
        FY_XDECREF(s);
        if (fy_err_occurred()) fy_err_clear();
    }
    FY_DECREF(eno);
    FY_DECREF(msg);
    if (exc) {
        fy_err_raise(exc);
        FY_DECREF(exc);
    }
    return NULL;
}

/* ------------------------------------------------------------------ arguments */

/* A path argument: str, or an object with __fspath__ returning str. *keep receives the str
 * (new ref) whose data is returned. */
static const char *path_arg(const char *fname, fy_obj *o, fy_obj **keep) {
    if (FY_STR_CHECK(o)) {
        *keep = fy_ref(o);
        return FY_STR_DATA(o);
    }
    if (fy_type_lookup_cstr(FY_TYPE(o), "__fspath__")) {
        fy_obj *r = fy_call_method(o, "__fspath__", NULL, 0);
        if (!r) return NULL;
        if (FY_STR_CHECK(r)) {
            *keep = r;
            return FY_STR_DATA(r);
        }
        FY_DECREF(r);
    }
    fy_err_format(&fy_TypeError, "%s: path should be string, bytes or os.PathLike, not %T", fname, o);
    return NULL;
}

#define PATH1(fname) \
    fy_obj *keep = NULL; \
    if (fy_no_kwargs(fname, kw) < 0 || fy_check_nargs(fname, n, 1, 1) < 0) return NULL; \
    const char *path = path_arg(fname, a[0], &keep); \
    if (!path) return NULL;

static fy_obj *done_none(int rc, fy_obj *keep) {
    fy_obj *r = rc < 0 ? fy_posix_raise_errno(errno, keep, NULL) : fy_none();
    FY_DECREF(keep);
    return r;
}

/* ------------------------------------------------------------------ functions */

static fy_obj *p_getcwd(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("getcwd", kw) < 0 || fy_check_nargs("getcwd", n, 0, 0) < 0) return NULL;
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf)) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_str_from_cstr(buf);
}

static fy_obj *p_chdir(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    PATH1("chdir");
    return done_none(chdir(path), keep);
}

static fy_obj *p_listdir(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("listdir", kw) < 0 || fy_check_nargs("listdir", n, 0, 1) < 0) return NULL;
    fy_obj *keep = NULL;
    const char *path = ".";
    if (n == 1 && a[0] != fy_None && !(path = path_arg("listdir", a[0], &keep))) return NULL;
    DIR *d = opendir(path);
    if (!d) {
        int err = errno;
        fy_obj *fn = keep ? fy_ref(keep) : fy_str_from_cstr(".");
        fy_posix_raise_errno(err, fn, NULL);
        FY_XDECREF(fn);
        FY_XDECREF(keep);
        return NULL;
    }
    fy_obj *list = fy_list_new(0);
    struct dirent *e;
    while (list && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        fy_obj *name = fy_str_from_cstr(e->d_name);
        if (!name || fy_list_append_steal(list, name) < 0) FY_CLEAR(list);
    }
    closedir(d);
    FY_XDECREF(keep);
    return list;
}

static fy_obj *p_mkdir(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"path", "mode", NULL};
    fy_obj *o[2] = {0}, *keep = NULL;
    if (fy_parse_args("mkdir", a, n, kw, names, 1, 2, 2, o) < 0) return NULL;
    int64_t mode = 0777;
    if (o[1] && fy_index(o[1], &mode) < 0) return NULL;
    const char *path = path_arg("mkdir", o[0], &keep);
    if (!path) return NULL;
    return done_none(mkdir(path, (mode_t)mode), keep);
}

static fy_obj *p_rmdir(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    PATH1("rmdir");
    return done_none(rmdir(path), keep);
}

static fy_obj *p_unlink(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    PATH1("remove");
    return done_none(unlink(path), keep);
}

static fy_obj *p_rename(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *k1 = NULL, *k2 = NULL;
    if (fy_no_kwargs("rename", kw) < 0 || fy_check_nargs("rename", n, 2, 2) < 0) return NULL;
    const char *p1 = path_arg("rename", a[0], &k1);
    if (!p1) return NULL;
    const char *p2 = path_arg("rename", a[1], &k2);
    if (!p2) {
        FY_DECREF(k1);
        return NULL;
    }
    fy_obj *r = rename(p1, p2) < 0 ? fy_posix_raise_errno(errno, k1, k2) : fy_none();
    FY_DECREF(k1);
    FY_DECREF(k2);
    return r;
}

static fy_obj *p_symlink(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *k1 = NULL, *k2 = NULL;
    if (fy_no_kwargs("symlink", kw) < 0 || fy_check_nargs("symlink", n, 2, 2) < 0) return NULL;
    const char *p1 = path_arg("symlink", a[0], &k1);
    if (!p1) return NULL;
    const char *p2 = path_arg("symlink", a[1], &k2);
    if (!p2) {
        FY_DECREF(k1);
        return NULL;
    }
    fy_obj *r = symlink(p1, p2) < 0 ? fy_posix_raise_errno(errno, k1, k2) : fy_none();
    FY_DECREF(k1);
    FY_DECREF(k2);
    return r;
}

static fy_obj *p_readlink(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    PATH1("readlink");
    char buf[PATH_MAX];
    ssize_t k = readlink(path, buf, sizeof buf - 1);
    if (k < 0) {
        fy_posix_raise_errno(errno, keep, NULL);
        FY_DECREF(keep);
        return NULL;
    }
    FY_DECREF(keep);
    return fy_str_from(buf, (size_t)k);
}

/* stat(path, follow_symlinks=True) -> (mode, ino, dev, nlink, uid, gid, size, atime, mtime,
 * ctime) with float times; os.py wraps it in stat_result. */
static fy_obj *do_stat(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, int follow) {
    static const char *const names[] = {"path", "follow_symlinks", NULL};
    fy_obj *o[2] = {0}, *keep = NULL;
    if (fy_parse_args(fname, a, n, kw, names, 1, 1, 2, o) < 0) return NULL;
    if (o[1]) {
        int t = fy_truthy(o[1]);
        if (t < 0) return NULL;
        follow = follow && t;
    }
    struct stat st;
    int rc;
    if (FY_INT_CHECK(o[0])) {
        int64_t fd;
        if (fy_int_to_i64_msg(o[0], &fd, "fd is greater than maximum") < 0) return NULL;
        if (fd > INT32_MAX || fd < INT32_MIN)
            return fy_err_set(&fy_OverflowError, fd < 0 ? "fd is less than minimum" : "fd is greater than maximum");
        rc = fstat((int)fd, &st);
        if (rc < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    } else {
        const char *path = path_arg(fname, o[0], &keep);
        if (!path) return NULL;
        rc = follow ? stat(path, &st) : lstat(path, &st);
        if (rc < 0) {
            fy_posix_raise_errno(errno, keep, NULL);
            FY_DECREF(keep);
            return NULL;
        }
        FY_DECREF(keep);
    }
    fy_obj *t = fy_tuple_new(10);
    if (!t) return NULL;
    int64_t iv[7] = {st.st_mode, (int64_t)st.st_ino, (int64_t)st.st_dev, (int64_t)st.st_nlink,
                     st.st_uid,  st.st_gid,          st.st_size};
    for (int i = 0; i < 7; i++) fy_tuple_set_steal(t, (size_t)i, fy_int_from(iv[i]));
    fy_tuple_set_steal(t, 7, fy_float_from(st.st_atim.tv_sec + st.st_atim.tv_nsec * 1e-9));
    fy_tuple_set_steal(t, 8, fy_float_from(st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9));
    fy_tuple_set_steal(t, 9, fy_float_from(st.st_ctim.tv_sec + st.st_ctim.tv_nsec * 1e-9));
    for (int i = 0; i < 10; i++)
        if (!FY_TUPLE_ITEMS(t)[i]) {
            FY_DECREF(t);
            return NULL;
        }
    return t;
}
static fy_obj *p_stat(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return do_stat("stat", a, n, kw, 1); }
static fy_obj *p_lstat(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return do_stat("lstat", a, n, kw, 0); }

/* _kind(path, follow) -> 0 missing, 1 file, 2 dir, 3 symlink (when not following), 4 other.
 * Never raises for missing or inaccessible paths (os.path.exists & co.). */
static fy_obj *p_kind(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_kind", n, 2, 2) < 0) return NULL;
    fy_obj *keep = NULL;
    const char *path = NULL;
    if (FY_STR_CHECK(a[0])) path = FY_STR_DATA(a[0]);
    else if (FY_INT_CHECK(a[0])) {
        struct stat st;
        if (FY_INT_IS_BIG(a[0]) || FY_INT_VAL(a[0]) > INT32_MAX || FY_INT_VAL(a[0]) < INT32_MIN ||
            fstat((int)FY_INT_VAL(a[0]), &st) < 0)
            return fy_int_from(0);
        return fy_int_from(S_ISREG(st.st_mode) ? 1 : S_ISDIR(st.st_mode) ? 2 : 4);
    } else if (!(path = path_arg("stat", a[0], &keep))) return NULL;
    struct stat st;
    int follow = fy_truthy(a[1]);
    int rc = follow ? stat(path, &st) : lstat(path, &st);
    FY_XDECREF(keep);
    if (rc < 0) return fy_int_from(0);
    int k = S_ISREG(st.st_mode) ? 1 : S_ISDIR(st.st_mode) ? 2 : S_ISLNK(st.st_mode) ? 3 : 4;
    return fy_int_from(k);
}

static fy_obj *p_access(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("access", kw) < 0 || fy_check_nargs("access", n, 2, 2) < 0) return NULL;
    fy_obj *keep = NULL;
    int64_t mode;
    const char *path = path_arg("access", a[0], &keep);
    if (!path) return NULL;
    if (fy_index(a[1], &mode) < 0) {
        FY_DECREF(keep);
        return NULL;
    }
    int rc = access(path, (int)mode);
    FY_DECREF(keep);
    return fy_bool(rc == 0);
}

static fy_obj *p_chmod(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("chmod", kw) < 0 || fy_check_nargs("chmod", n, 2, 2) < 0) return NULL;
    fy_obj *keep = NULL;
    int64_t mode;
    const char *path = path_arg("chmod", a[0], &keep);
    if (!path) return NULL;
    if (fy_index(a[1], &mode) < 0) {
        FY_DECREF(keep);
        return NULL;
    }
    return done_none(chmod(path, (mode_t)mode), keep);
}

static fy_obj *p_getpid(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(getpid()); }
static fy_obj *p_getppid(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(getppid()); }
static fy_obj *p_getuid(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(getuid()); }
static fy_obj *p_cpu_count(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c > 0 ? fy_int_from(c) : fy_none();
}

static fy_obj *p_umask(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t m;
    if (fy_check_nargs("umask", n, 1, 1) < 0 || fy_index(a[0], &m) < 0) return NULL;
    return fy_int_from(umask((mode_t)m));
}

/* environ_items() -> dict of the process environment (os.environ's initial contents). */
static fy_obj *p_environ(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *d = fy_dict_new();
    for (char **e = environ; d && e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        fy_obj *k = fy_str_from(*e, (size_t)(eq - *e)), *v = fy_str_from_cstr(eq + 1);
        if (!k || !v || (!fy_dict_get(d, k) && fy_dict_set(d, k, v) < 0)) FY_CLEAR(d);
        FY_XDECREF(k);
        FY_XDECREF(v);
    }
    return d;
}

static int str2(const char *fname, fy_obj *const *a, size_t n, size_t want) {
    if (fy_check_nargs(fname, n, want, want) < 0) return -1;
    for (size_t i = 0; i < want; i++)
        if (!FY_STR_CHECK(a[i])) {
            fy_err_format(&fy_TypeError, "str expected, not %T", a[i]);
            return -1;
        }
    return 0;
}

static fy_obj *p_putenv(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (str2("putenv", a, n, 2) < 0) return NULL;
    const char *k = FY_STR_DATA(a[0]);
    if (!*k || strchr(k, '=')) return fy_err_set(&fy_ValueError, "illegal environment variable name");
    if ((size_t)FY_STR_LEN(a[0]) != strlen(k) || (size_t)FY_STR_LEN(a[1]) != strlen(FY_STR_DATA(a[1])))
        return fy_err_set(&fy_ValueError, "embedded null byte");
    if (setenv(k, FY_STR_DATA(a[1]), 1) < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_none();
}

static fy_obj *p_unsetenv(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (str2("unsetenv", a, n, 1) < 0) return NULL;
    const char *k = FY_STR_DATA(a[0]);
    if (!*k || strchr(k, '=')) return fy_err_set(&fy_ValueError, "illegal environment variable name");
    if (unsetenv(k) < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_none();
}

static fy_obj *p_strerror(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t e;
    if (fy_check_nargs("strerror", n, 1, 1) < 0 || fy_index(a[0], &e) < 0) return NULL;
    return fy_str_from_cstr(strerror((int)e));
}

static fy_obj *p_urandom(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t k;
    if (fy_check_nargs("urandom", n, 1, 1) < 0 || fy_index(a[0], &k) < 0) return NULL;
    if (k < 0) return fy_err_set(&fy_ValueError, "negative argument not allowed");
    char *buf = fy_malloc((size_t)k + 1);
    if (!buf) return NULL;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    size_t got = 0;
    while (fd >= 0 && got < (size_t)k) {
        ssize_t r = read(fd, buf + got, (size_t)k - got);
        if (r <= 0) break;
        got += (size_t)r;
    }
    if (fd >= 0) close(fd);
    fy_obj *res = got == (size_t)k ? fy_bytes_from(buf, got) : fy_posix_raise_errno(EIO, NULL, NULL);
    fy_free(buf);
    return res;
}

/* system(cmd): flushes nothing of ours (output goes through the sink); returns the wait status. */
static fy_obj *p_system(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (str2("system", a, n, 1) < 0) return NULL;
    int st = system(FY_STR_DATA(a[0]));
    return fy_int_from(st);
}

/* Low-level file descriptors (tempfile.mkstemp and friends). */
static fy_obj *p_open(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"path", "flags", "mode", NULL};
    fy_obj *o[3] = {0}, *keep = NULL;
    if (fy_parse_args("open", a, n, kw, names, 2, 3, 3, o) < 0) return NULL;
    int64_t flags, mode = 0777;
    if (fy_index(o[1], &flags) < 0 || (o[2] && fy_index(o[2], &mode) < 0)) return NULL;
    const char *path = path_arg("open", o[0], &keep);
    if (!path) return NULL;
    int fd = open(path, (int)flags | O_CLOEXEC, (mode_t)mode);
    fy_obj *r = fd < 0 ? fy_posix_raise_errno(errno, keep, NULL) : fy_int_from(fd);
    FY_DECREF(keep);
    return r;
}

static fy_obj *p_close(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t fd;
    if (fy_check_nargs("close", n, 1, 1) < 0 || fy_index(a[0], &fd) < 0) return NULL;
    if (close((int)fd) < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_none();
}

static fy_obj *p_write(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t fd;
    if (fy_check_nargs("write", n, 2, 2) < 0 || fy_index(a[0], &fd) < 0) return NULL;
    const char *data;
    size_t len;
    if (FY_BYTES_CHECK(a[1])) {
        data = ((fy_bytes *)a[1])->data;
        len = (size_t)((fy_bytes *)a[1])->len;
    } else if (FY_IS_TYPE(a[1], fy_bytearray_type)) {
        data = ((fy_bytearray *)a[1])->data;
        len = (size_t)((fy_bytearray *)a[1])->len;
    } else return fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%s'", fy_type_name(a[1]));
    ssize_t w = write((int)fd, data, len);
    if (w < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_int_from(w);
}

static fy_obj *p_read(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t fd, k;
    if (fy_check_nargs("read", n, 2, 2) < 0 || fy_index(a[0], &fd) < 0 || fy_index(a[1], &k) < 0) return NULL;
    if (k < 0) return fy_posix_raise_errno(EINVAL, NULL, NULL);
    char *buf = fy_malloc((size_t)k + 1);
    if (!buf) return NULL;
    fy_gil_release(); /* a pipe may block: other threads run meanwhile */
    ssize_t r = read((int)fd, buf, (size_t)k);
    int err = errno;
    fy_gil_acquire();
    errno = err;
    fy_obj *res = r < 0 ? fy_posix_raise_errno(errno, NULL, NULL) : fy_bytes_from(buf, (size_t)r);
    fy_free(buf);
    return res;
}

static fy_obj *p_isatty(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t fd;
    if (fy_check_nargs("isatty", n, 1, 1) < 0 || fy_index(a[0], &fd) < 0) return NULL;
    return fy_bool(isatty((int)fd));
}

static fy_obj *p_waitstatus(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t st;
    if (fy_check_nargs("waitstatus_to_exitcode", n, 1, 1) < 0 || fy_index(a[0], &st) < 0) return NULL;
    int v = (int)st;
    if (WIFEXITED(v)) return fy_int_from(WEXITSTATUS(v));
    if (WIFSIGNALED(v)) return fy_int_from(-WTERMSIG(v));
    return fy_err_format(&fy_ValueError, "invalid wait status: %d", v);
}

static fy_methoddef posix_funcs[] = {
    {"getcwd", p_getcwd, 0, "getcwd()\nReturn a unicode string representing the current working directory."},
    {"chdir", p_chdir, 0, "chdir(path)\nChange the current working directory to the specified path."},
    {"listdir", p_listdir, 0, "listdir(path=None)\nReturn a list containing the names of the files in the directory."},
    {"mkdir", p_mkdir, 0, "mkdir(path, mode=511)\nCreate a directory."},
    {"rmdir", p_rmdir, 0, "rmdir(path)\nRemove a directory."},
    {"remove", p_unlink, 0, "remove(path)\nRemove a file (same as unlink())."},
    {"unlink", p_unlink, 0, "unlink(path)\nRemove a file (same as remove())."},
    {"rename", p_rename, 0, "rename(src, dst)\nRename a file or directory."},
    {"replace", p_rename, 0, "replace(src, dst)\nRename a file or directory, overwriting the destination."},
    {"symlink", p_symlink, 0, "symlink(src, dst)\nCreate a symbolic link pointing to src named dst."},
    {"readlink", p_readlink, 0,
     "readlink(path)\nReturn a string representing the path to which the symbolic link points."},
    {"stat", p_stat, 0, "stat(path, *, follow_symlinks=True)\nPerform a stat system call on the given path."},
    {"lstat", p_lstat, 0,
     "lstat(path)\nPerform a stat system call on the given path, without following symbolic links."},
    {"_kind", p_kind, 0, "_kind(path, follow)\n0 missing, 1 file, 2 directory, 3 symlink, 4 other."},
    {"access", p_access, 0, "access(path, mode)\nUse the real uid/gid to test for access to a path."},
    {"chmod", p_chmod, 0, "chmod(path, mode)\nChange the access permissions of a file."},
    {"getpid", p_getpid, 0, "getpid()\nReturn the current process id."},
    {"getppid", p_getppid, 0, "getppid()\nReturn the parent's process id."},
    {"getuid", p_getuid, 0, "getuid()\nReturn the current process's user id."},
    {"cpu_count", p_cpu_count, 0, "cpu_count()\nReturn the number of CPUs in the system."},
    {"umask", p_umask, 0, "umask(mask)\nSet the current numeric umask and return the previous umask."},
    {"environ_items", p_environ, 0, "environ_items()\nThe process environment as a dict."},
    {"putenv", p_putenv, 0, "putenv(name, value)\nChange or add an environment variable."},
    {"unsetenv", p_unsetenv, 0, "unsetenv(name)\nDelete an environment variable."},
    {"strerror", p_strerror, 0, "strerror(code)\nTranslate an error code to a message string."},
    {"urandom", p_urandom, 0,
     "urandom(size)\nReturn a bytes object containing random bytes suitable for cryptographic use."},
    {"system", p_system, 0, "system(command)\nExecute the command in a subshell."},
    {"open", p_open, 0, "open(path, flags, mode=511)\nOpen a file for low level IO."},
    {"close", p_close, 0, "close(fd)\nClose a file descriptor."},
    {"write", p_write, 0, "write(fd, data)\nWrite a bytes object to a file descriptor."},
    {"read", p_read, 0, "read(fd, length)\nRead from a file descriptor."},
    {"isatty", p_isatty, 0, "isatty(fd)\nReturn True if the fd is connected to a terminal."},
    {"waitstatus_to_exitcode", p_waitstatus, 0,
     "waitstatus_to_exitcode(status)\nConvert a wait status to an exit code."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_posix_init(void) {
    fy_obj *m = fy_module_new_c("posix", posix_funcs, "The system calls under the os module.");
    if (!m) return NULL;
    static const struct {
        const char *name;
        int64_t v;
    } consts[] = {{"O_RDONLY", O_RDONLY},   {"O_WRONLY", O_WRONLY},
                  {"O_RDWR", O_RDWR},       {"O_APPEND", O_APPEND},
                  {"O_CREAT", O_CREAT},     {"O_EXCL", O_EXCL},
                  {"O_TRUNC", O_TRUNC},     {"O_NOFOLLOW", O_NOFOLLOW},
                  {"O_CLOEXEC", O_CLOEXEC}, {"F_OK", F_OK},
                  {"R_OK", R_OK},           {"W_OK", W_OK},
                  {"X_OK", X_OK},           {NULL, 0}};
    for (int i = 0; consts[i].name; i++) {
        fy_obj *v = fy_int_from(consts[i].v);
        if (!v || fy_module_add(m, consts[i].name, v) < 0) {
            FY_XDECREF(v);
            FY_DECREF(m);
            return NULL;
        }
        FY_DECREF(v);
    }
    return m;
}
