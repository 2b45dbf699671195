/* mod_subprocess.c - the `_subprocess` module under subprocess.py: fork/exec with redirected
 * standard streams, pipes, waitpid, kill, and a poll() loop that feeds a child's stdin while
 * draining its stdout and stderr (so large outputs never deadlock). The waits release the
 * interpreter lock (threading) and wake every 50 ms to see Ctrl-C. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "exec/interp.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

extern char **environ;

/* A list/tuple of str as a NULL-terminated char* array (pointers into the strs, which the
 * caller keeps alive). */
static char **str_array(const char *what, fy_obj *seq) {
    size_t n;
    fy_obj **items = fy_seq_items(seq, &n);
    if (!items) {
        fy_err_format(&fy_TypeError, "%s must be a list of str", what);
        return NULL;
    }
    char **v = fy_calloc(n + 1, sizeof *v);
    if (!v) return NULL;
    for (size_t i = 0; i < n; i++) {
        if (!FY_STR_CHECK(items[i])) {
            fy_free(v);
            fy_err_format(&fy_TypeError, "expected str, bytes or os.PathLike object, not %T", items[i]);
            return NULL;
        }
        if (strlen(FY_STR_DATA(items[i])) != (size_t)FY_STR_LEN(items[i])) {
            fy_free(v);
            fy_err_set(&fy_ValueError, "embedded null byte");
            return NULL;
        }
        v[i] = (char *)FY_STR_DATA(items[i]);
    }
    return v;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Child side: put fd `from` at `to` (from == to: just keep it open across exec). */
static int child_dup(int from, int to) {
    if (from < 0) return 0;
    if (from == to) {
        int fl = fcntl(from, F_GETFD);
        return fl < 0 ? -1 : fcntl(from, F_SETFD, fl & ~FD_CLOEXEC);
    }
    return dup2(from, to) < 0 ? -1 : 0;
}

static void child_close_from(int lo, int keep) {
    if (keep > lo && close_range((unsigned)lo, (unsigned)keep - 1, 0) == 0 &&
        close_range((unsigned)keep + 1, ~0u, 0) == 0)
        return;
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int fd = lo; fd < max; fd++)
        if (fd != keep) close(fd);
}

/* (a, b, c) of three C ints. */
static fy_obj *int3(int64_t x, int64_t y, int64_t z) {
    fy_obj *a = fy_int_from(x), *b = fy_int_from(y), *c = fy_int_from(z);
    fy_obj *t = a && b && c ? fy_tuple_pack(3, a, b, c) : NULL;
    FY_XDECREF(a);
    FY_XDECREF(b);
    FY_XDECREF(c);
    return t;
}

/* Child side after fork: only async-signal-safe calls. Reports (stage, errno) on errpipe. */
static void child_exec(char **execs, char **argv, char **envp, const char *cwd, int fds[3], int close_fds,
                       int new_session, int errfd) {
    int stage = 2, err = 0;
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    if (new_session) setsid();
    /* Move pipe ends that sit on 0..2 out of the way first. */
    for (int i = 0; i < 3; i++)
        if (fds[i] >= 0 && fds[i] < 3 && fds[i] != i) {
            int d = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
            if (d < 0) goto fail;
            fds[i] = d;
        }
    if (child_dup(fds[0], 0) < 0 || child_dup(fds[1], 1) < 0) goto fail;
    if (fds[2] == -2) {
        if (dup2(1, 2) < 0) goto fail;
    } else if (child_dup(fds[2], 2) < 0) goto fail;
    if (close_fds) child_close_from(3, errfd);
    stage = 1;
    if (cwd && chdir(cwd) < 0) goto fail;
    stage = 0;
    err = ENOENT;
    for (char **e = execs; *e; e++) {
        execve(*e, argv, envp);
        if (errno != ENOENT && errno != ENOTDIR && err == ENOENT) err = errno;
    }
    errno = err;
fail:
    err = errno;
    {
        int msg[2] = {stage, err};
        ssize_t w = write(errfd, msg, sizeof msg);
        (void)w;
    }
    _exit(255);
}

/* spawn(executables, argv, env_or_None, cwd_or_None, fd_in, fd_out, fd_err, close_fds,
 *       start_new_session, exec_name) -> pid. Raises the child's exec error as CPython does:
 *       FileNotFoundError & co naming exec_name (exec failed) or cwd (chdir failed).
 *       fd -1: inherit; fd_err -2: same as stdout. */
static fy_obj *sp_spawn(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("spawn", kw) < 0 || fy_check_nargs("spawn", n, 10, 10) < 0) return NULL;
    int64_t fdv[3], cf, ns;
    for (int i = 0; i < 3; i++)
        if (fy_index(a[4 + i], &fdv[i]) < 0) return NULL;
    if (fy_index(a[7], &cf) < 0 || fy_index(a[8], &ns) < 0) return NULL;
    if (a[3] != fy_None && !FY_STR_CHECK(a[3])) return fy_err_format(&fy_TypeError, "cwd must be str, not %T", a[3]);
    char **execs = str_array("executables", a[0]), **argv = NULL, **envp = NULL;
    if (!execs) return NULL;
    if (!(argv = str_array("args", a[1])) || (a[2] != fy_None && !(envp = str_array("env", a[2])))) {
        fy_free(execs);
        fy_free(argv);
        return NULL;
    }
    int ep[2];
    if (pipe2(ep, O_CLOEXEC) < 0) {
        fy_free(execs);
        fy_free(argv);
        fy_free(envp);
        return fy_posix_raise_errno(errno, NULL, NULL);
    }
    fflush(NULL);
    int fds[3] = {(int)fdv[0], (int)fdv[1], (int)fdv[2]};
    pid_t pid = fork();
    if (pid == 0)
        child_exec(execs, argv, envp ? envp : environ, a[3] == fy_None ? NULL : FY_STR_DATA(a[3]), fds, (int)cf,
                   (int)ns, ep[1]);
    int ferr = errno;
    close(ep[1]);
    fy_free(execs);
    fy_free(argv);
    fy_free(envp);
    if (pid < 0) {
        close(ep[0]);
        return fy_posix_raise_errno(ferr, NULL, NULL);
    }
    int msg[2] = {0, 0};
    ssize_t got;
    do got = read(ep[0], msg, sizeof msg);
    while (got < 0 && errno == EINTR);
    close(ep[0]);
    if (got == (ssize_t)sizeof msg) {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
        return fy_posix_raise_errno(msg[1], msg[0] == 0 ? a[9] : msg[0] == 1 ? a[3] : NULL, NULL);
    }
    return fy_int_from(pid);
}

/* pipe() -> (read_fd, write_fd), both close-on-exec. */
static fy_obj *sp_pipe(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    fy_obj *t = int3(p[0], p[1], 0);
    if (!t) return NULL;
    fy_obj *r = fy_tuple_from(FY_TUPLE_ITEMS(t), 2);
    FY_DECREF(t);
    return r;
}

/* waitpid(pid, timeout_or_None) -> exit code (negative: killed by that signal), or None when
 * the timeout passed first. timeout 0: just poll. */
static fy_obj *sp_wait(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t pid;
    double timeout = -1;
    if (fy_check_nargs("waitpid", n, 2, 2) < 0 || fy_index(a[0], &pid) < 0) return NULL;
    if (a[1] != fy_None && fy_as_double(a[1], &timeout) < 0) return NULL;
    double end = now_s() + timeout;
    double delay = 0.0005;
    for (;;) {
        int st;
        pid_t r = waitpid((pid_t)pid, &st, WNOHANG);
        if (r < 0 && errno != EINTR) return fy_posix_raise_errno(errno, NULL, NULL);
        if (r == (pid_t)pid) return fy_int_from(WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? -WTERMSIG(st) : 0);
        if (timeout >= 0 && now_s() >= end) return fy_none();
        if (fy_cur && fy_cur->interrupt && fy_check_interrupt() < 0) return NULL;
        double left = timeout >= 0 ? end - now_s() : delay;
        double d = delay < left ? delay : left;
        if (d > 0) {
            struct timespec ts = {(time_t)d, (long)((d - (time_t)d) * 1e9)};
            fy_gil_release();
            nanosleep(&ts, NULL);
            fy_gil_acquire();
        }
        if (delay < 0.05) delay *= 2;
    }
}

static fy_obj *sp_kill(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t pid, sig;
    if (fy_check_nargs("kill", n, 2, 2) < 0 || fy_index(a[0], &pid) < 0 || fy_index(a[1], &sig) < 0) return NULL;
    if (kill((pid_t)pid, (int)sig) < 0) return fy_posix_raise_errno(errno, NULL, NULL);
    return fy_none();
}

static int add_bytes(fy_sbuf *b, int fd, int *eof) {
    char buf[65536];
    ssize_t r = read(fd, buf, sizeof buf);
    if (r < 0) return errno == EINTR || errno == EAGAIN ? 0 : -1;
    if (r == 0) *eof = 1;
    else fy_sbuf_add(b, buf, (size_t)r);
    return 0;
}

/* communicate(in_fd, input, in_off, out_fd, err_fd, timeout_or_None)
 *   -> (out_bytes, err_bytes, in_off, in_done, out_eof, err_eof, timed_out)
 * Feeds input[in_off:] to in_fd (-1: none) while reading out_fd and err_fd (-1: none) until
 * every stream is done or the timeout passes. Closes in_fd once all input is written (the
 * child sees EOF); the caller closes the other finished fds. */
static fy_obj *sp_communicate(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t fin, off, fout, ferr;
    double timeout = -1;
    if (fy_check_nargs("communicate", n, 6, 6) < 0 || fy_index(a[0], &fin) < 0 || fy_index(a[2], &off) < 0 ||
        fy_index(a[3], &fout) < 0 || fy_index(a[4], &ferr) < 0)
        return NULL;
    if (a[5] != fy_None && fy_as_double(a[5], &timeout) < 0) return NULL;
    const char *in = NULL;
    size_t inlen = 0;
    if (FY_BYTES_CHECK(a[1])) in = ((fy_bytes *)a[1])->data, inlen = (size_t)((fy_bytes *)a[1])->len;
    else if (a[1] != fy_None) return fy_err_format(&fy_TypeError, "input must be bytes, not %T", a[1]);
    if (fin >= 0) fcntl((int)fin, F_SETFL, fcntl((int)fin, F_GETFL) | O_NONBLOCK);
    void (*oldpipe)(int) = signal(SIGPIPE, SIG_IGN);
    fy_sbuf ob = {0}, eb = {0};
    int in_done = fin < 0 || (size_t)off >= inlen, out_eof = fout < 0, err_eof = ferr < 0, timed_out = 0, fail = 0;
    if (in_done && fin >= 0) close((int)fin);
    double end = now_s() + timeout;
    while (!(in_done && out_eof && err_eof)) {
        struct pollfd p[3];
        int np = 0, iin = -1, iout = -1, ierr = -1;
        if (!in_done) iin = np, p[np++] = (struct pollfd){(int)fin, POLLOUT, 0};
        if (!out_eof) iout = np, p[np++] = (struct pollfd){(int)fout, POLLIN, 0};
        if (!err_eof) ierr = np, p[np++] = (struct pollfd){(int)ferr, POLLIN, 0};
        int ms = 50;
        if (timeout >= 0) {
            double left = end - now_s();
            if (left <= 0) {
                timed_out = 1;
                break;
            }
            if (left * 1000 < ms) ms = (int)(left * 1000) + 1;
        }
        fy_gil_release();
        int r = poll(p, (nfds_t)np, ms), perr = errno;
        fy_gil_acquire();
        errno = perr;
        if (r < 0 && errno != EINTR) {
            fail = errno;
            break;
        }
        if (fy_cur && fy_cur->interrupt && fy_check_interrupt() < 0) {
            fail = -1;
            break;
        }
        if (r <= 0) continue;
        if (iin >= 0 && p[iin].revents) {
            ssize_t w = write((int)fin, in + off, inlen - (size_t)off);
            if (w > 0) off += w;
            else if (w < 0 && errno != EAGAIN && errno != EINTR) in_done = 1; /* EPIPE: the child stopped reading */
            if ((size_t)off >= inlen) in_done = 1;
            if (in_done) close((int)fin); /* EOF for the child */
        }
        if (iout >= 0 && p[iout].revents && add_bytes(&ob, (int)fout, &out_eof) < 0) out_eof = 1;
        if (ierr >= 0 && p[ierr].revents && add_bytes(&eb, (int)ferr, &err_eof) < 0) err_eof = 1;
    }
    signal(SIGPIPE, oldpipe);
    if (fail) {
        fy_sbuf_free(&ob);
        fy_sbuf_free(&eb);
        return fail > 0 ? fy_posix_raise_errno(fail, NULL, NULL) : NULL;
    }
    fy_obj *o = fy_bytes_from(ob.p ? ob.p : "", ob.len), *e = fy_bytes_from(eb.p ? eb.p : "", eb.len);
    fy_sbuf_free(&ob);
    fy_sbuf_free(&eb);
    fy_obj *offo = fy_int_from(off);
    fy_obj *t = o && e && offo ? fy_tuple_pack(7, o, e, offo, fy_bool(in_done), fy_bool(out_eof), fy_bool(err_eof),
                                               fy_bool(timed_out))
                               : NULL;
    FY_XDECREF(o);
    FY_XDECREF(e);
    FY_XDECREF(offo);
    return t;
}

static fy_methoddef subprocess_funcs[] = {
    {"spawn", sp_spawn, 0,
     "spawn(executables, argv, env, cwd, fd_in, fd_out, fd_err, close_fds, new_session)\n"
     "Fork and exec; (pid, 0, 0) or (0, stage, errno)."},
    {"pipe", sp_pipe, 0, "pipe()\n(read_fd, write_fd), close-on-exec."},
    {"waitpid", sp_wait, 0, "waitpid(pid, timeout)\nExit code, or None when the timeout passed."},
    {"kill", sp_kill, 0, "kill(pid, signal)\nSend a signal to a process."},
    {"communicate", sp_communicate, 0,
     "communicate(in_fd, input, in_off, out_fd, err_fd, timeout)\nFeed stdin and drain stdout/stderr with poll()."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_subprocess_init(void) {
    return fy_module_new_c("_subprocess", subprocess_funcs, "Processes under the subprocess module.");
}
