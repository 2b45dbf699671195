/* traceback.h - an engine error as Jupyter's colored traceback (list of strings). */
#ifndef FK_TRACEBACK_H
#define FK_TRACEBACK_H

#include <jansson.h>

#include "flyi/session.h"

/* The traceback list for an error/execute_reply: IPython-like layout with ANSI colors, ending
 * with "Type: message". Never empty (at least the last line). */
json_t *fk_traceback(const flyi_error *err);

#endif
