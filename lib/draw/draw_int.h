/* draw_int.h - what the files of lib/draw share and nobody else needs. */
#ifndef FLY_DRAW_DRAW_INT_H
#define FLY_DRAW_DRAW_INT_H

#include "draw/draw.h"

/* Allocates the shown part (at most FLY_DRAW_MAX_CELLS a side) of a full_rows x full_cols grid into p,
 * every cell blank and uncoloured. */
fly_status fly_draw_pic_init(fly_draw_pic *p, const char *title, int64_t full_rows, int64_t full_cols, fly_error *err);
/* The thread count T and values per thread V of a TV layout (two modes, static); an error otherwise. */
fly_status fly_draw_tv_dims(const fly_layout *tv, int64_t *T, int64_t *V, fly_error *err);
/* Labels the cells of p with T<t>V<v> as FlyDSL's pictures do: index i = tv(t + v*T) is the cell
 * (i % rows, i / rows), or with b_top (B drawn K x N) the cell (i / cols, i % cols); the first pair to
 * reach a cell keeps it. rows is the full grid's row count (cols for b_top: its column count). */
fly_status fly_draw_tv_fill(const fly_layout *tv, int64_t rows, bool b_top, fly_draw_pic *p, fly_error *err);

#endif
