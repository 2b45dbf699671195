/* repl_int.h - pieces of the REPL shared between its files (not a public API). */
#ifndef FLYI_REPL_INT_H
#define FLYI_REPL_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "flyi/session.h"

/* ---- repl_render.c: output of a cell on the terminal ---- */

/* Terminal output state behind the sink's callbacks. */
typedef struct flyi_repl_out {
    bool color_err;        /* errors in color (stderr is a tty, NO_COLOR unset, TERM not dumb) */
    bool at_bol;           /* the terminal cursor is at the start of a line, as far as we know */
    bool tty_in;           /* stdin is a terminal: input() reads through readline */
    flyi_session *session; /* for input() interrupted by Ctrl-C */
    char *next_input;      /* %load: the text the next prompt starts with (malloc'd), or NULL */
} flyi_repl_out;

/* Decide colors from isatty(2), NO_COLOR and TERM; the cursor is assumed at column 0. */
void flyi_repl_out_init(flyi_repl_out *o, flyi_session *s);
/* A sink whose callbacks render to stdout/stderr through o. */
flyi_sink flyi_repl_sink(flyi_repl_out *o);
/* Write text to stdout or stderr now (flushing the other stream first) and track the column. */
void flyi_repl_write(flyi_repl_out *o, flyi_stream which, const char *text, size_t len);
/* Print a newline if the last output left the cursor in the middle of a line. */
void flyi_repl_ensure_bol(flyi_repl_out *o);
/* Render an uncaught exception: traceback lines, the last one "Type: message" (red on a tty). */
void flyi_repl_render_error(flyi_repl_out *o, const flyi_error *err);

/* ---- repl_line.c: reading lines with readline, signals ---- */

typedef enum { FLYI_REPL_GOT_LINE, FLYI_REPL_GOT_EOF, FLYI_REPL_GOT_INTR } flyi_repl_got;

/* Install the SIGINT/SIGWINCH handlers; SIGINT interrupts s while a cell runs. */
void flyi_repl_signals_init(flyi_session *s);
/* Put the signal handlers back as they were before flyi_repl_signals_init. */
void flyi_repl_signals_restore(void);
/* Mark the start/end of a running cell: Ctrl-C then interrupts the session instead of the line. */
void flyi_repl_cell_running(bool running);
/* True if Ctrl-C was pressed since the running cell started. */
bool flyi_repl_cell_was_interrupted(void);
/* Read one line with readline and prompt, the edit buffer pre-filled with prefill (NULL: empty;
 * skipped while typed-ahead input is pending). *line is malloc'd (no trailing newline). */
flyi_repl_got flyi_repl_readline(const char *prompt, const char *prefill, char **line);
/* Read a line for input(): readline without history on a tty (echo off if password), else
 * stdin; NULL on EOF or Ctrl-C (which also interrupts the session). */
char *flyi_repl_read_input(flyi_repl_out *o, const char *prompt, bool password);

/* ---- repl_complete.c: Tab completion ---- */

/* Route readline's Tab completion to flyi_session_complete on s (file names after %load/%run). */
void flyi_repl_complete_init(flyi_session *s);

#endif
