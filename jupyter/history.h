/* history.h - the kernel's input history (cells run with store_history), for history_request. */
#ifndef FK_HISTORY_H
#define FK_HISTORY_H

#include <jansson.h>
#include <stddef.h>

typedef struct fk_hist_entry {
    int line;      /* the cell's execution count */
    char *input;
    char *output;  /* text/plain of the result, or NULL */
} fk_hist_entry;

typedef struct fk_history {
    fk_hist_entry *e;
    size_t n, cap;
} fk_history;

/* Record one cell (copies input; output may be NULL). Silently drops it on out of memory. */
void fk_history_add(fk_history *h, int line, const char *input);
/* Set the output text of the entry for `line` (copied), if it exists. */
void fk_history_set_output(fk_history *h, int line, const char *output);
/* Free all entries. */
void fk_history_free(fk_history *h);
/* Build the history_reply "history" list for a history_request content. */
json_t *fk_history_query(const fk_history *h, json_t *request);

#endif
