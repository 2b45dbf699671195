/* dsl_utils.c - fx.utils: pictures of layouts. print_layout prints the terminal grid, show sends a
 * display item (image/svg+xml + text/plain) to the session's sink, print_typst writes Typst markup;
 * layout_text / layout_svg return the pictures as strings (flyi additions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw/draw.h"
#include "flydsl/api/dsl.h"
#include "exec/interp.h"
#include "flyi/sink.h"

/* Builds the figure of obj: a Layout (a TV layout when it came from make_layout_tv or tile_mn is given),
 * a ComposedLayout (beside its unswizzled form), a Tensor (its layout) or a TiledCopy (its TV layout and tile). */
static int build_fig(fy_obj *obj, fy_obj *tile_mn, const char *op, fly_draw_fig *fig) {
    fly_error err;
    fly_status st;
    fy_obj *title = fy_str(obj);
    if (!title) return -1;
    const char *t = FY_STR_DATA(title);
    if (fy_isinstance_of(obj, &fy_dsl_layout_type)) {
        fy_dsl_layout *lo = (fy_dsl_layout *)obj;
        if ((tile_mn && tile_mn != fy_None) || lo->has_tv) {
            fly_inttuple tile;
            if (tile_mn && tile_mn != fy_None) {
                if (fy_dsl_to_inttuple(tile_mn, &tile, 0, op, "tile_mn") < 0) {
                    FY_DECREF(title);
                    return -1;
                }
            } else {
                fly_inttuple_copy(&tile, &lo->tile_mn);
            }
            char tt[FLY_DRAW_TITLE_MAX], tb[256];
            snprintf(tt, sizeof tt, "TV %s, tile %s", t, fly_inttuple_str(&tile, tb));
            st = fly_draw_tv(&lo->L, &tile, tt, fig, &err);
        } else {
            st = fly_draw_layout(&lo->L, t, fig, &err);
        }
    } else if (fy_isinstance_of(obj, &fy_dsl_composed_type)) {
        st = fly_draw_composed(&((fy_dsl_composed *)obj)->c, t, fig, &err);
    } else if (fy_isinstance_of(obj, &fy_dsl_tensor_type)) {
        st = fly_draw_layout(&((fy_dsl_tensor *)obj)->L, t, fig, &err);
    } else if (!strcmp(fy_type_name(obj), "TiledCopy")) {
        /* a tiled copy: its TV layout over its tile, as for make_layout_tv */
        fly_layout tv;
        fly_inttuple tile;
        fy_obj *lo = fy_getattr_cstr(obj, "layout_tv_tiled"), *tm = lo ? fy_getattr_cstr(obj, "tile_mn") : NULL;
        int bad = !tm || fy_dsl_to_layout(lo, &tv, 0, op, "layout_tv") < 0 ||
                  fy_dsl_to_inttuple(tm, &tile, 0, op, "tile_mn") < 0;
        FY_XDECREF(lo);
        FY_XDECREF(tm);
        if (bad) {
            FY_DECREF(title);
            return -1;
        }
        st = fly_draw_tv(&tv, &tile, t, fig, &err);
    } else {
        FY_DECREF(title);
        fy_err_format(&fy_TypeError, "%s: expected a Layout, ComposedLayout, Tensor or TiledCopy, not '%s'", op,
                      fy_type_name(obj));
        return -1;
    }
    FY_DECREF(title);
    if (st) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

static int want_color(fy_obj *color) {
    if (color && color != fy_None) return fy_truthy(color);
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc) return 0;
    if (fy_cur && fy_cur->stdout_override) return 0;
    return isatty(STDOUT_FILENO);
}

typedef fly_status (*renderfn)(const fly_draw_fig *, fly_draw_buf *, fly_error *);

/* Renders obj to a new str: kind 0 terminal text, 1 SVG, 2 Typst. */
static fy_obj *render(fy_obj *obj, fy_obj *tile_mn, int kind, int color, const char *op) {
    fly_draw_fig fig;
    fly_draw_buf b = {0};
    fly_error err;
    if (build_fig(obj, tile_mn, op, &fig) < 0) return NULL;
    fly_status st = kind == 0   ? fly_draw_render_term(&fig, color, &b, &err)
                    : kind == 1 ? fly_draw_render_svg(&fig, &b, &err)
                                : fly_draw_render_typst(&fig, &b, &err);
    fly_draw_fig_free(&fig);
    if (st) {
        fly_draw_buf_free(&b);
        return fy_dsl_raise(&err);
    }
    fy_obj *r = fy_str_from(b.p ? b.p : "", b.len);
    fly_draw_buf_free(&b);
    return r;
}

static fy_obj *u_print_layout(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"layout", "tile_mn", "color", NULL};
    fy_obj *v[3];
    if (fy_parse_args("print_layout", a, na, kw, names, 1, 2, 3, v) < 0) return NULL;
    int color = want_color(v[2]);
    if (color < 0) return NULL;
    fy_obj *s = render(v[0], v[1], 0, color, "print_layout");
    if (!s) return NULL;
    int r = fy_write_stdout(FY_STR_DATA(s), (size_t)FY_STR_LEN(s));
    FY_DECREF(s);
    return r < 0 ? NULL : fy_none();
}

static fy_obj *u_layout_text(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"layout", "tile_mn", "color", NULL};
    fy_obj *v[3];
    if (fy_parse_args("layout_text", a, na, kw, names, 1, 2, 3, v) < 0) return NULL;
    int color = v[2] && v[2] != fy_None ? fy_truthy(v[2]) : 0;
    if (color < 0) return NULL;
    return render(v[0], v[1], 0, color, "layout_text");
}

static fy_obj *u_layout_svg(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"layout", "tile_mn", NULL};
    fy_obj *v[2];
    if (fy_parse_args("layout_svg", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    return render(v[0], v[1], 1, 0, "layout_svg");
}

/* Sends a display item to the running cell's sink (display_data), or prints the text when there is none. */
static int emit_display(size_t n, const char *const *mime, const char *const *data) {
    const flyi_sink *sink = fy_cur ? fy_cur->sink : NULL;
    if (sink && sink->display) {
        flyi_display d = {.n = n, .mime = mime, .data = data};
        sink->display(sink->user, &d, false);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!strcmp(mime[i], "text/plain")) return fy_write_stdout(data[i], strlen(data[i]));
    return 0;
}

static fy_obj *u_show(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"obj", "tile_mn", NULL};
    fy_obj *v[2];
    if (fy_parse_args("show", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    fy_obj *svg = render(v[0], v[1], 1, 0, "show");
    if (!svg) return NULL;
    fy_obj *txt = render(v[0], v[1], 0, 0, "show");
    if (!txt) {
        FY_DECREF(svg);
        return NULL;
    }
    /* the REPL prints text/plain and adds its own newline */
    if (FY_STR_LEN(txt) && FY_STR_DATA(txt)[FY_STR_LEN(txt) - 1] == '\n') {
        fy_obj *t2 = fy_str_from(FY_STR_DATA(txt), (size_t)FY_STR_LEN(txt) - 1);
        FY_DECREF(txt);
        txt = t2;
        if (!txt) {
            FY_DECREF(svg);
            return NULL;
        }
    }
    const char *mime[2] = {"image/svg+xml", "text/plain"};
    const char *data[2] = {FY_STR_DATA(svg), FY_STR_DATA(txt)};
    int r = emit_display(2, mime, data);
    FY_DECREF(svg);
    FY_DECREF(txt);
    return r < 0 ? NULL : fy_none();
}

/* The set of Typst files written in this session (kept in fx.utils._typst_files). */
static int typst_seen(fy_obj *path) {
    fy_obj *m = fy_import("flydsl.expr.utils");
    if (!m) return -1;
    fy_obj *set = fy_dict_get_cstr(FY_MODULE_DICT(m), "_typst_files");
    int r = 0;
    if (!set) {
        set = fy_set_new(NULL);
        if (!set || fy_dict_set_cstr(FY_MODULE_DICT(m), "_typst_files", set) < 0) r = -1;
        FY_XDECREF(set);
        if (r < 0) {
            FY_DECREF(m);
            return -1;
        }
        set = fy_dict_get_cstr(FY_MODULE_DICT(m), "_typst_files");
    }
    r = fy_set_contains(set, path);
    if (r == 0 && fy_set_add(set, path) < 0) r = -1;
    FY_DECREF(m);
    return r;
}

static fy_obj *u_print_typst(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"obj", "color", "file", "tile_mn", NULL};
    fy_obj *v[4];
    if (fy_parse_args("print_typst", a, na, kw, names, 1, 1, 4, v) < 0) return NULL;
    fy_obj *s = render(v[0], v[3], 2, 0, "print_typst");
    if (!s) return NULL;
    fy_obj *file = v[2];
    fy_obj *res = NULL;
    if (!file || file == fy_None) {
        if (fy_write_stdout(FY_STR_DATA(s), (size_t)FY_STR_LEN(s)) >= 0) res = fy_none();
    } else if (FY_STR_CHECK(file)) {
        int seen = typst_seen(file);
        if (seen >= 0) {
            FILE *f = fopen(FY_STR_DATA(file), seen ? "a" : "w");
            if (!f) {
                fy_err_format(&fy_OSError, "print_typst: cannot open '%s' for writing", FY_STR_DATA(file));
            } else {
                /* later pictures in the same file start on a new page, without the page settings again */
                const char *body = FY_STR_DATA(s);
                if (seen) {
                    fputs("#pagebreak()\n", f);
                    const char *p = strstr(body, "#set text(size: 9pt)\n");
                    if (p) body = p + strlen("#set text(size: 9pt)\n");
                }
                fputs(body, f);
                if (fclose(f) != 0) fy_err_format(&fy_OSError, "print_typst: error writing '%s'", FY_STR_DATA(file));
                else res = fy_none();
            }
        }
    } else {
        fy_obj *r = fy_call_method(file, "write", &s, 1);
        if (r) {
            FY_DECREF(r);
            res = fy_none();
        }
    }
    FY_DECREF(s);
    return res;
}

fy_methoddef fy_dsl_utils_funcs[] = {
    {"print_layout", u_print_layout, 0,
     "print_layout(layout, tile_mn=None, color=None)\nPrints the layout as a terminal grid (TV layouts as T<t>V<v> "
     "cells)."},
    {"show", u_show, 0, "show(obj, tile_mn=None)\nDisplays the picture (SVG in a notebook, the grid in a terminal)."},
    {"print_typst", u_print_typst, 0,
     "print_typst(obj, *, color=None, file=None, tile_mn=None)\nWrites a Typst description of the picture."},
    {"layout_text", u_layout_text, 0, "layout_text(layout, tile_mn=None, color=False)\nThe terminal grid as a str."},
    {"layout_svg", u_layout_svg, 0, "layout_svg(layout, tile_mn=None)\nThe picture as an SVG document (str)."},
    {0}};
