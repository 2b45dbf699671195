/* trace_smem.h - the composite types of trace_smem.c (fx.Array, fx.Align, @fx.struct / @fx.union) as the
 * LDS storage of trace_storage.c reads them; private to those two files. */
#ifndef FLYI_TRACE_SMEM_H
#define FLYI_TRACE_SMEM_H

#include <stdint.h>

#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"

#define MAXF 64

/* ---- fx.Array[E, N, A] ---- */
typedef struct arrty {
    fy_obj h;
    fy_dsl_numeric *et;
    int64_t n, align;
} arrty;
/* ---- fx.Align[T, N]: T (a numeric, fx.Array or struct type) with its alignment raised to N ---- */
typedef struct alignty {
    fy_obj h;
    fy_obj *inner;
    int64_t align;
} alignty;
/* ---- @fx.struct, @fx.union ---- */
struct structty;
/* A field: n elements of et (a scalar or an fx.Array), a nested struct / union (sub), or a Vector (vt: fx.Vector
 * or an alias such as fx.Float32x4; a value-only field: FlyDSL's Vector is no Storable, so its struct has no
 * storage layout). */
typedef struct sfield {
    char name[64];
    fy_dsl_numeric *et;
    struct structty *sub;
    fy_obj *vt;
    fy_obj *ty; /* the annotation as written (an fx.Align[T, N] included) */
    int64_t n, align, off, size;
    int is_array;
} sfield;
/* ord: every annotated field in declaration order (constexpr fields included) as an index into f, -1: constexpr */
typedef struct structty {
    fy_obj h;
    char name[64];
    int is_union; /* every field at offset 0, size the largest field's (rounded to the alignment) */
    int nf;
    sfield f[MAXF];
    int64_t size, align;
    char nostore[64], nostore_ty[64]; /* the first field that is no Storable (a Vector), and its type's name */
    int nord;
    struct {
        char name[64];
        int fi;
    } ord[MAXF];
} structty;
/* Is o an fx.Array type / a struct or union type / an fx.Align type (trace_smem.c)? */
int fy_smem_is_array(fy_obj *o);
int fy_smem_is_struct(fy_obj *o);
/* The C layout of a struct type: o itself or the __flyi_schema__ of an fx.struct / fx.union class; NULL (no error)
 * for anything else. Borrowed. */
structty *fy_smem_schema_of(fy_obj *o);
int fy_smem_is_align(fy_obj *o);
/* 1 when e is a numeric type that memory can hold (8 bits or more), else 0 with a TypeError naming what. */
int fy_smem_storable(fy_obj *e, const char *what);
/* 0, or -1 with FlyDSL's TypeError when st has a field that is no Storable. */
int fy_smem_need_layout(const structty *st);
/* The cached array type Array[et, n, align] (a new reference). */
fy_obj *fy_smem_array_type(fy_dsl_numeric *et, int64_t n, int64_t align);
/* f(args) of flydsl.expr._storage, the Python half of Storage (a new reference, or NULL with an error). */
fy_obj *fy_smem_call_storage(const char *f, fy_obj *const *args, size_t n);
/* fx.SharedAllocator, fx.get_dyn_shared, fx.recast_iter for module m (trace_storage.c). */
int fy_trace_add_storage_fx(fy_obj *m);

#endif
