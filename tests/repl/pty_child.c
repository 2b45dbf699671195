/* pty_child.c - run flyi under a pseudo-terminal, type keys, wait for text (for pty_drive). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pty_child.h"

const char *g_flyi;
const char *g_arg1;
const char *g_arg2;
const char *g_stdout_file;
char g_tmp[64];
char g_fail[1024];

long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

void fail(const char *fmt, ...) {
    if (g_fail[0]) return; /* keep the first reason */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_fail, sizeof g_fail, fmt, ap);
    va_end(ap);
}

/* The last n bytes of the screen from `from`, escaped onto one line (for FAIL messages). */
const char *tail(const proc *p, size_t from, size_t n) {
    static char out[700];
    size_t k = 0, a = p->len > n && p->len - n > from ? p->len - n : from;
    for (size_t i = a; i < p->len && k + 5 < sizeof out; i++) {
        unsigned char c = (unsigned char)p->buf[i];
        if (c == '\n') k += (size_t)snprintf(out + k, sizeof out - k, "\\n");
        else if (c == '\r') k += (size_t)snprintf(out + k, sizeof out - k, "\\r");
        else if (c < 32 || c == 127) k += (size_t)snprintf(out + k, sizeof out - k, "\\x%02x", c);
        else out[k++] = (char)c;
    }
    out[k] = '\0';
    return out;
}

/* Read what the terminal has for up to ms milliseconds (returns early once something came). */
bool pump(proc *p, int ms) {
    struct pollfd pf = {.fd = p->fd, .events = POLLIN};
    if (p->fd < 0 || poll(&pf, 1, ms) <= 0) return false;
    char tmp[4096];
    ssize_t n = read(p->fd, tmp, sizeof tmp);
    if (n <= 0) { /* EIO: the child closed the terminal */
        close(p->fd);
        p->fd = -1;
        return false;
    }
    if (p->len + (size_t)n + 1 > p->cap) {
        p->cap = (p->len + (size_t)n + 1) * 2;
        p->buf = realloc(p->buf, p->cap);
        if (!p->buf) abort();
    }
    memcpy(p->buf + p->len, tmp, (size_t)n);
    p->len += (size_t)n;
    p->buf[p->len] = '\0';
    return true;
}

/* Wait until needle appears after the mark; the mark moves past it. */
bool expect(proc *p, const char *needle) {
    long end = now_ms() + TIMEOUT_MS;
    for (;;) {
        char *hit = memmem(p->buf + p->mark, p->len - p->mark, needle, strlen(needle));
        if (hit) {
            p->mark = (size_t)(hit - p->buf) + strlen(needle);
            return true;
        }
        long left = end - now_ms();
        if (left <= 0 || (p->fd < 0)) {
            fail("expected \"%s\"; screen ends: %s", needle, tail(p, p->mark, 300));
            return false;
        }
        pump(p, (int)left);
    }
}

void keys(proc *p, const char *k) {
    size_t n = strlen(k);
    while (n > 0 && p->fd >= 0) {
        ssize_t w = write(p->fd, k, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        k += w;
        n -= (size_t)w;
    }
}

/* Let output settle for ms milliseconds. */
void settle(proc *p, int ms) {
    long end = now_ms() + ms;
    for (long left; (left = end - now_ms()) > 0;) pump(p, (int)left);
}

/* Start flyi with TERM=term, history file hist (in the temp folder) and extra NAME=VALUE env. */
bool spawn(proc *p, const char *term, const char *hist, const char *env1) {
    struct winsize ws = {.ws_row = 24, .ws_col = 80};
    memset(p, 0, sizeof p[0]);
    p->buf = calloc(1, 1);
    p->cap = 1;
    p->pid = forkpty(&p->fd, NULL, NULL, &ws);
    if (p->pid < 0) {
        fail("forkpty: %s", strerror(errno));
        return false;
    }
    if (p->pid == 0) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", g_tmp, hist);
        setenv("FLYI_HISTFILE", path, 1);
        setenv("TERM", term, 1);
        setenv("HOME", g_tmp, 1);
        snprintf(path, sizeof path, "%s/inputrc", g_tmp);
        setenv("INPUTRC", path, 1);
        unsetenv("NO_COLOR");
        if (chdir(g_tmp) != 0) _exit(126);
        if (env1) putenv((char *)env1);
        if (g_stdout_file) {
            int fd = open(g_stdout_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) _exit(126);
            close(fd);
        }
        execl(g_flyi, g_flyi, g_arg1, g_arg2, (char *)NULL);
        perror(g_flyi);
        _exit(127);
    }
    return true;
}

/* Wait for the child to exit; returns its exit status (-1 on timeout or signal). */
int wait_exit(proc *p) {
    long end = now_ms() + TIMEOUT_MS;
    while (!p->exited && now_ms() < end) {
        int st;
        pid_t r = waitpid(p->pid, &st, WNOHANG);
        if (r == p->pid) {
            p->exited = true;
            p->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            break;
        }
        if (!pump(p, 20) && p->fd < 0) usleep(10000);
    }
    settle(p, 0);
    if (!p->exited) {
        fail("flyi did not exit; screen ends: %s", tail(p, p->mark, 300));
        return -1;
    }
    return p->status;
}

void finish(proc *p) {
    if (getenv("PTY_DRIVE_DUMP")) /* debugging: the whole screen of every case */
        printf("---- screen:\n%s\n", tail(p, 0, 600));
    if (!p->exited) {
        if (p->fd >= 0) close(p->fd); /* hang up */
        p->fd = -1;
        long end = now_ms() + 1000;
        int st;
        while (waitpid(p->pid, &st, WNOHANG) == 0 && now_ms() < end) usleep(10000);
        if (now_ms() >= end) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &st, 0);
        }
    }
    if (p->fd >= 0) close(p->fd);
    free(p->buf);
    p->buf = NULL;
}
