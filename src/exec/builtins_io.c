/* builtins_io.c - open() file objects, and sys.stdout/sys.stderr console streams that feed
 * the session's sink. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "flyi/sink.h"
#include "exec/vm.h"

/* ------------------------------------------------------------------ sink output */

static int sink_write(int which, const char *s, size_t n) {
    fy_interp *ip = fy_cur;
    if (!n) return 0;
    if (ip && ip->sink && ip->sink->stream) ip->sink->stream(ip->sink->user, which, s, n);
    return 0;
}

/* The object sys.<name> currently names if the program replaced it, else NULL. */
static fy_obj *redirected(const char *name, fy_obj *original) {
    fy_interp *ip = fy_cur;
    if (!ip || !ip->sysmod) return NULL;
    fy_obj *cur = fy_dict_get_cstr(FY_MODULE_DICT(ip->sysmod), name);
    if (!cur || cur == original || cur == fy_None) return NULL;
    return cur;
}
static int write_to(fy_obj *target, const char *s, size_t n) {
    fy_obj *str = fy_str_from(s, n);
    if (!str) return -1;
    fy_obj *r = fy_call_method(target, "write", &str, 1);
    FY_DECREF(str);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
int fy_write_stdout(const char *s, size_t n) {
    fy_interp *ip = fy_cur;
    fy_obj *t = ip ? redirected("stdout", ip->stdout_override) : NULL;
    if (t) return write_to(t, s, n);
    return sink_write(FLYI_STDOUT, s, n);
}
int fy_write_stderr(const char *s, size_t n) {
    fy_interp *ip = fy_cur;
    fy_obj *t = ip ? redirected("stderr", ip->stderr_override) : NULL;
    if (t) {
        if (write_to(t, s, n) == 0) return 0;
        fy_err_clear();
    }
    return sink_write(FLYI_STDERR, s, n);
}

typedef struct {
    fy_obj h;
    int which;
} console;
static fy_obj *console_write(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("write", nargs, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(args[0]))
        return fy_err_format(&fy_TypeError, "write() argument must be str, not %s", args[0]->type->name);
    sink_write(((console *)self)->which, FY_STR_DATA(args[0]), FY_STR_LEN(args[0]));
    return fy_int_from(((fy_strobj *)args[0])->nchars);
}
static fy_obj *console_flush(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return fy_none(); }
static fy_obj *console_false(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return fy_bool(false); }
static fy_obj *console_fileno(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_int_from(((console *)self)->which);
}
static fy_obj *console_encoding(fy_obj *o) { return fy_str_from_cstr("utf-8"); }
static fy_obj *console_name(fy_obj *o) {
    return fy_str_from_cstr(((console *)o)->which == 1 ? "<stdout>" : "<stderr>");
}
static fy_methoddef console_methods[] = {{"write", console_write, 0, "write(s)"}, {"flush", console_flush, 0, NULL},
                                         {"isatty", console_false, 0, NULL},      {"fileno", console_fileno, 0, NULL},
                                         {"writable", console_false, 0, NULL},    {NULL}};
static fy_getsetdef console_getsets[] = {
    {"encoding", console_encoding, NULL, NULL}, {"name", console_name, NULL, NULL}, {NULL}};
fy_type fy_console_type = {FY_TYPE_INIT("TextIOWrapper", sizeof(console)), .flags = FY_TPF_FINAL,
                           .methods = console_methods, .getsets = console_getsets};
fy_obj *fy_console_new(int which) {
    console *c = (console *)fy_alloc(&fy_console_type);
    if (c) c->which = which;
    return &c->h;
}

/* ------------------------------------------------------------------ files */

typedef struct {
    fy_obj h;
    FILE *fp;
    fy_obj *name;
    fy_obj *mode;
    bool binary, closed;
} fileobj;
#define F(o) ((fileobj *)(o))

static int check_open(fy_obj *o) {
    if (F(o)->closed) {
        fy_err_set(&fy_ValueError, "I/O operation on closed file.");
        return -1;
    }
    return 0;
}
static fy_obj *make_data(fy_obj *o, const char *s, size_t n) {
    return F(o)->binary ? fy_bytes_from(s, n) : fy_str_from(s, n);
}
static fy_obj *f_read(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    int64_t n = -1;
    if (nargs && args[0] != fy_None && fy_index(args[0], &n) < 0) return NULL;
    fy_sbuf b = {0};
    char buf[65536];
    if (n < 0) {
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, F(self)->fp)) > 0) fy_sbuf_add(&b, buf, k);
    } else if (F(self)->binary) {
        while (n > 0) {
            size_t k = fread(buf, 1, n < (int64_t)sizeof buf ? (size_t)n : sizeof buf, F(self)->fp);
            if (!k) break;
            fy_sbuf_add(&b, buf, k);
            n -= k;
        }
    } else {
        /* n characters */
        while (n > 0) {
            int c = fgetc(F(self)->fp);
            if (c == EOF) break;
            fy_sbuf_addc(&b, (char)c);
            if ((c & 0xC0) != 0x80) {
                /* count a char at its lead byte; pull continuation bytes */
                int cont = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
                for (int i = 0; i < cont; i++) {
                    int d = fgetc(F(self)->fp);
                    if (d == EOF) break;
                    fy_sbuf_addc(&b, (char)d);
                }
                n--;
            }
        }
    }
    fy_obj *r = make_data(self, b.p ? b.p : "", b.len);
    fy_sbuf_free(&b);
    return r;
}
static fy_obj *f_readline(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    fy_sbuf b = {0};
    int c;
    while ((c = fgetc(F(self)->fp)) != EOF) {
        fy_sbuf_addc(&b, (char)c);
        if (c == '\n') break;
    }
    fy_obj *r = make_data(self, b.p ? b.p : "", b.len);
    fy_sbuf_free(&b);
    return r;
}
static fy_obj *f_next(fy_obj *self) {
    if (check_open(self) < 0) return NULL;
    fy_obj *l = f_readline(self, NULL, 0, NULL);
    if (!l) return NULL;
    if ((F(self)->binary ? ((fy_bytes *)l)->len : FY_STR_LEN(l)) == 0) {
        FY_DECREF(l);
        return NULL;
    }
    return l;
}
static fy_obj *f_readlines(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *res = fy_list_new(0), *l;
    while (res && (l = f_next(self))) fy_list_append_steal(res, l);
    if (fy_err_occurred()) {
        FY_XDECREF(res);
        return NULL;
    }
    return res;
}
static fy_obj *f_write(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0 || fy_check_nargs("write", nargs, 1, 1) < 0) return NULL;
    fy_obj *s = args[0];
    if (F(self)->binary) {
        if (!FY_BYTES_CHECK(s) && FY_TYPE(s) != &fy_bytearray_type)
            return fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%s'", s->type->name);
        const char *d = FY_BYTES_CHECK(s) ? ((fy_bytes *)s)->data : ((fy_bytearray *)s)->data;
        int64_t n = FY_BYTES_CHECK(s) ? ((fy_bytes *)s)->len : ((fy_bytearray *)s)->len;
        fwrite(d, 1, n, F(self)->fp);
        return fy_int_from(n);
    }
    if (!FY_STR_CHECK(s)) return fy_err_format(&fy_TypeError, "write() argument must be str, not %s", s->type->name);
    fwrite(FY_STR_DATA(s), 1, FY_STR_LEN(s), F(self)->fp);
    return fy_int_from(((fy_strobj *)s)->nchars);
}
static fy_obj *f_writelines(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("writelines", nargs, 1, 1) < 0) return NULL;
    fy_obj *it = fy_iter(args[0]), *x;
    if (!it) return NULL;
    while ((x = fy_iter_next(it))) {
        fy_obj *r = f_write(self, &x, 1, NULL);
        FY_DECREF(x);
        if (!r) {
            FY_DECREF(it);
            return NULL;
        }
        FY_DECREF(r);
    }
    FY_DECREF(it);
    return fy_err_occurred() ? NULL : fy_none();
}
static fy_obj *f_close(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (!F(self)->closed) {
        fclose(F(self)->fp);
        F(self)->fp = NULL;
        F(self)->closed = true;
    }
    return fy_none();
}
static fy_obj *f_flush(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    fflush(F(self)->fp);
    return fy_none();
}
static fy_obj *f_enter(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    return fy_ref(self);
}
static fy_obj *f_exit(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *r = f_close(self, NULL, 0, NULL);
    FY_XDECREF(r);
    return fy_none();
}
static fy_obj *f_seek(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int64_t off, wh = 0;
    if (check_open(self) < 0 || fy_check_nargs("seek", nargs, 1, 2) < 0 || fy_index(args[0], &off) < 0) return NULL;
    if (nargs > 1 && fy_index(args[1], &wh) < 0) return NULL;
    fseek(F(self)->fp, off, wh == 0 ? SEEK_SET : wh == 1 ? SEEK_CUR : SEEK_END);
    return fy_int_from(ftell(F(self)->fp));
}
static fy_obj *f_tell(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    return fy_int_from(ftell(F(self)->fp));
}
static fy_obj *f_fileno(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (check_open(self) < 0) return NULL;
    return fy_int_from(fileno(F(self)->fp));
}
static fy_obj *f_true(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return fy_bool(true); }
static fy_obj *f_false(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) { return fy_bool(false); }
static fy_obj *f_iter(fy_obj *o) {
    if (check_open(o) < 0) return NULL;
    return fy_ref(o);
}
static void f_dealloc(fy_obj *o) {
    if (!F(o)->closed && F(o)->fp) fclose(F(o)->fp);
    FY_XDECREF(F(o)->name);
    FY_XDECREF(F(o)->mode);
}
static fy_obj *f_repr(fy_obj *o) {
    if (F(o)->binary) return fy_str_printf("<_io.BufferedReader name=%R>", F(o)->name);
    return fy_str_printf("<_io.TextIOWrapper name=%R mode=%R encoding='UTF-8'>", F(o)->name, F(o)->mode);
}
static fy_obj *f_name(fy_obj *o) { return fy_ref(F(o)->name); }
static fy_obj *f_mode(fy_obj *o) { return fy_ref(F(o)->mode); }
static fy_obj *f_closed(fy_obj *o) { return fy_bool(F(o)->closed); }
static fy_methoddef file_methods[] = {{"read", f_read, 0, "read(size=-1)"},
                                      {"readline", f_readline, 0, "readline()"},
                                      {"readlines", f_readlines, 0, "readlines()"},
                                      {"write", f_write, 0, "write(s)"},
                                      {"writelines", f_writelines, 0, "writelines(lines)"},
                                      {"close", f_close, 0, "close()"},
                                      {"flush", f_flush, 0, "flush()"},
                                      {"__enter__", f_enter, 0, NULL},
                                      {"__exit__", f_exit, 0, NULL},
                                      {"seek", f_seek, 0, "seek(offset, whence=0)"},
                                      {"tell", f_tell, 0, "tell()"},
                                      {"fileno", f_fileno, 0, NULL},
                                      {"readable", f_true, 0, NULL},
                                      {"writable", f_true, 0, NULL},
                                      {"isatty", f_false, 0, NULL},
                                      {NULL}};
static fy_getsetdef file_getsets[] = {
    {"name", f_name, NULL, NULL}, {"mode", f_mode, NULL, NULL}, {"closed", f_closed, NULL, NULL}, {NULL}};
fy_type fy_file_type = {FY_TYPE_INIT("TextIOWrapper", sizeof(fileobj)),
                        .flags = FY_TPF_FINAL,
                        .dealloc = f_dealloc,
                        .iter = f_iter,
                        .next = f_next,
                        .repr = f_repr,
                        .methods = file_methods,
                        .getsets = file_getsets};

fy_obj *fy_open(fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"file",    "mode",    "buffering", "encoding", "errors",
                                        "newline", "closefd", "opener",    NULL};
    fy_obj *a[8];
    if (fy_parse_args("open", args, nargs, kw, names, 1, 8, 8, a) < 0) return NULL;
    fy_obj *path = a[0];
    if (!FY_STR_CHECK(path)) {
        fy_obj *fs = fy_getattr_opt(path, fy_intern("__fspath__"));
        if (!fs) {
            fy_err_clear();
            return fy_err_format(&fy_TypeError, "expected str, bytes or os.PathLike object, not %s", path->type->name);
        }
        path = fy_call0(fs);
        FY_DECREF(fs);
        if (!path) return NULL;
    } else FY_INCREF(path);
    const char *mode = a[1] && FY_STR_CHECK(a[1]) ? FY_STR_DATA(a[1]) : "r";
    bool binary = strchr(mode, 'b') != NULL;
    char cmode[8];
    int k = 0;
    char base = strchr(mode, 'w') ? 'w' : strchr(mode, 'a') ? 'a' : strchr(mode, 'x') ? 'w' : 'r';
    cmode[k++] = base;
    if (strchr(mode, '+')) cmode[k++] = '+';
    cmode[k++] = 'b';
    cmode[k] = 0;
    if (strchr(mode, 'x')) {
        FILE *t = fopen(FY_STR_DATA(path), "rb");
        if (t) {
            fclose(t);
            fy_obj *no = fy_int_from(EEXIST), *msg = fy_str_from_cstr(strerror(EEXIST));
            fy_obj *ea[3] = {no, msg, path};
            fy_obj *e = fy_exc_new(&fy_FileExistsError, ea, 3);
            if (e) fy_err_restore(e);
            FY_DECREF(no);
            FY_DECREF(msg);
            FY_DECREF(path);
            return NULL;
        }
    }
    FILE *fp = fopen(FY_STR_DATA(path), cmode);
    if (!fp) {
        int err = errno;
        fy_type *t = err == ENOENT    ? &fy_FileNotFoundError
                     : err == EACCES  ? &fy_PermissionError
                     : err == EISDIR  ? &fy_IsADirectoryError
                     : err == ENOTDIR ? &fy_NotADirectoryError
                                      : &fy_OSError;
        fy_obj *no = fy_int_from(err), *msg = fy_str_from_cstr(strerror(err));
        fy_obj *ea[3] = {no, msg, path};
        fy_obj *e = fy_exc_new(t, ea, 3);
        if (e) fy_err_restore(e);
        FY_DECREF(no);
        FY_DECREF(msg);
        FY_DECREF(path);
        return NULL;
    }
    fileobj *f = (fileobj *)fy_alloc(&fy_file_type);
    if (!f) {
        fclose(fp);
        FY_DECREF(path);
        return NULL;
    }
    f->fp = fp;
    f->name = path;
    f->mode = fy_str_from_cstr(mode);
    f->binary = binary;
    return &f->h;
}
