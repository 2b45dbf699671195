/* fly_layout.h - umbrella header of the layout library (lib/layout). */
#ifndef FLY_LAYOUT_FLY_LAYOUT_H
#define FLY_LAYOUT_FLY_LAYOUT_H

#include "layout/error.h"
#include "layout/inttuple.h"
#include "layout/layout.h"
#include "layout/tile.h"
#include "layout/algebra.h"
#include "layout/swizzle.h"
#include "layout/tv.h"

#endif
