/* history.c - store cells and answer history_request (tail, range, search). */
#include "history.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "wire.h"

/* All history of this process is reported as session number 1 (no history database). */
#define FK_HIST_SESSION 1

void fk_history_add(fk_history *h, int line, const char *input) {
    if (h->n == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 64;
        fk_hist_entry *e = realloc(h->e, cap * sizeof *e);
        if (!e) return;
        h->e = e;
        h->cap = cap;
    }
    char *in = strdup(input ? input : "");
    if (!in) return;
    h->e[h->n++] = (fk_hist_entry){line, in, NULL};
}

void fk_history_set_output(fk_history *h, int line, const char *output) {
    for (size_t i = h->n; i-- > 0;)
        if (h->e[i].line == line) {
            free(h->e[i].output);
            h->e[i].output = output ? strdup(output) : NULL;
            return;
        }
}

void fk_history_free(fk_history *h) {
    for (size_t i = 0; i < h->n; i++) {
        free(h->e[i].input);
        free(h->e[i].output);
    }
    free(h->e);
    memset(h, 0, sizeof *h);
}

static json_t *entry(const fk_hist_entry *e, int output) {
    json_t *in = fk_json_str(e->input);
    if (output)
        return json_pack("[i,i,[o,o]]", FK_HIST_SESSION, e->line, in, e->output ? fk_json_str(e->output) : json_null());
    return json_pack("[i,i,o]", FK_HIST_SESSION, e->line, in);
}

json_t *fk_history_query(const fk_history *h, json_t *rq) {
    json_t *out = json_array();
    if (!out) return NULL;
    int output = fk_jget_bool(rq, "output", 0);
    const char *type = fk_jget_str(rq, "hist_access_type", "tail");
    long long n = fk_jget_int(rq, "n", 10);
    if (n < 0) n = 0;
    if (!strcmp(type, "tail")) {
        size_t first = (size_t)n >= h->n ? 0 : h->n - (size_t)n;
        for (size_t i = first; i < h->n; i++) json_array_append_new(out, entry(&h->e[i], output));
    } else if (!strcmp(type, "range")) {
        long long sess = fk_jget_int(rq, "session", 0);
        long long start = fk_jget_int(rq, "start", 0), stop = fk_jget_int(rq, "stop", 0);
        /* session 0 or negative means "this session" (relative numbering); ours is the only one */
        if (sess <= 0 || sess == FK_HIST_SESSION)
            for (size_t i = 0; i < h->n; i++) {
                int line = h->e[i].line;
                if (line >= start && (stop <= 0 || line < stop)) json_array_append_new(out, entry(&h->e[i], output));
            }
    } else if (!strcmp(type, "search")) {
        const char *pat = fk_jget_str(rq, "pattern", "*");
        int unique = fk_jget_bool(rq, "unique", 0);
        json_t *hits = json_array();
        for (size_t i = h->n; i-- > 0;) {
            if (fnmatch(pat, h->e[i].input, 0) != 0) continue;
            if (unique) {
                int seen = 0;
                size_t j;
                json_t *v;
                json_array_foreach(hits, j, v) {
                    json_t *in = json_array_get(v, 2);
                    if (json_is_array(in)) in = json_array_get(in, 0);
                    if (!strcmp(json_string_value(in) ? json_string_value(in) : "", h->e[i].input)) {
                        seen = 1;
                        break;
                    }
                }
                if (seen) continue;
            }
            json_array_append_new(hits, entry(&h->e[i], output));
            if (n > 0 && (long long)json_array_size(hits) >= n) break;
        }
        /* collected newest first; reply oldest first */
        for (size_t j = json_array_size(hits); j-- > 0;) json_array_append(out, json_array_get(hits, j));
        json_decref(hits);
    }
    return out;
}
