/* sink.h - where a cell's output goes: streams, rich displays, errors, input. Data types only.
 *
 * Part of the session API (session.h includes it). The interpreter keeps the running cell's
 * sink in its state, so the layers below the session (builtins, display modules, the tracer)
 * include this header alone and never the session's functions. */
#ifndef FLYI_SINK_H
#define FLYI_SINK_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { FLYI_STDOUT = 1, FLYI_STDERR = 2 } flyi_stream;

/* One MIME bundle: n parallel (mime type, data) pairs, e.g. "text/plain" + "image/svg+xml". */
typedef struct flyi_display {
    size_t n;
    const char *const *mime;
    const char *const *data;
    /* display(obj, display_id=...): the id later updates name, else NULL. With update, the bundle
     * replaces what was shown under display_id (Jupyter: update_display_data); a front end that
     * cannot replace output shows it as a new display. */
    const char *display_id;
    bool update;
} flyi_display;

/* One traceback frame, innermost last (Python's order). */
typedef struct flyi_frame {
    const char *file;        /* "<cell 3>", "<string>", or a path */
    const char *function;    /* "<module>" for top-level code */
    int line;                /* 1-based; 0 when unknown */
    int col_start, col_end;  /* 0-based byte columns of the failing expression in source_line */
    const char *source_line; /* the line's text without newline, or NULL */
} flyi_frame;

/* An uncaught exception: Python type name, message (str(exc)), frames, and the traceback as
 * ready-made lines in CPython's format (no colors), ending with "Type: message". */
typedef struct flyi_error {
    const char *type;
    const char *message;
    size_t nframes;
    const flyi_frame *frames;
    size_t nlines;
    const char *const *lines;
} flyi_error;

/* Where a cell's output goes. Any callback may be NULL (output dropped). Pointers passed to the
 * callbacks are valid only during the call. */
typedef struct flyi_sink {
    void *user;
    /* stdout/stderr text, delivered as it is produced (not at the end of the cell). */
    void (*stream)(void *user, flyi_stream which, const char *text, size_t len);
    /* A rich value: is_result is true for the cell's final expression value (execute_result),
     * false for explicit displays (display_data). */
    void (*display)(void *user, const flyi_display *bundle, bool is_result);
    /* The cell ended with an uncaught exception. */
    void (*error)(void *user, const flyi_error *err);
    /* input(): return a malloc'd line without its newline, or NULL for EOF/not allowed
     * (then input() raises EOFError). */
    char *(*input)(void *user, const char *prompt, bool password);
    /* %load: make text (UTF-8) the next input's initial contents (the REPL pre-fills its prompt,
     * Jupyter sends a set_next_input payload). NULL: %load reports that it cannot. */
    void (*set_next_input)(void *user, const char *text);
    /* IPython.display.clear_output(wait): clear the cell's output so far (wait: when the next
     * output arrives). NULL: ignored. */
    void (*clear_output)(void *user, bool wait);
} flyi_sink;

#endif
