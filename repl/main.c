/* main.c - the `flyi` program: run a file, -c code, stdin, or a minimal line loop on a tty.
 * stdout carries only the program's output; tracebacks and notices go to stderr. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "flyi/session.h"
#include "repl.h"

static flyi_session *g_session;
static int g_tty;

static void on_stream(void *user, flyi_stream which, const char *text, size_t len) {
    (void)user;
    FILE *f = which == FLYI_STDERR ? stderr : stdout;
    if (which == FLYI_STDERR) fflush(stdout);
    fwrite(text, 1, len, f);
    if (g_tty) fflush(f);
}
static void on_display(void *user, const flyi_display *d, bool is_result) {
    (void)user;
    (void)is_result;
    for (size_t i = 0; i < d->n; i++)
        if (!strcmp(d->mime[i], "text/plain")) {
            fputs(d->data[i], stdout);
            fputc('\n', stdout);
            if (g_tty) fflush(stdout);
            return;
        }
}
static void on_error(void *user, const flyi_error *e) {
    (void)user;
    fflush(stdout);
    for (size_t i = 0; i < e->nlines; i++) {
        fputs(e->lines[i], stderr);
        fputc('\n', stderr);
    }
    fflush(stderr);
}
static char *on_input(void *user, const char *prompt, bool password) {
    (void)user;
    (void)password;
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (n > 0 && line[n - 1] == '\n') line[n - 1] = 0;
    return line;
}
static void on_sigint(int sig) {
    (void)sig;
    if (g_session) flyi_session_interrupt(g_session);
}

int main(int argc, char **argv) {
    flyi_sink sink = {.stream = on_stream, .display = on_display, .error = on_error, .input = on_input};
    int rc = 0;
    if (argc >= 2 && !strcmp(argv[1], "-c")) {
        if (argc < 3) {
            fputs("flyi: -c needs an argument\n", stderr);
            return 2;
        }
        char *args[argc];
        args[0] = "-c";
        for (int i = 3; i < argc; i++) args[i - 2] = argv[i];
        g_session = flyi_session_new(argc - 2, args);
        if (!g_session) return 1;
        signal(SIGINT, on_sigint);
        flyi_status st = flyi_session_eval(g_session, argv[2], "<string>",
                                           &(flyi_sink){.stream = on_stream, .error = on_error, .input = on_input});
        rc = st == FLYI_EXIT ? flyi_session_exit_code(g_session) : st == FLYI_ERROR ? 1 : 0;
    } else if (argc >= 2 && !strcmp(argv[1], "-m")) {
        /* flyi -m MODULE [args]: sys.argv is [MODULE's file, args...] */
        if (argc < 3) {
            fputs("flyi: -m needs an argument\n", stderr);
            return 2;
        }
        g_session = flyi_session_new(argc - 2, argv + 2);
        if (!g_session) return 1;
        signal(SIGINT, on_sigint);
        flyi_status st = flyi_session_run_module(g_session, argv[2], &sink);
        rc = st == FLYI_EXIT ? flyi_session_exit_code(g_session) : st == FLYI_ERROR ? 1 : 0;
    } else if (argc >= 2 && (argv[1][0] != '-' || (!strcmp(argv[1], "-i") && argc >= 3))) {
        /* flyi FILE [args] runs a script; flyi -i FILE [args] then stays interactive */
        int interactive = !strcmp(argv[1], "-i");
        char **fargv = argv + 1 + interactive;
        g_session = flyi_session_new(argc - 1 - interactive, fargv);
        if (!g_session) return 1;
        signal(SIGINT, on_sigint);
        flyi_status st = flyi_session_run_file(g_session, fargv[0], &sink);
        rc = st == FLYI_EXIT ? flyi_session_exit_code(g_session) : st == FLYI_ERROR ? 1 : 0;
        if (interactive && st != FLYI_EXIT && isatty(0)) {
            g_tty = 1;
            rc = flyi_repl_run(g_session);
        }
    } else if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        puts("usage: flyi [-i] [FILE.py [args...]] | flyi -c CODE [args...] | flyi -m MODULE [args...] | flyi "
             "--version\n"
             "  no arguments: the interactive REPL (or, with stdin not a terminal, run stdin)\n"
             "  FILE.py      run a script; -i then stay interactive\n"
             "  -c CODE      run CODE\n"
             "  -m MODULE    run MODULE as __main__ (flyi -m pytest runs the test runner)\n"
             "environment: FLYI_BACKEND=emu|hip, ARCH=gfx942|gfx950, FLYI_PATH (module search path),\n"
             "  FLYI_CORE (path of flycore.so), NO_COLOR, FLYI_HISTFILE");
        return 0;
    } else if (argc >= 2 && !strcmp(argv[1], "--version")) {
        puts("flyi " PACKAGE_VERSION);
        return 0;
    } else if (argc >= 2) {
        fprintf(stderr, "flyi: unknown option %s (flyi --help)\n", argv[1]);
        return 2;
    } else {
        char *empty[] = {""};
        g_session = flyi_session_new(1, empty);
        if (!g_session) return 1;
        signal(SIGINT, on_sigint);
        /* a terminal gets the readline REPL; piped input runs cell by cell without prompts
         * (every cell runs; the exit status is 1 if any raised) */
        g_tty = isatty(0);
        rc = flyi_repl_run(g_session);
    }
    if (g_session) flyi_session_finish(g_session, &sink); /* join the program's non-daemon threads */
    fflush(stdout);
    if (getenv("FLYI_FREE_AT_EXIT")) flyi_session_free(g_session);
    return rc;
}
