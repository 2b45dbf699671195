/* repl_render.c - the REPL's sink: stream text, display values and errors on the terminal. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repl_int.h"

#define SGR_RED "\033[31m"
#define SGR_BOLD_RED "\033[1;31m"
#define SGR_RESET "\033[0m"

void flyi_repl_out_init(flyi_repl_out *o, flyi_session *s) {
    const char *no_color = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    o->session = s;
    o->at_bol = true;
    o->tty_in = isatty(STDIN_FILENO) == 1;
    o->color_err = isatty(STDERR_FILENO) == 1 && !(no_color && *no_color) && !(term && strcmp(term, "dumb") == 0);
}

void flyi_repl_write(flyi_repl_out *o, flyi_stream which, const char *text, size_t len) {
    FILE *f = which == FLYI_STDERR ? stderr : stdout;
    if (!text || len == 0) return;
    fflush(which == FLYI_STDERR ? stdout : stderr);
    fwrite(text, 1, len, f);
    fflush(f);
    o->at_bol = text[len - 1] == '\n';
}

void flyi_repl_ensure_bol(flyi_repl_out *o) {
    if (!o->at_bol) flyi_repl_write(o, FLYI_STDOUT, "\n", 1);
    o->at_bol = true;
}

/* Write one physical line (no newline in it) of an error to stderr, colored with sgr if any. */
static void err_line(flyi_repl_out *o, const char *sgr, const char *text, size_t len) {
    if (sgr && len > 0) {
        fputs(sgr, stderr);
        fwrite(text, 1, len, stderr);
        fputs(SGR_RESET, stderr);
    } else {
        fwrite(text, 1, len, stderr);
    }
    fputc('\n', stderr);
    o->at_bol = true;
}

/* Write text that may hold several lines (a trailing newline is dropped) with one color. */
static void err_text(flyi_repl_out *o, const char *sgr, const char *text) {
    size_t len = strlen(text);
    if (len > 0 && text[len - 1] == '\n') len--;
    for (;;) {
        const char *nl = memchr(text, '\n', len);
        size_t n = nl ? (size_t)(nl - text) : len;
        err_line(o, sgr, text, n);
        if (!nl) break;
        text += n + 1;
        len -= n + 1;
    }
}

/* Build the traceback from the frames when the session gave no ready-made lines. */
static void err_from_frames(flyi_repl_out *o, const flyi_error *e, const char *red) {
    char buf[512];
    if (e->nframes > 0 && e->frames) err_text(o, red, "Traceback (most recent call last):");
    for (size_t i = 0; i < e->nframes && e->frames; i++) {
        const flyi_frame *f = &e->frames[i];
        snprintf(buf, sizeof buf, "  File \"%s\", line %d, in %s", f->file ? f->file : "?", f->line,
                 f->function ? f->function : "?");
        err_text(o, red, buf);
        if (!f->source_line) continue;
        const char *src = f->source_line;
        while (*src == ' ' || *src == '\t') src++;
        size_t skip = (size_t)(src - f->source_line);
        snprintf(buf, sizeof buf, "    %s", src);
        err_text(o, red, buf);
        if (f->col_end > f->col_start && (size_t)f->col_start >= skip) {
            size_t a = (size_t)f->col_start - skip, b = (size_t)f->col_end - skip;
            if (b < sizeof buf - 8) {
                memset(buf, ' ', 4 + a);
                memset(buf + 4 + a, '^', b - a);
                buf[4 + b] = '\0';
                err_text(o, red, buf);
            }
        }
    }
}

void flyi_repl_render_error(flyi_repl_out *o, const flyi_error *e) {
    const char *red = o->color_err ? SGR_RED : NULL;
    const char *bold = o->color_err ? SGR_BOLD_RED : NULL;
    fflush(stdout);
    if (!o->at_bol) {
        fputc('\n', stderr);
        o->at_bol = true;
    }
    if (!e) {
        err_text(o, bold, "Error: (no details)");
    } else if (e->nlines > 0 && e->lines) {
        for (size_t i = 0; i < e->nlines; i++)
            if (e->lines[i]) err_text(o, i + 1 == e->nlines ? bold : red, e->lines[i]);
    } else {
        err_from_frames(o, e, red);
        const char *type = e->type ? e->type : "Error";
        const char *msg = e->message ? e->message : "";
        size_t n = strlen(type) + strlen(msg) + 3;
        char *last = malloc(n);
        if (last) {
            snprintf(last, n, *msg ? "%s: %s" : "%s%s", type, msg);
            err_text(o, bold, last);
            free(last);
        }
    }
    fflush(stderr);
}

static void sink_stream(void *user, flyi_stream which, const char *text, size_t len) {
    flyi_repl_write(user, which == FLYI_STDERR ? FLYI_STDERR : FLYI_STDOUT, text, len);
}

static void sink_display(void *user, const flyi_display *b, bool is_result) {
    flyi_repl_out *o = user;
    const char *plain = NULL;
    (void)is_result;
    if (!b) return;
    for (size_t i = 0; i < b->n; i++)
        if (b->mime && b->data && b->mime[i] && b->data[i] && strcmp(b->mime[i], "text/plain") == 0) {
            plain = b->data[i];
            break;
        }
    if (plain) {
        size_t len = strlen(plain);
        flyi_repl_ensure_bol(o);
        flyi_repl_write(o, FLYI_STDOUT, plain, len);
        if (len == 0 || plain[len - 1] != '\n') flyi_repl_write(o, FLYI_STDOUT, "\n", 1);
        return;
    }
    /* Nothing a terminal can show: name what there was. */
    flyi_repl_ensure_bol(o);
    flyi_repl_write(o, FLYI_STDOUT, "<display:", 9);
    for (size_t i = 0; i < b->n && b->mime; i++) {
        const char *m = b->mime[i] ? b->mime[i] : "?";
        flyi_repl_write(o, FLYI_STDOUT, " ", 1);
        flyi_repl_write(o, FLYI_STDOUT, m, strlen(m));
    }
    flyi_repl_write(o, FLYI_STDOUT, ">\n", 2);
}

static void sink_error(void *user, const flyi_error *err) {
    flyi_repl_out *o = user;
    /* The terminal echoed "^C" without a newline when the cell was interrupted. */
    if (flyi_repl_cell_was_interrupted() && o->tty_in) o->at_bol = false;
    flyi_repl_render_error(o, err);
}

static char *sink_input(void *user, const char *prompt, bool password) {
    return flyi_repl_read_input(user, prompt ? prompt : "", password);
}

/* %load: keep the text (trailing newlines dropped) for the next prompt's edit buffer. */
static void sink_set_next_input(void *user, const char *text) {
    flyi_repl_out *o = user;
    if (!text) return;
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r')) n--;
    char *copy = strndup(text, n);
    if (!copy) return;
    free(o->next_input);
    o->next_input = copy;
}

flyi_sink flyi_repl_sink(flyi_repl_out *o) {
    flyi_sink k = {.user = o,
                   .stream = sink_stream,
                   .display = sink_display,
                   .error = sink_error,
                   .input = sink_input,
                   .set_next_input = sink_set_next_input};
    return k;
}
