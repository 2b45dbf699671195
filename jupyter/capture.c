/* capture.c - fd-level output capture: pipes on fds 1/2, a reader thread, coalescing. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "capture.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "utf8.h"
#include "util.h"

#define FK_COALESCE_S 0.05      /* emit pending text once it is this old */
#define FK_FORCE_S 0.2          /* ... and an incomplete UTF-8 tail after this */
#define FK_CHUNK_MAX (32 * 1024) /* emit at once when this much is pending */

typedef struct pend {
    char *buf;
    size_t len, cap;
    double since;  /* monotonic time the oldest pending byte arrived */
    bool stuck;    /* the last timed emission left an incomplete tail */
} pend;

struct fk_capture {
    fk_emit_fn emit;
    void *user;
    pthread_mutex_t lock;
    pthread_t thread;
    int rd[3];        /* read ends: [1] stdout pipe, [2] stderr pipe */
    int saved[3];     /* original fds 1 and 2 */
    int stop_pipe[2]; /* wakes the reader: new pending text from the sink, or stop */
    bool stopping;
    pend p[3];        /* pending text per stream (index 1, 2) */
    int last;         /* stream that received text last (order across the two) */
    bool discard;
    char *parent;
    size_t parent_len;
};

static const char *const stream_name[3] = {"", "stdout", "stderr"};

/* Emit pending text of stream w; force: also an incomplete trailing UTF-8 sequence. */
static void emit_pending(fk_capture *c, int w, bool force) {
    pend *p = &c->p[w];
    if (!p->len) return;
    size_t n = force ? p->len : fk_utf8_safe_prefix(p->buf, p->len);
    if (!n) {
        p->stuck = true;
        return;
    }
    if (!c->discard) {
        size_t tl;
        char *t = fk_utf8_repair(p->buf, n, &tl);
        if (t) c->emit(c->user, stream_name[w], t, tl, c->parent, c->parent_len);
        free(t);
    }
    memmove(p->buf, p->buf + n, p->len - n);
    p->len -= n;
    p->stuck = false;
    p->since = fk_mono();
}

static void append(fk_capture *c, int w, const char *s, size_t len) {
    if (!len) return;
    int other = 3 - w;
    if (c->p[other].len) emit_pending(c, other, false); /* keep stdout/stderr interleaving */
    pend *p = &c->p[w];
    if (p->len + len > p->cap) {
        size_t cap = p->cap ? p->cap : 4096;
        while (cap < p->len + len) cap *= 2;
        char *b = realloc(p->buf, cap);
        if (!b) return; /* out of memory: drop this piece */
        p->buf = b;
        p->cap = cap;
    }
    if (!p->len) p->since = fk_mono();
    memcpy(p->buf + p->len, s, len);
    p->len += len;
    c->last = w;
    if (p->len >= FK_CHUNK_MAX) emit_pending(c, w, false);
}

/* Read everything available on the pipes (non-blocking); lock held. */
static void drain_fds(fk_capture *c) {
    char buf[16384];
    for (int w = 1; w <= 2; w++)
        for (;;) {
            ssize_t r = read(c->rd[w], buf, sizeof buf);
            if (r > 0) append(c, w, buf, (size_t)r);
            else if (r < 0 && errno == EINTR) continue;
            else break;
        }
}

static void *reader(void *arg) {
    fk_capture *c = arg;
    for (;;) {
        int timeout = -1;
        pthread_mutex_lock(&c->lock);
        double now = fk_mono();
        for (int w = 1; w <= 2; w++) {
            pend *p = &c->p[w];
            if (!p->len) continue;
            double due = p->since + (p->stuck ? FK_FORCE_S : FK_COALESCE_S);
            if (due <= now) emit_pending(c, w, p->stuck);
            if (p->len) {
                int ms = (int)((p->since + (p->stuck ? FK_FORCE_S : FK_COALESCE_S) - now) * 1000) + 1;
                if (ms < 1) ms = 1;
                if (timeout < 0 || ms < timeout) timeout = ms;
            }
        }
        pthread_mutex_unlock(&c->lock);
        struct pollfd pf[3] = {{c->rd[1], POLLIN, 0}, {c->rd[2], POLLIN, 0}, {c->stop_pipe[0], POLLIN, 0}};
        int r = poll(pf, 3, timeout);
        if (r < 0 && errno != EINTR) break;
        if (r > 0 && pf[2].revents) {
            char b[64];
            while (read(c->stop_pipe[0], b, sizeof b) > 0) {}
            pthread_mutex_lock(&c->lock);
            bool stop = c->stopping;
            pthread_mutex_unlock(&c->lock);
            if (stop) break;
        }
        if (r > 0) {
            pthread_mutex_lock(&c->lock);
            drain_fds(c);
            pthread_mutex_unlock(&c->lock);
        }
    }
    return NULL;
}

fk_capture *fk_capture_start(fk_emit_fn emit, void *user) {
    fk_capture *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->emit = emit;
    c->user = user;
    int outp[2] = {-1, -1}, errp[2] = {-1, -1};
    c->stop_pipe[0] = c->stop_pipe[1] = -1;
    c->saved[1] = c->saved[2] = -1;
    if (pipe2(outp, O_CLOEXEC) || pipe2(errp, O_CLOEXEC) || pipe2(c->stop_pipe, O_CLOEXEC | O_NONBLOCK)) goto fail;
    fflush(stdout);
    fflush(stderr);
    c->saved[1] = fcntl(1, F_DUPFD_CLOEXEC, 3);
    c->saved[2] = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (c->saved[1] < 0 || c->saved[2] < 0) goto fail;
    if (dup2(outp[1], 1) < 0 || dup2(errp[1], 2) < 0) goto fail;
    close(outp[1]);
    close(errp[1]);
    outp[1] = errp[1] = -1;
    c->rd[1] = outp[0];
    c->rd[2] = errp[0];
    fcntl(c->rd[1], F_SETFL, O_NONBLOCK);
    fcntl(c->rd[2], F_SETFL, O_NONBLOCK);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) {
        if (devnull != 0) {
            dup2(devnull, 0);
            close(devnull);
        }
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* C code's printf lines arrive as they are produced */
    pthread_mutex_init(&c->lock, NULL);
    if (pthread_create(&c->thread, NULL, reader, c)) {
        pthread_mutex_destroy(&c->lock);
        dup2(c->saved[1], 1);
        dup2(c->saved[2], 2);
        goto fail;
    }
    return c;
fail:
    fk_log("output capture unavailable: %s", strerror(errno));
    int fds[] = {outp[0], outp[1], errp[0], errp[1], c->stop_pipe[0], c->stop_pipe[1], c->saved[1], c->saved[2]};
    for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
        if (fds[i] >= 0) close(fds[i]);
    free(c);
    return NULL;
}

void fk_capture_set_parent(fk_capture *c, const char *parent, size_t len) {
    char *copy = malloc(len + 1);
    if (!copy) return;
    memcpy(copy, parent, len);
    copy[len] = 0;
    pthread_mutex_lock(&c->lock);
    free(c->parent);
    c->parent = copy;
    c->parent_len = len;
    pthread_mutex_unlock(&c->lock);
}

void fk_capture_set_discard(fk_capture *c, bool on) {
    pthread_mutex_lock(&c->lock);
    c->discard = on;
    pthread_mutex_unlock(&c->lock);
}

void fk_capture_write(fk_capture *c, int which, const char *text, size_t len) {
    if (which != 1 && which != 2) which = 1;
    fflush(stdout);
    fflush(stderr);
    pthread_mutex_lock(&c->lock);
    drain_fds(c);
    bool was_idle = !c->p[1].len && !c->p[2].len;
    append(c, which, text, len);
    bool wake = was_idle && (c->p[1].len || c->p[2].len);
    pthread_mutex_unlock(&c->lock);
    if (wake) { /* the reader sleeps without a deadline: give it one */
        char b = 1;
        ssize_t w = write(c->stop_pipe[1], &b, 1);
        (void)w;
    }
}

void fk_capture_flush(fk_capture *c) {
    fflush(stdout);
    fflush(stderr);
    pthread_mutex_lock(&c->lock);
    drain_fds(c);
    /* the stream written first goes first */
    int first = 3 - c->last;
    if (first < 1 || first > 2) first = 1;
    emit_pending(c, first, true);
    emit_pending(c, 3 - first, true);
    pthread_mutex_unlock(&c->lock);
}

void fk_capture_stop(fk_capture *c) {
    if (!c) return;
    fk_capture_flush(c);
    pthread_mutex_lock(&c->lock);
    c->stopping = true;
    pthread_mutex_unlock(&c->lock);
    char b = 1;
    ssize_t w = write(c->stop_pipe[1], &b, 1);
    (void)w;
    pthread_join(c->thread, NULL);
    fflush(stdout);
    fflush(stderr);
    dup2(c->saved[1], 1);
    dup2(c->saved[2], 2);
    int fds[] = {c->rd[1], c->rd[2], c->stop_pipe[0], c->stop_pipe[1], c->saved[1], c->saved[2]};
    for (size_t i = 0; i < sizeof fds / sizeof *fds; i++) close(fds[i]);
    for (int w2 = 1; w2 <= 2; w2++) free(c->p[w2].buf);
    free(c->parent);
    pthread_mutex_destroy(&c->lock);
    free(c);
}
