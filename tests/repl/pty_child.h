/* pty_child.h - a child flyi on a pseudo-terminal, for the REPL tests (tests/repl/pty_drive.c). */
#ifndef FLYI_TESTS_PTY_CHILD_H
#define FLYI_TESTS_PTY_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define TIMEOUT_MS 5000

typedef struct proc {
    pid_t pid;
    int fd;
    char *buf; /* everything the terminal received, NUL-terminated */
    size_t len, cap;
    size_t mark; /* expect() searches from here */
    bool exited;
    int status;
} proc;

extern const char *g_flyi; /* the flyi binary */
extern const char *g_arg1;        /* spawn(): an argument for flyi (a script), or NULL */
extern const char *g_arg2;        /* spawn(): a second argument (after g_arg1), or NULL */
extern const char *g_stdout_file; /* spawn(): the child's stdout goes to this file, if set */
extern char g_tmp[64];     /* the temporary folder: cwd, HOME and history files of the children */
extern char g_fail[1024];  /* why the current case failed ("" while it has not) */

/* Milliseconds of a monotonic clock. */
long now_ms(void);
/* Record why the current case failed (the first reason is kept). */
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The last n bytes of the screen from `from`, escaped onto one line (static buffer). */
const char *tail(const proc *p, size_t from, size_t n);
/* Read what the terminal has for up to ms milliseconds; false if nothing came. */
bool pump(proc *p, int ms);
/* Wait (TIMEOUT_MS) until needle appears after the mark, then move the mark past it. */
bool expect(proc *p, const char *needle);
/* Type the keys k. */
void keys(proc *p, const char *k);
/* Read output for ms milliseconds. */
void settle(proc *p, int ms);
/* Start flyi with TERM=term, FLYI_HISTFILE=g_tmp/hist and one extra NAME=VALUE (or NULL). */
bool spawn(proc *p, const char *term, const char *hist, const char *env1);
/* Wait for flyi to exit; its exit status, or -1 (timeout, signal). */
int wait_exit(proc *p);
/* Hang up on flyi if still running, reap it, free p. */
void finish(proc *p);

#endif
