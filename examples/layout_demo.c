/* layout_demo.c - a tour of the layout algebra in lib/layout, or a one-shot calculator.
 *
 *   layout_demo                         the tour
 *   layout_demo OP A [B]                one operation, e.g. layout_demo logical_divide "(4,8):(1,4)" "(2,4):(1,2)"
 *
 * Until the language can do it at the prompt (`fx.logical_divide(L, T)`), this is flyi's layout
 * demo. Operands use FlyDSL's compact syntax: layouts "(4,8):(1,4)", tiles "[4|8]", ints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/fly_layout.h"

typedef fly_status (*binop)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*tileop)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

static const struct {
    const char *name;
    binop by_layout;
    tileop by_tile;
} binops[] = {
    {"composition", fly_layout_composition, fly_layout_composition_tile},
    {"logical_divide", fly_layout_logical_divide, fly_layout_logical_divide_tile},
    {"zipped_divide", fly_layout_zipped_divide, fly_layout_zipped_divide_tile},
    {"tiled_divide", fly_layout_tiled_divide, fly_layout_tiled_divide_tile},
    {"flat_divide", fly_layout_flat_divide, fly_layout_flat_divide_tile},
    {"logical_product", fly_layout_logical_product, fly_layout_logical_product_tile},
    {"zipped_product", fly_layout_zipped_product, fly_layout_zipped_product_tile},
    {"tiled_product", fly_layout_tiled_product, fly_layout_tiled_product_tile},
    {"flat_product", fly_layout_flat_product, fly_layout_flat_product_tile},
    {"blocked_product", fly_layout_blocked_product, NULL},
    {"raked_product", fly_layout_raked_product, NULL},
};

/* Evaluate OP(a[, b]) and print "OP(a, b) = result"; returns 0 on success. */
static int run(const char *op, const char *a, const char *b) {
    fly_error err = {0};
    fly_layout A, B, R;
    fly_tile T;
    char buf[256];
    if (fly_layout_parse(a, &A, &err) != FLY_OK) {
        fprintf(stderr, "layout_demo: %s\n", err.message);
        return 1;
    }
    fly_status st = FLY_E_INVALID;
    snprintf(err.message, sizeof err.message, "unknown operation '%s'", op);
    if (!b) {
        if (!strcmp(op, "coalesce")) st = fly_layout_coalesce(&A, &R, &err);
        else if (!strcmp(op, "right_inverse")) st = fly_layout_right_inverse(&A, &R, &err);
        else if (!strcmp(op, "left_inverse")) st = fly_layout_left_inverse(&A, &R, &err);
        else if (!strcmp(op, "complement")) st = fly_layout_complement(&A, 1, &R, &err);
    } else if (!strcmp(op, "complement")) {
        st = fly_layout_complement(&A, strtoll(b, NULL, 10), &R, &err);
    } else {
        for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++) {
            if (strcmp(op, binops[i].name)) continue;
            if (b[0] == '[' && binops[i].by_tile) {
                st = fly_tile_parse(b, &T, &err);
                if (st == FLY_OK) st = binops[i].by_tile(&A, &T, &R, &err);
            } else {
                st = fly_layout_parse(b, &B, &err);
                if (st == FLY_OK) st = binops[i].by_layout(&A, &B, &R, &err);
            }
        }
    }
    if (st != FLY_OK) {
        fprintf(stderr, "layout_demo: %s\n", err.message);
        return 1;
    }
    printf("%-16s %s%s%s  =  %s\n", op, a, b ? "  " : "", b ? b : "", fly_layout_str(&R, buf));
    return 0;
}

/* Draw a rank-2 layout as a grid: rows are mode 0, columns mode 1, each cell the index. */
static void draw(const char *text) {
    fly_layout L, M0, M1;
    fly_error err = {0};
    int64_t rows, cols;
    if (fly_layout_parse(text, &L, &err) || fly_layout_rank(&L) != 2 || fly_layout_get(&L, 0, &M0, &err) ||
        fly_layout_get(&L, 1, &M1, &err) || fly_layout_size_static(&M0, &rows, &err) ||
        fly_layout_size_static(&M1, &cols, &err) || rows > 32 || cols > 32)
        return;
    printf("\n%s\n     ", text);
    for (int64_t c = 0; c < cols; c++) printf("%4lld", (long long)c);
    printf("\n");
    for (int64_t r = 0; r < rows; r++) {
        printf("%4lld ", (long long)r);
        for (int64_t c = 0; c < cols; c++) {
            int64_t idx;
            fly_layout_eval(&L, r + c * rows, &idx, &err);
            printf("%4lld", (long long)idx);
        }
        printf("\n");
    }
}

int main(int argc, char **argv) {
    if (argc >= 3) return run(argv[1], argv[2], argc > 3 ? argv[3] : NULL);
    if (argc == 2) {
        fprintf(stderr, "usage: layout_demo [OP LAYOUT [LAYOUT|TILE|COTARGET]]\n");
        return 2;
    }
    printf("flyi layout algebra (lib/layout), FlyDSL's compact syntax\n\n");
    int bad = 0;
    bad |= run("coalesce", "(4,8):(1,4)", NULL);
    bad |= run("composition", "(6,9):(19,69)", "(6,3):(3,1)");
    bad |= run("complement", "(3,2):(2,1)", "12");
    bad |= run("right_inverse", "(4,8):(8,1)", NULL);
    bad |= run("logical_divide", "(4,8):(1,4)", "(2,4):(1,2)");
    bad |= run("logical_divide", "(14,(6,9)):(19,(69,1))", "[2:7|(3,6):(1,3)]");
    bad |= run("zipped_divide", "(128,64):(1,128)", "[32:1|16:1]");
    bad |= run("logical_product", "(4,8):(1,4)", "(2,2):(1,2)");
    bad |= run("blocked_product", "(3,6):(6,1)", "(4,5):(1,4)");
    bad |= run("raked_product", "(8):(1)", "(4):(1)");

    fly_layout thr, val, tv;
    fly_inttuple tile;
    fly_error err = {0};
    char b1[256], b2[256];
    fly_layout_parse("(4,1):(1,1)", &thr, &err);
    fly_layout_parse("(1,8):(1,1)", &val, &err);
    if (fly_layout_make_tv(&thr, &val, &tile, &tv, &err) == FLY_OK)
        printf("%-16s (4,1):(1,1)  (1,8):(1,1)  =  tile %s, tv %s\n", "make_layout_tv", fly_inttuple_str(&tile, b1),
               fly_layout_str(&tv, b2));
    else bad = 1;

    fly_swizzle sw;
    if (fly_swizzle_make(&sw, 3, 0, 3, &err) == FLY_OK) {
        fly_swizzle_print(&sw, b1, sizeof b1);
        printf("%-16s %s applied to 0,8,...,120 =", "swizzle", b1);
        for (int i = 0; i < 16; i++) printf(" %lld", (long long)fly_swizzle_apply(&sw, i * 8));
        printf("\n");
    }
    draw("(4,8):(8,1)");
    draw("((2,2),(2,4)):((1,4),(2,8))");
    return bad;
}
