/* repl.h - the interactive front end of `flyi` (GNU readline on a terminal). */
#ifndef FLYI_REPL_H
#define FLYI_REPL_H

#include "flyi/session.h"

/* Run the interactive loop on stdin/stdout against session s until Ctrl-D or exit(); returns the
 * process exit status (0 on Ctrl-D, the code passed to exit()/quit()/sys.exit()). */
int flyi_repl_run(flyi_session *s);

#endif
