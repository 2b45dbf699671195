/* tv.h - thread-value layouts (make_layout_tv). */
#ifndef FLY_LAYOUT_TV_H
#define FLY_LAYOUT_TV_H

#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* make_layout_tv(thr, val): mn = raked_product(thr, val); tile_mn = product of each mode of mn's
 * shape; tv = right_inverse(mn) o ((|thr|,|val|):(1,|thr|)). Either output may be NULL. */
fly_status fly_layout_make_tv(const fly_layout *thr, const fly_layout *val, fly_inttuple *tile_mn, fly_layout *tv,
                              fly_error *err);

#ifdef __cplusplus
}
#endif
#endif
