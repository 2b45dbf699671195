/* capture.h - stdout/stderr captured at the file-descriptor level and turned into stream
 * messages: fds 1 and 2 go into pipes, a reader thread coalesces what arrives (on ~50 ms of
 * age or 32 KiB of volume), and text from the session's sink joins the same ordered stream. */
#ifndef FK_CAPTURE_H
#define FK_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fk_capture fk_capture;

/* Called (with the capture lock held) for each chunk: name is "stdout" or "stderr", text is
 * valid UTF-8, parent is the raw header JSON of the current request (NULL before any). */
typedef void (*fk_emit_fn)(void *user, const char *name, const char *text, size_t len, const char *parent,
                           size_t parent_len);

/* Redirect fds 1 and 2 into pipes and start the reader thread; NULL (nothing changed) on
 * failure. fd 0 is pointed at /dev/null. */
fk_capture *fk_capture_start(fk_emit_fn emit, void *user);
/* Attribute output from now on to this request (raw header bytes, copied). */
void fk_capture_set_parent(fk_capture *c, const char *parent, size_t len);
/* While on, everything captured is dropped (silent executes). */
void fk_capture_set_discard(fk_capture *c, bool on);
/* Text from the session's sink (which: 1 stdout, 2 stderr): fd output written before it is
 * emitted first, so the order is kept. */
void fk_capture_write(fk_capture *c, int which, const char *text, size_t len);
/* fflush stdio, read everything already in the pipes and emit all pending text now. */
void fk_capture_flush(fk_capture *c);
/* Flush, stop the thread, restore fds 1 and 2, free. NULL is fine. */
void fk_capture_stop(fk_capture *c);

#endif
