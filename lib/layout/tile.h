/* tile.h - by-mode tilers ([4|8], [2:7|(3,6):(1,3)], [*|4], nested [[2|2]|4]).
 *
 * A tile is a preorder list of entries; entry 0 is the root list. Each entry of a
 * list applies to the corresponding top-level mode of the left operand and is an
 * integer n (the layout n:1), a layout, "*" (leave the mode alone) or a nested tile.
 * Modes past the end of the tile are left alone. */
#ifndef FLY_LAYOUT_TILE_H
#define FLY_LAYOUT_TILE_H

#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FLY_TILE_MAX_ENTRIES 32 /* entries, the root and nested lists included */
#define FLY_TILE_MAX_LAYOUTS 8  /* layout entries */
#define FLY_TILE_MAX_DEPTH 8

typedef enum fly_tile_kind {
    FLY_TILE_LIST = 0,   /* a (nested) list of n entries */
    FLY_TILE_INT = 1,    /* integer v, meaning v:1 */
    FLY_TILE_LAYOUT = 2, /* layout number `layout` */
    FLY_TILE_NONE = 3,   /* "*" */
} fly_tile_kind;

typedef struct fly_tile_entry {
    int64_t v;      /* INT: the integer */
    uint8_t kind;   /* fly_tile_kind */
    uint8_t n;      /* LIST: number of entries */
    uint8_t span;   /* entries in this subtree, itself included */
    uint8_t layout; /* LAYOUT: index into fly_tile.layouts */
} fly_tile_entry;

typedef struct fly_tile {
    fly_tile_entry e[FLY_TILE_MAX_ENTRIES];
    uint8_t nlayouts;
    fly_layout layouts[FLY_TILE_MAX_LAYOUTS];
} fly_tile;

/* Tile builder: init, then add entries / open and close nested lists, then finish. Errors are sticky. */
typedef struct fly_tile_builder {
    fly_tile *t;
    int len;
    int depth;
    int stack[FLY_TILE_MAX_DEPTH + 1];
    fly_status st;
} fly_tile_builder;

/* Starts an empty root list in t. */
void fly_tile_builder_init(fly_tile_builder *b, fly_tile *t);
/* Adds an integer entry n (n:1). */
void fly_tile_add_int(fly_tile_builder *b, int64_t n);
/* Adds a layout entry (copied). */
void fly_tile_add_layout(fly_tile_builder *b, const fly_layout *L);
/* Adds a "*" entry. */
void fly_tile_add_none(fly_tile_builder *b);
/* Opens a nested list entry. */
void fly_tile_open(fly_tile_builder *b);
/* Closes the innermost nested list. */
void fly_tile_close(fly_tile_builder *b);
/* Completes the tile; returns the sticky error if any. */
fly_status fly_tile_finish(fly_tile_builder *b, fly_error *err);
/* Convenience: the tile [L0|L1|...] of n layouts (NULL entries mean "*"). */
fly_status fly_tile_from_layouts(fly_tile *t, const fly_layout *const *ls, int n, fly_error *err);
/* Number of top-level entries. */
int fly_tile_rank(const fly_tile *t);

/* Prints a tile "[4|8]", "[2:7|(3,6):(1,3)]" (snprintf semantics). */
int fly_tile_print(const fly_tile *t, char *buf, size_t cap);
/* FlyDSL's display of a tile (its TileAttr printer): a one-mode tile prints as that mode ("8", "[8|8]" for the
 * one nested mode (8,8)), others as fly_tile_print does. Not parsed back: IR text uses fly_tile_print. */
int fly_tile_print_display(const fly_tile *t, char *buf, size_t cap);
/* Parses a tile "[e|e|...]" (spaces allowed); entries are INT, layout, "*" or a nested tile. */
fly_status fly_tile_parse(const char *text, fly_tile *out, fly_error *err);
/* Parses a tile at *pos and advances *pos. */
fly_status fly_tile_parse_prefix(const char **pos, fly_tile *out, fly_error *err);
/* Prints into a 256-byte caller buffer and returns it. */
const char *fly_tile_str(const fly_tile *t, char buf[256]);

#ifdef __cplusplus
}
#endif
#endif
