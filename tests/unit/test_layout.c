/* test_layout.c - unit tests of lib/layout: text round trips, the golden values of
 * flydsl-surface.md section 2.5, algebraic identities on random layouts (fixed seed),
 * dynamic leaves, and error reporting. Ends with "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/fly_layout.h"

static int npass, nfail;

static void check(int ok, const char *what, const char *detail) {
    if (ok) {
        npass++;
    } else {
        nfail++;
        printf("FAIL %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    }
}

static fly_layout L_(const char *text) {
    fly_layout L;
    fly_error err;
    if (fly_layout_parse(text, &L, &err)) {
        printf("FAIL parse of test input %s: %s\n", text, err.message);
        nfail++;
        memset(&L, 0, sizeof L);
        L.shape.n[0] = fly_itnode_int(1);
        L.stride.n[0] = fly_itnode_int(0);
        L.shape.n[0].span = L.stride.n[0].span = 1;
    }
    return L;
}

static fly_inttuple T_(const char *text) {
    fly_inttuple t;
    fly_error err;
    if (fly_inttuple_parse(text, &t, &err)) {
        printf("FAIL parse of test input %s: %s\n", text, err.message);
        nfail++;
        fly_inttuple_int(&t, 0);
    }
    return t;
}

static fly_tile TILE_(const char *text) {
    fly_tile t;
    fly_error err;
    if (fly_tile_parse(text, &t, &err)) {
        printf("FAIL parse of test tile %s: %s\n", text, err.message);
        nfail++;
        fly_tile_from_layouts(&t, NULL, 0, NULL);
    }
    return t;
}

/* Compares a layout result (or its error) with the expected text. */
static void expect_layout(const char *what, fly_status st, const fly_layout *got, const fly_error *err,
                          const char *want) {
    char buf[512], msg[800];
    if (st) {
        snprintf(msg, sizeof msg, "expected %s, got error %s", want, err->message);
        check(0, what, msg);
        return;
    }
    fly_layout_print(got, buf, sizeof buf);
    snprintf(msg, sizeof msg, "expected %s, got %s", want, buf);
    check(!strcmp(buf, want), what, msg);
}

static void expect_tuple(const char *what, fly_status st, const fly_inttuple *got, const fly_error *err,
                         const char *want) {
    char buf[512], msg[800];
    if (st) {
        snprintf(msg, sizeof msg, "expected %s, got error %s", want, err->message);
        check(0, what, msg);
        return;
    }
    fly_inttuple_print(got, buf, sizeof buf);
    snprintf(msg, sizeof msg, "expected %s, got %s", want, buf);
    check(!strcmp(buf, want), what, msg);
}

/* Expects an error whose message contains every needle (NULL-terminated list). */
static void expect_error(const char *what, fly_status st, const fly_error *err, fly_status code, const char *needle) {
    char msg[600];
    if (!st) {
        check(0, what, "expected an error, got success");
        return;
    }
    snprintf(msg, sizeof msg, "code %d (want %d), message \"%s\" (want \"%s\")", (int)st, (int)code, err->message,
             needle ? needle : "");
    check(st == code && err->code == code && (!needle || strstr(err->message, needle)), what, msg);
}

/* ---- text ---- */

static void test_text(void) {
    static const char *const tuples[] = {
        "8",   "(4,8)", "(16)", "(9,(4,8))", "()",         "?",  "?{i64}",        "?{div=4}", "?{i64 div=16}", "1E0",
        "2E1", "1E0E1", "*",    "(1,*)",     "(?,?{i64})", "-3", "((2,3),(4,5))", "?E1",      "?{i64}E0E1"};
    for (size_t i = 0; i < sizeof tuples / sizeof *tuples; i++) {
        fly_inttuple t = T_(tuples[i]);
        char buf[256];
        fly_inttuple_print(&t, buf, sizeof buf);
        check(!strcmp(buf, tuples[i]), "int tuple round trip", tuples[i]);
    }
    static const char *const layouts[] = {"(8,8):(8,1)",
                                          "64:1",
                                          "((2,4),4):((1,2),8)",
                                          "(8):(1)",
                                          "(4,8):(1E0,1E1)",
                                          "(16,?):(1,?)",
                                          "(?{div=4},8):(8,?{i64 div=16})",
                                          "(((7,5)),(2,(6,(5))),((2),4)):(((5,1)),(0,(6,(3))),((4),1))"};
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        fly_layout L = L_(layouts[i]);
        char buf[256];
        fly_layout_print(&L, buf, sizeof buf);
        check(!strcmp(buf, layouts[i]), "layout round trip", layouts[i]);
    }
    fly_layout L = L_("(4, 8) : (1, 4)");
    expect_layout("parse with spaces", FLY_OK, &L, NULL, "(4,8):(1,4)");
    L = L_(" ( (2 ,4), 4 ):((1,2) ,8 ) ");
    expect_layout("parse with more spaces", FLY_OK, &L, NULL, "((2,4),4):((1,2),8)");

    static const char *const tiles[] = {"[4|8]", "[2:7|(3,6):(1,3)]", "[*|4]", "[[2|2:1]|4:2]", "[(2):(1)|6|4:1]"};
    for (size_t i = 0; i < sizeof tiles / sizeof *tiles; i++) {
        fly_tile t = TILE_(tiles[i]);
        char buf[256];
        fly_tile_print(&t, buf, sizeof buf);
        check(!strcmp(buf, tiles[i]), "tile round trip", tiles[i]);
    }
    fly_tile t = TILE_("[ 2:7 | (3, 6):(1, 3) ]");
    char buf[256];
    fly_tile_print(&t, buf, sizeof buf);
    check(!strcmp(buf, "[2:7|(3,6):(1,3)]"), "tile with spaces", buf);

    fly_swizzle s;
    fly_error err;
    check(fly_swizzle_parse("S<3, 0, 3>", &s, &err) == FLY_OK, "swizzle parse", err.message);
    fly_swizzle_print(&s, buf, sizeof buf);
    check(!strcmp(buf, "S<3,0,3>"), "swizzle print", buf);

    static const char *const composed[] = {"S<3,0,3> o 0 o (8,8):(8,1)", "32:2 o 5 o [32:1 o 8 o 8:4]",
                                           "S<3,3,3> o 0 o [32:1 o 0 o (4,8):(1,4)]"};
    for (size_t i = 0; i < sizeof composed / sizeof *composed; i++) {
        fly_composed c;
        fly_error e;
        fly_status st = fly_composed_parse(composed[i], &c, &e);
        if (st) {
            check(0, "composed parse", e.message);
            continue;
        }
        fly_composed_print(&c, buf, sizeof buf);
        check(!strcmp(buf, composed[i]), "composed round trip", buf);
    }
}

/* ---- golden values (flydsl-surface.md 2.5 and 2.7/2.8) ---- */

static void test_golden(void) {
    fly_error e;
    fly_inttuple t, u;
    fly_layout r;
    fly_layout A = L_("(4,8):(1,4)");
    int64_t x;
    check(fly_layout_size_static(&A, &x, &e) == FLY_OK && x == 32, "size((4,8):(1,4)) = 32", NULL);
    fly_layout B = L_("(8,128):(1,16)");
    check(fly_layout_cosize_static(&B, &x, &e) == FLY_OK && x == 2040, "cosize((8,128):(1,16)) = 2040", NULL);
    t = T_("(2,3)");
    expect_tuple("crd2idx (2,3) on (4,8):(1,4)", fly_layout_crd2idx(&A, &t, &u, &e), &u, &e, "14");
    fly_layout R = L_("(4,8):(8,1)");
    expect_tuple("crd2idx (2,3) on (4,8):(8,1)", fly_layout_crd2idx(&R, &t, &u, &e), &u, &e, "19");
    t = T_("(?,3)");
    expect_tuple("crd2idx with a dynamic coordinate", fly_layout_crd2idx(&R, &t, &u, &e), &u, &e, "?");
    t = T_("14");
    expect_tuple("idx2crd 14 on (4,8):(1,4)", fly_layout_get_hier_coord(&A, &t, &u, &e), &u, &e, "(2,3)");
    expect_tuple("idx2crd 14 on (4,8)", fly_inttuple_idx2crd(&t, &A.shape, NULL, &u, &e), &u, &e, "(2,3)");
    fly_layout F = L_("((2,4),8):((1,2),8)");
    t = T_("5");
    expect_tuple("get_flat_coord(5)", fly_layout_get_flat_coord(&F, &t, &u, &e), &u, &e, "(5,0)");
    expect_tuple("get_1d_coord(5,(4,8):(8,1))", fly_layout_get_1d_coord(&R, &t, &u, &e), &u, &e, "20");
    /* FlyDSL's idx2crd uses the strides: mode k is (i // stride_k) % shape_k; extent 1 gives 0 */
    fly_layout W = L_("(4,16):(16,1)");
    t = T_("37");
    expect_tuple("idx2crd 37 on (4,16):(16,1)", fly_layout_get_hier_coord(&W, &t, &u, &e), &u, &e, "(2,5)");
    expect_tuple("idx2crd 37 with explicit strides", fly_inttuple_idx2crd(&t, &W.shape, &W.stride, &u, &e), &u, &e,
                 "(2,5)");
    expect_tuple("get_flat_coord 37 on (4,16):(16,1)", fly_layout_get_flat_coord(&W, &t, &u, &e), &u, &e, "(2,5)");
    expect_tuple("get_1d_coord 37 on (4,16):(16,1)", fly_layout_get_1d_coord(&W, &t, &u, &e), &u, &e, "22");
    fly_layout E1 = L_("(1,8):(0,1)");
    t = T_("5");
    expect_tuple("idx2crd over an extent-1 mode of stride 0", fly_layout_get_hier_coord(&E1, &t, &u, &e), &u, &e,
                 "(0,5)");
    fly_layout Z = L_("(4,8):(0,1)");
    expect_error("idx2crd over stride 0", fly_layout_get_hier_coord(&Z, &t, &u, &e), &e, FLY_E_INVALID, "stride 0");
    fly_layout N = L_("((2,2),4):((1,2),4)");
    t = T_("13");
    expect_tuple("idx2crd 13 nested", fly_layout_get_hier_coord(&N, &t, &u, &e), &u, &e, "((1,0),3)");
    expect_tuple("get_flat_coord 13 nested", fly_layout_get_flat_coord(&N, &t, &u, &e), &u, &e, "(1,3)");
    expect_tuple("get_1d_coord 13 nested", fly_layout_get_1d_coord(&N, &t, &u, &e), &u, &e, "13");
    t = T_("(3,2)");
    expect_tuple("idx2crd of a tuple index", fly_layout_get_hier_coord(&R, &t, &u, &e), &u, &e, "(0,2)");
    t = T_("37");
    expect_tuple("crd2idx of an integer over (4,16):(16,1)", fly_layout_crd2idx(&W, &t, &u, &e), &u, &e, "25");
    t = T_("?");
    expect_tuple("idx2crd of a dynamic index", fly_layout_get_hier_coord(&W, &t, &u, &e), &u, &e, "(?,?)");
  /* nb04 coord_to_index: (0,1) -> 1 / 8, (1,0) -> 8 / 1, (2,3) -> 19 / 26 */
    fly_layout C = L_("(8,8):(1,8)");
    t = T_("(2,3)");
    fly_layout RM = L_("(8,8):(8,1)");
    expect_tuple("nb04 row-major (2,3)", fly_layout_crd2idx(&RM, &t, &u, &e), &u, &e, "19");
    expect_tuple("nb04 column-major (2,3)", fly_layout_crd2idx(&C, &t, &u, &e), &u, &e, "26");

    static const char *const coal[][2] = {{"(4,8):(1,4)", "32:1"},
                                          {"(4,8):(1,8)", "(4,8):(1,8)"},
                                          {"(3,1,9):(1,9,3)", "27:1"},
                                          {"(128,64):(1,128)", "8192:1"}};
    for (int i = 0; i < 4; i++) {
        fly_layout L = L_(coal[i][0]);
        expect_layout("coalesce", fly_layout_coalesce(&L, &r, &e), &r, &e, coal[i][1]);
    }
    static const char *const comp[][3] = {{"(4,8):(1,4)", "(2,4):(1,2)", "(2,4):(1,2)"},
                                          {"(6,9):(19,69)", "(6,3):(3,1)", "((2,3),3):((57,69),19)"},
                                          {"(5,15):(19,51)", "(3,5):(1,5)", "(3,5):(19,51)"}};
    for (int i = 0; i < 3; i++) {
        fly_layout P = L_(comp[i][0]), Q = L_(comp[i][1]);
        expect_layout("composition", fly_layout_composition(&P, &Q, &r, &e), &r, &e, comp[i][2]);
    }
    fly_layout P = L_("(6,9):(19,69)"), Q = L_("(6,3):(3,1)");
    check(fly_layout_composition(&P, &Q, &r, &e) == FLY_OK && fly_layout_size_static(&r, &x, &e) == FLY_OK && x == 18,
          "size of (6,9):(19,69) o (6,3):(3,1) = 18", NULL);

    static const struct {
        const char *l;
        int64_t n;
        const char *want;
    } cpl[] = {{"(4):(1)", 32, "8:4"},
               {"(3):(1)", 12, "4:3"},
               {"(3,2):(2,1)", 12, "2:6"},
               {"(4):(1)", 1, "1:0"},
               {"(3):(0)", 12, "12:1"}};
    for (int i = 0; i < 5; i++) {
        fly_layout L = L_(cpl[i].l);
        expect_layout("complement", fly_layout_complement(&L, cpl[i].n, &r, &e), &r, &e, cpl[i].want);
    }
    expect_layout("right_inverse", fly_layout_right_inverse(&A, &r, &e), &r, &e, "32:1");
    expect_layout("left_inverse", fly_layout_left_inverse(&A, &r, &e), &r, &e, "32:1");

    fly_layout D = L_("(2,4):(1,2)");
    expect_layout("logical_divide", fly_layout_logical_divide(&A, &D, &r, &e), &r, &e, "((2,4),4):((1,2),8)");
    fly_layout S16 = L_("(16):(1)"), S4 = L_("(4):(1)");
    expect_layout("logical_divide (16):(1) by (4):(1)", fly_layout_logical_divide(&S16, &S4, &r, &e), &r, &e,
                  "(4,4):(1,4)");
    fly_layout S64 = L_("64:1"), S8 = L_("8:1");
    expect_layout("logical_divide 64:1 by 8:1", fly_layout_logical_divide(&S64, &S8, &r, &e), &r, &e, "(8,8):(1,8)");
    fly_layout big = L_("(14,(6,9)):(19,(69,1))");
    fly_tile tile = TILE_("[2:7|(3,6):(1,3)]");
    expect_layout("logical_divide by tile", fly_layout_logical_divide_tile(&big, &tile, &r, &e), &r, &e,
                  "((2,7),((3,(2,3)),3)):((133,19),((69,(207,1)),3))");
    expect_layout("zipped_divide by tile", fly_layout_zipped_divide_tile(&big, &tile, &r, &e), &r, &e,
                  "((2,(3,(2,3))),(7,3)):((133,(69,(207,1))),(19,3))");
    expect_layout("tiled_divide by tile", fly_layout_tiled_divide_tile(&big, &tile, &r, &e), &r, &e,
                  "((2,(3,(2,3))),7,3):((133,(69,(207,1))),19,3)");
    expect_layout("flat_divide by tile", fly_layout_flat_divide_tile(&big, &tile, &r, &e), &r, &e,
                  "(2,(3,(2,3)),7,3):(133,(69,(207,1)),19,3)");
    expect_layout("flat_divide", fly_layout_flat_divide(&A, &D, &r, &e), &r, &e, "(2,4,4):(1,2,8)");
    fly_layout two = L_("(2,2):(1,2)");
    expect_layout("logical_product", fly_layout_logical_product(&A, &two, &r, &e), &r, &e,
                  "((4,8),(2,2)):((1,4),(32,64))");
    expect_layout("zipped_product", fly_layout_zipped_product(&A, &two, &r, &e), &r, &e,
                  "((4,8),(2,2)):((1,4),(32,64))");
    expect_layout("tiled_product", fly_layout_tiled_product(&A, &two, &r, &e), &r, &e, "((4,8),2,2):((1,4),32,64)");
    expect_layout("flat_product", fly_layout_flat_product(&A, &two, &r, &e), &r, &e, "(4,8,2,2):(1,4,32,64)");
    expect_layout("blocked_product", fly_layout_blocked_product(&A, &two, &r, &e), &r, &e,
                  "((4,2),(8,2)):((1,32),(4,64))");
    fly_layout a36 = L_("(3,6):(6,1)"), b45 = L_("(4,5):(1,4)");
    expect_layout("blocked_product (3,6)x(4,5)", fly_layout_blocked_product(&a36, &b45, &r, &e), &r, &e,
                  "((3,4),(6,5)):((6,18),(1,72))");
    check(fly_layout_size_static(&r, &x, &e) == FLY_OK && x == 360, "blocked product size 360", NULL);
    check(fly_layout_flat_product(&a36, &b45, &r, &e) == FLY_OK && fly_layout_size_static(&r, &x, &e) == FLY_OK &&
              x == 360,
          "flat product size 360", NULL);
    expect_layout("raked_product", fly_layout_raked_product(&A, &two, &r, &e), &r, &e, "((2,4),(2,8)):((32,1),(64,4))");
    fly_layout r8 = L_("(8):(1)");
    expect_layout("raked_product (8):(1) x (4):(1)", fly_layout_raked_product(&r8, &S4, &r, &e), &r, &e, "(4,8):(8,1)");

    fly_layout M = L_("(128,64):(1,128)");
    int sel[2] = {1, 0};
    expect_layout("select [1,0]", fly_layout_select(&M, sel, 2, &r, &e), &r, &e, "(64,128):(128,1)");
    expect_layout("take 0..1", fly_layout_take(&M, 0, 1, &r, &e), &r, &e, "128:1");
    expect_layout("group 0..2", fly_layout_group(&M, 0, 2, &r, &e), &r, &e, "((128,64)):((1,128))");
    expect_layout("get 0", fly_layout_get(&M, 0, &r, &e), &r, &e, "128:1");

    fly_layout T3 = L_("(4,8,16):(1,4,32)");
    t = T_("(*,3,*)");
    expect_layout("slice", fly_layout_slice(&T3, &t, &r, &e), &r, &e, "(4,16):(1,32)");
    expect_layout("dice", fly_layout_dice(&T3, &t, &r, &e), &r, &e, "8:4");
    fly_inttuple sh = T_("(4,8,16)"), sl;
    expect_tuple("slice of a tuple", fly_inttuple_slice(&t, &sh, &sl, &e), &sl, &e, "(4,16)");
    expect_tuple("dice of a tuple", fly_inttuple_dice(&t, &sh, &sl, &e), &sl, &e, "(8)");

    fly_composed cl;
    fly_error ce;
    if (fly_composed_parse("32:2 o 5 o [32:1 o 0 o (8,16):(4,1)]", &cl, &ce) == FLY_OK) {
        char buf[256];
        t = T_("(*,8)");
        fly_status st = fly_composed_slice(&cl, &t, &cl, &ce);
        fly_composed_print(&cl, buf, sizeof buf);
        check(!st && !strcmp(buf, "32:2 o 5 o [32:1 o 8 o 8:4]"), "composed slice", st ? ce.message : buf);
    } else {
        check(0, "composed parse", ce.message);
    }

    fly_inttuple p = T_("(4,8)"), q = T_("(2,2)");
    expect_tuple("int_tuple_add", fly_inttuple_elementwise(FLY_ITOP_ADD, &p, &q, &u, &e), &u, &e, "(6,10)");
    p = T_("(5,8)");
    q = T_("(2,4)");
    expect_tuple("int_tuple_mod", fly_inttuple_elementwise(FLY_ITOP_MOD, &p, &q, &u, &e), &u, &e, "(1,0)");
    p = T_("(4,8)");
    expect_tuple("product", fly_inttuple_product(&p, &u, &e), &u, &e, "32");
    p = T_("((2,3),(4,5))");
    expect_tuple("product_each", fly_inttuple_product_each(&p, &u, &e), &u, &e, "(6,20)");
    bool lt = false;
    p = T_("(2,3)");
    q = T_("(4,8)");
    check(fly_inttuple_elem_less(&p, &q, &lt, &e) == FLY_OK && lt, "elem_less (2,3) < (4,8)", NULL);
    q = T_("(4,3)");
    check(fly_inttuple_elem_less(&p, &q, &lt, &e) == FLY_OK && !lt, "elem_less (2,3) < (4,3) is false", NULL);

    fly_layout thr = L_("(4,1):(1,1)"), val = L_("(1,8):(1,1)");
    fly_inttuple tile_mn;
    fly_status st = fly_layout_make_tv(&thr, &val, &tile_mn, &r, &e);
    expect_layout("make_layout_tv TV", st, &r, &e, "(4,8):(1,4)");
    expect_tuple("make_layout_tv tile", st, &tile_mn, &e, "(4,8)");

    fly_inttuple shape = T_("(8,8)"), order = T_("(1,0)");
    expect_layout("make_ordered_layout", fly_layout_make_ordered(&r, &shape, &order, &e), &r, &e, "(8,8):(8,1)");
    order = T_("(0,1)");
    expect_layout("make_ordered_layout col", fly_layout_make_ordered(&r, &shape, &order, &e), &r, &e, "(8,8):(1,8)");
    shape = T_("(4,8)");
    fly_layout I;
    expect_layout("make_identity_layout", fly_layout_make_identity(&I, &shape, &e), &I, &e, "(4,8):(1E0,1E1)");
    t = T_("(2,3)");
    expect_tuple("crd2idx through identity", fly_layout_crd2idx(&I, &t, &u, &e), &u, &e, "(2,3)");
    t = T_("13");
    expect_tuple("1-D crd2idx through identity", fly_layout_crd2idx(&I, &t, &u, &e), &u, &e, "(1,3)");
    expect_layout("make_layout(shape)", fly_layout_make_col_major(&r, &shape, &e), &r, &e, "(4,8):(1,4)");

    fly_swizzle sw;
    check(fly_swizzle_make(&sw, 3, 3, 3, &e) == FLY_OK && fly_swizzle_apply(&sw, 448) == (448 ^ 56) &&
              fly_swizzle_apply(&sw, 7) == 7,
          "S<3,3,3> xors bits 6..8 down by 3", NULL);
    check(fly_swizzle_make(&sw, 0, 4, 0, &e) == FLY_OK && fly_swizzle_apply(&sw, 27) == 27, "S<0,4,0> is identity",
          NULL);
    fly_composed sc;
    fly_layout o88 = L_("(8,8):(8,1)");
    if (fly_swizzle_make(&sw, 3, 0, 3, &e) == FLY_OK && fly_composed_make_swizzle(&sc, &sw, NULL, &o88, &e) == FLY_OK) {
        char buf[256];
        fly_composed_print(&sc, buf, sizeof buf);
        check(!strcmp(buf, "S<3,0,3> o 0 o (8,8):(8,1)"), "composed swizzle print", buf);
        t = T_("(1,2)");
        check(fly_composed_crd2idx(&sc, &t, &x, &e) == FLY_OK && x == (10 ^ 1), "composed swizzle crd2idx", NULL);
    } else {
        check(0, "composed swizzle", e.message);
    }
    fly_layout rc = L_("(4,8):(1,4)");
    expect_layout("recast 32->16 bits", fly_layout_recast(&rc, 32, 16, &r, &e), &r, &e, "(8,8):(1,8)");
    expect_layout("recast 16->32 bits", fly_layout_recast(&r, 16, 32, &r, &e), &r, &e, "(4,8):(1,4)");
}

/* ---- dynamic leaves ---- */

static void test_dynamic(void) {
    fly_error e;
    fly_inttuple u;
    fly_layout r;
    fly_layout L = L_("(16,?{div=4}):(1,16)");
    expect_tuple("size with a dynamic extent", fly_layout_size(&L, &u, &e), &u, &e, "?{div=64}");
    fly_layout B = L_("(4,2):(1,4)");
    fly_status st = fly_layout_composition(&L, &B, &r, &e);
    expect_layout("composition within the static part", st, &r, &e, "(4,2):(1,4)");
    fly_layout D = L_("(?,8):(1,?{i64})");
    fly_layout B2 = L_("8:1");
    st = fly_layout_composition(&D, &B2, &r, &e);
    char buf[256];
    fly_layout_print(&r, buf, sizeof buf);
    check(st == FLY_OK && strchr(buf, '?') != NULL, "composition with dynamic extents gives dynamic leaves",
          st ? e.message : buf);
    fly_layout one = L_("?:1");
    st = fly_layout_composition(&one, &B, &r, &e);
    expect_layout("composition into a single dynamic mode", st, &r, &e, "(4,2):(1,4)");
    fly_layout cd = L_("(4,8):(1,?)");
    expect_tuple("cosize with a dynamic stride", fly_layout_cosize(&cd, &u, &e), &u, &e, "?");
    fly_layout c1 = L_("(4,?):(1,4)");
    fly_layout dd;
    st = fly_layout_coalesce(&c1, &dd, &e);
    check(st == FLY_OK, "coalesce with a dynamic extent does not fail", e.message);
    st = fly_layout_complement(&c1, 64, &dd, &e);
    check(st == FLY_OK, "complement with a dynamic extent does not fail", e.message);
    st = fly_layout_complement(&cd, 64, &dd, &e);
    expect_error("complement with a dynamic stride", st, &e, FLY_E_DYNAMIC, "complement");
    fly_inttuple a = T_("(?,4)"), b = T_("(2,2)");
    expect_tuple("dynamic int_tuple_mul", fly_inttuple_elementwise(FLY_ITOP_MUL, &a, &b, &u, &e), &u, &e,
                 "(?{div=2},8)");
    st = fly_layout_right_inverse(&L, &r, &e);
    check(st == FLY_OK, "right_inverse with a dynamic extent does not fail", e.message);
    fly_layout tv_thr = L_("(?,1):(1,1)"), tv_val = L_("(1,8):(1,1)");
    fly_inttuple tile;
    st = fly_layout_make_tv(&tv_thr, &tv_val, &tile, &r, &e);
    check(st == FLY_OK || st == FLY_E_DYNAMIC, "make_layout_tv with a dynamic thread count reports or succeeds",
          e.message);
}

/* ---- random identities ---- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static int pick(int n) { return (int)(rnd() % (uint32_t)n); }

/* Random leaves: extents from a small set; strides either compact (permuted) or random. */
static void random_layout(fly_layout *L, int compact) {
    static const int64_t ext[] = {1, 2, 2, 3, 4, 4, 6, 8};
    int n = 1 + pick(4);
    int64_t s[8], d[8];
    int perm[8];
    for (int i = 0; i < n; i++) {
        s[i] = ext[pick(8)];
        perm[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = pick(i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    int64_t acc = 1 + (compact == 2 ? pick(3) : 0);
    for (int k = 0; k < n; k++) {
        int i = perm[k];
        d[i] = acc;
        acc *= s[i] * (compact == 2 ? 1 + pick(2) : 1);
    }
    if (!compact)
        for (int i = 0; i < n; i++) d[i] = pick(3) == 0 ? 0 : 1 + pick(16);
  /* Nest: group the first two leaves sometimes. */
    fly_itbuilder bs, bd;
    fly_itb_init(&bs, &L->shape);
    fly_itb_init(&bd, &L->stride);
    int nest = n >= 3 && pick(2);
    if (n == 1 && pick(2)) {
        fly_itb_leaf(&bs, fly_itnode_int(s[0]));
        fly_itb_leaf(&bd, fly_itnode_int(d[0]));
    } else {
        fly_itb_open(&bs);
        fly_itb_open(&bd);
        for (int i = 0; i < n; i++) {
            if (nest && i == 0) fly_itb_open(&bs), fly_itb_open(&bd);
            fly_itb_leaf(&bs, fly_itnode_int(s[i]));
            fly_itb_leaf(&bd, fly_itnode_int(d[i]));
            if (nest && i == 1) fly_itb_close(&bs), fly_itb_close(&bd);
        }
        fly_itb_close(&bs);
        fly_itb_close(&bd);
    }
    fly_itb_finish(&bs, NULL);
    fly_itb_finish(&bd, NULL);
}

static int64_t ev(const fly_layout *L, int64_t i) {
    int64_t v = -1;
    fly_layout_eval(L, i, &v, NULL);
    return v;
}
static int64_t sz(const fly_layout *L) {
    int64_t v = -1;
    fly_layout_size_static(L, &v, NULL);
    return v;
}

/* A evaluated anywhere: within its domain directly, beyond it along its coalesced last mode. */
static int64_t ev_ext(const fly_layout *A, const fly_layout *Ac, int64_t i) { return i < sz(A) ? ev(A, i) : ev(Ac, i); }

static int injective(const fly_layout *L) {
    int64_t n = sz(L), m = 0;
    for (int64_t i = 0; i < n; i++)
        if (ev(L, i) > m) m = ev(L, i);
    if (n > (1 << 20) || m > (1 << 22)) return 0;
    unsigned char *seen = calloc((size_t)m + 1, 1);
    int ok = 1;
    for (int64_t i = 0; ok && i < n; i++) {
        int64_t v = ev(L, i);
        ok = !seen[v];
        seen[v] = 1;
    }
    free(seen);
    return ok;
}

static void fail_layouts(const char *what, const fly_layout *a, const fly_layout *b, const fly_layout *r) {
    char x[256], y[256], z[256], msg[900];
    snprintf(msg, sizeof msg, "A=%s B=%s R=%s", fly_layout_str(a, x), b ? fly_layout_str(b, y) : "-",
             r ? fly_layout_str(r, z) : "-");
    check(0, what, msg);
}

static int cmp(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

static void test_random(void) {
    fly_error e;
    int ncomp = 0, ncompl = 0, ncoal = 0, nrinv = 0, nlinv = 0, ndiv = 0, nprod = 0, nrt = 0;
    for (int iter = 0; iter < 3000; iter++) {
        fly_layout A, B, R, R2;
        random_layout(&A, pick(3) ? 1 : 0);
        random_layout(&B, pick(2) ? 1 : 0);
        char buf[256];
        fly_layout_print(&A, buf, sizeof buf);
        fly_layout P;
        if (fly_layout_parse(buf, &P, &e) || !fly_layout_equal(&P, &A))
            fail_layouts("print/parse round trip", &A, NULL, &P);
        else nrt++;
    /* coalesce preserves the function */
        if (fly_layout_coalesce(&A, &R, &e) == FLY_OK) {
            int ok = sz(&R) == sz(&A);
            for (int64_t i = 0; ok && i < sz(&A); i++) ok = ev(&A, i) == ev(&R, i);
            if (!ok) fail_layouts("coalesce preserves the function", &A, NULL, &R);
            else ncoal++;
        } else {
            fail_layouts("coalesce failed", &A, NULL, NULL);
        }
    /* composition agrees with function composition (when defined; B injective, the CuTe precondition) */
        fly_layout Acoal;
        fly_layout_coalesce(&A, &Acoal, NULL);
        if (injective(&B) && fly_layout_composition(&A, &B, &R, &e) == FLY_OK) {
            int ok = sz(&R) == sz(&B);
            for (int64_t i = 0; ok && i < sz(&B); i++) ok = ev(&R, i) == ev_ext(&A, &Acoal, ev(&B, i));
            if (!ok) fail_layouts("composition R(i) == A(B(i))", &A, &B, &R);
            else ncomp++;
        }
    /* right inverse */
        if (fly_layout_right_inverse(&A, &R, &e) == FLY_OK) {
            int ok = 1;
            for (int64_t i = 0; ok && i < sz(&R); i++) ok = ev(&A, ev(&R, i)) == i;
            if (!ok) fail_layouts("right_inverse L(R(i)) == i", &A, NULL, &R);
            else nrinv++;
        } else {
            fail_layouts("right_inverse failed", &A, NULL, NULL);
        }
    /* complement tiles the cotarget; left inverse */
        fly_layout C;
        random_layout(&C, 2);
        int64_t cot = sz(&C) * (1 + pick(4));
        if (fly_layout_complement(&C, cot, &R, &e) == FLY_OK) {
            const fly_layout *parts[2] = {&C, &R};
            fly_layout_concat(&R2, parts, 2, NULL);
            int64_t n = sz(&R2);
            int ok = n >= cot && n <= 1 << 20;
            unsigned char *seen = ok ? calloc((size_t)n, 1) : NULL;
            for (int64_t i = 0; ok && i < n; i++) {
                int64_t v = ev(&R2, i);
                ok = v >= 0 && v < n && !seen[v];
                if (ok) seen[v] = 1;
            }
            free(seen);
            if (!ok) fail_layouts("layout ++ complement is a bijection onto [0,n)", &C, NULL, &R);
            else ncompl++;
            if (fly_layout_left_inverse(&C, &R, &e) == FLY_OK) {
                int ok2 = 1;
                for (int64_t i = 0; ok2 && i < sz(&C); i++) ok2 = ev(&R, ev(&C, i)) == i;
                if (!ok2) fail_layouts("left_inverse R(L(i)) == i", &C, NULL, &R);
                else nlinv++;
            } else {
                fail_layouts("left_inverse of a complementable layout failed", &C, NULL, NULL);
            }
        } else {
            fail_layouts("complement of an injective layout failed", &C, NULL, NULL);
        }
    /* logical_divide by a dividing tile re-indexes A; mode 0 is A o B */
        fly_layout Tl;
        random_layout(&Tl, 1);
        if (sz(&A) % sz(&Tl) == 0 && fly_layout_logical_divide(&A, &Tl, &R, &e) == FLY_OK) {
            int ok = sz(&R) == sz(&A);
            fly_layout m0, ab;
            if (ok && fly_layout_rank(&R) == 2 && fly_layout_get(&R, 0, &m0, NULL) == FLY_OK &&
                fly_layout_composition(&A, &Tl, &ab, NULL) == FLY_OK) {
                for (int64_t i = 0; ok && i < sz(&ab); i++) ok = ev(&m0, i) == ev(&ab, i);
            }
      /* the image multiset is A's */
            int64_t n = sz(&A);
            if (ok && n <= 4096) {
                static int64_t va[4096], vr[4096];
                for (int64_t i = 0; i < n; i++) va[i] = ev(&A, i), vr[i] = ev(&R, i);
                qsort(va, (size_t)n, sizeof va[0], cmp);
                qsort(vr, (size_t)n, sizeof vr[0], cmp);
                ok = memcmp(va, vr, sizeof va[0] * (size_t)n) == 0;
            }
            if (!ok) fail_layouts("logical_divide re-indexes A", &A, &Tl, &R);
            else ndiv++;
      /* flat_divide has the same values in the same order */
            if (fly_layout_flat_divide(&A, &Tl, &R2, &e) == FLY_OK) {
                int ok2 = sz(&R2) == sz(&R);
                for (int64_t i = 0; ok2 && i < sz(&R); i++) ok2 = ev(&R2, i) == ev(&R, i);
                if (!ok2) fail_layouts("flat_divide agrees with logical_divide", &A, &Tl, &R2);
            }
        }
    /* logical_product: first mode is A, size multiplies; divide of the product by A gives A back */
        fly_layout Ac;
        random_layout(&Ac, 1);
        if (fly_layout_logical_product(&Ac, &B, &R, &e) == FLY_OK) {
            fly_layout m0;
            int ok = sz(&R) == sz(&Ac) * sz(&B) && fly_layout_get(&R, 0, &m0, NULL) == FLY_OK;
            for (int64_t i = 0; ok && i < sz(&Ac); i++) ok = ev(&m0, i) == ev(&Ac, i);
            if (ok && fly_layout_coalesce(&R, &R2, NULL) == FLY_OK &&
                fly_layout_size_static(&R2, &(int64_t){0}, NULL) == 0) {
                fly_layout D;
                if (fly_layout_logical_divide(&R, &Ac, &D, NULL) ==
                    FLY_OK) { /* round trip: tile mode of R / A is R o A */
                    fly_layout dm0;
                    ok = fly_layout_get(&D, 0, &dm0, NULL) == FLY_OK;
                    for (int64_t i = 0; ok && i < sz(&Ac); i++) ok = ev(&dm0, i) == ev(&R, ev(&Ac, i));
                }
            }
            if (!ok) fail_layouts("logical_product (A, complement o B)", &Ac, &B, &R);
            else nprod++;
        }
    }
    char msg[200];
    snprintf(msg, sizeof msg,
             "round trips %d, coalesce %d, composition %d, right_inverse %d, complement %d, "
             "left_inverse %d, divide %d, product %d",
             nrt, ncoal, ncomp, nrinv, ncompl, nlinv, ndiv, nprod);
    check(ncomp > 300 && ncompl > 1000 && ndiv > 100 && nprod > 300 && nlinv > 1000, "enough random cases checked",
          msg);
    printf("random identities: %s\n", msg);
}

/* ---- coshape, coprofile, tile_to_shape (expected values derived by hand from the definitions) ---- */

static void test_coshape_tile(void) {
    fly_error e;
    fly_layout L, r;
    fly_inttuple t, o;
    static const char *const co[][3] = {
      /* layout, coshape = L(shape - 1) + 1, coprofile */
        {"(4,8):(1,4)", "32", "0"},          /* 3 + 7*4 + 1 */
        {"(8,128):(1,16)", "2040", "0"},     /* 7 + 127*16 + 1 = cosize */
        {"(4,8):(8,1)", "32", "0"},          /* 24 + 7 + 1 */
        {"(4,8):(0,0)", "1", "0"},           /* broadcast: a single element */
        {"(4,8):(2,16)", "119", "0"},        /* 6 + 112 + 1, not compact */
        {"((2,4),8):((1,2),8)", "64", "0"},  /* 1 + 6 + 56 + 1, hierarchical */
        {"4:-1", "4", "0"},                  /* magnitude, as cosize */
        {"(4,8):(1E0,1E1)", "(4,8)", "(0,0)"},
        {"8:1E0", "(8)", "(0)"},
        {"(4,1):(1E0,1E1)", "(4,1)", "(0,0)"},  /* a size-1 direction keeps its place */
        {"(8,4):(1E1,1E0)", "(4,8)", "(0,0)"},  /* transposed identity */
        {"(4,8):(0,1E1)", "(1,8)", "(0,0)"},    /* an unused direction is 1 */
        {"((2,4),8):((1E0E0,1E0E1),1E1)", "((2,4),8)", "((0,0),0)"},
        {"(2,3):(2E0,1E1)", "(3,3)", "(0,0)"},  /* 1*2 + 1 */
        {"(4,?):(1,4)", "?", "0"},
    };
    for (size_t i = 0; i < sizeof co / sizeof co[0]; i++) {
        char what[128];
        L = L_(co[i][0]);
        snprintf(what, sizeof what, "coshape %s", co[i][0]);
        expect_tuple(what, fly_layout_coshape(&L, &t, &e), &t, &e, co[i][1]);
        snprintf(what, sizeof what, "coprofile %s", co[i][0]);
        expect_tuple(what, fly_layout_coprofile(&L, &t, &e), &t, &e, co[i][2]);
    }
  /* coshape equals cosize for integer strides (random non-negative layouts) */
    int agree = 1;
    for (int k = 0; k < 300; k++) {
        fly_inttuple cs;
        random_layout(&L, 0);
        if (fly_layout_coshape(&L, &t, &e) || fly_layout_cosize(&L, &cs, &e) || !fly_inttuple_equal(&t, &cs)) agree = 0;
    }
    check(agree, "coshape == cosize on random integer layouts", NULL);
    L = L_("(4,8):(1,1E1)");
    expect_error("coshape mixing integer and basis strides", fly_layout_coshape(&L, &t, &e), &e, FLY_E_INVALID,
                 "coshape of (4,8):(1,1E1): layout mixes integer and basis strides");
    L = L_("(4611686018427387904,4):(2,1)");
    expect_error("coshape overflow", fly_layout_coshape(&L, &t, &e), &e, FLY_E_OVERFLOW, "coshape of");

  /* composed layouts */
    fly_composed c;
    fly_composed_parse("32:2 o 0 o (4,8):(1,4)", &c, &e);
    expect_tuple("coshape of a layout-composed layout is the inner's", fly_composed_coshape(&c, &t, &e), &t, &e, "63");
    expect_tuple("coprofile of a layout-composed layout", fly_composed_coprofile(&c, &t, &e), &t, &e, "0");
    fly_composed_parse("S<3,0,3> o 0 o (8,8):(8,1)", &c, &e);
    expect_tuple("coshape of a swizzled 8x8 (a permutation of 0..63)", fly_composed_coshape(&c, &t, &e), &t, &e, "64");
    fly_composed_parse("S<1,0,1> o 0 o 2:1", &c, &e);
  /* offsets 0,1 -> 0, 1^((1&2)>>1) = 1; of 3:1: 2 -> 2^1 = 3 */
    expect_tuple("coshape of S<1,0,1> o 2:1", fly_composed_coshape(&c, &t, &e), &t, &e, "2");
    fly_composed_parse("S<1,0,1> o 0 o 3:1", &c, &e);
    expect_tuple("coshape of S<1,0,1> o 3:1 (2 -> 3)", fly_composed_coshape(&c, &t, &e), &t, &e, "4");
    fly_composed_parse("S<3,0,3> o 0 o (512,512):(512,1)", &c, &e);
    expect_error("coshape of a large swizzled layout", fly_composed_coshape(&c, &t, &e), &e, FLY_E_CAPACITY,
                 "too large");

  /* tile_to_shape */
    fly_layout B = L_("(2,2):(2,1)");
    t = T_("(4,6)");
  /* product_shape (2,3); P = (2,3):(1,2); complement(B, 24) = 6:4; blocked = ((2,2),(2,3)):((2,4),(1,8)) */
    expect_layout("tile_to_shape row-major 2x2 to (4,6)", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e,
                  "(4,(2,3)):(2,(1,8))");
    o = T_("(1,0)");
  /* P = (2,3):(3,1) -> complement o P = (2,3):(12,4) */
    expect_layout("tile_to_shape with order (1,0)", fly_layout_tile_to_shape(&B, &t, &o, &r, &e), &r, &e,
                  "((2,2),(2,3)):((2,12),(1,4))");
    B = L_("8:1");
    t = T_("(16,4)");
  /* padded (8,1):(1,0); product_shape (2,4); ((8,2),(1,4)):((1,8),(0,16)) -> (16,4):(1,16) */
    expect_layout("tile_to_shape pads the block's rank", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e,
                  "(16,4):(1,16)");
    t = T_("32");
    expect_layout("tile_to_shape to an int", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e, "32:1");
    t = T_("(32)");
    expect_layout("tile_to_shape to a rank-1 tuple", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e, "32:1");
    B = L_("(8,8):(8,1)");
    t = T_("(32,64)");
  /* product (4,8):(1,4); complement 32:64; ((8,4),(8,8)):((8,64),(1,256)) */
    expect_layout("tile_to_shape (8,8):(8,1) to (32,64)", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e,
                  "(32,(8,8)):(8,(1,256))");
    B = L_("(4,8):(1,4)");
    t = T_("(4,8)");
    expect_layout("tile_to_shape to the block's own shape", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e,
                  "(4,8):(1,4)");
    t = T_("((4,2),8)");
  /* target modes count by size: product_shape (2,1); complement 2:32 -> ((4,2),(8,1)):((1,32),(4,0)) */
    expect_layout("tile_to_shape to a hierarchical target", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &r, &e,
                  "((4,2),8):((1,32),4)");
    B = L_("(2,2):(2,1)");
    t = T_("(5,4)");
    expect_error("tile_to_shape of a non-multiple target", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &e,
                 FLY_E_DOMAIN, "tile_to_shape: target shape (5,4) is not a multiple of block shape (2,2)");
    B = L_("(2,2,2):(1,2,4)");
    t = T_("(4,4)");
    expect_error("tile_to_shape of a block of larger rank", fly_layout_tile_to_shape(&B, &t, NULL, &r, &e), &e,
                 FLY_E_INVALID, "block (2,2,2):(1,2,4) has rank 3, more than the rank 2");
    B = L_("(2,2):(2,1)");
    t = T_("(4,6)");
    o = T_("(0,1,2)");
    expect_error("tile_to_shape with a bad order", fly_layout_tile_to_shape(&B, &t, &o, &r, &e), &e, FLY_E_INVALID,
                 "order (0,1,2)");
}

/* ---- errors ---- */

static void test_errors(void) {
    fly_error e;
    fly_layout r, L;
    fly_inttuple t, u;
    L = L_("(3,2):(1,2)");
    expect_error("complement of a non-injective layout", fly_layout_complement(&L, 12, &r, &e), &e, FLY_E_DOMAIN,
                 "complement: layout (3,2):(1,2) is not injective into cotarget 12");
    fly_layout A = L_("(4,6):(1,8)"), B = L_("3:5");
    expect_error("composition stride divisibility", fly_layout_composition(&A, &B, &r, &e), &e, FLY_E_DOMAIN,
                 "composition: (4,6):(1,8) o 3:5");
    A = L_("(16,16,7):(12,7,16)");
    expect_error("composition shape divisibility", fly_layout_composition_int(&A, 56, &r, &e), &e, FLY_E_DOMAIN,
                 "shape divisibility");
    A = L_("(4,8):(1,8)");
    fly_layout D = L_("3:5");
    expect_error("logical_divide names itself", fly_layout_logical_divide(&A, &D, &r, &e), &e, FLY_E_DOMAIN,
                 "logical_divide of (4,8):(1,8) by 3:5");
    L = L_("(2,1,2):(0,3,2)");
    expect_error("left_inverse of a non-injective layout", fly_layout_left_inverse(&L, &r, &e), &e, FLY_E_DOMAIN,
                 "left_inverse: layout (2,1,2):(0,3,2) is not injective");
    check(fly_layout_parse("(4,8", &r, &e) == FLY_E_PARSE && strstr(e.message, "parse"), "unterminated tuple",
          e.message);
    check(fly_layout_parse("(4,8):(1)", &r, &e) == FLY_E_INVALID && strstr(e.message, "not congruent"),
          "incongruent layout", e.message);
    check(fly_layout_parse("(0,8):(1,4)", &r, &e) == FLY_E_INVALID && strstr(e.message, "not positive"), "zero extent",
          e.message);
    check(fly_layout_parse("(4,8):(1,4) x", &r, &e) == FLY_E_PARSE, "trailing text", e.message);
    check(fly_inttuple_parse("99999999999999999999", &t, &e) == FLY_E_OVERFLOW, "integer too large", e.message);
    check(fly_inttuple_parse("?{div=0}", &t, &e) == FLY_E_PARSE, "bad divisibility", e.message);
    fly_tile tl;
    check(fly_tile_parse("[4|(2,2)]", &tl, &e) == FLY_E_PARSE, "tile entry without stride", e.message);
    L = L_("(4611686018427387904,4):(1,1)");
    expect_error("size overflow", fly_layout_size(&L, &t, &e), &e, FLY_E_OVERFLOW, "overflow");
    L = L_("(2,4):(4611686018427387904,1)");
    t = T_("(1,1)");
    check(fly_layout_crd2idx(&L, &t, &u, &e) == FLY_OK, "crd2idx near the limit", e.message);
    t = T_("(3,1)");
    expect_error("crd2idx overflow", fly_layout_crd2idx(&L, &t, &u, &e), &e, FLY_E_OVERFLOW, "overflow");
    L = L_("(4,8):(1,4)");
    expect_error("get out of range", fly_layout_get(&L, 2, &r, &e), &e, FLY_E_INVALID, "out of range");
    fly_swizzle sw;
    expect_error("invalid swizzle", fly_swizzle_make(&sw, 3, 0, 2, &e), &e, FLY_E_INVALID, "S<3,0,2>");
    t = T_("(1,2,3)");
    expect_error("crd2idx rank mismatch", fly_layout_crd2idx(&L, &t, &u, &e), &e, FLY_E_INVALID, "crd2idx");
    t = T_("(*,*,*)");
    expect_error("slice rank mismatch", fly_layout_slice(&L, &t, &r, &e), &e, FLY_E_INVALID, "slice");
    fly_inttuple a = T_("((7,8),2)"), b = T_("(8,2)");
    expect_error("shape_div", fly_inttuple_shape_div(&a, &b, &u, &e), &e, FLY_E_DOMAIN, "shape_div");
    a = T_("(4,8)");
    b = T_("(2,0)");
    expect_error("division by zero", fly_inttuple_elementwise(FLY_ITOP_DIV, &a, &b, &u, &e), &e, FLY_E_INVALID,
                 "division by zero");
    fly_tile T3 = TILE_("[2|2|2]");
    expect_error("tile longer than the layout", fly_layout_logical_divide_tile(&L, &T3, &r, &e), &e, FLY_E_INVALID,
                 "more modes");
  /* capacity */
    fly_itbuilder bb;
    fly_inttuple big;
    fly_itb_init(&bb, &big);
    fly_itb_open(&bb);
    for (int i = 0; i < 70; i++) fly_itb_leaf(&bb, fly_itnode_int(i));
    fly_itb_close(&bb);
    check(fly_itb_finish(&bb, &e) == FLY_E_CAPACITY, "capacity is reported", e.message);
    check(fly_inttuple_parse("((((((((((((((((((1))))))))))))))))))", &t, &e) != FLY_OK, "depth limit", e.message);
    fly_layout thr = L_("(4,1):(1,1)"), val = L_("(2,8):(0,1)");
    fly_inttuple tile;
    fly_status st = fly_layout_make_tv(&thr, &val, &tile, &r, &e);
    check(st == FLY_OK || strstr(e.message, "make_layout_tv"), "make_layout_tv errors name the operation", e.message);
}

/* FlyDSL's make_layout_like / make_fragment_layout_like / int_tuple_product_like (like.c). */
static void test_like(void) {
    static const char *const like[][2] = {
        {"(4,8):(8,1)", "(4,8):(8,1)"},
        {"(4,8):(0,1)", "(4,8):(1,1)"},
        {"((2,2),8):((16,1),2)", "((2,2),8):((16,1),2)"},
        {"(4,8):(?,1)", "(4,8):(8,1)"}, /* a static order ranks before a dynamic one */
        {"(4,8):(2,2)", "(4,8):(1,1)"}, /* equal orders start together */
        {"(4,?):(1,4)", "(4,?):(1,4)"},
    };
    static const char *const frag[][2] = {
        {"(4,8):(8,1)", "(4,8):(1,4)"},
        {"((4,1),2,2):((1,0),16,4)", "((4,1),2,2):((1,0),8,4)"},
        {"(2,3,4):(12,1,3)", "(2,3,4):(1,2,6)"},
        {"8:2", "8:1"},
    };
    fly_error e;
    fly_layout r;
    char what[128];
    for (size_t i = 0; i < sizeof like / sizeof like[0]; i++) {
        fly_layout A = L_(like[i][0]);
        snprintf(what, sizeof what, "make_layout_like %s", like[i][0]);
        expect_layout(what, fly_layout_make_like(&A, &r, &e), &r, &e, like[i][1]);
    }
    for (size_t i = 0; i < sizeof frag / sizeof frag[0]; i++) {
        fly_layout A = L_(frag[i][0]);
        snprintf(what, sizeof what, "make_fragment_layout_like %s", frag[i][0]);
        expect_layout(what, fly_layout_make_fragment_like(&A, &r, &e), &r, &e, frag[i][1]);
    }
    fly_layout D = L_("(4,?):(1,4)");
    expect_error("make_fragment_layout_like of a dynamic shape", fly_layout_make_fragment_like(&D, &r, &e), &e,
                 FLY_E_DYNAMIC, "static shape");
    fly_inttuple t = T_("((2,3),(4,5))"), g, u;
    g = T_("(0,(0,0))");
    expect_tuple("int_tuple_product_like (0,(0,0))", fly_inttuple_product_like(&t, &g, &u, &e), &u, &e, "(6,(4,5))");
    g = T_("0");
    expect_tuple("int_tuple_product_like 0", fly_inttuple_product_like(&t, &g, &u, &e), &u, &e, "120");
    g = T_("(0,0,0)");
    expect_error("int_tuple_product_like with more guide modes", fly_inttuple_product_like(&t, &g, &u, &e), &e,
                 FLY_E_INVALID, "fewer modes");
}

int main(void) {
    test_text();
    test_golden();
    test_dynamic();
    test_random();
    test_errors();
    test_coshape_tile();
    test_like();
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
