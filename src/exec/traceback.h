/* traceback.h - turning an exception into CPython-format traceback lines (internal). */
#ifndef FLYI_TRACEBACK_H
#define FLYI_TRACEBACK_H

#include "objects/object.h"
#include "flyi/sink.h"

/* A formatted exception: owns all strings. */
typedef struct fy_tbinfo {
    flyi_error err;
    flyi_frame *frames;
    char **lines;
    size_t nlines, caplines;
    char *type, *message;
} fy_tbinfo;

/* Format exc (with its __cause__/__context__ chain) into info. skip_frames drops that many
 * outermost frames (the session's own <module> wrapper is not skipped). */
int fy_tb_format(fy_obj *exc, fy_tbinfo *info);
void fy_tb_free(fy_tbinfo *info);
/* "Type: message" line of an exception (malloc'd). */
char *fy_exc_summary(fy_obj *exc);

/* For the traceback/inspect modules. A position is (filename, lineno, name, line, caret): the
 * stripped source line (or None) and the caret line without its indent (or None). */
/* The positions of a traceback chain, outermost first. */
fy_obj *fy_tb_entries(fy_obj *tb);
/* The running Python frames, outermost first: (position, globals, locals dict, code); without
 * full, globals and locals are None; without source, the positions' line and caret are None. */
fy_obj *fy_tb_stack(bool full, bool source);
/* exc's traceback text as CPython prints it, one str per line (no newlines). */
fy_obj *fy_tb_lines(fy_obj *exc);

#endif
