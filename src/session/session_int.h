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
};
#endif
