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
    fy_sbuf_adds(&b, "</div>");
    return hb_finish(&b);
}
