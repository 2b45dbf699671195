/* layout_print.c - FlyDSL compact text for int tuples, layouts, tiles, swizzles and
 * composed layouts (no spaces inside tuples; " o " between composed parts). */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"
#include "layout/swizzle.h"

typedef struct pbuf {
    char *buf;
    size_t cap;
    size_t len;
} pbuf;

static void put(pbuf *p, const char *s, size_t n) {
    if (p->len < p->cap) {
        size_t room = p->cap - p->len - 1;
        memcpy(p->buf + p->len, s, n < room ? n : room);
        p->buf[p->len + (n < room ? n : room)] = 0;
    }
    p->len += n;
}

static void puts_(pbuf *p, const char *s) { put(p, s, strlen(s)); }

static void puti(pbuf *p, int64_t v) {
    char t[24];
    int n = snprintf(t, sizeof t, "%lld", (long long)v);
    put(p, t, (size_t)n);
}

static void put_dyn(pbuf *p, uint32_t div, int wide) {
    puts_(p, "?");
    if (!wide && div <= 1) return;
    puts_(p, "{");
    if (wide) puts_(p, "i64");
    if (div > 1) {
        if (wide) puts_(p, " ");
        puts_(p, "div=");
        puti(p, div);
    }
    puts_(p, "}");
}

static void put_leaf(pbuf *p, const fly_itnode *n) {
    switch (n->kind) {
    case FLY_IT_INT: puti(p, n->v); break;
    case FLY_IT_DYN: put_dyn(p, n->aux, (n->flags & FLY_IT_F_I64) != 0); break;
    case FLY_IT_NONE: puts_(p, "*"); break;
    case FLY_IT_BASIS: {
        if (n->flags & FLY_IT_F_DYNCOEF) put_dyn(p, 1, (n->flags & FLY_IT_F_I64) != 0);
        else puti(p, n->v);
        int path[FLY_BASIS_MAX_PATH];
        int len = fly_itnode_basis_path(n, path);
        for (int i = 0; i < len; i++) {
            puts_(p, "E");
            puti(p, path[i]);
        }
        break;
    }
    default: puts_(p, "<bad>"); break;
    }
}

static void put_tuple(pbuf *p, const fly_itnode *n) {
    if (n->kind != FLY_IT_TUPLE) {
        put_leaf(p, n);
        return;
    }
    puts_(p, "(");
    const fly_itnode *c = n + 1;
    for (int i = 0; i < n->n; i++, c += c->span) {
        if (i) puts_(p, ",");
        put_tuple(p, c);
    }
    puts_(p, ")");
}

static int finish(pbuf *p) {
    if (p->cap && p->len < p->cap) p->buf[p->len] = 0;
    return (int)p->len;
}

static pbuf pb(char *buf, size_t cap) {
    pbuf p = {buf, cap, 0};
    if (cap) buf[0] = 0;
    return p;
}

int fly_itnode_print(const fly_itnode *n, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    if (n->kind == FLY_IT_TUPLE) puts_(&p, "(...)");
    else put_leaf(&p, n);
    return finish(&p);
}

int fly_inttuple_print(const fly_inttuple *t, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    put_tuple(&p, t->n);
    return finish(&p);
}

static void put_layout(pbuf *p, const fly_layout *L) {
    put_tuple(p, L->shape.n);
    puts_(p, ":");
    put_tuple(p, L->stride.n);
}

int fly_layout_print(const fly_layout *L, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    put_layout(&p, L);
    return finish(&p);
}

static const char *clip(char buf[256], int len) {
    if (len >= 256) strcpy(buf + 250, "...");
    return buf;
}

const char *fly_layout_str(const fly_layout *L, char buf[256]) { return clip(buf, fly_layout_print(L, buf, 256)); }

const char *fly_lref_str(lref r, char buf[256]) {
    pbuf p = pb(buf, 256);
    put_tuple(&p, r.s);
    puts_(&p, ":");
    put_tuple(&p, r.d);
    return clip(buf, finish(&p));
}

static int put_tile(pbuf *p, const fly_tile *t, int e) {
    const fly_tile_entry *x = &t->e[e];
    switch (x->kind) {
    case FLY_TILE_INT: puti(p, x->v); break;
    case FLY_TILE_NONE: puts_(p, "*"); break;
    case FLY_TILE_LAYOUT: put_layout(p, &t->layouts[x->layout]); break;
    default: {
        puts_(p, "[");
        int c = e + 1;
        for (int i = 0; i < x->n; i++) {
            if (i) puts_(p, "|");
            put_tile(p, t, c);
            c += t->e[c].span;
        }
        puts_(p, "]");
    }
    }
    return 0;
}

int fly_tile_print(const fly_tile *t, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    put_tile(&p, t, 0);
    return finish(&p);
}

int fly_tile_print_display(const fly_tile *t, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    put_tile(&p, t, t->e[0].kind == FLY_TILE_LIST && t->e[0].n == 1 ? 1 : 0);
    return finish(&p);
}

const char *fly_tile_str(const fly_tile *t, char buf[256]) { return clip(buf, fly_tile_print(t, buf, 256)); }

static void put_swizzle(pbuf *p, const fly_swizzle *s) {
    puts_(p, "S<");
    puti(p, s->bits);
    puts_(p, ",");
    puti(p, s->base);
    puts_(p, ",");
    puti(p, s->shift);
    puts_(p, ">");
}

int fly_swizzle_print(const fly_swizzle *s, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    put_swizzle(&p, s);
    return finish(&p);
}

int fly_composed_print(const fly_composed *c, char *buf, size_t cap) {
    pbuf p = pb(buf, cap);
    for (int i = 0; i < c->nstages; i++) {
        const fly_composed_stage *s = &c->stage[i];
        if (i) puts_(&p, "[");
        if (s->inner_kind == FLY_INNER_SWIZZLE) put_swizzle(&p, &s->swizzle);
        else put_layout(&p, &s->inner);
        puts_(&p, " o ");
        put_tuple(&p, s->offset.n);
        puts_(&p, " o ");
    }
    put_layout(&p, &c->outer);
    for (int i = 1; i < c->nstages; i++) puts_(&p, "]");
    return finish(&p);
}
