/* session.h - the one engine API every flyi front end uses (REPL, Jupyter kernel, script runner).
 *
 * A session owns all interpreter state: globals, modules, history, options. Front ends hand it
 * cell text plus a sink and render whatever arrives at the sink; they never reach past this
 * header. All text is UTF-8; all positions in this API are byte offsets into the given text
 * (front ends that need code points, like Jupyter, convert). */
#ifndef FLYI_SESSION_H
#define FLYI_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include "flyi/sink.h"

typedef struct flyi_session flyi_session;

typedef enum {
    FLYI_OK = 0,     /* the cell ran to its end */
    FLYI_ERROR = 1,  /* an exception escaped (already reported to sink->error) */
    FLYI_EXIT = 2,   /* sys.exit()/exit()/quit() was called; see flyi_session_exit_code */
} flyi_status;

/* Create an independent session; argv becomes sys.argv (argc may be 0). NULL on out of memory.
 * The environment variable FLYI_STEP_LIMIT=N, read here, bounds every cell to N steps (loop
 * back-edges, calls, items consumed by builtins): past it the cell gets RuntimeError("step budget
 * exhausted") at every check until it ends (fuzzing, untrusted input). */
flyi_session *flyi_session_new(int argc, char **argv);
/* Destroy a session and everything it owns. */
void flyi_session_free(flyi_session *s);

/* Run one cell against the session's persistent globals. filename names the source in
 * tracebacks (NULL: "<cell N>" with N the execution count). A final expression statement's
 * value is sent to sink->display as a result unless it is None. */
flyi_status flyi_session_eval(flyi_session *s, const char *cell, const char *filename, const flyi_sink *sink);
/* Run a whole file as __main__ (parsed before any of it runs; its folder joins the module
 * search path). */
flyi_status flyi_session_run_file(flyi_session *s, const char *path, const flyi_sink *sink);
/* Run module `name` as __main__, as `python -m name` does: the current folder joins the search
 * path first, sys.argv[0] becomes the module's file; an embedded module is found first. */
flyi_status flyi_session_run_module(flyi_session *s, const char *name, const flyi_sink *sink);
/* The program ends (a script, -c or the REPL's input is done): wait for the threads it started
 * that are not daemon threads, as CPython does at exit; their output goes to sink. */
void flyi_session_finish(flyi_session *s, const flyi_sink *sink);
/* The status passed to sys.exit() after FLYI_EXIT (0 when none). */
int flyi_session_exit_code(const flyi_session *s);
/* The number of cells run so far that counted in the history (Jupyter's execution_count). */
int flyi_session_execution_count(const flyi_session *s);

typedef enum { FLYI_COMPLETE, FLYI_INCOMPLETE, FLYI_INVALID } flyi_completeness;
/* Is `text` a complete cell? For FLYI_INCOMPLETE, indent (if not NULL) receives the
 * indentation to suggest for the next line (e.g. "    "), NUL-terminated, within cap bytes. */
flyi_completeness flyi_session_is_complete(flyi_session *s, const char *text, char *indent, size_t cap);

/* Completion candidates for the text before `cursor`; they replace bytes [start, end). */
typedef struct flyi_completions {
    size_t n;
    char **items;
    size_t start, end;
} flyi_completions;
/* Fill `out` (free with flyi_completions_free); returns the number of candidates. */
size_t flyi_session_complete(flyi_session *s, const char *text, size_t cursor, flyi_completions *out);
void flyi_completions_free(flyi_completions *c);

/* Signature and docstring of the name at `cursor` as plain text (malloc'd), or NULL. */
char *flyi_session_inspect(flyi_session *s, const char *text, size_t cursor);

/* Ask the running cell to stop with KeyboardInterrupt at its next check. Async-signal-safe;
 * may be called from another thread. A request made while no cell runs is dropped; one made
 * any time after flyi_session_eval/run_file was entered is kept until the cell checks it. */
void flyi_session_interrupt(flyi_session *s);
/* on=1: the next cell to start begins interrupted (an interrupt a front end got while starting that cell, which
 * flyi_session_interrupt would drop as idle); on=0 cancels. Async-signal-safe. */
void flyi_session_interrupt_next(flyi_session *s, int on);
/* Forget all user globals and imported user modules (like IPython's %reset -f). */
void flyi_session_reset(flyi_session *s);

/* The input history, oldest first: the cells passed to flyi_session_eval. */
size_t flyi_session_history_count(const flyi_session *s);
const char *flyi_session_history_get(const flyi_session *s, size_t i);

/* One line for a front end's banner: the compile target and the backend kernels will launch on,
 * e.g. "target gfx942, backend: CPU emulator (no AMD GPU runtime found)". Cheap: it never loads
 * the compiler core (only probes for the HIP runtime library). Writes at most cap bytes. */
void flyi_session_describe(flyi_session *s, char *buf, size_t cap);

#endif
