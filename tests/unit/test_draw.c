/* test_draw.c - unit tests of lib/draw: figures from layouts, TV layouts and composed layouts, and the
 * terminal, SVG and Typst renderers (labels, borders, truncation, colours, bad input). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"

static int passed, failed;

#define CHECK(cond) \
    do { \
        if (cond) passed++; \
        else { \
            failed++; \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        } \
    } while (0)

static fly_layout parse_layout(const char *s) {
    fly_layout L;
    fly_error err;
    if (fly_layout_parse(s, &L, &err)) printf("parse %s: %s\n", s, err.message);
    return L;
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

static void test_layout_grid(void) {
    fly_layout L = parse_layout("(4,8):(8,1)");
    fly_draw_fig f;
    fly_error err;
    CHECK(fly_draw_layout(&L, NULL, &f, &err) == FLY_OK);
    CHECK(f.npics == 1 && f.pic[0].rows == 4 && f.pic[0].cols == 8);
    CHECK(!strcmp(f.pic[0].cells[2 * 8 + 3].label, "19"));
    CHECK(!strcmp(f.pic[0].title, "(4,8):(8,1)"));
    fly_draw_buf b = {0};
    CHECK(fly_draw_render_term(&f, false, &b, &err) == FLY_OK);
    CHECK(strstr(b.p, "\u250c") && strstr(b.p, "\u2518") && strstr(b.p, "\u253c"));
    CHECK(strstr(b.p, "2 \u2502 16 \u2502 17 \u2502 18 \u2502 19 \u2502") != NULL);
    CHECK(!strstr(b.p, "\033["));
    CHECK(count(b.p, "\n") == 11);
    fly_draw_buf_free(&b);
    CHECK(fly_draw_render_term(&f, true, &b, &err) == FLY_OK);
    CHECK(count(b.p, "\033[0m") == 32);
    fly_draw_buf_free(&b);
    CHECK(fly_draw_render_svg(&f, &b, &err) == FLY_OK);
    CHECK(!strncmp(b.p, "<?xml", 5) && strstr(b.p, "</svg>\n"));
    CHECK(count(b.p, "<rect") == 33);
    CHECK(strstr(b.p, ">31</text>") != NULL);
    fly_draw_buf_free(&b);
    CHECK(fly_draw_render_typst(&f, &b, &err) == FLY_OK);
    CHECK(count(b.p, "grid.cell(fill: rgb(") == 32 &&
          strstr(b.p, "columns: (auto, auto, auto, auto, auto, auto, auto, auto, auto)"));
    fly_draw_buf_free(&b);
    fly_draw_fig_free(&f);
}

static void test_tv(void) {
    fly_layout tv = parse_layout("(4,8):(1,4)");
    fly_inttuple tile;
    fly_error err;
    fly_inttuple_parse("(4,8)", &tile, &err);
    fly_draw_fig f;
    CHECK(fly_draw_tv(&tv, &tile, NULL, &f, &err) == FLY_OK);
    CHECK(!strcmp(f.pic[0].cells[3 * 8 + 5].label, "T3V5") && f.pic[0].cells[3 * 8 + 5].key == 3);
    fly_draw_fig_free(&f);
    fly_layout bad = parse_layout("8:1");
    CHECK(fly_draw_tv(&bad, &tile, NULL, &f, &err) != FLY_OK && strstr(err.message, "print_layout"));
    CHECK(fly_draw_tv(&tv, &tile, NULL, &f, &err) == FLY_OK);
    fly_draw_fig_free(&f);
}

static void test_composed(void) {
    fly_composed c;
    fly_error err;
    CHECK(fly_composed_parse("S<2,0,2> o 0 o (4,4):(4,1)", &c, &err) == FLY_OK);
    fly_draw_fig f;
    CHECK(fly_draw_composed(&c, NULL, &f, &err) == FLY_OK);
    CHECK(f.npics == 2);
    CHECK(!strcmp(f.pic[0].cells[1 * 4 + 0].label, "5") && !strcmp(f.pic[1].cells[1 * 4 + 0].label, "4"));
    fly_draw_buf b = {0};
    CHECK(fly_draw_render_term(&f, false, &b, &err) == FLY_OK);
    CHECK(strstr(b.p, "without swizzle") != NULL);
    fly_draw_buf_free(&b);
    CHECK(fly_draw_render_svg(&f, &b, &err) == FLY_OK && count(b.p, "<g class=\"layout\">") == 2);
    fly_draw_buf_free(&b);
    fly_draw_fig_free(&f);
}

static void test_truncation_and_errors(void) {
    fly_layout L = parse_layout("(1000,1000):(1000,1)");
    fly_draw_fig f;
    fly_error err;
    CHECK(fly_draw_layout(&L, "big", &f, &err) == FLY_OK);
    CHECK(f.pic[0].rows == 64 && f.pic[0].cols == 64 && fly_draw_fig_truncated(&f));
    fly_draw_buf b = {0};
    CHECK(fly_draw_render_term(&f, false, &b, &err) == FLY_OK);
    CHECK(strstr(b.p, "note: 1000 x 1000 cells, showing the first 64 x 64") != NULL);
    fly_draw_buf_free(&b);
    fly_draw_fig_free(&f);
    fly_layout D = parse_layout("(?,4):(1,?)");
    CHECK(fly_draw_layout(&D, NULL, &f, &err) == FLY_E_DYNAMIC && strstr(err.message, "dynamic"));
    fly_layout I = parse_layout("(2,3):(1E0,1E1)");
    CHECK(fly_draw_layout(&I, NULL, &f, &err) == FLY_OK && !strcmp(f.pic[0].cells[1 * 3 + 2].label, "(1,2)"));
    fly_draw_fig_free(&f);
    CHECK(!strcmp(fly_draw_color_hex(-1), "#ffffff") && fly_draw_color_hex(3)[0] == '#');
    CHECK(!strcmp(fly_draw_color_hex(1), fly_draw_color_hex(17)));
}

/* The widest line of s, in terminal columns (box drawing is one column, ESC sequences none). */
static int widest(const char *s) {
    int w = 0, m = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\n') {
            if (w > m) m = w;
            w = 0;
        } else if (*p == 0x1b) {
            while (*p && *p != 'm') p++;
            if (!*p) break;
        } else if ((*p & 0xc0) != 0x80) {
            w++;
        }
    }
    return w > m ? w : m;
}

/* An MFMA 16x16x4 f32 atom: A lane l holds (l % 16, l / 16), B the same over (N, K), C four rows a lane. */
static void test_mma(void) {
    fly_layout tv[3] = {parse_layout("((16,4),1):((1,16),16)"), parse_layout("((16,4),1):((1,16),16)"),
                        parse_layout("((16,4),(4,1)):((16,4),(1,16))")};
    fly_draw_fig f;
    fly_error err;
    CHECK(fly_draw_mma(tv, 16, 16, 4, "MMA Atom\n  x", &f, &err) == FLY_OK);
    CHECK(f.npics == 3 && f.arrange == FLY_DRAW_MMA && f.pic[0].rows == 16 && f.pic[0].cols == 4);
    CHECK(f.pic[1].rows == 4 && f.pic[1].cols == 16 && f.pic[2].rows == 16 && f.pic[2].cols == 16);
    CHECK(!strcmp(f.pic[0].cells[5 * 4 + 2].label, "T37V0")); /* A (5, 2) */
    CHECK(!strcmp(f.pic[1].cells[1 * 16 + 7].label, "T23V0")); /* B (k 1, n 7) */
    CHECK(!strcmp(f.pic[2].cells[5 * 16 + 9].label, "T25V1") && f.pic[2].cells[5 * 16 + 9].tid == 25 &&
          f.pic[2].cells[5 * 16 + 9].vid == 1); /* C (5, 9) */
    fly_draw_buf b = {0};
    CHECK(fly_draw_render_term_fit(&f, false, 0, &b, &err) == FLY_OK);
    CHECK(!strncmp(b.p, "MMA Atom\n  x\n\n", 14) && !strstr(b.p, "note:"));
    const char *bt = strstr(b.p, "B (K x N)"), *at = strstr(b.p, "A (M x K)"), *ct = strstr(b.p, "C (M x N)");
    CHECK(bt && at && ct && bt < at && at < ct);
    int full = widest(b.p);
    fly_draw_buf_free(&b);
    int cols[4] = {120, 80, 40, 30};
    for (int i = 0; i < 4; i++) {
        CHECK(fly_draw_render_term_fit(&f, true, cols[i], &b, &err) == FLY_OK);
        const char *grid = strstr(b.p, "\n\n") + 2, *note = strstr(b.p, "note: fitted to");
        CHECK(grid && note);
        char *g = strndup(grid, (size_t)(note - grid));
        CHECK(widest(g) <= cols[i] && widest(g) < full);
        free(g);
        fly_draw_buf_free(&b);
    }
    CHECK(fly_draw_render_svg(&f, &b, &err) == FLY_OK && count(b.p, "<title>") == 64 + 64 + 256);
    CHECK(strstr(b.p, "<title>C (m, n) = (5, 9), index 149: thread 25, value 1</title>") != NULL);
    CHECK(count(b.p, ":has(.t") == 64 && strstr(b.p, "max-width:100%"));
    fly_draw_buf_free(&b);
    CHECK(fly_draw_render_typst(&f, &b, &err) == FLY_OK && count(b.p, "grid.cell(fill: rgb(") == 64 + 64 + 256);
    CHECK(strstr(b.p, "[T25 #linebreak() V1]") && strstr(b.p, "columns: (auto, auto, auto),\n  rows: (auto, auto)"));
    fly_draw_buf_free(&b);
    fly_draw_fig_free(&f);
}

static void test_copy(void) {
    fly_layout tv = parse_layout("((3,2),2):((4,2),1)");
    fly_draw_fig f;
    fly_error err;
    CHECK(fly_draw_copy(&tv, &tv, 4, 3, "Tiled Copy", &f, &err) == FLY_OK);
    CHECK(f.npics == 2 && f.pic[0].operand == 'S' && f.pic[1].operand == 'D');
    CHECK(!strcmp(f.pic[0].cells[2 * 3 + 1].label, "T4V0") && !strcmp(f.pic[1].cells[2 * 3 + 1].label, "T4V0"));
    fly_draw_buf b = {0};
    CHECK(fly_draw_render_typst(&f, &b, &err) == FLY_OK && strstr(b.p, "columns: (auto, 20pt, auto)") &&
          strstr(b.p, "[Src (M x N)]") && strstr(b.p, "[Dst (M x N)]"));
    fly_draw_buf_free(&b);
    fly_layout bad = parse_layout("8:1");
    fly_draw_fig_free(&f);
    CHECK(fly_draw_copy(&bad, &bad, 4, 2, NULL, &f, &err) != FLY_OK && strstr(err.message, "two modes"));
}

int main(void) {
    test_layout_grid();
    test_tv();
    test_composed();
    test_mma();
    test_copy();
    test_truncation_and_errors();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
