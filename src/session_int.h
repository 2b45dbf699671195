/* session_int.h - the session struct, shared by session.c and session_complete.c (internal). */
#ifndef FLYI_SESSION_INT_H
#define FLYI_SESSION_INT_H
#include <stddef.h>
#include "interp.h"
#include "session.h"

struct flyi_session {
    fy_interp *ip;
    int exec_count;
    char **hist;
    size_t nhist, caphist;
    int exit_code;
};
#endif
