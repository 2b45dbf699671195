/* layout_parse.c - parser for the FlyDSL compact text of int tuples, layouts, tiles,
 * swizzles and composed layouts. Spaces are accepted between tokens. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/internal.h"
#include "layout/swizzle.h"

typedef struct parser {
    const char *start;
    const char *p;
    fly_error *err;
    fly_status st;
} parser;

static void ws(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') ps->p++;
}

static fly_status perr(parser *ps, const char *what) {
    if (!ps->st) {
        ps->st = FLY_E_PARSE;
        char near[24];
        snprintf(near, sizeof near, "%.16s", ps->p);
        fly_error_set(ps->err, FLY_E_PARSE, "parse: expected %s at column %d%s%s%s", what, (int)(ps->p - ps->start) + 1,
                      *ps->p ? " near '" : " (end of text)", *ps->p ? near : "", *ps->p ? "'" : "");
    }
    return ps->st;
}

static int accept(parser *ps, char ch) {
    ws(ps);
    if (*ps->p == ch) {
        ps->p++;
        return 1;
    }
    return 0;
}

static int accept_word(parser *ps, const char *w) {
    ws(ps);
    size_t n = strlen(w);
    if (strncmp(ps->p, w, n) == 0) {
        ps->p += n;
        return 1;
    }
    return 0;
}

static int parse_int(parser *ps, int64_t *out) {
    ws(ps);
    const char *s = ps->p;
    if (*s == '-' || *s == '+') s++;
    if (!isdigit((unsigned char)*s)) return 0;
    errno = 0;
    char *end;
    long long v = strtoll(ps->p, &end, 10);
    if (errno == ERANGE) {
        if (!ps->st) {
            ps->st = FLY_E_OVERFLOW;
            fly_error_set(ps->err, FLY_E_OVERFLOW, "parse: integer out of 64-bit range at column %d",
                          (int)(ps->p - ps->start) + 1);
        }
        return 0;
    }
    ps->p = end;
    *out = v;
    return 1;
}

/* dyn := "?" [ "{" ["i64"|"i32"] ["div=" INT] "}" ] */
static int parse_dyn(parser *ps, fly_itnode *out) {
    if (!accept(ps, '?')) return 0;
    int width = 32;
    int64_t div = 1;
    if (*ps->p == '{') {
        ps->p++;
        for (;;) {
            ws(ps);
            if (accept(ps, '}')) break;
            if (accept_word(ps, "i64")) width = 64;
            else if (accept_word(ps, "i32")) width = 32;
            else if (accept_word(ps, "div")) {
                if (!accept(ps, '=') || !parse_int(ps, &div) || div < 1) return perr(ps, "a divisibility >= 1"), 0;
            } else return perr(ps, "'i64', 'div=N' or '}'"), 0;
            accept(ps, ',');
        }
    }
    *out = fly_itnode_dyn(0, div, width);
    return 1;
}

static int parse_leaf(parser *ps, fly_itnode *out) {
    ws(ps);
    if (accept(ps, '*')) {
        *out = fly_itnode_none();
        return 1;
    }
    fly_itnode v;
    int64_t iv;
    if (*ps->p == '?') {
        if (!parse_dyn(ps, &v)) return 0;
    } else if (parse_int(ps, &iv)) {
        v = LF_INT(iv);
    } else {
        return perr(ps, "an integer, '?', '*' or '('"), 0;
    }
    if (*ps->p == 'E') { /* basis: coefficient followed by E<mode>... */
        int path[FLY_BASIS_MAX_PATH], np = 0;
        while (*ps->p == 'E') {
            ps->p++;
            int64_t m;
            if (!isdigit((unsigned char)*ps->p) || !parse_int(ps, &m)) return perr(ps, "a mode number after 'E'"), 0;
            if (np == FLY_BASIS_MAX_PATH || m > 255) return perr(ps, "a shorter basis path (modes <= 255)"), 0;
            path[np++] = (int)m;
        }
        fly_itnode b;
        if (fly_itnode_basis(&b, v.kind == FLY_IT_INT ? v.v : 0, path, np, NULL)) return perr(ps, "a valid basis"), 0;
        if (v.kind == FLY_IT_DYN) b.flags |= FLY_IT_F_DYNCOEF | (v.flags & FLY_IT_F_I64);
        v = b;
    }
    *out = v;
    return 1;
}

static void parse_tuple_rec(parser *ps, fly_itbuilder *b, int depth) {
    if (ps->st) return;
    ws(ps);
    if (*ps->p == '(') {
        if (depth >= FLY_IT_MAX_DEPTH) {
            perr(ps, "less nesting");
            return;
        }
        ps->p++;
        itb_open(b);
        if (!accept(ps, ')')) {
            do {
                parse_tuple_rec(ps, b, depth + 1);
                if (ps->st) return;
            } while (accept(ps, ','));
            if (!accept(ps, ')')) {
                perr(ps, "',' or ')'");
                return;
            }
        }
        itb_close(b);
    } else {
        fly_itnode leaf;
        if (parse_leaf(ps, &leaf)) itb_leaf(b, leaf);
    }
    if (b->st && !ps->st) {
        ps->st = b->st;
        fly_error_set(ps->err, b->st, "parse: int tuple exceeds %d nodes", FLY_IT_MAX_NODES);
    }
}

static fly_status parse_tuple(parser *ps, fly_inttuple *out) {
    fly_itbuilder b;
    fly_itb_init(&b, out);
    parse_tuple_rec(ps, &b, 0);
    if (ps->st) return ps->st;
    return fly_itb_finish(&b, ps->err);
}

static parser mkparser(const char *text, fly_error *err) {
    parser ps = {text, text, err, FLY_OK};
    return ps;
}

static fly_status at_end(parser *ps) {
    ws(ps);
    if (!ps->st && *ps->p) perr(ps, "end of text");
    return ps->st;
}

fly_status fly_inttuple_parse_prefix(const char **pos, fly_inttuple *out, fly_error *err) {
    parser ps = mkparser(*pos, err);
    fly_inttuple tmp;
    if (parse_tuple(&ps, &tmp)) return ps.st ? ps.st : FLY_E_PARSE;
    fly_inttuple_copy(out, &tmp);
    *pos = ps.p;
    return FLY_OK;
}

fly_status fly_inttuple_parse(const char *text, fly_inttuple *out, fly_error *err) {
    parser ps = mkparser(text, err);
    fly_inttuple tmp;
    if (parse_tuple(&ps, &tmp) || at_end(&ps)) return ps.st ? ps.st : FLY_E_PARSE;
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

static fly_status parse_layout(parser *ps, fly_layout *out) {
    if (parse_tuple(ps, &out->shape)) return ps->st ? ps->st : FLY_E_PARSE;
    if (!accept(ps, ':')) return perr(ps, "':'");
    if (parse_tuple(ps, &out->stride)) return ps->st ? ps->st : FLY_E_PARSE;
    lctx c = lctx_make(ps->err);
    if (fly_check_layout(&c, out, "parse")) ps->st = c.st;
    return ps->st;
}

fly_status fly_layout_parse_prefix(const char **pos, fly_layout *out, fly_error *err) {
    parser ps = mkparser(*pos, err);
    fly_layout tmp;
    if (parse_layout(&ps, &tmp)) return ps.st ? ps.st : FLY_E_PARSE;
    fly_layout_copy(out, &tmp);
    *pos = ps.p;
    return FLY_OK;
}

fly_status fly_layout_parse(const char *text, fly_layout *out, fly_error *err) {
    parser ps = mkparser(text, err);
    fly_layout tmp;
    if (parse_layout(&ps, &tmp) || at_end(&ps)) return ps.st ? ps.st : FLY_E_PARSE;
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}

/* ---- tiles ---- */

static void parse_tile_rec(parser *ps, fly_tile_builder *b, int depth) {
    if (!accept(ps, '[')) {
        perr(ps, "'['");
        return;
    }
    if (depth >= FLY_TILE_MAX_DEPTH) {
        perr(ps, "less nesting");
        return;
    }
    if (depth) fly_tile_open(b);
    do {
        ws(ps);
        if (*ps->p == '[') {
            parse_tile_rec(ps, b, depth + 1);
        } else if (accept(ps, '*')) {
            fly_tile_add_none(b);
        } else {
            fly_layout L;
            if (parse_tuple(ps, &L.shape)) {
                if (!ps->st) perr(ps, "a tile entry");
                return;
            }
            if (accept(ps, ':')) {
                if (parse_tuple(ps, &L.stride)) {
                    if (!ps->st) perr(ps, "a stride");
                    return;
                }
                lctx c = lctx_make(ps->err);
                if (fly_check_layout(&c, &L, "parse")) {
                    ps->st = c.st;
                    return;
                }
                fly_tile_add_layout(b, &L);
            } else if (L.shape.n[0].kind == FLY_IT_INT) {
                fly_tile_add_int(b, L.shape.n[0].v);
            } else {
                perr(ps, "an integer or a layout as tile entry");
                return;
            }
        }
        if (ps->st) return;
    } while (accept(ps, '|'));
    if (!accept(ps, ']')) {
        perr(ps, "'|' or ']'");
        return;
    }
    if (depth) fly_tile_close(b);
}

static fly_status parse_tile(parser *ps, fly_tile *out) {
    fly_tile_builder b;
    fly_tile_builder_init(&b, out);
    parse_tile_rec(ps, &b, 0);
    if (ps->st) return ps->st;
    return fly_tile_finish(&b, ps->err);
}

fly_status fly_tile_parse_prefix(const char **pos, fly_tile *out, fly_error *err) {
    parser ps = mkparser(*pos, err);
    if (parse_tile(&ps, out)) return ps.st ? ps.st : FLY_E_PARSE;
    *pos = ps.p;
    return FLY_OK;
}

fly_status fly_tile_parse(const char *text, fly_tile *out, fly_error *err) {
    parser ps = mkparser(text, err);
    if (parse_tile(&ps, out) || at_end(&ps)) return ps.st ? ps.st : FLY_E_PARSE;
    return FLY_OK;
}

/* ---- swizzles and composed layouts ---- */

static fly_status parse_swizzle(parser *ps, fly_swizzle *out) {
    int64_t v[3];
    if (!accept(ps, 'S') || !accept(ps, '<')) return perr(ps, "'S<'");
    for (int i = 0; i < 3; i++) {
        if (i && !accept(ps, ',')) return perr(ps, "','");
        if (!parse_int(ps, &v[i])) return perr(ps, "an integer");
        if (v[i] < -64 || v[i] > 64) return perr(ps, "a swizzle parameter in -64..64");
    }
    if (!accept(ps, '>')) return perr(ps, "'>'");
    if (fly_swizzle_make(out, (int)v[0], (int)v[1], (int)v[2], ps->err)) ps->st = FLY_E_INVALID;
    return ps->st;
}

fly_status fly_swizzle_parse_prefix(const char **pos, fly_swizzle *out, fly_error *err) {
    parser ps = mkparser(*pos, err);
    if (parse_swizzle(&ps, out)) return ps.st;
    *pos = ps.p;
    return FLY_OK;
}

fly_status fly_swizzle_parse(const char *text, fly_swizzle *out, fly_error *err) {
    parser ps = mkparser(text, err);
    if (parse_swizzle(&ps, out) || at_end(&ps)) return ps.st;
    return FLY_OK;
}

static fly_status parse_composed(parser *ps, fly_composed *c, int depth) {
    if (depth >= FLY_COMPOSED_MAX_STAGES) return perr(ps, "fewer composed stages");
    fly_composed_stage *s = &c->stage[depth];
    ws(ps);
    if (*ps->p == 'S') {
        s->inner_kind = FLY_INNER_SWIZZLE;
        if (parse_swizzle(ps, &s->swizzle)) return ps->st;
    } else {
        s->inner_kind = FLY_INNER_LAYOUT;
        if (parse_layout(ps, &s->inner)) return ps->st;
    }
    if (!accept(ps, 'o')) return perr(ps, "' o '");
    if (parse_tuple(ps, &s->offset)) return ps->st ? ps->st : FLY_E_PARSE;
    if (!accept(ps, 'o')) return perr(ps, "' o '");
    c->nstages = depth + 1;
    if (accept(ps, '[')) {
        if (parse_composed(ps, c, depth + 1)) return ps->st;
        if (!accept(ps, ']')) return perr(ps, "']'");
        return FLY_OK;
    }
    return parse_layout(ps, &c->outer);
}

fly_status fly_composed_parse(const char *text, fly_composed *out, fly_error *err) {
    parser ps = mkparser(text, err);
    if (parse_composed(&ps, out, 0) || at_end(&ps)) return ps.st ? ps.st : FLY_E_PARSE;
    return FLY_OK;
}
