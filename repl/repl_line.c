/* repl_line.c - reading lines through readline's callback interface, and the REPL's signals.
 *
 * readline's own signal handling is off (rl_catch_signals = 0): one handler here sets flags.
 * At the prompt the loop waits in ppoll() with the signals unblocked only there, so a Ctrl-C is
 * never lost between the check and the wait; it abandons the line (Python's readline module does
 * the same clean-up). While a cell runs, Ctrl-C calls flyi_session_interrupt (async-signal-safe). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <readline/readline.h>

#include "repl_int.h"

static flyi_session *g_session;
static volatile sig_atomic_t g_running;       /* a cell is being evaluated */
static volatile sig_atomic_t g_int;           /* Ctrl-C at the prompt */
static volatile sig_atomic_t g_int_in_cell;   /* Ctrl-C while the cell ran */
static volatile sig_atomic_t g_winch;         /* the window changed size */
static volatile sig_atomic_t g_stop;          /* Ctrl-Z at the prompt */
static volatile sig_atomic_t g_fatal;         /* SIGTERM/SIGHUP at the prompt: its number */
static struct sigaction g_old_int, g_old_winch;
static bool g_installed;

/* The line-reading state behind readline's callbacks (readline itself is process-global). */
static char *g_line;
static bool g_done;
static const char *g_prefill;

static void on_signal(int sig) {
    int saved = errno;
    switch (sig) {
    case SIGINT:
        if (g_running) {
            g_int_in_cell = 1;
            if (g_session) flyi_session_interrupt(g_session);
        } else {
            g_int = 1;
        }
        break;
    case SIGWINCH: g_winch = 1; break;
    case SIGTSTP: g_stop = 1; break;
    default: g_fatal = sig; break;
    }
    errno = saved;
}

static void set_handler(int sig, struct sigaction *old) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART; /* the engine's own system calls restart; ppoll() never does */
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, old);
}

void flyi_repl_signals_init(flyi_session *s) {
    g_session = s;
    if (g_installed) return;
    set_handler(SIGINT, &g_old_int);
    set_handler(SIGWINCH, &g_old_winch);
    g_installed = true;
}

void flyi_repl_signals_restore(void) {
    if (!g_installed) return;
    sigaction(SIGINT, &g_old_int, NULL);
    sigaction(SIGWINCH, &g_old_winch, NULL);
    g_installed = false;
}

void flyi_repl_cell_running(bool running) {
    if (running) g_int_in_cell = 0;
    g_running = running;
}

bool flyi_repl_cell_was_interrupted(void) { return g_int_in_cell != 0; }

/* Signals handled only while the prompt is up (the terminal is in readline's mode then). */
static const int prompt_sigs[] = {SIGTSTP, SIGTERM, SIGHUP};
static struct sigaction g_old_prompt[3];
static bool g_prompt_set[3];

static void prompt_signals(bool on) {
    for (int i = 0; i < 3; i++) {
        if (on) {
            struct sigaction cur;
            g_prompt_set[i] = false;
            if (sigaction(prompt_sigs[i], NULL, &cur) == 0 && cur.sa_handler != SIG_IGN) {
                set_handler(prompt_sigs[i], &g_old_prompt[i]);
                g_prompt_set[i] = true;
            }
        } else if (g_prompt_set[i]) {
            sigaction(prompt_sigs[i], &g_old_prompt[i], NULL);
            g_prompt_set[i] = false;
        }
    }
    g_stop = 0;
    g_fatal = 0;
}

static void on_line(char *line) {
    g_line = line;
    g_done = true;
    rl_callback_handler_remove();
}

static bool input_pending(void) {
    struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
    return rl_pending_input != 0 || poll(&p, 1, 0) > 0;
}

/* rl_startup_hook: pre-fill the continuation line with the suggested indent, unless the next
 * keys are already waiting (a paste without bracketed-paste mode brings its own indentation). */
static int startup_hook(void) {
    if (g_prefill && *g_prefill && !input_pending()) rl_insert_text(g_prefill);
    return 0;
}

/* Abandon the line being edited: show ^C, restore the terminal, move to a new line. */
static void abort_line(void) {
    rl_echo_signal_char(SIGINT);
    rl_free_line_state();
    rl_callback_sigcleanup();
    rl_cleanup_after_signal();
    rl_callback_handler_remove();
    fputc('\n', rl_outstream);
    fflush(rl_outstream);
}

/* Ctrl-Z at the prompt: give the terminal back, stop, and redraw the line when continued. */
static void suspend_at_prompt(const sigset_t *unblocked) {
    struct sigaction dfl, cur;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    rl_cleanup_after_signal();
    fputc('\n', rl_outstream);
    fflush(rl_outstream);
    sigaction(SIGTSTP, &dfl, &cur);
    sigset_t old;
    sigprocmask(SIG_SETMASK, unblocked, &old);
    raise(SIGTSTP);
    sigprocmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &cur, NULL);
    rl_reset_after_signal();
    rl_on_new_line();
    rl_forced_update_display();
}

flyi_repl_got flyi_repl_readline(const char *prompt, const char *prefill, char **line) {
    sigset_t block, old;
    flyi_repl_got got = FLYI_REPL_GOT_LINE;

    *line = NULL;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGWINCH);
    sigaddset(&block, SIGTSTP);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old);
    prompt_signals(true);
    g_int = 0;
    if (g_winch) {
        g_winch = 0;
        rl_reset_screen_size();
    }
    g_done = false;
    g_line = NULL;
    g_prefill = prefill;
    rl_startup_hook = startup_hook;
    rl_callback_handler_install(prompt, on_line);
    while (!g_done) {
        if (g_int) {
            g_int = 0;
            abort_line();
            got = FLYI_REPL_GOT_INTR;
            break;
        }
        if (g_winch) {
            g_winch = 0;
            rl_resize_terminal();
        }
        if (g_stop) {
            g_stop = 0;
            suspend_at_prompt(&old);
        }
        if (g_fatal) {
            int sig = g_fatal;
            rl_callback_handler_remove();
            rl_cleanup_after_signal();
            signal(sig, SIG_DFL);
            sigprocmask(SIG_UNBLOCK, &block, NULL);
            raise(sig);
            _exit(128 + sig);
        }
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int r = ppoll(&p, 1, NULL, &old);
        if (r < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            abort_line();
            got = FLYI_REPL_GOT_EOF;
            break;
        }
        if (r == 0) continue;
        if (p.revents & POLLNVAL) {
            rl_callback_handler_remove();
            got = FLYI_REPL_GOT_EOF;
            break;
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        rl_callback_read_char();
        sigprocmask(SIG_BLOCK, &block, NULL);
    }
    rl_startup_hook = NULL;
    g_prefill = NULL;
    prompt_signals(false);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (got != FLYI_REPL_GOT_LINE) {
        free(g_line);
        g_line = NULL;
        return got;
    }
    if (!g_line) return FLYI_REPL_GOT_EOF;
    *line = g_line;
    g_line = NULL;
    return FLYI_REPL_GOT_LINE;
}

/* input(..., password): read a line from the terminal with echo off. */
static char *read_password(void) {
    struct termios t, quiet;
    bool restore = tcgetattr(STDIN_FILENO, &t) == 0;
    if (restore) {
        quiet = t;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    size_t len = 0, cap = 64;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int r = poll(&p, 1, 200);
        if (g_int_in_cell || (r < 0 && errno != EINTR)) {
            ok = false;
            break;
        }
        if (r <= 0) continue;
        char c;
        ssize_t n = read(STDIN_FILENO, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ok = false;
            break;
        }
        if (c == '\n' || c == '\r') break;
        if (len + 1 >= cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                ok = false;
                break;
            }
            buf = nb;
        }
        buf[len++] = c;
    }
    if (restore) tcsetattr(STDIN_FILENO, TCSANOW, &t);
    fputc('\n', stdout);
    fflush(stdout);
    if (!ok) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

/* input() when stdin is not a terminal: the prompt on stdout, a line from stdin. */
static char *read_plain(const char *prompt) {
    char *buf = NULL;
    size_t cap = 0;
    fputs(prompt, stdout);
    fflush(stdout);
    ssize_t n = getline(&buf, &cap, stdin);
    if (n < 0) {
        free(buf);
        return NULL;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = '\0';
    return buf;
}

char *flyi_repl_read_input(flyi_repl_out *o, const char *prompt, bool password) {
    char *line = NULL;
    if (!o->tty_in) {
        line = read_plain(prompt);
        o->at_bol = true;
        return line;
    }
    fflush(stdout);
    fflush(stderr);
    if (password) {
        fputs(prompt, stdout);
        fflush(stdout);
        line = read_password();
    } else {
        /* Ctrl-C at this prompt must end the cell: read in prompt mode, then interrupt. */
        bool was_running = g_running;
        g_running = 0;
        flyi_repl_got got = flyi_repl_readline(prompt, NULL, &line);
        g_running = was_running;
        if (got == FLYI_REPL_GOT_INTR) flyi_session_interrupt(o->session);
    }
    o->at_bol = true;
    return line;
}
