/* mod_ipython_html.c - the HTML view of a compiled kernel (text/html of its rich display):
 * a title line, the stats panel, the stage list with one collapsible <details> of IR per pass,
 * and the ISA. Plain C with malloc: it knows nothing of the interpreter's objects. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "modules/mod_ipython.h"

static void hb_esc(fy_sbuf *b, const char *s, size_t n) {
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        const char *rep = NULL;
        switch (s[i]) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        default: break;
        }
        if (!rep) continue;
        fy_sbuf_add(b, s + run, i - run);
        fy_sbuf_adds(b, rep);
        run = i + 1;
    }
    fy_sbuf_add(b, s + run, n - run);
}

static void hb_escs(fy_sbuf *b, const char *s) {
    if (s) hb_esc(b, s, strlen(s));
}

/* The buffer as a str (NULL with MemoryError when it ran out of memory); frees the buffer. */
static fy_obj *hb_finish(fy_sbuf *b) {
    if (b->oom) {
        fy_sbuf_free(b);
        return NULL;
    }
    return fy_sbuf_finish(b);
}

fy_obj *fy_html_escape(const char *s, size_t n) {
    fy_sbuf b = {0};
    hb_esc(&b, s ? s : "", s ? n : 0);
    return hb_finish(&b);
}

static size_t count_lines(const char *s) {
    size_t n = 0;
    const char *p = s;
    for (; *p; p++)
        if (*p == '\n') n++;
    if (p > s && p[-1] != '\n') n++;
    return n;
}

/* Styles are inline (no <style> block) so that nothing leaks into the rest of the page. */
#define PRE_STYLE \
    "margin:4px 0 6px 18px;padding:6px;max-height:28em;overflow:auto;" \
    "background:rgba(127,127,127,0.08);font-size:12px;line-height:1.3"
#define MUTED "opacity:0.65"

static void render_stats(fy_sbuf *b, const fy_kernel_view *v) {
    if (!v->nstats || !v->stats) return;
    fy_sbuf_adds(b, "<table class=\"flyi-kernel-stats\" style=\"border-collapse:collapse;margin:4px 0\">"
                    "<tr><th colspan=\"2\" style=\"text-align:left\">Resources</th></tr>\n");
    for (size_t i = 0; i < v->nstats; i++) {
        fy_sbuf_adds(b, "<tr><td style=\"padding:1px 12px 1px 0\">");
        hb_escs(b, v->stats[i].key ? v->stats[i].key : "");
        fy_sbuf_adds(b, "</td><td style=\"padding:1px 0;text-align:right;font-family:monospace\">");
        hb_escs(b, v->stats[i].value ? v->stats[i].value : "");
        fy_sbuf_adds(b, "</td></tr>\n");
    }
    fy_sbuf_adds(b, "</table>\n");
}

static void render_stage(fy_sbuf *b, size_t i, const fy_kstage *st) {
    fy_sbuf_adds(b, "<details class=\"flyi-kernel-stage\"><summary><code>");
    fy_sbuf_printf(b, "%02zu", i);
    fy_sbuf_adds(b, "</code> ");
    hb_escs(b, st->name ? st->name : "?");
    if (st->ms >= 0) fy_sbuf_printf(b, " <span style=\"" MUTED "\">%.2f ms</span>", st->ms);
    if (st->changed) fy_sbuf_adds(b, " <span style=\"color:#2a7\">changed</span>");
    else fy_sbuf_adds(b, " <span style=\"" MUTED "\">unchanged</span>");
    fy_sbuf_adds(b, "</summary>");
    if (st->ir && st->changed) {
        fy_sbuf_adds(b, "<pre style=\"" PRE_STYLE "\">");
        hb_escs(b, st->ir);
        fy_sbuf_adds(b, "</pre>");
    } else if (st->ir) {
        fy_sbuf_adds(b, "<div style=\"margin-left:18px;" MUTED "\">IR unchanged by this pass</div>");
    } else {
        fy_sbuf_adds(b, "<div style=\"margin-left:18px;" MUTED "\">IR not captured</div>");
    }
    fy_sbuf_adds(b, "</details>\n");
}

/* ---- source beside ISA ---- */

/* Light colours for the source lines (cycled): a line's colour marks its instructions. */
static const char *const line_colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                           "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
#define NCOLOURS (sizeof line_colours / sizeof line_colours[0])

/* One header line of isa_source() text ("file:line  text" or "(no source line)"). */
typedef struct sx_line {
    const char *s;
    size_t n;
} sx_line;

/* Index of header h among the distinct headers seen so far (added when new); -1 when full. */
static int sx_key(sx_line *v, int *n, int cap, const char *s, size_t len) {
    for (int i = 0; i < *n; i++)
        if (v[i].n == len && !memcmp(v[i].s, s, len)) return i;
    if (*n == cap) return -1;
    v[*n] = (sx_line){s, len};
    return (*n)++;
}

static int sx_cmp_file_line(const sx_line *a, const sx_line *b) {
    /* "file:line  text": by file, then by line number; "(no source line)" last */
    const char *ca = memchr(a->s, ':', a->n), *cb = memchr(b->s, ':', b->n);
    if (!ca || !cb) return !ca - !cb;
    size_t fa = (size_t)(ca - a->s), fb = (size_t)(cb - b->s);
    int c = memcmp(a->s, b->s, fa < fb ? fa : fb);
    if (c || fa != fb) return c ? c : (fa < fb ? -1 : 1);
    long la = strtol(ca + 1, NULL, 10), lb = strtol(cb + 1, NULL, 10);
    return la < lb ? -1 : la > lb;
}

static void render_source_isa(fy_sbuf *b, const char *text) {
    enum { CAP = 4096 };
    static unsigned long views; /* a fresh id per view: its rules must not touch another one's lines */
    sx_line *keys = calloc(CAP, sizeof *keys);
    int *order = calloc(CAP, sizeof *order);
    if (!keys || !order) {
        free(keys);
        free(order);
        b->oom = 1;
        return;
    }
    int nk = 0;
    for (const char *s = text; *s;) { /* the distinct source lines */
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n && s[0] != ' ') sx_key(keys, &nk, CAP, s, n);
        s += n + (e != NULL);
    }
    for (int i = 0; i < nk; i++) order[i] = i;
    for (int i = 1; i < nk; i++) /* insertion sort: source order */
        for (int j = i; j > 0 && sx_cmp_file_line(&keys[order[j - 1]], &keys[order[j]]) > 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    unsigned long id = ++views;
    fy_sbuf_printf(b,
                   "<details class=\"flyi-source-isa\" open id=\"flyi-sx-%lu\"><summary><b>Source and ISA</b> "
                   "<span style=\"" MUTED "\">%d source line%s; hover or click a line</span></summary>\n<style>",
                   id, nk, nk == 1 ? "" : "s");
    for (int i = 0; i < nk; i++)
        fy_sbuf_printf(b, "#flyi-sx-%lu:has(.sx%d:hover) .sx%d,#flyi-sx-%lu:has(.sx%d:focus) .sx%d{background:%s33}",
                       id, i, i, id, i, i, line_colours[i % NCOLOURS]);
    fy_sbuf_printf(b, "#flyi-sx-%lu .sxl{white-space:pre;cursor:pointer;padding:0 4px;outline:none}</style>\n", id);
    fy_sbuf_adds(b, "<div style=\"display:flex;gap:12px;align-items:flex-start\">\n"
                    "<div class=\"flyi-sx-source\" style=\"" PRE_STYLE ";flex:1;font-family:monospace\">");
    for (int i = 0; i < nk; i++) {
        int k = order[i];
        fy_sbuf_printf(b, "<div class=\"sxl sx%d\" tabindex=\"0\" style=\"border-left:4px solid %s\">", k,
                       line_colours[k % NCOLOURS]);
        hb_esc(b, keys[k].s, keys[k].n);
        fy_sbuf_adds(b, "</div>");
    }
    fy_sbuf_adds(b, "</div>\n<div class=\"flyi-sx-isa\" style=\"" PRE_STYLE ";flex:1;font-family:monospace\">");
    int cur = -1;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n && s[0] != ' ') cur = sx_key(keys, &nk, CAP, s, n);
        else if (n) {
            size_t skip = 0;
            while (skip < n && s[skip] == ' ') skip++;
            fy_sbuf_printf(b, "<div class=\"sxl sx%d\" tabindex=\"0\" style=\"border-left:4px solid %s\">", cur,
                           cur >= 0 ? line_colours[cur % NCOLOURS] : "transparent");
            hb_esc(b, s + skip, n - skip);
            fy_sbuf_adds(b, "</div>");
        }
        s += n + (e != NULL);
    }
    fy_sbuf_adds(b, "</div></div></details>\n");
    free(keys);
    free(order);
}

fy_obj *fy_source_isa_html(const char *text) {
    fy_sbuf b = {0};
    fy_sbuf_adds(&b, "<div class=\"flyi-kernel\" style=\"font-family:sans-serif;font-size:13px\">\n");
    render_source_isa(&b, text ? text : "");
    fy_sbuf_adds(&b, "</div>");
    return hb_finish(&b);
}

fy_obj *fy_kernel_html(const fy_kernel_view *v) {
    fy_sbuf b = {0};
    static const fy_kernel_view empty = {0};
    if (!v) v = &empty;
    fy_sbuf_adds(&b, "<div class=\"flyi-kernel\" style=\"font-family:sans-serif;font-size:13px\">\n");
    fy_sbuf_adds(&b, "<div class=\"flyi-kernel-title\"><b>Compiled kernel</b>");
    if (v->title) {
        fy_sbuf_adds(&b, " <code>");
        hb_escs(&b, v->title);
        fy_sbuf_adds(&b, "</code>");
    }
    if (v->target) {
        fy_sbuf_adds(&b, " <span style=\"" MUTED "\">for ");
        hb_escs(&b, v->target);
        fy_sbuf_adds(&b, "</span>");
    }
    fy_sbuf_adds(&b, "</div>\n");
    render_stats(&b, v);
    if (v->mix) {
        fy_sbuf_adds(&b, "<div class=\"flyi-kernel-mix\"><b>Instruction mix</b><pre style=\"" PRE_STYLE "\">");
        hb_escs(&b, v->mix);
        fy_sbuf_adds(&b, "</pre></div>\n");
    }
    if (v->nstages && v->stages) {
        double total = 0;
        size_t nchanged = 0;
        bool timed = false;
        for (size_t i = 0; i < v->nstages; i++) {
            if (v->stages[i].ms >= 0) {
                total += v->stages[i].ms;
                timed = true;
            }
            if (v->stages[i].changed) nchanged++;
        }
        fy_sbuf_printf(&b,
                       "<div class=\"flyi-kernel-stages\"><b>Pipeline</b> <span style=\"" MUTED "\">"
                       "%zu stage%s, %zu changed",
                       v->nstages, v->nstages == 1 ? "" : "s", nchanged);
        if (timed) fy_sbuf_printf(&b, ", %.2f ms", total);
        fy_sbuf_adds(&b, "</span>\n");
        for (size_t i = 0; i < v->nstages; i++) render_stage(&b, i, &v->stages[i]);
        fy_sbuf_adds(&b, "</div>\n");
    }
    if (v->isa) {
        size_t nl = count_lines(v->isa);
        fy_sbuf_printf(&b,
                       "<details class=\"flyi-kernel-isa\"><summary><b>ISA</b> <span style=\"" MUTED
                       "\">%zu line%s</span></summary><pre style=\"" PRE_STYLE "\">",
                       nl, nl == 1 ? "" : "s");
        hb_escs(&b, v->isa);
        fy_sbuf_adds(&b, "</pre></details>\n");
    }
    if (v->isa_source) render_source_isa(&b, v->isa_source);
    fy_sbuf_adds(&b, "</div>");
    return hb_finish(&b);
}
