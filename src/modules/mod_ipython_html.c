/* mod_ipython_html.c - the HTML view of a compiled kernel (text/html of its rich display):
 * a title line, the stats panel, the stage list with one collapsible <details> of IR per pass,
 * and the ISA. Plain C with malloc: it knows nothing of the interpreter's objects. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "modules/mod_ipython.h"

typedef struct hbuf {
    char *p;
    size_t len, cap;
    bool oom;
} hbuf;

static void hb_add(hbuf *b, const char *s, size_t n) {
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void hb_adds(hbuf *b, const char *s) { hb_add(b, s, strlen(s)); }

static void hb_printf(hbuf *b, const char *fmt, ...) {
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) hb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void hb_esc(hbuf *b, const char *s, size_t n) {
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
        hb_add(b, s + run, i - run);
        hb_adds(b, rep);
        run = i + 1;
    }
    hb_add(b, s + run, n - run);
}

static void hb_escs(hbuf *b, const char *s) {
    if (s) hb_esc(b, s, strlen(s));
}

static char *hb_finish(hbuf *b) {
    if (b->oom) {
        free(b->p);
        return NULL;
    }
    if (!b->p) hb_add(b, "", 0);
    if (b->oom) {
        free(b->p);
        return NULL;
    }
    return b->p;
}

char *fy_html_escape(const char *s, size_t n) {
    hbuf b = {0};
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

static void render_stats(hbuf *b, const fy_kernel_view *v) {
    if (!v->nstats || !v->stats) return;
    hb_adds(b, "<table class=\"flyi-kernel-stats\" style=\"border-collapse:collapse;margin:4px 0\">"
               "<tr><th colspan=\"2\" style=\"text-align:left\">Resources</th></tr>\n");
    for (size_t i = 0; i < v->nstats; i++) {
        hb_adds(b, "<tr><td style=\"padding:1px 12px 1px 0\">");
        hb_escs(b, v->stats[i].key ? v->stats[i].key : "");
        hb_adds(b, "</td><td style=\"padding:1px 0;text-align:right;font-family:monospace\">");
        hb_escs(b, v->stats[i].value ? v->stats[i].value : "");
        hb_adds(b, "</td></tr>\n");
    }
    hb_adds(b, "</table>\n");
}

static void render_stage(hbuf *b, size_t i, const fy_kstage *st) {
    hb_adds(b, "<details class=\"flyi-kernel-stage\"><summary><code>");
    hb_printf(b, "%02zu", i);
    hb_adds(b, "</code> ");
    hb_escs(b, st->name ? st->name : "?");
    if (st->ms >= 0) hb_printf(b, " <span style=\"" MUTED "\">%.2f ms</span>", st->ms);
    if (st->changed) hb_adds(b, " <span style=\"color:#2a7\">changed</span>");
    else hb_adds(b, " <span style=\"" MUTED "\">unchanged</span>");
    hb_adds(b, "</summary>");
    if (st->ir && st->changed) {
        hb_adds(b, "<pre style=\"" PRE_STYLE "\">");
        hb_escs(b, st->ir);
        hb_adds(b, "</pre>");
    } else if (st->ir) {
        hb_adds(b, "<div style=\"margin-left:18px;" MUTED "\">IR unchanged by this pass</div>");
    } else {
        hb_adds(b, "<div style=\"margin-left:18px;" MUTED "\">IR not captured</div>");
    }
    hb_adds(b, "</details>\n");
}

char *fy_kernel_html(const fy_kernel_view *v) {
    hbuf b = {0};
    static const fy_kernel_view empty = {0};
    if (!v) v = &empty;
    hb_adds(&b, "<div class=\"flyi-kernel\" style=\"font-family:sans-serif;font-size:13px\">\n");
    hb_adds(&b, "<div class=\"flyi-kernel-title\"><b>Compiled kernel</b>");
    if (v->title) {
        hb_adds(&b, " <code>");
        hb_escs(&b, v->title);
        hb_adds(&b, "</code>");
    }
    if (v->target) {
        hb_adds(&b, " <span style=\"" MUTED "\">for ");
        hb_escs(&b, v->target);
        hb_adds(&b, "</span>");
    }
    hb_adds(&b, "</div>\n");
    render_stats(&b, v);
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
        hb_printf(&b,
                  "<div class=\"flyi-kernel-stages\"><b>Pipeline</b> <span style=\"" MUTED "\">"
                  "%zu stage%s, %zu changed",
                  v->nstages, v->nstages == 1 ? "" : "s", nchanged);
        if (timed) hb_printf(&b, ", %.2f ms", total);
        hb_adds(&b, "</span>\n");
        for (size_t i = 0; i < v->nstages; i++) render_stage(&b, i, &v->stages[i]);
        hb_adds(&b, "</div>\n");
    }
    if (v->isa) {
        size_t nl = count_lines(v->isa);
        hb_printf(&b,
                  "<details class=\"flyi-kernel-isa\"><summary><b>ISA</b> <span style=\"" MUTED
                  "\">%zu line%s</span></summary><pre style=\"" PRE_STYLE "\">",
                  nl, nl == 1 ? "" : "s");
        hb_escs(&b, v->isa);
        hb_adds(&b, "</pre></details>\n");
    }
    hb_adds(&b, "</div>");
    return hb_finish(&b);
}
