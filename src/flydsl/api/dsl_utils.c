/* dsl_utils.c - fx.utils: pictures of layouts. print_layout prints the terminal grid, show sends a
 * display item (image/svg+xml + text/plain) to the session's sink, print_typst writes Typst markup;
 * layout_text / layout_svg return the pictures as strings (flyi additions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "draw/draw.h"
#include "flydsl/api/dsl.h"
#include "exec/interp.h"
#include "flyi/sink.h"

/* Appends "<label><str(obj.attr)>\n" to b; -1 with an exception. */
static int head_line(fly_draw_buf *b, const char *label, fy_obj *obj, const char *attr) {
    fy_obj *v = fy_getattr_cstr(obj, attr), *s = v ? fy_str(v) : NULL;
    FY_XDECREF(v);
    if (!s) return -1;
    fly_draw_buf_printf(b, "%s%s\n", label, FY_STR_DATA(s));
    FY_DECREF(s);
    return 0;
}

/* The static layout obj.attr into L; -1 with an exception. */
static int attr_layout(fy_obj *obj, const char *attr, fly_layout *L, const char *op) {
    fy_obj *v = fy_getattr_cstr(obj, attr);
    if (!v) return -1;
    int r = fy_dsl_to_layout(v, L, 0, op, attr);
    FY_DECREF(v);
    return r;
}

/* The ints of the int tuple obj.attr (n of them) into out; -1 with an exception. */
static int attr_ints(fy_obj *obj, const char *attr, int n, int64_t *out, const char *op) {
    fy_obj *v = fy_getattr_cstr(obj, attr);
    if (!v) return -1;
    fly_inttuple it;
    int r = fy_dsl_to_inttuple(v, &it, 0, op, attr);
    FY_DECREF(v);
    fly_error err;
    for (int i = 0; r == 0 && i < n; i++) {
        fly_inttuple e;
        if (fly_inttuple_get(&it, i, &e, &err) || fly_inttuple_product_static(&e, &out[i], &err)) {
            fy_dsl_raise(&err);
            r = -1;
        }
    }
    return r;
}

/* An MmaAtom or a TiledMma: B above C, A left of C, under the text FlyDSL's pictures carry. */
static int mma_fig(fy_obj *obj, int tiled, const char *op, fly_draw_fig *fig) {
    static const char *const atom_tv[3] = {"layout_A_tv", "layout_B_tv", "layout_C_tv"};
    static const char *const tiled_tv[3] = {"tv_layout_A_tiled", "tv_layout_B_tiled", "tv_layout_C_tiled"};
    fly_layout tv[3];
    int64_t mnk[3];
    fly_draw_buf h = {0};
    int bad = attr_ints(obj, tiled ? "tile_size_mnk" : "shape_mnk", 3, mnk, op) < 0;
    for (int i = 0; i < 3 && !bad; i++) bad = attr_layout(obj, tiled ? tiled_tv[i] : atom_tv[i], &tv[i], op) < 0;
    if (!bad && tiled) {
        fly_draw_buf_adds(&h, "Tiled MMA\n");
        bad = head_line(&h, "  Thr Layout VMNK: ", obj, "thr_layout_vmnk") < 0 ||
              head_line(&h, "  Permutation MNK: ", obj, "permutation_mnk") < 0;
        if (!bad) fly_draw_buf_adds(&h, "MMA Atom\n");
        bad = bad || head_line(&h, "  Atom Layout:     ", obj, "atom_layout") < 0 ||
              head_line(&h, "  Tile Size MNK:   ", obj, "tile_size_mnk") < 0 ||
              head_line(&h, "  TV Layout A:     ", obj, tiled_tv[0]) < 0 ||
              head_line(&h, "  TV Layout B:     ", obj, tiled_tv[1]) < 0 ||
              head_line(&h, "  TV Layout C:     ", obj, tiled_tv[2]) < 0;
    } else if (!bad) {
        fly_draw_buf_adds(&h, "MMA Atom\n");
        bad = head_line(&h, "  Thr Layout:  ", obj, "thr_layout") < 0 ||
              head_line(&h, "  Shape MNK:   ", obj, "shape_mnk") < 0 ||
              head_line(&h, "  TV Layout A: ", obj, atom_tv[0]) < 0 ||
              head_line(&h, "  TV Layout B: ", obj, atom_tv[1]) < 0 ||
              head_line(&h, "  TV Layout C: ", obj, atom_tv[2]) < 0;
    }
    if (!bad && h.oom) bad = fy_err_set(&fy_MemoryError, "out of memory") == NULL;
    if (!bad) {
        if (h.len) h.p[--h.len] = 0; /* the last newline */
        fly_error err;
        if (fly_draw_mma(tv, mnk[0], mnk[1], mnk[2], h.p, fig, &err)) {
            fy_dsl_raise(&err);
            bad = 1;
        }
    }
    fly_draw_buf_free(&h);
    return bad ? -1 : 0;
}

/* A TiledCopy: Src and Dst side by side over its tile. */
static int copy_fig(fy_obj *obj, const char *op, fly_draw_fig *fig) {
    fly_layout src, dst;
    int64_t mn[2];
    fly_draw_buf h = {0};
    fy_obj *self = fy_str(obj);
    if (!self) return -1;
    fly_draw_buf_printf(&h, "Tiled Copy\n  TiledCopy:       %s\n", FY_STR_DATA(self));
    FY_DECREF(self);
    int bad = attr_ints(obj, "tile_mn", 2, mn, op) < 0 || attr_layout(obj, "layout_src_tv_tiled", &src, op) < 0 ||
              attr_layout(obj, "layout_dst_tv_tiled", &dst, op) < 0 ||
              head_line(&h, "  Tile MN:         ", obj, "tile_mn") < 0 ||
              head_line(&h, "  TV Layout tiled: ", obj, "layout_tv_tiled") < 0 ||
              head_line(&h, "  Src Layout:      ", obj, "layout_src_tv_tiled") < 0 ||
              head_line(&h, "  Dst Layout:      ", obj, "layout_dst_tv_tiled") < 0;
    if (!bad && h.oom) bad = fy_err_set(&fy_MemoryError, "out of memory") == NULL;
    if (!bad) {
        if (h.len) h.p[--h.len] = 0;
        fly_error err;
        if (fly_draw_copy(&src, &dst, mn[0], mn[1], h.p, fig, &err)) {
            fy_dsl_raise(&err);
            bad = 1;
        }
    }
    fly_draw_buf_free(&h);
    return bad ? -1 : 0;
}

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
        FY_DECREF(title);
        return copy_fig(obj, op, fig);
    } else if (!strcmp(fy_type_name(obj), "MmaAtom") || !strcmp(fy_type_name(obj), "TiledMma")) {
        FY_DECREF(title);
        return mma_fig(obj, !strcmp(fy_type_name(obj), "TiledMma"), op, fig);
    } else {
        FY_DECREF(title);
        fy_err_format(&fy_TypeError,
                      "%s: expected a Layout, ComposedLayout, Tensor, MmaAtom, TiledMma or TiledCopy, not '%s'", op,
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

/* The width a terminal picture must fit: COLUMNS when set (read now, as a resize changes it), else the
 * terminal's on stdout, else 80. */
static int term_columns(void) {
    const char *c = getenv("COLUMNS");
    if (c && *c) {
        int n = atoi(c);
        if (n > 0) return n;
    }
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}

/* A Typst colour from the user's function: color(tid, vid) for a TV cell, color(idx) for a layout's. */
static fly_status typst_color(void *user, bool tv, int64_t a, int64_t b, char *buf, size_t n, fly_error *err) {
    fy_obj *args[2] = {fy_int_from(a), tv ? fy_int_from(b) : NULL};
    fy_obj *r = args[0] && (!tv || args[1]) ? fy_call((fy_obj *)user, args, tv ? 2 : 1, NULL) : NULL;
    FY_XDECREF(args[0]);
    FY_XDECREF(args[1]);
    if (r && FY_STR_CHECK(r)) {
        snprintf(buf, n, "%s", FY_STR_DATA(r));
        FY_DECREF(r);
        return FLY_OK;
    }
    if (r) {
        fy_err_format(&fy_TypeError, "print_typst: color must return a str such as '#ffafaf', not '%s'",
                      fy_type_name(r));
        FY_DECREF(r);
    }
    return fly_error_set(err, FLY_E_INVALID, "print_typst: color failed");
}

/* Renders obj to a new str: kind 0 terminal text fitted to columns (0: any width), 1 SVG, 2 Typst (FlyDSL's
 * body, without the page settings; color a callable or NULL). */
static fy_obj *render_ex(fy_obj *obj, fy_obj *tile_mn, int kind, int color, int columns, fy_obj *tcolor,
                         const char *op) {
    fly_draw_fig fig;
    fly_draw_buf b = {0};
    fly_error err;
    if (build_fig(obj, tile_mn, op, &fig) < 0) return NULL;
    fly_status st = kind == 0   ? fly_draw_render_term_fit(&fig, color, columns, &b, &err)
                    : kind == 1 ? fly_draw_render_svg(&fig, &b, &err)
                                : fly_draw_render_typst_body(&fig, tcolor ? typst_color : NULL, tcolor, &b, &err);
    if (st && fy_err_occurred()) { /* the colour function raised: its exception */
        fly_draw_fig_free(&fig);
        fly_draw_buf_free(&b);
        return NULL;
    }
    fly_draw_fig_free(&fig);
    if (st) {
        fly_draw_buf_free(&b);
        return fy_dsl_raise(&err);
    }
    fy_obj *r = fy_str_from(b.p ? b.p : "", b.len);
    fly_draw_buf_free(&b);
    return r;
}

static fy_obj *render(fy_obj *obj, fy_obj *tile_mn, int kind, int color, const char *op) {
    return render_ex(obj, tile_mn, kind, color, kind == 0 ? term_columns() : 0, NULL, op);
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
    static const char *const names[] = {"layout", "tile_mn", "color", "columns", NULL};
    fy_obj *v[4];
    if (fy_parse_args("layout_text", a, na, kw, names, 1, 2, 4, v) < 0) return NULL;
    int color = v[2] && v[2] != fy_None ? fy_truthy(v[2]) : 0;
    if (color < 0) return NULL;
    int64_t cols = 0;
    if (v[3] && v[3] != fy_None && fy_index(v[3], &cols) < 0) return NULL;
    if (cols < 0) return fy_err_set(&fy_ValueError, "layout_text: columns must be >= 0");
    return render_ex(v[0], v[1], 0, color, (int)(cols > 100000 ? 100000 : cols), NULL, "layout_text");
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

/* print_typst as FlyDSL's: the page settings and the body to stdout; with file=, appended to the file, the
 * page settings only when the file is new or empty, a page break before the body otherwise. */
static fy_obj *u_print_typst(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"obj", "color", "file", "tile_mn", NULL};
    fy_obj *v[4];
    if (fy_parse_args("print_typst", a, na, kw, names, 1, 1, 4, v) < 0) return NULL;
    fy_obj *color = v[1] && v[1] != fy_None ? v[1] : NULL;
    fy_obj *s = render_ex(v[0], v[3], 2, 0, 0, color, "print_typst");
    if (!s) return NULL;
    fy_obj *file = v[2];
    fy_obj *res = NULL;
    if (!file || file == fy_None) {
        const char *h = fly_draw_typst_header();
        if (fy_write_stdout(h, strlen(h)) >= 0 && fy_write_stdout(FY_STR_DATA(s), (size_t)FY_STR_LEN(s)) >= 0 &&
            fy_write_stdout("\n", 1) >= 0)
            res = fy_none();
    } else if (FY_STR_CHECK(file)) {
        struct stat sb;
        int exists = stat(FY_STR_DATA(file), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0;
        FILE *f = fopen(FY_STR_DATA(file), "a");
        if (!f) {
            fy_err_format(&fy_OSError, "print_typst: cannot open '%s' for writing", FY_STR_DATA(file));
        } else {
            if (!exists) fprintf(f, "%s\n", fly_draw_typst_header());
            else fputs("\n#pagebreak()\n\n", f);
            fputs(FY_STR_DATA(s), f);
            if (fclose(f) != 0) fy_err_format(&fy_OSError, "print_typst: error writing '%s'", FY_STR_DATA(file));
            else res = fy_none();
        }
    } else {
        fy_err_format(&fy_TypeError, "print_typst: file must be a path (str) or None, not '%s'", fy_type_name(file));
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
    {"layout_text", u_layout_text, 0,
     "layout_text(layout, tile_mn=None, color=False, columns=None)\nThe terminal grid as a str (fitted to "
     "columns when given)."},
    {"layout_svg", u_layout_svg, 0, "layout_svg(layout, tile_mn=None)\nThe picture as an SVG document (str)."},
    {0}};
