/* session_int.h - the session struct, shared by session.c and session_complete.c (internal). */
#ifndef FLYI_SESSION_INT_H
#define FLYI_SESSION_INT_H
#include <stdatomic.h>
#include <stddef.h>
#include "exec/interp.h"
#include "flyi/session.h"

struct flyi_session {
    fy_interp *ip;
    int exec_count;
    char **hist;
    size_t nhist, caphist;
    int exit_code;
    /* odd while a cell runs: incremented when flyi_session_eval/run_file starts and ends.
     * Lock-free, so flyi_session_interrupt stays async-signal-safe. */
    atomic_uint cell_gen;
    /* 1: the next cell to start begins interrupted (flyi_session_interrupt_next) */
    atomic_int armed;
};
/* session_magic.c: a cell's %magic lines as _flyi_magic(...) calls (malloc'd; NULL: none), the
 * _flyi_magic builtin for interpreter ip; session_magic_diff.c: the unified diff of two texts (a str). */
/* Completions of a %magic line (its names, file names after %load/%run); true when text is one. */
bool fy_magic_complete(fy_interp *ip, const char *text, size_t cursor, flyi_completions *out);
char *fy_magic_transform(const char *cell);
/* What a reset forgets (session.c, for flyi_session_reset and %reset): the user's names, modules
 * loaded from files, `_`, the last compiled kernel. */
void fy_session_forget_names(fy_interp *ip);
int fy_magic_install(fy_interp *ip);
fy_obj *fy_magic_diff(const char *a, const char *b, const char *aname, const char *bname);
#endif
