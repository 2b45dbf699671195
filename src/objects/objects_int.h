/* objects_int.h - what the object files share among themselves (internal to src/objects/, plus
 * the type initialisation in exec/interp.c). Everything here is defined in src/objects/. */
#ifndef FLYI_OBJECTS_INT_H
#define FLYI_OBJECTS_INT_H

#include <stdarg.h>
#include "objects/object.h"

/* One-time set-up of the small-int cache (obj_int.c) and the interned strings (obj_str.c). */
void fy_int_init(void);
void fy_str_init(void);
/* Return an int / float object to its freelist (obj_int.c, obj_float.c; called by fy_dealloc). */
void fy_int_free(fy_obj *o);
void fy_float_free(fy_obj *o);
/* Weak references (obj_weakref.c): how many objects have some; called by fy_dealloc for each
 * object while that is non-zero, before the object is torn down. */
extern size_t fy_weakref_live;
void fy_weakref_notify(fy_obj *o);
/* Compare an int with a double exactly (-1, 0, 1; 2 when d is NaN), and int(d) for a finite d (obj_int.c). */
int fy_cmp_int_double(int64_t a, double d);
/* Arbitrary-precision internals (obj_bigint.c, obj_int_conv.c): a read-only view of an int's
 * magnitude (small ints are viewed through tmp), fresh digit arrays and their normalisation
 * into an int object (small when the value fits). */
typedef struct fy_bnview {
    const uint32_t *d;
    size_t n;
    int neg;
    uint32_t tmp[2];
} fy_bnview;
void fy_bn_view(fy_obj *o, fy_bnview *v);
void fy_bn_view_i64(int64_t x, fy_bnview *v);
fy_bignum *fy_bn_alloc(size_t n);
fy_obj *fy_bn_finish(fy_bignum *r, int neg);
fy_obj *fy_bn_from_view(const fy_bnview *v);
fy_obj *fy_bn_binop(const fy_bnview *x, const fy_bnview *y, fy_obj *aobj, int op);
int fy_bn_divmod(const fy_bnview *a, const fy_bnview *b, fy_obj **q, fy_obj **r);
int fy_bn_to_double(const fy_bnview *v, double *out);
int fy_mag_cmp(const uint32_t *a, size_t na, const uint32_t *b, size_t nb);
uint32_t fy_mag_divrem1(const uint32_t *a, size_t n, uint32_t d, uint32_t *q);
size_t fy_mag_bitlen(const uint32_t *d, size_t n);
fy_obj *fy_int_neg_obj(fy_obj *a);
int fy_int_cmp_double(fy_obj *a, double d);

/* The float operation op (FY_NB_*) on two doubles (obj_float.c). */
fy_obj *fy_float_binop(double a, double b, int op);

/* Sequence helpers shared by tuple, list and set (obj_tuple.c): repr with the given brackets,
 * lexicographic rich comparison, a plain index iterator of type t, index() and count(). */
fy_obj *fy_seq_repr(fy_obj *self, fy_obj *const *items, int64_t n, const char *open, const char *close, bool one_comma);
fy_obj *fy_seq_richcmp(fy_obj *const *a, int64_t na, fy_obj *const *b, int64_t nb, int op);
fy_obj *fy_seq_iter_new(fy_obj *seq, fy_type *t);
fy_obj *fy_seq_index(fy_obj *const *items, int64_t n, fy_obj *const *args, size_t nargs, const char *what);
fy_obj *fy_seq_count(fy_obj *const *items, int64_t n, fy_obj *x);

/* str internals: a code-point slice (obj_str.c), str.format and % formatting (format.c),
 * str.__new__ (obj_str_methods.c), str.encode (obj_bytes_methods.c). */
fy_obj *fy_str_substr(fy_obj *o, int64_t start, int64_t stop);
fy_obj *fy_str_format_method(fy_obj *fmt, fy_obj *const *args, size_t nargs, fy_obj *kwnames);
fy_obj *fy_str_percent(fy_obj *fmt, fy_obj *args);
fy_obj *fy_str_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_str_encode_method(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
/* printf-style formatting into a buffer (obj_str.c). */
void fy_sbuf_vformat(fy_sbuf *b, const char *fmt, va_list ap);

/* bytes internals (obj_bytes.c): the data of a bytes-like object, and the methods
 * obj_bytes_methods.c lists; bytes.decode (obj_bytes_methods.c). */
bool fy_bytes_buf(fy_obj *o, const char **d, int64_t *n);
fy_obj *fy_bytes_hex_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_bytes_join_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_bytearray_append_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_bytearray_extend_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_bytes_decode(fy_obj *b, const char *encoding);

/* Types (obj_slots.c): add the slot wrappers (__add__, ...) of t's slots to its dict, and fill a
 * heap type's slots from the dunder methods it defines. */
void fy_slots_add_wrappers(fy_type *t);
void fy_slots_fixup_heap(fy_type *t);
/* The getset descriptor of def for type owner (obj_descr.c). */
fy_obj *fy_getsetdescr_new(fy_getsetdef *def, fy_type *owner);
/* type.__new__(meta, name, bases, dict) and __init_subclass__ with the class keywords (obj_type.c). */
fy_obj *fy_type_new_meta(fy_type *meta, fy_obj *name, fy_obj *bases, fy_obj *dict);
/* object.__init__ (obj_type.c) and the __dict__ descriptor of instances with a dict. */
int fy_object_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw);
extern fy_getsetdef fy_instance_dict_getset;
int fy_type_init_subclass(fy_obj *t, fy_obj *kwnames, fy_obj *const *kwvals);

/* Method tables (obj_str_methods.c, obj_bytes_methods.c) and the list iterator type (obj_tuple.c). */
extern fy_methoddef fy_str_methods[], fy_bytes_methods[], fy_bytearray_methods[];
extern fy_type fy_listiter_type;
extern fy_type fy_seqiter_type, fy_striter_type, fy_tupleiter_type, fy_listrevit_type, fy_dictiter_type,
    fy_setiter_type, fy_rangeiter_type, fy_bytesiter_type;

#endif
