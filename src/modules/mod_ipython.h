/* mod_ipython.h - rich display: MIME bundles from an object's _repr_*_ methods (IPython's
 * display protocol), the `_flyi_display` module behind IPython.display, and the HTML view of a
 * compiled kernel (stage list, collapsible per-pass IR, ISA, stats panel). */
#ifndef FLYI_MOD_IPYTHON_H
#define FLYI_MOD_IPYTHON_H

#include <stdbool.h>
#include <stddef.h>
#include "objects/object.h"
#include "flyi/sink.h"

/* Build obj's MIME bundle as a new dict {mime: str} from its _repr_mimebundle_ and
 * _repr_{html,markdown,svg,png,jpeg,pdf,latex,json,javascript}_ methods, plus text/plain
 * (_repr_pretty_, else repr). Binary data (bytes) is base64; JSON data is serialized.
 * NULL with an exception when a method raises. */
fy_obj *fy_display_bundle(fy_obj *obj);

/* Send a {mime: str} dict to the sink's display callback (is_result: execute_result).
 * Without a sink (or a display callback), a display item's text/plain is written to stdout;
 * a result is dropped. Returns 0, or -1 with an exception. */
int fy_display_publish(const flyi_sink *sink, fy_obj *bundle, bool is_result);
/* The same for display items with a display id (NULL: none); update: replace what was shown
 * under that id (the REPL and scripts show it again). */
int fy_display_publish_id(const flyi_sink *sink, fy_obj *bundle, bool is_result, const char *display_id, bool update);

/* fy_display_bundle + fy_display_publish: how a cell's final value and display(obj) show. */
int fy_display_object(const flyi_sink *sink, fy_obj *obj, bool is_result);

/* Base64 (RFC 4648, padded, no line breaks) of n bytes as a new str. */
fy_obj *fy_base64_str(const unsigned char *p, size_t n);

/* Init function of the `_flyi_display` module (publish, display, clear_output, mimebundle,
 * b64encode, html_escape, kernel_html). */
fy_obj *fy_mod_flyi_display_init(void);

/* ---------------------------------------------------------------- compiled-kernel HTML view */

/* One pipeline stage: its name (the pass), the pass's time in ms (< 0: unknown), whether
 * the pass changed the IR, and the IR after it (NULL: not captured). */
typedef struct fy_kstage {
    const char *name;
    double ms;
    bool changed;
    const char *ir;
} fy_kstage;

/* One line of the stats panel, e.g. {"vgpr", "32"}. */
typedef struct fy_kstat {
    const char *key;
    const char *value;
} fy_kstat;

/* Everything the view shows; any pointer may be NULL and any count 0. */
typedef struct fy_kernel_view {
    const char *title;  /* kernel name, e.g. "vec_add_kernel_0" */
    const char *target; /* e.g. "gfx942" */
    size_t nstages;
    const fy_kstage *stages;
    const char *isa; /* ISA text */
    size_t nstats;
    const fy_kstat *stats;
    const char *isa_source; /* CompiledKernel.isa_source() text (line tables), or NULL */
    const char *mix;        /* instruction mix lines ("kernel: VALU ...\nloop ...: ..."), or NULL */
} fy_kernel_view;

/* Render v as one self-contained, HTML-escaped fragment (inline styles, one <details> per
 * stage; unchanged stages carry no IR copy). Returns a new str, or NULL with MemoryError. */
fy_obj *fy_kernel_html(const fy_kernel_view *v);

/* isa_source() text as HTML: the DSL lines beside the ISA, one colour per line; hovering or clicking a
 * line highlights its instructions and the other way round (CSS :has, no script). New str or NULL. */
fy_obj *fy_source_isa_html(const char *text);

/* s (n bytes) HTML-escaped (& < > " ') as a new str, or NULL with MemoryError. */
fy_obj *fy_html_escape(const char *s, size_t n);

#endif
