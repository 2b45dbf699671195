/* repl.c - the interactive loop of `flyi`: cells assembled from lines, history, `name?` help.
 *
 * A cell grows line by line until flyi_session_is_complete says it is complete (a block ends on
 * an empty line, as in Python's REPL). One input holding several lines (a bracketed paste, or a
 * recalled multi-line history entry) is taken as a whole: it runs as soon as it would be complete
 * with an empty line after it. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <fcntl.h>
#include <locale.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "repl.h"
#include "repl_int.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

#define HISTORY_MAX 10000
#define KEEP_GOING (-1)

typedef struct strbuf {
    char *p;
    size_t len, cap;
} strbuf;

typedef struct repl {
    flyi_session *s;
    flyi_repl_out out;
    flyi_sink sink;
    char *histfile;
    strbuf cell;      /* the lines of the cell being entered, each ending in '\n' */
    char indent[128]; /* the indent suggested for the next continuation line */
    bool any_error;   /* a cell raised (stdin not a terminal: exit status 1) */
} repl;

static bool sb_add(strbuf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) return false;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
    return true;
}

static bool is_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\f') return false;
    return true;
}

/* ---- history: ~/.flyi_history (FLYI_HISTFILE overrides), multi-line entries kept whole ---- */

static char *history_path(void) {
    const char *e = getenv("FLYI_HISTFILE");
    char *path = NULL;
    if (e && *e) return strdup(e);
    const char *home = getenv("HOME");
    if (!home || !*home) {
        struct passwd *pw = getpwuid(getuid());
        home = pw ? pw->pw_dir : NULL;
    }
    if (!home || asprintf(&path, "%s/.flyi_history", home) < 0) return NULL;
    return path;
}

static void history_init(repl *r) {
    using_history();
    stifle_history(HISTORY_MAX);
    /* A timestamp line before each entry lets a multi-line cell come back as one entry;
     * read_history turns history_multiline_entries on when the file starts with one. */
    history_comment_char = '#';
    history_write_timestamps = 1;
    history_multiline_entries = 0;
    r->histfile = history_path();
    if (r->histfile) read_history(r->histfile);
}

/* Remember a cell (without trailing newlines), unless it repeats the previous entry. */
static void history_add_cell(repl *r, const char *text, size_t len) {
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' ')) len--;
    if (len == 0) return;
    char *entry = strndup(text, len);
    if (!entry) return;
    /* The history file drops empty lines; a lone space keeps a pasted block's shape. */
    strbuf kept = {0};
    for (char *p = entry;;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n == 0 && nl) sb_add(&kept, " ", 1);
        else sb_add(&kept, p, n);
        if (!nl) break;
        sb_add(&kept, "\n", 1);
        p = nl + 1;
    }
    free(entry);
    if (!kept.p) return;
    HIST_ENTRY **list = history_list();
    if (list && history_length > 0 && list[history_length - 1] && strcmp(list[history_length - 1]->line, kept.p) == 0) {
        free(kept.p);
        return;
    }
    add_history(kept.p);
    free(kept.p);
    if (r->histfile) {
        int fd = open(r->histfile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd >= 0) {
            close(fd);
            append_history(1, r->histfile);
        }
    }
}

static void history_finish(repl *r) {
    if (r->histfile) history_truncate_file(r->histfile, HISTORY_MAX);
    free(r->histfile);
    r->histfile = NULL;
}

/* ---- `name?` and `name??` (IPython's convention): the session's inspect text ---- */

/* If line is `name?`, `name??`, `?name` or `??name` (name a dotted identifier), return name. */
static char *help_query(const char *line) {
    size_t a = 0, b = strlen(line);
    while (a < b && (line[a] == ' ' || line[a] == '\t')) a++;
    while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t')) b--;
    size_t lead = 0, trail = 0;
    while (a + lead < b && line[a + lead] == '?') lead++;
    while (b - trail > a + lead && line[b - trail - 1] == '?') trail++;
    if ((lead == 0) == (trail == 0) || lead > 2 || trail > 2) return NULL;
    a += lead;
    b -= trail;
    if (a >= b || (line[a] >= '0' && line[a] <= '9') || line[a] == '.') return NULL;
    for (size_t i = a; i < b; i++) {
        char c = line[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                  (unsigned char)c >= 0x80;
        if (!ok) return NULL;
    }
    return strndup(line + a, b - a);
}

static void show_help(repl *r, const char *name) {
    char *text = flyi_session_inspect(r->s, name, strlen(name));
    if (text) {
        size_t n = strlen(text);
        flyi_repl_write(&r->out, FLYI_STDOUT, text, n);
        if (n == 0 || text[n - 1] != '\n') flyi_repl_write(&r->out, FLYI_STDOUT, "\n", 1);
        free(text);
    } else {
        char msg[300];
        int n = snprintf(msg, sizeof msg, "Object `%.200s` not found.\n", name);
        flyi_repl_write(&r->out, FLYI_STDOUT, msg, (size_t)n);
    }
}

/* ---- deciding when a cell is complete ---- */

/* Is the last non-blank line of text a block header (ends with ':', a trailing comment aside)? */
static bool header_without_body(const char *text) {
    size_t e = strlen(text);
    for (;;) {
        while (e > 0 && text[e - 1] == '\n') e--;
        size_t b = e;
        while (b > 0 && text[b - 1] != '\n') b--;
        if (!is_blank(text + b, e - b) || b == 0) {
            const char *hash = memchr(text + b, '#', e - b);
            if (hash && !memchr(text + b, '\'', e - b) && !memchr(text + b, '"', e - b)) e = (size_t)(hash - text);
            while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) e--;
            return e > b && text[e - 1] == ':';
        }
        e = b;
    }
}

static flyi_completeness completeness(repl *r, const char *text) {
    r->indent[0] = '\0';
    flyi_completeness c = flyi_session_is_complete(r->s, text, r->indent, sizeof r->indent);
    r->indent[sizeof r->indent - 1] = '\0';
    return c;
}

/* ---- running cells ---- */

static int run_cell(repl *r) {
    const char *cell = r->cell.p ? r->cell.p : "";
    history_add_cell(r, cell, r->cell.len);
    flyi_repl_cell_running(true);
    flyi_status st = flyi_session_eval(r->s, cell, NULL, &r->sink);
    flyi_repl_cell_running(false);
    if (flyi_repl_cell_was_interrupted() && st != FLYI_ERROR && r->out.tty_in)
        r->out.at_bol = false; /* the terminal echoed ^C */
    fflush(stdout);
    fflush(stderr);
    r->cell.len = 0;
    if (r->cell.p) r->cell.p[0] = '\0';
    if (st == FLYI_ERROR) r->any_error = true;
    if (st == FLYI_EXIT) return flyi_session_exit_code(r->s);
    return KEEP_GOING;
}

/* Take one input (a typed line, or several lines at once). force: run what there is (EOF).
 * Returns KEEP_GOING or the exit status. */
static int feed(repl *r, char *line, bool force) {
    /* \r\n and lone \r (pasted text) become \n; trailing empty lines of a paste go. */
    size_t w = 0;
    for (size_t i = 0; line[i]; i++) {
        if (line[i] == '\r') {
            line[w++] = '\n';
            if (line[i + 1] == '\n') i++;
        } else {
            line[w++] = line[i];
        }
    }
    line[w] = '\0';
    for (;;) {
        if (w > 0 && line[w - 1] == '\n') {
            line[--w] = '\0';
            continue;
        }
        char *nl = memrchr(line, '\n', w);
        if (nl && is_blank(nl + 1, w - (size_t)(nl + 1 - line))) {
            w = (size_t)(nl - line);
            line[w] = '\0';
            continue;
        }
        break;
    }
    bool multi = strchr(line, '\n') != NULL;
    if (!multi && is_blank(line, w)) line[w = 0] = '\0';

    if (r->cell.len == 0 && !force) {
        if (w == 0) return KEEP_GOING;
        char *name = multi ? NULL : help_query(line);
        if (name) {
            history_add_cell(r, line, w);
            show_help(r, name);
            free(name);
            return KEEP_GOING;
        }
    }
    if (!sb_add(&r->cell, line, w) || !sb_add(&r->cell, "\n", 1)) {
        fputs("flyi: out of memory\n", stderr);
        r->cell.len = 0;
        return KEEP_GOING;
    }
    if (r->cell.len == 1) { /* only the newline: EOF at an empty continuation */
        r->cell.len = 0;
        return KEEP_GOING;
    }
    if (!force) {
        flyi_completeness c;
        if (multi) {
            /* as if an empty line followed the pasted block */
            size_t keep = r->cell.len;
            if (!sb_add(&r->cell, "\n", 1)) return KEEP_GOING;
            c = completeness(r, r->cell.p);
            r->cell.p[r->cell.len = keep] = '\0';
        } else {
            c = completeness(r, r->cell.p);
        }
        /* An empty line right after a block header can only be an error (Python reports
         * "expected an indented block" there): run the cell to show it. */
        if (c == FLYI_INCOMPLETE && !(w == 0 && header_without_body(r->cell.p))) return KEEP_GOING;
    }
    return run_cell(r);
}

/* stdin is not a terminal: the same cells, no prompts, no editing. */
static int run_plain(repl *r) {
    char *buf = NULL;
    size_t cap = 0;
    int status = KEEP_GOING;
    while (status == KEEP_GOING) {
        ssize_t n = getline(&buf, &cap, stdin);
        if (n < 0) {
            if (r->cell.len > 0) status = feed(r, (char[]){""}, true);
            break;
        }
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = '\0';
        status = feed(r, buf, false);
    }
    free(buf);
    if (status == KEEP_GOING) status = r->any_error ? 1 : 0;
    return status;
}

static int run_tty(repl *r) {
    for (;;) {
        flyi_repl_ensure_bol(&r->out);
        bool cont = r->cell.len > 0;
        char *line = NULL;
        /* after %load the prompt starts with the file's text, all lines in one edit buffer */
        flyi_repl_got got = flyi_repl_readline(cont ? "... " : ">>> ", cont ? r->indent : r->out.next_input, &line);
        if (!cont) {
            free(r->out.next_input);
            r->out.next_input = NULL;
        }
        r->out.at_bol = true;
        if (got == FLYI_REPL_GOT_INTR) {
            r->cell.len = 0;
            continue;
        }
        int status;
        if (got == FLYI_REPL_GOT_EOF) {
            /* readline 8.2 ends the line itself when it had bracketed paste on */
            bool ended = false;
#if RL_READLINE_VERSION >= 0x0802
            const char *bp = rl_variable_value("enable-bracketed-paste");
            ended = rl_eof_found && bp && strcmp(bp, "on") == 0;
#endif
            if (!ended) flyi_repl_write(&r->out, FLYI_STDOUT, "\n", 1);
            if (!cont) return 0;
            status = feed(r, (char[]){""}, true);
        } else {
            status = feed(r, line, false);
        }
        free(line);
        if (status != KEEP_GOING) return status;
    }
}

static void banner(flyi_session *s) {
    char info[256];
    flyi_session_describe(s, info, sizeof info);
    printf("flyi " PACKAGE_VERSION " \xe2\x80\x94 FlyDSL-style kernels interactively; %s\n"
           "%%help for commands, name? for help on a name, Ctrl-D to exit\n",
           info);
    fflush(stdout);
}

int flyi_repl_run(flyi_session *s) {
    repl r;
    int status;
    if (!s) return 1;
    memset(&r, 0, sizeof r);
    r.s = s;
    flyi_repl_out_init(&r.out, s);
    r.sink = flyi_repl_sink(&r.out);
    if (!r.out.tty_in) {
        status = run_plain(&r);
        free(r.cell.p);
        free(r.out.next_input);
        return status;
    }
    /* readline needs a character set: the user's, or UTF-8 rather than plain C. */
    const char *loc = setlocale(LC_CTYPE, "");
    if (!loc || strcmp(loc, "C") == 0 || strcmp(loc, "POSIX") == 0) setlocale(LC_CTYPE, "C.UTF-8");
    rl_readline_name = "flyi";
    rl_instream = stdin;
    rl_outstream = stdout;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    flyi_repl_complete_init(s);
    history_init(&r);
    flyi_repl_signals_init(s);
    banner(s);
    status = run_tty(&r);
    fflush(stdout);
    flyi_repl_signals_restore();
    history_finish(&r);
    free(r.cell.p);
    free(r.out.next_input);
    return status;
}
