/* repl_complete.c - Tab completion: readline asks, the session answers.
 *
 * readline's "word" is made the whole text before the cursor (no word-break characters), so
 * every candidate is handed back as that text with the session's range [start, end) replaced;
 * the match list shows only the session's items (display hook). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/readline.h>

#include "repl_int.h"

static flyi_session *g_session;
static size_t g_strip; /* bytes before the item in every match (hidden in the list) */

static char *concat3(const char *a, size_t na, const char *b, size_t nb, const char *c, size_t nc) {
    char *r = malloc(na + nb + nc + 1);
    if (!r) return NULL;
    memcpy(r, a, na);
    memcpy(r + na, b, nb);
    memcpy(r + na + nb, c, nc);
    r[na + nb + nc] = '\0';
    return r;
}

/* readline's match array: [0] the longest common prefix, then the n matches, then NULL. A single
 * match is [0] alone. Takes the strings items[0..n) (n >= 1), not the items array itself; NULL
 * when out of memory. */
static char **match_array(char **items, size_t n) {
    if (n == 1) {
        char **m = malloc(2 * sizeof *m);
        if (!m) {
            free(items[0]);
            return NULL;
        }
        m[0] = items[0];
        m[1] = NULL;
        return m;
    }
    size_t lcd = strlen(items[0]);
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        while (k < lcd && items[i][k] == items[0][k]) k++;
        lcd = k;
    }
    while (lcd > 0 && ((unsigned char)items[0][lcd] & 0xC0) == 0x80) lcd--; /* never cut a UTF-8 character */
    char **m = malloc((n + 2) * sizeof *m);
    char *common = strndup(items[0], lcd);
    if (!m || !common) {
        free(m);
        free(common);
        for (size_t i = 0; i < n; i++) free(items[i]);
        return NULL;
    }
    m[0] = common;
    memcpy(m + 1, items, n * sizeof *items);
    m[n + 1] = NULL;
    return m;
}

/* The session's candidates, each rewritten to replace readline's [start, point). */
static char **session_matches(const char *buf, size_t start, size_t point) {
    flyi_completions c;
    memset(&c, 0, sizeof c);
    size_t n = flyi_session_complete(g_session, buf, point, &c);
    char **out = NULL;
    size_t k = 0;
    if (n == 0 || !c.items || n != c.n) goto done;
    size_t cs = c.start <= point ? c.start : point;
    size_t ce = c.end < cs ? cs : c.end > point ? point : c.end;
    out = calloc(n, sizeof *out);
    if (!out) goto done;
    for (size_t i = 0; i < n; i++) {
        const char *item = c.items[i];
        if (!item) continue;
        char *full;
        if (cs >= start) {
            full = concat3(buf + start, cs - start, item, strlen(item), buf + ce, point - ce);
        } else {
            /* the session replaces more than readline's word: the item must repeat that part */
            size_t extra = start - cs;
            if (strncmp(item, buf + cs, extra) != 0) continue;
            full = concat3(item + extra, strlen(item + extra), "", 0, buf + ce, point - ce);
        }
        if (full) out[k++] = full;
    }
    g_strip = cs >= start ? cs - start : 0;
done:
    flyi_completions_free(&c);
    char **m = k > 0 ? match_array(out, k) : NULL;
    free(out);
    return m;
}

/* After %load or %run: file names for the word before the cursor. */
static char **file_matches(const char *buf, size_t start, size_t point) {
    size_t ls = point;
    while (ls > 0 && buf[ls - 1] != '\n') ls--;
    const char *p = buf + ls;
    while (*p == ' ' || *p == '\t') p++;
    size_t mlen = strncmp(p, "%load", 5) == 0 ? 5 : strncmp(p, "%run", 4) == 0 ? 4 : 0;
    if (mlen == 0 || (p[mlen] != ' ' && p[mlen] != '\t') || (size_t)(p + mlen - buf) >= point) return NULL;
    size_t ws = point;
    while (ws > start && buf[ws - 1] != ' ' && buf[ws - 1] != '\t') ws--;
    const char *word = buf + ws;
    size_t wlen = point - ws;
    const char *slash = memrchr(word, '/', wlen);
    size_t dlen = slash ? (size_t)(slash - word) + 1 : 0;
    char *dir = dlen ? strndup(word, dlen) : strdup(".");
    if (!dir) return NULL;
    char *opendir_path = dir;
    char *home_path = NULL;
    const char *home = getenv("HOME");
    if (dlen >= 2 && word[0] == '~' && word[1] == '/' && home) {
        if (asprintf(&home_path, "%s%s", home, dir + 1) < 0) home_path = NULL;
        opendir_path = home_path ? home_path : dir;
    }
    const char *prefix = word + dlen;
    size_t plen = wlen - dlen;
    DIR *d = opendir(opendir_path);
    char **items = NULL;
    size_t n = 0, cap = 0;
    bool only_dir = false;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        if (strncmp(e->d_name, prefix, plen) != 0 || (e->d_name[0] == '.' && plen == 0)) continue;
        char *path;
        struct stat st;
        bool is_dir = false;
        if (asprintf(&path, "%s/%s", opendir_path, e->d_name) >= 0) {
            is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
            free(path);
        }
        if (n == cap) {
            char **ni = realloc(items, (cap = cap ? cap * 2 : 16) * sizeof *items);
            if (!ni) break;
            items = ni;
        }
        char *full =
            concat3(buf + start, dlen + (ws - start), e->d_name, strlen(e->d_name), is_dir ? "/" : "", is_dir ? 1 : 0);
        if (!full) break;
        items[n++] = full;
        only_dir = is_dir;
    }
    if (d) closedir(d);
    free(dir);
    free(home_path);
    if (n == 0) {
        free(items);
        return NULL;
    }
    g_strip = (ws - start) + dlen;
    if (n == 1 && !only_dir) {
        rl_completion_suppress_append = 0;
        rl_completion_append_character = ' ';
    }
    char **m = match_array(items, n);
    free(items);
    return m;
}

static char **attempted(const char *text, int start, int end) {
    (void)text;
    rl_attempted_completion_over = 1; /* never readline's own file-name completion */
    rl_completion_append_character = '\0';
    rl_completion_suppress_append = 1;
    rl_completion_suppress_quote = 1;
    if (!g_session || start < 0 || end < start || end > rl_end) return NULL;
    size_t point = (size_t)end;
    char **m = session_matches(rl_line_buffer, (size_t)start, point);
    if (!m) m = file_matches(rl_line_buffer, (size_t)start, point);
    return m;
}

/* Show the candidates without the text before the session's range (asking first when there
 * are many, as readline does). */
static void display_hook(char **matches, int num, int max_length) {
    (void)max_length;
    if (rl_completion_query_items > 0 && num >= rl_completion_query_items) {
        fprintf(rl_outstream, "\nDisplay all %d possibilities? (y or n)", num);
        fflush(rl_outstream);
        int c;
        do c = rl_read_key();
        while (c > 0 && c != 'y' && c != 'Y' && c != ' ' && c != 'n' && c != 'N' && c != 0x7f && c != 0x03 &&
               c != 0x07);
        if (c != 'y' && c != 'Y' && c != ' ') {
            fputc('\n', rl_outstream);
            rl_forced_update_display();
            return;
        }
    }
    char **d = malloc(((size_t)num + 2) * sizeof *d);
    if (!d) return;
    int maxlen = 0;
    d[0] = matches[0];
    for (int i = 1; i <= num; i++) {
        size_t len = strlen(matches[i]);
        d[i] = matches[i] + (len >= g_strip ? g_strip : 0);
        int w = (int)strlen(d[i]);
        if (w > maxlen) maxlen = w;
    }
    d[num + 1] = NULL;
    rl_display_match_list(d, num, maxlen);
    free(d);
    rl_forced_update_display();
}

/* Tab: indentation when only blanks precede the cursor on its line (Python's REPL inserts a tab,
 * IPython four spaces), completion otherwise. */
static int complete_or_indent(int count, int key) {
    int ls = rl_point;
    while (ls > 0 && rl_line_buffer[ls - 1] != '\n') ls--;
    bool blank = true;
    for (int i = ls; i < rl_point; i++)
        if (rl_line_buffer[i] != ' ' && rl_line_buffer[i] != '\t') blank = false;
    if (blank) {
        int col = rl_point - ls;
        rl_insert_text(&"    "[col % 4]);
        return 0;
    }
    if (rl_last_func == complete_or_indent) rl_last_func = rl_complete; /* a second Tab lists the candidates */
    return rl_complete(count, key);
}

void flyi_repl_complete_init(flyi_session *s) {
    g_session = s;
    /* Bound before readline reads ~/.inputrc, which may bind Tab otherwise. */
    rl_add_defun("flyi-complete-or-indent", complete_or_indent, '\t');
    rl_bind_key_in_map('\t', complete_or_indent, vi_insertion_keymap);
    rl_attempted_completion_function = attempted;
    rl_completion_display_matches_hook = display_hook;
    rl_completer_word_break_characters = "";
    rl_basic_word_break_characters = "";
    rl_completer_quote_characters = NULL;
    rl_filename_completion_desired = 0;
}
