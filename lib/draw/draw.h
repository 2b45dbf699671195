/* draw.h - pictures of layouts (lib/draw): terminal grids, SVG and Typst, built from lib/layout values.
 *
 * A picture is a grid of labelled, colour-keyed cells with row and column coordinates on its
 * borders; a figure is one or two pictures side by side (a swizzled layout beside its
 * unswizzled form). Builders turn layouts into figures, renderers turn figures into text.
 * Nothing here knows the language; everything reports through fly_error and never aborts.
 * Grids larger than FLY_DRAW_MAX_CELLS per side are truncated, with a note in the figure. */
#ifndef FLY_DRAW_DRAW_H
#define FLY_DRAW_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout/fly_layout.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FLY_DRAW_MAX_CELLS 64 /* rows and columns drawn at most */
#define FLY_DRAW_LABEL_MAX 24 /* bytes of a cell label, NUL included */
#define FLY_DRAW_TITLE_MAX 300

/* A growable text buffer (malloc'd); oom is sticky. */
typedef struct fly_draw_buf {
    char *p;
    size_t len, cap;
    bool oom;
} fly_draw_buf;

/* Appends n bytes. */
void fly_draw_buf_add(fly_draw_buf *b, const char *s, size_t n);
/* Appends a NUL-terminated string. */
void fly_draw_buf_adds(fly_draw_buf *b, const char *s);
/* Appends printf-formatted text. */
void fly_draw_buf_printf(fly_draw_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Releases the buffer's memory and resets it. */
void fly_draw_buf_free(fly_draw_buf *b);

/* One cell: its label, the key its colour is chosen by (-1: no colour) and, for the cells of a TV picture,
 * the thread and value that hold it (-1 elsewhere). */
typedef struct fly_draw_cell {
    char label[FLY_DRAW_LABEL_MAX];
    int64_t key;
    int32_t tid, vid;
} fly_draw_cell;

/* One grid: rows x cols cells shown out of full_rows x full_cols. operand names an MMA operand or a copy side
 * ('A', 'B', 'C', 'S' for Src, 'D' for Dst; 0 for a layout); the axes of its rows and columns, for the
 * tooltips ("m", "k"; empty for a layout). */
typedef struct fly_draw_pic {
    char title[FLY_DRAW_TITLE_MAX];
    int rows, cols;
    int64_t full_rows, full_cols;
    fly_draw_cell *cells; /* rows*cols, row-major; malloc'd */
    char operand;
    char row_axis[4], col_axis[4];
} fly_draw_pic;

#define FLY_DRAW_MAX_PICS 3

/* How a figure places its pictures: side by side, or as an MMA (B above C, A left of C: pic[0] A, pic[1] B,
 * pic[2] C). */
typedef enum fly_draw_arrange { FLY_DRAW_ROW, FLY_DRAW_MMA } fly_draw_arrange;

/* One to three pictures, with an optional text panel (lines separated by '\n', malloc'd) drawn above. */
typedef struct fly_draw_fig {
    int npics;
    fly_draw_arrange arrange;
    fly_draw_pic pic[FLY_DRAW_MAX_PICS];
    char *head;
} fly_draw_fig;

/* Frees the cells of every picture of f. */
void fly_draw_fig_free(fly_draw_fig *f);
/* True when some picture of f was truncated to FLY_DRAW_MAX_CELLS. */
bool fly_draw_fig_truncated(const fly_draw_fig *f);

/* ---- builders ---- */

/* Grid of a layout: rank 2 is rows x cols, rank 1 is one row, higher ranks flatten every mode after
 * the first into the columns; each cell is L(m, n) (an index, or a coordinate for basis strides).
 * title NULL: the layout's text. */
fly_status fly_draw_layout(const fly_layout *L, const char *title, fly_draw_fig *out, fly_error *err);
/* Grid of a TV layout over the tile tile_mn (M,N): cell (m,n) is labelled T<t>V<v> for the thread t
 * and value v with tv(t,v) = m + n*M, coloured by thread. */
fly_status fly_draw_tv(const fly_layout *tv, const fly_inttuple *tile_mn, const char *title, fly_draw_fig *out,
                       fly_error *err);
/* An MMA figure: tv[0..2] are the TV layouts of A over (M,K), B over (N,K) and C over (M,N) (a (t,v)
 * pair's index is row + col * rows; B is drawn K x N, above C); head is the text panel (copied). */
fly_status fly_draw_mma(const fly_layout tv[3], int64_t M, int64_t N, int64_t K, const char *head, fly_draw_fig *out,
                        fly_error *err);
/* A tiled copy's figure: the Src and Dst TV layouts over the tile (M,N), side by side; head as above. */
fly_status fly_draw_copy(const fly_layout *src, const fly_layout *dst, int64_t M, int64_t N, const char *head,
                         fly_draw_fig *out, fly_error *err);
/* A composed (swizzled) layout beside its outer layout plus offset without the inner function. */
fly_status fly_draw_composed(const fly_composed *c, const char *title, fly_draw_fig *out, fly_error *err);

/* ---- renderers ---- */

/* Terminal text: box-drawing grid with coordinates on the borders; color adds ANSI background colours
 * by key. Ends with a newline. */
fly_status fly_draw_render_term(const fly_draw_fig *f, bool color, fly_draw_buf *out, fly_error *err);
/* The same, fitted to a terminal of `columns` columns (0: no limit): when the full form is wider, a compact
 * form (thread numbers only; then one character per element without borders; then the columns that fit)
 * with a note saying what was folded. Lines never exceed `columns` unless one grid column alone does. */
fly_status fly_draw_render_term_fit(const fly_draw_fig *f, bool color, int columns, fly_draw_buf *out, fly_error *err);
/* A standalone SVG document (cells as <rect> + <text>, coordinates as <text>). */
fly_status fly_draw_render_svg(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err);
/* A cell's fill for Typst: tv says whether (a, b) is (thread, value) or (index, -1); writes "#rrggbb" (or
 * any Typst colour text) into buf; an error stops the rendering. */
typedef fly_status (*fly_draw_colorfn)(void *user, bool tv, int64_t a, int64_t b, char *buf, size_t n, fly_error *err);
/* The page settings every Typst document of FlyDSL's print_typst starts with (static text). */
const char *fly_draw_typst_header(void);
/* The Typst markup of f as FlyDSL's print_typst writes it, without the page settings; color NULL: its
 * default colours. */
fly_status fly_draw_render_typst_body(const fly_draw_fig *f, fly_draw_colorfn color, void *user, fly_draw_buf *out,
                                      fly_error *err);
/* The page settings, then the body with the default colours. */
fly_status fly_draw_render_typst(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err);

/* Light background colour for a key, as "#rrggbb" (a fixed palette of 16, cycling). */
const char *fly_draw_color_hex(int64_t key);
/* ANSI 256-colour index for a key (the same palette). */
int fly_draw_color_ansi(int64_t key);

#ifdef __cplusplus
}
#endif
#endif
