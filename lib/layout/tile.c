/* tile.c - construction and inspection of by-mode tilers. */
#include <string.h>

#include "layout/internal.h"

void fly_tile_builder_init(fly_tile_builder *b, fly_tile *t) {
    b->t = t;
    b->st = FLY_OK;
    b->depth = 1;
    b->stack[0] = 0;
    b->len = 1;
    t->nlayouts = 0;
    memset(&t->e[0], 0, sizeof t->e[0]);
    t->e[0].kind = FLY_TILE_LIST;
    t->e[0].span = 1;
}

static fly_tile_entry *tb_add(fly_tile_builder *b, uint8_t kind) {
    if (b->st) return NULL;
    if (b->len >= FLY_TILE_MAX_ENTRIES || b->depth == 0) {
        b->st = b->depth == 0 ? FLY_E_INVALID : FLY_E_CAPACITY;
        return NULL;
    }
    b->t->e[b->stack[b->depth - 1]].n++;
    fly_tile_entry *x = &b->t->e[b->len++];
    memset(x, 0, sizeof *x);
    x->kind = kind;
    x->span = 1;
    return x;
}

void fly_tile_add_int(fly_tile_builder *b, int64_t n) {
    fly_tile_entry *x = tb_add(b, FLY_TILE_INT);
    if (x) x->v = n;
}

void fly_tile_add_layout(fly_tile_builder *b, const fly_layout *L) {
    if (!b->st && b->t->nlayouts >= FLY_TILE_MAX_LAYOUTS) {
        b->st = FLY_E_CAPACITY;
        return;
    }
    fly_tile_entry *x = tb_add(b, FLY_TILE_LAYOUT);
    if (!x) return;
    x->layout = b->t->nlayouts++;
    fly_layout_copy(&b->t->layouts[x->layout], L);
}

void fly_tile_add_none(fly_tile_builder *b) { tb_add(b, FLY_TILE_NONE); }

void fly_tile_open(fly_tile_builder *b) {
    if (!b->st && b->depth > FLY_TILE_MAX_DEPTH) {
        b->st = FLY_E_CAPACITY;
        return;
    }
    int at = b->len;
    if (tb_add(b, FLY_TILE_LIST)) b->stack[b->depth++] = at;
}

void fly_tile_close(fly_tile_builder *b) {
    if (b->st) return;
    if (b->depth <= 1) {
        b->st = FLY_E_INVALID;
        return;
    }
    int at = b->stack[--b->depth];
    b->t->e[at].span = (uint8_t)(b->len - at);
}

fly_status fly_tile_finish(fly_tile_builder *b, fly_error *err) {
    if (!b->st && b->depth != 1) b->st = FLY_E_INVALID;
    if (b->st == FLY_E_CAPACITY)
        return fly_error_set(err, b->st, "tile exceeds %d entries, %d layouts or depth %d", FLY_TILE_MAX_ENTRIES,
                             FLY_TILE_MAX_LAYOUTS, FLY_TILE_MAX_DEPTH);
    if (b->st) return fly_error_set(err, b->st, "malformed tile construction");
    b->t->e[0].span = (uint8_t)b->len;
    return FLY_OK;
}

fly_status fly_tile_from_layouts(fly_tile *t, const fly_layout *const *ls, int n, fly_error *err) {
    fly_tile_builder b;
    fly_tile_builder_init(&b, t);
    for (int i = 0; i < n; i++) {
        if (ls[i]) fly_tile_add_layout(&b, ls[i]);
        else fly_tile_add_none(&b);
    }
    return fly_tile_finish(&b, err);
}

int fly_tile_rank(const fly_tile *t) { return t->e[0].n; }

int fly_tile_child(const fly_tile *T, int e, int i) {
    int c = e + 1;
    while (i-- > 0) c += T->e[c].span;
    return c;
}

void fly_tile_entry_layout(const fly_tile *T, int e, fly_layout *out) {
    const fly_tile_entry *x = &T->e[e];
    if (x->kind == FLY_TILE_LAYOUT) {
        fly_layout_copy(out, &T->layouts[x->layout]);
    } else {
        fly_inttuple_int(&out->shape, x->v);
        fly_inttuple_int(&out->stride, 1);
    }
}

fly_status fly_check_tile(lctx *c, const fly_tile *T, const char *op) {
    for (int e = 1; e < T->e[0].span; e++) {
        const fly_tile_entry *x = &T->e[e];
        if (x->kind == FLY_TILE_INT && x->v < 1) {
            char b[256];
            return fly_lctx_fail(c, FLY_E_INVALID, "%s: tile %s has a non-positive extent %lld", op, fly_tile_str(T, b),
                                 (long long)x->v);
        }
        if (x->kind == FLY_TILE_LAYOUT && fly_check_layout(c, &T->layouts[x->layout], op)) return c->st;
    }
    return FLY_OK;
}
